"""A tournament round's pairings, by established libraries (docs/tournaments.md), not a home-made algorithm.

Swiss rounds use py4swiss's FIDE Dutch engine: a port of bbpPairings (the engine lichess runs, whose Dutch
the FIDE endorses) that keeps bbpPairings' own C++ weighted matching, so round 7 of a 200-player Swiss
pairs in about a second where caissify-pairings, pure Python, took tens. A round that FIDE's absolute
rules cannot pair is paired by py4swiss again with the colour rules as quality criteria (as FIDE has them
for the last round's topscorers) where that avoids every rematch and second bye; where it cannot (every
pairing has a rematch or a second bye: a Swiss of about as many rounds as players) the round goes to
caissify-pairings' Dutch, which lets the oldest meetings go. Round robins use caissify's FIDE
Berger tables. Everyone gets the players in the server's rating order (the higher rating the lower
pairing number; equal ratings: join order).

Seats are the engine's colours: "white" sits first. Both Dutch engines get the same seat history, so
FIDE's colour rules balance who sits first; on random tournaments the two engines give the same pairs
(tests/bot_tests/test_pairings.py). A round robin keeps Berger's order, so a double round robin's
second cycle swaps every pair's seats.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from caissify_pairings import generate_pairings
from py4swiss.engines import DutchEngine
from py4swiss.engines.common import Pairing, PairingError
from py4swiss.engines.dutch.bracket import BracketPairer, Brackets
from py4swiss.engines.dutch.player import get_player_infos_from_trf
from py4swiss.engines.dutch.validity_matcher import ValidityMatcher
from py4swiss.trf import ParsedTrf
from py4swiss.trf.codes import PlayerCode
from py4swiss.trf.results import ColorToken, ResultToken, RoundResult
from py4swiss.trf.sections import PlayerSection, XSection

from bot.model.standings import game_points_of
from bot.model.tournament import Entrant, Game

Pair = tuple[int, int | None]  # (first, second); second None: a bye

_NOT_PAIRED = RoundResult(id=0, color=ColorToken.BYE_OR_NOT_PAIRED, result=ResultToken.ZERO_POINT_BYE)
_BYE = RoundResult(id=0, color=ColorToken.BYE_OR_NOT_PAIRED, result=ResultToken.PAIRING_ALLOCATED_BYE)


def initial_order(players: Sequence[Entrant]) -> list[Entrant]:
    """The pairing order: the server's rating, highest first; equal ratings keep the join order."""
    return sorted(players, key=lambda p: -p.rating)  # sorted() is stable: the join order breaks ties


def swiss_round(
    players: Sequence[Entrant], games: Sequence[Game], round_no: int, *, total_rounds: int | None = None
) -> list[Pair]:
    """Round `round_no` of a Swiss: the players still in (withdrawn_round <= round_no: not paired) paired
    by FIDE Dutch on their points so far, no rematch while one can be avoided, a bye at most once per
    player. `total_rounds` lets the engine apply its last-round rules; None: this is not the last round."""
    active = [p for p in players if p.plays_in(round_no)]
    if len(active) < 2:
        return [(p.user_id, None) for p in active]
    for colour_rules_absolute in (True, False):  # FIDE's colour rules give way before its no-rematch rule
        try:
            return dutch_by_py4swiss(
                players, games, round_no, total_rounds=total_rounds, colour_rules_absolute=colour_rules_absolute
            )
        except PairingError:
            pass
    # every pairing has a rematch or a second bye: caissify lets the oldest meetings go
    return dutch_by_caissify(players, games, round_no, total_rounds=total_rounds)


