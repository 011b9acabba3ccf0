# Puntuación de habilidad por servidor: /five-up leaderboard (la única clasificación del servidor), las líneas de /five-up stats y los cambios al final.
cmd-leaderboard = La clasificación de este servidor, por puntuación de habilidad
ratings-title = Clasificación de este servidor
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
ratings-provisional = { $rating }?
ratings-note = Todos empiezan en { $start }. La puntuación es una estimación prudente de lo bien que juegas (μ − 3σ): sube con las victorias y con cada partida, a medida que el bot está más seguro de tu nivel. ? = provisional, menos de { $needed } partidas puntuadas. Solo cuentan las partidas jugadas hasta el final.
ratings-yours = Tu puntuación de habilidad: { $rating } (última partida: { $change }).
ratings-yours-provisional = Tu puntuación de habilidad: { $rating } (última partida: { $change }), provisional hasta { $needed } partidas puntuadas: { $matches ->
    [one] llevas 1
   *[other] llevas { $matches }
}.
ratings-yours-place = Estás en el puesto { $rank } de la clasificación de este servidor: /five-up leaderboard
ratings-yours-unplaced = Todavía no estás entre los { $top } primeros de este servidor: /five-up leaderboard
ratings-yours-none = Todavía no tienes puntuación de habilidad en este servidor: termina una partida para obtener una.
ratings-changes = Puntuación de habilidad: { $changes }
ratings-change = { $player } { $rating } ({ $change })
ratings-changes-note = — entre paréntesis, el cambio de esta partida; todos empiezan en { $start }; ? = provisional, menos de { $needed } partidas puntuadas.
