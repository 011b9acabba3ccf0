# Líneas que `python -m bot` muestra a quien lo ejecuta.
cli-no-token = DISCORD_TOKEN no está definido: crea una aplicación en https://discord.com/developers/applications, copia .env.example en .env (`cp .env.example .env`), pon allí el token de su bot (`Bot` → `Reset Token`) como DISCORD_TOKEN=… y vuelve a ejecutarlo. Mientras tanto, `.venv/bin/python -m bot.demo` juega una partida completa sin conexión.
cli-bad-setting = five-up: { $problem }
cli-token-refused = five-up: Discord rechazó DISCORD_TOKEN; restablece el token en el portal para desarrolladores y actualiza .env.
