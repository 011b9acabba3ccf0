"""`python -m engine.perft`: exact counts on the fixtures, positions counted by hand (docs/perft.md),
and the fast walk against a slow, obviously correct one over every record in tests/data."""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine import Match, Phase, Placed, Result, parse_tile
from engine.perft import main, perft
from engine.tiles import ALL_TILES

ROOT = Path(__file__).resolve().parents[2]
PERFT = ROOT / "tests" / "data" / "perft"  # records cut mid-round, each with the exact lines perft prints to depth 6
RECORDS = ROOT / "tests" / "data" / "records"

FIXTURES = sorted(p.name[: -len(".record.json")] for p in PERFT.glob("*.record.json"))


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as e:  # argparse refusing the words
            code = int(e.code or 0)
    return code, out.getvalue(), err.getvalue()


def _lines(text: str) -> list[dict[str, int]]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _record(
    players: int, leader: int, hands: list[list[str]], boneyard_first: list[str], plays: list[Any]
) -> dict[str, Any]:
    """A one-round record: the boneyard starts with `boneyard_first`, then every other tile in set order."""
    dealt = {parse_tile(t) for h in hands for t in h} | {parse_tile(t) for t in boneyard_first}
    rest = [str(t) for t in ALL_TILES if t not in dealt]
    return {
        "format": "exact61-record/1",
        "players": players,
        "rounds": [{"leader": leader, "hands": hands, "boneyard": boneyard_first + rest, "plays": plays}],
    }


def _count(tmp_path: Path, record: dict[str, Any], depth: int) -> list[dict[str, int]]:
    path = tmp_path / "position.record.json"
    path.write_text(json.dumps(record))
    code, out, err = _run([str(path), "--depth", str(depth)])
    assert code == 0, err
    return _lines(out)


# -- the fixtures ------------------------------------------------------------


def test_the_fixtures_are_there() -> None:
    assert len(FIXTURES) == 12
    assert {name.split("-")[0] for name in FIXTURES} == {"2p", "3p", "4p"}


@pytest.mark.parametrize("name", FIXTURES)
def test_fixture_counts_exactly(name: str) -> None:
    want = _lines((PERFT / f"{name}.perft.jsonl").read_text())
    code, out, err = _run([str(PERFT / f"{name}.record.json"), "--depth", "6"])
    assert (code, err) == (0, "")
    assert _lines(out) == want
    assert [list(line) for line in _lines(out)] == [["depth", "nodes", "ended", "points", "scored"]] * 6


