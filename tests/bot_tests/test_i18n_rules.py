"""`/five-up rules`: the complete rules in each language, paged for Discord, faithful to the sources.

The worked examples are checked against the engine: the end totals and points the
rules text promises are the ones the engine computes.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from support.i18n_checks import leftover_english

from bot.texts import i18n
from bot.texts.rules_pages import EMBED_DESCRIPTION_LIMIT, PAGE_TARGET, SECTIONS, rules_pages
from engine import Match, Placed

# The words of the seed texts (and of docs/rules.md for English) a reader must find in the rules.
TERMS = {
    "en": [
        "spinner", "displayed points", "raw", "boneyard", "leader", "neutral lot", "exactly 61", "305",
        "branch", "line", "terminal", "interior", "partner", "nearest 5", "blocked", "draw", "house",
    ],
    "ko": [
        "스피너", "표시 점수", "원점수", "남은 타일 더미", "선공자", "라운드", "정산", "막힘", "파트너", "조",
        "중립적인 추첨", "갈래", "직선", "말단", "안쪽", "반올림", "무승부", "끝 합계", "득점", "305",
    ],
    "es": [
        "doble de ramificación", "puntos mostrados", "puntos brutos", "montón de robo", "quién abre", "ronda",
        "liquidación", "bloqueo", "compañero", "pareja", "sorteo neutral", "rama", "línea", "terminal", "interno",
        "múltiplo de 5 más cercano", "empate", "305",
    ],
}  # fmt: skip
DISCORD_LOCALES = {"en": "en-US", "ko": "ko", "es": "es-ES"}
_EXAMPLE = re.compile(r"= (\d+) → [^\d\n]*?(\d+)")  # "= 5 → **5**", "= 5 → 원점수 **5**"


@pytest.fixture(scope="module", params=i18n.SUPPORTED)
def lang(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def test_every_page_fits_an_embed_and_reads_on_a_phone(lang: str) -> None:
    pages = rules_pages(lang)
    assert len(pages) >= 2
    for page in pages:
        assert 0 < len(page) <= PAGE_TARGET <= EMBED_DESCRIPTION_LIMIT
        assert page.startswith("**"), "each page opens with a section title"


def test_every_section_is_there_once_in_order(lang: str) -> None:
    text = "\n\n".join(rules_pages(lang))
    titles = [f"**{i18n.t(lang, f'rulebook-{s}-title')}**" for s in SECTIONS]
    positions = [text.find(title) for title in titles]
    assert -1 not in positions
    assert positions == sorted(positions)
    for section in SECTIONS:
        body = i18n.t(lang, f"rulebook-{section}")
        for paragraph in body.split("\n\n"):
            assert paragraph in text, f"{lang}: a paragraph of {section} is missing from the pages"


def test_discord_locales_get_their_language(lang: str) -> None:
    assert rules_pages(DISCORD_LOCALES[lang]) == rules_pages(lang)
    assert rules_pages("es-419") == rules_pages("es")
    assert rules_pages("fr") == rules_pages("en")


def test_the_seed_terms_are_in_the_rules(lang: str) -> None:
    text = "\n".join(rules_pages(lang))
    missing = [term for term in TERMS[lang] if term not in text]
    assert missing == []


def test_the_rules_are_in_the_reader_language(lang: str) -> None:
    if lang == i18n.DEFAULT:
        return
    for page in rules_pages(lang):
        assert leftover_english(lang, page) == []


def test_small_pages_split_between_paragraphs_and_say_continued() -> None:
    pages = rules_pages("en", target=700)
    assert all(len(page) <= 700 for page in pages)
    continued = [page for page in pages if "(continued)**" in page.split("\n")[0]]
    assert continued, "a section longer than a page goes on under its title, marked continued"
    whole = "\n\n".join(rules_pages("en"))
    for page in pages:
        for paragraph in page.split("\n\n")[1:]:
            assert paragraph in whole  # nothing cut mid-paragraph except at line breaks of long lists


def test_pages_are_even_not_a_stub_at_the_end(lang: str) -> None:
    pages = rules_pages(lang)
    assert min(len(p) for p in pages) >= 0.3 * max(len(p) for p in pages)


def _placements(events: list) -> list[Placed]:
    return [e for e in events if isinstance(e, Placed)]


def engine_examples(new_round: Callable[..., Match], play_text: Callable[[Match, str], list]) -> list[tuple[int, int]]:
    """The worked examples played by the engine: (end total, raw points) as the rules list them."""
    layout = new_round(
        3,
        0,
        ["1-4 3-4 5-5 6-6 2-6", "1-1 1-2 0-5 3-6 0-6", "4-4 1-5 1-3 2-2 0-0"],
    )
    steps = ["0:1-4", "1:1-1>1-4", "2:4-4>1-4", "0:3-4>4-4", "1:1-2>1-1", "2:1-5>1-1", "0:5-5>1-5 1:0-5>5-5"]
    steps.append("2:1-3>1-1")
    found = [_placements(play_text(layout, step))[-1] for step in steps]
    openings = {
        "0:2-2": ["2-2 1-1 1-2 1-3 1-4", "2-3 2-4 2-5 2-6 3-3"],
        "0:0-0": ["0-0 1-1 1-2 1-3 1-4", "2-3 2-4 2-5 2-6 3-3"],
        "0:3-6 1:6-6>3-6": ["3-6 1-1 1-2 1-3 1-4", "6-6 2-4 2-5 2-6 3-3"],
    }
    for plays, hands in openings.items():
        found.append(_placements(play_text(new_round(2, 0, hands), plays))[-1])
    return [(placed.total, placed.points) for placed in found]


def test_worked_examples_agree_with_the_engine(
    lang: str, new_round: Callable[..., Match], play_text: Callable[[Match, str], list]
) -> None:
    promised = [(int(a), int(b)) for a, b in _EXAMPLE.findall(i18n.t(lang, "rulebook-examples"))]
    assert promised == engine_examples(new_round, play_text)
