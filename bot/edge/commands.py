"""The `/five-up` command group: thin callbacks that ask the game manager and answer.

A body says what goes right; what goes wrong (a `Refusal`, a Discord error) it raises, and
the command tree's `on_error` (bot/edge/app.py) answers through `replies.answer_error`, the error
path of the buttons too. Every description is a `locale_str` whose `key` names its Fluent
message, so the translator can give Korean and Spanish users their own words; the English
text itself comes from the English catalog, read when this module is imported (bot/edge/app.py
does so when it builds the command tree). Work that may wait (a picture, a table busy
placing) is deferred first, so Discord's 3-second deadline is never missed.
"""

from __future__ import annotations

import asyncio

import discord
from discord import app_commands

from engine import Option, Placement, Tile, parse_tile

from .. import texts
from ..host.refusal import Refusal
from ..host.replay.replay_desk import replay_desk_of
from ..host.tables.table_choice import Want
from ..model.pace import OnTimeout, Pace
from ..model.table_state import LEVELS, TableStatus
from ..texts.i18n import SUPPORTED
from .base.client import Interaction
from .base.command_words import PACE_CHOICES, TIMEOUT_CHOICES, described, table_language
from .base.replies import answered_publicly, defer_publicly, files, locale_of, record_file
from .clocks.player_commands import player_commands
from .replay.replay_buttons import history_view, open_viewer, send_animation, send_review
from .tables.hand_buttons import send_hand, show_hand_view
from .tables.help_and_rules import help_message, rules_message
from .tables.lobby_buttons import lobby_view
from .tables.lobby_commands import channel_of, lobby_commands, refresh_lobby
from .tournaments.tournament_commands import TournamentCommands

MAX_CHOICES = 25


LEVEL_CHOICES = [app_commands.Choice(name=described(f"choice-level-{x}"), value=x) for x in LEVELS]
LANG_CHOICES = [app_commands.Choice(name=described(f"choice-lang-{x}"), value=x) for x in SUPPORTED]


