"""Benchmark of the rules engine: one move, one replay, whole matches, and the replay's imports.

Run from the project's root: `.venv/bin/python bench/bench_engine.py [--quick]`. It prints figures
(medians of several repeats, since the machine is shared) and is not a test. The yardstick is the
PyPI `dominoes` package (a simpler block game), driven the same way in the same run.

Targets: one move <= 20 us; a complete 4-player match replayed from its record <= 10 ms;
`python -m engine.replay` imports neither discord nor PIL (issue 2); whole random matches at no more
time per placement than `dominoes` takes per move, a ratio <= 1.0 (issue 19), measured twice: in wall time,
a block of each, and as a user of the public API plays (`Match.new`, `options(seat)`, a random choice,
`place`, `next_round`), alternating batches of each in processor time. docs/engine-speed.md says
where the time goes and how to count instructions with callgrind when the machine is too noisy to time.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import Match, Phase, Record  # noqa: E402

MOVE_TARGET_US = 20.0
REPLAY_TARGET_MS = 10.0
RATIO_TARGET = 1.0


def play_random(match: Match, rng: random.Random, max_placements: int = 100_000) -> int:
    """Play random legal placements until the match ends; return how many were made."""
    placements = 0
    while match.phase is Phase.PLAYING and placements < max_placements:
        options = match.options()
        option = options[rng.randrange(len(options))]
        match.place(match.turn, option.placement)  # type: ignore[arg-type]
        if match.phase is Phase.ROUND_OVER:
            match.next_round()
        placements += 1
    return placements


def midgame_tables(count: int) -> list[Match]:
    """4-player tables in the middle of a round (5 to 10 tiles down, from round 1 on), the mover keeping a tile."""
    tables: list[Match] = []
    seed = 0
    while len(tables) < count:
        match = Match.new(4, f"bench-move/{seed}")
        rng = random.Random(seed)
        min_tiles = 5 + seed % 6
        seed += 1
        while match.phase is Phase.PLAYING:
            seat = match.turn
            assert seat is not None
            if len(match.layout) >= min_tiles and len(match.hands[seat]) >= 2 and match.round >= 1:
                tables.append(match.clone())
                break
            options = match.options()
            option = options[rng.randrange(len(options))]
            match.place(seat, option.placement)
            if match.phase is Phase.ROUND_OVER:
                match.next_round()
    return tables


def bench_move(tables: list[Match], repeats: int) -> tuple[float, float]:
    """Median and mean microseconds of options + place (with its scoring and the forced turn after it)."""
    timer = time.perf_counter_ns
    samples: list[int] = []
    for r in range(repeats):
        fresh = [t.clone() for t in tables]
        for i, match in enumerate(fresh):
            start = timer()
            seat = match.turn
            options = match.options(seat)
            option = options[(i + r) % len(options)]
            match.place(seat, option.placement)  # type: ignore[arg-type]
            if match.phase is Phase.ROUND_OVER:
                match.next_round()
            samples.append(timer() - start)
    overhead = statistics.median(_timer_overhead(timer) for _ in range(1000))
    return (statistics.median(samples) - overhead) / 1000, (statistics.fmean(samples) - overhead) / 1000


def _timer_overhead(timer: Callable[[], int]) -> int:
    start = timer()
    return timer() - start


def complete_records(count: int) -> list[str]:
    """Records (JSON text, as the bot stores them) of complete random 4-player matches."""
    out = []
    for seed in range(count):
        match = Match.new(4, f"bench-replay/{seed}")
        play_random(match, random.Random(seed))
        out.append(match.record.dumps())
    return out


def bench_replay(records: list[str], repeats: int) -> tuple[float, float, float]:
    """Milliseconds per complete match: from the JSON text, from a parsed Record, and Record.loads alone."""
    parsed = [Record.loads(text) for text in records]
    from_text, from_record, loads = [], [], []
    for _ in range(repeats):
        for text, record in zip(records, parsed, strict=True):
            start = time.perf_counter()
            Match.replay(json.loads(text))
            middle = time.perf_counter()
            Match.replay(record)
            end = time.perf_counter()
            Record.loads(text)
            after = time.perf_counter()
            from_text.append(middle - start)
            from_record.append(end - middle)
            loads.append(after - end)
    return tuple(statistics.median(s) * 1000 for s in (from_text, from_record, loads))  # type: ignore[return-value]


def engine_matches(seconds: float) -> tuple[float, float]:
    """Complete random 4-player matches per second and microseconds per placement, for `seconds`."""
    start = time.perf_counter()
    matches = placements = 0
    while time.perf_counter() - start < seconds:
        match = Match.new(4, f"bench-sim/{matches}")
        placements += play_random(match, random.Random(matches))
        matches += 1
    elapsed = time.perf_counter() - start
    return matches / elapsed, elapsed / placements * 1e6


def dominoes_matches(seconds: float) -> tuple[float, float, float] | None:
    """The yardstick: random `dominoes` series to 200 per second, games per second, us per move."""
    try:
        import dominoes
    except ImportError:
        return None
    random.seed(12345)  # the package shuffles with the global random source
    rng = random.Random(1)
    start = time.perf_counter()
    series = games = moves = 0
    while time.perf_counter() - start < seconds:
        s = dominoes.Series()
        game = s.games[0]
        while game is not None:
            while game.result is None:
                valid = game.valid_moves
                game.make_move(*valid[rng.randrange(len(valid))])
                moves += 1
            games += 1
            game = s.next_game()
        series += 1
    elapsed = time.perf_counter() - start
    return series / elapsed, games / elapsed, elapsed / moves * 1e6


def api_matches(seconds: float, first: int, match_type: type[Match] = Match, phase: type[Phase] = Phase) -> float:
    """Microseconds of processor time per placement in whole random 4-player matches played as a user of the
    public API plays them (`Match.new`, `options(seat)`, a random choice, `place`, `next_round`), for
    `seconds`; matches seeded from `first` on. (`match_type`, `phase`: another copy of the engine, to compare.)"""
    over, round_over = phase.OVER, phase.ROUND_OVER
    rng = random.Random(first)
    choice = rng.choice
    clock = time.process_time
    placements = 0
    start = clock()
    number = first
    while clock() - start < seconds:
        match = match_type.new(4, f"bench-api/{number}")
        number += 1
        while True:
            state = match.phase
            if state is over:
                break
            if state is round_over:
                match.next_round()
                continue
            seat = match.turn
            match.place(seat, choice(match.options(seat)).placement)  # type: ignore[arg-type]
            placements += 1
    return (clock() - start) / placements * 1e6


def dominoes_moves(seconds: float, first: int) -> float | None:
    """The yardstick driven the same way: microseconds of processor time per move in whole random `dominoes`
    series (to 200), for `seconds`; None if the package is not installed."""
    try:
        import dominoes
    except ImportError:
        return None
    random.seed(first)  # the package shuffles with the global random source
    choice = random.Random(first).choice
    clock = time.process_time
    moves = 0
    start = clock()
    while clock() - start < seconds:
        series = dominoes.Series()
        game = series.games[0]
        while game is not None:
            while game.result is None:
                game.make_move(*choice(game.valid_moves))
                moves += 1
            game = series.next_game()
    return (clock() - start) / moves * 1e6


def api_against_dominoes(batches: int, seconds: float) -> list[tuple[float, float | None]]:
    """`batches` pairs of (us/placement, us/move), the two alternated batch by batch in this process."""
    return [(api_matches(seconds, 1000 * b), dominoes_moves(seconds, 1000 * b)) for b in range(batches)]


def replay_imports(record: Path) -> tuple[float, int, list[str]]:
    """Wall time of `python -m engine.replay RECORD` and the modules it loads (discord or PIL: a failure)."""
    probe = (
        "import runpy, sys, io, contextlib\n"
        f"sys.argv = ['engine.replay', {str(record)!r}]\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    try:\n"
        "        runpy.run_module('engine.replay', run_name='__main__')\n"
        "    except SystemExit:\n"
        "        pass\n"
        "print('\\n'.join(sorted(sys.modules)))\n"
    )
    modules = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    walls = []
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "engine.replay", str(record)], cwd=ROOT, capture_output=True, check=True)
        walls.append(time.perf_counter() - start)
    foreign = sorted({m.split(".")[0] for m in modules} & {"discord", "PIL"})
    return statistics.median(walls) * 1000, len(modules), foreign


def python_startup() -> float:
    walls = []
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        walls.append(time.perf_counter() - start)
    return statistics.median(walls) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help="fewer tables and repeats, 0.2 s timed runs (noisier figures)"
    )
    parser.add_argument("--runs", type=int, default=3, help="how many times to run each measurement")
    args = parser.parse_args()
    repeats = 5 if args.quick else 20
    seconds = 0.2 if args.quick else 2.0

    tables = midgame_tables(50 if args.quick else 200)
    sizes = [len(t.layout) for t in tables]
    print(f"one move on a mid-game 4-player table ({len(tables)} tables, {min(sizes)}-{max(sizes)} tiles down):")
    for run in range(args.runs):
        median, mean = bench_move(tables, repeats)
        verdict = "ok" if median <= MOVE_TARGET_US else "OVER TARGET"
        print(
            f"  run {run + 1}: median {median:6.2f} us  mean {mean:6.2f} us"
            f"  (target <= {MOVE_TARGET_US:g} us: {verdict})"
        )

    records = complete_records(5 if args.quick else 20)
    placements = [sum(len(r["plays"]) for r in json.loads(t)["rounds"]) for t in records]
    print(
        f"a complete 4-player match replayed from its record ({len(records)} matches, "
        f"median {statistics.median(placements):g} placements):"
    )
    for run in range(args.runs):
        text_ms, record_ms, loads_ms = bench_replay(records, max(1, repeats // 4))
        verdict = "ok" if text_ms <= REPLAY_TARGET_MS else "OVER TARGET"
        print(
            f"  run {run + 1}: median {text_ms:5.2f} ms from JSON text, {record_ms:5.2f} ms from a Record"
            f" (Record.loads alone {loads_ms:4.2f} ms)  (target <= {REPLAY_TARGET_MS:g} ms: {verdict})"
        )

    print(f"complete random matches on one core ({seconds:g} s per run):")
    ours, theirs = [], []
    for run in range(args.runs):
        rate, per_move = engine_matches(seconds)
        ours.append((rate, per_move))
        base = dominoes_matches(seconds)
        line = f"  run {run + 1}: engine {rate:7.1f} matches/s to 305 (4 players), {per_move:5.2f} us/placement"
        if base is not None:
            theirs.append(base)
            line += f" | dominoes {base[0]:6.1f} series/s to 200, {base[1]:7.1f} games/s, {base[2]:5.2f} us/move"
        print(line)
    our_rate = statistics.median(r for r, _ in ours)
    our_move = statistics.median(m for _, m in ours)
    print(f"  median: engine {our_rate:.1f} matches/s, {our_move:.2f} us/placement")
    if theirs:
        base_move = statistics.median(b[2] for b in theirs)
        base_series = statistics.median(b[0] for b in theirs)
        ratio = our_move / base_move
        print(
            f"  median: dominoes {base_series:.1f} series/s, {base_move:.2f} us/move;"
            f" ratio (engine us/placement / dominoes us/move) = {ratio:.2f}"
            f"  (target <= {RATIO_TARGET:g}: {'ok' if ratio <= RATIO_TARGET else 'OVER TARGET'})"
        )
    else:
        print("  dominoes is not installed: no baseline (pip install dominoes)")

    batches = 3 if args.quick else 15
    print(
        f"whole random 4-player matches through the public API against random dominoes series, alternated"
        f" ({batches} batches of {seconds / 2:g} s each, processor time):"
    )
    pairs = api_against_dominoes(batches, seconds / 2)
    for b, (ours_us, theirs_us) in enumerate(pairs):
        theirs_text = "n/a" if theirs_us is None else f"{theirs_us:5.2f}"
        print(f"  batch {b + 1}: engine {ours_us:5.2f} us/placement | dominoes {theirs_text} us/move")
    api_us = statistics.median(p[0] for p in pairs)
    moves = [p[1] for p in pairs if p[1] is not None]
    if moves:
        move_us = statistics.median(moves)
        api_ratio = api_us / move_us
        # Each batch's own ratio: what the machine's load does to both halves of a pair cancels out.
        paired = statistics.median(p[0] / p[1] for p in pairs if p[1] is not None)
        print(
            f"  median: engine {api_us:.2f} us/placement, dominoes {move_us:.2f} us/move;"
            f" ratio (public API us/placement / dominoes us/move) = {api_ratio:.2f}"
            f"  (target <= {RATIO_TARGET:g}: {'ok' if api_ratio <= RATIO_TARGET else 'OVER TARGET'});"
            f" median of the batches' own ratios {paired:.2f}"
        )
    else:
        print(f"  median: engine {api_us:.2f} us/placement; dominoes is not installed: no baseline")

    with tempfile.TemporaryDirectory() as folder:
        fixture = Path(folder) / "complete-4p.record.json"
        fixture.write_text(records[0])
        wall_ms, count, foreign = replay_imports(fixture)
    startup_ms = python_startup()
    print(
        f"python -m engine.replay {fixture.name}: median {wall_ms:.0f} ms wall "
        f"(bare interpreter {startup_ms:.0f} ms), {count} modules loaded, "
        + (f"IMPORTS {', '.join(foreign)}" if foreign else "no discord, no PIL")
    )


if __name__ == "__main__":
    main()
