"""The replay viewer and the review in Discord: private messages whose buttons survive restarts.

Every custom id carries the match and the step (`5up:rp:<match>:<step>:<first|prev|next|last>`,
`5up:replay:<match>:<step>` opening a new viewer, `5up:rpround:<match>` the select of rounds,
`5up:review:<match>` the review), so a click after a restart rebuilds everything from the
database. A click is deferred at once (the picture may have to be drawn), then the private
message is edited; the words and pictures come from the replay desk (bot/host/replay/replay_desk.py).
"""

from __future__ import annotations

import discord

from ...host.refusal import Refusal
from ...host.replay.replay_desk import ReplayPage, ReviewPage, replay_desk_of
from ...texts.i18n import t
from ...texts.replay_words import review_button, round_option
from ...web.links import links_in_use
from ..base.client import Interaction
from ..base.game_items import GameButton, GameSelect
from ..base.replies import files, locale_of

STEP_ACTIONS = {"first": "⏮", "prev": "◀", "next": "▶", "last": "⏭"}
MAX_OPTIONS = 25
MAX_REVIEW_SEATS = 4


class ReplayStepButton(GameButton, layout="rp:{table_id}:{step}:{action}", what="replay step"):
    """⏮ ◀ ▶ ⏭ in the viewer: the same private message shows the step the button carries (⏭: the
    latest, which for a match still being played is later than when the button was made)."""

    def __init__(self, *, table_id: int, step: int, action: str, label: str = "", disabled: bool = False) -> None:
        style = discord.ButtonStyle.secondary
        label = label or STEP_ACTIONS.get(action, action)
        super().__init__(label=label, style=style, disabled=disabled, table_id=table_id, step=step, action=action)
        self.table_id = table_id
        self.step = step
        self.action = action

    async def clicked(self, interaction: Interaction) -> None:
        if self.action not in STEP_ACTIONS:
            raise Refusal("stale")
        await interaction.response.defer()
        await show_step(interaction, self.table_id, None if self.action == "last" else self.step)


class ReplayRoundSelect(GameSelect, layout="rpround:{table_id}", what="replay rounds"):
    """The select of rounds: the viewer goes to the first placement of the round picked."""

    def __init__(self, *, table_id: int, options: list[discord.SelectOption], placeholder: str = "") -> None:
        super().__init__(options=options, placeholder=placeholder, table_id=table_id)
        self.table_id = table_id

    async def chosen(self, interaction: Interaction, value: str) -> None:
        if not value.isdigit():
            raise Refusal("stale")
        await interaction.response.defer()
        desk = replay_desk_of(interaction.client.manager)
        book = await desk.book(guild_id=interaction.guild_id, table_id=self.table_id)
        await show_step(interaction, self.table_id, book.start_of(int(value)))


class ReplayOpenButton(GameButton, layout="replay:{table_id}:{step}", what="replay button"):
    """**Replay** (the match-end message, a history entry, a review's placement): a new private viewer."""

    def __init__(self, *, table_id: int, step: int, label: str = "") -> None:
        super().__init__(label=label or "Replay", style=discord.ButtonStyle.primary, table_id=table_id, step=step)
        self.table_id = table_id
        self.step = step

    async def clicked(self, interaction: Interaction) -> None:
        await open_viewer(interaction, self.table_id, self.step)


class ReviewButton(GameButton, layout="review:{table_id}", what="review button"):
    """**Review** on the match-end message: the clicker's own review, privately."""

    def __init__(self, *, table_id: int, label: str = "") -> None:
        super().__init__(label=label or "Review", style=discord.ButtonStyle.secondary, table_id=table_id)
        self.table_id = table_id

    async def clicked(self, interaction: Interaction) -> None:
        await send_review(interaction, self.table_id, None)


REPLAY_ITEMS = (ReplayStepButton, ReplayRoundSelect, ReplayOpenButton, ReviewButton)


# -- answering -------------------------------------------------------------------------


