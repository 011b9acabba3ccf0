"""What a copy between databases moves: each table's columns and key, and the error of a copy that does not add up."""

from __future__ import annotations

# What `copy` moves, in the order that keeps every foreign key satisfied, with each table's columns.
COPY_COLUMNS: dict[str, tuple[str, ...]] = {
    "tables": (
        "id",
        "guild_id",
        "channel_id",
        "host_id",
        "lang",
        "level",
        "status",
        "seed",
        "record",
        "lobby_message_id",
        "closed_reason",
        "created_at",
        "updated_at",
        "version",
        "thread_id",
        "use_thread",
        "remind_at",
        "take_over_at",
        "pace",
        "on_timeout",
        "rated",
        "wake_at",
        "paused_at",
        "to_move",
        "last_post_id",
        "forfeit_seat",
        "ended_early",
        "quiet",
        "board_message_id",
        "mention_message_id",
    ),
    "seats": ("table_id", "seat", "user_id", "name", "level"),
    "results": ("table_id", "seat", "guild_id", "user_id", "name", "won", "points", "finished_at"),
    "player_settings": ("user_id", "ping", "away_until", "dm_reminders"),
    "match_ratings": ("table_id", "guild_id", "rated", "rated_at"),
    "ratings": ("guild_id", "player", "name", "mu", "sigma", "matches", "wins", "last_delta"),
    "rating_changes": (
        "table_id",
        "seat",
        "guild_id",
        "player",
        "mu_before",
        "sigma_before",
        "mu_after",
        "sigma_after",
        "won",
    ),
    "server_settings": ("guild_id", "lang", "pace", "channels", "computers", "rated", "cap", "web"),
    "tournaments": (
        "id",
        "guild_id",
        "channel_id",
        "organiser_id",
        "name",
        "format",
        "rounds",
        "pace",
        "on_timeout",
        "rated",
        "close_at",
        "status",
        "round",
        "message_id",
        "version",
        "lang",
        "round_deadline",
    ),
    "tournament_entrants": ("event_id", "user_id", "seq", "name", "rating", "withdrawn_round"),
    "tournament_games": (
        "event_id",
        "round",
        "board",
        "first_id",
        "second_id",
        "table_id",
        "winner",
        "first_points",
        "second_points",
        "how",
        "thread_id",
        "opening_id",
    ),
}
COPY_KEYS: dict[str, tuple[str, ...]] = {
    "tables": ("id",),
    "seats": ("table_id", "seat"),
    "results": ("table_id", "seat"),
    "player_settings": ("user_id",),
    "match_ratings": ("table_id",),
    "ratings": ("guild_id", "player"),
    "rating_changes": ("table_id", "seat"),
    "server_settings": ("guild_id",),
    "tournaments": ("id",),
    "tournament_entrants": ("event_id", "user_id"),
    "tournament_games": ("event_id", "round", "board"),
}

# A batch of one table's rows on their way from one database to the other, each in COPY_COLUMNS' order.
Batch = list[tuple[object, ...]]


class CopyCountError(Exception):
    """The rows written do not add up to the rows read; the copy was rolled back."""

    def __init__(self, expected: dict[str, int], found: dict[str, int]) -> None:
        super().__init__(f"expected {expected}, found {found}")
        self.expected = expected
        self.found = found
