"""What players read, composed from engine values through the Fluent catalogs: the text layer.

Every sentence the bot sends is put together here, by subject: `words` (names, points, tiles,
clocks), `narration` (the play-by-play), `status` (the lines under a table message and the
table's notices), `hand` (a player's private view and the labels of its buttons), `lobby`,
`help` and `stats`; `korean` picks the particle a name takes. Nothing here decides a rule,
touches the database or knows Discord.
"""

from .help import help_text, legend_lines
from .lobby import computer_name, joined, left, lobby_cancelled, lobby_message, partnered, started_privately
from .narration import narrate
from .private import (
    hand_choices,
    hand_text,
    outcome,
    pick_place,
    played_text,
    target_label,
    tile_label,
    tile_suggestion,
)
from .room import (
    history_choice,
    history_line,
    history_match,
    history_text,
    ping_set,
    rematch_note,
    rematch_opened,
    seated_names,
    thread_name,
)
from .stats import stats_text
from .status import closed_unreadable, match_over, reminder, restored, scores_line, status, table_ended, takeover
from .words import SEAT_CHIPS, clip, discord_clock, plain, seat_tag, shown

__all__ = [
    "SEAT_CHIPS",
    "clip",
    "closed_unreadable",
    "computer_name",
    "discord_clock",
    "hand_choices",
    "hand_text",
    "help_text",
    "history_choice",
    "history_line",
    "history_match",
    "history_text",
    "joined",
    "left",
    "legend_lines",
    "lobby_cancelled",
    "lobby_message",
    "match_over",
    "narrate",
    "outcome",
    "partnered",
    "pick_place",
    "ping_set",
    "plain",
    "played_text",
    "rematch_note",
    "rematch_opened",
    "reminder",
    "restored",
    "scores_line",
    "seat_tag",
    "seated_names",
    "shown",
    "started_privately",
    "stats_text",
    "status",
    "table_ended",
    "takeover",
    "target_label",
    "thread_name",
    "tile_label",
    "tile_suggestion",
]
