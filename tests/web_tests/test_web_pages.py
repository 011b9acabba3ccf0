"""The site served beside the real bot (through the Discord fake): pages, steps, the record, 404s, the server
page's opt-in, and no hand in any byte served while a match runs."""

from __future__ import annotations

import asyncio
import json
import random
import re
from dataclasses import replace
from pathlib import Path

import aiohttp
from support.bot_host import TILE_TEXT, public_tiles
from support.waiting import HANG
from support.world import finished_match, picker, world

from bot.model.pace import OnTimeout, Pace
from bot.model.posts import Post, PostKind
from bot.model.table_state import TableStatus
from bot.model.tournament import Entrant, Event, EventStatus, Format, Game
from bot.texts.i18n import t
from bot.web.links import WebLinks, use_links
from bot.web.live_feed import QUEUE_SIZE, LiveFeed, Spectator
from bot.web.match_ids import MatchIds
from bot.web.match_source import Progress
from bot.web.site import serving
from engine import RoundStarted, Tile, tile

IDS = MatchIds(b"web tests")


def named(text: str) -> set[Tile]:
    return {tile(int(a), int(b)) for a, b in TILE_TEXT.findall(text)}


async def get(session: aiohttp.ClientSession, url: str) -> tuple[int, str, dict[str, str]]:
    async with session.get(url) as response:
        return response.status, await response.text(), dict(response.headers)


async def test_a_finished_match_has_its_page_steps_review_and_record(tmp_path: Path) -> None:
    async with world(tmp_path) as s, serving(s.bot.manager, IDS, host="127.0.0.1", port=0) as site:
        table_id, _ = await finished_match(s, 3)
        base = f"http://127.0.0.1:{site.port}/m/{IDS.key(table_id)}"
        async with aiohttp.ClientSession() as session:
            status, page, headers = await get(session, f"{base}/2")
            assert status == 200 and headers["X-Robots-Tag"].startswith("noindex")
            assert '<meta name="robots" content="noindex' in page
            assert 'data-step="2"' in page and "<svg" in page and 'class="review"' in page
            assert "record.json" in page
            status, text, _ = await get(session, f"{base}/2.json?lang=ko")
            step = json.loads(text)
            assert status == 200 and step["step"] == 2 and "2" in step["html"] and "라운드" in step["html"]
            stored = await s.bot.manager.storage.finished_match(table_id)
            assert stored is not None
            status, record, headers = await get(session, f"{base}/record.json")
            assert status == 200 and record == stored.record and "attachment" in headers["Content-Disposition"]
            status, text, _ = await get(session, f"http://127.0.0.1:{site.port}/healthz")
            assert (status, text) == (200, "ok\n")


async def test_malformed_and_unknown_ids_get_the_plain_404(tmp_path: Path) -> None:
    async with world(tmp_path) as s, serving(s.bot.manager, IDS, host="127.0.0.1", port=0) as site:
        table_id, _ = await finished_match(s, 4)
        root = f"http://127.0.0.1:{site.port}"
        wrong = MatchIds(b"another secret").key(table_id)
        bad = [
            f"/m/{wrong}",  # a real table, a mac made with another secret
            f"/m/{IDS.key(table_id + 50)}",  # a well-signed id of no match
            f"/m/{table_id}",  # no mac at all
            f"/m/{IDS.key(table_id)}/0",  # steps count from 1
            f"/m/{IDS.key(table_id)}/99999",  # past the end
            f"/m/{IDS.key(table_id)}/x.json",
            "/m/%00%ff",
            "/s/12345",
            "/nothing/here",
            "/static/../bot/config.py",
        ]
        async with aiohttp.ClientSession() as session:
            for path in bad:
                status, text, headers = await get(session, root + path)
                assert status == 404, path
                assert "Traceback" not in text and "<h1>Page not found</h1>" in text, path
                assert headers["X-Robots-Tag"].startswith("noindex")


async def test_a_server_page_only_once_its_admins_turned_it_on(tmp_path: Path) -> None:
    async with world(tmp_path) as s, serving(s.bot.manager, IDS, host="127.0.0.1", port=0) as site:
        table_id, _ = await finished_match(s, 5)
        guild = s.guild.id
        url = f"http://127.0.0.1:{site.port}/s/{guild}"
        async with aiohttp.ClientSession() as session:
            assert (await get(session, url))[0] == 404
            await s.bot.manager.servers.set_web(guild, True)
            status, page, _ = await get(session, url)
            assert status == 200 and IDS.key(table_id) in page and "Leaderboard" in page
            await s.bot.manager.servers.set_web(guild, False)
            assert (await get(session, url))[0] == 404


async def test_a_server_page_shows_its_tournaments_final_standings_and_not_a_sign_up(tmp_path: Path) -> None:
    """Ana 3 points (two wins and a bye), Bo 2 (a win and a bye), Cy 1 (a bye): the final order whatever the
    tie-breaks; an event still signing up is not shown; in Korean too."""
    async with world(tmp_path) as s, serving(s.bot.manager, IDS, host="127.0.0.1", port=0) as site:
        guild, storage = s.guild.id, s.bot.manager.storage
        await s.bot.manager.servers.set_web(guild, True)
        made = Event(0, guild, 100, 7, "Friday Swiss", Format.SWISS, 3, Pace.DAY, OnTimeout.FORFEIT, False, None)
        over = await storage.create_event(replace(made, status=EventStatus.OVER, round=3))
        await storage.create_event(replace(made, name="Next week"))  # still signing up
        for user, name in ((1, "Ana"), (2, "Bo"), (3, "Cy")):
            await storage.add_entrant(over, Entrant(user, name))
        for round_no, winner, loser, bye in ((1, 1, 2, 3), (2, 1, 3, 2), (3, 2, 3, 1)):
            played = Game(round_no, winner, loser, None, winner, 61, 40, "played")
            await storage.add_games(over, [played, Game(round_no, bye, None, None, bye, 0, 0, "bye")])
        async with aiohttp.ClientSession() as session:
            for lang in ("en", "ko"):
                status, page, _ = await get(session, f"http://127.0.0.1:{site.port}/s/{guild}?lang={lang}")
                assert status == 200 and "Friday Swiss" in page and "Next week" not in page
                assert t(lang, "web-tournaments") in page
                assert page.index("Ana") < page.index("Bo") < page.index("Cy")
                assert "-# " not in page and page.count('<small class="note">') == 2  # the two legends, small


