"""`/five-up-admin`: a server's own settings (bot/host/servers/server_desk.py keeps them), for tables opened afterwards.

A top-level command of its own, because Discord applies default member permissions to top-level commands
only: members without Manage Server do not see it, and each handler checks the permission again (a
server may grant the command to anyone in its integration settings; they are refused and nothing
changes). Every answer is private: `show` lists the settings, a change says what is now set (the web page
with its address when the site has one, bot/web/links.py).
"""

from __future__ import annotations

import discord
from discord import app_commands

from ... import texts
from ...host.refusal import Refusal
from ...host.servers.server_desk import ServerDesk
from ...model.pace import Pace
from ...model.server_settings import MAX_CAP, ServerSettings
from ...texts.i18n import SUPPORTED
from ...web.links import links_in_use
from ..base.client import Interaction
from ..base.command_words import PACE_CHOICES, described
from ..base.replies import locale_of

NO_LANG = "none"  # the language choice that means "as without settings"
ADMIN_LANG_CHOICES = [app_commands.Choice(name=described(f"choice-lang-{x}"), value=x) for x in (*SUPPORTED, NO_LANG)]
COMPUTERS_CHOICES = [app_commands.Choice(name=described(f"choice-computers-{x}"), value=x) for x in ("on", "off")]
WEB_CHOICES = [app_commands.Choice(name=described(f"choice-web-{x}"), value=x) for x in ("on", "off")]
RATED_CHOICES = [app_commands.Choice(name=described(f"choice-rated-{x}"), value=x) for x in ("on", "off")]


class AdminCommands(app_commands.Group):
    """`/five-up-admin show | language | pace | channels add | channels remove | channels all | computers
    | rated | cap | web`, for members with Manage Server."""

    channels = app_commands.Group(name="channels", description=described("cmd-admin-channels"))

    def __init__(self) -> None:
        super().__init__(
            name="five-up-admin",
            description=described("cmd-admin"),
            guild_only=True,
            default_permissions=discord.Permissions(manage_guild=True),
        )

    @app_commands.command(name="show", description=described("cmd-admin-show"))
    async def show(self, interaction: Interaction) -> None:
        desk, guild_id = await _desk(interaction)
        try:
            settings = await desk.settings(guild_id)
        except Refusal as refusal:
            if refusal.code == "not-saved":  # nothing was to be saved: the database does not answer
                raise Refusal("db-unavailable") from None
            raise
        await _answer(interaction, texts.admin_settings(locale_of(interaction), settings, _page(interaction)))

    @app_commands.command(name="language", description=described("cmd-admin-language"))
    @app_commands.describe(lang=described("cmd-admin-language-lang"))
    @app_commands.choices(lang=ADMIN_LANG_CHOICES)
    async def language(self, interaction: Interaction, lang: str) -> None:
        desk, guild_id = await _desk(interaction)
        settings = await desk.set_lang(guild_id, None if lang == NO_LANG else lang)
        await _saved(interaction, settings, "lang")

    @app_commands.command(name="pace", description=described("cmd-admin-pace"))
    @app_commands.describe(pace=described("cmd-admin-pace-pace"))
    @app_commands.choices(pace=PACE_CHOICES)
    async def pace(self, interaction: Interaction, pace: str) -> None:
        desk, guild_id = await _desk(interaction)
        await _saved(interaction, await desk.set_pace(guild_id, Pace(pace)), "pace")

    @channels.command(name="add", description=described("cmd-admin-channels-add"))
    @app_commands.describe(channel=described("cmd-admin-channel"))
    async def channels_add(self, interaction: Interaction, channel: discord.TextChannel) -> None:
        desk, guild_id = await _desk(interaction)
        await _saved(interaction, await desk.allow_channel(guild_id, channel.id), "channels")

    @channels.command(name="remove", description=described("cmd-admin-channels-remove"))
    @app_commands.describe(channel=described("cmd-admin-channel"))
    async def channels_remove(self, interaction: Interaction, channel: discord.TextChannel) -> None:
        desk, guild_id = await _desk(interaction)
        await _saved(interaction, await desk.disallow_channel(guild_id, channel.id), "channels")

    @channels.command(name="all", description=described("cmd-admin-channels-all"))
    async def channels_all(self, interaction: Interaction) -> None:
        desk, guild_id = await _desk(interaction)
        await _saved(interaction, await desk.allow_everywhere(guild_id), "channels")

    @app_commands.command(name="computers", description=described("cmd-admin-computers"))
    @app_commands.describe(allowed=described("cmd-admin-computers-allowed"))
    @app_commands.choices(allowed=COMPUTERS_CHOICES)
    async def computers(self, interaction: Interaction, allowed: str) -> None:
        desk, guild_id = await _desk(interaction)
        await _saved(interaction, await desk.set_computers(guild_id, allowed == "on"), "computers")

    @app_commands.command(name="rated", description=described("cmd-admin-rated"))
    @app_commands.describe(ratings=described("cmd-admin-rated-ratings"))
    @app_commands.choices(ratings=RATED_CHOICES)
    async def rated(self, interaction: Interaction, ratings: str) -> None:
        desk, guild_id = await _desk(interaction)
        await _saved(interaction, await desk.set_rated(guild_id, ratings == "on"), "rated")

    @app_commands.command(name="cap", description=described("cmd-admin-cap"))
    @app_commands.describe(tables=described("cmd-admin-cap-tables"))
    async def cap(self, interaction: Interaction, tables: app_commands.Range[int, 1, MAX_CAP]) -> None:
        desk, guild_id = await _desk(interaction)
        await _saved(interaction, await desk.set_cap(guild_id, tables), "cap")

    @app_commands.command(name="web", description=described("cmd-admin-web"))
    @app_commands.describe(page=described("cmd-admin-web-page"))
    @app_commands.choices(page=WEB_CHOICES)
    async def web(self, interaction: Interaction, page: str) -> None:
        desk, guild_id = await _desk(interaction)
        await _saved(interaction, await desk.set_web(guild_id, page == "on"), "web")


async def _desk(interaction: Interaction) -> tuple[ServerDesk, int]:
    """The server's desk and id, once the asker is known to hold Manage Server here (else a private no);
    the answer deferred, privately, as the database is asked."""
    if interaction.guild_id is None:
        raise Refusal("guild-only")
    if not interaction.permissions.manage_guild:
        raise Refusal("admin-only")
    await interaction.response.defer(ephemeral=True, thinking=True)
    return interaction.client.manager.servers, interaction.guild_id


async def _saved(interaction: Interaction, settings: ServerSettings, name: str) -> None:
    await _answer(interaction, texts.admin_saved(locale_of(interaction), settings, name, _page(interaction)))


def _page(interaction: Interaction) -> str | None:
    """The server page's address, to say with the web setting; None without `PUBLIC_URL`."""
    links = links_in_use()
    return None if links is None or interaction.guild_id is None else links.server(interaction.guild_id)


async def _answer(interaction: Interaction, text: str) -> None:
    await interaction.followup.send(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())
