## Tournaments and leagues (/five-up tournament): events the bot pairs and opens by itself
cmd-tournament = Tournaments: Swiss or round robin, matches opened by the bot
cmd-tournament-create = Create a tournament in this channel (Manage Server)
cmd-tournament-name = The tournament's name
cmd-tournament-format = Swiss (rounds of paired players) or round robin (everyone meets everyone)
cmd-tournament-rounds = Swiss only: how many rounds (default 4)
cmd-tournament-pace = How fast its matches are played
cmd-tournament-timeout = When a player's time runs out: a computer moves for them, or they lose the match
cmd-tournament-rated = Whether its matches count in this server's ratings
cmd-tournament-close = Sign-ups close after this many hours (empty: when you start it)
cmd-tournament-event = The tournament
cmd-tournament-start = Start a tournament now: round 1 is paired and its matches open
cmd-tournament-standings = A tournament's standings, with tie-breaks
cmd-tournament-pairings = A tournament's pairings and results, round by round
cmd-tournament-withdraw = Leave a tournament you play in (your remaining games are lost)
cmd-tournament-end = End a tournament now (its organiser, or Manage Server)
choice-format-swiss = Swiss
choice-format-rr = round robin
choice-format-rr2 = double round robin
event-format-swiss = Swiss, { $rounds ->
        [one] one round
       *[other] { $rounds } rounds
    }
event-format-rr = round robin
event-format-rr2 = double round robin
event-signup = 🏆 **{ $name }**: { $format } · { $pace }. Organiser: { $organiser }.
event-unrated = Its matches are not rated.
event-signup-count = { $count ->
        [0] Nobody has signed up yet.
        [one] { $count } player signed up:
       *[other] { $count } players signed up:
    }
event-signup-closes = Sign-ups close { $when }; press **Join** to play.
event-signup-open = The organiser starts it with `/five-up tournament start`; press **Join** to play.
event-signup-closed = Sign-ups are closed.
button-event-join = Join
button-event-leave = Leave
event-joined = You are in **{ $name }**. Your matches open by themselves, each in a thread where you are mentioned.
event-left = You left **{ $name }**.
event-left-playing = You withdrew from **{ $name }**: a match you were playing counts as lost, and you will not be paired again.
event-started = 🏆 **{ $name }** begins: { $count } players, { $rounds ->
        [one] one round
       *[other] { $rounds } rounds
    }.
event-started-players = Players: { $players }
event-started-note = **{ $name }** has started: round { $round }'s matches are opening now, a few every 10 seconds; each player is mentioned in their match's thread.
event-round = **{ $name }** · round { $round } of { $rounds }:
event-pair = { $first } – { $second } · { $where }
event-pair-result = { $first } – { $second } · { $result }
event-bye = { $player } has a bye (a win)
event-won-by = { $winner } won
event-won-forfeit = { $winner } won (forfeit)
event-won-withdrawn = { $winner } won ({ $loser } withdrew)
event-game-ended = ended early, level: no winner
event-won-ended = { $winner } won ({ $first }–{ $second } when it was ended early)
event-game-stopped-won = It counts for **{ $name }** by the score then: **{ $winner }** wins this game.
event-game-stopped-level = It counts for **{ $name }** by the score then: level, so nobody wins this game.
error-end-event-game = This match is a game of **{ $name }**: only its organiser or someone with Manage Messages can end it early, and it then counts by the score so far. To stop playing, withdraw: `/five-up tournament withdraw`.
error-rematch-event = This match was a game of **{ $name }**: the tournament pairs the next one, so there is no rematch.
event-game-playing = playing
event-deadline = Round deadline: { $when }. A match still going then ends by the timeout rule.
event-thread-name = { $name } · R{ $round } · { $first } – { $second }
event-match-opening = 🏆 **{ $name }**, round { $round }: { $first } vs { $second }. Good luck!
event-standings-title = **{ $name }** · standings after round { $round } of { $rounds }
event-standings-final = **{ $name }** · final standings
event-standings-during = **{ $name }** · standings during round { $round } of { $rounds }
event-standings-line = { $rank }. { $player } · **{ $points }** { $count ->
        [one] pt
       *[other] pts
    } · Bh { $buchholz } · SB { $sb } · { $gp } game pts
event-standings-withdrew = (withdrew)
event-standings-legend = -# pts: wins (a bye counts as one) · Bh: Buchholz, the opponents' points · SB: Sonneborn-Berger, the points of the opponents beaten · game pts (GP): points scored in the matches
event-over = 🏆 **{ $name }** is over. The winner: **{ $winner }**!
event-withdrew = { $player } withdrew from **{ $name }**; their remaining games are lost.
event-ended = **{ $name }** was ended early by { $organiser }: no winner is declared.
event-standings-ended = **{ $name }** · standings as they stood when it was ended (round { $round } of { $rounds })
event-match-withdrew = 🏳️ { $player } withdrew from **{ $name }**, so **{ $winner }** wins this match.
event-no-pairings = **{ $name }** has not begun yet.
standings-rank = #
standings-name = Player
standings-points = Pts
standings-buchholz = Bh
standings-sb = SB
standings-more = … and { $count } more
standings-gp = GP
error-event-gone = That tournament does not exist in this server.
error-event-not-organiser = Only the tournament's organiser or a member with Manage Server can do that.
error-event-create-not-allowed = Creating a tournament needs the Manage Server permission.
error-event-closed = Sign-ups for **{ $name }** are closed.
error-event-already-in = You are already in **{ $name }**.
error-event-not-in = You are not in **{ $name }**.
error-event-too-few = **{ $name }** needs at least { $min } players to start; { $count } signed up.
error-event-running = **{ $name }** has already begun.
error-event-over = **{ $name }** is over.
error-event-rounds = A Swiss tournament has 1 to { $max } rounds.
error-event-name-blank = A tournament needs a name with at least one letter or number; nothing was created.
error-event-not-begun = **{ $name }** has not begun yet.
