"""What the person running the bot reads at start: no warnings about voice (the bot uses none),
and with a token but no way to reach Discord, one line saying so and an exit status to act on."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

from bot.__main__ import DISCORD_UNREACHABLE

ROOT = Path(__file__).parents[2]


def closed_port() -> int:
    """A loopback port nobody listens on: connecting is refused at once."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_with_a_token_and_discord_unreachable_the_bot_says_so_in_one_line(tmp_path: Path) -> None:
    port = closed_port()
    # `python -m bot` itself, its Discord API base moved to the closed loopback port
    start = (
        f"import discord.http; discord.http.Route.BASE = 'http://127.0.0.1:{port}/api/v10'; "
        "import runpy; runpy.run_module('bot', run_name='__main__', alter_sys=True)"
    )
    environ = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "LOG_LEVEL")} | {
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": "MTIz.not-a-real-token.abc",
        "DATABASE_PATH": str(tmp_path / "five_up.sqlite3"),
    }
    run = subprocess.run(
        [sys.executable, "-c", start], cwd=tmp_path, env=environ, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == DISCORD_UNREACHABLE == 4, run.stderr
    lines = run.stderr.splitlines()
    said = [line for line in lines if "cannot reach Discord" in line]
    assert len(said) == 1 and said[0].startswith("five-up: ") and f"exit status {DISCORD_UNREACHABLE}" in said[0]
    assert f"127.0.0.1:{port}" in said[0]  # what could not be reached
    assert "Traceback" not in run.stderr, run.stderr
    others = [line for line in lines if line not in said]
    assert all(re.match(r"\d{4}-\d\d-\d\d [\d:,]+ INFO ", line) for line in others), run.stderr  # no warning
    assert "voice" not in run.stderr.lower() and "PyNaCl" not in run.stderr and "davey" not in run.stderr
    assert "MTIz" not in run.stderr + run.stdout  # the token is never printed


def test_making_the_bot_warns_nothing_about_voice(caplog: object) -> None:
    import logging

    import discord

    from bot.edge.app import _no_voice_warnings

    discord.VoiceClient.warn_nacl = True  # as on a host without PyNaCl
    discord.VoiceClient.warn_dave = True
    _no_voice_warnings()
    with caplog.at_level(logging.WARNING, logger="discord"):  # type: ignore[attr-defined]
        client = discord.Client(intents=discord.Intents.none())
    assert client is not None
    assert not [r for r in caplog.records if "voice" in r.getMessage()]  # type: ignore[attr-defined]


def test_a_sigterm_while_connecting_is_a_clean_stop_with_status_0(tmp_path: Path) -> None:
    """`python -m bot` with the real signal: a deploy's SIGTERM that lands while the bot is still logging in
    (Discord's API a loopback port that accepts and never answers) stops it cleanly: status 0, no traceback,
    not the "cannot reach Discord" line."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    held: list[socket.socket] = []
    accepting = threading.Thread(target=lambda: _hold(server, held), daemon=True)
    accepting.start()
    port = int(server.getsockname()[1])
    start = (
        f"import discord.http; discord.http.Route.BASE = 'http://127.0.0.1:{port}/api/v10'; "
        "import runpy; runpy.run_module('bot', run_name='__main__', alter_sys=True)"
    )
    environ = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "LOG_LEVEL")} | {
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": "MTIz.not-a-real-token.abc",
        "DATABASE_PATH": str(tmp_path / "five_up.sqlite3"),
    }
    bot = subprocess.Popen([sys.executable, "-c", start], cwd=tmp_path, env=environ, stderr=subprocess.PIPE, text=True)
    try:
        waited = time.monotonic() + 60
        while not held and time.monotonic() < waited:  # the bot's login request has reached "Discord"
            time.sleep(0.02)
        assert held, "the bot never tried to log in"
        bot.send_signal(signal.SIGTERM)
        _, err = bot.communicate(timeout=60)
    finally:
        bot.kill()
        server.close()
        for connection in held:
            connection.close()
    assert bot.returncode == 0, err
    assert "Traceback" not in err and " ERROR " not in err and "cannot reach Discord" not in err, err
    assert "SIGTERM received: stopping" in err


def _hold(server: socket.socket, held: list[socket.socket]) -> None:
    """Accept connections and never answer them, until the server is closed."""
    while True:
        try:
            connection, _ = server.accept()
        except OSError:
            return
        held.append(connection)
