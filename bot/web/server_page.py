"""A server's page `/s/<server>`: its leaderboard (bot/host/ratings/rating_math.py's ratings, as `/five-up leaderboard`
words them), the standings of its latest tournaments (as `/five-up tournament standings` words them, final
ones included) and its recent matches, linked. Only for a server whose admins turned it on
(`/five-up-admin web`); for any other, `server_page` gives None and the site answers 404, the same as
for a server that does not exist, so nothing tells them apart."""

from __future__ import annotations

import html

from aiohttp import web

from .. import texts
from ..host.manager import Manager
from ..host.refusal import Refusal
from ..model.tournament import EventStatus
from ..texts.history import history_choice
from ..texts.i18n import t
from ..texts.tournament_words import event_standings
from .html_words import text_html
from .match_ids import MatchIds
from .page_shell import language_links, page, reader_lang

RECENT = 20
BOARD = 20
EVENTS = 5  # the latest tournaments begun (running or over), newest first


async def server_page(manager: Manager, ids: MatchIds, guild_id: int, request: web.Request) -> str | None:
    try:
        settings = await manager.servers.settings(guild_id)
    except Refusal:
        return None
    if not settings.web:
        return None
    lang = reader_lang(request, settings.lang or "en")
    storage = manager.storage
    people = await storage.ratings(guild_id, "user", BOARD)
    computers = await storage.ratings(guild_id, "computer")
    _, *board = texts.leaderboard_text(lang, people, computers).split("\n")  # its title: the section heading
    matches = await storage.finished_matches(guild_id, RECENT)
    items = "".join(
        f'<li><a href="/m/{ids.key(row.id)}?lang={lang}">'
        f"{html.escape(history_choice(lang, row.id, [s.name for s in row.seats]))}</a></li>"
        for row in matches
    )
    none = f"<li>{html.escape(t(lang, 'web-recent-none'))}</li>"
    tournaments = await _tournaments(manager, guild_id, lang)
    title = t(lang, "web-server-title")
    board_title, recent_title = html.escape(t(lang, "web-leaderboard")), html.escape(t(lang, "web-recent"))
    body = (
        f"<header><h1>{html.escape(title)}</h1>{language_links(lang, f'/s/{guild_id}')}</header><main>"
        f'<section aria-labelledby="board-heading"><h2 id="board-heading">{board_title}</h2>'
        f"{''.join(f'<p>{text_html(line)}</p>' for line in board if line.strip())}</section>{tournaments}"
        f'<section aria-labelledby="recent-heading"><h2 id="recent-heading">{recent_title}</h2>'
        f'<ul class="recent">{items or none}</ul></section></main>'
    )
    return page(lang, title, body)


async def _tournaments(manager: Manager, guild_id: int, lang: str) -> str:
    """The standings of the server's latest tournaments that began, as a section; "" when there are none."""
    begun = [e for e in await manager.tournaments.events(guild_id) if e.status is not EventStatus.SIGNUP]
    events = []
    for event in begun[:EVENTS]:
        _, table = await manager.tournaments.standings_of(event.id, guild_id)
        heading, *lines = event_standings(event, table, final=event.status is EventStatus.OVER, lang=lang).split("\n")
        events.append(f"<h3>{text_html(heading)}</h3>{''.join(f'<p>{text_html(line)}</p>' for line in lines)}")
    if not events:
        return ""
    title = html.escape(t(lang, "web-tournaments"))
    return f'<section aria-labelledby="events-heading"><h2 id="events-heading">{title}</h2>{"".join(events)}</section>'
