"""The rules, paged, and `/five-up help`'s quick start with its button to them.

Both are private messages built from the texts wing's words (`texts.help_text`, `rules_pages`) with
restart-proof buttons: Previous / Next carry the page they lead to, so an old rules message still
pages after a deploy.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from ... import texts
from ...model.posts import Picture
from ...texts.i18n import t
from ...texts.rules_pages import rules_pages
from ..base.client import Interaction
from ..base.game_items import GameButton
from ..base.replies import files, locale_of

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
        # drawn once for every language: its description is the reader's, made of the legend's own lines
        attachments = files([legend_picture.described(texts.legend_alt(locale, legend))])
    view = discord.ui.View(timeout=None)
    view.add_item(HelpRulesButton(label=t(locale, "help-rules-button")))
    return embed, view, attachments
