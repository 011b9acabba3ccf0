"""Message catalogs (Project Fluent) for English, Korean and Spanish.

Every word a player reads comes from `bot/texts/locales/<lang>/*.ftl`; Fluent gives
placeholders and CLDR plural rules. `t(locale, key, **params)` formats one
message; a key missing in Korean or Spanish falls back to English (and is
logged), so a late catalog never leaves a player without text. Korean particles written
in their combined form after a placeholder ("{ $player }이(가)") are given the one form the
name takes (bot/texts/korean.py). A language's
catalog is read the first time one of its messages is asked for, not at import.
The catalogs' quality checks (missing keys, placeholders, leftover English) are
the tests' (tests/support/i18n_checks.py), not the running bot's.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import logging
import os
import pickle
from decimal import Decimal
from functools import cache
from pathlib import Path

from fluent.runtime import FluentBundle, FluentResource
from fluent.syntax.ast import Placeable, Resource, TextElement, VariableReference

log = logging.getLogger(__name__)

LOCALES_DIR = Path(__file__).parent / "locales"
SUPPORTED = ("en", "ko", "es")
DEFAULT = "en"

# Values Fluent formats natively; anything else is passed as its str().
_NATIVE = (str, int, float, Decimal, _dt.date, _dt.datetime)


def pick_locale(value: object) -> str:
    """Map a Discord locale ("ko", "es-ES", "es-419", "en-US", a discord.Locale) to a catalog."""
    if type(value) is str and value in SUPPORTED:  # a table's own language: most calls
        return value
    text = str(getattr(value, "value", value) or "").strip().lower().replace("_", "-")
    lang = text.split("-")[0]
    return lang if lang in SUPPORTED else DEFAULT


def resource_names(lang: str = DEFAULT) -> list[str]:
    """The catalog files of `lang`; English's list is the reference every language follows."""
    return sorted(p.name for p in (LOCALES_DIR / lang).glob("*.ftl"))


@cache
def bundle(lang: str) -> FluentBundle:
    """The Fluent bundle of exactly `lang` (no fallback inside: see `t`), read on first use."""
    result = FluentBundle([lang], use_isolating=False)
    for name in resource_names(lang):
        result.add_resource(parsed(LOCALES_DIR / lang / name))
    return result


PARSED_DIR = Path(__file__).parent / "__pycache__"


def parsed(path: Path) -> Resource:
    """The catalog file at `path`, parsed; the parse is kept beside Python's own compiled files.

    Parsing the 60 catalog files costs about 0.3 s, and every process pays it: each bot start, each
    worker and tool a run spawns. The kept parse is named by a digest of the file's bytes, so an edited
    file is parsed again; it is trusted as much as the `.pyc` files in the same folder, and a folder that
    cannot be written only means the parse is not kept.
    """
    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest()[:20]
    kept = PARSED_DIR / f"ftl-{path.parent.name}-{path.stem}-{digest}.pickle"
    try:
        resource = pickle.loads(kept.read_bytes())
        if isinstance(resource, Resource):
            return resource
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, ValueError):
        pass
    resource = FluentResource(data.decode("utf-8"))
    try:
        PARSED_DIR.mkdir(exist_ok=True)
        partial = kept.with_suffix(f".{os.getpid()}.partial")
        partial.write_bytes(pickle.dumps(resource, protocol=pickle.HIGHEST_PROTOCOL))
        os.replace(partial, kept)
        for older in PARSED_DIR.glob(f"ftl-{path.parent.name}-{path.stem}-*"):
            if older != kept:  # an earlier version's parse, or a write that died half-way: never read again
                older.unlink(missing_ok=True)
    except OSError:
        pass
    return resource


def reload() -> None:
    """Forget loaded catalogs (after editing .ftl files in a running process or a test)."""
    global _read_from
    bundle.cache_clear()
    _plain.cache_clear()
    _clean.clear()
    _read_from = catalog_files()


def catalog_files() -> tuple[tuple[str, int, int], ...]:
    """Every catalog file with its change time and size: what `refresh` compares."""
    found = []
    for lang in SUPPORTED:
        for name in resource_names(lang):
            stat = (LOCALES_DIR / lang / name).stat()
            found.append((f"{lang}/{name}", stat.st_mtime_ns, stat.st_size))
    return tuple(found)


_read_from: tuple[tuple[str, int, int], ...] | None = None


def refresh() -> None:
    """Reload the catalogs only when a file changed since they were last read.

    Each bot start asks for fresh catalogs; parsing them costs about 10 ms a file, and a process that restarts
    its client (the tests do, hundreds of times) would pay it at every start for files that did not change.
    """
    if catalog_files() != _read_from:
        reload()


