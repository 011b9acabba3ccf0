# Private (ephemeral) messages: a player's own hand and their choices.
hand-tiles = Your tiles: { $tiles } ({ $pips ->
    [one] 1 pip
   *[other] { $pips } pips
}).
hand-empty = You have no tiles left.
hand-drew = You drew { $tiles }.
hand-must-place = You must place { $tile }, the tile you drew.
hand-your-turn = **Your turn**: pick a tile. Each button shows the points it would score.
hand-pick-place = Where should { $tile } go? Each choice shows the points it would score.
hand-wait = **{ $player }** is to play.
hand-over = The match is over.
hand-back = Welcome back: you play your own turns again.
hand-played = You placed { $tile }.
hand-played-on = You placed { $tile } on { $on }.
button-tile = { $tile } · { $outcome }
button-tile-many = { $tile } ▸
button-tile-many-best = { $tile } · best { $outcome } ▸
button-tile-many-last = { $tile } · { $outcome } ▸
button-target = on { $on } · ends { $total } · { $outcome }
button-back = Back
option-points = +{ $points }
option-none = no points
option-over = over 61, cancelled
option-settled = last tile: ends the round
option-settled-points = last tile, +{ $points }: ends the round
choice-tile = { $tile } (best: { $outcome })
choice-opening = opening: ends { $total } → { $outcome }
