"""The match page in a real browser (Debian's chromium through playwright): stepping by buttons, keys and the
round select with the step in the URL, a link landing on its placement, the languages, a phone's width (every
language read whole: the scoresheet's figures on one line, Korean words unbroken, taps 44 px tall), the
keyboard, a live match followed while the bot plays through the Discord fake (no controls before its first
placement), a bot restart survived, and the match's end shown with its review."""

from __future__ import annotations

import os
import random
from contextlib import AsyncExitStack
from pathlib import Path

from playwright.async_api import Browser, ConsoleMessage, Page
from support.world import finished_match, picker, world

from bot.model.table_state import TableStatus
from bot.texts.i18n import t
from bot.web.match_ids import MatchIds
from bot.web.site import serving

IDS = MatchIds(b"browser tests")
PHONE = {"width": 390, "height": 844}
CONTROLS = ("first", "previous", "next", "last", "round", "copy")
LONG_NAMES = ["Ana", "보라", "Maximiliano Fernández-Castillo", "Dee"]
# What a phone's reader must not meet, from the page's own layout: each a list of the offenders. A text's lines are
# counted from its client rects by overlap, not by their exact tops: two boxes share a line when they overlap
# vertically by at least half the shorter one (a seat badge's digit sits a pixel or two off its name's text, by a
# browser's or a font's metrics), and a box wholly below the others starts a new line. Only the text's own line
# fragments are counted: an element's box spans every line it holds. A Korean word runs between spaces and hyphens:
# a hyphenated Latin name before a particle ("Fernández-Castillo에게") may break at its hyphen, as in print; a tile's
# name ("5-5에") is kept whole by its own span (.tile), checked with the scoresheet's cells. So the check holds on
# any Chromium and any font, and still catches a real break, which puts the next box a whole line below.
PHONE_FAULTS = r"""() => {
  const countLines = (rects) => {
    const boxes = [...rects].filter((b) => b.height > 0).sort((a, b) => a.top - b.top);
    const rows = [];
    for (const b of boxes) {
      const shared = (r) => Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top);
      const row = rows.find((r) => shared(r) >= Math.min(r.bottom - r.top, b.height) / 2);
      if (row) { row.top = Math.min(row.top, b.top); row.bottom = Math.max(row.bottom, b.bottom); }
      else { rows.push({ top: b.top, bottom: b.bottom }); }
    }
    return rows.length;
  };
  const lines = (node) => {  // the line fragments of its text (an element's own box may span several lines)
    const rects = [], walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      if (!t.data.trim()) { continue; }
      const r = document.createRange(); r.selectNodeContents(t); rects.push(...r.getClientRects());
    }
    return countLines(rects);
  };
  const shown = (e) => e.getClientRects().length > 0;
  const faults = {};
  const width = document.documentElement.scrollWidth;
  faults.scroll = width > window.innerWidth ? [width] : [];
  faults.small = [...document.querySelectorAll("a, button, select")].filter(shown)
    .map((e) => [e.id || e.textContent.trim(), Math.round(e.getBoundingClientRect().height)]).filter((x) => x[1] < 44);
  faults.split = [...document.querySelectorAll(".sheet td.score, .sheet td.needed, .sheet .player, .tile")]
    .filter((e) => lines(e) > 1).map((e) => e.textContent);
  faults.overflow = [...document.querySelectorAll(".sheet .player")]
    .filter((e) => e.getBoundingClientRect().right > e.closest("table").getBoundingClientRect().right)
    .map((e) => e.textContent);
  faults.hangul = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!shown(node.parentElement)) { continue; }
    for (const word of node.data.matchAll(/[^\s-]*[\uac00-\ud7a3][^\s-]*/g)) {
      const r = document.createRange(); r.setStart(node, word.index); r.setEnd(node, word.index + word[0].length);
      if (countLines(r.getClientRects()) > 1) { faults.hangul.push(word[0]); }
    }
  }
  return faults;
}"""


def shots(tmp_path: Path) -> Path:
    """Where the screenshots go: WEB_TEST_SCREENSHOTS to look at them afterwards, else the test's own folder."""
    return Path(os.environ.get("WEB_TEST_SCREENSHOTS") or tmp_path)


