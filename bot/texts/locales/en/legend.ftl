# The legend of the table picture (render.legend_png): one message per numbered mark, in the
# order the picture numbers them (render.LEGEND_ITEMS).
legend-title = How to read the table picture
legend-spinner = Orange border: a double (a spinner); not by itself a scoring end.
legend-badge = Filled number: an end that counts, and what it adds.
legend-open = Hollow dot: an open point that adds nothing yet.
legend-closed = Faint dot: a branch that opens once both line sides are filled.
legend-last = Ring in a seat's colour: the tile that seat just placed.
legend-equation = Band: who placed, the ends added up, and the points scored (the total ÷ 5).
legend-over = Red and struck through: points cancelled because they would pass { $target }.
legend-houses = Scoresheet: a stroke is 1 point; a full X-and-x house is { $house }.
legend-needed = ◎ and a number: points still needed for exactly { $target }.
legend-winner = Star: the winning side, and what reached exactly { $target }.
