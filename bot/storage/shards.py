"""Which shard serves a guild, and the shard filter of a read: the arithmetic the SQL repeats."""

from __future__ import annotations

from collections.abc import Sequence

SHARD_SHIFT = 22  # a Discord snowflake's timestamp bits: (guild_id >> 22) % shard_count is the guild's shard


def shard_filter(shard_count: int | None, shard_ids: Sequence[int] | None) -> tuple[int, tuple[int, ...]] | None:
    """(shard_count, shard ids) to filter on, or None for every table; a bad pair is a ValueError."""
    if shard_count is None:
        if shard_ids is not None:
            raise ValueError("shard_ids needs shard_count")
        return None
    if shard_count < 1:
        raise ValueError(f"shard_count must be at least 1, not {shard_count}")
    ids = tuple(range(shard_count)) if shard_ids is None else tuple(sorted(set(shard_ids)))
    if not ids or any(not 0 <= i < shard_count for i in ids):
        raise ValueError(f"shard ids {list(ids)} are not all in 0..{shard_count - 1}")
    return shard_count, ids


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard that serves a guild (a table without a guild counts as shard 0), as the SQL computes it."""
    return ((guild_id or 0) >> SHARD_SHIFT) % shard_count