class FiveUpCommands(app_commands.Group):
    """`/five-up start | hand | play | board | score | rules | help | end | stats | leaderboard | history
    | replay | review`, `join | leave | host` (bot/edge/tables/lobby_commands.py) and `turns | settings`
    (bot/edge/clocks/player_commands.py)."""

    def __init__(self) -> None:
        super().__init__(name="five-up", description=described("cmd-five-up"), guild_only=True)
        for command in player_commands():  # /five-up turns and settings (bot/edge/clocks/player_commands.py)
            self.add_command(command)
        for command in lobby_commands():  # /five-up join, leave and host (bot/edge/tables/lobby_commands.py)
            self.add_command(command)
        self.add_command(TournamentCommands())  # /five-up tournament … (bot/edge/tournaments/tournament_commands.py)

    # -- the lobby ------------------------------------------------------------

    @app_commands.command(name="start", description=described("cmd-start"))
    @app_commands.describe(
        bots=described("cmd-start-bots"),
        level=described("cmd-start-level"),
        lang=described("cmd-start-lang"),
        thread=described("cmd-start-thread"),
        pace=described("cmd-start-pace"),
        timeout=described("cmd-start-timeout"),
        quiet=described("cmd-start-quiet"),
    )
    @app_commands.choices(level=LEVEL_CHOICES, lang=LANG_CHOICES, pace=PACE_CHOICES, timeout=TIMEOUT_CHOICES)
    async def start(
        self,
        interaction: Interaction,
        bots: app_commands.Range[int, 0, 3] = 0,
        level: str = "normal",
        lang: str | None = None,
        thread: bool = True,
        pace: str | None = None,
        timeout: str = OnTimeout.COMPUTER.value,
        quiet: bool = False,
    ) -> None:
        manager = interaction.client.manager
        settings = await manager.servers.settings(interaction.guild_id)  # the server's defaults
        channel = interaction.channel
        lobby = await manager.open_table(
            guild_id=interaction.guild_id,
            channel_id=channel_of(interaction),
            host_id=interaction.user.id,
            host_name=interaction.user.display_name,
            lang=lang or settings.lang or table_language(interaction.guild_locale, interaction.locale),
            bots=bots,
            level=level,
            use_thread=thread,
            pace=None if pace is None else Pace(pace),
            on_timeout=OnTimeout(timeout),
            parent_id=channel.parent_id if isinstance(channel, discord.Thread) else None,
            quiet=quiet,
        )
        async with interaction.client.lobby_turns.of(lobby.table_id):  # a join by command waits for the message
            await interaction.response.send_message(lobby.text, view=lobby_view(lobby) or discord.utils.MISSING)
            message = await interaction.original_response()
            await manager.set_lobby_message(lobby.table_id, message.id)

    # -- playing --------------------------------------------------------------

    @app_commands.command(name="hand", description=described("cmd-hand"))
    async def hand(self, interaction: Interaction) -> None:
        await send_hand(interaction)

    @app_commands.command(name="play", description=described("cmd-play"))
    @app_commands.describe(tile=described("cmd-play-tile"), on=described("cmd-play-on"))
    async def play(self, interaction: Interaction, tile: str, on: str | None = None) -> None:
        # The move this command was sent at: if a computer took the turn over meanwhile (the player
        # was away), the placement is refused rather than made at a later move the player never saw.
        manager = interaction.client.manager
        table = await manager.table_for(room=channel_of(interaction), user_id=interaction.user.id, want=Want.MATCH)
        move_no = table.move_no if table.status is TableStatus.PLAYING else None
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            played = await manager.play(
                channel_id=channel_of(interaction),
                table_id=table.id,
                user_id=interaction.user.id,
                placement=_placement(tile, on),
                locale=locale_of(interaction),
                move_no=move_no,
            )
        except Refusal as refusal:
            if refusal.code == "stale":
                raise Refusal("moved-on") from None  # said for a command, not a button
            raise
        await interaction.followup.send(played.text, ephemeral=True)

    @play.autocomplete("tile")
    async def tile_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Only the caller's legal tiles, each with the best it would score."""
        locale = locale_of(interaction)
        by_tile = _options_by_tile(interaction)
        wanted = current.strip().replace("|", "-")
        out = []
        for tile, options in by_tile.items():
            if wanted and wanted not in str(tile) and wanted not in f"{tile.high}-{tile.low}":
                continue
            name = texts.tile_suggestion(locale, options)
            out.append(app_commands.Choice(name=name[:100], value=str(tile)))
        return out[:MAX_CHOICES]

    @play.autocomplete("on")
    async def target_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Where the chosen tile may go, each with its end total and points."""
        locale = locale_of(interaction)
        try:
            chosen = parse_tile(str(getattr(interaction.namespace, "tile", "") or ""))
        except ValueError:
            return []
        out = []
        for option in _options_by_tile(interaction).get(chosen, []):
            if option.on is None:
                continue  # the opening attaches to nothing
            name = texts.target_label(locale, option)
            out.append(app_commands.Choice(name=name[:100], value=str(option.on)))
        return out[:MAX_CHOICES]

    # -- looking ---------------------------------------------------------------

    @app_commands.command(name="board", description=described("cmd-board"))
    @app_commands.describe(public=described("cmd-public"))
    async def board(self, interaction: Interaction, public: bool = False) -> None:
        await _repost(interaction, scoresheet_only=False, public=public)

    @app_commands.command(name="score", description=described("cmd-score"))
    @app_commands.describe(public=described("cmd-public"))
    async def score(self, interaction: Interaction, public: bool = False) -> None:
        await _repost(interaction, scoresheet_only=True, public=public)

    @app_commands.command(name="rules", description=described("cmd-rules"))
    async def rules(self, interaction: Interaction) -> None:
        embed, view = rules_message(locale_of(interaction), 0)
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    @app_commands.command(name="help", description=described("cmd-help"))
    async def help_(self, interaction: Interaction) -> None:
        locale = locale_of(interaction)
        legend = await asyncio.to_thread(interaction.client.manager.services.renderer.legend)
        lines = texts.legend_lines(locale, legend.items, legend.values)
        embed, view, attachments = help_message(locale, lines, legend.picture)
        await interaction.response.send_message(embed=embed, view=view, files=attachments, ephemeral=True)

    @app_commands.command(name="stats", description=described("cmd-stats"))
    async def stats(self, interaction: Interaction) -> None:
        text = await interaction.client.manager.archive.stats(
            guild_id=interaction.guild_id, user_id=interaction.user.id, locale=locale_of(interaction)
        )
        await interaction.response.send_message(texts.clip(text), ephemeral=True)

    @app_commands.command(name="leaderboard", description=described("cmd-leaderboard"))
    async def leaderboard(self, interaction: Interaction) -> None:
        text = await interaction.client.manager.archive.leaderboard(
            guild_id=interaction.guild_id, locale=locale_of(interaction)
        )
        await interaction.response.send_message(texts.clip(text), ephemeral=True)

    @app_commands.command(name="history", description=described("cmd-history"))
    @app_commands.describe(match=described("cmd-history-match"))
    async def history(self, interaction: Interaction, match: app_commands.Range[int, 1] | None = None) -> None:
        """The server's recent matches; with `match`, that match's record and final picture."""
        archive = interaction.client.manager.archive
        locale = locale_of(interaction)
        if match is None:
            text = await archive.history(guild_id=interaction.guild_id, locale=locale)
            listed = [
                table_id for table_id, _ in await archive.history_choices(guild_id=interaction.guild_id, locale=locale)
            ]
            view = history_view(listed, locale)  # a Replay button per match listed
            await interaction.response.send_message(texts.clip(text), view=view, ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)  # a replay and a picture to draw
        text, record, pictures = await archive.finished(guild_id=interaction.guild_id, table_id=match, locale=locale)
        attached = [record_file(record, locale), *files(pictures)]
        view = history_view([match], locale)
        await interaction.followup.send(texts.clip(text), files=attached, view=view, ephemeral=True)

    @history.autocomplete("match")
    async def match_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[int]]:
        found = await interaction.client.manager.archive.history_choices(
            guild_id=interaction.guild_id, locale=locale_of(interaction)
        )
        return _matching(found, current)

    @app_commands.command(name="replay", description=described("cmd-replay"))
    @app_commands.describe(
        match=described("cmd-replay-match"),
        animated=described("cmd-replay-animated"),
        round_=described("cmd-replay-round"),
    )
    @app_commands.rename(round_="round")
    async def replay(
        self,
        interaction: Interaction,
        match: app_commands.Range[int, 1],
        animated: bool = False,
        round_: app_commands.Range[int, 1] | None = None,
    ) -> None:
        """A match step by step, privately (a match being played: up to now, public parts only); with
        `animated`, one round as an animated picture."""
        round_number = None if round_ is None else round_ - 1
        if animated:
            await send_animation(interaction, match, round_number)
        else:
            await open_viewer(interaction, match, 0, round_number=round_number)

    @replay.autocomplete("match")
    async def replay_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[int]]:
        found = await replay_desk_of(interaction.client.manager).choices(
            guild_id=interaction.guild_id, locale=locale_of(interaction)
        )
        return _matching(found, current)

    @app_commands.command(name="review", description=described("cmd-review"))
    @app_commands.describe(match=described("cmd-review-match"), seat=described("cmd-review-seat"))
    async def review(
        self,
        interaction: Interaction,
        match: app_commands.Range[int, 1],
        seat: app_commands.Range[int, 1, 4] | None = None,
    ) -> None:
        """The points missed in a finished match: the asker's own, or any seat's (computers' too)."""
        await send_review(interaction, match, None if seat is None else seat - 1)

    @review.autocomplete("match")
    async def review_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[int]]:
        found = await interaction.client.manager.archive.history_choices(
            guild_id=interaction.guild_id, locale=locale_of(interaction)
        )
        return _matching(found, current)

    @app_commands.command(name="end", description=described("cmd-end"))
    async def end(self, interaction: Interaction) -> None:
        manager = interaction.client.manager
        table = await manager.table_for(room=channel_of(interaction), user_id=interaction.user.id)
        async with interaction.client.lobby_turns.of(table.id):
            in_lobby = table.status is TableStatus.LOBBY
            post = await manager.end(
                channel_id=channel_of(interaction),
                table_id=table.id,
                user_id=interaction.user.id,
                name=interaction.user.display_name,
                can_manage=interaction.permissions.manage_messages,
            )
            await interaction.response.send_message(post.text, allowed_mentions=discord.AllowedMentions.none())
            if in_lobby:
                await refresh_lobby(interaction, texts.lobby_message(table))  # its Join / Start buttons go


