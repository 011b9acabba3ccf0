"""What every slash command module shares: descriptions translatable by their Fluent key, the choices
of a pace (`/five-up start` and `/five-up-admin pace`), and a new table's language when the host names none."""

from __future__ import annotations

from discord import app_commands

from ...model.pace import OnTimeout, Pace
from ...texts.i18n import DEFAULT, pick_locale, t


def described(key: str) -> app_commands.locale_str:
    """A description in English (from the catalog), translatable by its Fluent `key`."""
    return app_commands.locale_str(t("en", key), key=key)


PACE_CHOICES = [app_commands.Choice(name=described(f"choice-pace-{p.value}"), value=p.value) for p in Pace]
TIMEOUT_CHOICES = [app_commands.Choice(name=described(f"choice-timeout-{x.value}"), value=x.value) for x in OnTimeout]


def table_language(guild_locale: object, host_locale: object) -> str:
    """A new table's language when `/five-up start` names none: the server's, when it is Korean or
    Spanish; otherwise the host's own, when it is Korean or Spanish; otherwise English. A server
    that is not a Community server always reports en-US, whatever its people speak, so an English
    (or unsupported) server language says little and the host's says more."""
    guild = pick_locale(guild_locale)
    if guild != DEFAULT:
        return guild
    return pick_locale(host_locale)
