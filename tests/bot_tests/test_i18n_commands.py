"""Slash commands in Korean and Spanish: descriptions, choices and option names translated, command names never.

Discord refuses a whole command sync when one localization breaks its limits, so every
payload the real command tree would send is checked here against them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.app_commands import TranslationContext, TranslationContextLocation, locale_str
from support.i18n_checks import leftover_english

from bot.edge.base.translator import DISCORD_LOCALES, MAX_LENGTH, FluentTranslator
from bot.texts import i18n

VALID_LOCALES = {locale.value for locale in discord.Locale}
NAME = r"^[-_\w]{1,32}$"


@pytest.fixture
def tiny_catalogs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Small catalogs with known text, so the translator is tested apart from the bot's own keys."""
    files = {
        "en": "cmd-deal = Deal the tiles\nchoice-fast = fast\nlong = Long\nopt-speed = speed\n",
        "ko": "cmd-deal = 타일을 나눕니다\nchoice-fast = 빠르게\nlong = "
        + "가" * (MAX_LENGTH + 1)
        + "\nopt-speed = 속도\n",
        "es": "cmd-deal = Reparte las fichas\nchoice-fast = rápido\nopt-speed = Velocidad Máxima\n",
    }
    for lang, text in files.items():
        (tmp_path / lang).mkdir()
        (tmp_path / lang / "commands.ftl").write_text(text, encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALES_DIR", tmp_path)
    i18n.reload()
    yield tmp_path
    monkeypatch.undo()
    i18n.reload()


def _context(location: TranslationContextLocation) -> TranslationContext[Any, Any]:
    return TranslationContext(location=location, data=None)


async def test_descriptions_and_choices_come_from_the_catalogs(tiny_catalogs: Path) -> None:
    translator = FluentTranslator()
    text = locale_str("Deal the tiles", key="cmd-deal")
    for location in (
        TranslationContextLocation.command_description,
        TranslationContextLocation.group_description,
        TranslationContextLocation.parameter_description,
        TranslationContextLocation.other,
    ):
        assert await translator.translate(text, discord.Locale.korean, _context(location)) == "타일을 나눕니다"
        assert (
            await translator.translate(text, discord.Locale.spain_spanish, _context(location)) == "Reparte las fichas"
        )
    choice = locale_str("fast", key="choice-fast")
    context = _context(TranslationContextLocation.choice_name)
    assert await translator.translate(choice, discord.Locale.latin_american_spanish, context) == "rápido"


async def test_command_names_and_other_languages_are_left_to_discord(tiny_catalogs: Path) -> None:
    translator = FluentTranslator()
    text = locale_str("deal", key="cmd-deal")
    for location in (TranslationContextLocation.command_name, TranslationContextLocation.group_name):
        assert await translator.translate(text, discord.Locale.korean, _context(location)) is None
    description = _context(TranslationContextLocation.command_description)
    assert await translator.translate(text, discord.Locale.japanese, description) is None
    assert await translator.translate(text, discord.Locale.american_english, description) is None
    assert await translator.translate(locale_str("Deal"), discord.Locale.korean, description) is None
    assert await translator.translate(locale_str("x", key="nope"), discord.Locale.korean, description) is None
    assert await translator.translate(locale_str("Long", key="long"), discord.Locale.korean, description) is None


async def test_option_names_come_from_their_opt_key_when_discord_accepts_them(tiny_catalogs: Path) -> None:
    translator = FluentTranslator()
    option = _context(TranslationContextLocation.parameter_name)
    assert await translator.translate(locale_str("speed"), discord.Locale.korean, option) == "속도"
    assert await translator.translate(locale_str("speed"), discord.Locale.spain_spanish, option) is None  # spaces, caps
    assert await translator.translate(locale_str("other"), discord.Locale.korean, option) is None  # no opt-other


def test_every_spanish_and_korean_discord_locale_is_served() -> None:
    spanish = {locale for locale in discord.Locale if locale.value.startswith("es")}
    assert spanish <= DISCORD_LOCALES.keys()
    assert DISCORD_LOCALES[discord.Locale.korean] == "ko"
    assert set(DISCORD_LOCALES.values()) == set(i18n.SUPPORTED) - {i18n.DEFAULT}


# ---- the payload discord.py would send, checked against Discord's limits -------------------------


def payload_problems(payload: dict[str, Any], where: str = "") -> list[str]:
    """Every breach of Discord's limits in one command's payload (options and choices included)."""
    where = f"{where}/{payload['name']}"
    problems: list[str] = []
    if len(payload["name"]) > 32 or payload["name"] != payload["name"].lower():
        problems.append(f"{where}: name {payload['name']!r}")
    names = dict(payload.get("name_localizations") or {})
    if names and payload.get("type", 1) in (1, 2):  # a command, a group, a subcommand: /five-up … everywhere
        problems.append(f"{where}: command names are never translated, got {names}")
    for locale, name in names.items():
        if locale not in VALID_LOCALES or not re.fullmatch(NAME, name) or name != name.lower():
            problems.append(f"{where}: option name[{locale}] {name!r}")
    texts = {"": payload.get("description", "")} | dict(payload.get("description_localizations") or {})
    for locale, text in texts.items():
        if locale and locale not in VALID_LOCALES:
            problems.append(f"{where}: {locale!r} is not a Discord locale")
        if "description" in payload and not 1 <= len(text) <= 100:
            problems.append(f"{where}: description[{locale or 'default'}] is {len(text)} characters")
    for choice in payload.get("choices") or []:
        names = {"": choice["name"]} | dict(choice.get("name_localizations") or {})
        for locale, text in names.items():
            if locale and locale not in VALID_LOCALES:
                problems.append(f"{where}: choice {choice['name']!r}: {locale!r} is not a Discord locale")
            if not 1 <= len(text) <= 100:
                problems.append(f"{where}: choice {choice['name']!r}[{locale or 'default'}] is {len(text)} characters")
    options = payload.get("options") or []
    for locale in {locale for o in options for locale in o.get("name_localizations") or {}}:
        shown = [(o.get("name_localizations") or {}).get(locale, o["name"]) for o in options]
        if len(set(shown)) != len(shown):
            problems.append(f"{where}: two options share a name in {locale}: {shown}")
    for option in options:
        problems += payload_problems(option, where)
    return problems


def localized(payload: dict[str, Any]) -> Iterator[tuple[str, dict[str, str], bool]]:
    """(path, localizations, is_choice) for every translatable text in a payload."""
    yield payload["name"], dict(payload.get("description_localizations") or {}), False
    for choice in payload.get("choices") or []:
        yield f"{payload['name']}:{choice['name']}", dict(choice.get("name_localizations") or {}), True
    for option in payload.get("options") or []:
        for path, texts, is_choice in localized(option):
            yield f"{payload['name']} {path}", texts, is_choice


def option_names(payload: dict[str, Any]) -> Iterator[tuple[str, dict[str, str]]]:
    """(name, its localizations) of every option of a payload that is not a subcommand or group."""
    for option in payload.get("options") or []:
        if option.get("type") in (1, 2):
            yield from option_names(option)
        else:
            yield option["name"], dict(option.get("name_localizations") or {})


def _client() -> discord.Client:
    return discord.Client(intents=discord.Intents.none())


async def test_a_small_tree_gets_korean_and_spanish_and_keeps_its_names(tiny_catalogs: Path) -> None:
    group = app_commands.Group(name="five-up", description=locale_str("Deal the tiles", key="cmd-deal"))

    @group.command(name="deal", description=locale_str("Deal the tiles", key="cmd-deal"))
    @app_commands.describe(speed=locale_str("Deal the tiles", key="cmd-deal"))
    @app_commands.choices(speed=[app_commands.Choice(name=locale_str("fast", key="choice-fast"), value="fast")])
    async def deal(interaction: discord.Interaction, speed: str) -> None:
        raise AssertionError("never invoked")

    tree = app_commands.CommandTree(_client())
    tree.add_command(group)
    payload = await group.get_translated_payload(tree, FluentTranslator())
    assert payload_problems(payload) == []
    assert payload["name"] == "five-up" and payload["options"][0]["name"] == "deal"
    assert payload["description_localizations"] == {
        "ko": "타일을 나눕니다",
        "es-ES": "Reparte las fichas",
        "es-419": "Reparte las fichas",
    }
    speed = payload["options"][0]["options"][0]
    assert speed["name"] == "speed" and speed["name_localizations"] == {"ko": "속도"}  # Spanish's is refused
    assert speed["choices"][0]["name_localizations"] == {"ko": "빠르게", "es-ES": "rápido", "es-419": "rápido"}


def test_payload_problems_finds_breaches() -> None:
    payload = {
        "name": "five-up",
        "description": "ok",
        "description_localizations": {"ko": "가" * 101, "xx": "x"},
        "options": [
            {"name": "x", "type": 3, "name_localizations": {"ko": "엑스 "}, "choices": [{"name": "", "value": 1}]},
            {"name": "y", "type": 1, "name_localizations": {"ko": "와이"}},
        ],
    }
    assert payload_problems(payload) == [
        "/five-up: description[ko] is 101 characters",
        "/five-up: 'xx' is not a Discord locale",
        "/five-up/x: option name[ko] '엑스 '",
        "/five-up/x: choice ''[default] is 0 characters",
        "/five-up/y: command names are never translated, got {'ko': '와이'}",
    ]


# ---- the bot's real command tree -----------------------------------------------------------------


async def real_payloads() -> list[dict[str, Any]]:
    """What `FiveUpBot.setup_hook` syncs: the `/five-up` and `/five-up-admin` groups, translated by the bot's
    translator."""
    from bot.edge.commands import FiveUpCommands
    from bot.edge.servers.admin_commands import AdminCommands

    i18n.reload()
    tree = app_commands.CommandTree(_client())
    tree.add_command(FiveUpCommands())
    tree.add_command(AdminCommands())
    translator = FluentTranslator()
    return [await command.get_translated_payload(tree, translator) for command in tree.get_commands()]


def names(payload: dict[str, Any]) -> list[str]:
    found = [payload["name"]]
    for option in payload.get("options") or []:
        found += [f"{payload['name']} {name}" for name in names(option)]
    return found


async def test_the_real_commands_fit_discord_limits_in_every_language() -> None:
    payloads = await real_payloads()
    assert [p["name"] for p in payloads] == ["five-up", "five-up-admin"]
    problems = [problem for payload in payloads for problem in payload_problems(payload)]
    assert problems == []


@pytest.mark.parametrize("which", [0, 1], ids=["five-up", "five-up-admin"])
async def test_the_real_commands_keep_their_names_and_are_fully_translated(which: int) -> None:
    from bot.edge.commands import FiveUpCommands
    from bot.edge.servers.admin_commands import AdminCommands

    tree = app_commands.CommandTree(_client())
    group = (FiveUpCommands, AdminCommands)[which]()
    tree.add_command(group)
    payload = (await real_payloads())[which]
    assert names(payload) == names(group.to_dict(tree))
    assert all(name.split()[0] == group.name for name in names(payload))
    localized_texts = list(localized(payload))
    assert len(localized_texts) > 10
    wanted = {locale.value for locale in DISCORD_LOCALES}
    untranslated = [path for path, texts, _ in localized_texts if texts.keys() != wanted]
    assert untranslated == []
    unnamed = [name for name, names in option_names(payload) if names.keys() != wanted]
    assert unnamed == []  # every option's name in Korean and Spanish too (options.ftl)
    for path, texts, is_choice in localized_texts:
        assert texts["es-ES"] == texts["es-419"], path
        if not is_choice:  # a choice may be a language's own name, like "English (영어)"
            assert leftover_english("ko", texts["ko"]) == [], path
        assert leftover_english("es", texts["es-ES"]) == [], path
