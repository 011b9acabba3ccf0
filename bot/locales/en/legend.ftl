# The legend of the table picture (render.legend_png): one message per numbered mark, in the
# order the picture numbers them (render.LEGEND_ITEMS).
legend-title = How to read the table picture
legend-spinner = Orange border: a double, which is a spinner. It is not automatically a scoring end.
legend-badge = Filled number: an end that counts, with the contribution it adds to the end total.
legend-open = Hollow dot: a possible extension that is not counted (an open branch of a spinner adds 0).
legend-closed = Faint dot: a branch that opens only once both line sides of its spinner are filled.
legend-last = Coloured ring: the tile just placed.
legend-equation = Band: who placed the tile, the contributions counted and their total, and the displayed points it scored (a positive multiple of 5, divided by 5).
legend-houses = Scoresheet: one stroke is 1 displayed point; a large X with a small x in each of its four spaces is { $house } points.
legend-needed = ◎ and a number: the points still needed to reach exactly { $target }.
