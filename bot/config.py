"""Settings from the environment or a `.env` file (documented in `.env.example`).

The file is read by python-dotenv, so it follows the usual `.env` syntax (quotes,
`export`, comments).

Parsed once at start-up into a frozen value, so a typo in a number fails at
once with a sentence naming the variable instead of deep inside the bot. The
token never appears in `repr` or in the log, nor does the password of `DATABASE_URL`
(`Config.database_shown` is the URL as it may be logged).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from dotenv import dotenv_values

DEFAULT_DATABASE = "./five_up.sqlite3"
DEFAULT_TIMEOUT = 300.0
DEFAULT_LOBBY_EXPIRY_MINUTES = 30.0
# global-bound requests a second, below Discord's 50 (bot/edge/base/request_budget.py)
DEFAULT_REQUESTS_PER_SECOND = 45.0
# Discord failing this long is an outage: turn clocks stop (bot/edge/base/discord_health.py)
DEFAULT_OUTAGE_SECONDS = 5.0
N = TypeVar("N", int, float)
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
POSTGRES_SCHEMES = ("postgresql", "postgres")
DEFAULT_WEB_HOST = "127.0.0.1"


class ConfigError(ValueError):
    """A setting that is present but unusable; the message names the variable."""


@dataclass(frozen=True, slots=True)
class Config:
    token: str = field(default="", repr=False)
    database_path: Path = Path(DEFAULT_DATABASE)
    database_url: str | None = field(default=None, repr=False)  # PostgreSQL; None: the SQLite file above
    dev_guild_id: int | None = None
    turn_timeout: float = DEFAULT_TIMEOUT
    lobby_expiry: float = DEFAULT_LOBBY_EXPIRY_MINUTES * 60  # seconds a lobby waits to be started
    log_level: str = "INFO"
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    requests_per_second: float = DEFAULT_REQUESTS_PER_SECOND
    outage_after: float = DEFAULT_OUTAGE_SECONDS
    web_port: int | None = None  # the table on the web (bot/web/): None, no site
    web_host: str = DEFAULT_WEB_HOST  # the address the site listens on (a reverse proxy in front)
    public_url: str | None = None  # where links in Discord point (no trailing slash); None: no link buttons
    web_secret: str = field(default="", repr=False)  # signs match links; empty: derived from the token

    @property
    def database(self) -> str | Path:
        """What the storage opens: the PostgreSQL URL if one is set, else the SQLite file."""
        return self.database_url or self.database_path

    @property
    def database_shown(self) -> str:
        """The database as the log may show it: a URL without its password."""
        return str(self.database_path) if self.database_url is None else without_password(self.database_url)


def read_env_file(path: Path) -> dict[str, str]:
    """The settings a `.env` file holds, read by python-dotenv; a missing file holds none.

    Values are taken literally (no `${VAR}` expansion), so what the file says is what the bot gets.
    """
    try:
        values = dotenv_values(path, interpolate=False, encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        reason = e.strerror if isinstance(e, OSError) else "it is not UTF-8 text"
        raise ConfigError(f"{path} cannot be read: {reason}") from None
    return {key: value for key, value in values.items() if value is not None}


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
    expiry = _number("LOBBY_EXPIRY_MINUTES", get("LOBBY_EXPIRY_MINUTES"), float)
    if expiry is None:
        expiry = DEFAULT_LOBBY_EXPIRY_MINUTES
    if expiry <= 0:
        raise ConfigError(f"LOBBY_EXPIRY_MINUTES must be positive, not {expiry:g}")
    rate = _positive("REQUESTS_PER_SECOND", get("REQUESTS_PER_SECOND"), DEFAULT_REQUESTS_PER_SECOND)
    outage_after = _positive("DISCORD_OUTAGE_SECONDS", get("DISCORD_OUTAGE_SECONDS"), DEFAULT_OUTAGE_SECONDS)
    shard_ids = get("SHARD_IDS")
    ids = tuple(_shard_id(part) for part in shard_ids.split(",")) if shard_ids else None
    count = _number("SHARD_COUNT", get("SHARD_COUNT"), int)
    if count is not None and count < 1:
        raise ConfigError(f"SHARD_COUNT must be at least 1, not {count}")
    if ids is not None and count is None:
        raise ConfigError("SHARD_IDS needs SHARD_COUNT (the total number of shards)")
    if ids is not None and count is not None and any(not 0 <= i < count for i in ids):
        raise ConfigError(f"SHARD_IDS must be between 0 and SHARD_COUNT - 1 ({count - 1})")
    port = _number("WEB_PORT", get("WEB_PORT"), int)
    if port is not None and not 0 <= port <= 65535:
        raise ConfigError(f"WEB_PORT must be a port number (0 to 65535), not {port}")
    return Config(
        token=get("DISCORD_TOKEN"),
        database_path=Path(get("DATABASE_PATH") or DEFAULT_DATABASE),
        database_url=_database_url(get("DATABASE_URL")),
        dev_guild_id=_number("DEV_GUILD_ID", get("DEV_GUILD_ID"), int),
        turn_timeout=timeout,
        lobby_expiry=expiry * 60,
        log_level=level,
        shard_count=count,
        shard_ids=ids,
        requests_per_second=rate,
        outage_after=outage_after,
        web_port=port,
        web_host=get("WEB_HOST") or DEFAULT_WEB_HOST,
        public_url=_public_url(get("PUBLIC_URL")),
        web_secret=get("WEB_SECRET"),
    )


def _positive(name: str, text: str, default: float) -> float:
    number = _number(name, text, float)
    if number is None:
        return default
    if number <= 0:
        raise ConfigError(f"{name} must be positive, not {number:g}")
    return number


def _public_url(text: str) -> str | None:
    """The site's address as links give it: http(s), without a trailing slash; None when unset."""
    if not text:
        return None
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ConfigError(
            f"PUBLIC_URL must be an http:// or https:// address, e.g. https://five-up.example.com, not {text[:60]!r}"
        )
    return text.rstrip("/")


