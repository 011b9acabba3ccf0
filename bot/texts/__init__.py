"""What players read, composed from engine values through the Fluent catalogs: the text layer.

Every sentence the bot sends is put together here, by subject: `words` (names, points, tiles,
clocks), `seat_names` (a seat or a side named in a sentence), `narration` (the play-by-play),
`status` (the lines under a table message and the table's notices), `private` (a player's private
view and the labels of its buttons), `lobby` (with a match's thread name and the rematch), `turn`
(a turn message in two lines), `history`, `settings`, `help`, `rules_pages`, `picture` (the table
picture's few words), `alt_text` (every picture's description), `replay_words` (the replay viewer and the
review) and `stats` (with the ratings); `i18n` reads the Fluent catalogs and `korean` picks the particle a
name takes. The values put in words come from bot/model/. Nothing here decides a rule, touches the database
or knows Discord.
"""

from .admin_words import admin_saved, admin_settings
from .alt_text import animation_alt, hand_alt, legend_alt, scoresheet_alt, table_alt
from .help import help_text, legend_lines
from .history import history_choice, history_line, history_match, history_text, seated_names
from .lobby import (
    computer_name,
    joined,
    left,
    lobby_cancelled,
    lobby_message,
    partnered,
    rematch_link,
    rematch_note,
    rematch_opened,
    started_privately,
    thread_name,
)
from .narration import narrate
from .pace_words import (
    away_set,
    clock_stopped,
    correspondence_reminder,
    correspondence_rules,
    direct_reminder,
    dm_set,
    forfeited,
    hand_table_line,
    jump_url,
    my_turns,
    pace_label,
    pace_line,
    player_away,
    player_back,
    time_left,
    timed_out,
)
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
from .seat_names import called, side_name
from .settings import ping_set
from .stats import leaderboard_text, rating_changes, rating_text, stats_text
from .status import closed_unreadable, reminder, restored, scores_line, status, table_ended, takeover, turn_text
from .turn import clock_rules, forced_draws, happened, next_up
from .words import SEAT_CHIPS, clip, discord_clock, discord_date, plain, seat_tag, shown, unescaped

__all__ = [
    "SEAT_CHIPS",
    "admin_saved",
    "admin_settings",
    "animation_alt",
    "away_set",
    "called",
    "clip",
    "clock_rules",
    "clock_stopped",
    "closed_unreadable",
    "computer_name",
    "correspondence_reminder",
    "correspondence_rules",
    "direct_reminder",
    "discord_clock",
    "discord_date",
    "dm_set",
    "forced_draws",
    "forfeited",
    "hand_alt",
    "hand_choices",
    "hand_table_line",
    "hand_text",
    "happened",
    "help_text",
    "history_choice",
    "history_line",
    "history_match",
    "history_text",
    "joined",
    "jump_url",
    "leaderboard_text",
    "left",
    "legend_alt",
    "legend_lines",
    "lobby_cancelled",
    "lobby_message",
    "my_turns",
    "narrate",
    "next_up",
    "outcome",
    "pace_label",
    "pace_line",
    "partnered",
    "pick_place",
    "picture_labels",
    "ping_set",
    "plain",
    "played_text",
    "player_away",
    "player_back",
    "rating_changes",
    "rating_text",
    "rematch_link",
    "rematch_note",
    "rematch_opened",
    "reminder",
    "restored",
    "scores_line",
    "scoresheet_alt",
    "seat_tag",
    "seated_names",
    "shown",
    "side_name",
    "started_privately",
    "stats_text",
    "status",
    "table_alt",
    "table_ended",
    "takeover",
    "target_label",
    "thread_name",
    "tile_label",
    "tile_suggestion",
    "time_left",
    "timed_out",
    "turn_text",
    "unescaped",
]