async def opened(browser: Browser, url: str, errors: list[str]) -> Page:
    page = await browser.new_page(viewport=PHONE)

    def logged(message: ConsoleMessage) -> None:
        if message.type == "error":  # with the resource it names, e.g. "Failed to load resource: … <url>"
            errors.append(f"{message.text} <{message.location.get('url', '')}>")

    page.on("console", logged)
    page.on("pageerror", lambda e: errors.append(str(e)))
    await page.goto(url)
    return page


async def step_of(page: Page) -> int:
    return int(await page.get_attribute("#step-heading", "data-step") or 0)


async def wait_step(page: Page, step: int, timeout: float = 15000) -> None:
    """The page shows `step`. The wait is generous so that a busy machine fails nothing: how fast a placement
    reaches a spectator is bench/bench_web.py's figure (p95 a few ms), not this test's."""
    await page.wait_for_selector(f"#step-heading[data-step='{step}']", timeout=timeout)


async def test_stepping_links_languages_phone_and_keyboard(tmp_path: Path, chromium: Browser) -> None:
    async with world(tmp_path) as s, serving(s.bot.manager, IDS, host="127.0.0.1", port=0) as site:
        table_id, _ = await finished_match(s, 11)
        base = f"http://127.0.0.1:{site.port}/m/{IDS.key(table_id)}"
        errors: list[str] = []
        page = await opened(chromium, f"{base}/3", errors)  # a link at a step lands on it
        assert await step_of(page) == 3
        await page.click("#next")
        await wait_step(page, 4)
        assert page.url.endswith("/4")
        await page.keyboard.press("ArrowLeft")
        await wait_step(page, 3)
        await page.keyboard.press("End")
        last = int(await page.evaluate("JSON.parse(document.getElementById('meta').textContent).steps"))
        await wait_step(page, last)
        await page.keyboard.press("Home")
        await wait_step(page, 1)
        await page.go_back()
        await wait_step(page, last)
        await page.select_option("#round", "1")
        second = int(await page.evaluate("JSON.parse(document.getElementById('meta').textContent).roundStarts[1]")) + 1
        await wait_step(page, second)
        assert page.url.endswith(f"/{second}")
        await page.screenshot(path=shots(tmp_path) / "finished-390.png", full_page=True)
        width = await page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], width
        reached = {}
        await page.focus("body")
        for _ in range(30):
            await page.keyboard.press("Tab")
            found = await page.evaluate(
                "(() => { const e = document.activeElement; const label = e.labels && e.labels[0];"
                " return [e.id, e.getAttribute('aria-label') || (label && label.textContent) || e.textContent]; })()"
            )
            reached[found[0]] = found[1].strip()
        for control in CONTROLS:
            assert reached.get(control), (control, reached)
        await page.click("a[hreflang=ko]")
        await page.wait_for_load_state()
        assert await page.get_attribute("html", "lang") == "ko"
        assert await step_of(page) == second and "라운드" in (await page.inner_text("#step-heading"))
        await page.click("#next")
        await wait_step(page, second + 1)
        assert "lang=ko" in page.url
        await page.screenshot(path=shots(tmp_path) / "finished-ko-390.png")
        assert not errors, errors


async def test_the_phone_check_counts_a_line_by_overlap_and_still_sees_a_break(chromium: Browser) -> None:
    """What the phone check's line count guards, on a page made for it: a seat badge a few pixels off its name's
    text is one line (the false 'split' a browser's or a font's metrics gave), a name wrapped in a narrow cell is
    two, and a Korean word broken by `word-break: break-all` is caught; so the check can fail, on any machine."""
    page = await chromium.new_page(viewport=PHONE)
    await page.set_content(
        '<table class="sheet"><tr>'
        '<td class="player" id="offset"><span style="display:inline-block;position:relative;top:3px;padding:0 4px">'
        "1</span> Ana</td>"
        '<td class="player" id="wrapped" style="width:4em;max-width:4em">Maximiliano Fernández-Castillo</td>'
        '<td class="score" id="whole">61 / 61</td></tr></table>'
        '<p style="width:2.5em;word-break:break-all">가나다라마바사</p>'
    )
    faults = await page.evaluate(PHONE_FAULTS)
    assert faults["split"] == ["Maximiliano Fernández-Castillo"], faults
    assert faults["hangul"] == ["가나다라마바사"], faults
    await page.close()


