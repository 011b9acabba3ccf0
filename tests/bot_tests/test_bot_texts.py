"""The play-by-play in words: placements, draws, lots, settlements, the private option labels, and the
review's fixes (plurals, signs, Spanish "e", Korean particles, the full lobby) in all three languages."""

from __future__ import annotations

import dataclasses

import pytest

from bot.host.refusal import Refusal
from bot.model.rating_change import PROVISIONAL_MATCHES
from bot.model.seating import Seating
from bot.model.table_state import Seat, Table, TableStatus
from bot.storage import PlayerStats, RatingRow
from bot.texts import lobby_message, narrate, outcome, plain, reminder, side_name, stats_text, tile_label
from bot.texts.i18n import t
from bot.texts.korean import particle, resolve
from bot.texts.words import signed
from engine import (
    Award,
    Blocked,
    Domino,
    Drew,
    GameOver,
    LotDraw,
    Match,
    Option,
    Passed,
    Placed,
    Placement,
    Result,
    RoundStarted,
    tile,
)

FOUR = Seating(("Ana", "Bo", "Cy", "Di"))
THREE = Seating(("Ana", "Bo", "Cy"))


def test_a_placement_names_the_ends_and_the_points() -> None:
    placed = Placed(1, Placement(tile(3, 4), tile(4, 4)), total=10, points=10, result=Result.SCORED, scores=(0, 10))
    ends = ((tile(1, 1), 2), (tile(3, 4), 3), (tile(0, 5), 5))
    (line,) = narrate("en", FOUR, [placed], round_number=0, ends=ends)
    assert line == "**Bo** placed 3-4 on 4-4. Ends 2 + 3 + 5 = **10** → **+2** for Bo & Di."
    over = Placed(0, Placement(tile(1, 4)), total=5, points=5, result=Result.OVER, scores=(303, 0, 0))
    (line,) = narrate("en", THREE, [over], round_number=0, ends=((tile(1, 4), 1), (tile(1, 4), 4)))
    assert line == "**Ana** opened with 1-4. Ends 1 + 4 = **5** → 1 point cancelled: Ana would pass 61."


def test_draws_are_counted_never_named_and_passes_said() -> None:
    events = [Drew(2, tile(0, 0)), Drew(2, tile(5, 6)), Drew(0, tile(1, 2)), Passed(1)]
    lines = narrate("en", THREE, events, round_number=0)
    assert lines == [
        "**Cy** drew 2 tiles from the boneyard.",
        "**Ana** drew a tile from the boneyard.",
        "**Bo** passed: nothing fits and the boneyard is empty.",
    ]
    assert not any(str(t) in " ".join(lines) for t in (tile(0, 0), tile(5, 6), tile(1, 2)))


def test_the_lot_and_a_redraw() -> None:
    lot = (LotDraw(((0, tile(5, 6)), (1, tile(5, 6)), (2, tile(0, 1)))), LotDraw(((0, tile(2, 2)), (1, tile(3, 4)))))
    (line,) = narrate("en", THREE, [RoundStarted(3, 1, lot)], round_number=2)
    assert line == (
        "**Round 4.** Each player drew a tile to see who leads: Ana 5-6, Bo 5-6, Cy 0-1;"
        " tie, drawn again: Ana 2-2, Bo 3-4 → **Bo** has the highest pip total and leads."
    )
    (line,) = narrate("en", THREE, [RoundStarted(1, 2)], round_number=0)
    assert line == "**Round 2.** Cy went out last round and leads."


def test_a_domino_settlement_with_partners() -> None:
    hands = ((), (tile(6, 6), tile(5, 6)), (tile(1, 2),), (tile(0, 0),))
    domino = Domino(
        0, 0, placement=10, opponents=25, partner=5, net=30, result=Result.SCORED, scores=(120, 40),
        opponents_pips=23, partner_pips=3, hands=hands,
    )  # fmt: skip
    lines = narrate("en", FOUR, [domino, RoundStarted(5, 0)], round_number=4)
    assert lines == [
        "**Ana went out!** Round 5 is over.",
        "Hands revealed:\n• Ana: no tiles\n• Bo: 6-6, 5-6 (23 pips)\n• Cy: 1-2 (3 pips)\n• Di: 0-0 (0 pips)",
        "Last placement: 2 points",
        "Opponents' tiles: 23 pips, rounded to 25 → +5",
        "Partner's tiles: 3 pips, rounded to 5 → −1",
        "Net: **+6** for Ana & Cy, applied.",
        "**Round 6.** Ana went out last round and leads.",
    ]
    cancelled = Domino(1, 1, 0, 10, 0, 10, Result.OVER, (0, 300, 0), opponents_pips=11)
    assert narrate("en", THREE, [cancelled], round_number=0)[-1] == "Net: **+2** for Bo, cancelled: it would pass 61."


