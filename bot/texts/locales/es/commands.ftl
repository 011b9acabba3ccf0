# Descripciones de comandos, opciones y elecciones (en el selector de comandos de Discord).
# Los nombres de los comandos no se traducen.
cmd-five-up = Juega a Five Up a 61 exacto, el juego de dominó
cmd-start = Abre una mesa de Five Up en este canal
cmd-start-bots = Cuántos jugadores de la máquina sentar (de 0 a 3)
cmd-start-level = El nivel de los jugadores de la máquina
cmd-start-lang = Idioma de la mesa (por defecto, el del servidor; si es inglés, el tuyo)
cmd-join = Siéntate a la mesa de este canal
cmd-leave = Deja la mesa antes de que empiece la partida
cmd-hand = Mira tus fichas en privado y juégalas
cmd-play = Coloca una ficha
cmd-play-tile = La ficha de tu mano, por ejemplo 3-5
cmd-play-on = La ficha de la mesa a la que unirla
cmd-board = Vuelve a mostrar la última imagen de la mesa
cmd-score = Vuelve a mostrar la hoja de puntuación
cmd-public = Mostrarlo a todos aquí (por defecto: solo lo ves tú)
cmd-help = Una guía rápida y las reglas completas
cmd-rules = Lee las reglas
cmd-end = Cierra la mesa de este canal (anfitrión o permiso Gestionar mensajes)
cmd-stats = Tu historial y tu puntuación de habilidad en este servidor, y tu puesto en su clasificación
choice-level-easy = fácil
choice-level-normal = normal
choice-level-hard = difícil
choice-level-expert = experto
choice-lang-en = English (inglés)
choice-lang-ko = 한국어 (coreano)
choice-lang-es = Español
button-previous = Anterior
button-next = Siguiente
stats-title = Tu Five Up en este servidor
stats-yours = Tu historial: partidas jugadas { $matches }, ganadas { $wins }, { $average ->
    [one] 1 punto
   *[other] { $average } puntos
} de media.
stats-yours-none = Todavía no has terminado ninguna partida en este servidor.
