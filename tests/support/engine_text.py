"""Deals and plays written as short text, so an engine test shows the hands it is about.

Deals are written the way a person reads them ("1-4 2-2 3-3"); plays are "seat:tile" for an
opening and "seat:tile>on" for the rest.
"""

from __future__ import annotations

from engine import ALL_TILES, Event, Match, Placement, Record, Tile, parse_tile


def read_tiles(text: str) -> list[Tile]:
    return [parse_tile(word) for word in text.split()]


def read_plays(text: str) -> list[tuple[int, Tile, Tile | None]]:
    """'2:5-5 3:4-5>5-5' -> [(2, 5-5, None), (3, 4-5, 5-5)]."""
    out: list[tuple[int, Tile, Tile | None]] = []
    for word in text.split():
        seat, _, rest = word.partition(":")
        tile, _, on = rest.partition(">")
        out.append((int(seat), parse_tile(tile), parse_tile(on) if on else None))
    return out


def start_round(
    players: int, leader: int, hands: list[str], boneyard: str = "", scores: list[int] | None = None
) -> Match:
    """A match (no seed: it never deals by itself) at the start of a round with this deal.

    `boneyard` gives the first tiles to be drawn; every tile not dealt follows in set order.
    `scores` puts the sides at a score reached in earlier rounds.
    """
    match = Match(players)
    if scores is not None:
        match.scores[:] = scores
    dealt = [read_tiles(h) for h in hands]
    pile = read_tiles(boneyard)
    used = {t for h in dealt for t in h} | set(pile)
    pile += [t for t in ALL_TILES if t not in used]
    match.start_round(leader, dealt, pile)
    return match


def play(match: Match, plays: str) -> list[Event]:
    """Make each play in turn; return the events they caused."""
    events: list[Event] = []
    for seat, tile, on in read_plays(plays):
        events += match.place(seat, Placement(tile, on))
    return events


def deal(*hands: str, boneyard: str = "") -> tuple[list[list[object]], list[object]]:
    """Hands written "a-b c-d ...", the boneyard's first tiles likewise; the rest of the boneyard in tile order."""
    parsed = [[parse_tile(x) for x in h.split()] for h in hands]
    first = [parse_tile(x) for x in boneyard.split()]
    used = {x for h in parsed for x in h} | set(first)
    return parsed, first + [x for x in ALL_TILES if x not in used]  # type: ignore[return-value]


def short_record() -> Record:
    """Worked by hand:
    1. seat 0 opens 2-3: 5 scores 5; 4-6 would count 10 (0-1 1, 1-2 3, 0-2 2): missed 5.
    2. seat 1 on ends 2 and 3: 2-5 on the 2 counts 5 + 3 = 8, 3-4 on the 3 counts 2 + 4 = 6: best 0.
    3. seat 0 has no 2, 3 or 5 in hand... ends 5 and 3: it draws 3-5, which fits both: on the 3 of
       [2|3] it counts 5 + 5 = 10, on the 5 of [2|5] 3 + 3 = 6; it is placed on [2|5]: missed 10.
    4. seat 1 on ends 3 and 3: 3-4 counts 4 + 3 = 7 wherever it goes: best 0.
    Seat 0: scored 5, best 20, missed 15; its costliest placement is the third (10), then the first (5).
    """
    hands, rest = deal("4-6 2-3 0-1 1-2 0-2", "6-6 3-4 1-5 2-5 0-5", boneyard="3-5")
    data = {
        "format": "exact61-record/1",
        "players": 2,
        "rounds": [
            {
                "leader": 0,
                "hands": [[str(x) for x in h] for h in hands],
                "boneyard": [str(x) for x in rest],
                "plays": [
                    {"seat": 0, "tile": "2-3"},
                    {"seat": 1, "tile": "2-5", "on": "2-3"},
                    {"seat": 0, "tile": "3-5", "on": "2-5"},
                    {"seat": 1, "tile": "3-4", "on": "3-5"},
                ],
            }
        ],
    }
    return Record.from_json(data)
