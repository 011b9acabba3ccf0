# Slash command, option and choice descriptions (shown in Discord's command picker).
cmd-five-up = Play Exact 61 Five Up, the domino game
cmd-start = Open a Five Up table in this channel
cmd-start-bots = How many computer players to seat (0 to 3)
cmd-start-level = How strong the computer players are
cmd-start-lang = Language of the table (default: the server's; on an English server, yours)
cmd-join = Sit down at the table in this channel
cmd-leave = Leave the table before the match starts
cmd-hand = See your tiles privately, and play them
cmd-play = Place a tile
cmd-play-tile = The tile from your hand, like 3-5
cmd-play-on = The tile on the table to attach it to
cmd-board = Show the table's latest picture again
cmd-score = Show the scoresheet again
cmd-public = Show it to everyone here (default: only you see it)
cmd-help = A quick start, and the full rules
cmd-rules = Read the rules
cmd-end = End the table in this channel (host or Manage Messages)
cmd-stats = Your record and rating in this server, and your place on its leaderboard
choice-level-easy = easy
choice-level-normal = normal
choice-level-hard = hard
choice-level-expert = expert
choice-lang-en = English
choice-lang-ko = 한국어 (Korean)
choice-lang-es = Español (Spanish)
button-previous = Previous
button-next = Next
stats-title = Your Five Up in this server
stats-yours = Your record: { $matches } played, { $wins } won, { $average ->
    [one] 1 point
   *[other] { $average } points
} on average.
stats-yours-none = You have not finished a match in this server yet.