def test_a_blocked_settlement_ranks_and_awards_in_order() -> None:
    blocked = Blocked(
        totals=(4, 17, 10, 17),
        awards=(Award(0, 0, 25, Result.SCORED, 26), Award(2, 0, 15, Result.OVER, 14)),
        winner=0,
        scores=(300, 20),
        order=(0, 2, 1, 3),
        hands=((tile(2, 2),), (tile(4, 4), tile(1, 3), tile(1, 4)), (tile(1, 2), tile(3, 4)), (tile(0, 3),)),
    )
    lines = narrate("en", FOUR, [blocked, GameOver(0, (305, 20))], round_number=2)
    assert lines[0] == "**Blocked!** Nobody can place and the boneyard is empty. Round 3 is over."
    assert lines[2] == "Lightest first: 1. Ana (4 pips) · 2. Cy (10 pips) · 3. Bo (17 pips) · 4. Di (17 pips)"
    assert lines[3] == "Ana: opponents hold 26 more pips, rounded to 25 → **+5** for Ana & Cy."
    assert lines[4] == "Cy: opponents hold 14 more pips, rounded to 15 → 3 points cancelled: Ana & Cy would pass 61."
    assert lines[5] == "Ana & Cy win the round with the lightest hand."
    assert lines[6] == "🏆 **Ana & Cy** reach exactly 61 and win the match!"
    skipped = Blocked((3, 9, 20), (Award(0, 0, 20, Result.SKIPPED, 23),), None, (0, 0, 0), (0, 1, 2))
    lines = narrate("en", THREE, [skipped], round_number=0)
    assert "→ 4 points not applied: the match was already won." in lines[2] and lines[-1].endswith(
        "the round is a draw."
    )


def test_option_labels_say_what_a_placement_would_do() -> None:
    scoring = Option(Placement(tile(1, 4)), 5, 5, Result.SCORED)
    last = Option(Placement(tile(1, 5), tile(1, 1)), 10, 10, Result.SETTLED)
    last_bare = Option(Placement(tile(1, 5), tile(4, 5)), 3, 0, Result.SETTLED)
    assert outcome("en", scoring) == "+1" and outcome("en", last) == "last tile, +2: ends the round"
    assert outcome("en", last_bare) == "last tile: ends the round"
    assert outcome("en", Option(Placement(tile(1, 5), tile(4, 5)), 15, 15, Result.OVER)) == "over 61, cancelled"
    assert tile_label("en", [scoring]) == "1-4 · +1"
    assert tile_label("en", [last_bare]) == "1-5 · last tile: ends the round"
    assert tile_label("en", [last_bare, last]) == "1-5 · last tile, +2: ends the round ▸"  # the best of its places
    assert tile_label("en", [last_bare, Option(Placement(tile(1, 5), tile(1, 1)), 7, 0, Result.SETTLED)]) == (
        "1-5 · last tile: ends the round ▸"
    )


def test_a_tile_with_several_places_shows_its_best_points() -> None:
    five = tile(5, 5)
    plus_two = Option(Placement(five, tile(0, 5)), 10, 10, Result.SCORED)
    plus_four = Option(Placement(five, tile(2, 5)), 20, 20, Result.SCORED)
    nothing = Option(Placement(five, tile(3, 5)), 13, 0, Result.NONE)
    over = Option(Placement(five, tile(4, 5)), 25, 25, Result.OVER)
    assert tile_label("en", [plus_two, nothing, plus_four]) == "5-5 · best +4 ▸"
    assert tile_label("ko", [plus_two, plus_four]) == "5-5 · 최고 +4 ▸"
    assert tile_label("es", [nothing, plus_two]) == "5-5 · mejor +2 ▸"
    assert tile_label("en", [nothing, over]) == "5-5 ▸"  # no place scores: the arrow alone
    settled = [Option(Placement(five, tile(n, 5)), 10 + n, 0, Result.SETTLED) for n in (1, 3)]
    assert tile_label("ko", settled) == ("5-5 · 마지막 타일: 라운드 종료 ▸")
    assert tile_label("es", [Option(Placement(five), 10, 10, Result.SETTLED)]) == (
        "5-5 · última ficha, +2: termina la ronda"
    )


