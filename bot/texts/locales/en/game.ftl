# Public table messages: one after every placement, and the round settlements.
# Points shown to players are displayed points (raw / 5); pips are the dots on tiles.

## Who is who
computer-name = Computer { $number }
side-team = { $first } & { $second }
# the same, when the second name starts with an "i" sound (Spanish writes "e", not "y", there)
side-team-before-i = { $first } & { $second }
# a person's name where a sentence names them (Korean adds an honorific; computers are named as they are)
player-called = { $name }

## Rounds
round-lot = **Round { $round }.** Each player drew a tile to see who leads: { $draws } → **{ $player }** has the highest pip total and leads.
round-lot-entry = { $player } { $tile }
round-lot-again = tie, drawn again: { $draws }
round-finisher = **Round { $round }.** { $player } went out last round and leads.

## Placements
placed-opening = **{ $player }** opened with { $tile }.
placed-on = **{ $player }** placed { $tile } on { $on }.
ends-breakdown = Ends { $values } = **{ $total }**
ends-total = End total **{ $total }**
outcome-scored = { $ends } → **+{ $points }** for { $side }.
outcome-none = { $ends } → no points.
outcome-over = { $ends } → { $points ->
    [one] 1 point
   *[other] { $points } points
} cancelled: { $side } would pass 61.
outcome-settled = { $ends } → last tile, settled with the round below.
drew = **{ $player }** drew { $count ->
    [one] a tile
   *[other] { $count } tiles
} from the boneyard.
passed = **{ $player }** passed: nothing fits and the boneyard is empty.
takeover = { $player } is away, so a computer player places for them until they are back.


## The turn message: what just happened (one line), then who moves next (one line)
turn-placed = { $player } placed { $tile } on { $on }
turn-drew-placed = { $player } drew { $count ->
    [one] a tile
   *[other] { $count } tiles
} and placed { $tile } on { $on }
turn-opened = { $player } opened with { $tile }
turn-ends = ends { $total }
turn-points = **+{ $points }**
turn-points-over = +{ $points } cancelled: { $side } would pass 61
turn-passed = { $player } passed
turn-drew-passed = { $player } drew { $count ->
    [one] a tile
   *[other] { $count } tiles
} and passed
turn-out-scored = went out: **{ $net }** for { $side }
turn-out-over = went out: { $net } for { $side }, cancelled: it would pass 61
turn-out-none = went out: nothing changes
turn-blocked = blocked: { $awards }
turn-blocked-none = blocked: nobody scores
turn-award = **+{ $points }** for { $side }
turn-award-over = +{ $points } for { $side } cancelled (it would pass 61)
turn-award-skipped = +{ $points } for { $side } not needed (the match is won)
turn-round = **Round { $round }**
turn-round-lot = **Round { $round }** (leader drawn by lot)
turn-follow-up = { $mention }, the table is waiting for your move.
match-clock = A player who has not moved after { $reminder } gets a reminder; after { $takeover }, a computer player places for them until they are back.
duration-minutes = { $count ->
    [one] 1 minute
   *[other] { $count } minutes
}
duration-seconds = { $count ->
    [one] 1 second
   *[other] { $count } seconds
}

## Round settlement: a player went out (domino)
domino-title = **{ $player } went out!** Round { $round } is over.
settlement-hands = Hands revealed:
settlement-hand = • { $player }: { $tiles } ({ $pips ->
    [one] 1 pip
   *[other] { $pips } pips
})
settlement-hand-empty = • { $player }: no tiles
domino-placement = Last placement: { $points ->
    [one] 1 point
   *[other] { $points } points
}
domino-opponents = Opponents' tiles: { $pips ->
    [one] 1 pip
   *[other] { $pips } pips
}, rounded to { $rounded } → +{ $points }
domino-partner = Partner's tiles: { $pips ->
    [one] 1 pip
   *[other] { $pips } pips
}, rounded to { $rounded } → { $points ->
    [0] nothing to take off
   *[other] −{ $points }
}
domino-net-scored = Net: **{ $net }** for { $side }, applied.
domino-net-over = Net: **{ $net }** for { $side }, cancelled: it would pass 61.
domino-net-none = Net: 0, nothing changes.

## Round settlement: blocked
block-title = **Blocked!** Nobody can place and the boneyard is empty. Round { $round } is over.
block-ranking = Lightest first: { $ranking }
block-rank = { $rank }. { $player } ({ $pips ->
    [one] 1 pip
   *[other] { $pips } pips
})
block-award-scored = { $player }: opponents hold { $difference ->
    [one] 1 more pip
   *[other] { $difference } more pips
}, rounded to { $rounded } → **+{ $points }** for { $side }.
block-award-over = { $player }: opponents hold { $difference ->
    [one] 1 more pip
   *[other] { $difference } more pips
}, rounded to { $rounded } → { $points ->
    [one] 1 point cancelled
   *[other] { $points } points cancelled
}: { $side } would pass 61.
block-award-skipped = { $player }: opponents hold { $difference ->
    [one] 1 more pip
   *[other] { $difference } more pips
}, rounded to { $rounded } → { $points ->
    [one] 1 point not applied
   *[other] { $points } points not applied
}: the match was already won.
block-no-awards = No hand is lighter than an opponent's by enough to score.
block-winner = { $side } { $count ->
    [one] wins
   *[other] win
} the round with the lightest hand.
block-draw = The lightest hands belong to different sides: the round is a draw.

## Match end
game-over = 🏆 **{ $side }** { $count ->
    [one] reaches
   *[other] reach
} exactly 61 and { $count ->
    [one] wins
   *[other] win
} the match!

## The status lines under every message
status-hands = Tiles in hand: { $hands }. Boneyard: { $boneyard }.
status-hand = { $player } ({ $count })
status-scores = Score (to 61): { $scores }
status-score = { $side } **{ $points }**
status-turn-computer = **{ $player }** is thinking…
status-turn-away = **{ $player }** to play; a computer player places for them while they are away.

## Table life
table-restored = The bot restarted; this table carries on.
table-ended = **{ $player }** closed the table.
match-ended-by = **{ $player }** ended the match early.
table-closed-unreadable = This table's saved game could not be read, so the table was closed. Sorry! Open a new one with /five-up start.
table-moved-to-channel = I can no longer post in this match's thread, so the match carries on here in the channel.
reminder = { $mention }, it's your turn at Five Up (it began { $since }). If you stay away, a computer player will place for you { $deadline }.
