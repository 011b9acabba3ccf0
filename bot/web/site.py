"""The site's routes on aiohttp's web server, and `serving`, which runs it beside the bot on its game manager.

`/healthz`; `/m/<id>[/<step>]` the match page, `/m/<id>/<step>.json` one step for the page's script,
`/m/<id>/live` its server-sent events, `/m/<id>/record.json` a finished match's record;
`/s/<server>` a server's page when its admins turned it on; `/static/…` the page's script and style.
Anything else, a malformed or unknown id included, is the one plain 404 page; an error is logged and
answered with a plain page, never a traceback. Heavy work (a book, a step's SVG) runs off the event loop.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from aiohttp import web

from ..host.manager import Manager
from .heard_posts import HeardPublisher
from .live_feed import LiveFeed, Spectator, frame
from .match_ids import MatchIds
from .match_page import match_page
from .match_source import MatchSource, Shown
from .page_shell import HEADERS, html_response, not_found, reader_lang
from .server_page import server_page
from .step_view import step_html, waiting_html

log = logging.getLogger(__name__)

STATIC = Path(__file__).parent / "static"
ASSETS = {"match.js": "text/javascript", "site.css": "text/css"}
PING_S = 15.0  # a comment on a quiet stream, so proxies keep it open
FRAGMENTS_KEPT = 512
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass(frozen=True, slots=True)
class Site:
    """The running site: its port (the one bound, when 0 was asked for), its feed and ids (for tests and benches)."""

    port: int
    feed: LiveFeed
    ids: MatchIds
    source: MatchSource


class Routes:
    def __init__(self, manager: Manager, ids: MatchIds, feed: LiveFeed, source: MatchSource) -> None:
        self.manager = manager
        self.ids = ids
        self.feed = feed
        self.source = source
        self._fragments: OrderedDict[tuple[int, int, bool, int, str], str] = OrderedDict()

    async def _match(self, request: web.Request) -> tuple[str, Shown]:
        key = request.match_info["key"]
        table_id = self.ids.table_of(key)
        shown = None if table_id is None else await self.source.shown(table_id)
        if shown is None:
            raise web.HTTPNotFound
        return key, shown

    @staticmethod
    def _index(request: web.Request, shown: Shown) -> int:
        """The 0-based step the URL names (its latest when it names none); past the match's end: not found."""
        text = request.match_info.get("step")
        if text is None:
            return shown.book.last  # -1 before the first placement
        if len(text) > 6 or not 1 <= int(text) <= len(shown.book.steps):
            raise web.HTTPNotFound
        return int(text) - 1

    async def page(self, request: web.Request) -> web.StreamResponse:
        key, shown = await self._match(request)
        index = self._index(request, shown)
        lang = reader_lang(request, shown.lang)
        fragment = await self._fragment(shown, index, lang)  # the heavy part, drawn off the event loop (and kept)
        text = await asyncio.to_thread(match_page, lang, key, shown, index, fragment)
        return html_response(text)

    async def step(self, request: web.Request) -> web.StreamResponse:
        _, shown = await self._match(request)
        index = self._index(request, shown)
        lang = reader_lang(request, shown.lang)
        book = shown.book
        body = {
            "step": index + 1,
            "steps": len(book.steps),
            "round": book.round_of(index),
            "html": await self._fragment(shown, index, lang),
        }
        return web.json_response(body, headers={**HEADERS, "Cache-Control": "no-cache"})

    async def _fragment(self, shown: Shown, index: int, lang: str) -> str:
        book = shown.book
        key = (book.table_id, len(book.steps), book.finished, index, lang)
        kept = self._fragments.get(key)
        if index < 0:
            return waiting_html(lang)
        if kept is None:
            kept = await asyncio.to_thread(step_html, lang, book, book.steps[index])
            self._fragments[key] = kept
            while len(self._fragments) > FRAGMENTS_KEPT:
                self._fragments.popitem(last=False)
        return kept

    async def record(self, request: web.Request) -> web.StreamResponse:
        """A finished match's record as kept (a running match's record would show its deal: not found)."""
        _, shown = await self._match(request)
        if shown.record is None:
            raise web.HTTPNotFound
        headers = {**HEADERS, "Content-Disposition": f'attachment; filename="match-{shown.book.table_id}.json"'}
        return web.Response(text=shown.record, content_type="application/json", headers=headers)

    async def live(self, request: web.Request) -> web.StreamResponse:
        """The match's progress as server-sent events: now, then after every placement, until it is over."""
        table_id = self.ids.table_of(request.match_info["key"])
        if table_id is None:
            raise web.HTTPNotFound
        spectator, first = await self.feed.join(table_id)
        try:
            if first is None:
                raise web.HTTPNotFound
            return await self._stream(request, spectator, frame(first))
        finally:
            self.feed.leave(table_id, spectator)

    async def _stream(self, request: web.Request, spectator: Spectator, first: bytes) -> web.StreamResponse:
        response = web.StreamResponse(
            headers={
                **HEADERS,
                "Content-Type": "text/event-stream",
                "Cache-Control": "no-store",
                "X-Accel-Buffering": "no",
            }
        )
        await response.prepare(request)
        try:
            await response.write(b"retry: 1000\n\n" + first)
            while not spectator.dropped:
                try:
                    text = await asyncio.wait_for(spectator.queue.get(), PING_S)
                except TimeoutError:
                    text = b": ping\n\n"
                if text:
                    await response.write(text)
        except (ConnectionResetError, ConnectionError):
            pass  # the spectator went away
        return response

    async def server(self, request: web.Request) -> web.StreamResponse:
        text = request.match_info["guild"]
        if len(text) > 20:
            raise web.HTTPNotFound
        found = await server_page(self.manager, self.ids, int(text), request)
        if found is None:
            raise web.HTTPNotFound
        return html_response(found)

    async def static(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        kind = ASSETS.get(name)
        if kind is None:
            raise web.HTTPNotFound
        text = (STATIC / name).read_text(encoding="utf-8")
        return web.Response(text=text, content_type=kind, headers={**HEADERS, "Cache-Control": "public, max-age=3600"})

    @staticmethod
    async def health(request: web.Request) -> web.StreamResponse:
        return web.Response(text="ok\n", headers={"Cache-Control": "no-store"})


@web.middleware
async def plain_errors(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Not found (or a wrong method) is the plain 404 page; any other failure a plain page, logged."""
    try:
        return await handler(request)
    except web.HTTPException as e:
        if e.status in (404, 405):
            return not_found(reader_lang(request, "en"))
        raise
    except asyncio.CancelledError:
        raise
    except Exception:
        log.exception("web: %s %s failed", request.method, request.path)
        response = not_found(reader_lang(request, "en"))
        response.set_status(500)
        return response


def make_app(manager: Manager, ids: MatchIds, feed: LiveFeed, source: MatchSource) -> web.Application:
    routes = Routes(manager, ids, feed, source)
    app = web.Application(middlewares=[plain_errors])
    step = r"{step:[0-9]{1,6}}"
    app.router.add_get("/healthz", routes.health)
    app.router.add_get("/static/{name}", routes.static)
    app.router.add_get("/m/{key}", routes.page)
    app.router.add_get("/m/{key}/live", routes.live)
    app.router.add_get("/m/{key}/record.json", routes.record)
    app.router.add_get(f"/m/{{key}}/{step}.json", routes.step)
    app.router.add_get(f"/m/{{key}}/{step}", routes.page)
    app.router.add_get("/s/{guild:[0-9]{1,20}}", routes.server)
    return app


@asynccontextmanager
async def serving(manager: Manager, ids: MatchIds, *, host: str, port: int) -> AsyncIterator[Site]:
    """The site, listening on `host`:`port` (0: any free port) until the block ends; it hears the host's posts
    when the manager publishes through a `HeardPublisher`, and reads the store besides (see bot/web/live_feed.py)."""
    source = MatchSource(manager)
    feed = LiveFeed(source)
    publisher = manager.publisher
    if isinstance(publisher, HeardPublisher):
        publisher.listeners.append(feed.heard)
        feed.hearing = True
    runner = web.AppRunner(make_app(manager, ids, feed, source), access_log=None, shutdown_timeout=1.0)
    await runner.setup()
    site = web.TCPSite(runner, host, port)
    await site.start()
    bound = port
    for address in runner.addresses:  # the port bound, when 0 (any free port) was asked for
        bound = int(address[1])
    log.info("web: serving on %s:%s", host, bound)
    try:
        yield Site(bound, feed, ids, source)
    finally:
        if isinstance(publisher, HeardPublisher) and feed.heard in publisher.listeners:
            publisher.listeners.remove(feed.heard)
        await feed.close()
        await runner.cleanup()
