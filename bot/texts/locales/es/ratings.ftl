# Puntuación de habilidad por servidor: /five-up leaderboard, la línea de /five-up stats y los cambios al final.
cmd-leaderboard = Los mejores jugadores de este servidor por puntuación de habilidad
ratings-title = Puntuación de habilidad en este servidor
ratings-line = { $rank }. { $player }: { $rating } ({ $matches ->
    [one] 1 partida
   *[other] { $matches } partidas
}, { $wins ->
    [one] 1 ganada
   *[other] { $wins } ganadas
})
ratings-none = Todavía no hay partidas puntuadas en este servidor: termina una partida para obtener tu puntuación.
ratings-computers = Jugadores de la máquina: { $levels }
ratings-level = { $level } { $rating }
ratings-note = La puntuación empieza en 0 y sube a medida que el bot está más seguro de lo bien que juegas (μ − 3σ). Solo cuentan las partidas jugadas hasta el final.
ratings-yours = Tu puntuación de habilidad: { $rating } (última partida: { $change }).
ratings-yours-none = Todavía no tienes puntuación de habilidad en este servidor: termina una partida para obtener una.
ratings-changes = Puntuación de habilidad: { $changes }
ratings-change = { $player } { $rating } ({ $change })
