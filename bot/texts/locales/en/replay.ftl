# The replay viewer (/five-up replay, the Replay buttons) and the review of missed points (/five-up review, the Review button).
# Points are displayed points (raw / 5).

## Commands
cmd-replay = Step through a match of this server, privately (one being played: up to now)
cmd-replay-match = The match (#number)
cmd-replay-animated = Show one round as an animated picture instead
cmd-replay-round = The round to start at (or to animate; default: the first, or the latest when animated)
cmd-review = The points each placement could have scored in a finished match, privately
cmd-review-match = The finished match (#number)
cmd-review-seat = Whose placements (seat 1 to 4, a computer's too; default: your own)

## Buttons
button-replay = Replay
button-review = Review
button-replay-match = Replay #{ $id }

## The viewer
replay-header = **Match #{ $id }** · round { $round } · placement { $step } of { $steps }
replay-round-leads = **Round { $round }.** { $player } leads.
replay-hands = Hands after this placement:
replay-hand = • { $seat } { $player }: { $tiles }
replay-hand-empty = no tiles
replay-missed = { $best ->
    [one] { $player } could have scored 1 point here
   *[other] { $player } could have scored { $best } points here
} with { $better } (this placement: { $scored }).
replay-live = This match is still being played: shown up to now, without anyone's tiles.
replay-placement-opening = { $tile } to open
replay-placement-on = { $tile } on { $on }
replay-or = {" "}or{" "}
replay-round-option = Round { $round } ({ $moves ->
    [one] 1 move
   *[other] { $moves } moves
})
replay-pick-round = Go to a round
replay-animated = **Match #{ $id }**, round { $round }: { $frames ->
    [one] 1 placement
   *[other] { $frames } placements
}, one after another.
replay-choice-live = { $match } (being played)

## The review
review-title = **Review of match #{ $id }: { $seat } { $player }**
review-summary = { $placements ->
    [one] 1 placement
   *[other] { $placements } placements
}: scored { $scored }, the most each could have scored adds up to { $best }. **Missed: { $missed }.**
review-costliest = The costliest placements:
review-costly = { $rank }. Round { $round }, move { $move }: { $made } scored { $scored }; { $better } would have scored { $best }.
review-none = No placement missed a point: each scored the most it could at that moment.
review-greedy = This is a greedy measure: it counts the points a placement scores at once, not the best plan for the match (holding a tile back, blocking, going out first).
review-open-step = { $rank }. Round { $round }, move { $move }

## Refusals
error-replay-empty = Match #{ $id } has no placement to show yet.
error-replay-no-round = There is no round { $round }: the match has { $rounds ->
    [one] 1 round
   *[other] { $rounds } rounds
} so far.
error-review-running = Match #{ $id } is still being played: its review comes when it is over (the replay shows it up to now).
error-review-not-seated = You did not play in match #{ $id }: choose a seat with `/five-up review seat:`.
error-review-no-seat = There is no seat { $seat }: the match had { $seats } seats.


## /five-up rules: after a match
rulebook-review-title = After a match: replay and review
rulebook-review =
    - **Replay** (on the match-end message, in `/five-up history`, or `/five-up replay`) shows the match placement by placement, privately; a finished match with every hand, a match still being played up to now and without anyone's tiles.
    - **Review** (on the match-end message, or `/five-up review`) shows, for each of your placements, the most any legal placement could have scored at that moment against what yours scored: points that would pass 61 count as 0, and a last tile counts 0 when its settlement is cancelled. It is a greedy measure: it counts points at once, not the best plan (holding a tile back, blocking, going out first can be worth more than points now).
