# Mensajes privados (efímeros): la mano de cada jugador y sus opciones.
hand-tiles = Tus fichas: { $tiles } ({ $pips ->
    [one] valor 1
   *[other] valor { $pips }
}).
hand-empty = No te quedan fichas.
hand-drew = Robaste { $tiles }.
hand-must-place = Debes colocar { $tile }, la ficha que robaste.
hand-your-turn = **Tu turno**: elige una ficha. Cada botón muestra los puntos que otorgaría.
hand-pick-place = ¿Dónde va { $tile }? Cada opción muestra los puntos que otorgaría.
hand-wait = Le toca a **{ $player }**.
hand-over = La partida ha terminado.
hand-back = ¡Has vuelto! Juegas tus turnos otra vez.
hand-played = Colocaste { $tile }.
hand-played-on = Colocaste { $tile } en { $on }.
button-tile = { $tile } · { $outcome }
button-tile-many = { $tile } ▸
button-tile-many-best = { $tile } · mejor { $outcome } ▸
button-tile-many-last = { $tile } · { $outcome } ▸
button-target = en { $on } · extremos { $total } · { $outcome }
button-back = Volver
option-points = +{ $points }
option-none = sin puntos
option-over = supera 61, descartado
option-settled = última ficha: termina la ronda
option-settled-points = última ficha, +{ $points }: termina la ronda
choice-tile = { $tile } (mejor: { $outcome })
choice-opening = apertura: extremos { $total } → { $outcome }
