"""`/five-up help` through the real discord.py: a quick start in the reader's language that fits one
screen, a button to the full rules that survives a restart, and the builder with and without the
picture's legend (its lines and its picture)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image
from support.discord_fake import FakeMessage, FakeUser
from support.world import world

import render
from bot import texts
from bot.edge.tables.help_and_rules import help_message
from bot.model.posts import Picture
from bot.texts.help import QUICK_START
from bot.texts.i18n import SUPPORTED, pick_locale, t
from bot.texts.rules_pages import rules_pages

ONE_SCREEN = 1500  # characters: what a phone shows without scrolling far
RULES_BUTTON = "5up:help:rules"
LEGEND = [
    "◆ spinner: a double, open on four sides",
    "① ② ③ ④ seat chips: whose tile it is",
    "○ an open end · ● a closed one",
    "▣ the last tile placed",
    "Σ the ends' sum, and how it was counted",
]


def png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (64, 32), (20, 90, 60)).save(out, format="PNG")
    return out.getvalue()


def quick_start_of(message: FakeMessage) -> str:
    (embed,) = message.embeds
    return embed.description or ""


@pytest.mark.parametrize("lang", SUPPORTED)
def test_the_quick_start_fits_one_screen_and_says_every_step(lang: str) -> None:
    embed, view, attachments = help_message(lang)
    body = embed.description or ""
    assert embed.title == t(lang, "help-title") and attachments == [] and embed.image.url is None
    assert [t(lang, key) for key in QUICK_START] == body.split("\n")
    assert len(body) + len(embed.title or "") <= ONE_SCREEN * 2 // 3  # room left for the legend
    for command in ("/five-up start", "/five-up hand", "/five-up play"):
        assert command in body
    for button in ("button-join", "button-start", "button-show-hand", "lobby-sit-with"):
        assert t(lang, button) in body, button
    (button,) = view.children
    assert button.custom_id == RULES_BUTTON and button.item.label == t(lang, "help-rules-button")


@pytest.mark.parametrize("lang", SUPPORTED)
def test_the_builder_adds_the_legend_lines_and_picture(lang: str) -> None:
    picture = Picture("legend.png", png())
    embed, _, attachments = help_message(lang, LEGEND, picture)
    body = embed.description or ""
    quick, legend = body.split("\n\n")
    assert quick == help_message(lang)[0].description and legend.split("\n") == LEGEND
    assert len(body) <= ONE_SCREEN
    assert embed.image.url == "attachment://legend.png"
    assert [a.filename for a in attachments] == ["legend.png"] and attachments[0].fp.read() == picture.data
    only_lines, _, none = help_message(lang, LEGEND)
    assert (only_lines.description or "").endswith(LEGEND[-1]) and none == [] and only_lines.image.url is None


async def test_help_in_each_reader_language_and_its_rules_button(tmp_path: Path) -> None:
    async with world(tmp_path, 4, locales=("ko", "es-419", "en-US", "fr")) as w:
        for user in w.users:
            lang = pick_locale(user.locale)
            record = await w.fake.slash(user, w.channel, "five-up help")
            assert record.ok, record.rule_problems()
            shown = record.last_reply
            assert shown is not None and shown.ephemeral and [a.filename for a in shown.attachments] == ["legend.png"]
            assert shown.attachments[0].data.startswith(b"\x89PNG") and shown.embeds[0].image.url.endswith("legend.png")
            legend = texts.legend_lines(lang, render.LEGEND_ITEMS, render.LEGEND_VALUES)
            assert quick_start_of(shown).endswith("\n".join(legend))
            assert shown.embeds[0].title == t(lang, "help-title")
            assert quick_start_of(shown).startswith(t(lang, "help-start")) and len(quick_start_of(shown)) <= ONE_SCREEN
            assert shown.custom_ids() == [RULES_BUTTON]
            opened = await w.fake.click(user, shown, RULES_BUTTON)
            rules = opened.last_reply
            assert rules is not None and rules.ephemeral and rules.id != shown.id
            assert rules.embeds[0].title == t(lang, "rulebook-title")
            assert rules.embeds[0].footer.text == t(lang, "rulebook-page", page=1, pages=len(rules_pages(lang)))
            assert rules.embeds[0].description == rules_pages(lang)[0]
            assert w.fake._message(shown).embeds[0].title == t(lang, "help-title")  # the help stays as it was
        # the button is restart-proof: nothing about it is kept in memory
        korean: FakeUser = w.users[0]
        before = await w.fake.slash(korean, w.channel, "five-up help")
        await w.restart()
        opened = await w.fake.click(korean, before.last_reply, RULES_BUTTON)
        assert opened.ok and opened.last_reply is not None
        assert opened.last_reply.embeds[0].title == t("ko", "rulebook-title")
        w.fake.assert_clean()
