# Mensajes públicos de la mesa: uno tras cada colocación, y las liquidaciones de ronda.
# Los puntos que ven los jugadores son puntos mostrados (puntos brutos ÷ 5).

## Quién es quién
computer-name = Máquina { $number }
side-team = { $first } y { $second }
side-team-before-i = { $first } e { $second }
player-called = { $name }

## Rondas
round-lot = **Ronda { $round }.** El sorteo: { $draws } → **{ $player }** sacó la ficha de más valor y abre.
round-lot-entry = { $player } { $tile }
round-lot-again = empate, nuevo sorteo: { $draws }
round-finisher = **Ronda { $round }.** { $player } jugó su última ficha en la ronda anterior y abre.

## Colocaciones
placed-opening = **{ $player }** abrió con { $tile }.
placed-on = **{ $player }** colocó { $tile } en { $on }.
ends-breakdown = Extremos { $values } = **{ $total }**
ends-total = Suma de extremos **{ $total }**
outcome-scored = { $ends } → **+{ $points }** para { $side }.
outcome-none = { $ends } → sin puntos.
outcome-over = { $ends } → { $points ->
    [one] 1 punto descartado
   *[other] { $points } puntos descartados
}: { $side } superaría 61.
outcome-settled = { $ends } → última ficha: se liquida con la ronda, más abajo.
drew = **{ $player }** robó { $count ->
    [one] una ficha
   *[other] { $count } fichas
} del montón de robo.
passed = **{ $player }** pasó el turno: no puede colocar nada y el montón de robo está vacío.
takeover = { $player } no está, así que la máquina coloca en su lugar hasta que vuelva.


## El mensaje del turno: lo que acaba de pasar (una línea) y a quién le toca (otra)
turn-placed = { $player } colocó { $tile } en { $on }
turn-drew-placed = { $player } robó { $count ->
    [one] una ficha
   *[other] { $count } fichas
} y colocó { $tile } en { $on }
turn-opened = { $player } abrió con { $tile }
turn-ends = extremos { $total }
turn-points = **+{ $points }**
turn-points-over = +{ $points } descartados: { $side } superaría 61
turn-passed = { $player } pasó
turn-drew-passed = { $player } robó { $count ->
    [one] una ficha
   *[other] { $count } fichas
} y pasó
turn-out-scored = dominó: **{ $net }** para { $side }
turn-out-over = dominó: { $net } para { $side }, descartados: superaría 61
turn-out-none = dominó: el marcador no cambia
turn-blocked = cierre: { $awards }
turn-blocked-none = cierre: nadie puntúa
turn-award = **+{ $points }** para { $side }
turn-award-over = +{ $points } para { $side }, descartados (superaría 61)
turn-award-skipped = +{ $points } para { $side }, sin aplicar (la partida ya está ganada)
turn-round = **Ronda { $round }**
turn-round-lot = **Ronda { $round }** (sale quien ganó el sorteo)
turn-follow-up = { $mention }, la mesa espera tu jugada.
match-clock = A quien no juegue en { $reminder } le llega un aviso; pasados { $takeover }, la máquina coloca por esa persona hasta que vuelva.
duration-minutes = { $count ->
    [one] 1 minuto
   *[other] { $count } minutos
}
duration-seconds = { $count ->
    [one] 1 segundo
   *[other] { $count } segundos
}

## Liquidación de la ronda: alguien jugó su última ficha
domino-title = **¡{ $player } jugó su última ficha!** Termina la ronda { $round }.
settlement-hands = Manos reveladas:
settlement-hand = • { $player }: { $tiles } ({ $pips ->
    [one] valor 1
   *[other] valor { $pips }
})
settlement-hand-empty = • { $player }: sin fichas
domino-placement = Última colocación: { $points ->
    [one] 1 punto
   *[other] { $points } puntos
}
domino-opponents = Fichas rivales: { $pips ->
    [one] valor 1
   *[other] valor { $pips }
}, redondeado a { $rounded } → +{ $points }
domino-partner = Fichas del compañero: { $pips ->
    [one] valor 1
   *[other] valor { $pips }
}, redondeado a { $rounded } → { $points ->
    [0] no se resta nada
   *[other] −{ $points }
}
domino-net-scored = Neto: **{ $net }** para { $side }, aplicado.
domino-net-over = Neto: **{ $net }** para { $side }, descartado: superaría 61.
domino-net-none = Neto: 0, nada cambia.

## Liquidación de la ronda: bloqueo
block-title = **¡Bloqueo!** Nadie puede colocar y el montón de robo está vacío. Termina la ronda { $round }.
block-ranking = De menor a mayor valor: { $ranking }
block-rank = { $rank }. { $player } ({ $pips ->
    [one] valor 1
   *[other] valor { $pips }
})
block-award-scored = { $player }: los rivales suman { $difference ->
    [one] 1 más
   *[other] { $difference } más
}, redondeado a { $rounded } → **+{ $points }** para { $side }.
block-award-over = { $player }: los rivales suman { $difference ->
    [one] 1 más
   *[other] { $difference } más
}, redondeado a { $rounded } → { $points ->
    [one] 1 punto descartado
   *[other] { $points } puntos descartados
}: { $side } superaría 61.
block-award-skipped = { $player }: los rivales suman { $difference ->
    [one] 1 más
   *[other] { $difference } más
}, redondeado a { $rounded } → { $points ->
    [one] 1 punto no aplicado
   *[other] { $points } puntos no aplicados
}: la partida ya estaba ganada.
block-no-awards = Ninguna mano es lo bastante más ligera que una rival como para puntuar.
block-winner = { $side } { $count ->
    [one] gana
   *[other] ganan
} la ronda con la mano de menor valor.
block-draw = Las manos de menor valor son de jugadores o parejas rivales: la ronda es un empate.

## Fin de la partida
game-over = 🏆 ¡**{ $side }** { $count ->
    [one] alcanza
   *[other] alcanzan
} exactamente 61 y { $count ->
    [one] gana
   *[other] ganan
} la partida!

## Las líneas de estado bajo cada mensaje
status-hands = Fichas en mano: { $hands }. Montón de robo: { $boneyard }.
status-hand = { $player } ({ $count })
status-scores = Puntuación (hasta 61): { $scores }
status-score = { $side } **{ $points }**
status-turn-computer = **{ $player }** está pensando…
status-turn-away = Le toca a **{ $player }**; la máquina coloca en su lugar mientras no esté.

## La vida de la mesa
table-restored = El bot se reinició; esta mesa continúa.
table-ended = **{ $player }** cerró la mesa.
match-ended-by = **{ $player }** terminó la partida antes de tiempo.
table-closed-unreadable = No se pudo leer la partida guardada de esta mesa, así que se cerró. ¡Lo sentimos! Abre una nueva con /five-up start.
table-moved-to-channel = Ya no puedo publicar en el hilo de esta partida, así que la partida sigue aquí, en el canal.
reminder = { $mention }, te toca en Five Up (desde { $since }). Si sigues ausente, la máquina colocará por ti { $deadline }.
