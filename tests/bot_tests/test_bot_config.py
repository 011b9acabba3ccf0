"""Settings from the environment and `.env`, and what `python -m bot` says without a token."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import Config, ConfigError, load_config

ROOT = Path(__file__).resolve().parents[2]


def test_the_environment_wins_over_the_env_file(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text(
        "# comment\nDISCORD_TOKEN='secret-token'\nDATABASE_PATH=/data/x.sqlite3\nTURN_TIMEOUT_SECONDS=60\n"
        "export LOG_LEVEL=debug\nDEV_GUILD_ID=123\n",
        encoding="utf-8",
    )
    environ = {"TURN_TIMEOUT_SECONDS": "90", "SHARD_COUNT": "4", "SHARD_IDS": "0,2", "LOBBY_EXPIRY_MINUTES": "7.5"}
    config = load_config(environ, env_file)
    assert config == Config(
        token="secret-token",
        database_path=Path("/data/x.sqlite3"),
        dev_guild_id=123,
        turn_timeout=90.0,
        lobby_expiry=450.0,
        log_level="DEBUG",
        shard_count=4,
        shard_ids=(0, 2),
    )
    assert "secret-token" not in repr(config)


def test_the_env_file_follows_the_usual_dotenv_syntax(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text(
        'DISCORD_TOKEN="token with spaces"\nDEV_GUILD_ID=123  # my test server\nDATABASE_PATH=${HOME}/x.sqlite3\n'
        "TURN_TIMEOUT_SECONDS=\nLOG_LEVEL\n",
        encoding="utf-8",
    )
    with caplog.at_level("DEBUG"):
        config = load_config({}, env_file)
    # inline comments go, `${...}` is taken literally, and an empty or valueless line means the default
    assert config == Config(token="token with spaces", dev_guild_id=123, database_path=Path("${HOME}/x.sqlite3"))
    assert "token with spaces" not in repr(config) and "token with spaces" not in caplog.text


def test_a_fresh_copy_of_the_example_is_a_valid_env_file_with_the_defaults() -> None:
    example = ROOT / ".env.example"
    assert "DISCORD_TOKEN=" in example.read_text(encoding="utf-8").splitlines()
    assert load_config({}, example) == Config()


def test_an_unreadable_env_file_is_named(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_bytes(b"DISCORD_TOKEN=\xff\xfe\n")
    with pytest.raises(ConfigError, match=r"\.env cannot be read"):
        load_config({}, env_file)


def test_defaults_without_anything(tmp_path: Path) -> None:
    config = load_config({}, tmp_path / "missing.env")
    assert config == Config() and config.turn_timeout == 300.0 and config.lobby_expiry == 1800.0
    assert config.database_path == Path("five_up.sqlite3")


@pytest.mark.parametrize(
    ("environ", "complaint"),
    [
        ({"TURN_TIMEOUT_SECONDS": "soon"}, "TURN_TIMEOUT_SECONDS must be a number"),
        ({"TURN_TIMEOUT_SECONDS": "0"}, "TURN_TIMEOUT_SECONDS must be positive"),
        ({"LOBBY_EXPIRY_MINUTES": "half an hour"}, "LOBBY_EXPIRY_MINUTES must be a number"),
        ({"LOBBY_EXPIRY_MINUTES": "-1"}, "LOBBY_EXPIRY_MINUTES must be positive"),
        ({"LOG_LEVEL": "LOUD"}, "LOG_LEVEL must be one of"),
        ({"SHARD_IDS": "1"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"SHARD_IDS": "3", "SHARD_COUNT": "2"}, "between 0 and SHARD_COUNT - 1"),
        ({"DEV_GUILD_ID": "my-server"}, "DEV_GUILD_ID must be a number"),
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be at least 1"),
        ({"DATABASE_URL": "mysql://ana:hunter2@db/five"}, "DATABASE_URL must be a postgresql:// .* 'mysql'"),
        ({"DATABASE_URL": "./five_up.sqlite3"}, "DATABASE_URL must be a postgresql:// .* not a URL"),
        ({"DATABASE_URL": "postgresql://ana:hunter2@db:port/five"}, "DATABASE_URL has a port that is not a number"),
    ],
)
def test_unusable_settings_are_named(tmp_path: Path, environ: dict[str, str], complaint: str) -> None:
    with pytest.raises(ConfigError, match=complaint):
        load_config(environ, tmp_path / "missing.env")


def test_a_bad_database_url_is_named_without_its_password(tmp_path: Path) -> None:
    for url in ("mysql://ana:hunter2@db/five", "postgresql://ana:hunter2@db:port/five"):
        with pytest.raises(ConfigError) as caught:
            load_config({"DATABASE_URL": url}, tmp_path / "missing.env")
        assert "DATABASE_URL" in str(caught.value) and "hunter2" not in str(caught.value)


@pytest.mark.parametrize("scheme", ["postgresql", "postgres", "PostgreSQL"])
def test_a_postgresql_url_selects_postgresql_and_its_password_is_never_shown(
    tmp_path: Path, scheme: str, caplog: pytest.LogCaptureFixture
) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text(
        f"DATABASE_URL={scheme}://five:s3cret@db.example:5433/five_up?sslmode=require\nDATABASE_PATH=./ignored.db\n",
        encoding="utf-8",
    )
    with caplog.at_level("DEBUG"):
        config = load_config({}, env_file)
    assert config.database_url == "postgresql://five:s3cret@db.example:5433/five_up?sslmode=require"
    assert config.database == config.database_url  # the URL wins over DATABASE_PATH
    assert config.database_shown == "postgresql://five:***@db.example:5433/five_up?sslmode=require"
    assert "s3cret" not in repr(config) and "s3cret" not in caplog.text


def test_a_password_given_as_a_query_parameter_is_hidden_too(tmp_path: Path) -> None:
    url = "postgresql:///five_up?host=/run/postgresql&password=s3cret&user=five"
    config = load_config({"DATABASE_URL": url}, tmp_path / "missing.env")
    assert config.database == url
    assert "s3cret" not in config.database_shown and "password=***" in config.database_shown
    assert "host=/run/postgresql" in config.database_shown and "user=five" in config.database_shown


def test_without_a_url_the_bot_keeps_its_sqlite_file(tmp_path: Path) -> None:
    config = load_config({"DATABASE_PATH": "/data/x.sqlite3", "DATABASE_URL": " "}, tmp_path / "missing.env")
    assert config.database_url is None and config.database == Path("/data/x.sqlite3")
    assert config.database_shown == "/data/x.sqlite3"


def test_without_a_token_the_bot_says_so_in_one_line(tmp_path: Path) -> None:
    environ = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"} | {"PYTHONPATH": str(ROOT)}
    run = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=environ, capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 2 and run.stdout == ""
    (line,) = run.stderr.splitlines()
    assert "DISCORD_TOKEN" in line and "https://discord.com/developers/applications" in line
    assert "python -m bot.demo" in line


@pytest.mark.parametrize("lang", ["en", "ko", "es"])
def test_the_no_token_hint_prints_commands_that_work_pasted_in_the_project_folder(lang: str) -> None:
    from bot.texts.i18n import t

    hint = t(lang, "cli-no-token")
    commands = [part for i, part in enumerate(hint.split("`")) if i % 2 and "python" in part]
    # the venv's interpreter: a bare `python` has none of the project's dependencies
    assert commands == [".venv/bin/python -m bot.demo"], hint
    assert ".env.example" in hint
