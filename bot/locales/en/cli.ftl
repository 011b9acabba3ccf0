# Lines `python -m bot` prints for the person running it.
cli-no-token = DISCORD_TOKEN is not set: create an application at https://discord.com/developers/applications, copy its bot token (Bot → Reset Token) into .env as DISCORD_TOKEN=…, and run again. Meanwhile `python -m bot.demo` plays a whole match offline.
cli-bad-setting = five-up: { $problem }
cli-token-refused = five-up: Discord refused DISCORD_TOKEN; reset the token in the developer portal and update .env.
