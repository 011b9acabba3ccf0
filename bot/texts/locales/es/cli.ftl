# Líneas que `python -m bot` muestra a quien lo ejecuta.
cli-no-token = DISCORD_TOKEN no está definido: crea una aplicación en https://discord.com/developers/applications, copia .env.example en .env (`cp .env.example .env`), pon allí el token de su bot (`Bot` → `Reset Token`) como DISCORD_TOKEN=… y vuelve a ejecutarlo. Mientras tanto, `.venv/bin/python -m bot.demo` juega una partida completa sin conexión.
cli-bad-setting = five-up: { $problem }
cli-token-refused = five-up: Discord rechazó DISCORD_TOKEN; restablece el token en el portal para desarrolladores y actualiza .env.
# La base de datos no se puede usar tal como está (estado de salida 3); el archivo quedó exactamente como estaba.
cli-database-not-sqlite = five-up: { $where } no es una base de datos SQLite, así que no puede ser la de este bot. Muévelo a otra parte (o haz que DATABASE_PATH apunte al archivo correcto) y vuelve a empezar.
cli-database-damaged = five-up: la base de datos { $where } está dañada ({ $detail }). Restáurala desde una copia de seguridad, o muévela a otra parte para empezar con una vacía.
cli-database-newer = five-up: la base de datos { $where } la escribió una versión más nueva del bot (esquema { $found }; este conoce hasta el { $known }). Actualiza el bot, o restaura una copia hecha por esta versión.
cli-database-cannot-open = five-up: no se puede abrir la base de datos { $where } ({ $detail }). Revisa la ruta y sus permisos.
cli-database-unreachable = five-up: no se puede conectar con PostgreSQL en { $where } ({ $detail }). Comprueba que el servidor está en marcha y que la URL de la base de datos lo indica.
cli-database-refused = five-up: PostgreSQL en { $where } rechazó al bot ({ $detail }). Revisa el usuario, la contraseña y el nombre de la base de datos en la URL de la base de datos.
cli-discord-unreachable = five-up: no se puede conectar con Discord ({ $detail }). No se cambió nada; el bot se detiene con el estado de salida { $status } para poder arrancarlo de nuevo cuando vuelva la red (un supervisor puede reiniciarlo tras una espera).
