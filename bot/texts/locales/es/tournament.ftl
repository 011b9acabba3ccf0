## Torneos y ligas (/five-up tournament): el bot empareja y abre las partidas solo
cmd-tournament = Torneos: suizo o liga, con partidas que abre el bot
cmd-tournament-create = Crea un torneo en este canal (Gestionar servidor)
cmd-tournament-name = El nombre del torneo
cmd-tournament-format = Suizo (rondas con emparejamientos) o liga (todos contra todos)
cmd-tournament-rounds = Solo suizo: cuántas rondas (4 si no se indica)
cmd-tournament-pace = A qué ritmo se juegan sus partidas
cmd-tournament-timeout = Si a alguien se le acaba el tiempo: la máquina juega por esa persona, o pierde la partida
cmd-tournament-rated = Si sus partidas cuentan para la puntuación de habilidad del servidor
cmd-tournament-close = Las inscripciones se cierran tras estas horas (vacío: cuando lo empieces)
cmd-tournament-event = El torneo
cmd-tournament-start = Empieza un torneo ya: se empareja la ronda 1 y se abren sus partidas
cmd-tournament-standings = La clasificación de un torneo, con desempates
cmd-tournament-pairings = Los emparejamientos y resultados de un torneo, ronda a ronda
cmd-tournament-withdraw = Deja un torneo en el que juegas (pierdes las partidas que te quedan)
cmd-tournament-end = Termina un torneo ya (quien lo organiza, o Gestionar servidor)
choice-format-swiss = suizo
choice-format-rr = liga
choice-format-rr2 = liga a doble vuelta
event-format-swiss = suizo a { $rounds ->
        [one] una ronda
       *[other] { $rounds } rondas
    }
event-format-rr = liga
event-format-rr2 = liga a doble vuelta
event-signup = 🏆 **{ $name }**: { $format } · { $pace }. Organiza: { $organiser }.
event-unrated = Sus partidas no cuentan para la puntuación de habilidad.
event-signup-count = { $count ->
        [0] Aún no se ha inscrito nadie.
        [one] { $count } persona inscrita:
       *[other] { $count } personas inscritas:
    }
event-signup-closes = Las inscripciones se cierran { $when }; pulsa **Unirse** para jugar.
event-signup-open = Quien organiza lo empieza con `/five-up tournament start`; pulsa **Unirse** para jugar.
event-signup-closed = Las inscripciones están cerradas.
button-event-join = Unirse
button-event-leave = Salir
event-joined = Estás en **{ $name }**. Tus partidas se abren solas, cada una en un hilo donde se te menciona.
event-left = Has salido de **{ $name }**.
event-left-playing = Te has retirado de **{ $name }**: la partida que jugabas cuenta como perdida y ya no se te emparejará.
event-started = 🏆 Empieza **{ $name }**: { $count } personas, { $rounds ->
        [one] una ronda
       *[other] { $rounds } rondas
    }.
event-started-players = Participantes: { $players }
event-started-note = **{ $name }** ha empezado: las partidas de la ronda { $round } se están abriendo, unas pocas cada 10 segundos; cada jugador recibirá una mención en el hilo de su partida.
event-round = **{ $name }** · ronda { $round } de { $rounds }:
event-pair = { $first } – { $second } · { $where }
event-pair-result = { $first } – { $second } · { $result }
event-bye = { $player } descansa (cuenta como victoria)
event-won-by = ganó { $winner }
event-won-forfeit = ganó { $winner } (por tiempo)
event-won-withdrawn = ganó { $winner } ({ $loser } se retiró)
event-game-ended = terminada antes, en empate: sin ganador
event-won-ended = ganó { $winner } ({ $first }–{ $second } al terminarse antes)
event-game-stopped-won = Para **{ $name }** cuenta el marcador de ese momento: **{ $winner }** gana esta partida.
event-game-stopped-level = Para **{ $name }** cuenta el marcador de ese momento: van empatados, así que nadie gana esta partida.
error-end-event-game = Esta partida es de **{ $name }**: solo quien organiza el torneo o alguien con Gestionar mensajes puede terminarla antes, y entonces cuenta el marcador de ese momento. Para dejar de jugar, retírate: `/five-up tournament withdraw`.
error-rematch-event = Esta partida era de **{ $name }**: el torneo empareja la siguiente, así que no hay revancha.
event-game-playing = en juego
event-deadline = Fin de la ronda: { $when }. Una partida que siga entonces termina según la regla de tiempo.
event-thread-name = { $name } · R{ $round } · { $first } – { $second }
event-match-opening = 🏆 **{ $name }**, ronda { $round }: { $first } contra { $second }. ¡Suerte!
event-standings-title = **{ $name }** · clasificación tras la ronda { $round } de { $rounds }
event-standings-final = **{ $name }** · clasificación final
event-standings-during = **{ $name }** · clasificación durante la ronda { $round } de { $rounds }
event-standings-line = { $rank }. { $player } · **{ $points }** { $count ->
        [one] pto
       *[other] pts
    } · Bh { $buchholz } · SB { $sb } · { $gp } pts de juego
event-standings-withdrew = (se retiró)
event-standings-legend = -# pts: victorias (un descanso cuenta como una) · Bh: Buchholz, los puntos de los rivales · SB: Sonneborn-Berger, los puntos de los rivales vencidos · pts de juego (PdJ): los puntos sumados en las partidas
event-over = 🏆 **{ $name }** ha terminado. Gana: **{ $winner }**.
event-withdrew = { $player } se retiró de **{ $name }**; pierde las partidas que le quedaban.
event-ended = { $organiser } terminó **{ $name }** antes de tiempo: no hay ganador.
event-standings-ended = **{ $name }** · clasificación tal como quedó al terminarlo (ronda { $round } de { $rounds })
event-match-withdrew = 🏳️ { $player } se retiró de **{ $name }**, así que **{ $winner }** gana esta partida.
event-no-pairings = **{ $name }** aún no ha empezado.
standings-rank = #
standings-name = Jugador
standings-points = Pts
standings-buchholz = Bh
standings-sb = SB
standings-more = … y { $count } más
standings-gp = PdJ
error-event-gone = Ese torneo no existe en este servidor.
error-event-not-organiser = Solo quien organiza el torneo o alguien con Gestionar servidor puede hacerlo.
error-event-create-not-allowed = Para crear un torneo hace falta el permiso Gestionar servidor.
error-event-closed = Las inscripciones de **{ $name }** están cerradas.
error-event-already-in = Ya estás en **{ $name }**.
error-event-not-in = No estás en **{ $name }**.
error-event-too-few = **{ $name }** necesita al menos { $min } personas para empezar; hay { $count }.
error-event-running = **{ $name }** ya ha empezado.
error-event-over = **{ $name }** ha terminado.
error-event-rounds = Un torneo suizo tiene de 1 a { $max } rondas.
error-event-name-blank = El torneo necesita un nombre con al menos una letra o un número; no se ha creado nada.
error-event-not-begun = **{ $name }** aún no ha empezado.
