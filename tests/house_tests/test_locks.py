"""The locks say exactly what the tests run with, and cover every dependency pyproject.toml declares.

`scripts/setup.sh` installs requirements/bot.lock (to run the bot) or requirements/dev.lock (to run
these tests); `scripts/lock.sh` writes both after a change of dependencies."""

from __future__ import annotations

import importlib.metadata
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]


def pins(kind: str) -> dict[str, str]:
    lines = (ROOT / "requirements" / f"{kind}.lock").read_text(encoding="utf-8").splitlines()
    pairs = (line.split("==") for line in lines if line and not line.startswith("#"))
    return {canonicalize_name(name): version for name, version in pairs}


def declared(kind: str) -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = list(project["dependencies"]) + (project["optional-dependencies"]["dev"] if kind == "dev" else [])
    return [Requirement(text) for text in wanted]


@pytest.mark.parametrize("kind", ["bot", "dev"])
def test_every_declared_dependency_is_pinned_within_its_range(kind: str) -> None:
    pinned = pins(kind)
    for requirement in declared(kind):
        name = canonicalize_name(requirement.name)
        assert name in pinned, f"{requirement.name} is in pyproject.toml but not in requirements/{kind}.lock"
        assert requirement.specifier.contains(pinned[name], prereleases=True), (requirement, pinned[name])


def test_the_bot_lock_holds_no_test_tool() -> None:
    tools = {canonicalize_name(r.name) for r in declared("dev")} - {canonicalize_name(r.name) for r in declared("bot")}
    assert not tools & pins("bot").keys()
    assert pins("bot").items() <= pins("dev").items(), "the bot runs with the versions the tests ran with"


def test_these_tests_run_with_exactly_the_locked_versions() -> None:
    for name, version in pins("dev").items():
        assert importlib.metadata.version(name) == version, name
