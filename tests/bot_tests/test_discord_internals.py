"""discord.py's internals behind `bot.edge.base.discord_internals` still work the way the adapter assumes.

These fail the day a discord.py release renames or reshapes them; the end-to-end tests of a click
on a vanished button (tests/bot_tests/test_bot_reliability.py) then show what a player would meet."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

import discord

from bot.edge.base.discord_internals import custom_id_template, take_chosen_values
from bot.edge.dynamic_items import DYNAMIC_ITEMS


class Probe(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"probe:(?P<table>[0-9]+):(?P<move>[0-9]+)"):
    def __init__(self, table: int, move: int) -> None:
        super().__init__(discord.ui.Button(custom_id=f"probe:{table}:{move}"))


def test_a_dynamic_items_template_is_read_from_its_class() -> None:
    match = custom_id_template(Probe).fullmatch("probe:12:7")
    assert match is not None and match["table"] == "12" and match["move"] == "7"
    assert custom_id_template(Probe).fullmatch("probe:x:7") is None


def test_every_dynamic_item_of_the_bot_has_a_template_that_knows_its_own_ids() -> None:
    for factory in DYNAMIC_ITEMS:
        assert custom_id_template(factory).pattern.startswith("5up:")


def test_a_rebuilt_menu_takes_the_values_the_user_chose() -> None:
    menu: discord.ui.Select[Any] = discord.ui.Select(
        custom_id="5up:probe:menu", options=[discord.SelectOption(label="a")]
    )
    assert menu.values == []
    clicked = SimpleNamespace(data={"custom_id": "5up:probe:menu", "component_type": 3, "values": ["a"]})
    take_chosen_values(menu, cast(discord.Interaction, clicked))
    assert menu.values == ["a"]
