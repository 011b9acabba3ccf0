#!/usr/bin/env bash
# Create .venv and install the project with its test tools (idempotent).
# pip runs only when something changed: no usable .venv yet, or pyproject.toml, the project's
# folder (an editable install remembers it) or the Python version differ from the last install,
# which .venv/.installed records. Otherwise this takes a fraction of a second and prints nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    echo "five-up needs Python 3.11 or newer as python3 (found: $(python3 --version 2>&1 || echo none))" >&2
    exit 1
fi
if ! .venv/bin/python -c '' 2>/dev/null; then
    python3 -m venv --clear .venv
fi
stamp=.venv/.installed
wanted="$(.venv/bin/python -c '
import hashlib, pathlib, sys
print(hashlib.sha256(pathlib.Path("pyproject.toml").read_bytes()).hexdigest(), pathlib.Path.cwd(), sys.version.split()[0])
')"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ] \
    && .venv/bin/python -c 'import importlib.metadata as m; m.version("exact61-five-up")' 2>/dev/null; then
    exit 0
fi
echo "setting up .venv (pip install -e '.[dev]') ..." >&2
.venv/bin/python -m pip install --quiet --upgrade pip
# setuptools' notes about editable installs are for package authors, not for someone setting up
PYTHONWARNINGS=ignore .venv/bin/python -m pip install --quiet -e '.[dev]'
printf '%s\n' "$wanted" >"$stamp"
