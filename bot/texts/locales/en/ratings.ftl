# Ratings per server: /five-up leaderboard, the rating line of /five-up stats, and the match-end changes.
cmd-leaderboard = This server's top players by rating
ratings-title = Ratings in this server
ratings-line = { $rank }. { $player }: { $rating } ({ $matches ->
    [one] 1 match
   *[other] { $matches } matches
}, { $wins } won)
ratings-none = No rated matches in this server yet: finish a match to be rated.
ratings-computers = Computer players: { $levels }
ratings-level = { $level } { $rating }
ratings-note = A rating starts at 0 and grows as the bot grows sure of how well you play (μ − 3σ). Only matches played to the end count.
ratings-yours = Your rating: { $rating } (last match: { $change }).
ratings-yours-none = You have no rating in this server yet: finish a match to get one.
ratings-changes = Ratings: { $changes }
ratings-change = { $player } { $rating } ({ $change })
