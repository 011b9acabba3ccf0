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
from .match import Match, draw_lot, side_of
from .record import FORMAT, Play, Record, RoundRecord
from .tiles import ALL_TILES, HAND_SIZE, TARGET_RAW, Tile, hand_pips, parse_tile, round_to_five, tile
from .views import Option, Phase, SeatView, TableSnapshot

__all__ = [
    "ALL_TILES",
    "FORMAT",
    "HAND_SIZE",
    "TARGET_RAW",
    "Award",
    "BadTargetError",
    "Blocked",
    "Domino",
    "Drew",
    "Event",
    "GameOver",
    "IllegalMoveError",
    "Layout",
    "LotDraw",
    "Match",
    "MatchOverError",
    "MustPlayDrawnTileError",
    "NotYourTurnError",
    "Option",
    "Passed",
    "Phase",
    "Placed",
    "PlacedTile",
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
    "SeatView",
    "Slot",
    "TableSnapshot",
    "Tile",
    "TileNotInHandError",
    "draw_lot",
    "hand_pips",
    "parse_tile",
    "round_to_five",
    "side_of",
    "tile",
]
