"""`python -m engine.replay`: the exact event streams of the replay fixtures, bad records, and imports."""

from __future__ import annotations

import contextlib
import io
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.replay import main

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "data" / "records"  # replay fixtures: records with the exact event streams they produce

GOOD = sorted(p.name[: -len(".record.json")] for p in FIXTURES.glob("*.record.json"))
BAD = sorted(p.name[: -len(".bad.json")] for p in FIXTURES.glob("*.bad.json"))
WHERE = re.compile(r"^(record|round \d+|round \d+, play \d+): \S.*$")


def _replay(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine.replay", str(path)], cwd=ROOT, capture_output=True, text=True, timeout=60
    )


def _lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def test_the_fixtures_are_there() -> None:
    assert len(GOOD) >= 15 and len(BAD) >= 5


@pytest.mark.parametrize("name", GOOD)
def test_replay_prints_exactly_the_fixture_event_stream(name: str) -> None:
    proc = _replay(FIXTURES / f"{name}.record.json")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    want = (FIXTURES / f"{name}.events.jsonl").read_text().splitlines()
    got = proc.stdout.splitlines()
    assert len(got) == len(want)
    for i, (g, w) in enumerate(zip(got, want, strict=True)):
        assert json.loads(g) == json.loads(w), f"event {i}"


@pytest.mark.parametrize("name", BAD)
def test_a_bad_record_exits_non_zero_with_one_line_and_no_traceback(name: str) -> None:
    proc = _replay(FIXTURES / f"{name}.bad.json")
    assert proc.returncode != 0
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert WHERE.match(lines[0]), lines[0]
    before = FIXTURES / f"{name}.events.jsonl"
    assert _lines(proc.stdout) == (_lines(before.read_text()) if before.exists() else [])


def test_the_bad_line_names_round_play_and_reason() -> None:
    proc = _replay(FIXTURES / "bad-not-in-hand.bad.json")
    assert proc.stderr.strip() == "round 0, play 1: seat 0 does not hold 0-4"


def test_a_missing_file_is_one_line_too(tmp_path: Path) -> None:
    proc = _replay(tmp_path / "nowhere.json")
    assert proc.returncode == 1
    assert proc.stdout == ""
    assert proc.stderr.splitlines() == [f"record: cannot read {tmp_path / 'nowhere.json'}: No such file or directory"]


def test_usage_without_a_record() -> None:
    proc = subprocess.run([sys.executable, "-m", "engine.replay"], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 2
    assert proc.stderr.strip() == "usage: python -m engine.replay RECORD.json"


def test_replay_never_imports_discord_or_pillow() -> None:
    record = FIXTURES / "match-4p-mixed-7.record.json"
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "engine.replay", str(record)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0
    imported = {line.rsplit("|", 1)[-1].strip() for line in proc.stderr.splitlines() if line.startswith("import time:")}
    assert "engine.match" in imported  # the probe sees the engine's own imports
    assert not {m for m in imported if m.split(".")[0] in ("discord", "PIL")}


def test_replay_leaves_sys_modules_free_of_discord_and_pillow() -> None:
    probe = (
        "import runpy, sys, io, contextlib\n"
        f"sys.argv = ['engine.replay', {str(FIXTURES / 'match-2p-exact-1.record.json')!r}]\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    try:\n"
        "        runpy.run_module('engine.replay', run_name='__main__')\n"
        "    except SystemExit as e:\n"
        "        assert e.code == 0, e.code\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('discord', 'PIL', 'engine')))\n"
    )
    proc = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    modules = eval(proc.stdout)
    assert "engine.match" in modules  # the probe did run the replay
    assert [m for m in modules if not m.startswith("engine")] == []


# -- no malformed record, however broken, gets a traceback -------------------------------------


def _base() -> dict:
    return json.loads((FIXTURES / "match-3p-mixed-2.record.json").read_text())


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 40),
    st.floats(allow_nan=True),
    st.sampled_from(["", "1-4", "4|1", "[6|6]", "7-7", "x", "0-0"]),
    st.lists(st.integers(-1, 6), max_size=3),
    st.dictionaries(st.sampled_from(["seat", "tile", "on", "x"]), st.integers(0, 4), max_size=2),
)


