"""The animated round's frames: one size, the band under the layout (names, seat colours, words) as in the
still pictures and kept at the bottom, and each layout framed on the tiles it has."""

from __future__ import annotations

import random

from engine import Match, Phase, TableSnapshot
from render import DEFAULT_STYLE, table_geometry, table_image
from render.round_frames import MAX_ZOOM, round_frames
from render.table import footer_top

NAMES = ["민준", "Дмитрий", "🐉Drake", "محمد"]
KO = {"seat": "{seat}번 자리"}


def a_round(players: int, seed: int) -> list[TableSnapshot]:
    rng = random.Random(seed)
    match = Match.new(players, f"frames-{seed}")
    steps = []
    while match.phase is Phase.PLAYING and (not steps or steps[-1].round == match.snapshot().round):
        seat = match.turn
        assert seat is not None
        match.place(seat, rng.choice(match.options(seat)).placement)
        steps.append(match.snapshot())
    return steps


def test_the_first_tile_is_framed_not_a_speck_at_the_bottom() -> None:
    for players, seed in ((2, 1), (4, 3)):
        steps = a_round(players, seed)
        frames = round_frames(steps, names=NAMES[:players], labels=KO)
        first = frames[0]
        assert first.tiles is not None
        x0, y0, x1, y1 = first.tiles
        area = first.layout_area
        assert x1 - x0 >= 0.3 * (area[2] - area[0])  # the still picture's tile is 96 px of a canvas ~700 wide
        assert abs((x0 + x1) / 2 - (area[0] + area[2]) / 2) <= 2  # centred in the room above the band
        assert abs((y0 + y1) / 2 - (area[1] + area[3]) / 2) <= first.unit
        units = [f.unit for f in frames]
        base = DEFAULT_STYLE.sizes.half // 2
        assert units == sorted(units, reverse=True) and base <= units[-1] and units[0] <= base * MAX_ZOOM
        for f in frames:  # every tile inside its frame's room
            assert f.tiles is not None and f.tiles[0] >= 0 and f.tiles[2] <= area[2] and f.tiles[3] <= f.layout_area[3]


def test_every_frame_has_the_still_pictures_names_colours_and_words_at_the_bottom() -> None:
    steps = a_round(4, 3)
    names = ["민준", "\ue000", "🐉Drake", "محمد"]
    frames = round_frames(steps, names=names, labels=KO)
    size = frames[0].image.size
    assert all(f.image.size == size for f in frames)
    assert size == (
        max(table_geometry(s, names=names, labels=KO).size[0] for s in steps),
        max(table_geometry(s, names=names, labels=KO).size[1] for s in steps),
    )
    for snap, frame in zip(steps, frames, strict=True):
        g = table_geometry(snap, names=names, labels=KO)
        assert g.names[1] == "2번 자리" and g.names[0] == "민준"
        still = table_image(g)
        dy = size[1] - g.size[1]
        right = g.size[0] - DEFAULT_STYLE.sizes.table_margin
        top, bottom = g.rows[0][1], g.rows[-1][3]
        assert (
            frame.image.crop((0, top + dy, right, bottom + dy)).tobytes()
            == still.crop((0, top, right, bottom)).tobytes()
        )  # the scoreboard: chips in seat colours, the names, the seat's label in the viewer's words
        assert frame.layout_area[3] == size[1] - (g.size[1] - footer_top(g))
