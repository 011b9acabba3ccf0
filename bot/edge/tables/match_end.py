"""The match-end message's buttons: Rematch, Replay and Review.

The match's last public message offers the same table again (Rematch opens a new lobby in the
channel the match was started in, and the finished match's thread, archived and locked, gets a last
word linking to it: bot/edge/base/match_threads.py) and a look
back (the replay viewer and the review, bot/edge/replay/replay_buttons.py). Kept apart from both
because it is where the lobby and the replay meet.
"""

from __future__ import annotations

from typing import Any

import discord

from ... import texts
from ...host.refusal import Refusal
from ...texts.i18n import t
from ...web.links import links_in_use
from ..base.client import Interaction
from ..base.game_items import GameButton
from ..base.match_threads import post_in_closed_thread
from ..base.replies import locale_of
from ..replay.replay_buttons import ReplayOpenButton, ReviewButton
from .lobby_buttons import lobby_view


class RematchButton(GameButton, layout="rematch:{table_id}", what="rematch button"):
    """The same players, seats and language again. Works after restarts: the finished match is read from storage."""

    def __init__(self, *, table_id: int, label: str = "") -> None:
        super().__init__(label=label or "Rematch", style=discord.ButtonStyle.success, table_id=table_id)
        self.table_id = table_id

    async def clicked(self, interaction: Interaction) -> None:
        """The new lobby goes to the channel the match was started in; the old match's room (its
        thread) gets a last message linking to it, and the asker a private word on who starts it."""
        if interaction.channel_id is None:
            raise Refusal("guild-only")
        manager = interaction.client.manager
        asked_in = interaction.channel
        lobby, channel_id = await manager.rematch(
            table_id=self.table_id,
            user_id=interaction.user.id,
            guild_id=interaction.guild_id,
            parent_id=asked_in.parent_id if isinstance(asked_in, discord.Thread) else None,
        )
        await interaction.response.defer(ephemeral=True, thinking=True)
        client, guild_id = interaction.client, interaction.guild_id
        note = texts.rematch_note(lobby.lang)
        channel = client.get_partial_messageable(channel_id, guild_id=guild_id)
        view = lobby_view(lobby)  # a new lobby is open: it has its buttons
        text = f"{lobby.text}\n{note}"
        message = await (channel.send(text) if view is None else channel.send(text, view=view))
        await manager.set_lobby_message(lobby.table_id, message.id)
        if channel_id != interaction.channel_id:  # played in its thread: the thread's last word points to the lobby
            link = texts.rematch_link(lobby.lang, message.jump_url)
            await post_in_closed_thread(client, interaction.channel_id, link)
        table = manager.table_in(channel_id)
        host = table.host_name() if table is not None else "?"
        await interaction.followup.send(texts.rematch_opened(locale_of(interaction), host, channel_id), ephemeral=True)


def match_end_view(table_id: int, lang: str, *, rematch: bool = True) -> discord.ui.View:
    """Rematch (unless the match was a tournament's game), then Replay and Review
    (bot/edge/replay/replay_buttons.py)."""
    view = discord.ui.View(timeout=None)
    if rematch:
        view.add_item(RematchButton(table_id=table_id, label=t(lang, "button-rematch")))
    for item in match_end_items(table_id, lang):
        view.add_item(item)
    return view


def match_end_items(table_id: int, lang: str) -> list[discord.ui.Item[Any]]:
    """Replay and Review for the match-end message (beside Rematch)."""
    items: list[discord.ui.Item[Any]] = [
        ReplayOpenButton(table_id=table_id, step=0, label=t(lang, "button-replay")),
        ReviewButton(table_id=table_id, label=t(lang, "button-review")),
    ]
    links = links_in_use()
    if links is not None:  # PUBLIC_URL set: the match's page on the web
        items.append(
            discord.ui.Button(style=discord.ButtonStyle.link, url=links.match(table_id), label=t(lang, "web-button"))
        )
    return items
