### Reglas completas para /five-up rules; las mismas reglas, con liquidaciones resueltas, están en docs/rules.md (en inglés).
### Mismas secciones que la versión inglesa. Una línea de continuación no puede empezar
### por "[", "*" ni "." (sintaxis de Fluent).

rulebook-title = Five Up a 61 exacto: reglas
rulebook-page = Página { $page } de { $pages }
rulebook-continued = { $title } (continuación)

rulebook-howto-title = Cómo se juega
rulebook-howto =
    - **En tu turno** colocas una ficha de tu mano junto a un extremo abierto de la mesa con el mismo número (un 3 junto a un 3). La primera ficha de cada ronda puede ser cualquiera. Si no te cabe ninguna, robas del montón hasta que salga una que quepa; si el montón está vacío, pasas.
    - **Puntúas** cuando, tras tu jugada, los extremos abiertos suman un múltiplo de 5: 20 da 4 puntos, 15 da 3 y 17 no da nada. Al terminar la ronda, quien se quedó sin fichas (o, si nadie puede colocar, la mano más ligera) también puntúa con las fichas que les quedan a los demás.
    - **Ganas** al llegar a **exactamente 61** puntos. Una puntuación que te haría pasar de 61 no cuenta en absoluto, así que al final busca justo lo que te falta.
    - En el bot: pulsa **Ver mi mano** bajo el mensaje del turno (o escribe `/five-up hand`), elige una ficha y luego dónde va. Las secciones siguientes lo explican todo en detalle: puntos brutos y mostrados, dobles de ramificación, el robo y las liquidaciones de ronda.

rulebook-goal-title = Material y objetivo
rulebook-goal =
    Five Up a 61 exacto (Exact 61 Five Up) se juega de dos a cuatro jugadores, por parejas con cuatro, con un juego completo de doble seis de 28 fichas, [0|0] … [6|6]. Con dos o tres jugadores se juega individualmente. Con cuatro, los compañeros forman dos parejas fijas, se sientan frente a frente y comparten una puntuación.
    - Cinco **puntos brutos** equivalen a un **punto mostrado**: puntos mostrados = puntos brutos ÷ 5 (5 → 1, 10 → 2, 15 → 3, 305 → 61). Todo evento de puntuación es un múltiplo de 5 puntos brutos.
    - El objetivo es **exactamente 61 puntos mostrados**, equivalentes a **305 puntos brutos**.
    - Un evento que llevaría a un jugador o pareja **por encima** de 61 se descarta por completo. La puntuación queda sin cambios y el juego continúa.

rulebook-setup-title = Reparto y quién abre
rulebook-setup =
    - Mezcla las fichas boca abajo y reparte **5 a cada jugador** (con 2, 3 o 4 jugadores). Deja todas las no repartidas boca abajo en el **montón de robo**, **todas disponibles para robar**.
    - Mantén privadas las fichas en mano hasta la liquidación de la ronda.
    - Elige por **sorteo neutral** quién abre por primera vez: cada jugador saca una ficha del juego mezclado y **abre la de más valor**; repítelo entre los jugadores empatados si hace falta. Las fichas repartidas, ni siquiera un doble alto, no dan prioridad para empezar, y el orden del reparto no afecta al juego.
    - **Quien abre** puede elegir **cualquier** ficha. La apertura puntúa como cualquier otra colocación. Los turnos siguen en sentido horario.
    - Quien juega su última ficha abre la ronda siguiente. Después de un bloqueo, elige por un nuevo sorteo neutral quién abre.

rulebook-placing-title = Colocación de fichas y dobles de ramificación
rulebook-placing =
    Después de la apertura, coloca una ficha haciendo coincidir una mitad con un punto de conexión disponible del mismo valor. La otra mitad normalmente se convierte en un nuevo extremo. Una colocación completada termina el turno.
    - **Todos los dobles abren ramas**: cada doble se convierte en **doble de ramificación**, también el de apertura y los colocados en una línea o en una rama existente. Coloca los dobles transversalmente.
    - Un doble de ramificación tiene dos puntos de conexión de **línea** (de frente, uno a cada lado) y dos de **rama** (los laterales). Un doble colocado en la mesa se une por un lado de su línea; el otro lado queda libre.
    - Continúa primero los dos lados de la línea del doble. **Solo cuando ambos estén ocupados se puede iniciar cualquiera de sus ramas laterales.**
    - Dos dobles nunca se tocan: un doble solo coincide con su propio valor.

