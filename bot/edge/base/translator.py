"""Korean and Spanish for slash-command descriptions and choices, from the Fluent catalogs.

Commands declare their English text as `app_commands.locale_str(english, key="fluent-key")`;
discord.py asks this translator for every Discord locale when the tree is synced.
Option names are translated too (`opt-<name>` in options.ftl: a Korean reader types
`/five-up start 봇:1`), but command and group names never are: the commands are
`/five-up …` in every language, which keeps help texts and habits portable.
"""

from __future__ import annotations

import logging
import re

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation, TranslationContextTypes, locale_str

from ...texts import i18n

log = logging.getLogger(__name__)

# Discord locale -> catalog. English needs no localization: it is the default text itself.
DISCORD_LOCALES: dict[discord.Locale, str] = {
    discord.Locale.korean: "ko",
    discord.Locale.spain_spanish: "es",
    discord.Locale.latin_american_spanish: "es",
}

NAME_LOCATIONS = frozenset({TranslationContextLocation.command_name, TranslationContextLocation.group_name})
# What Discord accepts as an option's name in any locale (it refuses the whole sync otherwise).
OPTION_NAME = re.compile(r"[-_\w]{1,32}")

# Discord refuses a whole sync when one description or choice name is longer than this.
MAX_LENGTH = 100


class FluentTranslator(app_commands.Translator):
    """Looks `string.extras["key"]` up in the Korean or Spanish catalog; None means "use the English"."""

    async def load(self) -> None:
        """Read the catalogs afresh, if a file changed, whenever the tree takes this translator."""
        i18n.refresh()

    async def translate(
        self, string: locale_str, locale: discord.Locale, context: TranslationContextTypes
    ) -> str | None:
        if context.location in NAME_LOCATIONS:
            return None
        lang = DISCORD_LOCALES.get(locale)
        option = context.location is TranslationContextLocation.parameter_name
        key = string.extras.get("key")
        if lang is None or not (key or option):
            return None
        text = i18n.find(lang, f"opt-{string.message}") if option else i18n.find(lang, str(key))
        key = f"opt-{string.message}" if option else key  # for the logs
        if text is None:
            log.warning("translator: %s has no %r; Discord will show the English", lang, key)
            return None
        if option and not (OPTION_NAME.fullmatch(text) and text == text.lower()):
            log.error("translator: %s/%s is not a valid option name: %r", lang, key, text)
            return None
        if len(text) > MAX_LENGTH:
            # A sync with one over-long string fails entirely; better the English than no commands.
            log.error("translator: %s/%s is %d characters (max %d)", lang, key, len(text), MAX_LENGTH)
            return None
        return text
