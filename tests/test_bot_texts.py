"""The play-by-play in words: placements, draws, lots, settlements, and the private option labels."""

from __future__ import annotations

from bot.seating import Seating
from bot.texts import narrate, outcome, plain, tile_label
from engine import (
    Award,
    Blocked,
    Domino,
    Drew,
    GameOver,
    LotDraw,
    Option,
    Passed,
    Placed,
    Placement,
    Result,
    RoundStarted,
    tile,
)

FOUR = Seating(("Ana", "Bo", "Cy", "Di"))
THREE = Seating(("Ana", "Bo", "Cy"))


def test_a_placement_names_the_ends_and_the_points() -> None:
    placed = Placed(1, Placement(tile(3, 4), tile(4, 4)), total=10, points=10, result=Result.SCORED, scores=(0, 10))
    ends = ((tile(1, 1), 2), (tile(3, 4), 3), (tile(0, 5), 5))
    (line,) = narrate("en", FOUR, [placed], round_number=0, ends=ends)
    assert line == "**Bo** placed 3-4 on 4-4. Ends 2 + 3 + 5 = **10** → **+2** for Bo & Di."
    over = Placed(0, Placement(tile(1, 4)), total=5, points=5, result=Result.OVER, scores=(303, 0, 0))
    (line,) = narrate("en", THREE, [over], round_number=0, ends=((tile(1, 4), 1), (tile(1, 4), 4)))
    assert line == "**Ana** opened with 1-4. Ends 1 + 4 = **5** → 1 point cancelled: Ana would pass 61."


def test_draws_are_counted_never_named_and_passes_said() -> None:
    events = [Drew(2, tile(0, 0)), Drew(2, tile(5, 6)), Drew(0, tile(1, 2)), Passed(1)]
    lines = narrate("en", THREE, events, round_number=0)
    assert lines == [
        "**Cy** drew 2 tiles from the boneyard.",
        "**Ana** drew a tile from the boneyard.",
        "**Bo** passed: nothing fits and the boneyard is empty.",
    ]
    assert not any(str(t) in " ".join(lines) for t in (tile(0, 0), tile(5, 6), tile(1, 2)))


def test_the_lot_and_a_redraw() -> None:
    lot = (LotDraw(((0, tile(5, 6)), (1, tile(5, 6)), (2, tile(0, 1)))), LotDraw(((0, tile(2, 2)), (1, tile(3, 4)))))
    (line,) = narrate("en", THREE, [RoundStarted(3, 1, lot)], round_number=2)
    assert line == ("**Round 4.** The lot: Ana 5-6, Bo 5-6, Cy 0-1; tie, drawn again: Ana 2-2, Bo 3-4 → **Bo** leads.")
    (line,) = narrate("en", THREE, [RoundStarted(1, 2)], round_number=0)
    assert line == "**Round 2.** Cy went out last round and leads."


def test_a_domino_settlement_with_partners() -> None:
    hands = ((), (tile(6, 6), tile(5, 6)), (tile(1, 2),), (tile(0, 0),))
    domino = Domino(
        0, 0, placement=10, opponents=25, partner=5, net=30, result=Result.SCORED, scores=(120, 40),
        opponents_pips=23, partner_pips=3, hands=hands,
    )  # fmt: skip
    lines = narrate("en", FOUR, [domino, RoundStarted(5, 0)], round_number=4)
    assert lines == [
        "**Ana went out!** Round 5 is over.",
        "Hands revealed:\n• Ana: no tiles\n• Bo: 6-6, 5-6 (23 pips)\n• Cy: 1-2 (3 pips)\n• Di: 0-0 (0 pips)",
        "Last placement: 2 points",
        "Opponents' tiles: 23 pips, rounded to 25 → +5",
        "Partner's tiles: 3 pips, rounded to 5 → −1",
        "Net: **6** for Ana & Cy, applied.",
        "**Round 6.** Ana went out last round and leads.",
    ]
    cancelled = Domino(1, 1, 0, 10, 0, 10, Result.OVER, (0, 300, 0), opponents_pips=11)
    assert narrate("en", THREE, [cancelled], round_number=0)[-1] == "Net: **2** for Bo, cancelled: it would pass 61."


def test_a_blocked_settlement_ranks_and_awards_in_order() -> None:
    blocked = Blocked(
        totals=(4, 17, 10, 17),
        awards=(Award(0, 0, 25, Result.SCORED, 26), Award(2, 0, 15, Result.OVER, 14)),
        winner=0,
        scores=(300, 20),
        order=(0, 2, 1, 3),
        hands=((tile(2, 2),), (tile(4, 4), tile(1, 3), tile(1, 4)), (tile(1, 2), tile(3, 4)), (tile(0, 3),)),
    )
    lines = narrate("en", FOUR, [blocked, GameOver(0, (305, 20))], round_number=2)
    assert lines[0] == "**Blocked!** Nobody can place and the boneyard is empty. Round 3 is over."
    assert lines[2] == "Lightest first: 1. Ana (4 pips) · 2. Cy (10 pips) · 3. Bo (17 pips) · 4. Di (17 pips)"
    assert lines[3] == "Ana: opponents hold 26 more pips, rounded to 25 → **+5** for Ana & Cy."
    assert lines[4] == "Cy: opponents hold 14 more pips, rounded to 15 → 3 cancelled: Ana & Cy would pass 61."
    assert lines[5] == "Ana & Cy win the round with the lightest hand."
    assert lines[6] == "🏆 **Ana & Cy** reach exactly 61 and win the match!"
    skipped = Blocked((3, 9, 20), (Award(0, 0, 20, Result.SKIPPED, 23),), None, (0, 0, 0), (0, 1, 2))
    lines = narrate("en", THREE, [skipped], round_number=0)
    assert "not applied: the match was already won." in lines[2] and lines[-1].endswith("the round is a draw.")


def test_option_labels_say_what_a_placement_would_do() -> None:
    scoring = Option(Placement(tile(1, 4)), 5, 5, Result.SCORED)
    last = Option(Placement(tile(1, 5), tile(1, 1)), 10, 10, Result.SETTLED)
    assert outcome("en", scoring) == "+1" and outcome("en", last) == "last tile, +2"
    assert outcome("en", Option(Placement(tile(1, 5), tile(4, 5)), 3, 0, Result.SETTLED)) == "last tile"
    assert outcome("en", Option(Placement(tile(1, 5), tile(4, 5)), 15, 15, Result.OVER)) == "over 61, cancelled"
    assert tile_label("en", [scoring]) == "1-4 · +1"
    assert tile_label("en", [last, Option(Placement(tile(1, 5), tile(4, 5)), 3, 0, Result.SETTLED)]) == "1-5 ▸"


def test_names_cannot_restyle_a_message() -> None:
    assert plain("  *Ana*_`x`  ") == "\\*Ana\\*\\_\\`x\\`"
    assert plain("") == "?"
