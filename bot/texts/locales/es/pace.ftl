## Ritmos: mesas en vivo y mesas por correspondencia (una jugada por hora, 12 horas, día o 3 días)
pace-live = en vivo
pace-1h = 1 hora por jugada
pace-12h = 12 horas por jugada
pace-1d = 1 día por jugada
pace-3d = 3 días por jugada
time-left-days = ⏳ { $hours ->
        [0] { $days ->
            [one] queda { $days } día
           *[other] quedan { $days } días
        }
       *[other] { $days ->
            [one] quedan { $days } día y { $hours } h
           *[other] quedan { $days } días y { $hours } h
        }
    }
time-left-hours = ⏳ { $hours ->
        [one] queda { $hours } h
       *[other] quedan { $hours } h
    }
time-left-minutes = ⏳ { $minutes ->
        [one] queda { $minutes } min
       *[other] quedan { $minutes } min
    }
clock-stopped = ⏸️ ausente hasta { $until }: el reloj está parado
lobby-pace = 📮 Mesa por correspondencia: **{ $pace }**. Si a alguien se le acaba el tiempo, la máquina hace esa única jugada por esa persona.
lobby-pace-forfeit = 📮 Mesa por correspondencia: **{ $pace }**. Quien se quede sin tiempo pierde la partida.
match-clock-correspondence = 📮 Partida por correspondencia, **{ $pace }**: a quien le toca se le avisa a mitad de tiempo y cuando queda una hora. Si se acaba el tiempo, la máquina hace esa única jugada por esa persona.
match-clock-forfeit = 📮 Partida por correspondencia, **{ $pace }**: a quien le toca se le avisa a mitad de tiempo y cuando queda una hora. Si se acaba el tiempo, su bando pierde la partida.
reminder-correspondence = { $mention }, te toca en Five Up: { $left }.
reminder-direct = Te toca en Five Up ({ $left }): { $where }
timed-out = ⌛ A { $player } se le acabó el tiempo, así que la máquina hizo esta única jugada por esa persona.
forfeit-won = 🏆 ¡**{ $side }** { $count ->
    [one] gana
   *[other] ganan
} la partida porque al otro bando se le acabó el tiempo!
forfeited = ⌛ A { $player } se le acabó el tiempo: su bando pierde la partida.
player-away = ⏸️ { $player } está fuera hasta { $until }: su reloj queda parado hasta entonces (o hasta que juegue).
player-back = ▶️ { $player } ha vuelto: su reloj corre de nuevo.
settings-away-on = Estás fuera hasta { $until }. Tus relojes de las mesas por correspondencia quedan parados hasta entonces o hasta que juegues: { $count ->
        [0] ahora no corre ninguno.
        [one] uno estaba corriendo y ya está parado.
       *[other] { $count } estaban corriendo y ya están parados.
    }
settings-away-off = Has vuelto: tus relojes por correspondencia corren de nuevo.
settings-dm-on = Los avisos de las mesas por correspondencia también te llegarán por mensaje directo.
settings-dm-off = Los avisos de las mesas por correspondencia llegarán solo al hilo de la partida.
turns-none = Ninguna mesa de este servidor espera tu jugada.
turns-title = { $count ->
        [one] Una mesa espera tu jugada:
       *[other] { $count } mesas esperan tu jugada (primero la que vence antes):
    }
turns-line = **#{ $table }** con { $opponents } · { $pace } · { $when } · [ir a la mesa]({ $link })
turns-no-deadline = sin plazo
hand-table = -# Mesa **#{ $table }** en { $room }, con { $opponents }
error-cap-reached = { $cap ->
        [one] { $player } ya está en una mesa por correspondencia abierta en este servidor, el máximo que permiten sus administradores. Tiene que terminarla primero.
       *[other] { $player } ya está en { $cap } mesas por correspondencia abiertas en este servidor, el máximo que permiten sus administradores. Tiene que terminar una primero.
    }
error-cap-reached-you = { $cap ->
        [one] Ya estás en una mesa por correspondencia abierta en este servidor, el máximo que permiten sus administradores. Termínala primero.
       *[other] Ya estás en { $cap } mesas por correspondencia abiertas en este servidor, el máximo que permiten sus administradores. Termina una primero.
    }
error-away-too-long = Puedes ausentarte como mucho { $days } días.
cmd-start-pace = A qué ritmo jugar: en vivo o por correspondencia (una jugada por hora, 12 horas, día o 3 días)
cmd-start-timeout = En una mesa por correspondencia, si a alguien se le acaba el tiempo: juega la máquina o pierde
choice-pace-live = en vivo (todos conectados)
choice-pace-1h = 1 hora por jugada
choice-pace-12h = 12 horas por jugada
choice-pace-1d = 1 día por jugada
choice-pace-3d = 3 días por jugada
choice-timeout-computer = la máquina hace esa jugada
choice-timeout-forfeit = se pierde la partida
cmd-turns = Todas las mesas de este servidor que esperan tu jugada
cmd-settings-away = Días que estarás fuera (0: vuelves ya); tus relojes por correspondencia se paran mientras
cmd-settings-dm = Recibir también por mensaje directo los avisos por correspondencia
error-settings-nothing = Elige al menos un ajuste que cambiar: ping, away o dm.
