#!/usr/bin/env bash
# Create .venv and install the project at the exact versions its tests pass with (idempotent).
#   bash scripts/setup.sh         what the bot needs to run (requirements/bot.lock)
#   bash scripts/setup.sh --dev   that and the test tools (requirements/dev.lock)
# pip runs only when something changed: no usable .venv yet, or the lock, pyproject.toml, the project's
# folder (an editable install remembers it) or the Python version differ from the last install,
# which .venv/.installed records. Otherwise this takes a fraction of a second and prints nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
kind=bot
if [ "${1:-}" = "--dev" ]; then kind=dev; elif [ -n "${1:-}" ]; then
    echo "usage: bash scripts/setup.sh [--dev]" >&2
    exit 2
fi
if ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    echo "five-up needs Python 3.11 or newer as python3 (found: $(python3 --version 2>&1 || echo none))" >&2
    exit 1
fi
if ! .venv/bin/python -c '' 2>/dev/null; then
    python3 -m venv --clear .venv
fi
# Fonts for players' names in every script (render/fonts/FONTS.md): Debian's packages, installed as root
# when missing. Without them those scripts are left out of names (the bot says so once in its log).
fonts=(
    /usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc:fonts-noto-cjk
    /usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf:fonts-symbola
    /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf:fonts-dejavu-core
)
missing=()
for pair in "${fonts[@]}"; do [ -f "${pair%%:*}" ] || missing+=("${pair##*:}"); done
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "installing fonts for players' names: ${missing[*]} ..." >&2
        { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
            "${missing[@]}" >/dev/null; } || echo "could not install ${missing[*]}: names in those scripts are left out" >&2
    else
        echo "note: to draw names in every script, run as root: apt-get install ${missing[*]}" >&2
    fi
fi
# The browser tests (tests/web_tests/) drive Debian's chromium through playwright (its own download needs a
# network): installed with --dev as root when missing, else the command is printed.
if [ "$kind" = dev ] && ! command -v chromium >/dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "installing chromium for the browser tests ..." >&2
        { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
            chromium >/dev/null; } || echo "could not install chromium: the browser tests will fail until it is" >&2
    else
        echo "note: the browser tests need chromium; as root run: apt-get install chromium" >&2
    fi
fi
stamp=.venv/.installed
wanted() {  # what an install of kind $1 from here looks like
    .venv/bin/python - "$1" <<'PY'
import hashlib, pathlib, sys
kind = sys.argv[1]
files = ("pyproject.toml", f"requirements/{kind}.lock")
digest = hashlib.sha256(b"".join(pathlib.Path(f).read_bytes() for f in files)).hexdigest()
print(kind, digest, pathlib.Path.cwd(), sys.version.split()[0])
PY
}
have="$(cat "$stamp" 2>/dev/null || true)"
installed() {
    .venv/bin/python -c 'import importlib.metadata as m; m.version("exact61-five-up")' 2>/dev/null
}
# a dev install holds everything a bot install needs: starting the bot after the tests installs nothing
if { [ "$have" = "$(wanted "$kind")" ] || { [ "$kind" = bot ] && [ "$have" = "$(wanted dev)" ]; }; } && installed; then
    exit 0
fi
echo "setting up .venv (requirements/$kind.lock, then the project itself) ..." >&2
.venv/bin/python -m pip install --quiet --upgrade pip
# setuptools' notes about editable installs are for package authors, not for someone setting up
PYTHONWARNINGS=ignore .venv/bin/python -m pip install --quiet -r "requirements/$kind.lock"
PYTHONWARNINGS=ignore .venv/bin/python -m pip install --quiet --no-deps -e .
# compiled once here, as pip compiles what it installs: each process then starts without compiling the bot
.venv/bin/python -m compileall -q -j 0 bot engine render >/dev/null
wanted "$kind" >"$stamp"
