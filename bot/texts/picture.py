"""The few words drawn in the table picture (a round's settlement, the winner), in the table's language.

The renderer draws them as given; its English defaults (`render.DEFAULT_LABELS`) name the same keys,
and a test holds the two lists equal."""

from __future__ import annotations

from .i18n import t

PICTURE_LABELS = (
    "seat", "out", "placement", "opponents", "partner", "net", "over", "blocked", "pips", "award", "skipped", "wins",
    "round",
)  # fmt: skip


def picture_labels(lang: str) -> dict[str, str]:
    """`render.table_png`'s `labels`: each key's words from the catalog (`picture-<key>`); `{seat}` stays a
    placeholder the renderer fills with a seat number, and `{round}` one it fills with the round's number."""
    return {key: t(lang, f"picture-{key}", seat="{seat}", round="{round}") for key in PICTURE_LABELS}
