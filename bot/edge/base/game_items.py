"""The base of every button and menu of ours: `DynamicItem`s whose custom_id carries the table and the action.

Nothing is kept in memory between a message and its click: each click parses its custom_id
(`5up:<kind>:<table>[:<move>:<tile>...]`), asks the game manager, and answers. `GameButton`
does both once for every button: it builds the custom_id template from the fields a button
declares, turns a matching custom_id back into that button, and runs the click through the
one error path (`replies.answer_error`); `GameSelect` does the same for a select menu, whose
picked value comes with the interaction. A button from an older position carries an older move
number and is refused politely as stale; a click by someone who is not seated is refused by
the manager. The buttons themselves live with what they serve (the lobby, the hand, the match's
end, the rules, the replay); they are registered once with `bot.add_dynamic_items`
(bot/edge/dynamic_items.py lists them). A custom_id is a promise to every message already
posted: its layout never changes, or the buttons posted before a deploy stop working.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

import discord

from .client import Interaction
from .replies import admitted, answer_error

TILE = r"[0-6]-[0-6]"
# Every field a custom_id may carry: its pattern, and whether it reads as a number.
FIELDS: dict[str, tuple[str, bool]] = {
    "table_id": (r"\d+", True),
    "event_id": (r"\d+", True),  # a tournament's (bot/edge/tournaments/tournament_commands.py)
    "move_no": (r"\d+", True),
    "page": (r"\d+", True),
    "step": (r"\d+", True),  # a placement's number in a match, for the replay (bot/edge/replay/replay_buttons.py)
    "action": (r"\w+", False),
    "tile": (TILE, False),
    "placement": (rf"{TILE}(?:@{TILE})?", False),  # engine.Placement's notation: "3-5@1-3", or "3-5" opening
    "direction": (r"prev|next", False),
}
_FIELD = re.compile(r"\{(\w+)\}")


def _template(layout: str) -> str:
    """The custom_id pattern of a layout: each `{field}` becomes a named group of its FIELDS pattern."""
    return "5up:" + _FIELD.sub(lambda m: f"(?P<{m[1]}>{FIELDS[m[1]][0]})", layout)


def _fields(match: re.Match[str]) -> dict[str, Any]:
    """A matched custom_id's fields, numbers as numbers."""
    return {k: int(v) if FIELDS[k][1] else v for k, v in match.groupdict().items()}


class GameButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"5up:(?!)"):
    """A button of ours. A subclass names its custom_id after `5up:` with `{field}`s from FIELDS
    (`class TileButton(GameButton, layout="tile:{table_id}:{move_no}:{tile}")`), takes those
    fields and `label` as keyword arguments, and says in `clicked` what a click does."""

    layout: ClassVar[str]
    what: ClassVar[str]  # for the log: "tile button"

    def __init_subclass__(cls, *, layout: str, what: str) -> None:
        super().__init_subclass__(template=_template(layout))
        cls.layout = layout
        cls.what = what

    def __init__(self, *, label: str, style: discord.ButtonStyle, disabled: bool = False, **fields: object) -> None:
        custom_id = "5up:" + self.layout.format(**fields)
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id, disabled=disabled))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> GameButton:
        return cls(label=getattr(item, "label", "") or "", **_fields(match))

    async def callback(self, interaction: Interaction) -> None:  # type: ignore[override]
        if not await admitted(interaction, self.what):  # the bot is stopping: "restarting" was said
            return
        try:
            await self.clicked(interaction)
        except Exception as error:
            await answer_error(interaction, error, self.what)

    async def clicked(self, interaction: Interaction) -> None:
        raise NotImplementedError


class GameSelect(discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]], template=r"5up:(?!)"):
    """A select menu of ours, restart-proof like `GameButton`: a subclass names its custom_id with
    `{field}`s, takes those fields, `options` and `placeholder`, and says in `chosen` what the
    picked value does. The value itself comes with the interaction, so nothing is kept in memory."""

    layout: ClassVar[str]
    what: ClassVar[str]

    def __init_subclass__(cls, *, layout: str, what: str) -> None:
        super().__init_subclass__(template=_template(layout))
        cls.layout = layout
        cls.what = what

    def __init__(self, *, options: list[discord.SelectOption], placeholder: str = "", **fields: object) -> None:
        custom_id = "5up:" + self.layout.format(**fields)
        super().__init__(discord.ui.Select(custom_id=custom_id, options=options, placeholder=placeholder or None))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> GameSelect:
        options = list(getattr(item, "options", []) or [])
        return cls(options=options, placeholder=getattr(item, "placeholder", "") or "", **_fields(match))

    async def callback(self, interaction: Interaction) -> None:  # type: ignore[override]
        if not await admitted(interaction, self.what):
            return
        try:
            (value,) = self.item.values
            await self.chosen(interaction, str(value))
        except Exception as error:
            await answer_error(interaction, error, self.what)

    async def chosen(self, interaction: Interaction, value: str) -> None:
        raise NotImplementedError
