"""The lobby message's buttons: Join, Leave, Start, Cancel, "Sit with…" at a 4-seat table, and Accept /
Decline while a partner choice waits for the people it would move.

What a lobby click does is the game manager's; here are the buttons that carry it (restart-proof,
bot/edge/base/game_items.py), the view that shows them while the lobby is open, and the thread a
Start opens for the match. Each action and its message edit take the table's lobby turn
(bot/edge/base/lobby_turns.py), as the lobby commands do.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from ...host.refusal import Refusal
from ...host.table_roles import ThreadOpener
from ...model.answers import Lobby, PartnerProposal
from ...texts.i18n import t
from ..base.client import Interaction
from ..base.game_items import GameButton, GameSelect
from ..base.replies import locale_of

log = logging.getLogger(__name__)

LOBBY_ACTIONS = ("join", "leave", "start", "cancel")
_ANSWER = re.compile(r"(?P<answer>yes|no)_(?P<chooser>[0-3])_(?P<chosen>[0-3])")
LOBBY_STYLES = {
    "join": discord.ButtonStyle.success,
    "leave": discord.ButtonStyle.secondary,
    "start": discord.ButtonStyle.primary,
    "cancel": discord.ButtonStyle.danger,
}


class LobbyButton(GameButton, layout="lobby:{table_id}:{action}", what="lobby button"):
    def __init__(self, *, table_id: int, action: str, label: str = "") -> None:
        style = LOBBY_STYLES.get(action, discord.ButtonStyle.secondary)
        super().__init__(label=label or action, style=style, table_id=table_id, action=action)
        self.table_id = table_id
        self.action = action

    async def clicked(self, interaction: Interaction) -> None:
        manager = interaction.client.manager
        user = interaction.user
        common: dict[str, Any] = {"table_id": self.table_id, "user_id": user.id, "locale": locale_of(interaction)}
        async with interaction.client.lobby_turns.of(self.table_id):
            if self.action == "join":
                lobby = await manager.join(name=user.display_name, **common)
            elif self.action == "leave":
                lobby = await manager.leave(**common)
            elif self.action == "start":
                await interaction.response.defer()  # opening the thread is one more request to Discord
                lobby = await manager.start(open_thread=thread_opener(interaction), **common)
                await interaction.edit_original_response(content=lobby.text, view=lobby_view(lobby))
                return
            elif self.action == "cancel":
                lobby = await manager.cancel(**common)
            else:
                raise Refusal("stale")
            await interaction.response.edit_message(content=lobby.text, view=lobby_view(lobby))


class PartnerSelect(GameSelect, layout="sit:{table_id}", what="partner menu"):
    """The "Sit with…" menu of a 4-seat lobby: the chooser takes the seat opposite the person picked."""

    def __init__(self, *, table_id: int, options: list[discord.SelectOption], placeholder: str = "") -> None:
        super().__init__(options=options, placeholder=placeholder, table_id=table_id)
        self.table_id = table_id

    async def chosen(self, interaction: Interaction, value: str) -> None:
        if not value.isdigit():
            raise Refusal("partner-gone")
        async with interaction.client.lobby_turns.of(self.table_id):
            lobby = await (await interaction.client.manager.lobby_of(self.table_id)).sit_with(
                user_id=interaction.user.id, partner_id=int(value), locale=locale_of(interaction)
            )
            await interaction.response.edit_message(content=lobby.text, view=lobby_view(lobby))
        await interaction.followup.send(lobby.note, ephemeral=True)


class ProposalButton(GameButton, layout="pair:{table_id}:{move_no}:{action}", what="partner answer"):
    """Accept or Decline on a partner choice the lobby shows: `move_no` is the table's version when the
    choice was made (any change since makes it stale), `action` the answer and the two seats it
    joins ("yes_0_3"), so the button still means the same choice after a restart."""

    def __init__(self, *, table_id: int, move_no: int, action: str, label: str = "") -> None:
        style = discord.ButtonStyle.success if action.startswith("yes") else discord.ButtonStyle.secondary
        super().__init__(label=label or action, style=style, table_id=table_id, move_no=move_no, action=action)
        self.table_id = table_id
        self.stamp = move_no
        self.action = action

    @staticmethod
    def action_of(accept: bool, proposal: PartnerProposal) -> str:
        return f"{'yes' if accept else 'no'}_{proposal.chooser}_{proposal.chosen}"

    async def clicked(self, interaction: Interaction) -> None:
        answer = _ANSWER.fullmatch(self.action)
        if answer is None:
            raise Refusal("stale")
        key = (int(answer["chooser"]), int(answer["chosen"]), self.stamp)
        async with interaction.client.lobby_turns.of(self.table_id):
            lobby = await (await interaction.client.manager.lobby_of(self.table_id)).answer_partner(
                user_id=interaction.user.id, key=key, accept=answer["answer"] == "yes", locale=locale_of(interaction)
            )
            await interaction.response.edit_message(content=lobby.text, view=lobby_view(lobby))
        await interaction.followup.send(lobby.note, ephemeral=True)


def thread_opener(interaction: Interaction) -> ThreadOpener:
    """Opens a public thread on the lobby message clicked, where the bot may (None where it may not:
    the lobby is itself in a thread or a forum post, or Create Public Threads or Send Messages in
    Threads is missing); a refusal from Discord is logged and the match plays in the channel."""

    async def open_thread(name: str) -> int | None:
        channel, message = interaction.channel, interaction.message
        allowed = interaction.app_permissions
        if not isinstance(channel, discord.TextChannel) or message is None:
            return None
        if not (allowed.create_public_threads and allowed.send_messages_in_threads):
            return None
        earlier = channel.guild.get_thread(message.id)  # made by a start whose save then failed
        if earlier is not None:
            return earlier.id
        try:
            thread = await message.create_thread(name=name, auto_archive_duration=1440)
        except discord.HTTPException as e:
            log.warning("cannot open a thread in channel %s: %s; the match plays in the channel", channel.id, e)
            return None
        return thread.id

    return open_thread


def lobby_view(lobby: Lobby) -> discord.ui.View | None:
    """Join / Leave / Start / Cancel while the lobby is open, "Sit with…" at 4 seats and Accept / Decline
    under a partner choice waiting for answers; nothing once closed."""
    if not lobby.open:
        return None
    view = discord.ui.View(timeout=None)
    for action in LOBBY_ACTIONS:
        view.add_item(LobbyButton(table_id=lobby.table_id, action=action, label=t(lobby.lang, f"button-{action}")))
    proposal = lobby.proposal
    if proposal is not None:  # on a row of their own, under the lobby's buttons
        for accept, key in ((True, "button-accept"), (False, "button-decline")):
            label, action = t(lobby.lang, key), ProposalButton.action_of(accept, proposal)
            button = ProposalButton(table_id=lobby.table_id, move_no=proposal.stamp, action=action, label=label)
            button.row = 1
            view.add_item(button)
    if lobby.partners:
        options = [discord.SelectOption(label=p.name, value=str(p.user_id), description=p.seat) for p in lobby.partners]
        menu = PartnerSelect(table_id=lobby.table_id, options=options, placeholder=t(lobby.lang, "lobby-sit-with"))
        menu.row = 2
        view.add_item(menu)
    return view
