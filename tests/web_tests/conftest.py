"""What the web tests share: the site on a running bot's game manager, and Debian's chromium driven by playwright.

The browser tests fail, never skip, when the browser or the fonts the pages are read in are missing: both are part
of the dev setup (`scripts/setup.sh --dev` installs them as root; otherwise `apt-get install chromium
fonts-noto-cjk`). Without a Hangul font a Korean page's layout means nothing, so that is said, not measured."""

from __future__ import annotations

import shutil
import subprocess
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


def missing_fonts() -> list[str]:
    """Debian's packages the pages need and fontconfig cannot find: a font for Hangul (the Korean pages and
    Korean names) and one for Latin text."""
    if shutil.which("fc-list") is None:
        return ["fontconfig"]
    wanted = {"ko": "fonts-noto-cjk", "en": "fonts-dejavu-core"}
    found = {
        lang: subprocess.run(["fc-list", f":lang={lang}", "family"], capture_output=True, text=True).stdout
        for lang in wanted
    }
    return [package for lang, package in wanted.items() if not found[lang].strip()]


@pytest.fixture
async def chromium() -> AsyncIterator[Browser]:
    if not CHROMIUM.exists():
        pytest.fail(
            f"the browser tests need Debian's chromium at {CHROMIUM}: run `bash scripts/setup.sh --dev` as root, "
            "or `apt-get install chromium` (playwright's own browser download is not used)"
        )
    if missing := missing_fonts():
        pytest.fail(
            f"the browser tests read the pages in fonts that are missing: run `apt-get install {' '.join(missing)}` "
            "as root (or `bash scripts/setup.sh --dev`, which installs them)"
        )
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            yield browser
        finally:
            await browser.close()
