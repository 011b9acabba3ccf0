# Lines `python -m bot` prints for the person running it.
cli-no-token = DISCORD_TOKEN is not set: create an application at https://discord.com/developers/applications, copy .env.example to .env (`cp .env.example .env`), put its bot token (Bot → Reset Token) there as DISCORD_TOKEN=…, and run again. Meanwhile `.venv/bin/python -m bot.demo` plays a whole match offline.
cli-bad-setting = five-up: { $problem }
cli-token-refused = five-up: Discord refused DISCORD_TOKEN; reset the token in the developer portal and update .env.
# The database cannot be used as it is (exit status 3); the file was left exactly as it was.
cli-database-not-sqlite = five-up: { $where } is not a SQLite database, so it cannot be this bot's. Move it aside (or point DATABASE_PATH at the right file) and start again.
cli-database-damaged = five-up: the database { $where } is damaged ({ $detail }). Restore it from a backup, or move it aside to start with an empty one.
cli-database-newer = five-up: the database { $where } was written by a newer version of the bot (schema { $found }; this one knows up to { $known }). Upgrade the bot, or restore a backup made by this version.
cli-database-cannot-open = five-up: cannot open the database { $where } ({ $detail }). Check the path and its permissions.
cli-database-unreachable = five-up: cannot reach PostgreSQL at { $where } ({ $detail }). Check that the server is running and that the database URL names it.
cli-database-refused = five-up: PostgreSQL at { $where } refused the bot ({ $detail }). Check the user, password and database name in the database URL.
cli-discord-unreachable = five-up: cannot reach Discord ({ $detail }). Nothing was changed; the bot stops with exit status { $status } so that it can be started again once the network is back (a supervisor may restart it after a wait).
