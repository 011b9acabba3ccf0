# Picture descriptions (alt text), read by screen readers: every picture the bot sends carries one.
# The placement, settlement, score and turn sentences come from game.ftl and table.ftl; these add the rest.

## The table picture
alt-table = Table picture, round { $round }.
alt-table-ended = Table picture: round { $round } as it ended.
alt-end = { $tile } counts { $value }
alt-ends = Open ends: { $ends }. Sum { $total }.

## The scoresheet picture (/five-up score)
alt-scoresheet = Scoresheet picture, round { $round }.
alt-needs = { $side } { $points }
alt-needed = Points still needed for exactly 61: { $needs }.

## A player's own hand
alt-hand = Picture of your hand: { $count ->
    [0] no tiles
    [one] 1 tile
   *[other] { $count } tiles
}.
alt-hand-playable = Playable now: { $choices }.
alt-hand-option = { $placement }, { $outcome }
alt-hand-none = None of your tiles can be played now.
alt-hand-wait = Nothing to play now: it is { $player }'s turn.

## The legend (/five-up help) and the animated replay
alt-legend = Legend picture: the marks of the table picture, numbered as they are drawn.
alt-animation = Animated replay of round { $round }, one frame per placement ({ $frames ->
    [one] 1 frame
   *[other] { $frames } frames
}):
alt-frame = { $frame }. { $said }
alt-record = The match's game record (JSON): every deal and every placement, to replay it anywhere.
