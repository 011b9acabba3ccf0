#!/usr/bin/env bash
# Set up (idempotent: pip runs only when pyproject.toml changed) and start the bot. Without
# DISCORD_TOKEN it says what is missing and how to get one, and points to the offline demo. With WEB_PORT
# set (in .env or the environment) the bot also serves the table on the web (docs/web.md) on that port.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/python -m bot "$@"
