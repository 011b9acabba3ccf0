"""Domino tiles of the double-six set and their text notation ("a-b")."""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_PIP = 6

# "a-b", "a|b", optionally in balanced brackets ("[a|b]"); spaces around the parts are forgiven.
_SPELLING = re.compile(r"^\s*(\[)?\s*([0-6])\s*[-|]\s*([0-6])\s*(?(1)\])\s*$")


@dataclass(frozen=True, slots=True, order=True)
class Tile:
    """One domino, always stored low half first so [4|1] and [1|4] are the same tile."""

    low: int
    high: int

    def __post_init__(self) -> None:
        if not (0 <= self.low <= self.high <= MAX_PIP):
            raise ValueError(f"not a double-six tile: {self.low}-{self.high}")

    # Tiles are interned (see `tile`), so a cheap integer hash keeps dict lookups fast.
    def __hash__(self) -> int:
        return self.low * 7 + self.high

    @property
    def is_double(self) -> bool:
        return self.low == self.high

    @property
    def pips(self) -> int:
        return self.low + self.high

    @property
    def index(self) -> int:
        """Position of the tile in `ALL_TILES` (0..27)."""
        return _INDEX[self]

    def other(self, pip: int) -> int:
        """The half opposite to `pip` (for a double, the same value)."""
        return self.high if pip == self.low else self.low

    def __str__(self) -> str:
        return f"{self.low}-{self.high}"

    # The engine finds tiles by identity on its hot paths: a pickled or copied tile is the interned one.
    def __reduce__(self) -> tuple[object, tuple[int, int]]:
        return tile, (self.low, self.high)

    def __copy__(self) -> Tile:
        return self

    def __deepcopy__(self, memo: object) -> Tile:
        return self

    def __repr__(self) -> str:
        return f"Tile({self.low}, {self.high})"


ALL_TILES: tuple[Tile, ...] = tuple(Tile(a, b) for a in range(MAX_PIP + 1) for b in range(a, MAX_PIP + 1))
_INDEX = {t: i for i, t in enumerate(ALL_TILES)}
_BY_PIPS = {(t.low, t.high): t for t in ALL_TILES} | {(t.high, t.low): t for t in ALL_TILES}
_BY_TEXT = {str(t): t for t in ALL_TILES}


def tile(a: int, b: int) -> Tile:
    """The interned tile with halves `a` and `b`, in either order."""
    try:
        return _BY_PIPS[(a, b)]
    except (KeyError, TypeError):
        raise ValueError(f"not a double-six tile: {a}-{b}") from None


def parse_tile(text: object) -> Tile:
    """Read "a-b", "b-a", "a|b" or "[a|b]"; raise ValueError on anything else."""
    if isinstance(text, Tile):
        return text
    if not isinstance(text, str):
        raise ValueError(f"not a tile: {text!r}")
    found = _BY_TEXT.get(text)  # the canonical spelling: no need for the pattern
    if found is not None:
        return found
    m = _SPELLING.match(text)
    if not m:
        raise ValueError(f"not a tile: {text!r}")
    return _BY_PIPS[(int(m.group(2)), int(m.group(3)))]


def hand_pips(hand: list[Tile] | tuple[Tile, ...]) -> int:
    pips = 0
    for t in hand:  # a plain loop: a comprehension makes a function object on every call
        pips += t.low + t.high
    return pips
