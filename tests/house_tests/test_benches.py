"""Every bench runs: a bench that breaks fails the suite, not the next person who measures.

Each bench script has a short mode a test runs on tiny input (`--quick`, or `--smoke` where the quick
mode still takes too long for the suite); this file runs the ones no other test runs, and checks that
every script under bench/ is run by some test."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.bench_runs import bench_output

ROOT = Path(__file__).resolve().parents[2]
TESTS = Path(__file__).resolve().parents[1]
SMOKED_HERE = ("bench_bot.py", "bench_sweeps.py")


@pytest.mark.parametrize("name", SMOKED_HERE)
def test_the_bench_runs_in_its_smoke_mode(name: str) -> None:
    assert any(ch.isdigit() for ch in bench_output(name, "--smoke")), "a bench prints figures"


def test_every_bench_is_run_by_a_test() -> None:
    tests = "\n".join(p.read_text(encoding="utf-8") for p in TESTS.rglob("test_*.py") if p.name != Path(__file__).name)
    benches = sorted(p.name for p in (ROOT / "bench").glob("bench_*.py"))
    assert benches, "no benches found"
    unrun = [name for name in benches if name not in SMOKED_HERE and name.removesuffix(".py") not in tests]
    assert not unrun, f"no test runs these benches: {unrun}"
