"""The table on the web: a page per match at any placement, followed live, and a page per server that opted in.

Served by the bot process itself with aiohttp's web server (bot/web/site.py), when `WEB_PORT` is set. Every
page is built from a match's record replayed by the engine, as the replay viewer does (bot/host/replay/book_builder.py);
a match being played shows only what is public. See docs/web.md.
"""
