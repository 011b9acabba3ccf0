"""Computer players as the bot runs them: inline, and in a worker process from the game record."""

from __future__ import annotations

import random
from concurrent.futures.process import BrokenProcessPool

import pytest

from bot.host.computers import InlineComputer, ProcessComputer, choose_from_record
from engine import Match, Phase
from engine.selfplay import at_random, placed, play_to_end


def _midgame(seed: str, placements: int) -> Match:
    match = play_to_end(Match.new(3, seed), at_random(random.Random(seed)), until=placed(placements))
    assert match.phase is Phase.PLAYING
    return match


async def test_the_worker_chooses_from_the_record_what_inline_chooses() -> None:
    inline = InlineComputer()
    for n in range(6):
        match = _midgame(f"c{n}", 4 + n)
        seat = match.turn
        chosen = await inline.choose(match, seat, "normal", f"rng-{n}")
        assert chosen in {o.placement for o in match.options(seat)}
        worker = choose_from_record(match.record.dumps(), seat, "normal", f"rng-{n}", None)
        assert worker == str(chosen)  # the placement travels back from the worker as its notation


async def test_a_worker_process_plays_hard() -> None:
    computer = ProcessComputer(workers=1, budget_s=0.05)
    try:
        await computer.start()
        match = _midgame("hard", 6)
        seat = match.turn
        chosen = await computer.choose(match, seat, "hard", "rng")
    finally:
        computer.close()
    assert chosen in {o.placement for o in match.options(seat)}


async def test_a_dead_worker_is_replaced() -> None:
    computer = ProcessComputer(workers=1, budget_s=0.05)
    try:
        await computer.start()
        for process in list(computer._pool._processes.values()):
            process.kill()
            process.join()
        match = _midgame("dead", 5)
        seat = match.turn
        with pytest.raises(BrokenProcessPool):
            await computer.choose(match, seat, "normal", "rng")
        chosen = await computer.choose(match, seat, "normal", "rng")
    finally:
        computer.close()
    assert chosen in {o.placement for o in match.options(seat)}