def test_names_cannot_restyle_a_message() -> None:
    assert plain("  *Ana*_`x`  ") == "\\*Ana\\*\\_\\`x\\`"
    assert plain("") == "?"


# ---- the review's text fixes, in all three languages ------------------------------------------------

LANGS = ("en", "es", "ko")


def _domino(net: int, partner: int = 5, opponents: int = 25) -> Domino:
    return Domino(0, 0, placement=0, opponents=opponents, partner=partner, net=net, result=Result.SCORED,
                  scores=(0, 0), opponents_pips=opponents, partner_pips=partner)  # fmt: skip


def test_english_counts_agree_with_their_number() -> None:
    hands = ((), (tile(0, 1),), (tile(0, 0),), (tile(0, 2),))
    domino = Domino(0, 0, 0, 5, 5, 0, Result.NONE, (0, 0), opponents_pips=1, partner_pips=1, hands=hands)
    lines = "\n".join(narrate("en", FOUR, [domino], round_number=0))
    assert "• Bo: 0-1 (1 pip)" in lines and "• Di: 0-2 (2 pips)" in lines and "Cy: 0-0 (0 pips)" in lines
    assert "Opponents' tiles: 1 pip, rounded to 5" in lines and "Partner's tiles: 1 pip," in lines
    blocked = Blocked((1, 2, 9), (Award(0, 0, 5, Result.SCORED, 1),), 0, (5, 0, 0), (0, 1, 2))
    lines = "\n".join(narrate("en", THREE, [blocked], round_number=0))
    assert "1. Ana (1 pip) · 2. Bo (2 pips)" in lines and "opponents hold 1 more pip," in lines
    assert " 1 pips" not in lines and "1 more pips" not in lines
    assert t("en", "hand-tiles", tiles="0-1", pips=1) == "Your tiles: 0-1 (1 pip)."
    assert t("en", "hand-tiles", tiles="0-1 · 1-1", pips=3) == "Your tiles: 0-1 · 1-1 (3 pips)."


def test_a_zero_partner_deduction_reads_naturally_and_signs_are_true_minus_signs() -> None:
    for lang in LANGS:
        lines = "\n".join(narrate(lang, FOUR, [_domino(net=-10, partner=35, opponents=25)], round_number=0))
        assert "**−2**" in lines and "−7" in lines and "-2" not in lines and "**-" not in lines, lines
        lines = "\n".join(narrate(lang, FOUR, [_domino(net=25, partner=0)], round_number=0))
        assert "−0" not in lines and "**+5**" in lines, lines
    assert t("en", "domino-partner", pips=2, rounded=0, points=0) == (
        "Partner's tiles: 2 pips, rounded to 0 → nothing to take off"
    )
    assert signed(3) == "+3" and signed(-3) == "\N{MINUS SIGN}3" and signed(0) == "0"


def test_cancelled_and_skipped_awards_say_points_in_every_language() -> None:
    awards = (Award(0, 0, 15, Result.OVER, 14), Award(2, 1, 5, Result.SKIPPED, 4))
    blocked = Blocked((0, 14, 4), awards, None, (0, 0, 0), (0, 2, 1))
    expected = {
        "en": ("→ 3 points cancelled:", "→ 1 point not applied:"),
        "es": ("→ 3 puntos descartados:", "→ 1 punto no aplicado:"),
        "ko": ("→ 3점 취소:", "→ 1점 적용하지 않음:"),
    }
    for lang, (over, skipped) in expected.items():
        lines = "\n".join(narrate(lang, THREE, [blocked], round_number=0))
        assert over in lines and skipped in lines, lines


