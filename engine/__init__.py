"""The rules engine of Exact 61 Five Up: pure, synchronous, standard library only."""

from .errors import (
    BadTargetError,
    IllegalMoveError,
    MatchOverError,
    MustPlayDrawnTileError,
    NotYourTurnError,
    RecordError,
    RoundOverError,
    RulesError,
    TileNotInHandError,
)
from .events import Award, Blocked, Domino, Drew, Event, GameOver, LotDraw, Passed, Placed, Result, RoundStarted
from .layout import Layout, PlacedTile, Point, PointState, Slot
from .match import Match, draw_lot
from .option import Option
from .phase import Phase
from .placement import Placement, placement
from .record import FORMAT, HOWS, Ending, How, Play, Record, RoundRecord, format_ended_at
from .review import Judged, MatchReview, SeatReview, review
from .rounds import FinishedRound
from .rules import HAND_SIZE, TARGET, TARGET_RAW, displayed, points_for, round_to_five, side_of
from .snapshots import SeatView, TableSnapshot
from .tiles import ALL_TILES, Tile, hand_pips, parse_tile, tile

__all__ = [
    "ALL_TILES",
    "FORMAT",
    "HAND_SIZE",
    "HOWS",
    "TARGET",
    "TARGET_RAW",
    "Award",
    "BadTargetError",
    "Blocked",
    "Domino",
    "Drew",
    "Ending",
    "Event",
    "FinishedRound",
    "GameOver",
    "How",
    "IllegalMoveError",
    "Judged",
    "Layout",
    "LotDraw",
    "Match",
    "MatchOverError",
    "MatchReview",
    "MustPlayDrawnTileError",
    "NotYourTurnError",
    "Option",
    "Passed",
    "Phase",
    "Placed",
    "PlacedTile",
    "Placement",
    "Play",
    "Point",
    "PointState",
    "Record",
    "RecordError",
    "Result",
    "RoundOverError",
    "RoundRecord",
    "RoundStarted",
    "RulesError",
    "SeatReview",
    "SeatView",
    "Slot",
    "TableSnapshot",
    "Tile",
    "TileNotInHandError",
    "displayed",
    "draw_lot",
    "format_ended_at",
    "hand_pips",
    "parse_tile",
    "placement",
    "points_for",
    "review",
    "round_to_five",
    "side_of",
    "tile",
]