rulebook-ends-title = Qué extremos se suman
rulebook-ends =
    Después de **cada** colocación, también la apertura y la última ficha de un jugador, suma todos los extremos lógicos incluidos (la **suma de extremos**):
    - una ficha que no es doble aporta el valor de cada extremo que no tiene nada unido (la ficha de apertura, sus dos extremos);
    - un doble **terminal**, con menos de dos lados de la línea ocupados (también un doble de apertura solo), aporta **sus dos mitades**, una vez: un [6|6] terminal aporta 12;
    - cuando ambos lados de la línea están ocupados, el doble queda **interno** y no aporta nada por sí mismo; solo se cuentan los extremos exteriores de las ramas ya iniciadas. **Los puntos de rama sin usar aportan cero.**
    - los extremos de valor 0 se cuentan (aportan 0).

    Si el resultado es un **múltiplo positivo de 5**, otorga esa cantidad de puntos brutos; divídela entre 5 para mostrarla. Una suma de 20 otorga 4 puntos mostrados; una de 17 no puntúa, y una de 0 tampoco. Un [6|6] terminal con otro extremo de 3 suma 15 y otorga 3 puntos mostrados.

rulebook-examples-title = Ejemplos
rulebook-examples =
    Una mesa construida ficha a ficha y después tres aperturas. Cada línea: la colocación, lo que se suma, el total y los puntos brutos que otorga (entre paréntesis, los mostrados).
    1. Apertura [1|4]: 4 + 1 = 5 → **5** brutos (1).
    2. [1|1] en el extremo 1: [1|1] 2 + [1|4] 4 = 6 → 0.
    3. [4|4] en el extremo 4: [1|1] 2 + [4|4] 8 = 10 → **10** (2).
    4. [3|4] en el lado libre de la línea de [4|4]: [1|1] 2 + [3|4] 3 = 5 → **5** (1).
    5. [1|2] en el lado libre de la línea de [1|1]: [1|2] 2 + [3|4] 3 = 5 → **5** (1). Ambos lados de la línea de [1|1] están ocupados: ya se pueden iniciar sus ramas.
    6. [1|5] en una rama de [1|1]: [1|2] 2 + [1|5] 5 + [3|4] 3 = 10 → **10** (2).
    7. [5|5] en [1|5] y después [0|5] en [5|5]: [0|5] 0 + [1|2] 2 + [3|4] 3 = 5 → **5** (1).
    8. [1|3] en la otra rama de [1|1]: 0 + 2 + 3 + 3 = 8 → 0.

    - Apertura [2|2]: [2|2] 4 = 4 → 0.
    - Apertura [0|0]: [0|0] 0 = 0 → 0.
    - Apertura [3|6] y después [6|6] en el 6: [3|6] 3 + [6|6] 12 = 15 → **15** (3).

rulebook-drawing-title = Robar y pasar
rulebook-drawing =
    - Si tienes una colocación legal, **debes realizarla** y no puedes robar en su lugar.
    - Si no tienes ninguna, roba **una ficha cada vez** del montón de robo. Detente al robar una ficha jugable y **colócala inmediatamente** (eliges dónde, entre sus colocaciones legales).
    - Si el montón se vacía y sigues sin poder jugar, pasa el turno.
    - La ronda solo está **bloqueada** cuando el montón está vacío y ningún jugador puede hacer una colocación legal.

rulebook-events-title = Eventos de puntuación y el 61 exacto
rulebook-events =
    - Cada evento de puntuación se compara con el objetivo del jugador o pareja que lo recibe: si lo llevaría **por encima de 305 puntos brutos**, se descarta por completo (la puntuación queda sin cambios) y el juego continúa.
    - El primer jugador o pareja que alcanza **exactamente 305 puntos brutos** gana **inmediatamente**, aunque sea a mitad de ronda. No se aplica ningún evento más.
    - Los puntos de una colocación habitual constituyen un evento propio. La colocación final de una ronda no puntúa por separado: se combina con la liquidación de la ronda en un solo evento, como se explica a continuación.
    - Las puntuaciones no tienen mínimo: el descuento por el compañero puede dejar a una pareja por debajo de cero.

