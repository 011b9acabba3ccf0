"""The catalogs' quality checks, for the tests (no tests here): keys, files, leftover English.

The running bot only formats messages (bot/texts/i18n.py); what a translator or a reviewer wants to
know about the catalogs is read here, from the same files the bot reads (`i18n.LOCALES_DIR`,
so a test's small catalogs are checked the same way).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from fluent.syntax import FluentParser, ast

from bot.texts import i18n

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


@dataclass(frozen=True, slots=True)
class Catalog:
    """One language's catalog as written: each message's AST, where it is defined, and what is wrong."""

    lang: str
    messages: dict[str, ast.Message]  # key -> its AST (first definition wins, as in the bot's bundle)
    origin: dict[str, str]  # key -> the .ftl file that defines it
    duplicates: tuple[str, ...]  # "file: key" for every key defined a second time
    junk: tuple[str, ...]  # "file: parser message" for every entry Fluent could not parse


def catalog(lang: str) -> Catalog:
    """`lang`'s .ftl files parsed as they are on disk: parsed again whenever a catalog file's size or modification
    time differs (`i18n.catalog_files`, what the bot's own reload compares) from the last parse in this process,
    as a dozen checks read the same catalogs and Fluent's parser is slow."""
    key = (str(i18n.LOCALES_DIR), lang, i18n.catalog_files())
    if key not in _PARSED:
        _PARSED[key] = _parse(lang, i18n.resource_names(lang))
    return _PARSED[key]


_PARSED: dict[tuple[str, str, tuple[tuple[str, int, int], ...]], Catalog] = {}


def _parse(lang: str, names: Sequence[str]) -> Catalog:
    parser = FluentParser()
    messages: dict[str, ast.Message] = {}
    origin: dict[str, str] = {}
    duplicates: list[str] = []
    junk: list[str] = []
    for name in names:
        resource = parser.parse((i18n.LOCALES_DIR / lang / name).read_text(encoding="utf-8"))
        for entry in resource.body:
            if isinstance(entry, ast.Junk):
                junk.extend(f"{name}: {a.message}" for a in entry.annotations)
            elif isinstance(entry, ast.Message):
                if entry.id.name in messages:
                    duplicates.append(f"{name}: {entry.id.name}")
                else:
                    messages[entry.id.name] = entry
                    origin[entry.id.name] = name
    return Catalog(lang, messages, origin, tuple(duplicates), tuple(junk))


def message_ids(lang: str) -> set[str]:
    """Every message key of `lang` (terms excluded)."""
    return set(catalog(lang).messages)


def missing_keys() -> dict[str, list[str]]:
    """For Korean and Spanish: the English keys they lack (each list sorted; empty when complete)."""
    english = message_ids(i18n.DEFAULT)
    return {lang: sorted(english - message_ids(lang)) for lang in i18n.SUPPORTED if lang != i18n.DEFAULT}


def extra_keys() -> dict[str, list[str]]:
    """For Korean and Spanish: keys English no longer has (renamed or removed upstream)."""
    english = message_ids(i18n.DEFAULT)
    return {lang: sorted(message_ids(lang) - english) for lang in i18n.SUPPORTED if lang != i18n.DEFAULT}


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
    if lang == i18n.DEFAULT:
        return []
    text = readable(text, names)
    runs = [m.group() for m in _ENGLISH_RUN.finditer(text)] if lang == "ko" else []
    rest = _ENGLISH_RUN.sub(" ", text) if runs else text
    return runs + sorted({w for w in _WORD.findall(rest) if w.lower() in ENGLISH_WORDS})
