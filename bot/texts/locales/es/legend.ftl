# Leyenda de la imagen de la mesa (render.legend_png): un mensaje por marca numerada, en el orden
# en que la imagen las numera (render.LEGEND_ITEMS). Cortos: van tras el inicio rápido en una pantalla de móvil.
legend-title = Cómo leer la mesa
legend-spinner = Borde naranja: un doble.
legend-badge = Número relleno: extremo que suma.
legend-open = Punto hueco: aún no suma.
legend-closed = Punto tenue: se abre con ambos lados.
legend-shared = Punto pequeño: cuenta en el otro lado.
legend-last = Anillo de color: su última ficha.
legend-turn = Píldora ▶: a quién le toca (o quién cerró, ganó).
legend-hands = Fichas en cada mano y en el montón.
legend-equation = Franja: extremos sumados, ÷ 5.
legend-settled = Contorno: última ficha, va al recuento.
legend-over = Tachado: anulado, pasa de { $target }.
legend-rounding = Mano: al 5 más cercano, luego ÷ 5.
legend-houses = Un trazo es 1 punto; una casa, { $house }.
legend-needed = ◎: lo que falta para { $target }.
legend-negative = Rojo con menos: bajo cero.
legend-winner = Estrella: ganador y lo que llegó a { $target }.
