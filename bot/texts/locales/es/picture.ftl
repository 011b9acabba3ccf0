# Palabras dibujadas en la imagen de la mesa: el recuento de una ronda y el ganador. Cortas: el móvil la muestra a 400 px.
picture-seat = Asiento { $seat }
picture-out = se quedó sin fichas
picture-placement = última jugada
picture-opponents = puntos de los rivales
picture-partner = puntos de la pareja
picture-net = neto
picture-over = pasa de 61: descartado
picture-blocked = cierre
picture-pips = puntos en mano
picture-award = premio
picture-skipped = partida ya ganada
picture-wins = gana
picture-round = Ronda { $round }
