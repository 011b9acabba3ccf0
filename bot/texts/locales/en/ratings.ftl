# Ratings per server: /five-up leaderboard (the server's one ranking), the rating lines of /five-up stats, and the match-end changes.
cmd-leaderboard = This server's leaderboard: its best players by rating
ratings-title = Leaderboard of this server
ratings-line = { $rank }. { $player }: { $rating } ({ $matches ->
    [one] 1 match
   *[other] { $matches } matches
}, { $wins } won)
ratings-none = No rated matches in this server yet: finish a match to be rated.
ratings-computers = Computer players: { $levels }
ratings-level = { $level } { $rating }
ratings-provisional = { $rating }?
ratings-note = Everyone starts at { $start }. A rating is a cautious estimate of how well you play (μ − 3σ): it rises with wins, and with each match as the bot grows surer of you. ? = provisional, fewer than { $needed } rated matches. Only matches played to the end count.
ratings-yours = Your rating: { $rating } (last match: { $change }).
ratings-yours-provisional = Your rating: { $rating } (last match: { $change }), provisional until { $needed } rated matches: { $matches ->
    [one] 1 so far
   *[other] { $matches } so far
}.
ratings-yours-place = You are number { $rank } on this server's leaderboard: /five-up leaderboard
ratings-yours-unplaced = You are not in this server's top { $top } yet: /five-up leaderboard
ratings-yours-none = You have no rating in this server yet: finish a match to get one.
ratings-changes = Ratings: { $changes }
ratings-change = { $player } { $rating } ({ $change })
ratings-changes-note = — in brackets, this match's change; everyone starts at { $start }; ? = provisional, fewer than { $needed } rated matches.
