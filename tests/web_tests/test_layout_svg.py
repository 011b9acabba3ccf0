"""The layout's SVG is drawn from the PNG's own geometry: every tile where `layout_geometry` put it, each mark in
its zone, nothing more (render/layout_svg.py)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from engine import Match, tile
from engine.selfplay import at_random, placed, play_to_end
from render.layout_plan import layout_geometry
from render.layout_svg import SCALE, layout_svg

SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize(("players", "seed", "count"), [(2, 1, 1), (3, 2, 9), (4, 3, 18), (4, 4, 25)])
def test_every_tile_and_mark_is_where_the_geometry_puts_it(players: int, seed: int, count: int) -> None:
    match = play_to_end(Match.new(players, f"svg-{seed}"), at_random(random.Random(seed)), until=placed(count))
    snapshot = match.snapshot()
    geometry = layout_geometry(snapshot)
    root = ET.fromstring(layout_svg(snapshot, title="the layout"))
    assert root.get("role") == "img" and root.find(f"{SVG}title").text == "the layout"  # type: ignore[union-attr]
    tiles = [g for g in root.iter(f"{SVG}g") if g.get("class") == "tile"]
    assert len(tiles) == len(geometry.tiles)
    for g, box in zip(tiles, geometry.tiles, strict=True):
        (a, _), (b, _) = box.halves
        assert g.get("data-tile") == f"{a}-{b}" and tile(a, b) == box.tile and g.get("data-seat") == str(box.seat)
        face = g.findall(f"{SVG}rect")[0]
        x, y = float(face.get("x", "0")), float(face.get("y", "0"))
        assert abs(x - box.rect.x0 * SCALE) < 1 and abs(y - box.rect.y0 * SCALE) < 1
        halves = [(u.get("href"), float(u.get("x", "0")), float(u.get("y", "0"))) for u in g.findall(f"{SVG}use")]
        turned = "v" if box.vertical else "h"
        assert halves == [(f"#p{v}{turned}", r.x0 * SCALE, r.y0 * SCALE) for v, r in box.halves]
    badges = [g for g in root.iter(f"{SVG}g") if g.get("class") == "badge"]
    assert [g.find(f"{SVG}text").text for g in badges] == [str(m.value) for m in geometry.badges]  # type: ignore[union-attr]
    x0, y0, w, h = (float(v) for v in root.get("viewBox", "").split())
    bounds = geometry.bounds
    assert x0 <= bounds.x0 * SCALE and y0 <= bounds.y0 * SCALE
    assert x0 + w >= bounds.x1 * SCALE and y0 + h >= bounds.y1 * SCALE
