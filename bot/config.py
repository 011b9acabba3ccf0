"""Settings from the environment or a `.env` file (documented in `.env.example`).

Parsed once at start-up into a frozen value, so a typo in a number fails at
once with a sentence naming the variable instead of deep inside the bot. The
token never appears in `repr` or in the log.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

DEFAULT_DATABASE = "./five_up.sqlite3"
DEFAULT_TIMEOUT = 300.0
N = TypeVar("N", int, float)
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


class ConfigError(ValueError):
    """A setting that is present but unusable; the message names the variable."""


@dataclass(frozen=True, slots=True)
class Config:
    token: str = field(default="", repr=False)
    database_path: Path = Path(DEFAULT_DATABASE)
    dev_guild_id: int | None = None
    turn_timeout: float = DEFAULT_TIMEOUT
    log_level: str = "INFO"
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None


def read_env_file(path: Path) -> dict[str, str]:
    """`KEY=value` lines of a .env file; blank lines and `#` comments are skipped, quotes removed."""
    values: dict[str, str] = {}
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return values
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        key = key.strip().removeprefix("export ").strip()
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key] = value
    return values


def load_config(environ: Mapping[str, str] | None = None, env_file: Path | None = Path(".env")) -> Config:
    """The settings: the real environment wins over the `.env` file; empty means unset."""
    merged = read_env_file(env_file) if env_file is not None else {}
    merged.update({k: v for k, v in (os.environ if environ is None else environ).items()})

    def get(name: str) -> str:
        return merged.get(name, "").strip()

    level = (get("LOG_LEVEL") or "INFO").upper()
    if level not in LOG_LEVELS:
        raise ConfigError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {level!r}")
    timeout = _number("TURN_TIMEOUT_SECONDS", get("TURN_TIMEOUT_SECONDS"), float)
    if timeout is None:
        timeout = DEFAULT_TIMEOUT
    if timeout <= 0:
        raise ConfigError(f"TURN_TIMEOUT_SECONDS must be positive, not {timeout:g}")
    shard_ids = get("SHARD_IDS")
    ids = tuple(_number("SHARD_IDS", part, int) for part in shard_ids.split(",")) if shard_ids else None
    count = _number("SHARD_COUNT", get("SHARD_COUNT"), int)
    if ids is not None and count is None:
        raise ConfigError("SHARD_IDS needs SHARD_COUNT (the total number of shards)")
    if ids is not None and count is not None and any(not 0 <= i < count for i in ids):
        raise ConfigError(f"SHARD_IDS must be between 0 and SHARD_COUNT - 1 ({count - 1})")
    return Config(
        token=get("DISCORD_TOKEN"),
        database_path=Path(get("DATABASE_PATH") or DEFAULT_DATABASE),
        dev_guild_id=_number("DEV_GUILD_ID", get("DEV_GUILD_ID"), int),
        turn_timeout=timeout,
        log_level=level,
        shard_count=count,
        shard_ids=ids,
    )


def _number(name: str, text: str, kind: type[N]) -> N | None:
    if not text:
        return None
    try:
        return kind(text)
    except ValueError:
        raise ConfigError(f"{name} must be a number, not {text!r}") from None
