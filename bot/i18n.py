"""Message catalogs (Project Fluent) for English, Korean and Spanish.

Every word a player reads comes from `bot/locales/<lang>/*.ftl`; Fluent gives
placeholders and CLDR plural rules. `t(locale, key, **params)` formats one
message; a key missing in Korean or Spanish falls back to English (and is
logged), so a late catalog never leaves a player without text.

`python -m bot.i18n` lists the English keys that Korean or Spanish still lack
and exits non-zero when there are any.
"""

from __future__ import annotations

import datetime as _dt
import logging
import re
import sys
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from pathlib import Path

from fluent.runtime import FluentBundle, FluentResource
from fluent.syntax import ast

log = logging.getLogger(__name__)

LOCALES_DIR = Path(__file__).parent / "locales"
SUPPORTED = ("en", "ko", "es")
DEFAULT = "en"

# Values Fluent formats natively; anything else is passed as its str().
_NATIVE = (str, int, float, Decimal, _dt.date, _dt.datetime)

# Words that stay the same in every language: the game, its source, people and products.
NAMES = ("Exact 61 Five Up", "Five-Up", "Five Up", "five-up", "Kelley", "PUREMCO", "Discord")
# English words that are neither Spanish nor Korean: any of them in a translation is a leftover.
_COMMON_ENGLISH = """
    the you your and with tile tiles turn score scores player players draw round table game please button only
    this that have will cannot can't is are was of to it for from who wins won points start join leave hand
    board rules passed drew played blocked team seat left right not yet already waiting winner lost its their
"""
ENGLISH_WORDS = frozenset(_COMMON_ENGLISH.split())
_MARKUP = re.compile(
    r"<[@#:/a-z]?[^<>\s]*>"  # mentions, channels, custom emoji, timestamps <t:…:R>
    r"|`[^`]*`"  # code spans
    r"|/five-up(?: [a-z-]+)*"  # command mentions: names are never translated
    r"|:[a-z0-9_+-]+:"  # emoji short codes
    r"|https?://\S+"
    r"|python -m [\w.]+"  # shell commands printed by the offline demo
)
_ENGLISH_RUN = re.compile(r"[A-Za-z]{2,}(?:[ '’-]+[A-Za-z]{2,})+")
_WORD = re.compile(r"[A-Za-z]+(?:'[a-z]+)?")


def pick_locale(value: object) -> str:
    """Map a Discord locale ("ko", "es-ES", "es-419", "en-US", a discord.Locale) to a catalog."""
    text = str(getattr(value, "value", value) or "").strip().lower().replace("_", "-")
    lang = text.split("-")[0]
    return lang if lang in SUPPORTED else DEFAULT


def resource_names(lang: str = DEFAULT) -> list[str]:
    """The catalog files of `lang`; English's list is the reference every language follows."""
    return sorted(p.name for p in (LOCALES_DIR / lang).glob("*.ftl"))


@dataclass(frozen=True, slots=True)
class Catalog:
    """One language's parsed catalog: the bundle that formats, and what the checks need."""

    lang: str
    bundle: FluentBundle
    messages: dict[str, ast.Message]  # key -> its AST (first definition wins, as in the bundle)
    origin: dict[str, str]  # key -> the .ftl file that defines it
    duplicates: tuple[str, ...]  # "file: key" for every key defined a second time
    junk: tuple[str, ...]  # "file: parser message" for every entry Fluent could not parse


@cache
def catalog(lang: str) -> Catalog:
    """One language's messages, loaded once; no fallback inside (see `t`)."""
    result = FluentBundle([lang], use_isolating=False)
    messages: dict[str, ast.Message] = {}
    origin: dict[str, str] = {}
    duplicates: list[str] = []
    junk: list[str] = []
    for name in resource_names(lang):
        resource = FluentResource((LOCALES_DIR / lang / name).read_text(encoding="utf-8"))
        for entry in resource.body:
            if isinstance(entry, ast.Junk):
                junk.extend(f"{name}: {a.message}" for a in entry.annotations)
            elif isinstance(entry, ast.Message):
                if entry.id.name in messages:
                    duplicates.append(f"{name}: {entry.id.name}")
                else:
                    messages[entry.id.name] = entry
                    origin[entry.id.name] = name
        result.add_resource(resource)
    return Catalog(lang, result, messages, origin, tuple(duplicates), tuple(junk))


