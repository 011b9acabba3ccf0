"""Typed errors: one per broken rule, all under ValueError (as python-chess does).

Each carries a stable `code` and its `params`, so the bot can show the message
in the player's language; `str(error)` is the English sentence.
"""

from __future__ import annotations


class RulesError(ValueError):
    """Base of every error the engine raises for a move or record it refuses."""

    code = "rules"

    def __init__(self, message: str, **params: object) -> None:
        super().__init__(message)
        self.params = params


class IllegalMoveError(RulesError):
    code = "illegal_move"


class NotYourTurnError(IllegalMoveError):
    code = "not_your_turn"


class TileNotInHandError(IllegalMoveError):
    code = "tile_not_in_hand"


class BadTargetError(IllegalMoveError):
    """The tile cannot attach where the move says (no such tile, or no matching open point)."""

    code = "bad_target"


class MustPlayDrawnTileError(IllegalMoveError):
    code = "must_play_drawn"


class MatchOverError(IllegalMoveError):
    code = "match_over"


class RoundOverError(IllegalMoveError):
    """A play arrived after the round ended and before the next deal."""

    code = "round_over"


class RecordError(RulesError):
    """A game record that is malformed or breaks a rule; `where` names round and play."""

    code = "bad_record"

    def __init__(self, message: str, where: str = "record") -> None:
        super().__init__(f"{where}: {message}", where=where, reason=message)
        self.where = where
        self.reason = message