def _shard_id(text: str) -> int:
    number = _number("SHARD_IDS", text.strip(), int)
    if number is None:
        raise ConfigError("SHARD_IDS must be shard numbers separated by commas, e.g. 0,1")
    return number


def _number(name: str, text: str, kind: type[N]) -> N | None:
    if not text:
        return None
    try:
        return kind(text)
    except ValueError:
        raise ConfigError(f"{name} must be a number, not {text!r}") from None


def _database_url(text: str) -> str | None:
    """A PostgreSQL URL, or None (unset: SQLite). The complaint never repeats the URL: it may hold a password."""
    if not text:
        return None
    scheme, colon, _ = text.partition("://")
    if not colon or scheme.lower() not in POSTGRES_SCHEMES:
        said = f"it starts with {scheme[:20]!r}" if colon else "it is not a URL"
        raise ConfigError(
            f"DATABASE_URL must be a postgresql:// (or postgres://) URL, or empty for SQLite at DATABASE_PATH; {said}"
        )
    try:
        urlsplit(text).port  # noqa: B018 -- reading it checks it
    except ValueError:
        raise ConfigError("DATABASE_URL has a port that is not a number") from None
    return text if scheme == "postgresql" else f"postgresql://{text.partition('://')[2]}"  # one spelling


def without_password(url: str) -> str:
    """`url` with any password (in the user part or a `password=` query parameter) shown as ***."""
    parts = urlsplit(url)
    netloc = parts.netloc
    user, at, host = netloc.rpartition("@")
    if at and ":" in user:
        netloc = f"{user.partition(':')[0]}:***@{host}"
    query = parts.query
    if query:
        pairs = parse_qsl(query, keep_blank_values=True)
        if any(key == "password" for key, _ in pairs):
            query = urlencode([(key, "***" if key == "password" else value) for key, value in pairs], safe="/*")
    return urlunsplit(parts._replace(netloc=netloc, query=query))
