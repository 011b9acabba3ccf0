"""`/five-up settings`: what the reader's choice now is."""

from __future__ import annotations

from .i18n import t


def ping_set(lang: str, on: bool) -> str:
    return t(lang, "settings-ping-on" if on else "settings-ping-off")
