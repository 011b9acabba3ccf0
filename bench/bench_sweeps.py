"""The wide random sweeps: the tests' property checks over many more random matches than the suite runs.

Run from the project's root: `.venv/bin/python bench/bench_sweeps.py [--quick | --smoke]`. The test
command runs a representative slice of each sweep (its module's constant); this script runs the same
test functions at full width and prints what each covered and how long it took, so a rare layout or
rules bug that a slice misses still has somewhere to be found. A failure prints its match seed and
exits 1. `--quick` runs a fifth of the width, `--smoke` one match per player count (a test runs it).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

for folder in (".", "tests", "tests/engine_tests", "tests/render_tests"):  # the sweeps are the tests' own functions
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / folder))

import test_engine_properties as engine_sweep  # noqa: E402 (found through the folders above)
import test_render_geometry as geometry_sweep  # noqa: E402
import test_render_table as twin_sweep  # noqa: E402

SWEEP = Callable[[int], None]
FULL: dict[str, tuple[object, str, object, SWEEP]] = {
    "engine: random matches keep every invariant, replay and restore": (
        engine_sweep,
        "MATCHES",
        {2: 700, 3: 650, 4: 650},
        engine_sweep.test_random_matches_keep_every_invariant_replay_and_restore,
    ),
    "render: no reachable layout overlaps": (
        geometry_sweep,
        "MATCHES_PER_SIZE",
        150,
        geometry_sweep.test_no_reachable_layout_overlaps,
    ),
    "render: every position of random matches keeps the rules and reads in the preview": (
        twin_sweep,
        "EVERY_POSITION",
        60,
        twin_sweep.test_every_position_of_random_matches_keeps_the_rules_and_reads_in_the_preview,
    ),
    "render: the last layout of every round of many matches keeps the rules": (
        twin_sweep,
        "LAST_POSITIONS",
        500,
        twin_sweep.test_the_last_layout_of_every_round_of_many_matches_keeps_the_rules,
    ),
}


def scaled(width: object, share: float) -> object:
    if isinstance(width, dict):
        return {k: max(1, round(v * share)) for k, v in width.items()}
    assert isinstance(width, int)
    return max(1, round(width * share))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    width = parser.add_mutually_exclusive_group()
    width.add_argument("--quick", action="store_true", help="a fifth of the width")
    width.add_argument("--smoke", action="store_true", help="one match per player count: it still runs")
    args = parser.parse_args(argv)
    share = 0.2 if args.quick else 1.0
    print("bench_sweeps: the tests' random sweeps at full width (the suite runs a slice)\n")
    failed = 0
    for name, (module, constant, full, test) in FULL.items():
        slice_width = getattr(module, constant)
        wide = (dict.fromkeys(full, 1) if isinstance(full, dict) else 1) if args.smoke else scaled(full, share)
        setattr(module, constant, wide)
        started = time.perf_counter()
        try:
            for players in (2, 3, 4):
                run(test, players)
        except AssertionError as e:
            failed += 1
            print(f"FAILED {name}: {e}")
            for note in getattr(e, "__notes__", []):
                print(f"  {note}")
        finally:
            setattr(module, constant, slice_width)
        print(f"{name}\n  {constant} = {wide} (the suite: {slice_width}): {time.perf_counter() - started:.1f} s")
    print(f"\n{len(FULL) - failed} passed, {failed} failed")
    return 1 if failed else 0


def run(test: Callable[[int], None], players: int) -> None:
    try:
        test(players)
    except AssertionError as e:
        e.add_note(f"{players} players")
        raise


if __name__ == "__main__":
    sys.exit(main())
