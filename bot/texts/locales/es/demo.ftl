# `python -m bot.demo`: las líneas propias de la demostración sin conexión (la crónica está en game.ftl).
demo-title = Five Up a 61 exacto, demostración sin conexión: { $players } jugadores de la máquina ({ $level }), semilla { $seed }.
demo-message = ── mensaje { $number } ──
demo-pictures = { $count ->
    [one] 1 imagen guardada
   *[other] { $count } imágenes guardadas
} en { $folder }
demo-record = Registro de la partida: { $path }
demo-replay = Compruébalo: .venv/bin/python -m engine.replay { $path }
