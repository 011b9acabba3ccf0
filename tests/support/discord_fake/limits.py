"""Discord's documented limits on what a bot may send; the fake answers 400 when one is broken.

A real Discord rejects these with "Invalid Form Body" (code 50035) or "Cannot send an empty
message" (50006); the fake does the same, so a bot bug that only shows in production (a long
Korean embed, a 26th select option) fails in the tests instead.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from .messages import FakeFile, walk_components

Payload = dict[str, Any]

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_FILES = 10
MAX_FILE_BYTES = 10 * 1024 * 1024
MAX_DESCRIPTION = 1024  # an attachment's description (alt text)
MAX_CHOICES = 25
BUTTON = discord.ComponentType.button.value
ACTION_ROW = discord.ComponentType.action_row.value
SELECTS = {3, 5, 6, 7, 8}
IS_COMPONENTS_V2 = discord.MessageFlags.components_v2.flag


def _too_long(problems: list[str], where: str, text: object, limit: int) -> int:
    if text is None:
        return 0
    length = len(str(text))
    if length > limit:
        problems.append(f"{where} is {length} characters; Discord allows {limit}")
    return length


def embed_problems(embeds: list[Payload]) -> list[str]:
    problems: list[str] = []
    if len(embeds) > MAX_EMBEDS:
        problems.append(f"{len(embeds)} embeds; Discord allows {MAX_EMBEDS}")
    total = 0
    for i, embed in enumerate(embeds):
        where = f"embeds[{i}]"
        total += _too_long(problems, f"{where}.title", embed.get("title"), 256)
        total += _too_long(problems, f"{where}.description", embed.get("description"), 4096)
        total += _too_long(problems, f"{where}.author.name", (embed.get("author") or {}).get("name"), 256)
        total += _too_long(problems, f"{where}.footer.text", (embed.get("footer") or {}).get("text"), 2048)
        fields = embed.get("fields") or []
        if len(fields) > 25:
            problems.append(f"{where} has {len(fields)} fields; Discord allows 25")
        for j, field in enumerate(fields):
            if not field.get("name") or not field.get("value"):
                problems.append(f"{where}.fields[{j}] needs a non-empty name and value")
            total += _too_long(problems, f"{where}.fields[{j}].name", field.get("name"), 256)
            total += _too_long(problems, f"{where}.fields[{j}].value", field.get("value"), 1024)
    if total > MAX_EMBED_TOTAL:
        problems.append(f"embeds hold {total} characters together; Discord allows {MAX_EMBED_TOTAL}")
    return problems


def component_problems(components: list[Payload], *, v2: bool) -> list[str]:
    problems: list[str] = []
    if not v2:
        if len(components) > 5:
            problems.append(f"{len(components)} action rows; Discord allows 5")
        for i, row in enumerate(components):
            if row.get("type") != ACTION_ROW:
                problems.append(f"components[{i}] is type {row.get('type')}, not an action row")
                continue
            children = row.get("components") or []
            kinds = [c.get("type") for c in children]
            if not children:
                problems.append(f"components[{i}] is an empty action row")
            if any(k in SELECTS for k in kinds) and len(children) > 1:
                problems.append(f"components[{i}] mixes a select menu with other components")
            if len(children) > 5:
                problems.append(f"components[{i}] has {len(children)} components; Discord allows 5")
    seen: set[str] = set()
    for component in walk_components(components):
        custom_id = component.get("custom_id")
        if custom_id is not None:
            if not 1 <= len(custom_id) <= 100:
                problems.append(f"custom_id {custom_id!r} must be 1-100 characters")
            if custom_id in seen:
                problems.append(f"custom_id {custom_id!r} is used twice in one message")
            seen.add(custom_id)
        kind = component.get("type")
        if kind == BUTTON:
            _too_long(problems, f"button {custom_id!r} label", component.get("label"), 80)
            if component.get("style") == discord.ButtonStyle.link.value:
                if not component.get("url"):
                    problems.append("a link button needs a url")
            elif component.get("style") != discord.ButtonStyle.premium.value and custom_id is None:
                problems.append("a non-link button needs a custom_id")
        if kind == discord.ComponentType.select.value:
            options = component.get("options") or []
            if not 1 <= len(options) <= 25:
                problems.append(f"select {custom_id!r} has {len(options)} options; Discord allows 1-25")
            values = [o.get("value") for o in options]
            if len(set(values)) != len(values):
                problems.append(f"select {custom_id!r} repeats an option value")
            for option in options:
                _too_long(problems, f"select {custom_id!r} option label", option.get("label"), 100)
                _too_long(problems, f"select {custom_id!r} option value", option.get("value"), 100)
                _too_long(problems, f"select {custom_id!r} option description", option.get("description"), 100)
        if kind in SELECTS:
            _too_long(problems, f"select {custom_id!r} placeholder", component.get("placeholder"), 150)
    return problems


def message_problems(payload: Payload, files: list[FakeFile]) -> list[str]:
    """Why Discord would refuse a message in this state (after a create or an edit); empty if it would not."""
    problems: list[str] = []
    v2 = bool(int(payload.get("flags") or 0) & IS_COMPONENTS_V2)
    _too_long(problems, "content", payload.get("content"), MAX_CONTENT)
    if v2 and (payload.get("content") or payload.get("embeds")):
        problems.append("a components-v2 message cannot carry content or embeds")
    problems += embed_problems(payload.get("embeds") or [])
    problems += component_problems(payload.get("components") or [], v2=v2)
    if len(files) > MAX_FILES:
        problems.append(f"{len(files)} files; Discord allows {MAX_FILES}")
    for file in files:
        if file.size > MAX_FILE_BYTES:
            problems.append(f"file {file.filename!r} is {file.size} bytes; the limit is {MAX_FILE_BYTES}")
        _too_long(problems, f"file {file.filename!r} description", file.description, MAX_DESCRIPTION)
    has_body = any(payload.get(k) for k in ("content", "embeds", "components", "sticker_ids", "poll")) or files
    if not has_body:
        problems.append("Cannot send an empty message")
    return problems


_CHOICE_TYPES: dict[int, tuple[type, ...]] = {3: (str,), 4: (int,), 10: (int, float)}


def choice_problems(choices: list[Payload], option_type: int) -> list[str]:
    problems: list[str] = []
    wanted = _CHOICE_TYPES.get(option_type, (str, int, float))
    if len(choices) > MAX_CHOICES:
        problems.append(f"{len(choices)} autocomplete choices; Discord allows {MAX_CHOICES}")
    for choice in choices:
        _too_long(problems, "choice name", choice.get("name"), 100)
        if not choice.get("name"):
            problems.append("a choice needs a name")
        value = choice.get("value")
        if isinstance(value, bool) or not isinstance(value, wanted):
            problems.append(f"choice value {value!r} does not fit an option of type {option_type}")
        if isinstance(value, str):
            _too_long(problems, "choice value", value, 100)
    return problems


_NAME = re.compile(r"^[-_'\w]{1,32}$")
_LOCALES = {locale.value for locale in discord.Locale}


def _name_problems(where: str, name: str, localizations: dict[str, str] | None) -> list[str]:
    problems = []
    for locale, text in [("default", name), *(localizations or {}).items()]:
        if locale != "default" and locale not in _LOCALES:
            problems.append(f"{where}: {locale!r} is not a Discord locale")
        if not _NAME.match(text) or text != text.lower():
            problems.append(f"{where}: name {text!r} ({locale}) must be 1-32 lowercase letters, digits, - or _")
    return problems


def _text_problems(where: str, text: str, localizations: dict[str, str] | None) -> list[str]:
    problems = []
    for locale, value in [("default", text), *(localizations or {}).items()]:
        if not 1 <= len(value) <= 100:
            problems.append(f"{where}: description {value!r} ({locale}) must be 1-100 characters")
    return problems


def _option_problems(where: str, options: list[Payload]) -> list[str]:
    problems: list[str] = []
    if len(options) > 25:
        problems.append(f"{where} has {len(options)} options; Discord allows 25")
    names = [o["name"] for o in options]
    if len(set(names)) != len(names):
        problems.append(f"{where} repeats an option name: {names}")
    seen_optional = False
    for option in options:
        here = f"{where} {option['name']}"
        problems += _name_problems(here, option["name"], option.get("name_localizations"))
        problems += _text_problems(here, option.get("description", ""), option.get("description_localizations"))
        if option["type"] in (1, 2):
            problems += _option_problems(here, option.get("options") or [])
            continue
        if option.get("required"):
            if seen_optional:
                problems.append(f"{here}: a required option comes after an optional one")
        else:
            seen_optional = True
        choices = option.get("choices") or []
        if len(choices) > 25:
            problems.append(f"{here} has {len(choices)} choices; Discord allows 25")
        if choices and option.get("autocomplete"):
            problems.append(f"{here} has both choices and autocomplete")
    return problems


def command_problems(commands: list[Payload]) -> list[str]:
    """Why Discord would refuse this bulk command registration."""
    problems: list[str] = []
    slash = [c for c in commands if c.get("type", 1) == 1]
    if len(slash) > 100:
        problems.append(f"{len(slash)} slash commands; Discord allows 100")
    keys = [(c.get("type", 1), c["name"]) for c in commands]
    if len(set(keys)) != len(keys):
        problems.append("two commands share a name and type")
    for command in slash:
        where = f"/{command['name']}"
        problems += _name_problems(where, command["name"], command.get("name_localizations"))
        problems += _text_problems(where, command.get("description", ""), command.get("description_localizations"))
        problems += _option_problems(where, command.get("options") or [])
    return problems
