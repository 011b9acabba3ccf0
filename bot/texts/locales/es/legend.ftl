# Leyenda de la imagen de la mesa (render.legend_png): un mensaje por marca numerada, en el orden
# en que la imagen las numera (render.LEGEND_ITEMS).
legend-title = Cómo leer la imagen de la mesa
legend-spinner = Borde naranja: un doble; no suma por sí solo.
legend-badge = Número relleno: un extremo que suma, y cuánto aporta.
legend-open = Punto hueco: continuación que aún no suma.
legend-closed = Punto tenue: una rama que se abre al ocupar ambos lados de la línea.
legend-last = Anillo de color: la ficha que ese asiento acaba de colocar.
legend-equation = Franja: quién colocó, los extremos sumados y los puntos (total ÷ 5).
legend-over = Rojo y tachado: puntos anulados por pasar de { $target }.
legend-houses = Anotación: un trazo es 1 punto; una casa completa de X y x son { $house }.
legend-needed = ◎ y un número: lo que falta para llegar justo a { $target }.
legend-winner = Estrella: el bando ganador, y lo que llegó justo a { $target }.
