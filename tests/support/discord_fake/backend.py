"""The fake Discord server: it answers each HTTP route as Discord would, and keeps what Discord keeps.

It holds the channels, the messages (with their bytes and edit history), the registered commands
and one `InteractionRecord` per interaction, and it enforces the rules a real Discord enforces on
the way in: the interaction response rules, message limits, and the bot's channel permissions.
Every refusal raises `FakeHTTPError`, which the transport turns into the matching
`discord.HTTPException`; a route it does not know raises `UnhandledRouteError`.
"""

from __future__ import annotations

from .interaction_routes import InteractionRoutes
from .rest_routes import RestRoutes


class FakeBackend(RestRoutes, InteractionRoutes):
    """Every route answer, over one shared store."""
