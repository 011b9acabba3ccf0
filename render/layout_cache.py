"""The memory of layouts found, so that the next placement's search starts from the one before it.

A layout is remembered by what the search reads of its tiles: the frame, and each tile with its
parent and sides, in playing order. The bot draws one picture per placement, so the layout one
tile shorter is nearly always here, and the search for the new one only tries that tile's ways.
The memory is bounded and shared by the threads that draw; `forget_layouts` empties it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from .layout_search import Solved

CACHE_SIZE = 512  # layouts remembered, so the next placement's search starts from the one before it

Key = tuple[object, ...]  # (frame, (tile, parent, parent's side, own side) for each tile in playing order)
_solved: OrderedDict[Key, Solved] = OrderedDict()
_lock = threading.Lock()


def recall(key: Key) -> tuple[Solved | None, Solved | None]:
    """The layout remembered for `key`, or else (when it has more than one tile) the one for its
    tiles but the last: (found, before), at most one of them not None."""
    with _lock:
        solved = _solved.get(key)
        if solved is not None:
            _solved.move_to_end(key)
        before = _solved.get(key[:-1]) if solved is None and len(key) > 2 else None
    return solved, before


def remember(key: Key, solved: Solved) -> None:
    """Keep `solved` for `key`, forgetting the layouts used least lately beyond `CACHE_SIZE`."""
    with _lock:
        _solved[key] = solved
        _solved.move_to_end(key)
        while len(_solved) > CACHE_SIZE:
            _solved.popitem(last=False)


def forget_layouts() -> None:
    """Empty the memory of layouts found (for measuring the search from nothing)."""
    with _lock:
        _solved.clear()
