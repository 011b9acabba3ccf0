"""Message catalogs (Project Fluent) for English, Korean and Spanish.

Every word a player reads comes from `bot/locales/<lang>/*.ftl`; Fluent gives
placeholders and CLDR plural rules. `t(locale, key, **params)` formats one
message; an unknown locale falls back to English.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from fluent.runtime import FluentLocalization, FluentResourceLoader

LOCALES_DIR = Path(__file__).parent / "locales"
SUPPORTED = ("en", "ko", "es")
DEFAULT = "en"


def pick_locale(value: object) -> str:
    """Map a Discord locale ("ko", "es-ES", "es-419", "en-US", a discord.Locale) to a catalog."""
    text = str(getattr(value, "value", value) or "").lower()
    lang = text.split("-")[0]
    return lang if lang in SUPPORTED else DEFAULT


def resource_names(lang: str = DEFAULT) -> list[str]:
    return sorted(p.name for p in (LOCALES_DIR / lang).glob("*.ftl"))


@cache
def _localization(lang: str) -> FluentLocalization:
    loader = FluentResourceLoader(str(LOCALES_DIR / "{locale}"))
    chain = [lang] if lang == DEFAULT else [lang, DEFAULT]
    return FluentLocalization(chain, resource_names(), loader, use_isolating=False)


def t(locale: object, key: str, **params: object) -> str:
    """The message `key` in `locale`, with `params` filled in."""
    return _localization(pick_locale(locale)).format_value(key, params)
