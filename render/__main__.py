"""`python -m render RECORD.json --out DIR [--every]`: draw the pictures of a game record.

Writes `layout.png`, `scoresheet.png`, `table.png` (the one picture the bot posts) and `table.json`
(its machine-readable twin: every tile's pips and pixel rectangle, what it joins, the open ends
and their badges) for the final position; with `--every`, one numbered set per placement instead
(`001-layout.png`, `001-scoresheet.png`, `001-table.png`, `001-table.json`, ...). On a file that cannot
be read or a record that breaks the rules: one line on stderr, no traceback, exit status 1
(with `--every`, the sets before the bad play are kept).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine import Match, Placed, Record, RecordError, TableSnapshot

from .layout_picture import layout_png
from .scoresheet import scoresheet_png
from .table import table_description, table_png


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render", description="Draw the layout and scoresheet of a record.")
    parser.add_argument("record", type=Path, help="a game record (docs/record-format.md)")
    parser.add_argument("--out", type=Path, required=True, help="the folder to write the PNG files to")
    parser.add_argument("--every", action="store_true", help="one numbered set of pictures per placement")
    args = parser.parse_args(argv)
    try:
        text = args.record.read_bytes()
    except OSError as e:
        return _fail(f"cannot read {args.record}: {e.strerror}")
    try:
        record = Record.loads(text)
        args.out.mkdir(parents=True, exist_ok=True)
        match = Match(record.players)
        if args.every:
            digits = max(3, len(str(sum(len(r.plays) for r in record.rounds))))
            number = 0
            for events in match.replay_steps(record):
                if any(isinstance(e, Placed) for e in events):
                    number += 1
                    _write(args.out, f"{number:0{digits}d}-", match.snapshot())
        else:
            for _ in match.replay_steps(record):
                pass
            _write(args.out, "", match.snapshot())
    except RecordError as e:
        return _fail(f"{args.record}: {e}")
    except OSError as e:
        return _fail(f"cannot write to {args.out}: {e.strerror}")
    return 0


def _fail(message: str) -> int:
    print(f"render: {message}", file=sys.stderr)
    return 1


def _write(folder: Path, prefix: str, snapshot: TableSnapshot) -> None:
    twin = json.dumps(table_description(snapshot), indent=1, ensure_ascii=False) + "\n"
    for name, data in (
        ("layout.png", layout_png(snapshot)),
        ("scoresheet.png", scoresheet_png(snapshot)),
        ("table.png", table_png(snapshot)),
        ("table.json", twin.encode("utf-8")),
    ):
        path = folder / f"{prefix}{name}"
        path.write_bytes(data)
        print(path)


if __name__ == "__main__":
    sys.exit(main())