def dutch_by_py4swiss(
    players: Sequence[Entrant],
    games: Sequence[Game],
    round_no: int,
    *,
    total_rounds: int | None = None,
    colour_rules_absolute: bool = True,
) -> list[Pair]:
    """The round by py4swiss, given the event as a FIDE tournament report (every entrant, withdrawn ones
    marked absent). Raises PairingError when no pairing keeps FIDE's absolute rules. `colour_rules_absolute`
    False: the colour rules (C.3) are quality criteria instead, for every player as FIDE has them for the last
    round's topscorers (_dutch_with_colour_rules_relaxed); no rematch and one bye a player stay absolute."""
    order = initial_order(players)
    number = {p.user_id: n for n, p in enumerate(order, start=1)}
    played = _games_by_round_and_player([g for g in games if g.round < round_no])
    sections = []
    for p in order:
        results = [_result(played.get((r, p.user_id)), p.user_id, number) for r in range(1, round_no)]
        points = sum(10 for r in range(1, round_no) if _won(played.get((r, p.user_id)), p.user_id))
        sections.append(
            PlayerSection(
                code=PlayerCode.PLAYER,
                starting_number=number[p.user_id],
                points_times_ten=points,
                rank=number[p.user_id],
                results=results,
            )
        )
    report = ParsedTrf(
        player_sections=sections,
        x_section=XSection(
            number_of_rounds=total_rounds if total_rounds is not None else round_no + 1,
            zeroed_ids={number[p.user_id] for p in order if not p.plays_in(round_no)},
        ),
    )
    user = {n: u for u, n in number.items()}
    pairings = (
        DutchEngine.generate_pairings(report) if colour_rules_absolute else _dutch_with_colour_rules_relaxed(report)
    )
    return [(user[p.white], user[p.black] if p.black else None) for p in pairings]


def _dutch_with_colour_rules_relaxed(report: ParsedTrf) -> list[Pairing]:
    """py4swiss's Dutch (DutchEngine.generate_pairings, py4swiss 0.3) with every player a topscorer: FIDE's
    exemption for the last round's topscorers, for a round whose colour rules leave no pairing. Absolute
    criterion C.3 (no two players who must have the same colour meet) then holds for no one, and quality
    criteria C.8 and C.9 (fewest colour differences past two, fewest third same colour in a row) keep the
    colour rules next after the score brackets; colour allocation E.2 gives the wider colour difference its
    colour. Raises PairingError when even no rematch and one bye a player leave no pairing."""
    players = get_player_infos_from_trf(report)
    for player in players:
        player.top_scorer = True
    players.sort(reverse=True)
    validity_matcher = ValidityMatcher(players, report.x_section.forbidden_pairs)
    if not validity_matcher.is_valid_matching():
        raise PairingError("Round can not be paired")
    round_number = min(len(section.results) for section in report.player_sections) + 1
    initial_color = report.x_section.configuration.first_round_color
    brackets = Brackets(players, round_number)
    player_pairs = []
    while not brackets.is_finished():
        bracket_pairer = BracketPairer(brackets.get_current_bracket(), validity_matcher, initial_color)
        bracket_pairs = DutchEngine._get_bracket_pairs(bracket_pairer)
        if bracket_pairs is None:
            brackets.collapse()
        else:
            brackets.apply_bracket_pairings(bracket_pairs)
            player_pairs.extend(bracket_pairs)
    player_pairs.sort(key=DutchEngine._get_player_pair_score, reverse=True)
    return [DutchEngine._get_pairing(player_pair) for player_pair in player_pairs]


def dutch_by_caissify(
    players: Sequence[Entrant], games: Sequence[Game], round_no: int, *, total_rounds: int | None = None
) -> list[Pair]:
    """The round by caissify-pairings' Dutch (the same inputs, seats as colours). Where no pairing avoids a
    rematch, the meetings of the oldest rounds are let go one round at a time until one bye at most is
    left: a repeat of an old game rather than several byes."""
    active = [p for p in initial_order(players) if p.plays_in(round_no)]
    earlier = sorted((g for g in games if g.round < round_no), key=lambda g: g.round)
    points = _points_before(earlier)
    entries = [
        {
            "id": p.user_id,
            "name": p.name,
            "score": points[round_no].get(p.user_id, 0.0),
            "rating": 0,
            "starting_number": number,
            "pairing_number": number,
            "color_hist": ["white" if g.first == p.user_id else "black" for g in earlier if _met(g, p.user_id)],
            "float_history": _floats(p.user_id, earlier, points),
            "bye_count": sum(1 for g in earlier if g.is_bye and g.first == p.user_id),
        }
        for number, p in enumerate(active, start=1)
    ]
    raw: list[dict[str, Any]] = []
    for forget in range(round_no):  # where every pairing has a rematch: the oldest rounds' may repeat first
        met = {(g.first, g.second) for g in earlier if g.second is not None and g.round > forget}
        total = total_rounds if total_rounds is not None else round_no + 1
        raw = generate_pairings("dutch", entries, met, round_no, total, max_byes_per_player=1)
        if sum(1 for r in raw if r.get("black_id") is None) <= len(active) % 2:
            break  # one bye at most: caissify gives several rather than allow a rematch
    return [(int(r["white_id"]), _id_or_none(r.get("black_id"))) for r in raw]


