"""A rating as players read it, and one seat's change at a match: what the match-end line, the
leaderboard and `/five-up stats` show. The figures themselves are worked out by the host
(bot/host/ratings/rating_math.py).

Every figure is openskill's default scaled by `SCALE`. What is stored is μ and σ; what players read is
the conservative rating μ − 3σ counted from `START` (a newcomer's μ − 3σ is 0, shown as 1000), so a
first loss reads 927, not −73, and every change is a whole number. A rating is marked provisional
until `PROVISIONAL_MATCHES` rated matches (see docs/ratings.md).
"""

from __future__ import annotations

from dataclasses import dataclass

SCALE = 40.0  # openskill's defaults (μ 25, σ 25/3, β 25/6, τ 25/300) times this: μ 1000, σ 333.3
MU = 25.0 * SCALE
SIGMA = MU / 3.0
START = 1000  # the shown rating of a newcomer (whose μ − 3σ is 0): every shown rating is START + (μ − 3σ)
PROVISIONAL_MATCHES = 5  # a rating is provisional (shown with a mark) until this many rated matches


@dataclass(frozen=True, slots=True)
class Rating:
    """A skill estimate: μ the mean, σ how unsure it still is."""

    mu: float = MU
    sigma: float = SIGMA

    @property
    def shown(self) -> int:
        """The rating players see: the conservative μ − 3σ, whole, counted from START (START for a newcomer).
        The order of shown ratings is the order of μ − 3σ, and a change of one is a change of the other."""
        return START + round(self.mu - 3.0 * self.sigma)


NEW = Rating()


def provisional(matches: int) -> bool:
    """Whether a rating after `matches` rated matches is still provisional (the model barely knows the player)."""
    return matches < PROVISIONAL_MATCHES


@dataclass(frozen=True, slots=True)
class Change:
    """One seat's rating before and after a match, and its player's rated matches counting this one."""

    seat: int
    key: str
    before: Rating
    after: Rating
    won: bool
    matches: int

    @property
    def delta(self) -> int:
        """The change as players see it: the shown rating after, less the shown rating before."""
        return self.after.shown - self.before.shown

    @property
    def provisional(self) -> bool:
        return provisional(self.matches)
