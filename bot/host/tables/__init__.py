"""A hosted table, from its lobby to its match's end: the `LiveTable` over its `TableCore`, the lobby
(`lobby_actions`, partners, expiry), opening and reading tables (`table_opener`, `table_loader`, the
`table_registry`), which table a command means (`table_choice`), correspondence turns, a finished match's
archive, and what differs when the match is a tournament's game (`event_games`)."""