def bundle(lang: str) -> FluentBundle:
    """The Fluent bundle of exactly `lang`."""
    return catalog(lang).bundle


def reload() -> None:
    """Forget loaded catalogs (after editing .ftl files in a running process or a test)."""
    catalog.cache_clear()


def message_ids(lang: str) -> set[str]:
    """Every message key of `lang` (terms excluded)."""
    return set(catalog(lang).messages)


def _fluent_params(params: dict[str, object]) -> dict[str, object]:
    return {k: v if isinstance(v, _NATIVE) and not isinstance(v, bool) else str(v) for k, v in params.items()}


def find(lang: str, key: str, **params: object) -> str | None:
    """The message `key` of exactly `lang` (no fallback), or None when that catalog lacks it."""
    messages = bundle(lang)
    if not messages.has_message(key):
        return None
    message = messages.get_message(key)
    if message.value is None:
        return None
    text, errors = messages.format_pattern(message.value, _fluent_params(params))
    if errors:
        log.warning("i18n: %s/%s formatted with errors: %s", lang, key, errors)
    return str(text)


def t(locale: object, key: str, **params: object) -> str:
    """The message `key` in `locale`, with `params` filled in."""
    lang = pick_locale(locale)
    text = find(lang, key, **params)
    if text is None and lang != DEFAULT:
        log.warning("i18n: %s has no %r; using English", lang, key)
        text = find(DEFAULT, key, **params)
    if text is None:
        log.error("i18n: no message %r in any catalog", key)
        return key
    return text


def readable(text: str, names: tuple[str, ...] = ()) -> str:
    """`text` without names, Discord markup and command mentions: the part that must be translated."""
    text = _MARKUP.sub(" ", text)
    for name in (*NAMES, *names):
        text = text.replace(name, " ")
    return text


def leftover_english(lang: str, text: str, names: tuple[str, ...] = ()) -> list[str]:
    """English a Korean or Spanish text still carries (a heuristic for tests and reviews).

    Korean: any run of two English words, or a common English word. Spanish: a common
    English word. `names` are players' names, which stay as they are.
    """
    if lang == DEFAULT:
        return []
    text = readable(text, names)
    runs = [m.group() for m in _ENGLISH_RUN.finditer(text)] if lang == "ko" else []
    rest = _ENGLISH_RUN.sub(" ", text) if runs else text
    return runs + sorted({w for w in _WORD.findall(rest) if w.lower() in ENGLISH_WORDS})


def missing_keys() -> dict[str, list[str]]:
    """For Korean and Spanish: the English keys they lack (each list sorted; empty when complete)."""
    reload()
    english = message_ids(DEFAULT)
    return {lang: sorted(english - message_ids(lang)) for lang in SUPPORTED if lang != DEFAULT}


def extra_keys() -> dict[str, list[str]]:
    """For Korean and Spanish: keys English no longer has (renamed or removed upstream)."""
    reload()
    english = message_ids(DEFAULT)
    return {lang: sorted(message_ids(lang) - english) for lang in SUPPORTED if lang != DEFAULT}


def main() -> int:
    """Print the catalogs' gaps; exit status 1 when a key is missing."""
    missing, extra = missing_keys(), extra_keys()
    for lang in missing:
        print(f"{lang}: {len(missing[lang])} missing, {len(extra[lang])} not in English")
        for key in missing[lang]:
            print(f"  missing  {key}")
        for key in extra[lang]:
            print(f"  extra    {key}")
    return 1 if any(missing.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
