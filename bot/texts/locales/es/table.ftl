# Una mesa que el servidor conserva: la partida en su propio hilo, menciones, el registro, revancha, historial, ajustes.

## El hilo propio de la partida y el mensaje de la sala en el canal
thread-name = Five Up · { $players }
lobby-playing-thread = La partida se juega en { $thread }. ¡Buena suerte!
lobby-after-round = Terminó la ronda { $round }.
lobby-over-thread = Terminó la partida de { $thread }.

## La línea del turno: a quién le toca (el aviso y el relevo por la máquina se anuncian una vez, al empezar)
status-turn-play = Le toca a { $player }.

## Revancha
button-rematch = Revancha
lobby-rematch = Revancha con los mismos asientos. Pulsa **Salir** si no juegas.
rematch-opened = La mesa de la revancha está abierta en { $channel }, con los mismos asientos: { $host } la empieza cuando todos estén listos.
rematch-link = Hay revancha, con los mismos asientos: { $link }

## /five-up history
cmd-history = Las partidas recientes del servidor, con el registro y la imagen de cada una
cmd-history-match = La partida (#número) de la que quieres el registro y la imagen final
history-title = **Partidas recientes en este servidor**
history-line = #{ $id } · { $date } · { $players } · { $scores }
history-none = Todavía no hay partidas terminadas en este servidor.
history-pick = Elige una con `/five-up history partida:` para recibir su registro y su imagen final.
history-match = **Partida #{ $id }**, { $date }: { $players }. { $scores }
history-replay = Adjuntos: el registro de la partida (record.json: cada reparto y cada jugada) y la imagen final.
history-choice = #{ $id } · { $players }

## /five-up settings
cmd-settings = Tus ajustes de Five Up
cmd-settings-ping = Si el mensaje del turno te menciona cuando te toca
choice-ping-on = sí: mencióname en mi turno
choice-ping-off = no: no me menciones
settings-ping-on = Los mensajes del turno te mencionarán cuando te toque.
settings-ping-off = Los mensajes del turno ya no te mencionarán (el aviso tras una larga espera sí lo hará).

## /five-up start
cmd-start-thread = Jugar la partida en un hilo propio (por defecto: sí)

## Rechazos
error-no-such-match = No hay ninguna partida terminada #{ $id } en este servidor.

## Una partida terminada con /five-up end después de alguna jugada: se guarda con su puntuación y su registro, sin puntuar.
match-ended-early = ⏹ La partida terminó antes de tiempo, así que no cuenta para la puntuación de habilidad. Adjunto su registro; `/five-up history` la conserva.
table-ended-kept = La partida jugada hasta ahora se conserva: su puntuación y su registro están en { $room }, y `/five-up history` la muestra como terminada antes de tiempo.
lobby-ended-early-thread = La partida de { $thread } terminó antes de tiempo.
history-ended-early = terminada antes de tiempo, sin puntuar
history-match-ended-early = Terminó antes de tiempo, así que no contó para la puntuación de habilidad.

## Una mesa tranquila (`/five-up start quiet:True`): un solo mensaje con el tablero, que se actualiza
cmd-start-quiet = Un solo mensaje con el tablero en el hilo, actualizado tras cada ficha (por defecto: no)
lobby-quiet = 🤫 Mesa tranquila: el hilo de la partida tiene un solo mensaje con el tablero, que se actualiza tras cada ficha. `/five-up replay` sigue mostrando todas las jugadas.
match-quiet = 🤫 Mesa tranquila: el tablero es un solo mensaje que se actualiza tras cada ficha; a quien le toca se le sigue mencionando. `/five-up replay` muestra todas las jugadas.
board-your-move = { $player }, te toca: el tablero está justo arriba.
