"""Slash-command options in Discord's payload shape, checked the way Discord's client checks them.

A user cannot send an option the command does not declare, leave out a required one, pick a value
outside static `choices`, or go past min/max; the harness refuses such calls with `ValueError` so a
test cannot exercise a path no real user could reach. Values typed into an autocomplete option are
free text, as on Discord: the bot has to validate those itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Payload = dict[str, Any]
#: Turns a snowflake-typed value (user, channel, role, mentionable, attachment) into its id,
#: filling in the interaction's `resolved` data as Discord does.
EntityEncoder = Callable[[int, Any, Payload], str]

SUBCOMMAND, GROUP = 1, 2
STRING, INTEGER, BOOLEAN, NUMBER = 3, 4, 5, 10
SNOWFLAKE_TYPES = {6, 7, 8, 9, 11}


def walk_path(definition: Payload, path: list[str]) -> tuple[Payload, list[Payload], list[Payload]]:
    """Follow "group sub" down a command definition: (leaf definition, root options list, leaf options list)."""
    root: list[Payload] = []
    holder = root
    node = definition
    for name in path:
        child = next((o for o in node.get("options") or [] if o["name"] == name and o["type"] in (1, 2)), None)
        if child is None:
            known = [o["name"] for o in node.get("options") or [] if o["type"] in (1, 2)]
            raise ValueError(f"/{definition['name']} has no subcommand or group {name!r}; it has {known}")
        entry: Payload = {"name": name, "type": child["type"], "options": []}
        holder.append(entry)
        holder = entry["options"]
        node = child
    if any(o["type"] in (1, 2) for o in node.get("options") or []):
        known = [o["name"] for o in node["options"]]
        raise ValueError(f"/{definition['name']} {' '.join(path)} needs a subcommand: one of {known}")
    return node, root, holder


def _check_value(option: Payload, value: Any) -> Any:
    kind = option["type"]
    name = option["name"]
    if kind == STRING:
        if not isinstance(value, str):
            raise ValueError(f"option {name!r} takes a string, not {value!r}")
        lo, hi = option.get("min_length", 0), option.get("max_length", 6000)
        if not lo <= len(value) <= hi:
            raise ValueError(f"option {name!r}: {value!r} must be {lo}-{hi} characters")
    elif kind in (INTEGER, NUMBER):
        numeric = (int,) if kind == INTEGER else (int, float)
        if isinstance(value, bool) or not isinstance(value, numeric):
            raise ValueError(f"option {name!r} takes {'an integer' if kind == INTEGER else 'a number'}, not {value!r}")
        if "min_value" in option and value < option["min_value"]:
            raise ValueError(f"option {name!r}: {value} is below the minimum {option['min_value']}")
        if "max_value" in option and value > option["max_value"]:
            raise ValueError(f"option {name!r}: {value} is above the maximum {option['max_value']}")
    elif kind == BOOLEAN and not isinstance(value, bool):
        raise ValueError(f"option {name!r} takes a boolean, not {value!r}")
    choices = option.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise ValueError(f"option {name!r}: {value!r} is not one of the choices {[c['value'] for c in choices]}")
    return value


def encode_options(
    leaf: Payload,
    values: Mapping[str, Any],
    encode_entity: EntityEncoder,
    resolved: Payload,
    *,
    focused: str | None = None,
    focused_value: str = "",
) -> list[Payload]:
    """The `options` list for the leaf command. With `focused`, an autocomplete payload (partial input)."""
    declared = {o["name"]: o for o in leaf.get("options") or []}
    unknown = set(values) - set(declared)
    if focused is not None:
        unknown |= {focused} - set(declared)
    if unknown:
        raise ValueError(f"unknown option(s) {sorted(unknown)}; the command declares {list(declared)}")
    encoded = []
    for name, option in declared.items():
        if name == focused:
            if not option.get("autocomplete"):
                raise ValueError(f"option {name!r} has no autocomplete; Discord would not ask the bot")
            encoded.append({"name": name, "type": option["type"], "value": focused_value, "focused": True})
            continue
        if name not in values:
            if option.get("required") and focused is None:
                raise ValueError(f"option {name!r} is required")
            continue
        value = values[name]
        if option["type"] in SNOWFLAKE_TYPES:
            wire: Any = encode_entity(option["type"], value, resolved)
        else:
            wire = _check_value(option, value)
        encoded.append({"name": name, "type": option["type"], "value": wire})
    return encoded
