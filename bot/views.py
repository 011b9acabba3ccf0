"""Buttons that survive restarts: `DynamicItem`s whose custom_id carries the table and the action.

Nothing is kept in memory between a message and its click: each click parses
its custom_id (`5up:<action>:<table>[:<move>:<tile>...]`), asks the game
manager, and answers. A button from an older position carries an older move
number and is refused politely as stale; a click by someone who is not seated
is refused by the manager. Registered once with `bot.add_dynamic_items(*DYNAMIC_ITEMS)`.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from engine import parse_tile

from .i18n import t
from .manager import Manager
from .replies import files, guarded, locale_of
from .rules_pages import rules_pages
from .tables import Hand, Lobby, Refusal, TileChoice

TILE = r"[0-6]-[0-6]"
LOBBY_ACTIONS = ("join", "leave", "start", "cancel")
LOBBY_STYLES = {
    "join": discord.ButtonStyle.success,
    "leave": discord.ButtonStyle.secondary,
    "start": discord.ButtonStyle.primary,
    "cancel": discord.ButtonStyle.danger,
}
MAX_BUTTONS = 25


def manager_of(interaction: discord.Interaction) -> Manager:
    manager = getattr(interaction.client, "manager", None)
    if manager is None:
        raise RuntimeError("the game manager is not running yet")
    return manager


# -- the lobby ------------------------------------------------------------------


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button], template=r"5up:lobby:(?P<table>\d+):(?P<action>\w+)"):
    def __init__(self, table_id: int, action: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or action, style=LOBBY_STYLES.get(action), custom_id=f"5up:lobby:{table_id}:{action}"
            )
        )
        self.table_id = table_id
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(int(match["table"]), match["action"], getattr(item, "label", "") or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, f"lobby {self.action}", lambda: self._click(interaction))

    async def _click(self, interaction: discord.Interaction) -> None:
        manager = manager_of(interaction)
        locale = locale_of(interaction)
        user = interaction.user
        common = {"table_id": self.table_id, "user_id": user.id, "locale": locale}
        if self.action == "join":
            lobby = await manager.join(name=user.display_name, **common)
        elif self.action == "leave":
            lobby = await manager.leave(**common)
        elif self.action == "start":
            lobby = await manager.start(**common)
        elif self.action == "cancel":
            lobby = await manager.cancel(**common)
        else:
            raise Refusal("stale")
        await interaction.response.edit_message(content=lobby.text, view=lobby_view(lobby))


def lobby_view(lobby: Lobby) -> discord.ui.View | None:
    """Join / Leave / Start / Cancel while the lobby is open; no buttons once it is not."""
    if not lobby.open:
        return None
    view = discord.ui.View(timeout=None)
    for action in LOBBY_ACTIONS:
        view.add_item(LobbyButton(lobby.table_id, action, t(lobby.lang, f"button-{action}")))
    return view


# -- "Show my hand" on every public table message ----------------------------------


class ShowHandButton(discord.ui.DynamicItem[discord.ui.Button], template=r"5up:hand:(?P<table>\d+)"):
    def __init__(self, table_id: int, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or "Show my hand", style=discord.ButtonStyle.primary, custom_id=f"5up:hand:{table_id}"
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ShowHandButton:
        return cls(int(match["table"]), getattr(item, "label", "") or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, "show hand", lambda: send_hand(interaction, table_id=self.table_id))


def show_hand_view(table_id: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ShowHandButton(table_id, t(lang, "button-show-hand")))
    return view


async def send_hand(interaction: discord.Interaction, *, table_id: int | None = None) -> None:
    """The caller's hand, privately: picture, text and a button per playable tile."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    hand = await manager_of(interaction).hand(
        user_id=interaction.user.id,
        locale=locale_of(interaction),
        table_id=table_id,
        channel_id=None if table_id is not None else interaction.channel_id,
    )
    extra: dict[str, Any] = {}
    view = hand_view(hand)
    if view is not None:
        extra["view"] = view
    if hand.picture is not None:
        extra["files"] = files([hand.picture])
    await interaction.followup.send(hand.text, ephemeral=True, **extra)


# -- the private hand: tiles, then where ---------------------------------------------


class TileButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"5up:tile:(?P<table>\d+):(?P<move>\d+):(?P<tile>{TILE})",
):
    def __init__(self, table_id: int, move_no: int, tile: str, label: str = "", *, many: bool = False) -> None:
        style = discord.ButtonStyle.primary if many else discord.ButtonStyle.success
        super().__init__(
            discord.ui.Button(label=label or tile, style=style, custom_id=f"5up:tile:{table_id}:{move_no}:{tile}")
        )
        self.table_id = table_id
        self.move_no = move_no
        self.tile = tile

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TileButton:
        return cls(int(match["table"]), int(match["move"]), match["tile"], getattr(item, "label", "") or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, "tile button", lambda: self._click(interaction))

    async def _click(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        manager = manager_of(interaction)
        locale = locale_of(interaction)
        hand = await manager.hand(table_id=self.table_id, user_id=interaction.user.id, locale=locale, picture=False)
        choice = _choice(hand, self.move_no, self.tile)
        if len(choice.targets) == 1:
            await place(interaction, self.table_id, self.move_no, self.tile, choice.targets[0].on)
            return
        text = t(locale, "hand-pick-place", tile=self.tile)
        await interaction.edit_original_response(content=text, view=targets_view(hand, choice, locale))


class TargetButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"5up:on:(?P<table>\d+):(?P<move>\d+):(?P<tile>{TILE}):(?P<on>{TILE}|open)",
):
    def __init__(self, table_id: int, move_no: int, tile: str, on: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or on,
                style=discord.ButtonStyle.success,
                custom_id=f"5up:on:{table_id}:{move_no}:{tile}:{on}",
            )
        )
        self.table_id = table_id
        self.move_no = move_no
        self.tile = tile
        self.on = on

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TargetButton:
        label = getattr(item, "label", "") or ""
        return cls(int(match["table"]), int(match["move"]), match["tile"], match["on"], label)

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, "target button", lambda: self._click(interaction))

    async def _click(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        on = None if self.on == "open" else parse_tile(self.on)
        await place(interaction, self.table_id, self.move_no, self.tile, on)


class BackButton(discord.ui.DynamicItem[discord.ui.Button], template=r"5up:back:(?P<table>\d+):(?P<move>\d+)"):
    def __init__(self, table_id: int, move_no: int, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or "Back", style=discord.ButtonStyle.secondary, custom_id=f"5up:back:{table_id}:{move_no}"
            )
        )
        self.table_id = table_id
        self.move_no = move_no

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> BackButton:
        return cls(int(match["table"]), int(match["move"]), getattr(item, "label", "") or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, "back button", lambda: self._click(interaction))

    async def _click(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        locale = locale_of(interaction)
        hand = await manager_of(interaction).hand(
            table_id=self.table_id, user_id=interaction.user.id, locale=locale, picture=False
        )
        await interaction.edit_original_response(content=hand.text, view=hand_view(hand))


def _choice(hand: Hand, move_no: int, tile: str) -> TileChoice:
    if hand.move_no != move_no:
        raise Refusal("stale")
    for choice in hand.choices:
        if str(choice.tile) == tile:
            return choice
    raise Refusal("stale")


async def place(interaction: discord.Interaction, table_id: int, move_no: int, tile: str, on: object) -> None:
    """Play from a button (already deferred), then turn the private hand message into the receipt."""
    played = await manager_of(interaction).play(
        table_id=table_id,
        user_id=interaction.user.id,
        tile=tile,
        on=on,  # type: ignore[arg-type]
        move_no=move_no,
        locale=locale_of(interaction),
    )
    await interaction.edit_original_response(content=played.text, attachments=[], view=None)


def hand_view(hand: Hand) -> discord.ui.View | None:
    """A button per playable tile (labelled with what it would score), or none when not to move."""
    if not hand.choices:
        return None
    view = discord.ui.View(timeout=None)
    for choice in hand.choices[:MAX_BUTTONS]:
        view.add_item(
            TileButton(hand.table_id, hand.move_no, str(choice.tile), choice.label, many=len(choice.targets) > 1)
        )
    return view


def targets_view(hand: Hand, choice: TileChoice, locale: str) -> discord.ui.View:
    """Where the chosen tile may go, each with the points it would score, and Back."""
    view = discord.ui.View(timeout=None)
    for target in choice.targets[: MAX_BUTTONS - 1]:
        on = "open" if target.on is None else str(target.on)
        view.add_item(TargetButton(hand.table_id, hand.move_no, str(choice.tile), on, target.label))
    view.add_item(BackButton(hand.table_id, hand.move_no, t(locale, "button-back")))
    return view


# -- the rules, paged -----------------------------------------------------------------


class RulesPageButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"5up:rules:(?P<page>\d+):(?P<dir>prev|next)"
):
    def __init__(self, page: int, direction: str, label: str = "", *, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or direction,
                style=discord.ButtonStyle.secondary,
                custom_id=f"5up:rules:{page}:{direction}",
                disabled=disabled,
            )
        )
        self.page = page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RulesPageButton:
        return cls(int(match["page"]), match["dir"], getattr(item, "label", "") or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        async def show() -> None:
            embed, view = rules_message(locale_of(interaction), self.page)
            await interaction.response.edit_message(embed=embed, view=view)

        await guarded(interaction, "rules page", show)


def rules_message(locale: str, page: int) -> tuple[discord.Embed, discord.ui.View]:
    """One page of the rules in `locale`, with Previous / Next."""
    pages = rules_pages(locale)
    page = max(0, min(page, len(pages) - 1))
    embed = discord.Embed(title=t(locale, "rulebook-title"), description=pages[page])
    embed.set_footer(text=t(locale, "rulebook-page", page=page + 1, pages=len(pages)))
    view = discord.ui.View(timeout=None)
    view.add_item(RulesPageButton(max(page - 1, 0), "prev", t(locale, "button-previous"), disabled=page == 0))
    view.add_item(RulesPageButton(page + 1, "next", t(locale, "button-next"), disabled=page >= len(pages) - 1))
    return embed, view


DYNAMIC_ITEMS = (LobbyButton, ShowHandButton, TileButton, TargetButton, BackButton, RulesPageButton)