def test_the_module_runs_from_the_command_line() -> None:
    name = "4p-mid-round"
    proc = subprocess.run(
        [sys.executable, "-m", "engine.perft", str(PERFT / f"{name}.record.json"), "--depth", "3"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == (PERFT / f"{name}.perft.jsonl").read_text().splitlines()[:3]


# -- positions counted by hand (the worked examples of docs/perft.md) ---------------------------

# Seat 0 leads. Depth 1: five openings; only [0|5] makes a multiple of 5. Depth 2: seat 1 answers each
# opening: [0|5] -> 0-0 (total 5, scores), 3-5 (3), 5-6 (6); [1|6] -> 1-1 (8), 5-6 (6); [2|2] -> 2-4 (8);
# [3|4] -> 2-4 on the 4 (5, scores), 3-5 on the 3 (9); [6|6] -> 5-6 (17). Nine lines, two score 5 each.
ROUND_START = _record(
    2, 0, [["0-5", "1-6", "2-2", "3-4", "6-6"], ["0-0", "1-1", "2-4", "3-5", "5-6"]], ["0-1", "0-2", "0-3"], []
)


def test_hand_count_round_start(tmp_path: Path) -> None:
    assert _count(tmp_path, ROUND_START, 2) == [
        {"depth": 1, "nodes": 5, "ended": 0, "points": 5, "scored": 1},
        {"depth": 2, "nodes": 9, "ended": 0, "points": 10, "scored": 2},
    ]


# Seat 0 opened [2|2]; seat 1 has no 2, draws 0-1 and 4-4 (no fit) and 2-6, which it must place: one line,
# total 4 + 6 = 10. Then seat 0 may put 1-6 on the 6 (4 + 1 = 5, scores) or 6-6 on the 6 (4 + 12 = 16).
AFTER_DRAWS = _record(
    2,
    0,
    [["2-2", "0-5", "1-6", "3-4", "6-6"], ["0-0", "1-1", "3-5", "5-6", "1-3"]],
    ["0-1", "4-4", "2-6"],
    [{"seat": 0, "tile": "2-2"}],
)


def test_hand_count_forced_draws(tmp_path: Path) -> None:
    match = Match.replay(AFTER_DRAWS)
    assert match.turn == 1 and match.must_play == parse_tile("2-6") and len(match.hand(1)) == 8
    assert _count(tmp_path, AFTER_DRAWS, 2) == [
        {"depth": 1, "nodes": 1, "ended": 0, "points": 10, "scored": 1},
        {"depth": 2, "nodes": 2, "ended": 0, "points": 5, "scored": 1},
    ]


def test_hand_count_last_tile(tmp_path: Path) -> None:
    """The rules' end-total walkthrough cut before its last play: seat 0 holds only [1|3], which goes on the
    free branch of [1|1] (total 8) or on the 3 of [3|4] (total 0 + 2 + 1 = 3). Both go out: no line goes on."""
    record = json.loads((RECORDS / "seed-walkthrough.record.json").read_text())
    record["rounds"][0]["plays"] = record["rounds"][0]["plays"][:-1]
    match = Match.replay(record)
    assert match.turn == 0 and match.hand(0) == (parse_tile("1-3"),)
    assert _count(tmp_path, record, 3) == [
        {"depth": 1, "nodes": 2, "ended": 2, "points": 0, "scored": 0},
        {"depth": 2, "nodes": 0, "ended": 0, "points": 0, "scored": 0},
        {"depth": 3, "nodes": 0, "ended": 0, "points": 0, "scored": 0},
    ]


# -- refusals -------------------------------------------------------------------------------------


def test_a_finished_round_is_refused(tmp_path: Path) -> None:
    path = RECORDS / "seed-walkthrough.record.json"
    assert Match.replay(json.loads(path.read_text())).phase is not Phase.PLAYING
    code, out, err = _run([str(path), "--depth", "2"])
    assert (code, out) == (1, "")
    assert len(err.splitlines()) == 1 and "is over" in err


def test_a_finished_match_is_refused() -> None:
    code, out, err = _run([str(RECORDS / "match-2p-exact-1.record.json"), "--depth", "1"])
    assert (code, out) == (
        1,
        "",
    ) and err == "nothing to count: the match is over (perft counts from a round still being played)\n"


@pytest.mark.parametrize("bad", sorted(RECORDS.glob("*.bad.json")), ids=lambda p: p.name)
def test_an_unreadable_record_is_refused(bad: Path) -> None:
    code, out, err = _run([str(bad), "--depth", "2"])
    assert (code, out) == (1, "")
    assert len(err.splitlines()) == 1


def test_a_missing_file_is_refused(tmp_path: Path) -> None:
    code, out, err = _run([str(tmp_path / "nowhere.json"), "--depth", "2"])
    assert (code, out) == (1, "") and "cannot read" in err and len(err.splitlines()) == 1


@pytest.mark.parametrize(
    "words", [[], ["--depth", "2"], ["x.json"], ["x.json", "--depth", "0"], ["x.json", "--depth", "two"]]
)
def test_bad_words_get_the_usage(words: list[str]) -> None:
    code, out, err = _run(words)
    assert code == 2 and out == "" and "usage:" in err


# -- the fast walk against a slow, obviously correct one ----------------------------------------------


def slow_perft(match: Match, depth: int) -> list[dict[str, int]]:
    """Every line, by making every option on a full copy and reading its `place` event as the replay prints it."""
    counts = [{"depth": k, "nodes": 0, "ended": 0, "points": 0, "scored": 0} for k in range(1, depth + 1)]

    def walk(position: Match, k: int) -> None:
        if k == depth:
            return
        for option in position.options():
            after = position.clone(keep_history=True)
            events = after.place(position.turn, option.placement)  # type: ignore[arg-type]
            place = [e.to_json() for e in events if isinstance(e, Placed)]
            assert len(place) == 1
            line = counts[k]
            line["nodes"] += 1
            line["points"] += place[0]["points"]
            line["scored"] += place[0]["result"] == "scored"
            if after.phase is Phase.PLAYING:
                walk(after, k + 1)
            else:
                line["ended"] += 1

    walk(match, 0)
    return counts


def _positions() -> list[tuple[str, dict[str, Any]]]:
    """Every readable record in tests/data with its last round cut at its start, middle and before its end."""
    found: list[tuple[str, dict[str, Any]]] = []
    for path in sorted(RECORDS.glob("*.record.json")) + sorted(PERFT.glob("*.record.json")):
        data = json.loads(path.read_text())
        if not data["rounds"]:
            continue
        plays = data["rounds"][-1].get("plays", [])
        for cut in sorted({0, len(plays) // 2, max(len(plays) - 2, 0), len(plays)}):
            data["rounds"][-1]["plays"] = plays[:cut]
            if Match.replay(data).phase is Phase.PLAYING:
                found.append((f"{path.name.split('.')[0]}@{cut}", json.loads(json.dumps(data))))
    return found


POSITIONS = _positions()


def test_there_are_many_positions() -> None:
    assert len(POSITIONS) >= 60
    assert {Match.replay(d).players for _, d in POSITIONS} == {2, 3, 4}


@pytest.mark.parametrize(("name", "data"), POSITIONS, ids=[name for name, _ in POSITIONS])
def test_fast_perft_equals_the_slow_walk(name: str, data: dict[str, Any]) -> None:
    match = Match.replay(data)
    before = (match.snapshot(), [match.hand(s) for s in range(match.players)], len(match.events))
    fast = [c.to_json() for c in perft(match, 4)]
    assert fast == slow_perft(match, 4)
    assert (match.snapshot(), [match.hand(s) for s in range(match.players)], len(match.events)) == before


def test_counts_are_consistent() -> None:
    """Lines of length k+1 grow only from lines of length k that did not end, and each scoring line scores."""
    for _, data in POSITIONS[::5]:
        counts = perft(Match.replay(data), 4)
        for c in counts:
            assert 0 <= c.ended <= c.nodes and 0 <= c.scored <= c.nodes and c.points % 5 == 0
            assert c.points >= 5 * c.scored
        for shorter, longer in itertools.pairwise(counts):
            assert (longer.nodes == 0) == (shorter.nodes == shorter.ended)


def test_options_carry_the_place_event() -> None:
    """What the fast walk relies on: an option's points and result are its `place` event's."""
    for _, data in POSITIONS[::3]:
        match = Match.replay(data)
        for option in match.options():
            after = match.clone()
            placed = [e for e in after.place(match.turn, option.placement) if isinstance(e, Placed)]  # type: ignore[arg-type]
            assert (placed[0].points, placed[0].result) == (option.points, option.result)
            assert placed[0].result in (Result.SCORED, Result.NONE, Result.OVER, Result.SETTLED)