rulebook-domino-title = Cuando se juega la última ficha
rulebook-domino =
    Un jugador termina al colocar la última ficha de su mano. Puntúa esa colocación normalmente y después revela las fichas restantes de los demás jugadores. El evento es para el jugador o pareja de quien terminó.
    1. **P** = los puntos de esa última colocación, calculados como siempre.
    2. **R** = todos los valores brutos de las fichas **rivales**, sumados juntos y redondeados **una sola vez** al múltiplo de 5 más cercano.
    3. Solo con cuatro jugadores: **C** = las fichas restantes del **compañero** de quien terminó, sumadas **por separado** y redondeadas al múltiplo de 5 más cercano; se resta de la misma puntuación de pareja. No combines las fichas del compañero con las de los rivales antes de redondear. Si no, C = 0.
    4. **P + R − C forman un solo evento**: aplica todos los componentes juntos o descártalos todos juntos si su efecto neto superaría exactamente 305 puntos brutos.
    5. Quien terminó abre la ronda siguiente.

    Al redondear al múltiplo de 5 más cercano, los restos de 1 y 2 se redondean **hacia abajo** y los de 3 y 4 **hacia arriba**. Los múltiplos exactos de 5 quedan sin cambios (12 → 10, 13 → 15, 15 → 15).

rulebook-blocked-title = Cuando la ronda se bloquea
rulebook-blocked =
    Ordena cada mano física de menor a mayor suma de valores brutos; las manos de los compañeros siguen separadas para esta ordenación. Empezando por la mano de menor valor, y para cada mano en orden ascendente:
    1. compárala solo con las manos de **mayor** valor que pertenezcan a **rivales**; una mano no recibe nada de otra de valor igual o menor y nunca se compara con la del compañero;
    2. resta su total del de cada mano rival de mayor valor y suma esas diferencias positivas;
    3. redondea una vez el total resultante al múltiplo de 5 más cercano;
    4. si es positivo, es un **evento propio** para el jugador o pareja a quien pertenece la mano.

    Las manos iguales comparten el mismo rango y tienen una diferencia de cero entre sí. Los eventos se aplican en orden ascendente; los de igual rango, en sentido horario de asientos empezando por quien abrió la ronda. Descarta solo el evento que superaría 61; otro evento válido independiente sigue siendo admisible. La partida termina inmediatamente cuando un evento aceptado alcanza exactamente 61, por lo que no se aplica ningún evento posterior de esa ronda bloqueada.

    La mano física de menor valor gana la ronda bloqueada. Si el menor total está empatado entre jugadores o parejas rivales, el resultado del bloqueo es un empate; un empate dentro de una misma pareja da la ronda a esa pareja. En todos los bloqueos, quien abre la siguiente ronda se elige por sorteo neutral.

rulebook-winning-title = Fin de la partida
rulebook-winning =
    Gana inmediatamente el primer jugador o pareja que alcance **exactamente 61 puntos mostrados**. Un evento que supera el objetivo nunca cambia la puntuación. No se comparan puntuaciones máximas ni se juega otra ronda de desempate.

rulebook-scoresheet-title = Anotación opcional en papel
rulebook-scoresheet =
    Un trazo representa 5 puntos brutos o 1 punto mostrado. Una X central grande (dos trazos) con una x pequeña (dos trazos cada una) en cada uno de sus cuatro espacios circundantes, 2 + 4 × 2 = 10 trazos, registra 50 puntos brutos o 10 puntos mostrados: es una **casa**. Una puntuación se dibuja como casas completas seguidas de los trazos de la casa en curso.

rulebook-source-title = Nota sobre la fuente
rulebook-source =
    Estas reglas se basan en las reglas de Five-Up publicadas por Kelley y PUREMCO.
