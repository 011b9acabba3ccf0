"""`/five-up join`, `/five-up leave` and `/five-up host`: the lobby's commands, and what every command that
acts on the table of its channel or thread shares (which table it means, its lobby message refreshed).

A channel holds any number of tables; a command names none, so the game manager picks the one it means
(bot/host/tables/table_choice.py: the caller's own there, else the newest lobby, else a private list of them).
Each lobby action and its message edit take the table's lobby turn (bot/edge/base/lobby_turns.py), as its
buttons do.
"""

from __future__ import annotations

import discord
from discord import app_commands

from ...host.refusal import Refusal
from ...host.tables.table_choice import Want
from ...model.answers import Lobby
from ..base.client import Interaction
from ..base.command_words import described
from ..base.replies import locale_of
from .lobby_buttons import lobby_view


@app_commands.command(name="join", description=described("cmd-join"))
async def join(interaction: Interaction) -> None:
    table_id = await table_id_of(interaction, Want.LOBBY)
    async with interaction.client.lobby_turns.of(table_id):
        lobby = await interaction.client.manager.join(
            channel_id=channel_of(interaction),
            table_id=table_id,
            user_id=interaction.user.id,
            name=interaction.user.display_name,
            locale=locale_of(interaction),
        )
        await interaction.response.send_message(lobby.note, ephemeral=True)
        await refresh_lobby(interaction, lobby)


@app_commands.command(name="leave", description=described("cmd-leave"))
async def leave(interaction: Interaction) -> None:
    table_id = await table_id_of(interaction, Want.LOBBY)
    async with interaction.client.lobby_turns.of(table_id):
        lobby = await interaction.client.manager.leave(
            channel_id=channel_of(interaction),
            table_id=table_id,
            user_id=interaction.user.id,
            locale=locale_of(interaction),
        )
        await interaction.response.send_message(lobby.note, ephemeral=True)
        await refresh_lobby(interaction, lobby)


@app_commands.command(name="host", description=described("cmd-host"))
@app_commands.describe(seat=described("cmd-host-seat"))
async def host(interaction: Interaction, seat: app_commands.Range[int, 1, 4]) -> None:
    """The host hands their lobby to the person in `seat`, who starts it from now on."""
    table_id = await table_id_of(interaction, Want.LOBBY)
    async with interaction.client.lobby_turns.of(table_id):
        lobby = await interaction.client.manager.hand_over(
            channel_id=channel_of(interaction),
            table_id=table_id,
            user_id=interaction.user.id,
            seat=seat - 1,
            locale=locale_of(interaction),
        )
        await interaction.response.send_message(lobby.note, ephemeral=True)
        await refresh_lobby(interaction, lobby)


def channel_of(interaction: Interaction) -> int:
    if interaction.channel_id is None or interaction.guild_id is None:
        raise Refusal("guild-only")
    return interaction.channel_id


async def table_id_of(interaction: Interaction, want: Want) -> int:
    """The table a command in this channel or thread is for (bot/host/tables/table_choice.py says which)."""
    manager = interaction.client.manager
    return (await manager.table_for(room=channel_of(interaction), user_id=interaction.user.id, want=want)).id


async def refresh_lobby(interaction: Interaction, lobby: Lobby) -> None:
    """After a join, leave or end by command, the public lobby message shows the new state."""
    if lobby.message_id is None or interaction.channel is None:
        return
    try:
        message = interaction.channel.get_partial_message(lobby.message_id)  # type: ignore[union-attr]
        await message.edit(content=lobby.text, view=lobby_view(lobby))
    except discord.HTTPException:
        pass  # the lobby message was deleted: the seats are saved all the same


def lobby_commands() -> list[app_commands.Command[app_commands.Group, ..., None]]:
    return [join, leave, host]