def test_the_lot_says_the_highest_total_leads() -> None:
    lot = (LotDraw(((0, tile(5, 6)), (1, tile(1, 2)), (2, tile(0, 1)))),)
    expected = {"en": "has the highest pip total", "es": "sacó la ficha de más valor", "ko": "눈값 합이 가장 큰"}
    for lang, words in expected.items():
        (line,) = narrate(lang, THREE, [RoundStarted(0, 0, lot)], round_number=0)
        assert words in line, line
    for lang, words in {
        "en": "highest pip total leads",
        "es": "abre la de más valor",
        "ko": "가장 큰 사람이 선공",
    }.items():
        assert words in t(lang, "rulebook-setup")


def test_spanish_joins_a_name_with_an_i_sound_with_e() -> None:
    def team(first: str, second: str) -> str:
        return side_name("es", Seating((first, "x", second, "y")), 0)

    assert team("Ana", "Inés") == "Ana e Inés" and team("Bo", "Hilda") == "Bo e Hilda"
    assert team("Bo", "Íñigo") == "Bo e Íñigo" and team("Cy", "ivan") == "Cy e ivan"
    assert team("Ana", "Hierro") == "Ana y Hierro" and team("Ana", "Iowa") == "Ana y Iowa"
    assert team("Ana", "Carmen") == "Ana y Carmen" and team("Ana", "민준") == "Ana y 민준"
    assert side_name("en", Seating(("Ana", "x", "Inés", "y")), 0) == "Ana & Inés"


def test_spanish_and_english_stats_agree_with_their_number() -> None:
    one = PlayerStats(1, "Ana", 1, 1, 1.0)
    assert stats_text("es", one, None, None, 10).splitlines()[1] == (
        "Tu historial: partidas jugadas 1, ganadas 1, 1 punto de media."
    )
    assert "7,5 puntos de media" in stats_text("es", PlayerStats(1, "Ana", 3, 2, 7.5), None, None, 10)
    assert "Your record: 1 played, 1 won, 1 point on average." in stats_text("en", one, None, None, 10)
    assert "7.5 points on average" in stats_text("en", PlayerStats(1, "Ana", 3, 2, 7.5), None, None, 10)


def test_stats_say_the_rating_its_mark_and_the_place_in_each_language() -> None:
    """Provisional below PROVISIONAL_MATCHES rated matches (1 so far, then 4), not at it; a place on the
    leaderboard, or not in its top; counted from 1000 (μ − 3σ of −73 reads 927)."""
    start = RatingRow("user:1", "Ana", 1000.0, 1000.0 / 3, 1, 0, -73)  # μ − 3σ = 0: shown 1000
    one = dataclasses.replace(start, mu=927.0)  # μ − 3σ = 927 − 1000 = −73: shown 927
    four, five = dataclasses.replace(one, matches=4), dataclasses.replace(one, matches=PROVISIONAL_MATCHES)
    minus = "\N{MINUS SIGN}"
    assert stats_text("en", None, one, 2, 10).splitlines()[2:4] == [
        f"Your rating: 927? (last match: {minus}73), provisional until 5 rated matches: 1 so far.",
        "You are number 2 on this server's leaderboard: /five-up leaderboard",
    ]
    assert stats_text("en", None, five, None, 10).splitlines()[2:4] == [
        f"Your rating: 927 (last match: {minus}73).",
        "You are not in this server's top 10 yet: /five-up leaderboard",
    ]
    assert stats_text("ko", None, four, 1, 10).splitlines()[2:4] == [
        f"내 레이팅: 927? (지난 경기: {minus}73). 레이팅 경기 5판까지는 잠정 레이팅입니다 (지금까지 4판).",
        "이 서버 순위표에서 1위입니다: /five-up leaderboard",
    ]
    assert stats_text("es", None, four, None, 10).splitlines()[2:4] == [
        f"Tu puntuación de habilidad: 927? (última partida: {minus}73), provisional hasta 5 partidas puntuadas:"
        " llevas 4.",
        "Todavía no estás entre los 10 primeros de este servidor: /five-up leaderboard",
    ]
    assert "1000" in stats_text("es", None, start, 1, 10).splitlines()[2]


def test_the_reminder_reads_in_english() -> None:
    text = reminder("en", 5, since="<t:100:R>", deadline="<t:400:R>")
    assert "since <t:" not in text and "(it began <t:100:R>)" in text


