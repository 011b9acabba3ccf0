"""A player's own commands across tables: `/five-up turns` and `/five-up settings` (away, pings, direct messages)."""
