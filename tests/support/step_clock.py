"""A clock for tests of a time budget: each reading is one millisecond after the last, so a budget is a
number of readings, and a test of "stops at its deadline" does not depend on how busy the machine is.
Put it in place of the `time` module a search reads (`monkeypatch.setattr(module, "time", clock)`)."""

from __future__ import annotations


class StepClock:
    """A stand-in for the `time` module the search reads: every reading is one millisecond after the last,
    so a budget is a number of readings and the test does not depend on how busy the machine is."""

    def __init__(self) -> None:
        self.readings: list[float] = []

    def perf_counter(self) -> float:
        self.readings.append(len(self.readings) / 1000)
        return self.readings[-1]
