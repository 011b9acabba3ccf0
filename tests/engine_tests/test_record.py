"""Game records (docs/record-format.md): writing, reading every accepted spelling, and refusing malformed ones."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine import FORMAT, Ending, How, Match, Phase, Placement, Play, Record, RecordError, parse_tile
from engine.selfplay import at_random, placed, play_to_end

T = parse_tile


def _played(players: int, seed: int, placements: int | None = None) -> Match:
    """A live match played at random, to its end or for `placements` placements."""
    match = Match.new(players, f"test-record/{seed}")
    return play_to_end(match, at_random(random.Random(seed)), until=None if placements is None else placed(placements))


def _respell(data: object, spell) -> object:
    """The same JSON with every tile string rewritten by `spell(low, high)`."""
    if isinstance(data, dict):
        return {
            k: _respell(v, spell) if k in ("hands", "boneyard", "plays", "rounds", "tile", "on") else v
            for k, v in data.items()
        }
    if isinstance(data, list):
        return [_respell(v, spell) for v in data]
    if isinstance(data, str):
        t = T(data)
        return spell(t.low, t.high)
    return data


@pytest.mark.parametrize(("players", "seed", "placements"), [(2, 1, None), (3, 2, None), (4, 3, None), (4, 4, 23)])
def test_write_then_read_gives_the_identical_record(players: int, seed: int, placements: int | None) -> None:
    record = _played(players, seed, placements).record
    text = record.dumps()
    again = Record.loads(text)
    assert again == record
    assert again.dumps() == text
    assert Record.loads(record.dumps(indent=2)) == record
    data = json.loads(text)
    assert data["format"] == FORMAT == "exact61-record/1"
    assert data["players"] == players
    for rnd in data["rounds"]:
        assert set(rnd) == {"leader", "hands", "boneyard", "plays"}
        assert "on" not in rnd["plays"][0]  # the opening names no table tile
        assert all("on" in p for p in rnd["plays"][1:])


@pytest.mark.parametrize(
    "spell",
    [
        lambda a, b: f"{b}-{a}",
        lambda a, b: f"{a}|{b}",
        lambda a, b: f"{b}|{a}",
        lambda a, b: f"[{a}|{b}]",
        lambda a, b: f"[{b}|{a}]",
    ],
    ids=["b-a", "a|b", "b|a", "[a|b]", "[b|a]"],
)
def test_every_accepted_spelling_reads_as_the_canonical_record(spell) -> None:
    match = _played(4, 5)
    canonical = match.record.to_json()
    respelled = _respell(canonical, spell)
    assert respelled != canonical
    record = Record.loads(json.dumps(respelled))
    assert record == match.record
    assert record.to_json() == canonical  # written back as "a-b"
    assert [e.to_json() for e in Match.replay(respelled).events] == [e.to_json() for e in match.events]


def test_an_opening_with_on_null_is_the_same_as_no_on() -> None:
    data = _played(2, 6, 10).record.to_json()
    data["rounds"][0]["plays"][0]["on"] = None
    assert Record.from_json(data) == Record.from_json(_played(2, 6, 10).record.to_json())


def test_the_record_grows_with_every_accepted_placement_only() -> None:
    match = Match.new(2, "grows")
    assert [len(r.plays) for r in match.record.rounds] == [0]
    option = match.options()[0]
    other = next(s for s in range(2) if s != match.turn)
    with pytest.raises(ValueError):
        match.place(other, option.placement)
    assert match.record.rounds[0].plays == []
    seat = match.turn
    match.place(seat, option.placement)
    assert match.record.rounds[0].plays == [Play(seat, option.placement)]
    assert match.record.rounds[0].hands == [list(h) for h in Match.new(2, "grows").hands]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_text_kept_between_saves_is_the_text_written_anew(players: int) -> None:
    """The bot saves `dumps()` after every placement from the round texts it kept (RoundRecord.text): after
    each placement, a named or ended record, a copy, and plays changed by hand, it is what json writes anew."""
    rng = random.Random(players)
    for seed in range(12):
        match = Match.new(players, f"kept-{seed}")
        seen: list[str] = []

        def written_anew(m: Match, events: object, seen: list[str] = seen) -> None:
            seen.append(m.record.dumps())
            assert seen[-1] == json.dumps(m.record.to_json(), ensure_ascii=False)

        play_to_end(match, at_random(rng), after=written_anew)
        assert len(seen) > 20
        record = match.record
        record.names = ["Ana", "보라", "Chidi", "Dee"][:players]
        record.ending = Ending("ended_early", 0, tuple(match.scores))
        copied = record.copy()
        for r in (record, copied):
            assert r.dumps() == json.dumps(r.to_json(), ensure_ascii=False)
            assert Record.loads(r.dumps()) == r
        last = record.rounds[-1]
        last.plays[-1:] = [last.plays[0]]  # the last play replaced: the kept pieces do not hold it
        assert record.dumps() == json.dumps(record.to_json(), ensure_ascii=False)
        del last.plays[len(last.plays) // 2 :]  # fewer plays than the pieces kept
        assert record.dumps() == json.dumps(record.to_json(), ensure_ascii=False)


def test_plays_write_on_only_after_the_opening() -> None:
    assert Play(0, Placement(T("1-4"))).to_json() == {"seat": 0, "tile": "1-4"}
    assert Play(3, Placement(T("4-1"), T("1-1"))).to_json() == {"seat": 3, "tile": "1-4", "on": "1-1"}


def _valid() -> dict:
    return _played(2, 7, 6).record.to_json()


def _edit(path: tuple, value: object) -> dict:
    data = _valid()
    target = data
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "record: the record must be a JSON object"),
        (_edit(("format",), "exact61-record/2"), "record: format must be 'exact61-record/1', not 'exact61-record/2'"),
        (_edit(("format",), KeyError), "record: format must be 'exact61-record/1', not None"),
        (_edit(("players",), 5), "record: players must be 2, 3 or 4, not 5"),
        (_edit(("players",), True), "record: players must be 2, 3 or 4, not True"),
        (_edit(("rounds",), {}), "record: rounds must be a list"),
        (_edit(("rounds", 0), []), "round 0: a round must be a JSON object"),
        (_edit(("rounds", 0, "leader"), "0"), "round 0: leader must be a seat number, not '0'"),
        (_edit(("rounds", 0, "hands"), "1-4"), "round 0: hands must be a list of lists of tiles"),
        (_edit(("rounds", 0, "boneyard"), None), "round 0: boneyard must be a list of tiles"),
        (_edit(("rounds", 0, "hands", 1, 2), "7-7"), "round 0: not a tile: '7-7'"),
        (_edit(("rounds", 0, "plays"), {}), "round 0: plays must be a list"),
        (_edit(("rounds", 0, "plays", 2), "1-4"), "round 0, play 2: a play must be a JSON object"),
        (_edit(("rounds", 0, "plays", 3, "seat"), None), "round 0, play 3: seat must be a seat number, not None"),
        (_edit(("rounds", 0, "plays", 4, "on"), 14), "round 0, play 4: not a tile: 14"),
    ],
)
def test_a_malformed_record_is_refused_naming_where(data: object, message: str) -> None:
    with pytest.raises(RecordError) as caught:
        Record.from_json(data)
    assert str(caught.value) == message
    assert caught.value.code == "bad_record"


def test_text_that_is_not_json_is_refused() -> None:
    with pytest.raises(RecordError, match=r"^record: not valid JSON"):
        Record.loads("{format: 1")
    with pytest.raises(RecordError, match=r"^record: not valid JSON"):
        Record.loads(b"\xff\xfe{")


def test_replaying_a_record_checks_the_rules_and_names_the_play() -> None:
    data = _valid()
    plays = data["rounds"][0]["plays"]
    plays[3]["seat"] = 1 - plays[3]["seat"]
    with pytest.raises(RecordError) as caught:
        Match.replay(data)
    assert str(caught.value).startswith("round 0, play 3: seat ")
    assert caught.value.where == "round 0, play 3"
    assert "cannot play now" in caught.value.reason


def test_a_record_for_a_different_number_of_players_is_refused() -> None:
    with pytest.raises(RecordError, match="the record is for 2 players"):
        list(Match(3).replay_steps(_valid()))


def test_replay_from_a_record_from_json_or_from_text_agree() -> None:
    match = _played(3, 8)
    from_record = Match.replay(match.record)
    from_json = Match.replay(match.record.to_json())
    from_text = Match.replay(Record.loads(match.record.dumps()))
    want = [e.to_json() for e in match.events]
    for rebuilt in (from_record, from_json, from_text):
        assert [e.to_json() for e in rebuilt.events] == want
        assert rebuilt.scores == match.scores and rebuilt.winner == match.winner


# -- how a match that was not played out stopped: `ending` ------------------------------------------


def _stopped(players: int, seed: int, placements: int, how: How = "ended_early", by: int | None = 0) -> Match:
    """A match stopped after `placements` placements, its record saying so (as the bot writes it)."""
    match = _played(players, seed, placements)
    assert match.phase is not Phase.OVER
    match.record.ending = Ending(how, by, tuple(match.scores))
    return match


@pytest.mark.parametrize(("how", "by"), [("ended_early", 1), ("ended_early", None), ("timeout", 3), ("withdrawal", 2)])
def test_an_ending_is_written_read_and_replayed(how: How, by: int | None) -> None:
    match = _stopped(4, 9, 40, how, by)
    record = match.record
    data = json.loads(record.dumps())
    assert data["ending"] == {"how": how, "by": by, "scores": list(match.scores)}
    assert list(data) == ["format", "players", "ending", "rounds"]  # after the other optional fields, before the rounds
    assert len(data["ending"]["scores"]) == 2  # by side: four players are two teams
    again = Record.loads(record.dumps())
    assert again == record and again.ending == Ending(how, by, tuple(match.scores))
    assert again.copy() == again and again.copy().ending is again.ending  # a value, shared
    rebuilt = Match.replay(again)
    assert [e.to_json() for e in rebuilt.events] == [e.to_json() for e in match.events]
    assert rebuilt.scores == match.scores and rebuilt.winner is None
    assert Match.replay(data).scores == match.scores  # from the JSON data too


def test_a_record_without_an_ending_has_none() -> None:
    record = _played(2, 7, 6).record
    assert record.ending is None and "ending" not in record.to_json()
    assert Record.from_json(record.to_json() | {"ending": None}).ending is None  # null: no ending
    # `by` may be left out, as a play's `on`: no seat
    data = _stopped(2, 7, 6).record.to_json()
    del data["ending"]["by"]
    assert Record.from_json(data).ending == Ending("ended_early", None, tuple(data["ending"]["scores"]))
    data["ending"]["note"] = "unknown keys are skipped"
    assert Record.from_json(data).ending == Ending("ended_early", None, tuple(data["ending"]["scores"]))


def _ending(players: int, **fields: object) -> dict[str, Any]:
    data = _stopped(players, 7, 6).record.to_json()
    data["ending"] = data["ending"] | fields
    return data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (_valid() | {"ending": "ended"}, "record: ending must be an object with how, by and scores, not 'ended'"),
        (_valid() | {"ending": [0, 0]}, "record: ending must be an object with how, by and scores, not [0, 0]"),
        (
            _ending(2, how="abandoned"),
            "record: ending: how must be one of 'ended_early', 'timeout', 'withdrawal', not 'abandoned'",
        ),
        (_ending(2, how=None), "record: ending: how must be one of 'ended_early', 'timeout', 'withdrawal', not None"),
        (_ending(2, by=2), "record: ending: by must be a seat, 0 to 1, or null, not 2"),
        (_ending(3, by=-1), "record: ending: by must be a seat, 0 to 2, or null, not -1"),
        (_ending(2, by="player0"), "record: ending: by must be a seat, 0 to 1, or null, not 'player0'"),
        (_ending(2, by=True), "record: ending: by must be a seat, 0 to 1, or null, not True"),
        (_ending(2, how="timeout", by=None), "record: ending: by must be a seat, 0 to 1, for a timeout, not None"),
        (_ending(4, how="withdrawal", by=4), "record: ending: by must be a seat, 0 to 3, for a withdrawal, not 4"),
        (_ending(2, scores=None), "record: ending: scores must be a list of 2 integers, one per side, not None"),
        (_ending(3, scores=[0, 0]), "record: ending: scores must be a list of 3 integers, one per side, not [0, 0]"),
        (_ending(4, scores=[0, 0, 0, 0]), "record: ending: scores must be a list of 2 integers, one per side"),
        (_ending(2, scores=[0, "5"]), "record: ending: scores must be a list of 2 integers, one per side"),
        (_ending(2, scores=[0, 5.0]), "record: ending: scores must be a list of 2 integers, one per side"),
    ],
)
def test_a_malformed_ending_is_refused_before_any_round(data: dict[str, Any], message: str) -> None:
    for read in (Record.from_json, Match.replay):
        with pytest.raises(RecordError) as caught:
            read(data)
        assert str(caught.value).startswith(message) and caught.value.where == "record"
    with pytest.raises(RecordError):
        next(Match(data["players"]).replay_steps(data))  # before the first round is dealt


def test_an_ending_must_agree_with_the_plays() -> None:
    match = _stopped(3, 4, 30)
    scores = list(match.scores)
    wrong = match.record.to_json()
    wrong["ending"]["scores"] = [scores[0] + 5, *scores[1:]]
    message = f"record: ending: scores must be {scores}, the scores the plays reach, not {wrong['ending']['scores']}"
    for record in (wrong, Record.from_json(wrong)):
        events = []
        with pytest.raises(RecordError) as caught:
            for step in Match(3).replay_steps(record):
                events += step
        assert str(caught.value) == message
        assert [e.to_json() for e in events] == [e.to_json() for e in match.events]  # every step, then the check

    over = _played(2, 1)  # played out: no way of stopping early applies
    assert over.phase is Phase.OVER
    done = over.record.to_json() | {"ending": {"how": "ended_early", "by": 0, "scores": list(over.scores)}}
    assert Record.from_json(done).ending is not None  # well formed ...
    with pytest.raises(RecordError, match=r"^record: ending: a side reached 305, so the match was played out"):
        Match.replay(done)  # ... but the plays say otherwise