def _fluent_params(params: dict[str, object]) -> dict[str, object]:
    return {k: v if isinstance(v, _NATIVE) and not isinstance(v, bool) else str(v) for k, v in params.items()}


def find(lang: str, key: str, **params: object) -> str | None:
    """The message `key` of exactly `lang` (no fallback), or None when that catalog lacks it.

    Kept like `t`'s messages (under the language's name with a "=" before it, which `pick_locale` never
    gives): a command sync asks for every description at each bot start."""
    values = _fluent_params(params)
    wanted = ("=" + lang, key, tuple(sorted(values.items())))
    if (kept := _clean.get(wanted)) is not None:
        return kept
    text, errors = _format(lang, key, values)
    if errors:
        log.warning("i18n: %s/%s formatted with errors: %s", lang, key, errors)
    elif text is not None:
        _keep(wanted, text)
    return text


def _format(lang: str, key: str, values: dict[str, object]) -> tuple[str | None, list[Exception]]:
    messages = bundle(lang)
    parts = _plain(messages, key)
    if parts is not None and (filled := _filled(parts, values)) is not None:
        return filled, []
    if not messages.has_message(key):
        return None, []
    message = messages.get_message(key)
    if message.value is None:
        return None, []
    text, errors = messages.format_pattern(message.value, values)
    return str(text), errors


# A message that is only text and `{ $variable }`s, as most are, is filled in here: Fluent's resolver runs
# each part through its number and string types (babel for every number), tens of microseconds a message,
# and a placement's narration, description and buttons ask for dozens with new values each time.
_PLAIN_MOST = 999  # numbers Fluent writes as their digits in every catalog's language (no group separator)


@cache
def _plain(messages: FluentBundle, key: str) -> tuple[str, ...] | None:
    """The message's parts, text at even places and a variable's name at odd ones; None when it has
    anything else (a selector, a term, a function, another message) or no value."""
    if not messages.has_message(key):
        return None
    pattern = messages.get_message(key).value
    if pattern is None:
        return None
    parts = [""]
    for element in getattr(pattern, "elements", (pattern,)):  # a lone text is compiled to its TextElement
        if isinstance(element, TextElement):
            parts[-1] += element.value
        elif isinstance(element, Placeable) and isinstance(element.expression, VariableReference):
            parts += [element.expression.id.name, ""]
        else:
            return None
    return tuple(parts)


def _filled(parts: tuple[str, ...], values: dict[str, object]) -> str | None:
    """The plain message filled in exactly as Fluent would; None when a value needs Fluent (or is missing)."""
    out = [parts[0]]
    for i in range(1, len(parts), 2):
        value = values.get(parts[i])
        if type(value) is str:
            out.append(value)
        elif type(value) is int and -_PLAIN_MOST <= value <= _PLAIN_MOST:
            out.append(str(value))
        else:
            return None
        out.append(parts[i + 1])
    return "".join(out)


# Messages formatted cleanly, by language, key and values: a table asks for the same labels and lines at every
# placement, and Fluent takes tens of microseconds a message. Only str, numbers and dates are in a key
# (`_fluent_params`), so nothing a caller passes is held; a fallback or an error is never kept, so its warning is
# logged every time. Emptied when full, and by `reload`.
_clean: dict[tuple[str, str, tuple[tuple[str, object], ...]], str] = {}
_CLEAN_MOST = 20_000


def t(locale: object, key: str, **params: object) -> str:
    """The message `key` in `locale`, with `params` filled in."""
    lang = pick_locale(locale)
    values = _fluent_params(params)
    wanted = (lang, key, tuple(sorted(values.items())))
    if (kept := _clean.get(wanted)) is not None:
        return kept
    text, errors = _format(lang, key, values)
    clean = text is not None and not errors
    if errors:
        log.warning("i18n: %s/%s formatted with errors: %s", lang, key, errors)
    if text is None and lang != DEFAULT:
        log.warning("i18n: %s has no %r; using English", lang, key)
        text = find(DEFAULT, key, **values)
    if text is None:
        log.error("i18n: no message %r in any catalog", key)
        return key
    if lang == "ko":
        from .korean import resolve  # imported here: the text layer itself imports this module

        text = resolve(text)
    if clean:
        _keep(wanted, text)
    return text


def _keep(wanted: tuple[str, str, tuple[tuple[str, object], ...]], text: str) -> None:
    if len(_clean) >= _CLEAN_MOST:
        _clean.clear()
    _clean[wanted] = text
