"""A round as an animated GIF: the one table picture after each placement, in order (render/round_frames.py).

GIF because every Discord client animates it inline. The frames are drawn as the still pictures are,
with the players' names, their seat colours and the viewer's words (`names`, `labels`), and each frame
is framed on the tiles it has (the first tile is not a speck at the bottom of an empty canvas). They
share the table picture's palette and one size, so Pillow stores each frame as the small rectangle that
changed: a long round stays well under Discord's limits (see bench/bench_replay.py and tests). Each
placement shows for FRAME_MS, the round's end a while longer, so a person can follow it. Pure:
snapshots in, bytes out; the caller runs it off the event loop.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

from engine import Blocked, Domino, TableSnapshot

FRAME_MS = 1500  # one placement
LAST_FRAME_MS = 5000  # the round as it ended
ANIMATION_PICTURE = "round.gif"


def round_gif(
    snapshots: Sequence[TableSnapshot],
    *,
    names: Sequence[str] | None = None,
    labels: Mapping[str, str] | None = None,
    settlement: Domino | Blocked | None = None,
) -> bytes:
    """The table after each of `snapshots` (one round's placements, in order), looping. `names`: the
    players by seat; `labels`: the picture's words in the viewer's language (texts.picture_labels);
    `settlement`: the round's Domino or Blocked, shown on its last frame."""
    from render.round_frames import round_frames

    if not snapshots:
        raise ValueError("a round with no placement has nothing to animate")
    frames = [f.image for f in round_frames(snapshots, names=names, labels=labels, settlement=settlement)]
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS]
    out = io.BytesIO()
    frames[0].save(
        out,
        "GIF",
        save_all=True,
        append_images=frames[1:],
        duration=durations,
        loop=0,
        optimize=False,  # the palette is already the picture's own: keep it, frame after frame
        disposal=1,
    )
    return out.getvalue()
