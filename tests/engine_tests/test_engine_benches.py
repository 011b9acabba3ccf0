"""The engine's and the computer players' benchmarks run in quick mode and print their figures."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def quick(script: str, *more: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, f"bench/{script}", "--quick", *more], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_bench_engine_quick() -> None:
    lines = quick("bench_engine.py", "--runs", "1")
    ratio = next(line for line in lines if "ratio (engine us/placement / dominoes us/move)" in line)
    assert float(re.search(r"= ([\d.]+)", ratio).group(1)) > 0  # type: ignore[union-attr]
    assert re.search(r"target <= 1: (ok|OVER TARGET)", ratio)
    assert re.search(r"run 1: median +[\d.]+ us", lines[1])
    batch = re.compile(r"  batch \d: engine +[\d.]+ us/placement \| dominoes .* us/move")
    batches = [line for line in lines if batch.fullmatch(line)]
    assert len(batches) == 3
    api = next(line for line in lines if "ratio (public API us/placement / dominoes us/move)" in line)
    assert float(re.search(r"= ([\d.]+)", api).group(1)) > 0  # type: ignore[union-attr]
    assert lines[-1].endswith("no discord, no PIL")


def test_bench_perft_quick() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench.bench_perft", "--quick"], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "perft to depth 4 on 12 fixtures (median of 3, processor time):"
    assert all(re.fullmatch(r"  [234]p-[a-z-]+ +\d+ lines +[\d.]+ ms", line) for line in lines[1:13]), lines
    assert re.fullmatch(r"  slowest: \S+ [\d.]+ ms  \(target < 2 s a fixture: (ok|OVER TARGET)\)", lines[13])
    ratio = re.search(r"ratio \(perft / plain walk\) = ([\d.]+)$", lines[14])
    assert ratio is not None and float(ratio.group(1)) > 0 and len(lines) == 15


def test_bench_players_quick() -> None:
    lines = quick("bench_players.py")
    assert lines[0].startswith("4 mid-game positions, 2 players")
    levels = [line.split()[0] for line in lines[3:7]]
    assert levels == ["easy", "normal", "hard", "expert"]
    assert all(re.search(r"[\d.]+ ms", line) for line in lines[1:7])
    assert lines[7].startswith("  play-out, hard's quick policy (baseline):") and lines[7].endswith(" us")
    assert re.search(r"lookahead policy: +[\d.]+ us +\([\d.]+ x the baseline\)", lines[8])
    for line, players in zip(lines[9:11], (2, 4), strict=True):
        duel = rf"  duel, {players} players, lookahead policy vs quick policy: (\d+)/100 won = [\d.]+%"
        won = re.fullmatch(duel, line)
        assert won is not None, line
        assert int(won.group(1)) >= 60  # expert's play-out policy is the stronger player (seeded: the same every run)
