"""A click on one of our buttons that its message no longer shows: answered rather than dropped.

Discord sends a click with the message as it is now; when the button has gone, discord.py drops
the click and the player meets "This interaction failed". The bot's `on_interaction`
(bot/edge/app.py) hands every component interaction here with the items it registered.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from .client import Interaction
from .discord_internals import custom_id_template, take_chosen_values
from .game_items import GameButton, GameSelect


async def answer_vanished_click(
    interaction: Interaction, factories: Sequence[type[GameButton] | type[GameSelect]]
) -> bool:
    """Answer a click on one of our buttons that is no longer on its message; False if it is not one.

    Discord sends a click with the message as it is now. discord.py rebuilds the clicked item
    from that message and, when the button has gone (the lobby lost its buttons to Start a moment
    ago, the second press of a double click), drops the click unanswered: "This interaction
    failed". So the bot's `on_interaction` hands every component interaction here: exactly when
    discord.py will have dropped it (one of our custom_ids, not on the message), the button is
    rebuilt from its custom_id and clicked through the same guarded path, and the game manager
    answers as it would (already started, out of date) without a second effect. A button still
    on the message is left to discord.py, so no click is handled twice. `factories`: the items to
    rebuild (the bot passes those it registered: `DYNAMIC_ITEMS` and the replay viewer's)."""
    if interaction.type is not discord.InteractionType.component or not isinstance(interaction.data, dict):
        return False
    custom_id = str(interaction.data.get("custom_id", ""))
    component_type = interaction.data.get("component_type")
    if not custom_id.startswith("5up:") or _on_message(interaction.message, custom_id, component_type):
        return False
    for factory in factories:
        match = custom_id_template(factory).fullmatch(custom_id)
        if match is not None:
            base: discord.ui.Item[Any] = (
                discord.ui.Select(custom_id=custom_id)
                if component_type == discord.ComponentType.select.value
                else discord.ui.Button(custom_id=custom_id)
            )
            item = await factory.from_custom_id(interaction, base, match)
            take_chosen_values(item, interaction)  # the values chosen in a menu
            await item.callback(interaction)
            return True
    return False


def _on_message(message: discord.Message | None, custom_id: str, component_type: object) -> bool:
    """Whether discord.py finds this component on the message (its own test, so exactly one of us answers)."""
    if message is None:
        return False  # discord.py drops a click without a message too
    kind: type[discord.ui.View] | type[discord.ui.LayoutView]
    kind = discord.ui.LayoutView if message.flags.components_v2 else discord.ui.View
    view = kind.from_message(message, timeout=None)
    return any(
        item.type.value == component_type and getattr(item, "custom_id", None) == custom_id
        for item in view.walk_children()
    )
