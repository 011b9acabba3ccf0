"""`engine.frozen.builder` makes the very values the dataclass constructors make."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from engine.events import Domino, Drew, GameOver, Passed, Placed, Result, RoundStarted
from engine.frozen import builder
from engine.layout import Layout
from engine.phase import Phase
from engine.placement import placement
from engine.rounds import FinishedRound
from engine.tiles import tile


def test_built_values_equal_constructed_ones() -> None:
    hands = ((tile(1, 2),), (), (tile(6, 6), tile(0, 3)), ())
    last = Placed(1, placement(tile(2, 3), tile(1, 2)), 10, 10, Result.SETTLED, (5, 0))
    cases: list[tuple[Any, tuple[object, ...]]] = [
        (RoundStarted, (3, 1, ())),
        (Drew, (2, tile(4, 5))),
        (Passed, (0,)),
        (GameOver, (1, (305, 120))),
        (Domino, (1, 1, 10, 20, 5, 25, Result.SCORED, (40, 25), 22, 4, hands)),
        (FinishedRound, (2, 0, 4, Layout(), hands, 3, (last,), (40, 25), last, Phase.ROUND_OVER, None)),
    ]
    for cls, args in cases:
        built: Any = builder(cls)(*args)
        made: Any = cls(*args)
        assert type(built) is cls and built == made and repr(built) == repr(made)
        names = [f.name for f in dataclasses.fields(made)]
        assert all(getattr(built, n) is getattr(made, n) for n in names)
        with pytest.raises(dataclasses.FrozenInstanceError):
            built.__setattr__(dataclasses.fields(made)[0].name, None)


def test_builder_refuses_what_it_cannot_make() -> None:
    @dataclasses.dataclass(frozen=True)
    class NoSlots:
        a: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class Checked:
        a: int

        def __post_init__(self) -> None:
            assert self.a >= 0

    for cls in (NoSlots, Checked, Placed):
        with pytest.raises(TypeError):
            builder(cls)
