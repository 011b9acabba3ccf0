# The legend of the table picture (render.legend_png): one message per numbered mark, in the
# order the picture numbers them (render.LEGEND_ITEMS). Short: they follow the quick start on one phone screen.
legend-title = Reading the table picture
legend-spinner = Orange border: a double (spinner).
legend-badge = Filled number: an end that counts.
legend-open = Hollow dot: adds nothing yet.
legend-closed = Faint dot: opens once both sides are filled.
legend-shared = Small dot: counted on the other side.
legend-last = Ring in a seat's colour: its last tile.
legend-turn = ▶ pill: whose turn (or who went out, won).
legend-hands = Tiles in each hand and in the boneyard.
legend-equation = Band: the ends added up, ÷ 5.
legend-settled = Outlined: the last tile, settled with the round.
legend-over = Struck out: cancelled, passes { $target }.
legend-rounding = Pips left: to the nearest 5, then ÷ 5.
legend-houses = A stroke is 1 point; a house, { $house }.
legend-needed = ◎: still needed for { $target }.
legend-negative = Red with a minus: below zero.
legend-winner = Star: the winner, what reached { $target }.
