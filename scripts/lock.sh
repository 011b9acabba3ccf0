#!/usr/bin/env bash
# Write requirements/bot.lock and requirements/dev.lock: the exact versions of everything pyproject.toml
# asks for (and what that needs), resolved afresh in throwaway environments. Run it after changing the
# dependencies in pyproject.toml, then run the tests (bash scripts/setup.sh --dev && .venv/bin/python -m pytest)
# and commit the locks with the change.
set -euo pipefail
cd "$(dirname "$0")/.."
work="$(mktemp -d)"
trap 'rm -rf "$work" build' EXIT  # build/: what setuptools leaves behind
for kind in bot dev; do
    python3 -m venv "$work/$kind"
    extra=""; [ "$kind" = dev ] && extra="[dev]"
    PYTHONWARNINGS=ignore "$work/$kind/bin/python" -m pip install --quiet ".$extra"
    {
        echo "# The exact versions the tests pass with ($kind). Written by scripts/lock.sh; read by scripts/setup.sh."
        "$work/$kind/bin/python" -m pip freeze --all --exclude exact61-five-up | grep -v -E '^(pip|setuptools|wheel)==' | sort -f
    } >"requirements/$kind.lock"
done
echo "wrote requirements/bot.lock and requirements/dev.lock" >&2