@st.composite
def broken_records(draw: st.DrawFn) -> dict:
    """A valid record with one to three places replaced, removed or cut short."""
    data = _base()
    for _ in range(draw(st.integers(1, 3))):
        parent: object = data
        key: object = None
        path_len = draw(st.integers(1, 5))
        node: object = data
        for _ in range(path_len):
            if isinstance(node, dict) and node:
                key = draw(st.sampled_from(sorted(node)))
            elif isinstance(node, list) and node:
                key = draw(st.integers(0, len(node) - 1))
            else:
                break
            parent, node = node, node[key]  # type: ignore[index]
        action = draw(st.sampled_from(["replace", "remove", "cut"]))
        if key is None:
            continue
        if action == "replace":
            parent[key] = draw(JUNK)  # type: ignore[index]
        elif action == "remove":
            del parent[key]  # type: ignore[attr-defined]
        elif isinstance(node, list):
            del node[draw(st.integers(0, len(node))) :]
    return data


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(broken_records())
def test_any_broken_record_gives_events_then_one_line_never_a_traceback(data: dict) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "broken.json"
        path.write_text(json.dumps(data))
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main([str(path)])
    assert status in (0, 1)
    for line in out.getvalue().splitlines():
        assert "event" in json.loads(line)
    if status == 1:
        lines = err.getvalue().splitlines()
        assert len(lines) == 1
        assert WHERE.match(lines[0]), lines[0]
    else:
        assert err.getvalue() == ""


# -- a record that says how it stopped: `ending` ------------------------------------------------------


def _last_scores(name: str) -> list[int]:
    """The sides' raw scores the fixture's plays reach (its last event that gives them)."""
    events = _lines((FIXTURES / f"{name}.events.jsonl").read_text())
    return next(e["scores"] for e in reversed(events) if "scores" in e)


def _with_ending(tmp_path: Path, name: str, ending: object) -> tuple[Path, str]:
    data = json.loads((FIXTURES / f"{name}.record.json").read_text())
    data["ending"] = ending
    path = tmp_path / f"{name}.ending.json"
    path.write_text(json.dumps(data))
    return path, (FIXTURES / f"{name}.events.jsonl").read_text()


@pytest.mark.parametrize(
    ("name", "how", "by"), [("in-progress-3p", "ended_early", None), ("in-progress-4p", "timeout", 2)]
)
def test_a_record_with_an_ending_prints_the_same_event_stream(tmp_path: Path, name: str, how: str, by: int) -> None:
    path, want = _with_ending(tmp_path, name, {"how": how, "by": by, "scores": _last_scores(name)})
    proc = _replay(path)
    assert (proc.returncode, proc.stderr) == (0, "")
    assert _lines(proc.stdout) == _lines(want)


def test_a_malformed_ending_prints_no_event(tmp_path: Path) -> None:
    path, _ = _with_ending(tmp_path, "in-progress-3p", {"how": "timeout", "scores": _last_scores("in-progress-3p")})
    proc = _replay(path)
    assert (proc.returncode, proc.stdout) == (1, "")
    assert proc.stderr.splitlines() == ["record: ending: by must be a seat, 0 to 2, for a timeout, not None"]


def test_an_ending_with_other_scores_prints_every_event_then_says_so(tmp_path: Path) -> None:
    scores = _last_scores("in-progress-4p")
    wrong = [scores[0], scores[1] + 5]
    path, want = _with_ending(tmp_path, "in-progress-4p", {"how": "withdrawal", "by": 1, "scores": wrong})
    proc = _replay(path)
    assert proc.returncode == 1 and _lines(proc.stdout) == _lines(want)
    assert proc.stderr.splitlines() == [
        f"record: ending: scores must be {scores}, the scores the plays reach, not {wrong}"
    ]


def test_a_played_out_record_with_an_ending_is_bad(tmp_path: Path) -> None:
    ending = {"how": "ended_early", "by": 0, "scores": _last_scores("match-2p-exact-1")}
    path, want = _with_ending(tmp_path, "match-2p-exact-1", ending)
    proc = _replay(path)
    assert proc.returncode == 1 and _lines(proc.stdout) == _lines(want)
    assert proc.stderr.splitlines() == [
        "record: ending: a side reached 305, so the match was played out and has no ending"
    ]


ENDING_JUNK = st.one_of(
    JUNK,
    st.fixed_dictionaries(
        {},
        optional={
            "how": st.one_of(JUNK, st.sampled_from(["ended_early", "timeout", "withdrawal"])),
            "by": JUNK,
            "scores": st.one_of(JUNK, st.lists(st.integers(-5, 400), max_size=4)),
        },
    ),
)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ENDING_JUNK)
def test_any_ending_gives_events_then_one_line_never_a_traceback(ending: object) -> None:
    data = _base() | {"ending": ending}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "ending.json"
        path.write_text(json.dumps(data))
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main([str(path)])
    assert status in (0, 1)
    if status == 1:
        (line,) = err.getvalue().splitlines()
        assert line.startswith("record: ending"), line
    else:
        assert ending is None and err.getvalue() == ""
