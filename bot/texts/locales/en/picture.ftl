# Words drawn in the table picture: a round's settlement and the winner. Short: a phone shows the picture 400 px wide.
# { $seat } stands for a seat number (the picture writes it where a name cannot be drawn).
picture-seat = Seat { $seat }
# after the name of the player who placed their last tile
picture-out = went out
# the points of the round's last placement
picture-placement = placement
picture-opponents = opponents' pips
picture-partner = partner's pips
picture-net = net
# a settlement or an award that would pass 61
picture-over = over 61: cancelled
# the heading of a blocked round's settlement
picture-blocked = blocked
# the heading of the column of pips left in each hand
picture-pips = pips
# the heading of the column of awards
picture-award = award
# an award after the match was already won
picture-skipped = match already won
# after the winner's name at the match's end
picture-wins = wins
# the glance bar under the layout: the round's number
picture-round = Round { $round }
