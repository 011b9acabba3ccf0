"""What every page of the site shares: its head (noindex, the stylesheet), the language links, and the plain
404 page. No framework, no outside resource: a page loads only from the site itself."""

from __future__ import annotations

import html

from aiohttp import web

from ..texts.i18n import SUPPORTED, pick_locale, t

ASSET_VERSION = "3"  # bump with bot/web/static/*: browsers keep the files an hour
HEADERS = {
    "X-Robots-Tag": "noindex, nofollow",
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}


def reader_lang(request: web.Request, default: str) -> str:
    """The language asked for in `?lang=` (one of the catalogs), else the page's own."""
    asked = request.query.get("lang", "")
    return pick_locale(asked) if asked.lower() in SUPPORTED else default


def page(lang: str, title: str, body: str, *, script: bool = False) -> str:
    """A whole page: `body` (markup) under its head; `script` adds the match page's script."""
    js = f'<script src="/static/match.js?v={ASSET_VERSION}" defer></script>' if script else ""
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="robots" content="noindex, nofollow"><link rel="icon" href="data:,">'
        f"<title>{html.escape(title)}</title>"
        f'<link rel="stylesheet" href="/static/site.css?v={ASSET_VERSION}">{js}</head>'
        f"<body>{body}</body></html>"
    )


def language_links(lang: str, path: str) -> str:
    """The three languages, the one shown marked as current."""
    links = []
    for other in SUPPORTED:
        name = html.escape(t(other, "web-language-name"))
        current = ' aria-current="true"' if other == lang else ""
        links.append(
            f'<a href="{html.escape(path)}?lang={other}" hreflang="{other}" lang="{other}"{current}>{name}</a>'
        )
    label = html.escape(t(lang, "web-language"))
    return f'<nav class="langs" aria-label="{label}">{" ".join(links)}</nav>'


def html_response(text: str, status: int = 200) -> web.Response:
    return web.Response(text=text, status=status, content_type="text/html", charset="utf-8", headers=HEADERS)


def not_found(lang: str = "en") -> web.Response:
    """The one answer to a malformed URL, an unknown id or a page that is not shared: plain, and the same."""
    title = t(lang, "web-not-found")
    body = f"<main><h1>{html.escape(title)}</h1><p>{html.escape(t(lang, 'web-not-found-detail'))}</p></main>"
    return html_response(page(lang, title, body), status=404)
