"""The route table: which backend method answers which (method, route template) of Discord's API."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .records import CapturedRequest

Handler = Callable[[Any, CapturedRequest], Any]
ROUTES: dict[tuple[str, str], Handler] = {}


def route(method: str, path: str) -> Callable[[Handler], Handler]:
    """Register a backend method as the answer to `method path` (path as discord.py's `Route` spells it)."""

    def register(handler: Handler) -> Handler:
        ROUTES[(method, path)] = handler
        return handler

    return register
