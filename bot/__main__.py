"""`python -m bot`: start the bot, or say in one line what is wrong.

Exit status: 0 after a clean stop; 2 when a setting is missing or refused (the token, a value in
`.env`); 3 when the database cannot be used as it is (not SQLite, damaged, written by a newer
bot, a PostgreSQL server out of reach or refusing): the line names the file or server and what
to do, and the file is left exactly as it was; 4 when Discord cannot be reached (no network, DNS,
a firewall): a temporary failure, so a supervisor may start it again after a wait."""

from __future__ import annotations

import asyncio
import logging
import sys
from typing import TYPE_CHECKING

from .config import ConfigError, load_config
from .texts.i18n import t

if TYPE_CHECKING:
    from .storage import StorageOpenError

DISCORD_UNREACHABLE = 4  # a temporary failure: the supervisor may start the bot again later


def main() -> int:
    try:
        config = load_config()
    except ConfigError as e:
        print(t("en", "cli-bad-setting", problem=str(e)), file=sys.stderr)
        return 2
    if not config.token:
        print(t("en", "cli-no-token"), file=sys.stderr)
        return 2
    logging.basicConfig(
        level=config.log_level, format="%(asctime)s %(levelname)-7s %(name)s: %(message)s", stream=sys.stderr
    )
    # only now: the no-token path above stays fast and quiet
    from .edge.app import DiscordUnreachableError, TokenRefusedError, run
    from .storage import StorageOpenError

    try:
        asyncio.run(run(config))
    except TokenRefusedError:
        print(t("en", "cli-token-refused"), file=sys.stderr)
        return 2
    except StorageOpenError as e:
        print(database_problem(e), file=sys.stderr)
        return 3
    except DiscordUnreachableError as e:
        print(t("en", "cli-discord-unreachable", detail=str(e), status=DISCORD_UNREACHABLE), file=sys.stderr)
        return DISCORD_UNREACHABLE
    except KeyboardInterrupt:
        pass
    return 0


def database_problem(error: StorageOpenError) -> str:
    """The one line for an unusable database: what is wrong with which file or server, and what to do."""
    detail = " ".join(error.detail.split())[:200] or "?"  # one line, whatever the driver said
    return t(
        "en",
        f"cli-database-{error.problem}",
        where=error.where,
        detail=detail,
        found=error.found or 0,
        known=error.known or 0,
    )


if __name__ == "__main__":
    sys.exit(main())
