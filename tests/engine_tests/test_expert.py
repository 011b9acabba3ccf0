"""The `expert` computer: it decides from its seat's observation only, legally, within its budget,
and it is offered wherever levels are chosen."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.hidden_worlds import rehidden
from support.step_clock import StepClock

import engine.players.expert as expert
import engine.players.search as search
from engine import Match, Option, Phase, Result
from engine.players import LEVELS, Level, choose, observe
from engine.players.expert import choose_expert
from engine.players.search import clear_winner, close_call
from engine.selfplay import play_to_end

ROOT = Path(__file__).resolve().parents[2]


def decisions(players: int, seeds: range, every: int = 3) -> Iterator[tuple[Match, int]]:
    """Every `every`-th real choice (two options or more) of random matches, as copies with their history."""
    n = 0
    for seed in seeds:
        rng = random.Random(seed)
        found: list[tuple[Match, int]] = []

        def noted(m: Match, seat: int, rng: random.Random = rng, found: list[tuple[Match, int]] = found) -> Option:
            nonlocal n
            options = m.options(seat)
            if len(options) >= 2:
                n += 1
                if n % every == 0:
                    found.append((m.clone(keep_history=True), seat))
            return rng.choice(options)

        play_to_end(Match.new(players, f"expert/{players}/{seed}"), noted, until=lambda m: m.round >= 3)
        yield from found


def decide(m: Match, seat: int, rng_seed: int) -> object:
    """A reproducible expert decision: a fixed number of worlds and a deadline never reached."""
    return choose_expert(m, observe(m, seat), random.Random(rng_seed), budget_s=60.0, worlds=6).placement


# -- what it may know ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hidden_tiles_never_change_the_decision(players: int) -> None:
    """Two matches equal in everything the seat may know, but with the other hands and the boneyard order
    dealt differently, get the same decision from the same random source."""
    compared = differs = 0
    for i, (m, seat) in enumerate(decisions(players, range(3))):
        other = rehidden(m, seat, random.Random(i))
        assert observe(other, seat) == observe(m, seat)
        differs += any(other.hand(s) != m.hand(s) for s in range(players) if s != seat)
        assert decide(other, seat, i) == decide(m, seat, i)
        compared += 1
        if compared == 8:
            break
    assert compared == 8 and differs >= 6


def test_the_information_test_catches_a_player_that_peeks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same comparison fails for an expert that searches the real hidden tiles instead of sampled ones:
    so the test above can fail."""
    monkeypatch.setattr(expert, "make_world", lambda match, obs, hands, boneyard: match.clone())
    changed = 0
    for i, (m, seat) in enumerate(decisions(2, range(6), every=1)):
        other = rehidden(m, seat, random.Random(i))
        changed += decide(other, seat, i) != decide(m, seat, i)
        if changed or i > 120:
            break
    assert changed


# -- playing -------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_expert_plays_a_round_legally(players: int) -> None:
    rng = random.Random(players)

    def legal(m: Match, seat: int) -> Option:
        o = choose(m, seat, "expert", rng=rng, budget_s=0.01)
        assert o in m.options(seat)
        return o

    m = play_to_end(Match.new(players, f"expert-legal/{players}"), legal, until=lambda m: m.phase is not Phase.PLAYING)
    assert m.finished_round is not None


def test_expert_respects_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search reads the clock after each sampled world and stops at the first reading past the deadline
    (one world, a play-out per option, may finish after it); a larger budget samples more worlds."""
    found = [(m, s) for m, s in decisions(2, range(4)) if len(m.options(s)) >= 3][:4]
    assert found
    for m, seat in found:
        read: dict[float, int] = {}
        for budget in (0.005, 0.02):
            clock = StepClock()
            monkeypatch.setattr(expert, "time", clock)
            monkeypatch.setattr(search, "time", clock)
            choose(m, seat, "expert", rng=random.Random(0), budget_s=budget)
            deadline = clock.readings[0] + budget
            past = [r for r in clock.readings if r >= deadline]
            assert past == clock.readings[-1:], "the search went on after a reading past its deadline"
            read[budget] = len(clock.readings)
        assert read[0.005] < read[0.02]


def test_expert_avoids_cancelled_points_and_takes_the_win() -> None:
    for m, seat in decisions(2, range(4), every=1):
        options = m.options(seat)
        o = choose(m, seat, "expert", rng=random.Random(0), budget_s=0.01)
        if any(x.result is Result.SCORED for x in options):
            assert o.result is not Result.OVER


def test_expert_is_a_level_everywhere() -> None:
    """The /five-up start choices and the tables' levels (the lobby, the demo) follow `Level`."""
    from bot.edge.commands import LEVEL_CHOICES  # imported first: it loads the bot's wings in their order
    from bot.model.table_state import LEVELS as TABLE_LEVELS

    assert Level.EXPERT.value == "expert" and Level.EXPERT in LEVELS
    assert LEVELS[-1] is Level.EXPERT  # offered after hard, the strongest last
    assert "expert" in TABLE_LEVELS
    assert [c.value for c in LEVEL_CHOICES][-1] == "expert"


def test_the_bench_runs_in_quick_mode() -> None:
    proc = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "bench_expert.py"), "--quick"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("2 players, expert vs hard: ") and "95% interval" in lines[0]
    assert lines[2].startswith("4 players, expert pair vs hard pair: ") and "95% interval" in lines[2]
    assert "expert median" in lines[1] and "hard median" in lines[1]


def test_a_close_call_searches_longer_but_not_past_the_late_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """At its own budgets `expert` stops at EXPERT_BUDGET_S unless the two best options are still close,
    and stops at the first reading past EXPERT_LATE_S (on the step clock: budgets are numbers of readings)."""
    monkeypatch.setattr(expert, "EXPERT_BUDGET_S", 0.01)
    monkeypatch.setattr(expert, "EXPERT_LATE_S", 0.06)
    spent = []
    for m, seat in [(m, s) for m, s in decisions(2, range(6)) if len(m.options(s)) >= 2][:12]:
        clock = StepClock()
        monkeypatch.setattr(expert, "time", clock)
        monkeypatch.setattr(search, "time", clock)
        choose(m, seat, "expert", rng=random.Random(0))
        start = clock.readings[0]
        past = [r for r in clock.readings if r >= start + 0.06]
        # the check that stops it reads the clock twice (the budget, then the late budget): nothing after it
        assert len(past) <= 2 and past == clock.readings[len(clock.readings) - len(past) :], "went on past it"
        spent.append(clock.readings[-1] - start)
    assert any(t > 0.02 for t in spent)  # some call was close enough to go on past EXPERT_BUDGET_S


def test_close_call_and_clear_winner() -> None:
    rng = random.Random(0)
    noise = [rng.gauss(0, 1) for _ in range(100)]
    same = [[x + rng.gauss(0, 1) for x in noise], [x + rng.gauss(0, 1) for x in noise]]
    apart = [[x + 1.0 for x in noise], list(noise)]
    assert close_call(same) and not clear_winner(same)
    assert not close_call(apart) and clear_winner(apart)
    weights = [1.0] * 50 + [1e-6] * 50  # half the worlds barely count: fewer effective worlds, wider errors
    assert close_call([same[0], [x + 0.15 for x in same[1]]]) == close_call(
        [same[0], [x + 0.15 for x in same[1]]], [1.0] * 100
    )
    assert close_call([same[0][:50], same[1][:50]]) == close_call(same, weights)
