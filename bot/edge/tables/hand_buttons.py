"""The hand: "Show my hand" under every public table message, and the private hand it opens.

A player's hand is theirs alone, so it comes as a private reply: a picture, a text, and a button per
playable tile (labelled with what it would score: the best of its places when it fits in several, and
that it ends the round when it is the player's last tile: bot/texts/private.py `tile_label`); a tile
that fits in several places asks where next, with a button per place and Back. A tile's or a place's
button carries the move number of the position it was made for, so one from an older position is
refused as stale instead of playing twice.
"""

from __future__ import annotations

from typing import Any

import discord

from engine import Placement

from ... import texts
from ...host.refusal import Refusal
from ...model.answers import Hand, TileChoice
from ...texts.i18n import t
from ...web.links import links_in_use
from ..base.client import Interaction
from ..base.game_items import GameButton
from ..base.replies import files, locale_of

MAX_BUTTONS = 25


# -- "Show my hand" on every public table message ----------------------------------


class ShowHandButton(GameButton, layout="hand:{table_id}", what="show hand"):
    def __init__(self, *, table_id: int, label: str = "") -> None:
        super().__init__(label=label or "Show my hand", style=discord.ButtonStyle.primary, table_id=table_id)
        self.table_id = table_id

    async def clicked(self, interaction: Interaction) -> None:
        await send_hand(interaction, table_id=self.table_id)


def show_hand_view(table_id: int, lang: str) -> discord.ui.View:
    """Show my hand, and with `PUBLIC_URL` set the match's page on the web (it follows the match live), on
    every turn message: the thread's first one included."""
    view = discord.ui.View(timeout=None)
    view.add_item(ShowHandButton(table_id=table_id, label=t(lang, "button-show-hand")))
    links = links_in_use()
    if links is not None:
        view.add_item(
            discord.ui.Button(style=discord.ButtonStyle.link, url=links.match(table_id), label=t(lang, "web-button"))
        )
    return view


async def send_hand(interaction: Interaction, *, table_id: int | None = None) -> None:
    """The caller's hand, privately: picture, text and a button per playable tile."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    hand = await interaction.client.manager.hand(
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


class TileButton(GameButton, layout="tile:{table_id}:{move_no}:{tile}", what="tile button"):
    def __init__(self, *, table_id: int, move_no: int, tile: str, label: str = "", many: bool = False) -> None:
        style = discord.ButtonStyle.primary if many else discord.ButtonStyle.success
        super().__init__(label=label or tile, style=style, table_id=table_id, move_no=move_no, tile=tile)
        self.table_id = table_id
        self.move_no = move_no
        self.tile = tile

    async def clicked(self, interaction: Interaction) -> None:
        await interaction.response.defer()
        locale = locale_of(interaction)
        hand = await interaction.client.manager.hand(
            table_id=self.table_id, user_id=interaction.user.id, locale=locale, picture=False
        )
        choice = _choice(hand, self.move_no, self.tile)
        if len(choice.targets) == 1:
            await place(interaction, self.table_id, self.move_no, choice.targets[0].placement)
            return
        text = texts.pick_place(locale, self.tile)
        await interaction.edit_original_response(content=text, view=targets_view(hand, choice, locale))


class TargetButton(GameButton, layout="place:{table_id}:{move_no}:{placement}", what="target button"):
    """Where to place the chosen tile: the button carries the whole placement in its notation."""

    def __init__(self, *, table_id: int, move_no: int, placement: str, label: str = "") -> None:
        style = discord.ButtonStyle.success
        super().__init__(label=label or placement, style=style, table_id=table_id, move_no=move_no, placement=placement)
        self.table_id = table_id
        self.move_no = move_no
        self.placement = placement

    async def clicked(self, interaction: Interaction) -> None:
        await interaction.response.defer()
        await place(interaction, self.table_id, self.move_no, Placement.parse(self.placement))


class BackButton(GameButton, layout="back:{table_id}:{move_no}", what="back button"):
    def __init__(self, *, table_id: int, move_no: int, label: str = "") -> None:
        style = discord.ButtonStyle.secondary
        super().__init__(label=label or "Back", style=style, table_id=table_id, move_no=move_no)
        self.table_id = table_id
        self.move_no = move_no

    async def clicked(self, interaction: Interaction) -> None:
        await interaction.response.defer()
        hand = await interaction.client.manager.hand(
            table_id=self.table_id, user_id=interaction.user.id, locale=locale_of(interaction), picture=False
        )
        await interaction.edit_original_response(content=hand.text, view=hand_view(hand))


def _choice(hand: Hand, move_no: int, tile: str) -> TileChoice:
    if hand.move_no != move_no:
        raise Refusal("stale")
    for choice in hand.choices:
        if str(choice.tile) == tile:
            return choice
    raise Refusal("stale")


async def place(interaction: Interaction, table_id: int, move_no: int, placement: Placement) -> None:
    """Play from a button (already deferred), then turn the private hand message into the receipt."""
    played = await interaction.client.manager.play(
        table_id=table_id,
        user_id=interaction.user.id,
        placement=placement,
        move_no=move_no,
        locale=locale_of(interaction),
    )
    await interaction.edit_original_response(content=played.text, attachments=[], view=None)


def hand_view(hand: Hand) -> discord.ui.View | None:
    """A button per playable tile (labelled with what it would score, at best), or none when not to move."""
    if not hand.choices:
        return None
    view = discord.ui.View(timeout=None)
    for choice in hand.choices[:MAX_BUTTONS]:
        tile, many = str(choice.tile), len(choice.targets) > 1
        view.add_item(
            TileButton(table_id=hand.table_id, move_no=hand.move_no, tile=tile, label=choice.label, many=many)
        )
    return view


def targets_view(hand: Hand, choice: TileChoice, locale: str) -> discord.ui.View:
    """Where the chosen tile may go, each with the points it would score, and Back."""
    view = discord.ui.View(timeout=None)
    for target in choice.targets[: MAX_BUTTONS - 1]:
        view.add_item(
            TargetButton(
                table_id=hand.table_id, move_no=hand.move_no, placement=str(target.placement), label=target.label
            )
        )
    view.add_item(BackButton(table_id=hand.table_id, move_no=hand.move_no, label=t(locale, "button-back")))
    return view
