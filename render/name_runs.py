"""A name cut into runs, each drawn from one font in one direction, in the order they are seen.

Arabic and Hebrew read right to left: a run of them is shaped and laid out right to left by libraqm,
and the runs themselves are put in visual order with the core of Unicode's bidirectional algorithm
(paragraph direction from the first strong letter, neutrals between two runs of one direction take it,
else the paragraph's, then levels reversed highest first). A name is one short line, so this is all
it needs: "محمد Ali" shows Ali on the left, as a reader of Arabic writes it.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from .name_fonts import FontChain, ignorable


@dataclass(frozen=True, slots=True)
class Run:
    face: int  # the index of its font in the chain
    text: str  # in logical order
    rtl: bool  # laid out right to left


def _strength(ch: str) -> str:
    kind = unicodedata.bidirectional(ch)
    return "R" if kind in ("R", "AL") else "L" if kind == "L" else "N"


def logical_runs(chain: FontChain, text: str) -> list[tuple[int, str, str]]:
    """(face, characters, strength L/R/N) in reading order; characters no font draws left out."""
    out: list[tuple[int, str, str]] = []
    face: int | None
    for ch in text:
        if ignorable(ch):  # joins and selectors go with the letter before, for the shaper
            if out and chain.shaping:
                face, part, strength = out[-1]
                out[-1] = (face, part + ch, strength)
            continue
        face = chain.face_of(ch)
        if out and (ch == " " or unicodedata.category(ch)[0] == "M") and chain.maps(ch, out[-1][0]):
            face = out[-1][0]  # a mark or a space stays in the font of the letter before when that font has it
        if face is None:
            continue
        strength = _strength(ch)
        if unicodedata.bidirectional(ch) == "NSM" and out:
            strength = out[-1][2]
        if out and out[-1][0] == face and out[-1][2] == strength:
            out[-1] = (face, out[-1][1] + ch, strength)
        else:
            out.append((face, ch, strength))
    return out


def visual_runs(chain: FontChain, text: str) -> list[Run]:
    """The runs of `text` left to right as drawn."""
    parts = logical_runs(chain, text)
    strong = [s for _, _, s in parts if s != "N"]
    paragraph = strong[0] if strong else "L"
    resolved: list[str] = []
    for k, (_, _, s) in enumerate(parts):
        if s == "N":
            before = next((p[2] for p in reversed(parts[:k]) if p[2] != "N"), paragraph)
            after = next((p[2] for p in parts[k + 1 :] if p[2] != "N"), paragraph)
            s = before if before == after else paragraph
        resolved.append(s)
    merged: list[tuple[int, str, str]] = []
    for (face, part, _), s in zip(parts, resolved, strict=True):
        if merged and merged[-1][0] == face and merged[-1][2] == s:
            merged[-1] = (face, merged[-1][1] + part, s)
        else:
            merged.append((face, part, s))
    levels = [(1 if s == "R" else 2 if paragraph == "R" else 0) for _, _, s in merged]
    order = list(range(len(merged)))
    for level in range(max(levels, default=0), 0, -1):  # rule L2: reverse every stretch at this level or above
        k = 0
        while k < len(order):
            if levels[order[k]] >= level:
                end = k
                while end < len(order) and levels[order[end]] >= level:
                    end += 1
                order[k:end] = reversed(order[k:end])
                k = end
            else:
                k += 1
    return [Run(merged[i][0], merged[i][1], levels[i] % 2 == 1) for i in order]
