"""The two discord.py internals the bot leans on, in one place.

discord.py has no public way to (1) match a custom_id against a `DynamicItem`'s template without a
message around it, or (2) give a menu rebuilt from its custom_id the values the user chose. The
bot needs both to answer a click on a component its message no longer shows
(`vanished_clicks.answer_vanished_click`). `tests/bot_tests/test_discord_internals.py` fails the day a discord.py
release renames or reshapes either, before a player meets "This interaction failed".
"""

from __future__ import annotations

import re
from typing import Any

import discord


def custom_id_template(factory: type[discord.ui.DynamicItem[Any]]) -> re.Pattern[str]:
    """The compiled `template=` of a DynamicItem class (discord.py keeps it on the class)."""
    template: re.Pattern[str] = factory.__discord_ui_compiled_template__
    return template


def take_chosen_values(item: discord.ui.Item[Any], interaction: discord.Interaction) -> None:
    """Give an item rebuilt from its custom_id what the user chose in it, as discord.py's dispatch does."""
    item._refresh_state(interaction, interaction.data)  # type: ignore[arg-type]
