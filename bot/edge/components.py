"""Buttons (and the lobby's "Sit with…" menu) that survive restarts: `DynamicItem`s whose custom_id
carries the table and the action.

Nothing is kept in memory between a message and its click: each click parses its custom_id
(`5up:<kind>:<table>[:<move>:<tile>...]`), asks the game manager, and answers. `GameButton`
does both once for every button: it builds the custom_id template from the fields a button
declares, turns a matching custom_id back into that button, and runs the click through the
one error path (`replies.answer_error`); `GameSelect` does the same for a select menu, whose
picked value comes with the interaction. A button from an older position carries an older move
number and is refused politely as stale; a click by someone who is not seated is refused by
the manager. Registered once with `bot.add_dynamic_items(*DYNAMIC_ITEMS)`.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Sequence
from typing import Any, ClassVar

import discord

from engine import Placement

from .. import texts
from ..host.refusal import Refusal
from ..host.table_core import ThreadOpener
from ..model.answers import Hand, Lobby, TileChoice
from ..model.posts import Picture
from ..texts.i18n import t
from ..texts.rules_pages import rules_pages
from .discord_internals import custom_id_template, take_chosen_values
from .match_threads import close_thread
from .replies import Interaction, admitted, answer_error, files, locale_of

log = logging.getLogger(__name__)

TILE = r"[0-6]-[0-6]"
# Every field a custom_id may carry: its pattern, and whether it reads as a number.
FIELDS: dict[str, tuple[str, bool]] = {
    "table_id": (r"\d+", True),
    "move_no": (r"\d+", True),
    "page": (r"\d+", True),
    "step": (r"\d+", True),  # a placement's number in a match, for the replay (bot/edge/replay_buttons.py)
    "action": (r"\w+", False),
    "tile": (TILE, False),
    "placement": (rf"{TILE}(?:@{TILE})?", False),  # engine.Placement's notation: "3-5@1-3", or "3-5" opening
    "direction": (r"prev|next", False),
}
_FIELD = re.compile(r"\{(\w+)\}")
LOBBY_ACTIONS = ("join", "leave", "start", "cancel")
LOBBY_STYLES = {
    "join": discord.ButtonStyle.success,
    "leave": discord.ButtonStyle.secondary,
    "start": discord.ButtonStyle.primary,
    "cancel": discord.ButtonStyle.danger,
}
MAX_BUTTONS = 25


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


# -- the lobby ------------------------------------------------------------------


class LobbyTurns:
    """One lobby action at a time per table, together with the edit of the lobby message that shows it.

    An action (join, leave, start, cancel, end; by button or by command) and its message edit run
    under the table's turn here, so the edits reach Discord in the order of the actions and each
    shows the table as that action left it: a `/five-up join` a moment before Start can never put
    Join/Leave/Start back on a lobby that has started. The bot holds one (`bot.lobby_turns`)."""

    def __init__(self) -> None:
        self._locks: dict[int, asyncio.Lock] = {}
        self._holders: dict[int, int] = {}  # table id -> tasks holding or waiting for its turn

    def of(self, table_id: int | None) -> LobbyTurn:
        """`async with bot.lobby_turns.of(table_id):` (None: no table, nothing to wait for)."""
        return LobbyTurn(self, table_id)


class LobbyTurn:
    """A class rather than an @asynccontextmanager, as the storage's transaction (the fake's idle watch)."""

    def __init__(self, turns: LobbyTurns, table_id: int | None) -> None:
        self._turns = turns
        self._table_id = table_id

    async def __aenter__(self) -> None:
        table_id = self._table_id
        if table_id is None:
            return
        turns = self._turns
        lock = turns._locks.setdefault(table_id, asyncio.Lock())
        turns._holders[table_id] = turns._holders.get(table_id, 0) + 1
        try:
            await lock.acquire()
        except BaseException:
            self._let_go()
            raise

    async def __aexit__(self, *_: object) -> None:
        if self._table_id is None:
            return
        self._turns._locks[self._table_id].release()
        self._let_go()

    def _let_go(self) -> None:
        turns, table_id = self._turns, self._table_id
        assert table_id is not None
        turns._holders[table_id] -= 1
        if not turns._holders[table_id]:  # nobody else waits: forget the table's lock
            del turns._holders[table_id]
            del turns._locks[table_id]


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
            lobby = await interaction.client.manager.sit_with(
                table_id=self.table_id,
                user_id=interaction.user.id,
                partner_id=int(value),
                locale=locale_of(interaction),
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
    """Join / Leave / Start / Cancel while the lobby is open, and "Sit with…" at 4 seats; nothing once closed."""
    if not lobby.open:
        return None
    view = discord.ui.View(timeout=None)
    for action in LOBBY_ACTIONS:
        view.add_item(LobbyButton(table_id=lobby.table_id, action=action, label=t(lobby.lang, f"button-{action}")))
    if lobby.partners:
        options = [discord.SelectOption(label=p.name, value=str(p.user_id), description=p.seat) for p in lobby.partners]
        view.add_item(
            PartnerSelect(table_id=lobby.table_id, options=options, placeholder=t(lobby.lang, "lobby-sit-with"))
        )
    return view


# -- "Show my hand" on every public table message ----------------------------------


class ShowHandButton(GameButton, layout="hand:{table_id}", what="show hand"):
    def __init__(self, *, table_id: int, label: str = "") -> None:
        super().__init__(label=label or "Show my hand", style=discord.ButtonStyle.primary, table_id=table_id)
        self.table_id = table_id

    async def clicked(self, interaction: Interaction) -> None:
        await send_hand(interaction, table_id=self.table_id)


def show_hand_view(table_id: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ShowHandButton(table_id=table_id, label=t(lang, "button-show-hand")))
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


# -- the match-end message: Rematch ------------------------------------------------------


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
        lobby, channel_id = await manager.rematch(
            table_id=self.table_id, user_id=interaction.user.id, guild_id=interaction.guild_id
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
            room = client.get_partial_messageable(interaction.channel_id, guild_id=guild_id)
            await room.send(texts.rematch_link(lobby.lang, message.jump_url))
            await close_thread(client, interaction.channel_id)  # that post reopened the finished match's thread
        table = manager.table_in(channel_id)
        host = table.host_name() if table is not None else "?"
        await interaction.followup.send(texts.rematch_opened(locale_of(interaction), host, channel_id), ephemeral=True)


def match_end_view(table_id: int, lang: str) -> discord.ui.View:
    """Rematch, then Replay and Review (bot/edge/replay_buttons.py, built on the buttons above)."""
    from .replay_buttons import match_end_items

    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(table_id=table_id, label=t(lang, "button-rematch")))
    for item in match_end_items(table_id, lang):
        view.add_item(item)
    return view


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
    """A button per playable tile (labelled with what it would score), or none when not to move."""
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


# -- the rules, paged -----------------------------------------------------------------


class RulesPageButton(GameButton, layout="rules:{page}:{direction}", what="rules page"):
    def __init__(self, *, page: int, direction: str, label: str = "", disabled: bool = False) -> None:
        style = discord.ButtonStyle.secondary
        super().__init__(label=label or direction, style=style, disabled=disabled, page=page, direction=direction)
        self.page = page

    async def clicked(self, interaction: Interaction) -> None:
        embed, view = rules_message(locale_of(interaction), self.page)
        await interaction.response.edit_message(embed=embed, view=view)


def rules_message(locale: str, page: int) -> tuple[discord.Embed, discord.ui.View]:
    """One page of the rules in `locale`, with Previous / Next."""
    pages = rules_pages(locale)
    page = max(0, min(page, len(pages) - 1))
    embed = discord.Embed(title=t(locale, "rulebook-title"), description=pages[page])
    embed.set_footer(text=t(locale, "rulebook-page", page=page + 1, pages=len(pages)))
    view = discord.ui.View(timeout=None)
    previous, following = t(locale, "button-previous"), t(locale, "button-next")
    view.add_item(RulesPageButton(page=max(page - 1, 0), direction="prev", label=previous, disabled=page == 0))
    view.add_item(RulesPageButton(page=page + 1, direction="next", label=following, disabled=page >= len(pages) - 1))
    return embed, view


# -- /five-up help ----------------------------------------------------------------------


class HelpRulesButton(GameButton, layout="help:rules", what="help's rules button"):
    """Under the quick start: the full rules, page 1, in a new private message (the help stays)."""

    def __init__(self, *, label: str = "") -> None:
        super().__init__(label=label or "Rules", style=discord.ButtonStyle.primary)

    async def clicked(self, interaction: Interaction) -> None:
        embed, view = rules_message(locale_of(interaction), 0)
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)


def help_message(
    locale: str, legend: Sequence[str] = (), legend_picture: Picture | None = None
) -> tuple[discord.Embed, discord.ui.View, list[discord.File]]:
    """The quick start in `locale`, with what the picture's symbols mean (`legend`, a line each, and
    `legend_picture`, shown in the embed) when given, and the button to the full rules."""
    title, body = texts.help_text(locale, legend)
    embed = discord.Embed(title=title, description=body)
    attachments: list[discord.File] = []
    if legend_picture is not None:
        embed.set_image(url=f"attachment://{legend_picture.filename}")
        attachments = files([legend_picture])
    view = discord.ui.View(timeout=None)
    view.add_item(HelpRulesButton(label=t(locale, "help-rules-button")))
    return embed, view, attachments


DYNAMIC_ITEMS = (
    LobbyButton,
    PartnerSelect,
    ShowHandButton,
    RematchButton,
    TileButton,
    TargetButton,
    BackButton,
    RulesPageButton,
    HelpRulesButton,
)


# -- a click on a button the message no longer shows ------------------------------------------


async def answer_vanished_click(
    interaction: Interaction, factories: Sequence[type[GameButton] | type[GameSelect]] = DYNAMIC_ITEMS
) -> bool:
    """Answer a click on one of our buttons that is no longer on its message; False if it is not one.

    Discord sends a click with the message as it is now. discord.py rebuilds the clicked item
    from that message and, when the button has gone (the lobby lost its buttons to Start a moment
    ago, the second press of a double click), drops the click unanswered: "This interaction
    failed". So the bot's `on_interaction` hands every component interaction here: exactly when
    discord.py will have dropped it (one of our custom_ids, not on the message), the button is
    rebuilt from its custom_id and clicked through the same guarded path, and the game manager
    answers as it would (already started, out of date) without a second effect. A button still
    on the message is left to discord.py, so no click is handled twice. `factories`: the items to
    rebuild (the bot passes these and the replay viewer's)."""
    if interaction.type is not discord.InteractionType.component or not isinstance(interaction.data, dict):
        return False
    custom_id = str(interaction.data.get("custom_id", ""))
    component_type = interaction.data.get("component_type")
    if not custom_id.startswith("5up:") or _on_message(interaction.message, custom_id, component_type):
        return False
    for factory in factories:
        match = custom_id_template(factory).fullmatch(custom_id)
        if match is not None:
            base: discord.ui.Item[Any] = (
                discord.ui.Select(custom_id=custom_id)
                if component_type == discord.ComponentType.select.value
                else discord.ui.Button(custom_id=custom_id)
            )
            item = await factory.from_custom_id(interaction, base, match)
            take_chosen_values(item, interaction)  # the values chosen in a menu
            await item.callback(interaction)
            return True
    return False


def _on_message(message: discord.Message | None, custom_id: str, component_type: object) -> bool:
    """Whether discord.py finds this component on the message (its own test, so exactly one of us answers)."""
    if message is None:
        return False  # discord.py drops a click without a message too
    kind: type[discord.ui.View] | type[discord.ui.LayoutView]
    kind = discord.ui.LayoutView if message.flags.components_v2 else discord.ui.View
    view = kind.from_message(message, timeout=None)
    return any(
        item.type.value == component_type and getattr(item, "custom_id", None) == custom_id
        for item in view.walk_children()
    )
