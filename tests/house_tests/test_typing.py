"""The engine, the renderer and the bot type-check under `mypy --strict`, so the test command keeps them so."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_engine_render_and_bot_are_clean_under_mypy_strict() -> None:
    # one run for the three packages: mypy reads the shared imports (engine, discord.py) once
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "engine", "render", "bot"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr  # mypy comes with the dev tools: scripts/setup.sh --dev