async def open_viewer(
    interaction: Interaction, table_id: int, step: int | None, *, round_number: int | None = None
) -> None:
    """A new private viewer at `step` (None: the latest placement), or at the start of a round."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    locale = locale_of(interaction)
    desk = replay_desk_of(interaction.client.manager)
    if round_number is not None:
        book = await desk.book(guild_id=interaction.guild_id, table_id=table_id)
        if round_number >= len(book.round_starts):
            raise Refusal("replay-no-round", round=round_number + 1, rounds=len(book.round_starts))
        step = book.start_of(round_number)
    page = await desk.page(guild_id=interaction.guild_id, table_id=table_id, step=step, locale=locale)
    view = viewer_view(page, locale)
    await interaction.followup.send(page.text, files=files([page.picture]), view=view, ephemeral=True)


async def show_step(interaction: Interaction, table_id: int, step: int | None) -> None:
    """The viewer (already deferred) edited to show `step` (None: the latest)."""
    locale = locale_of(interaction)
    desk = replay_desk_of(interaction.client.manager)
    page = await desk.page(guild_id=interaction.guild_id, table_id=table_id, step=step, locale=locale)
    await interaction.edit_original_response(
        content=page.text, attachments=files([page.picture]), view=viewer_view(page, locale)
    )


def viewer_view(page: ReplayPage, locale: str) -> discord.ui.View:
    """⏮ ◀ ▶ ⏭ and the select of rounds (25 at most: those around the round shown)."""
    book, index = page.book, page.step.index
    view = discord.ui.View(timeout=None)
    at_end = index >= book.last
    targets = {"first": 0, "prev": max(index - 1, 0), "next": min(index + 1, book.last), "last": book.last}
    for action, target in targets.items():
        disabled = index == 0 if action in ("first", "prev") else at_end and (book.finished or action == "next")
        view.add_item(ReplayStepButton(table_id=book.table_id, step=target, action=action, disabled=disabled))
    rounds = len(book.round_starts)
    shown = page.step.round
    first = max(0, min(shown - MAX_OPTIONS // 2, rounds - MAX_OPTIONS))
    options = [
        discord.SelectOption(label=round_option(locale, book, r), value=str(r), default=r == shown)
        for r in range(first, min(rounds, first + MAX_OPTIONS))
    ]
    view.add_item(
        ReplayRoundSelect(table_id=book.table_id, options=options, placeholder=t(locale, "replay-pick-round"))
    )
    web_button(view, locale, book.table_id, index)  # the same placement on the web
    return view


async def send_animation(interaction: Interaction, table_id: int, round_number: int | None) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    locale = locale_of(interaction)
    desk = replay_desk_of(interaction.client.manager)
    text, picture, book = await desk.animation(
        guild_id=interaction.guild_id, table_id=table_id, round_number=round_number, locale=locale
    )
    view = discord.ui.View(timeout=None)
    step = book.start_of(book.round_of(book.last) if round_number is None else round_number)
    view.add_item(ReplayOpenButton(table_id=table_id, step=step, label=t(locale, "button-replay")))
    await interaction.followup.send(text, files=files([picture]), view=view, ephemeral=True)


async def send_review(interaction: Interaction, table_id: int, seat: int | None) -> None:
    """The review privately: the asker's seat, or the seat asked about (0-based), with a button per
    costliest placement that opens the replay there."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    locale = locale_of(interaction)
    desk = replay_desk_of(interaction.client.manager)
    page = await desk.review(
        guild_id=interaction.guild_id, table_id=table_id, user_id=interaction.user.id, seat=seat, locale=locale
    )
    await interaction.followup.send(page.text, view=review_view(page, locale), ephemeral=True)


def review_view(page: ReviewPage, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for rank, (step, round_number, move) in enumerate(page.steps, start=1):
        label = review_button(locale, rank, round_number, move)
        view.add_item(ReplayOpenButton(table_id=page.book.table_id, step=step, label=label))
    if not page.steps:
        view.add_item(ReplayOpenButton(table_id=page.book.table_id, step=0, label=t(locale, "button-replay")))
    return view


def history_view(table_ids: list[int], locale: str) -> discord.ui.View:
    """A **Replay #n** button per match listed by `/five-up history` (25 at most; none: no buttons), and with
    `PUBLIC_URL` set, a link to each match's page on the web while the view has room."""
    view = discord.ui.View(timeout=None)
    listed = table_ids[:MAX_OPTIONS]
    for table_id in listed:
        label = t(locale, "button-replay-match", id=table_id)
        view.add_item(ReplayOpenButton(table_id=table_id, step=0, label=label))
    for table_id in listed[: MAX_OPTIONS - len(listed)]:
        web_button(view, locale, table_id, None, len(listed) > 1)
    return view


def web_button(view: discord.ui.View, locale: str, table_id: int, step: int | None, numbered: bool = False) -> None:
    """The link to the match's page on the web (at `step`, 0-based), when `PUBLIC_URL` is set."""
    links = links_in_use()
    if links is None:
        return
    label = t(locale, "web-button") + (f" #{table_id}" if numbered else "")
    view.add_item(discord.ui.Button(style=discord.ButtonStyle.link, url=links.match(table_id, step), label=label))
