"""Duels between computer players: fair seating, honest intervals, teams counted together, and the command line."""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from engine.duels import GameSpec, entry_names, main, play_game, run, wilson

ROOT = Path(__file__).resolve().parents[2]


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson(10, 10)
    assert high == 1.0 and low == pytest.approx(0.7225, abs=1e-4)
    low, high = wilson(600, 1000)
    assert low == pytest.approx(0.5693, abs=1e-4) and high == pytest.approx(0.6299, abs=1e-4)


def test_every_level_sits_at_every_seat_on_every_deal() -> None:
    specs = [GameSpec(i, ("easy", "normal", "hard"), "s", None) for i in range(9)]
    seats = Counter((entry, seat) for spec in specs for seat in range(3) for entry in [spec.entry_at(seat)])
    assert set(seats.values()) == {3} and len(seats) == 9
    for deal in range(3):
        group = specs[3 * deal : 3 * deal + 3]
        assert len({s.deal_seed for s in group}) == 1
        assert {tuple(s.entry_at(seat) for seat in range(3)) for s in group} == {(0, 1, 2), (1, 2, 0), (2, 0, 1)}
    assert len({s.deal_seed for s in specs}) == 3


def test_partners_win_together() -> None:
    tally = run(["easy", "normal", "easy", "normal"], games=4, seed="teams", jobs=1, budget_s=None)
    assert tally.games == 4 and tally.undecided == 0
    assert tally.wins[0] == tally.wins[2] and tally.wins[1] == tally.wins[3]
    assert tally.wins[0] + tally.wins[1] == 4


def test_a_game_is_reproducible_and_timed_per_entry() -> None:
    spec = GameSpec(3, ("normal", "easy"), "repro", None)
    first, again = play_game(spec), play_game(spec)
    assert first.winners == again.winners and len(first.winners) == 1
    assert [(e, n) for e, _, n in first.times] == [(e, n) for e, _, n in again.times]
    assert {e for e, _, _ in first.times} == {0, 1}
    assert all(seconds >= 0 and n >= 1 for _, seconds, n in first.times)


def test_repeated_levels_get_numbered_names() -> None:
    assert entry_names(["normal", "easy", "normal"]) == ["normal#1", "easy", "normal#2"]
    assert entry_names(["hard", "normal"]) == ["hard", "normal"]


def test_the_command_line_refuses_a_wrong_number_of_levels(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--players", "3", "--games", "1", "easy", "normal"])
    assert exit_info.value.code == 2
    assert "one level per seat" in capsys.readouterr().err


def test_a_few_duels_run_end_to_end() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "engine.duels", "--players", "2", "--games", "6", "--seed", "t", "easy", "normal"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("2 players, 6 games (seats rotated), seed 't'")
    pattern = re.compile(
        r"^(easy|normal)\s+wins (\d+)/6 = +(\d+\.\d)%  95% CI \[(\d+\.\d)%, (\d+\.\d)%\]"
        r"  median decision \d+\.\d\d ms \(with a choice \d+\.\d\d ms\)  decisions (\d+)$"
    )
    rows = {m.group(1): m for m in map(pattern.match, lines[1:]) if m}
    assert set(rows) == {"easy", "normal"} and len(lines) == 3
    assert sum(int(m.group(2)) for m in rows.values()) == 6
    for m in rows.values():
        assert float(m.group(4)) <= float(m.group(3)) <= float(m.group(5))
        assert int(m.group(6)) > 6 * 20