async def test_no_tile_in_a_hand_or_the_boneyard_in_any_byte_served_while_a_match_runs(tmp_path: Path) -> None:
    async with world(tmp_path) as s, serving(s.bot.manager, IDS, host="127.0.0.1", port=0) as site:
        ana, bo = s.users[:2]
        table, _ = await s.open(s.games, [ana, bo])
        base = f"http://127.0.0.1:{site.port}/m/{IDS.key(table.id)}"
        choose = picker(random.Random(8))
        frames: list[str] = []
        async with aiohttp.ClientSession() as session, session.get(f"{base}/live") as stream:
            checked = 0
            while table.status is TableStatus.PLAYING and table.match is not None and table.match.round == 0:
                match = table.match
                await s.place(table, choose(match, match.turn))  # type: ignore[arg-type]
                await s.fake.wait_idle()
                if match.round != 0 or table.status is not TableStatus.PLAYING:
                    break  # the round's end revealed the hands: the rules make them public
                frames.append((await asyncio.wait_for(stream.content.readuntil(b"\n\n"), HANG)).decode())
                served = [(await get(session, base))[1], (await get(session, f"{base}/record.json"))[1]]
                steps = match.record.placements
                served += [(await get(session, f"{base}/{n}.json"))[1] for n in range(1, steps + 1)]
                hidden = {x for hand in match.hands for x in hand} | set(match.boneyard[match.drawn :])
                events = match.events[max(i for i, e in enumerate(match.events) if isinstance(e, RoundStarted)) :]
                hidden -= public_tiles(events)  # the lot's tiles were shown to all
                for text in [*served, *frames]:
                    assert not named(text) & hidden, sorted(map(str, named(text) & hidden))
                checked += 1
            assert checked >= 3


async def test_a_slow_spectator_is_dropped_rather_than_buffered() -> None:
    class Counting:
        def __init__(self) -> None:
            self.steps = 0

        async def progress(self, table_id: int) -> Progress:
            self.steps += 1
            return Progress(self.steps, (0,), False)

        def hosted_here(self, table_id: int) -> bool:
            return False

    feed = LiveFeed(Counting(), poll=3600.0)  # type: ignore[arg-type]
    slow, _ = await feed.join(1)
    quick, _ = await feed.join(1)
    placed = Post(1, 100, PostKind.TURN, "")
    for _ in range(QUEUE_SIZE + 2):  # a placement each time: the quick one reads every frame, the slow one none
        feed.heard(placed)
        for _ in range(5):
            await asyncio.sleep(0)  # the watcher reads the match and sends
        while not quick.queue.empty():
            quick.queue.get_nowait()
    assert slow.dropped and not quick.dropped and feed.dropped == 1
    assert isinstance(slow, Spectator) and slow.queue.full()
    await feed.close()


def test_match_ids_are_unguessable_and_checked() -> None:
    key = IDS.key(42)
    assert re.fullmatch(r"42-[A-Za-z0-9_-]{20}", key) and IDS.table_of(key) == 42
    assert IDS.table_of(key[:-1] + ("A" if key[-1] != "A" else "B")) is None
    assert IDS.table_of("42") is None and IDS.table_of("") is None and IDS.table_of("0-" + key[3:]) is None


async def test_discord_messages_link_to_the_page_only_with_a_public_url(tmp_path: Path) -> None:
    async with world(tmp_path) as s:
        table_id, thread_id = await finished_match(s, 6)
        ana = s.users[0]
        everything = [b for m in s.fake.messages(thread_id) for b in m.buttons]
        assert everything and not [b for b in everything if b.get("url")]  # no PUBLIC_URL: no link
        use_links(WebLinks("https://five-up.example", IDS))
        try:
            second, thread = await finished_match(s, 7)
            turns = [
                m for m in s.fake.messages(thread) if any(b.get("custom_id") == f"5up:hand:{second}" for b in m.buttons)
            ]
            assert turns and all(  # every turn message, the thread's first one included, links to the match's page
                [b["url"] for b in m.buttons if b.get("url")] == [f"https://five-up.example/m/{IDS.key(second)}"]
                for m in turns
            )
            urls = [b["url"] for m in s.fake.messages(s.room) for b in m.buttons if b.get("url")]
            assert urls and urls[-1].startswith("https://five-up.example/m/")
            key = urls[-1].rsplit("/", 1)[-1]
            assert IDS.table_of(key) is not None
            listed = await s.fake.slash(ana, s.games, "five-up history")
            assert any(IDS.key(table_id) in b.get("url", "") for b in listed.last_reply.buttons)
            viewer = await s.fake.slash(ana, s.games, "five-up replay", match=table_id, round=1)
            urls = [b.get("url", "") for b in viewer.last_reply.buttons]
            assert any(url.endswith(f"/m/{IDS.key(table_id)}/1") for url in urls), urls
        finally:
            use_links(None)
