"""What the web tests share: the site on a running bot's game manager, and Debian's chromium driven by playwright.

The browser tests fail, never skip, when the browser is missing: it is part of the dev setup
(`scripts/setup.sh --dev` installs it as root; otherwise `apt-get install chromium`)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from playwright.async_api import Browser, async_playwright

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture
async def chromium() -> AsyncIterator[Browser]:
    if not CHROMIUM.exists():
        pytest.fail(
            f"the browser tests need Debian's chromium at {CHROMIUM}: run `bash scripts/setup.sh --dev` as root, "
            "or `apt-get install chromium` (playwright's own browser download is not used)"
        )
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            yield browser
        finally:
            await browser.close()
