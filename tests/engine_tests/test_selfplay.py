"""The one play-out loop: it plays to the end, deals each next round, stops where it is told, reports each placement."""

from __future__ import annotations

import doctest
import random

import engine.selfplay
from engine import Event, Match, Option, Phase
from engine.selfplay import at_random, first_option, placed, play_to_end


def test_its_examples_hold() -> None:
    failed, attempted = doctest.testmod(engine.selfplay)
    assert attempted >= 4 and failed == 0


def test_it_plays_every_round_to_the_match_end_and_reports_each_placement() -> None:
    seen: list[list[Event]] = []
    match = play_to_end(Match.new(3, "selfplay/all"), at_random(random.Random(1)), after=lambda m, e: seen.append(e))
    assert match.phase is Phase.OVER and match.winner is not None and match.round >= 1
    assert len(seen) == match.move_no == match.record.placements


def test_it_asks_the_chooser_for_the_seat_to_move_and_stops_when_told() -> None:
    asked: list[tuple[int, int]] = []

    def choose(match: Match, seat: int) -> Option:
        asked.append((seat, match.turn if match.turn is not None else -1))
        return first_option(match, seat)

    match = play_to_end(Match.new(2, "selfplay/stop"), choose, until=lambda m: m.move_no == 5)
    assert match.move_no == 5 and len(asked) == 5 and all(seat == turn for seat, turn in asked)
    round_end = play_to_end(Match.new(4, "selfplay/round"), first_option, until=lambda m: m.phase is not Phase.PLAYING)
    assert round_end.phase is Phase.ROUND_OVER and round_end.round == 0


def test_placed_stops_after_so_many_placements_with_the_next_round_dealt() -> None:
    match = play_to_end(Match.new(2, "selfplay/placed"), first_option, until=lambda m: m.phase is Phase.ROUND_OVER)
    ended = match.move_no
    again = play_to_end(Match.new(2, "selfplay/placed"), first_option, until=placed(ended))
    assert again.move_no == ended and again.phase is Phase.PLAYING and again.round == 1
    assert play_to_end(Match.new(2, "selfplay/placed"), first_option, until=placed(3)).move_no == 3
