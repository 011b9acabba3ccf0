"""A round's last picture shows its settlement, and the match's last picture its winner and the event that
reached exactly 61: checked through the picture's twin (`table_description`, table.json) against the
engine's own events, and through the picture's pixels where the panel is drawn."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image
from support.render_records import FIXTURES, Step, ending_of, replayed

from engine import Blocked, Domino, Match, Phase, Result, TableSnapshot, rules
from engine.selfplay import at_random, play_to_end
from render import DEFAULT_STYLE, table_description, table_png
from render.__main__ import main
from render.settlement import DEFAULT_LABELS

COLORS = DEFAULT_STYLE.colors
KOREAN = {
    "seat": "{seat}번 자리",
    "out": "님이 패를 다 냈어요",
    "placement": "마지막 패",
    "opponents": "상대 패",
    "partner": "짝의 패",
    "net": "합계",
    "over": "61을 넘어 취소",
    "blocked": "막힌 판",
    "pips": "남은 눈",
    "award": "득점",
    "skipped": "이미 끝난 뒤",
    "wins": "승리",
    "round": "{round}라운드",
}
NAMES = ("Zoë Ñúñez", "김민준", "Łukasz", "박서연")


def played(players: int, seed: int) -> Iterator[Step]:
    """Each placement of a random match played from a seed (the engine is deterministic given its seed)."""
    steps: list[Step] = []
    match = Match.new(players, f"render-end/{seed}")
    play_to_end(match, at_random(random.Random(seed)), after=lambda m, e: steps.append((m.snapshot(), e, ending_of(e))))
    yield from steps


def first(steps: Iterator[Step], wanted: str) -> Step:
    for snap, events, end in steps:
        if wanted == "domino" and isinstance(end, Domino) and end.result is Result.SCORED:
            return snap, events, end
        if wanted == "domino-over" and isinstance(end, Domino) and end.result is Result.OVER:
            return snap, events, end
        if wanted == "block" and isinstance(end, Blocked) and snap.phase is not Phase.OVER:
            return snap, events, end
        if wanted == "block-over" and isinstance(end, Blocked) and any(a.result is Result.OVER for a in end.awards):
            return snap, events, end
        if wanted == "final" and snap.phase is Phase.OVER:
            return snap, events, end
    raise LookupError(wanted)


def shown(raw: int) -> int:
    return rules.displayed(raw)


def panel_colours(
    snap: TableSnapshot, end: Domino | Blocked | None, where: str = "panel", **kw: object
) -> set[tuple[int, int, int]]:
    """The colours in the settlement panel (or the glance bar: `where="glance"`)."""
    d = table_description(snap, names=NAMES[: snap.players], settlement=end, **kw)  # type: ignore[arg-type]
    image = Image.open(io.BytesIO(table_png(snap, names=NAMES[: snap.players], settlement=end, **kw)))  # type: ignore[arg-type]
    box = d["panel"] if where == "panel" else d["glance"]["rect"]
    panel = image.convert("RGB").crop(tuple(box))
    return {(c[0], c[1], c[2]) for _, c in panel.getcolors(1 << 20) or [] if isinstance(c, tuple)}


def test_a_domino_shows_who_went_out_the_terms_the_net_and_that_it_counted() -> None:
    snap, _, end = first(played(4, 5), "domino")
    assert isinstance(end, Domino)
    d = table_description(snap, names=NAMES, settlement=end, labels=KOREAN)
    s = d["settlement"]
    assert s["kind"] == "domino" and s["seat"] == end.seat
    assert s["placement"] == shown(end.placement)
    assert (s["opponents"], s["opponents_pips"]) == (shown(end.opponents), end.opponents_pips)
    assert (s["partner"], s["partner_pips"]) == (-shown(end.partner), end.partner_pips)  # 4 players: a deduction
    assert s["net"] == shown(end.net) == s["placement"] + s["opponents"] + s["partner"]
    assert s["result"] == "scored" and s["counted"] is True
    above = d["band"] or d["glance"]["rect"]  # the band gives way to the panel where the picture would be too tall
    assert d["panel"] is not None and above[3] <= d["panel"][1] <= d["sides"][0]["rect"][1]
    assert d["glance"]["outcome"] == "out" and d["glance"]["outcome_seats"] == [end.seat]  # said in the glance bar
    # no mark of the next round on the old layout: nobody is to move
    assert all(side["to_move"] is None for side in d["sides"])
    assert [n["shown"] for n in d["names"]] == [
        "Zoë Ñ…",
        "김민준",
        "Łukasz",
        "박서연",
    ]  # shortened to fit a side of two
    assert COLORS.seat(end.seat) in panel_colours(snap, end, "glance", labels=KOREAN)  # the pill of who went out


def test_a_two_player_domino_has_no_partner_term() -> None:
    snap, _, end = first(replayed("match-2p-exact-1"), "domino")
    s = table_description(snap, settlement=end)["settlement"]
    assert isinstance(end, Domino)
    assert "partner" not in s and s["net"] == shown(end.net) == s["placement"] + s["opponents"]


def test_a_settlement_cancelled_over_61_says_so_in_red() -> None:
    snap, _, end = first(replayed("match-2p-exact-1"), "domino-over")
    assert isinstance(end, Domino)
    s = table_description(snap, settlement=end)["settlement"]
    assert s["result"] == "over" and s["counted"] is False and s["net"] == shown(end.net)
    assert snap.scores == end.scores  # the scoresheet shows the scores it left unchanged
    assert COLORS.over in panel_colours(snap, end)
    snap4, _, end4 = first(played(4, 5), "domino-over")
    s4 = table_description(snap4, names=NAMES, settlement=end4)["settlement"]
    assert s4["result"] == "over" and s4["counted"] is False


def test_a_block_shows_every_hand_in_award_order_each_award_and_any_cancel() -> None:
    snap, _, end = first(replayed("block-2p-award-over"), "block-over")
    assert isinstance(end, Blocked)
    s = table_description(snap, settlement=end)["settlement"]
    assert s["kind"] == "block" and s["order"] == list(end.order)
    assert s["pips"] == {str(seat): end.totals[seat] for seat in range(snap.players)}
    assert s["awards"] == [
        {"order": end.order.index(a.seat) + 1, "seat": a.seat, "points": shown(a.points), "result": a.result.value}
        for a in sorted(end.awards, key=lambda a: end.order.index(a.seat))
    ]
    assert s["cancelled"] == [a.seat for a in end.awards if a.result is Result.OVER] != []
    assert COLORS.over in panel_colours(snap, end)
    snap4, _, end4 = first(replayed("match-4p-greedy-4"), "block")
    s4 = table_description(snap4, names=NAMES, settlement=end4, labels=KOREAN)["settlement"]
    assert isinstance(end4, Blocked) and s4["order"] == list(end4.order) and len(s4["pips"]) == 4
    assert s4["cancelled"] == [] and s4["winner"] is None and s4["reached"] is None


@pytest.mark.parametrize(
    ("steps", "reached"),
    [
        (lambda: replayed("match-4p-exact-5"), "place"),
        (lambda: replayed("match-2p-random-8"), "domino"),
        (lambda: played(3, 349), "award"),  # a block whose award reached 61, a later award skipped
        (lambda: played(2, 207), "award"),
    ],
)
def test_the_last_picture_names_the_winner_and_the_event_that_reached_61(steps: object, reached: str) -> None:
    snap, events, end = first(steps(), "final")  # type: ignore[operator]
    names = NAMES[: snap.players]
    d = table_description(snap, names=names, settlement=end)
    s = d["settlement"]
    assert snap.winner is not None
    assert s["winner"] == {"side": snap.winner, "seats": list(snap.seats_of(snap.winner))}
    assert s["reached"].split(":")[0] == reached
    winners = [side for side in d["sides"] if side["winner"]]
    assert len(winners) == 1 and winners[0]["points"] == 61 and winners[0]["needed"] == 0  # the whole scoresheet
    assert [side["points"] for side in d["sides"]] == [shown(v) for v in snap.scores]
    if reached == "award":
        assert isinstance(end, Blocked)
        applied = [a for a in end.awards if a.result is Result.SCORED]
        assert s["reached"] == f"award:{applied[-1].seat}"
        assert end.scores[snap.winner] == rules.TARGET_RAW
    if reached == "domino":
        assert isinstance(end, Domino) and end.result is Result.SCORED and s["counted"] is True
    if reached == "place":
        assert end is None and d["panel"] is None  # the band's star and the winner's row say it
        assert any(e.event == "place" for e in events)
    else:
        assert COLORS.badge in panel_colours(snap, end)  # the star


def test_a_mid_round_picture_has_no_panel() -> None:
    snap, _, end = next(iter(replayed("match-2p-exact-1")))
    d = table_description(snap, names=NAMES[:2], settlement=end)
    assert end is None and d["settlement"] is None and d["panel"] is None


def test_the_labels_are_the_callers_words_and_unknown_keys_are_refused() -> None:
    snap, _, end = first(played(4, 5), "domino")
    english = table_png(snap, names=NAMES, settlement=end)
    assert table_png(snap, names=NAMES, settlement=end, labels=DEFAULT_LABELS) == english
    assert table_png(snap, names=NAMES, settlement=end, labels=KOREAN) != english
    assert set(KOREAN) == set(DEFAULT_LABELS)
    with pytest.raises(ValueError, match="unknown picture labels"):
        table_png(snap, settlement=end, labels={"winner": "x"})


def test_the_cli_twin_carries_names_the_last_tile_and_each_rounds_settlement(tmp_path: Path) -> None:
    data = json.loads((FIXTURES / "match-2p-exact-1.record.json").read_text(encoding="utf-8"))
    data["names"] = ["Zoë", "김민준"]
    record = tmp_path / "named.record.json"
    record.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert main([str(record), "--out", str(tmp_path / "every"), "--every"]) == 0
    twins = [json.loads(p.read_text(encoding="utf-8")) for p in sorted((tmp_path / "every").glob("*-table.json"))]
    steps = [step for step in replayed("match-2p-exact-1") if any(e.event == "place" for e in step[1])]
    assert len(twins) == len(steps)
    for twin, (snap, _, end) in zip(twins, steps, strict=True):
        assert [n["name"] for n in twin["names"]] == ["Zoë", "김민준"]
        assert twin == table_description(snap, names=["Zoë", "김민준"], settlement=end)
        assert twin["last"]["tile"] == str(snap.last.placement.tile) and twin["last"]["seat"] == snap.last.seat  # type: ignore[union-attr]
        assert (twin["settlement"] is not None) == (end is not None or snap.phase is Phase.OVER)
    kinds = [t["settlement"]["kind"] for t in twins if t["settlement"]]
    assert kinds.count("domino") == sum(1 for _, _, end in steps if isinstance(end, Domino)) and kinds[-1] == "match"
    assert main([str(record), "--out", str(tmp_path / "named"), "--names", "🐉ann,\ue000\u200d"]) == 0
    final = json.loads((tmp_path / "named" / "table.json").read_text(encoding="utf-8"))
    assert [(n["name"], n["shown"], n["own"]) for n in final["names"]] == [
        ("🐉ann", "🐉ann", True),
        ("\ue000\u200d", "Seat 2", False),  # nothing in it can be drawn
    ]


@pytest.mark.parametrize("names", ["ann", "ann,bo,cy"])
def test_the_cli_refuses_names_that_do_not_fit_the_seats(
    tmp_path: Path, names: str, capsys: pytest.CaptureFixture[str]
) -> None:
    record = FIXTURES / "match-2p-exact-1.record.json"
    assert main([str(record), "--out", str(tmp_path / "out"), "--names", names]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{len(names.split(','))} names for 2 seats" in err
    assert not (tmp_path / "out").exists()
