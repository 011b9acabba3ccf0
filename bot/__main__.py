"""`python -m bot`: start the bot, or say in one line what is missing (exit status 2)."""

from __future__ import annotations

import asyncio
import logging
import sys

from .config import ConfigError, load_config
from .i18n import t


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
    import discord  # only now: the no-token path above stays fast and quiet

    from .app import run

    try:
        asyncio.run(run(config))
    except discord.LoginFailure:
        print(t("en", "cli-token-refused"), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
