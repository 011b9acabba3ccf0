"""The test PostgreSQL server: when it cannot start, the run fails and says why; it never skips."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from support.pg_server import PostgresServer, PostgresUnavailableError, find_binaries

ROOT = Path(__file__).resolve().parents[2]


def test_a_server_that_cannot_start_says_why() -> None:
    server = PostgresServer(settings={"no_such_setting": "1"})
    with pytest.raises(PostgresUnavailableError, match="no_such_setting") as failed:
        server.start()
    assert "pg_ctl" in str(failed.value)
    assert not server.folder.exists()  # nothing left behind


def test_binaries_named_but_missing_are_refused(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PGTEST_BINARIES", str(tmp_path))
    with pytest.raises(PostgresUnavailableError, match="PGTEST_BINARIES"):
        find_binaries()


def test_without_a_server_the_postgres_tests_fail_not_skip(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "pytest", "-o", "addopts=", "-q", "-p", "no:cacheprovider"]
    done = subprocess.run(
        [*command, "tests/storage_tests/test_storage_versions.py", "-k", "unchecked"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PGTEST_BINARIES": str(tmp_path / "nothing")},
    )
    out = done.stdout + done.stderr
    assert done.returncode == 1, out
    assert re.search(r"\b1 passed, \d+ deselected, 1 error\b", out) and "skipped" not in out  # SQLite ran
    assert "holds no initdb, pg_ctl and postgres" in out
