"""The host's renderer posts what the renderer says to post: a crowded round end's settlement beside its table."""

from __future__ import annotations

from support.render_records import replayed

from bot.host.pictures import SETTLEMENT_PICTURE, TABLE_PICTURE, PngRenderer

NAMES = ("Zoë", "김민준", "Дмитрий")


def test_a_crowded_round_end_is_posted_as_table_and_settlement_and_a_usual_one_as_one_picture() -> None:
    renderer = PngRenderer()
    for record, names in (
        ("in-progress-3p", (TABLE_PICTURE, SETTLEMENT_PICTURE)),
        ("match-2p-exact-1", (TABLE_PICTURE,)),
    ):
        snap, _, end = next(s for s in replayed(record) if s[2] is not None)
        pictures = renderer.table(snap, names=NAMES[: snap.players], settlement=end)
        assert tuple(p.filename for p in pictures) == names
        assert all(p.data.startswith(b"\x89PNG") for p in pictures)
