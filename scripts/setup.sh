#!/usr/bin/env bash
# Create .venv and install the project with its test tools (idempotent).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
# setuptools' notes about editable installs are for package authors, not for someone setting up
PYTHONWARNINGS=ignore .venv/bin/python -m pip install --quiet -e '.[dev]'
