"""`python -m render RECORD.json --out DIR [--every] [--names A,B,...]`: draw the pictures of a game record.

Writes `layout.png`, `scoresheet.png`, `table.png` (the one picture the bot posts; at a round's end
that cannot hold its settlement legibly, `settlement.png` beside it, see render/settlement_picture.py) and `table.json`
(its machine-readable twin: every tile's pips and pixel rectangle, what it joins, the open ends
and their badges, the players' names, the tile just placed, and at a round's end its settlement)
for the final position; with `--every`, one numbered set per placement instead (`001-layout.png`,
`001-scoresheet.png`, `001-table.png`, `001-table.json`, ...). The players' names come from
`--names` or else from the record's optional top-level "names" list (one per seat). On a file that
cannot be read or a record that breaks the rules: one line on stderr, no traceback, exit status 1
(with `--every`, the sets before the bad play are kept).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine import Blocked, Domino, Event, Match, Placed, Record, RecordError, TableSnapshot

from .layout_picture import layout_png
from .scoresheet import scoresheet_png
from .settlement import Settlement
from .settlement_picture import table_pngs
from .table_twin import table_description


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render", description="Draw the layout and scoresheet of a record.")
    parser.add_argument("record", type=Path, help="a game record (docs/record-format.md)")
    parser.add_argument("--out", type=Path, required=True, help="the folder to write the PNG files to")
    parser.add_argument("--every", action="store_true", help="one numbered set of pictures per placement")
    parser.add_argument("--names", help="the players' names by seat, comma-separated (else the record's names)")
    args = parser.parse_args(argv)
    try:
        text = args.record.read_bytes()
    except OSError as e:
        return _fail(f"cannot read {args.record}: {e.strerror}")
    try:
        record = Record.loads(text)
        names = args.names.split(",") if args.names is not None else _record_names(text)
        if names is not None and len(names) != record.players:
            return _fail(f"{len(names)} names for {record.players} seats: give one name per seat, in seat order")
        args.out.mkdir(parents=True, exist_ok=True)
        match = Match(record.players)
        if args.every:
            digits = max(3, len(str(sum(len(r.plays) for r in record.rounds))))
            number = 0
            for events in match.replay_steps(record):
                if any(isinstance(e, Placed) for e in events):
                    number += 1
                    _write(args.out, f"{number:0{digits}d}-", match.snapshot(), names, _settlement(events))
        else:
            last: list[Event] = []
            for events in match.replay_steps(record):
                last = events
            _write(args.out, "", match.snapshot(), names, _settlement(last))
    except RecordError as e:
        return _fail(f"{args.record}: {e}")
    except OSError as e:
        return _fail(f"cannot write to {args.out}: {e.strerror}")
    return 0


def _fail(message: str) -> int:
    print(f"render: {message}", file=sys.stderr)
    return 1


def _record_names(text: bytes) -> list[str] | None:
    """The record's optional "names" (one per seat, as shown at the table); None when it has none."""
    data = json.loads(text)
    names = data.get("names") if isinstance(data, dict) else None
    if isinstance(names, list) and all(isinstance(n, str) for n in names):
        return names
    return None


def _settlement(events: list[Event]) -> Settlement | None:
    """The round's settlement among a step's events: its picture is the round's last."""
    return next((e for e in events if isinstance(e, (Domino, Blocked))), None)


def _write(
    folder: Path, prefix: str, snapshot: TableSnapshot, names: list[str] | None, settlement: Settlement | None
) -> None:
    twin = table_description(snapshot, names=names, settlement=settlement)
    text = json.dumps(twin, indent=1, ensure_ascii=False) + "\n"
    posted = table_pngs(snapshot, names=names, settlement=settlement)
    for name, data in (
        ("layout.png", layout_png(snapshot)),
        ("scoresheet.png", scoresheet_png(snapshot)),
        *zip(("table.png", "settlement.png"), posted, strict=False),
        ("table.json", text.encode("utf-8")),
    ):
        path = folder / f"{prefix}{name}"
        path.write_bytes(data)
        print(path)


if __name__ == "__main__":
    sys.exit(main())
