# /five-up help: una guía rápida que cabe en una pantalla del móvil, con un botón a las reglas completas.
help-title = Five Up: guía rápida
help-start = **Abre una mesa**: escribe `/five-up start` en un canal (`máquinas:` cuántas sientas, `idioma:` el idioma, `ritmo:1d` un día por jugada).
help-join = **Siéntate**: pulsa **Unirse** en el mensaje de la mesa. Con 4 asientos, elige compañero con **Sentarme con…** (frente a frente). El anfitrión pulsa **Empezar**.
help-hand = **Tus fichas**: pulsa **Ver mi mano** (o `/five-up hand`). Solo tú las ves.
help-play = **Juega**: en tu turno pulsa una ficha; cada botón dice cuántos puntos daría. Si cabe en varios sitios, elige dónde. O escribe `/five-up play`.
help-score = **Puntos**: cuando los extremos abiertos suman un múltiplo de 5, te anotas la quinta parte (con tu pareja, en mesas de 4). Gana quien llegue primero a exactamente 61; los puntos que pasarían de 61 se descartan.
help-more = `/five-up board` y `/five-up score` te vuelven a mostrar la mesa (solo a ti; `público:True`: a todos); abajo tienes las reglas completas.
help-rules-button = Reglas completas
