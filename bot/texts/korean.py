"""Korean particles after a name or a typed word: 이/가, 은/는, 을/를, 과/와, (으)로.

Which form follows a word depends on how its last syllable ends: with a final consonant
(batchim) "민준이", without "보라가". A catalog writes the particle in its combined form right
after the placeholder (`{ $player }이(가)`), as Korean writers do when they cannot know the
word; `resolve` then picks the one form from the word actually written before it. Hangul is
read exactly, digits as they are read aloud (1 일, 2 이, 3 삼 …), a Latin letter by the usual
loanword habit (a final l, m or n, or one before a silent e, is a batchim: "Carmen이",
"nine은", "ana가"; so is a final p, t or k after a short vowel: "Cup을" 컵, "Matt이" 맷, "Jack과" 잭,
where "Bart" 바트 and "Pete" 피트 end in a vowel; an accented letter as its plain one: "José와",
"Ramón과"). A word that ends in anything else (an emoji, kana, a symbol) keeps the combined form,
the honest spelling when the sound is not known.

This module imports nothing of the bot: `bot.texts.i18n` applies it to every Korean message.
"""

from __future__ import annotations

import re
import unicodedata

_HANGUL_FIRST, _HANGUL_LAST = 0xAC00, 0xD7A3
_RIEUL = 8  # the index of ㄹ among the final consonants, which takes 로 rather than 으로
# The final consonant of each digit as read aloud: 영 일 이 삼 사 오 육 칠 팔 구 (0: none, else its index).
_DIGIT_FINAL = (21, 8, 0, 16, 0, 0, 1, 8, 8, 0)
_LATIN_FINAL = {"l": 8, "m": 16, "n": 4}
_SILENT_E = re.compile(r"[aeiou][lmn]e$", re.IGNORECASE)
# A final p, t or k after a single short vowel is read as a batchim (ㅂ, ㅅ, ㄱ): "cup" 컵, "Scott" 스콧, "Nick" 닉.
_SHORT_STOP = re.compile(r"(?:^|[^aeiouy])[aeiou](pp?|tt?|c?k)$", re.IGNORECASE)
_STOP_FINAL = {"p": 17, "t": 19, "k": 1}
# Characters that close a word without being part of it: Markdown, quotes, brackets.
_CLOSERS = set("*_~`'\"”’»)]}")
# combined form -> (form after a batchim, form after a vowel)
_PAIRS = {
    "이(가)": ("이", "가"),
    "은(는)": ("은", "는"),
    "을(를)": ("을", "를"),
    "과(와)": ("과", "와"),
    "와(과)": ("과", "와"),
}
_COMBINED = re.compile("|".join(re.escape(p) for p in [*_PAIRS, "(으)로"]))


def final_consonant(word: str) -> int | None:
    """How `word` ends when read: 0 with no batchim, the batchim's index (1-27) otherwise, None when unknown."""
    word = word.rstrip("".join(_CLOSERS))
    if _SILENT_E.search(word):
        word = word[:-1]  # "nine" 나인, "Nicole" 니콜, "time" 타임: the e is not read
    stop = _SHORT_STOP.search(unicodedata.normalize("NFD", word[-4:]).encode("ascii", "ignore").decode())
    if stop:
        return _STOP_FINAL[stop.group(1)[-1].lower()]
    for char in reversed(word):
        if char in _CLOSERS:
            continue
        code = ord(char)
        if _HANGUL_FIRST <= code <= _HANGUL_LAST:
            return (code - _HANGUL_FIRST) % 28
        if char.isascii() and char.isdigit():
            return _DIGIT_FINAL[int(char)]
        letter = unicodedata.normalize("NFD", char)[0]  # "é" -> "e": José, Inés, Zoë are read as their letters
        if letter.isascii() and letter.isalpha():
            return _LATIN_FINAL.get(letter.lower(), 0)
        return None
    return None


def particle(word: str, combined: str) -> str:
    """The form of `combined` ("이(가)", "(으)로", …) that follows `word`; the combined form if unknown."""
    final = final_consonant(word)
    if final is None:
        return combined
    if combined == "(으)로":
        return "으로" if final not in (0, _RIEUL) else "로"
    with_batchim, without = _PAIRS[combined]
    return with_batchim if final else without


def resolve(text: str) -> str:
    """Every combined particle in `text` replaced by the form the word before it takes."""
    if ")" not in text:
        return text  # most messages have none: no scan
    out: list[str] = []
    last = 0
    for match in _COMBINED.finditer(text):
        start = match.start()
        out.append(text[last:start])
        before = text[:start]
        word = before.rstrip("".join(_CLOSERS))
        if not word or word[-1].isspace():
            out.append(match.group())  # nothing written right before it: leave it as the catalog wrote it
        else:
            out.append(particle(before, match.group()))
        last = match.end()
    out.append(text[last:])
    return "".join(out)