def test_korean_particles_follow_the_last_syllable() -> None:
    assert [particle(w, "이(가)") for w in ("민준", "보라", "님", "컴퓨터 1", "컴퓨터 2", "컴퓨터 3")] == [
        "이", "가", "이", "이", "가", "이",
    ]  # fmt: skip
    assert [particle(w, "은(는)") for w in ("Carmen", "ana", "dee", "Bill", "3-5", "“7-7”", "**길**")] == [
        "은", "는", "는", "은", "는", "은", "은",
    ]  # fmt: skip
    assert particle("🎲", "을(를)") == "을(를)" and particle("さくら", "과(와)") == "과(와)"  # sound unknown
    assert [particle(w, "(으)로") for w in ("start", "길", "밤", "on")] == ["로", "로", "으로", "으로"]
    assert [particle(w, "이(가)") for w in ("nine", "Nicole", "dee", "Renee")] == ["이", "이", "가", "가"]
    assert [particle(w, "와(과)") for w in ("José", "Inés", "Zoë", "Ramón")] == ["와", "와", "와", "과"]  # accents
    # a final p, t or k after a short vowel is a batchim (컵, 맷, 잭); after a consonant or before an e it is not
    words = ("Friday Cup", "Matt", "Jack", "Scott", "Bart", "Pete", "Mark", "Kate")
    assert [particle(w, "을(를)") for w in words] == ["을", "을", "을", "을", "를", "를", "를", "를"]
    assert (
        resolve("**보라 님**이(가) 놓았습니다: “nine”은(는), “abc”은(는)")
        == "**보라 님**이 놓았습니다: “nine”은, “abc”는"
    )
    assert resolve("이(가) 맨 앞") == "이(가) 맨 앞"  # no word before it: left as written


def test_korean_names_people_politely_and_computers_plainly() -> None:
    seating = Seating(("민준", "컴퓨터 1", "ana", "컴퓨터 2"), frozenset({1, 3}))
    events = [Drew(1, tile(0, 0)), Drew(3, tile(0, 1)), Drew(2, tile(0, 2)), Passed(0)]
    lines = narrate("ko", seating, events, round_number=0)
    assert lines[0].startswith("**컴퓨터 1**이 ") and lines[1].startswith("**컴퓨터 2**가 ")
    assert lines[2].startswith("**ana 님**이 ") and lines[3].startswith("**민준 님**이 ")
    assert not any("컴퓨터 1 님" in x or "컴퓨터 2 님" in x or "(가)" in x for x in lines)
    assert Refusal("bad-tile", text="nine").text("ko").startswith("“nine”은 타일이 아닙니다")
    assert Refusal("bad-tile", text="3 5").text("ko").startswith("“3 5”는 타일이 아닙니다")
    assert Refusal("bad-tile", text="🎲").text("ko").startswith("“🎲”은(는) 타일이 아닙니다")


def test_korean_commands_in_sentences_have_no_stray_space() -> None:
    for key in ("error-no-table", "table-closed-unreadable", "error-say-where"):
        text = t("ko", key, tile="3-5", targets="5-5")
        assert " 로 " not in text and ": 으로" not in text, text
    assert "/five-up start로" in t("ko", "error-no-table") and "`위치` 옵션으로" in t(
        "ko", "error-say-where", tile="", targets=""
    )


def test_a_full_lobby_does_not_ask_to_press_join() -> None:
    seats = [Seat(1, "Ana"), Seat(2, "Bo"), Seat(None, "Computer 1", "easy"), Seat(3, "Cy")]
    for lang in LANGS:
        full = Table(1, 7, 100, 1, lang, "easy", "s", TableStatus.LOBBY, list(seats))
        text = lobby_message(full).text
        assert t(lang, "lobby-full") in text and t(lang, "button-join") not in text, text
        partly = Table(1, 7, 100, 1, lang, "easy", "s", TableStatus.LOBBY, seats[:3])
        assert t(lang, "button-join") in lobby_message(partly).text


@pytest.mark.parametrize("lang", ["en", "ko", "es"])
def test_the_pictures_words_are_the_renderers_keys_in_every_language(lang: str) -> None:
    import render
    from bot.texts import picture_labels

    labels = picture_labels(lang)
    assert labels.keys() == render.DEFAULT_LABELS.keys()
    assert "{seat}" in labels["seat"] and all(words.strip() for words in labels.values())
    render.table_png(Match.new(2, "labels").snapshot(), labels=labels)  # the renderer takes them as they are
