"""A player's private texts: their hand, what each tile would score (the buttons' labels), the receipt."""

from __future__ import annotations

from collections.abc import Sequence

from engine import Option, Placement, Result, SeatView, Tile

from ..model.answers import TargetChoice, TileChoice
from ..model.seating import Seating
from .i18n import t
from .seat_names import called
from .words import shown, tile_list


def outcome(locale: str, option: Option) -> str:
    """What an option would do, in a few words: "+2", "no points", "over 61, cancelled", "last tile: ends the round"."""
    if option.result is Result.SCORED:
        return t(locale, "option-points", points=shown(option.points))
    if option.result is Result.OVER:
        return t(locale, "option-over")
    if option.result is Result.SETTLED:  # the seat's last tile: the round ends, its points join the settlement
        if option.points:
            return t(locale, "option-settled-points", points=shown(option.points))
        return t(locale, "option-settled")
    return t(locale, "option-none")


def best(options: Sequence[Option]) -> Option:
    """The option of a tile to show on its button: the one that scores most (an engine number)."""
    return max(options, key=lambda o: (o.result is Result.SCORED, o.points))


def tile_label(locale: str, options: Sequence[Option]) -> str:
    """A tile's button: its outcome when it fits in one place; when there is a choice, the best points of
    its places and an arrow (the arrow alone when no place scores), and a last tile says it ends the round."""
    tile = str(options[0].tile)
    if len(options) == 1:
        return t(locale, "button-tile", tile=tile, outcome=outcome(locale, options[0]))
    top = best(options)
    if top.result is Result.SCORED:
        return t(locale, "button-tile-many-best", tile=tile, outcome=outcome(locale, top))
    if top.result is Result.SETTLED:  # every place of a last tile ends the round
        return t(locale, "button-tile-many-last", tile=tile, outcome=outcome(locale, top))
    return t(locale, "button-tile-many", tile=tile)


def tile_suggestion(locale: str, options: Sequence[Option]) -> str:
    """A tile offered by `/five-up play`'s autocomplete, with the best it would score."""
    return t(locale, "choice-tile", tile=str(options[0].tile), outcome=outcome(locale, best(options)))


def pick_place(locale: str, tile: str) -> str:
    """The private hand message once a tile that fits in several places is chosen: where?"""
    return t(locale, "hand-pick-place", tile=tile)


def target_label(locale: str, option: Option) -> str:
    if option.on is None:
        return t(locale, "choice-opening", total=option.total, outcome=outcome(locale, option))
    return t(locale, "button-target", on=str(option.on), total=option.total, outcome=outcome(locale, option))


def hand_text(
    locale: str,
    seating: Seating,
    view: SeatView,
    *,
    drawn: Sequence[Tile],
    turn: int | None,
    back: bool = False,
) -> str:
    lines = []
    if back:
        lines.append(t(locale, "hand-back"))
    if view.hand:
        lines.append(t(locale, "hand-tiles", tiles=tile_list(view.hand), pips=sum(x.pips for x in view.hand)))
    else:
        lines.append(t(locale, "hand-empty"))
    if drawn:
        lines.append(t(locale, "hand-drew", tiles=tile_list(drawn)))
    if view.must_play is not None:
        lines.append(t(locale, "hand-must-place", tile=str(view.must_play)))
    if turn is None:
        lines.append(t(locale, "hand-over"))
    elif turn == view.seat and view.options:
        lines.append(t(locale, "hand-your-turn"))
    else:
        lines.append(t(locale, "hand-wait", player=called(locale, seating, turn)))
    return "\n".join(lines)


def played_text(locale: str, placement: Placement) -> str:
    if placement.on is None:
        return t(locale, "hand-played", tile=str(placement.tile))
    return t(locale, "hand-played-on", tile=str(placement.tile), on=str(placement.on))


def hand_choices(locale: str, options: Sequence[Option]) -> tuple[TileChoice, ...]:
    """A choice per playable tile, in the order the engine lists them, each target with its label."""
    by_tile: dict[Tile, list[Option]] = {}
    for option in options:
        by_tile.setdefault(option.tile, []).append(option)
    return tuple(
        TileChoice(
            tile, tile_label(locale, group), tuple(TargetChoice(o.placement, target_label(locale, o)) for o in group)
        )
        for tile, group in by_tile.items()
    )