def _matching(found: list[tuple[int, str]], current: str) -> list[app_commands.Choice[int]]:
    """The matches whose label holds what was typed so far ("#12", a name), in the order found."""
    wanted = current.strip().lstrip("#").casefold()
    return [
        app_commands.Choice(name=label, value=table_id)
        for table_id, label in found
        if not wanted or wanted in label.casefold()
    ][:MAX_CHOICES]


def _placement(tile: str, on: str | None) -> Placement:
    """What `/five-up play tile: on:` asks for; a part that is not a tile is refused, naming it."""
    parts = []
    for text in (tile, on or None):
        try:
            parts.append(None if text is None else parse_tile(text))
        except ValueError:
            raise Refusal("bad-tile", text=str(text)[:20]) from None
    placed, target = parts
    assert placed is not None
    return Placement(placed, target)


def _options_by_tile(interaction: Interaction) -> dict[Tile, list[Option]]:
    if interaction.channel_id is None:
        return {}
    options = interaction.client.manager.choices(channel_id=interaction.channel_id, user_id=interaction.user.id)
    by_tile: dict[Tile, list[Option]] = {}
    for option in options:
        by_tile.setdefault(option.tile, []).append(option)
    return by_tile


async def _repost(interaction: Interaction, *, scoresheet_only: bool, public: bool) -> None:
    """The table's latest pictures again: to the asker alone, so the match's thread keeps only the
    match, or to everyone when they asked for `public` (a refusal stays private either way)."""
    manager = interaction.client.manager
    channel = channel_of(interaction)
    table = await manager.table_for(room=channel, user_id=interaction.user.id, want=Want.MATCH)
    if table.status is not TableStatus.PLAYING:
        raise Refusal("not-started")
    if public:
        await defer_publicly(interaction)  # a refusal from here on (the table ended meanwhile) still stays private
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)
    post = await manager.board(channel_id=channel, table_id=table.id, scoresheet_only=scoresheet_only)
    await interaction.followup.send(
        post.text,
        files=files(post.pictures),
        view=show_hand_view(post.table_id, post.lang),
        allowed_mentions=discord.AllowedMentions.none(),
        ephemeral=not public,
    )
    if public:
        answered_publicly(interaction)
