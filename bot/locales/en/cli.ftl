# Lines `python -m bot` prints for the person running it.
cli-no-token = DISCORD_TOKEN is not set: create an application at https://discord.com/developers/applications, copy .env.example to .env (`cp .env.example .env`), put its bot token (Bot → Reset Token) there as DISCORD_TOKEN=…, and run again. Meanwhile `.venv/bin/python -m bot.demo` plays a whole match offline.
cli-bad-setting = five-up: { $problem }
cli-token-refused = five-up: Discord refused DISCORD_TOKEN; reset the token in the developer portal and update .env.
