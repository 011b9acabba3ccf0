"""What players read, composed from engine values through the Fluent catalogs: the text layer.

Every sentence the bot sends is put together here, by subject: `words` (names, points, tiles,
clocks), `narration` (the play-by-play), `status` (the lines under a table message and the
table's notices), `hand` (a player's private view and the labels of its buttons), `lobby`,
`turn` (a turn message in two lines), `help` and `stats`; `korean` picks the particle a name
takes. Nothing here decides a rule, touches the database or knows Discord.
"""

from .help import help_text, legend_lines
from .lobby import computer_name, joined, left, lobby_cancelled, lobby_message, partnered, started_privately
from .narration import narrate
from .picture import picture_labels
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
    rematch_link,
    rematch_note,
    rematch_opened,
    seated_names,
    thread_name,
)
from .stats import stats_text
from .status import closed_unreadable, reminder, restored, scores_line, status, table_ended, takeover, turn_text
from .turn import clock_rules, forced_draws, happened, next_up
from .words import SEAT_CHIPS, clip, discord_clock, plain, seat_tag, shown, unescaped

__all__ = [
    "SEAT_CHIPS",
    "clip",
    "clock_rules",
    "closed_unreadable",
    "computer_name",
    "discord_clock",
    "forced_draws",
    "hand_choices",
    "hand_text",
    "happened",
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
    "narrate",
    "next_up",
    "outcome",
    "partnered",
    "pick_place",
    "picture_labels",
    "ping_set",
    "plain",
    "played_text",
    "rematch_link",
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
    "turn_text",
    "unescaped",
]
