# Leyenda de la imagen de la mesa (render.legend_png): un mensaje por marca numerada, en el orden
# en que la imagen las numera (render.LEGEND_ITEMS).
legend-title = Cómo leer la imagen de la mesa
legend-spinner = Borde naranja: un doble, que es doble de ramificación. No es por sí mismo un extremo incluido en la suma.
legend-badge = Número relleno: un extremo incluido en la suma, con lo que aporta al total de los extremos.
legend-open = Punto hueco: una posible continuación que no se suma (una rama disponible de un doble aporta cero).
legend-closed = Punto tenue: una rama que solo se abre cuando los dos lados de la línea de su doble están ocupados.
legend-last = Anillo de color: la ficha que se acaba de colocar.
legend-equation = Franja: quién colocó la ficha, los extremos sumados y su total, y los puntos mostrados que obtuvo (un múltiplo positivo de 5, dividido entre 5).
legend-houses = Anotación: un trazo es 1 punto mostrado; una X central grande con una x pequeña en cada uno de sus cuatro espacios son { $house } puntos.
legend-needed = ◎ y un número: los puntos que faltan para llegar exactamente a { $target }.
