"""The words of `/five-up-admin`: a server's settings listed, and the answer to a change (what is now set)."""

from __future__ import annotations

from ..model.server_settings import ServerSettings
from .i18n import t
from .pace_words import pace_label

SETTINGS = ("lang", "pace", "channels", "computers", "rated", "cap", "web")  # in the order `show` lists them


def setting_line(lang: str, settings: ServerSettings, name: str, page: str | None = None) -> str:
    """One setting as it now stands, in the reader's language (`name`: one of SETTINGS); `page` is the server
    page's address, said beside `web` when it is on (None: the site has no public address to give)."""
    if name == "lang":
        if settings.lang is None:
            return t(lang, "admin-lang-none")
        return t(lang, "admin-lang", language=t(lang, f"choice-lang-{settings.lang}"))
    if name == "pace":
        return t(lang, "admin-pace", pace=pace_label(lang, settings.pace))
    if name == "channels":
        if settings.everywhere:
            return t(lang, "admin-channels-all")
        mentions = ", ".join(f"<#{c}>" for c in settings.channels)
        return t(lang, "admin-channels", channels=mentions, count=len(settings.channels))
    if name == "computers":
        return t(lang, "admin-computers-on" if settings.computers else "admin-computers-off")
    if name == "rated":
        return t(lang, "admin-rated-on" if settings.rated else "admin-rated-off")
    if name == "cap":
        return t(lang, "admin-cap", cap=settings.cap)
    if name == "web":
        if settings.web and page is not None:
            return t(lang, "admin-web-on-at", url=page)
        return t(lang, "admin-web-on" if settings.web else "admin-web-off")
    raise ValueError(f"no setting {name!r}")


def admin_settings(lang: str, settings: ServerSettings, page: str | None = None) -> str:
    """`/five-up-admin show`: every setting of the server, one a line (`page`: as for `setting_line`)."""
    lines = [t(lang, "admin-title")]
    lines += [f"• {setting_line(lang, settings, name, page)}" for name in SETTINGS]
    lines.append(t(lang, "admin-how"))
    return "\n".join(lines)


def admin_saved(lang: str, settings: ServerSettings, name: str, page: str | None = None) -> str:
    """The answer to a change: what is now set, and that tables already open keep what they had. The web page
    belongs to no table: its answer gives the page's address instead (or says why it cannot)."""
    lines = [t(lang, "admin-saved"), f"• {setting_line(lang, settings, name, page)}"]
    if name != "web":
        lines.append(t(lang, "admin-open-keep"))
    elif settings.web and page is None:
        lines.append(t(lang, "admin-web-no-address"))
    return "\n".join(lines)
