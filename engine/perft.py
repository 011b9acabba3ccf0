"""`python -m engine.perft RECORD.json --depth N`: count every line of play from a position (docs/perft.md).

Chess engines prove their move generators by counting every line of play from
fixed positions and comparing the counts with another implementation. Here a
line is a run of placements from the position after RECORD, each legal for the
seat to move, with the forced draws and passes in between played out by the
match itself; a line stops where a placement ends the round or the match.

For each depth k = 1..N it prints one JSON object a line:
`{"depth": k, "nodes": ..., "ended": ..., "points": ..., "scored": ...}`.
A record whose last round is over, or an unreadable record: one line on stderr, exit status 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path

from .errors import RecordError
from .events import Result
from .match import Match
from .phase import Phase
from .record import load_json
from .rules import TARGET_RAW


@dataclass(slots=True)
class Counts:
    """What the lines of one length add up to."""

    depth: int
    nodes: int = 0  # lines of exactly this length
    ended: int = 0  # those whose last placement ended the round or the match
    points: int = 0  # the `points` of their last placement's `place` event, summed
    scored: int = 0  # those whose last placement's `place` event has result "scored"

    def to_json(self) -> dict[str, int]:
        return {
            "depth": self.depth,
            "nodes": self.nodes,
            "ended": self.ended,
            "points": self.points,
            "scored": self.scored,
        }


def perft(match: Match, depth: int) -> list[Counts]:
    """The counts for every length 1..`depth` from `match`'s position (which is left unchanged).

    Each option's points and result are what its `place` event will say (the options are
    the placements offered to players, with their outcome). A placement is made on a clone only
    when the line goes on; one that goes out or reaches the target exactly ends the round without
    being made, and the last placement of a line is asked of the layout whether it blocks the round
    (no tile left outside the table would fit)."""
    if match.phase is not Phase.PLAYING:
        raise ValueError("no round is being played: there is nothing to count")
    if depth < 1:
        raise ValueError(f"the depth must be at least 1, not {depth}")
    counts = [Counts(k) for k in range(1, depth + 1)]
    _walk(match, counts, 0)
    return counts


def _walk(match: Match, counts: list[Counts], k: int) -> None:
    seat = match.turn
    assert seat is not None
    options = match.options(seat)
    here = counts[k]
    here.nodes += len(options)
    deeper = k + 1 < len(counts)
    need = TARGET_RAW - match.scores[match.seat_sides[seat]]
    layout = match.layout
    outside = [t for hand in match.hands for t in hand] + list(match.boneyard[match.drawn :])
    for o in options:
        result = o.result
        here.points += o.points
        if result is Result.SCORED:
            here.scored += 1
            if o.points == need:  # the exact target: the match is won
                here.ended += 1
                continue
        elif result is Result.SETTLED:  # the seat's last tile: a domino
            here.ended += 1
            continue
        if not deeper:  # the line's last placement: it ends the round only by a block
            if not layout.accepts_any_after(o.tile, o.on, outside):
                here.ended += 1
            continue
        child = match.clone()
        child.place(seat, o.placement)
        if child.phase is not Phase.PLAYING:  # a block
            here.ended += 1
        else:
            _walk(child, counts, k + 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.perft", description="Count every line of play (perft).")
    parser.add_argument("record", help="a record (docs/record-format.md) whose last round is still being played")
    parser.add_argument("--depth", type=_positive, required=True, help="the longest lines to count")
    args = parser.parse_args(argv)
    try:
        try:
            text = Path(args.record).read_bytes()
        except OSError as e:
            raise RecordError(f"cannot read {args.record}: {e.strerror}") from None
        match = Match.replay(load_json(text))
    except RecordError as e:
        print(str(e), file=sys.stderr)
        return 1
    if match.phase is not Phase.PLAYING:
        if match.round < 0:
            state = "the record has no rounds"
        else:
            state = "the match is over" if match.phase is Phase.OVER else f"round {match.round} is over"
        print(f"nothing to count: {state} (perft counts from a round still being played)", file=sys.stderr)
        return 1
    out = sys.stdout
    for c in perft(match, args.depth):
        out.write(json.dumps(c.to_json()) + "\n")
    out.flush()
    return 0


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"the depth must be at least 1, not {value}")
    return value


if __name__ == "__main__":
    sys.exit(main())
