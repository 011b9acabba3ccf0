"""`python -m render RECORD.json --out DIR [--every]`: the pictures of a record's final position, or of
every placement; a clear one-line error and a non-zero exit on a bad record."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from support.render_records import FIXTURES, decode, replay_snapshots

from engine import Match
from render import layout_png, scoresheet_png, table_description, table_png
from render.__main__ import main

ROOT = Path(__file__).resolve().parents[2]


NAMES = ("layout.png", "scoresheet.png", "table.png", "table.json")


def test_final_position_writes_the_pictures_and_the_twin(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = FIXTURES / "match-4p-mixed-7.record.json"
    assert main([str(record), "--out", str(tmp_path / "out")]) == 0
    final = Match.replay(json.loads(record.read_text(encoding="utf-8"))).snapshot()
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == sorted(NAMES)
    assert (tmp_path / "out" / "layout.png").read_bytes() == layout_png(final)
    assert (tmp_path / "out" / "scoresheet.png").read_bytes() == scoresheet_png(final)
    assert (tmp_path / "out" / "table.png").read_bytes() == table_png(final)
    twin = json.loads((tmp_path / "out" / "table.json").read_text(encoding="utf-8"))
    assert twin == table_description(final) and len(twin["tiles"]) == len(final.tiles)
    assert capsys.readouterr().out.split() == [str(tmp_path / "out" / n) for n in NAMES]


def test_every_writes_one_numbered_set_per_placement(tmp_path: Path) -> None:
    assert main([str(FIXTURES / "seed-walkthrough.record.json"), "--out", str(tmp_path), "--every"]) == 0
    snapshots = replay_snapshots("seed-walkthrough")
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == sorted(f"{n:03d}-{name}" for n in range(1, 10) for name in NAMES)
    for n, snap in enumerate(snapshots, start=1):
        assert (tmp_path / f"{n:03d}-layout.png").read_bytes() == layout_png(snap)
        assert (tmp_path / f"{n:03d}-scoresheet.png").read_bytes() == scoresheet_png(snap)


def test_a_record_that_breaks_a_rule_fails_cleanly_after_the_good_placements(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    name = "bad-not-in-hand"
    good = sum(1 for line in (FIXTURES / f"{name}.events.jsonl").read_text().splitlines() if '"place"' in line)
    assert main([str(FIXTURES / f"{name}.bad.json"), "--out", str(tmp_path), "--every"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("render: ") and err.count("\n") == 1 and "Traceback" not in err
    assert "round" in err and "play" in err
    assert len(list(tmp_path.glob("*-layout.png"))) == good


@pytest.mark.parametrize("name", ["bad-json.bad.json", "bad-format.bad.json", "bad-players.bad.json", "missing.json"])
def test_unreadable_or_malformed_records_write_nothing(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([str(FIXTURES / name), "--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("render: ") and err.count("\n") == 1
    assert not (tmp_path / "out").exists()


def test_the_module_runs_as_a_command(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "render", str(FIXTURES / "seed-six-six.record.json"), "--out", str(tmp_path)]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert all((tmp_path / name).is_file() for name in NAMES)
    command[3] = str(FIXTURES / "bad-target.bad.json")
    bad = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert bad.returncode == 1 and bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr


def test_every_writes_a_crowded_round_ends_settlement_apart(tmp_path: Path) -> None:
    """At the round end whose settlement does not fit under the layout legibly, `settlement.png` is written
    beside `table.png`, and the twin gives its size; at no other placement."""
    assert main([str(FIXTURES / "in-progress-3p.record.json"), "--out", str(tmp_path), "--every"]) == 0
    apart = sorted(tmp_path.glob("*-settlement.png"))
    assert len(apart) == 1
    number = apart[0].name.removesuffix("-settlement.png")
    twin = json.loads((tmp_path / f"{number}-table.json").read_text(encoding="utf-8"))
    picture = decode(apart[0].read_bytes())
    assert twin["settlement_picture"] == {"size": list(picture.size)} and twin["panel"] is None
    assert twin["settlement"] is not None and decode((tmp_path / f"{number}-table.png").read_bytes()).size == tuple(
        twin["size"]
    )
    others = [p for p in tmp_path.glob("*-table.json") if p.name != f"{number}-table.json"]
    assert others and all(json.loads(p.read_text(encoding="utf-8"))["settlement_picture"] is None for p in others)
