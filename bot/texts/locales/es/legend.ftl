# Leyenda de la imagen de la mesa (render.legend_png): un mensaje por marca numerada, en el orden
# en que la imagen las numera (render.LEGEND_ITEMS).
legend-title = Cómo leer la imagen de la mesa
legend-spinner = Borde naranja: un doble de ramificación; no suma por sí mismo.
legend-badge = Número relleno: un extremo incluido en la suma, y lo que aporta.
legend-open = Punto hueco: una continuación posible que aún no suma.
legend-closed = Punto tenue: una rama que se abre cuando los dos lados de la línea están ocupados.
legend-last = Anillo de color: la ficha recién colocada.
legend-equation = Franja: quién colocó, los extremos sumados y los puntos obtenidos (el total ÷ 5).
legend-houses = Anotación: un trazo es 1 punto; una casa completa de X y x son { $house }.
legend-needed = ◎ y un número: los puntos que faltan para llegar exactamente a { $target }.