def round_robin(players: Sequence[Entrant], double: bool) -> list[list[Pair]]:
    """Every round of a round robin by Berger tables (a double one: the same again, seats swapped); an odd
    count gives one bye a round. Needs at least two players."""
    ordered = initial_order(players)
    entries = [{"id": p.user_id, "name": p.name, "starting_number": n} for n, p in enumerate(ordered, start=1)]
    cycles = 2 if double else 1
    count = len(entries) + len(entries) % 2
    total = (count - 1) * cycles
    rounds: list[list[Pair]] = []
    for round_no in range(1, total + 1):
        raw = generate_pairings("round_robin", entries, set(), round_no, total, cycles=cycles)
        rounds.append([(int(r["white_id"]), _id_or_none(r.get("black_id"))) for r in raw])
    return rounds


def round_robin_rounds(count: int, double: bool) -> int:
    """How many rounds a round robin of `count` players has (an odd count plays with a bye)."""
    return (count + count % 2 - 1) * (2 if double else 1)


def _games_by_round_and_player(games: Sequence[Game]) -> dict[tuple[int, int], Game]:
    found: dict[tuple[int, int], Game] = {}
    for g in games:
        found.setdefault((g.round, g.first), g)
        if g.second is not None:
            found.setdefault((g.round, g.second), g)
    return found


def _result(game: Game | None, user_id: int, number: dict[int, int]) -> RoundResult:
    """A round of a player as the report has it: any game with an opponent (forfeits too) counts as
    played, so the two never meet again; the first seat is white; an organiser's no-winner end is a loss
    for both (no points, as in the standings)."""
    if game is None:
        return _NOT_PAIRED
    if game.second is None:
        return _BYE if game.winner is not None else _NOT_PAIRED
    other = game.second if game.first == user_id else game.first
    return RoundResult(
        id=number[other],
        color=ColorToken.WHITE if game.first == user_id else ColorToken.BLACK,
        result=ResultToken.WIN if game.winner == user_id else ResultToken.LOSS,
    )


def _won(game: Game | None, user_id: int) -> bool:
    return game is not None and game.winner == user_id


def _met(game: Game, user_id: int) -> bool:
    return game.second is not None and game.involves(user_id)


def _points_before(games: Sequence[Game]) -> dict[int, dict[int, float]]:
    """Each player's points before each round: {round: {user: points}} for rounds 1..last+1."""
    last = max((g.round for g in games), default=0)
    totals: dict[int, float] = {}
    before: dict[int, dict[int, float]] = {}
    for round_no in range(1, last + 2):
        before[round_no] = dict(totals)
        for g in games:
            if g.round == round_no:
                for user, got in game_points_of(g).items():
                    totals[user] = totals.get(user, 0.0) + got
    return before


def _floats(user_id: int, games: Sequence[Game], points: dict[int, dict[int, float]]) -> list[str]:
    """The player's float each round they played (FIDE: "up" against a higher score, "down" against a
    lower one or on a bye)."""
    floats: list[str] = []
    for g in sorted(games, key=lambda g: g.round):
        if not g.involves(user_id):
            continue
        other = g.opponent(user_id)
        if other is None:
            floats.append("down")
            continue
        mine, theirs = points[g.round].get(user_id, 0.0), points[g.round].get(other, 0.0)
        floats.append("up" if theirs > mine else "down" if theirs < mine else "none")
    return floats


def _id_or_none(value: Any) -> int | None:
    return None if value is None else int(value)
