"""The schema's numbered migrations, read from the SQL files beside this module.

`NNNN_what.sql` holds one step for both dialects; where the SQL truly differs the step is two
files, `NNNN_what.sqlite.sql` and `NNNN_what.postgres.sql`. Step n takes a database from schema
n - 1 to n; the numbers run 1, 2, 3 ... with no gap, and a released file is never edited.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from importlib import resources

DIALECTS = ("sqlite", "postgres")
_NAME = re.compile(r"^(?P<number>\d{4})_(?P<what>[a-z0-9_]+?)(?:\.(?P<dialect>sqlite|postgres))?\.sql$")


@dataclass(frozen=True, slots=True)
class Migration:
    number: int
    name: str  # the file's name, or the SQLite file's name for a step written per dialect
    statements: dict[str, tuple[str, ...]]  # dialect -> its statements, in order

    def for_dialect(self, dialect: str) -> tuple[str, ...]:
        return self.statements[dialect]


def split_statements(script: str) -> tuple[str, ...]:
    """A script's statements without their ';' (SQLite's own tokenizer decides where one ends)."""
    statements: list[str] = []
    pending = ""
    for line in script.splitlines(keepends=True):
        if not pending and (not line.strip() or line.lstrip().startswith("--")):
            continue  # blank lines and comments between statements
        pending += line
        if sqlite3.complete_statement(pending):
            statements.append(pending.strip().removesuffix(";").strip())
            pending = ""
    if pending.strip():
        raise ValueError(f"a statement without its closing ';': {pending.strip()[:60]!r}")
    return tuple(statements)


def load(files: dict[str, str]) -> tuple[Migration, ...]:
    """file name -> text, into the numbered steps; a gap, a clash or a step missing a dialect is a ValueError."""
    found: dict[int, dict[str, tuple[str, tuple[str, ...]]]] = {}
    for name, text in sorted(files.items()):
        matched = _NAME.match(name)
        if matched is None:
            raise ValueError(f"migration file {name!r} is not named NNNN_what.sql or NNNN_what.<dialect>.sql")
        number = int(matched["number"])
        dialects = (matched["dialect"],) if matched["dialect"] else DIALECTS
        for dialect in dialects:
            if dialect in found.setdefault(number, {}):
                raise ValueError(f"migration {number} has two files for {dialect}: {found[number][dialect][0]}, {name}")
            found[number][dialect] = (name, split_statements(text))
    steps: list[Migration] = []
    for expected, number in enumerate(sorted(found), start=1):
        if number != expected:
            raise ValueError(f"migration {expected} is missing (the next is {number})")
        per = found[number]
        missing = [d for d in DIALECTS if d not in per]
        if missing:
            raise ValueError(f"migration {number} has no file for {', '.join(missing)}")
        steps.append(Migration(number, per["sqlite"][0], {d: per[d][1] for d in DIALECTS}))
    return tuple(steps)


def _files() -> dict[str, str]:
    here = resources.files(__name__)
    return {f.name: f.read_text(encoding="utf-8") for f in here.iterdir() if f.name.endswith(".sql")}


MIGRATIONS = load(_files())
SCHEMA_VERSION = len(MIGRATIONS)
