# El visor de repeticiones (/five-up replay, los botones Repetición) y el repaso de los puntos perdidos (/five-up review, el botón Repaso).
# Los puntos son puntos mostrados (crudos / 5).

## Comandos
cmd-replay = Repasa jugada a jugada una partida del servidor, en privado (una en curso: hasta ahora)
cmd-replay-match = La partida (#número)
cmd-replay-animated = Muestra en cambio una ronda como imagen animada
cmd-replay-round = La ronda por la que empezar (o la que animar; por defecto: la primera, o la última si es animada)
cmd-review = Los puntos que cada colocación pudo sumar en una partida terminada, en privado
cmd-review-match = La partida terminada (#número)
cmd-review-seat = De quién son las colocaciones (asiento 1 a 4, también el de la máquina; por defecto: el tuyo)

## Botones
button-replay = Repetición
button-review = Repaso
button-replay-match = Repetición #{ $id }

## El visor
replay-header = **Partida #{ $id }** · ronda { $round } · colocación { $step } de { $steps }
replay-round-leads = **Ronda { $round }.** Abre { $player }.
replay-hands = Las manos tras esta colocación:
replay-hand = • { $seat } { $player }: { $tiles }
replay-hand-empty = sin fichas
replay-missed = { $best ->
    [one] { $player } pudo sumar aquí 1 punto
   *[other] { $player } pudo sumar aquí { $best } puntos
} con { $better } (esta colocación: { $scored }).
replay-live = Esta partida aún se está jugando: se muestra hasta ahora, sin las fichas de nadie.
replay-placement-opening = { $tile } para abrir
replay-placement-on = { $tile } en { $on }
replay-or = {" "}o{" "}
replay-round-option = Ronda { $round } ({ $moves ->
    [one] 1 jugada
   *[other] { $moves } jugadas
})
replay-pick-round = Ir a una ronda
replay-animated = **Partida #{ $id }**, ronda { $round }: { $frames ->
    [one] 1 colocación
   *[other] { $frames } colocaciones
}, una tras otra.
replay-choice-live = { $match } (en curso)

## El repaso
review-title = **Repaso de la partida #{ $id }: { $seat } { $player }**
review-summary = { $placements ->
    [one] 1 colocación
   *[other] { $placements } colocaciones
}: sumaron { $scored }; lo máximo que cada una podía sumar da { $best }. **Perdidos: { $missed }.**
review-costliest = Las colocaciones más caras:
review-costly = { $rank }. Ronda { $round }, jugada { $move }: { $made } sumó { $scored }; { $better } habría sumado { $best }.
review-none = Ninguna colocación perdió puntos: cada una sumó lo máximo posible en ese momento.
review-greedy = Solo mira el momento: cuenta los puntos que una colocación suma en el acto, no el mejor plan para la partida (guardar una ficha, bloquear, quedarse sin fichas antes).
review-open-step = { $rank }. Ronda { $round }, jugada { $move }

## Rechazos
error-replay-empty = La partida #{ $id } aún no tiene ninguna colocación que mostrar.
error-replay-no-round = No hay ronda { $round }: la partida lleva { $rounds ->
    [one] 1 ronda
   *[other] { $rounds } rondas
}.
error-review-running = La partida #{ $id } aún se está jugando: su repaso llega cuando termine (la repetición la muestra hasta ahora).
error-review-not-seated = No jugaste en la partida #{ $id }: elige un asiento con `/five-up review asiento:`.
error-review-no-seat = No hay asiento { $seat }: la partida tenía { $seats } asientos.


## /five-up rules: después de una partida
rulebook-review-title = Después de una partida: repetición y repaso
rulebook-review =
    - **Repetición** (en el mensaje del final, en `/five-up history` o con `/five-up replay`) muestra la partida colocación a colocación, solo para ti; una partida terminada con todas las manos, una en curso hasta ahora y sin las fichas de nadie.
    - **Repaso** (en el mensaje del final, o con `/five-up review`) compara, en cada una de tus colocaciones, lo máximo que podía sumar una colocación válida en ese momento con lo que sumó la tuya: los puntos que pasarían de 61 cuentan 0, y la última ficha cuenta 0 si su liquidación se anula. Solo mira el momento: cuenta los puntos inmediatos, no el mejor plan (guardar una ficha, bloquear o quedarse sin fichas antes puede valer más que los puntos de ahora).
