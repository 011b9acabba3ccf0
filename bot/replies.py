"""Answering an interaction safely: one place that turns refusals and failures into polite replies.

Every command and button runs its body through `guarded`: a `Refusal` becomes an
ephemeral sentence in the user's language; a Discord `NotFound`/`Forbidden`
(a message deleted, a permission removed) is logged as a warning; anything
else is logged once with its context and the user gets a short apology. The
user never sees a traceback, and never "This interaction failed".
"""

from __future__ import annotations

import io
import logging
from collections.abc import Awaitable, Callable

import discord

from .i18n import pick_locale, t
from .tables import Picture, Refusal

log = logging.getLogger(__name__)


def locale_of(interaction: discord.Interaction) -> str:
    """The catalog for this user's Discord language (private replies)."""
    return pick_locale(interaction.locale)


def files(pictures: tuple[Picture, ...] | list[Picture]) -> list[discord.File]:
    """Fresh File objects for one send: a discord.File is consumed when sent."""
    return [discord.File(io.BytesIO(p.data), filename=p.filename) for p in pictures]


async def reply(interaction: discord.Interaction, text: str, *, ephemeral: bool = True) -> None:
    """Answer, whether or not the interaction was already answered or deferred."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=ephemeral)
    else:
        await interaction.response.send_message(text, ephemeral=ephemeral)


async def guarded(interaction: discord.Interaction, what: str, body: Callable[[], Awaitable[None]]) -> None:
    """Run `body`; whatever goes wrong, the user gets an answer and the log gets one entry."""
    try:
        await body()
    except Refusal as refusal:
        await _answer(interaction, refusal.text(locale_of(interaction)))
    except (discord.NotFound, discord.Forbidden) as e:
        log.warning("%s in channel %s: Discord said %s", what, interaction.channel_id, e)
    except Exception:
        log.exception(
            "%s failed (user %s, channel %s, guild %s)",
            what,
            interaction.user.id,
            interaction.channel_id,
            interaction.guild_id,
        )
        await _answer(interaction, t(locale_of(interaction), "error-unexpected"))


async def _answer(interaction: discord.Interaction, text: str) -> None:
    try:
        await reply(interaction, text)
    except discord.HTTPException as e:  # the interaction expired or was answered elsewhere: nothing left to do
        log.warning("could not answer interaction %s: %s", interaction.id, e)
