"""A match dealt anew behind one seat's back: what that seat may not know, changed; what it knows, kept."""

from __future__ import annotations

import random

from engine import Match


def rehidden(m: Match, seat: int, rng: random.Random) -> Match:
    """The same match for `seat`: the same public events and the same hand, but every tile hidden from it
    (other hands and the undrawn boneyard, in its order) dealt anew."""
    other = m.clone(keep_history=True)
    hidden = [t for s in range(m.players) if s != seat for t in m.hand(s)] + list(m.boneyard[m.drawn :])
    shuffled = rng.sample(hidden, len(hidden))
    for s in range(m.players):
        if s != seat:
            n = len(other.hands[s])
            other.hands[s], shuffled = shuffled[:n], shuffled[n:]
    other.boneyard = other.boneyard[: other.drawn] + tuple(shuffled)
    return other
