"""The bot as its handlers see it: what `interaction.client` offers a command, a button or a menu.

Every handler reaches the game manager, the lobby turns and the handlers' count through the
interaction's client. The bot itself (bot/edge/app.py) is assembled from those handlers, so they
cannot import it; they name this shape instead, which the bot takes as its base class, and the
imports run one way: the bot on top, the handlers below it, this at the bottom.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

import discord
from discord.ext import commands

from ...host.manager import Manager
from .handlers import Handlers
from .lobby_turns import LobbyTurns


class FiveUpClient(commands.AutoShardedBot):
    """What the bot holds for its handlers; the bot (bot/edge/app.py) sets each in its `__init__`."""

    manager: Manager
    lobby_turns: LobbyTurns  # a lobby action and its message edit, one at a time per table
    handlers: Handlers  # the interaction handlers running now; none new once stopping


if TYPE_CHECKING:
    Interaction: TypeAlias = discord.Interaction[FiveUpClient]
else:
    Interaction: TypeAlias = discord.Interaction
