"""Answering an interaction safely: the one error path of every command and every button.

Commands raise; the command tree's `on_error` (bot/edge/app.py) and the buttons' guarded callback
(bot/edge/base/game_items.py) both hand what they caught to `answer_error`: a `Refusal` becomes an ephemeral
sentence in the user's language; a Discord `NotFound`/`Forbidden` (a message deleted, a
permission removed) is logged as a warning; a lost connection to Discord (a closed session, a
dropped socket) is one warning line, however the answer then fares; anything else is logged
once with its context and the user gets a short apology. The user never sees a traceback, and
never "This interaction failed".

While the bot stops (bot/edge/app.py), `admitted` is the door of every command, button and menu: a
handler already running is counted (bot/edge/base/handlers.py), so the stop waits for it; a new one gets
"the bot is restarting" instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging

import aiohttp
import discord
from discord import app_commands

from ...host.refusal import Refusal
from ...model.posts import Picture
from ...texts.i18n import pick_locale, t
from .client import Interaction

log = logging.getLogger(__name__)


def locale_of(interaction: discord.Interaction) -> str:
    """The catalog for this user's Discord language (private replies)."""
    return pick_locale(interaction.locale)


def files(pictures: tuple[Picture, ...] | list[Picture]) -> list[discord.File]:
    """Fresh File objects for one send (a discord.File is consumed when sent), each with its description
    (alt text) when it has one."""
    return [discord.File(io.BytesIO(p.data), filename=p.filename, description=p.description or None) for p in pictures]


def record_file(record: str, lang: str) -> discord.File:
    """A game record as the file players download: `record.json`, the stored text byte for byte, described
    for screen readers in `lang`."""
    data = io.BytesIO(record.encode("utf-8"))
    return discord.File(data, filename="record.json", description=t(lang, "alt-record"))


PUBLIC_PLACEHOLDER = "five-up: public placeholder"  # interaction.extras key: a public "thinking…" awaits its answer


async def defer_publicly(interaction: discord.Interaction) -> None:
    """A public "thinking…" for an answer everyone will see; if a refusal comes instead, `reply` keeps it private.

    Discord turns the first followup after a defer into the deferred message itself, keeping the
    defer's visibility; so a refusal after a public defer would be shown to everyone. The mark
    set here tells `reply` to delete the placeholder first; `answered_publicly` clears it."""
    await interaction.response.defer(thinking=True)
    interaction.extras[PUBLIC_PLACEHOLDER] = True


def answered_publicly(interaction: discord.Interaction) -> None:
    """The public placeholder became the public answer: nothing left to remove."""
    interaction.extras.pop(PUBLIC_PLACEHOLDER, None)


async def reply(interaction: discord.Interaction, text: str, *, ephemeral: bool = True) -> None:
    """Answer, whether or not the interaction was already answered or deferred (a public
    "thinking…" placeholder goes first when the answer is private)."""
    if not interaction.response.is_done():
        await interaction.response.send_message(text, ephemeral=ephemeral)
        return
    if ephemeral and interaction.extras.pop(PUBLIC_PLACEHOLDER, False):
        with contextlib.suppress(discord.NotFound):  # already gone: the followup stands alone all the same
            await interaction.delete_original_response()
    await interaction.followup.send(text, ephemeral=ephemeral)


def connection_lost(error: BaseException) -> bool:
    """An error of the way to Discord rather than of our code: a dropped or refused connection, a
    timeout, Discord's own 5xx (an outage: docs/discord_failures.md), or the HTTP session already
    closed (the bot stopping under a handler)."""
    if isinstance(error, (aiohttp.ClientError, ConnectionError, asyncio.TimeoutError, discord.DiscordServerError)):
        return True
    return isinstance(error, RuntimeError) and "Session is closed" in str(error)


async def answer_error(interaction: discord.Interaction, error: BaseException, what: str) -> None:
    """Whatever went wrong in `what` (a command, a button), the user gets an answer and the log one entry."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original  # the command's own exception, as raised
    if connection_lost(error):
        text = t(locale_of(interaction), "error-unexpected")
        try:
            await reply(interaction, text)
        except Exception as again:
            outcome = f"the apology did not get through either ({type(again).__name__})"
        else:
            outcome = "the user got the apology"
        log.warning(
            "%s in channel %s: the connection to Discord failed (%s: %s); %s",
            what,
            interaction.channel_id,
            type(error).__name__,
            error,
            outcome,
        )
        return
    if isinstance(error, Refusal):
        text = error.text(locale_of(interaction))
    elif isinstance(error, app_commands.NoPrivateMessage):
        text = t(locale_of(interaction), "error-guild-only")
    elif isinstance(error, (discord.NotFound, discord.Forbidden)):
        log.warning("%s in channel %s: Discord said %s", what, interaction.channel_id, error)
        return
    else:
        log.error(
            "%s failed (user %s, channel %s, guild %s)",
            what,
            interaction.user.id,
            interaction.channel_id,
            interaction.guild_id,
            exc_info=error,
        )
        text = t(locale_of(interaction), "error-unexpected")
    try:
        await reply(interaction, text)
    except Exception as e:  # expired, answered elsewhere, or the connection is gone: nothing left to do
        log.warning("could not answer interaction %s: %s: %s", interaction.id, type(e).__name__, e)


# -- while the bot stops -----------------------------------------------------------------------


async def admitted(interaction: Interaction, what: str) -> bool:
    """The door of every handler: True to go on; while the bot stops, the user is told it is
    restarting (privately; an autocomplete gets no suggestions) and False is returned."""
    if interaction.client.handlers.admit(interaction, what):
        return True
    try:
        if interaction.type is discord.InteractionType.autocomplete:
            await interaction.response.autocomplete([])
        else:
            await reply(interaction, t(locale_of(interaction), "error-restarting"))
    except Exception as e:
        log.warning("could not tell user %s the bot is restarting: %s: %s", interaction.user.id, type(e).__name__, e)
    return False
