"""Every restart-proof button and menu of a table's messages, in one list the bot registers once.

discord.py rebuilds a clicked button from its custom_id only for the `DynamicItem` classes the bot
registered (`bot.add_dynamic_items`, bot/edge/app.py), and the bot answers a click on a vanished
button for the same ones (bot/edge/base/vanished_clicks.py). A button left out here would stop working
after a restart; the replay viewer's own list (`REPLAY_ITEMS`) is beside its buttons.
"""

from __future__ import annotations

from .tables.hand_buttons import BackButton, ShowHandButton, TargetButton, TileButton
from .tables.help_and_rules import HelpRulesButton, RulesPageButton
from .tables.lobby_buttons import LobbyButton, PartnerSelect, ProposalButton
from .tables.match_end import RematchButton
from .tournaments.event_buttons import EventButton

DYNAMIC_ITEMS = (
    LobbyButton,
    PartnerSelect,
    ProposalButton,
    ShowHandButton,
    RematchButton,
    TileButton,
    TargetButton,
    BackButton,
    RulesPageButton,
    HelpRulesButton,
    EventButton,
)
