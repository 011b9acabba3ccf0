"""`python -m engine.replay RECORD.json`: validate a record and print its event stream.

One JSON object per line on stdout (docs/record-format.md). On an illegal or malformed
record: the events before the bad step, then one line on stderr naming round,
play and reason, and exit status 1.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from .errors import RecordError
from .match import Match
from .record import load_json, read_header


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or args[0] in ("-h", "--help"):
        print("usage: python -m engine.replay RECORD.json", file=sys.stderr)
        return 2
    out = sys.stdout
    try:
        try:
            text = Path(args[0]).read_bytes()
        except OSError as e:
            raise RecordError(f"cannot read {args[0]}: {e.strerror}") from None
        data = load_json(text)
        match = Match(read_header(data)[0])
        for events in match.replay_steps(data):
            for event in events:
                out.write(json.dumps(event.to_json()) + "\n")
    except RecordError as e:
        out.flush()
        print(str(e), file=sys.stderr)
        return 1
    out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
