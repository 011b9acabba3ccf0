"""`python -m bot.storage copy SOURCE TARGET [--force]`: move a database between SQLite and PostgreSQL."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

from .copy import TargetNotEmptyError, copy_database, count_text, describe
from .copy_columns import CopyCountError

OK, FAILED, USAGE, NOT_EMPTY, COUNTS_DIFFER = 0, 1, 2, 3, 4

EPILOG = f"""\
SOURCE and TARGET are each a SQLite file path or a postgresql:// URL. Both are brought to the
current schema, then every table in play, seat, game record and result (with the tables' ids and
versions) is written to TARGET in one transaction and the rows are counted on both sides.
Stop the bot processes using either database first.

exit status:
  {OK}  copied; the counts match
  {FAILED}  a database could not be opened, read or written (nothing was copied)
  {USAGE}  the command line is wrong
  {NOT_EMPTY}  TARGET already holds rows and --force was not given (nothing was written)
  {COUNTS_DIFFER}  the counts did not match after the copy
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.storage", description="Storage tools for the bot.")
    commands = parser.add_subparsers(dest="command", required=True)
    copy = commands.add_parser(
        "copy",
        help="copy a whole database (SQLite <-> PostgreSQL)",
        description="Copy a whole database from SOURCE to TARGET.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    copy.add_argument("source", metavar="SOURCE")
    copy.add_argument("target", metavar="TARGET")
    copy.add_argument("--force", action="store_true", help="replace whatever TARGET holds (it says what)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(message)s")
    return asyncio.run(_copy(args.source, args.target, args.force))


async def _copy(source: str, target: str, force: bool) -> int:
    try:
        report = await copy_database(source, target, replace=force)
    except TargetNotEmptyError as e:
        _say(f"refused: {describe(target)} is not empty ({count_text(e.counts)}); --force replaces it")
        return NOT_EMPTY
    except CopyCountError as e:
        _say(f"the counts differ after the copy: expected {count_text(e.expected)}, found {count_text(e.found)}")
        return COUNTS_DIFFER
    except Exception as e:  # one line, never a traceback
        said = str(e).strip().splitlines()
        _say(f"copy failed: {said[0] if said else type(e).__name__}")
        return FAILED
    if any(report.replaced.values()):
        print(f"replaced in {describe(target)}: {count_text(report.replaced)}")
    print(f"copied {count_text(report.counts)} from {describe(source)} to {describe(target)}; the counts match")
    return OK


def _say(line: str) -> None:
    print(line, file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