async def test_a_phone_reads_every_language_whole(tmp_path: Path, chromium: Browser) -> None:
    """At 390 px, in each language, mid-match and at the end: no horizontal scroll; every link, button and select
    at least 44 px tall; the scoresheet's "61 / 61" and "9 to go" on one line each, a tile's name ("5-5") on one
    line, and a long name cut, not spilled; no Korean word broken across lines; the winning side said to have won.
    The server page as well. What counts as one line: PHONE_FAULTS, tested on its own above."""
    async with world(tmp_path, names=LONG_NAMES) as s, serving(s.bot.manager, IDS, host="127.0.0.1", port=0) as site:
        table, _ = await s.open(s.games, s.users[:4])
        await s.play_out(table, picker(random.Random(7)))
        assert table.status is TableStatus.OVER
        base = f"http://127.0.0.1:{site.port}/m/{IDS.key(table.id)}"
        errors: list[str] = []
        page = await opened(chromium, base, errors)
        last = await step_of(page)
        for lang in ("en", "ko", "es"):
            for step in (40, last):
                await page.goto(f"{base}/{step}?lang={lang}")
                await page.screenshot(path=shots(tmp_path) / f"phone-{lang}-{step}.png", full_page=True)
                faults = await page.evaluate(PHONE_FAULTS)
                assert faults == {"scroll": [], "small": [], "split": [], "overflow": [], "hangul": []}, (lang, faults)
            won = await page.inner_text(".sheet tbody.won td.needed")
            assert won == t(lang, "web-won") and await page.locator(".sheet tbody.won").count() == 1
        await s.bot.manager.servers.set_web(s.guild.id, True)
        for lang in ("en", "ko", "es"):  # the server page's links too
            await page.goto(f"http://127.0.0.1:{site.port}/s/{s.guild.id}?lang={lang}")
            await page.screenshot(path=shots(tmp_path) / f"phone-server-{lang}.png", full_page=True)
            faults = await page.evaluate(PHONE_FAULTS)
            assert faults == {"scroll": [], "small": [], "split": [], "overflow": [], "hangul": []}, (lang, faults)
        assert not errors, errors


async def test_a_live_match_is_followed_placement_by_placement_and_across_a_restart(
    tmp_path: Path, chromium: Browser
) -> None:
    async with world(tmp_path) as s, AsyncExitStack() as sites:
        site = await sites.enter_async_context(serving(s.bot.manager, IDS, host="127.0.0.1", port=0))
        ana, bo = s.users[:2]
        table, _ = await s.open(s.games, [ana, bo])
        choose = picker(random.Random(12))
        errors: list[str] = []
        page = await opened(chromium, f"http://127.0.0.1:{site.port}/m/{IDS.key(table.id)}", errors)
        assert table.match is not None and table.match.record.placements == 0 and await step_of(page) == 0
        # before the first placement: no controls to step through nothing, and the page says it waits
        assert not await page.is_visible("#controls") and not await page.is_visible("#copy")
        assert await page.inner_text(".waiting") == t("en", "web-waiting-detail")
        assert page.url.endswith(IDS.key(table.id))  # not ".../0", which is no page
        for _ in range(6):
            match = table.match
            assert match is not None and match.turn is not None
            await s.place(table, choose(match, match.turn))
            await wait_step(page, match.record.placements)  # followed without a reload
            assert await page.is_visible("#copy") and await page.is_visible("#round")
        await page.screenshot(path=shots(tmp_path) / "live-390.png", full_page=True)
        await sites.aclose()  # the bot stops, its site with it; the page keeps trying to reconnect
        await s.restart()
        site = await sites.enter_async_context(serving(s.bot.manager, IDS, host="127.0.0.1", port=site.port))
        table = s.table_in(table.room)
        for _ in range(2):
            match = table.match
            if table.status is not TableStatus.PLAYING or match is None or match.turn is None:
                break
            await s.place(table, choose(match, match.turn))
            await wait_step(page, match.record.placements)  # the page's stream tries again 1 s after the restart
        await s.play_out(table, choose)  # to its end: the page reloads once, with every hand and the review
        assert table.status is TableStatus.OVER
        await page.wait_for_selector("section.review", timeout=15000)
        assert await page.get_attribute("a[download]", "href") == f"/m/{IDS.key(table.id)}/record.json"
        # the stream's own reconnects while the bot is down may be logged (ERR_CONNECTION_REFUSED on …/live)
        assert not [e for e in errors if not e.endswith("/live>")], errors
        await sites.aclose()
