# Descripciones de las imágenes (texto alternativo) que leen los lectores de pantalla: toda imagen del bot lleva una.
# Las frases de colocación, liquidación, puntuación y turno vienen de game.ftl y table.ftl; aquí va el resto.

## La imagen de la mesa
alt-table = Imagen de la mesa, ronda { $round }.
alt-table-ended = Imagen de la mesa: la ronda { $round } tal como terminó.
alt-end = { $tile } suma { $value }
alt-ends = Extremos abiertos: { $ends }. Suma total { $total }.

## La imagen de la hoja de puntos (/five-up score)
alt-scoresheet = Imagen de la hoja de puntos, ronda { $round }.
alt-needs = { $side } { $points }
alt-needed = Puntos que faltan para llegar justo a 61: { $needs }.

## La mano de un jugador
alt-hand = Imagen de tu mano: { $count ->
    [0] ninguna ficha
    [one] 1 ficha
   *[other] { $count } fichas
}.
alt-hand-playable = Puedes colocar ahora: { $choices }.
alt-hand-option = { $placement }, { $outcome }
alt-hand-none = Ahora no puedes colocar ninguna de tus fichas.
alt-hand-wait = Ahora no puedes colocar nada: le toca a { $player }.

## La leyenda (/five-up help) y la repetición animada
alt-legend = Imagen de la leyenda: las marcas de la imagen de la mesa, numeradas como aparecen dibujadas.
alt-animation = Repetición animada de la ronda { $round }, una imagen por colocación ({ $frames ->
    [one] 1 imagen
   *[other] { $frames } imágenes
}):
alt-frame = { $frame }. { $said }
alt-record = El registro de la partida (JSON): cada reparto y cada colocación, para reproducirla en cualquier parte.
