"""A rating as players read it, and one seat's change at a match: what the match-end line and the
leaderboard show. The figures themselves are worked out by the host (bot/host/ratings.py).

Every figure is openskill's default scaled by `SCALE`, so the conservative rating μ − 3σ of a
newcomer is 0 and moves by whole numbers a person can read (see docs/ratings.md).
"""

from __future__ import annotations

from dataclasses import dataclass

SCALE = 40.0  # openskill's defaults (μ 25, σ 25/3, β 25/6, τ 25/300) times this: μ 1000, σ 333.3
MU = 25.0 * SCALE
SIGMA = MU / 3.0


@dataclass(frozen=True, slots=True)
class Rating:
    """A skill estimate: μ the mean, σ how unsure it still is."""

    mu: float = MU
    sigma: float = SIGMA

    @property
    def shown(self) -> int:
        """The conservative rating players see: μ − 3σ as a whole number (0 for a newcomer)."""
        return round(self.mu - 3.0 * self.sigma)


NEW = Rating()


@dataclass(frozen=True, slots=True)
class Change:
    """One seat's rating before and after a match."""

    seat: int
    key: str
    before: Rating
    after: Rating
    won: bool

    @property
    def delta(self) -> int:
        """The change as players see it: the shown rating after, less the shown rating before."""
        return self.after.shown - self.before.shown
