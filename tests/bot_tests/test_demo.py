"""`python -m bot.demo`: a whole match offline, its pictures, and a record that replays."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PNG = b"\x89PNG\r\n\x1a\n"


def test_the_demo_plays_a_whole_match_and_its_record_replays(tmp_path: Path) -> None:
    out = tmp_path / "demo"
    demo = subprocess.run(
        [sys.executable, "-m", "bot.demo", "--players", "3", "--seed", "5", "--level", "easy", "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert demo.returncode == 0, demo.stderr
    record = out / "record.json"
    assert f"Game record: {record}" in demo.stdout
    assert f"python -m engine.replay {record}" in demo.stdout
    assert "**Round 1.** Each player drew a tile to see who leads:" in demo.stdout and "exactly 61" in demo.stdout
    assert "Traceback" not in demo.stderr

    replay = subprocess.run(
        [sys.executable, "-m", "engine.replay", str(record)], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert replay.returncode == 0, replay.stderr
    events = [json.loads(line) for line in replay.stdout.splitlines()]
    assert events[-1]["event"] == "game_over"
    placements = sum(1 for e in events if e["event"] == "place")

    tables = sorted(out.glob("*-table.png"))
    assert len(tables) == placements  # the one picture of every placement
    assert all(p.read_bytes().startswith(PNG) for p in tables[:3] + tables[-3:])
    assert f"{placements} pictures written to {out}" in demo.stdout
