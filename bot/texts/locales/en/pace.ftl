## Paces: live tables and correspondence tables (a move an hour, twelve hours, a day, three days)
pace-live = live
pace-1h = 1 hour a move
pace-12h = 12 hours a move
pace-1d = 1 day a move
pace-3d = 3 days a move
time-left-days = ⏳ { $hours ->
        [0] { $days } d left
       *[other] { $days } d { $hours } h left
    }
time-left-hours = ⏳ { $hours } h left
time-left-minutes = ⏳ { $minutes } min left
clock-stopped = ⏸️ away until { $until }: the clock stands still
lobby-pace = 📮 Correspondence table: **{ $pace }**. When a player's time runs out, a computer player makes that one move for them.
lobby-pace-forfeit = 📮 Correspondence table: **{ $pace }**. A player whose time runs out loses the match.
match-clock-correspondence = 📮 A correspondence match, **{ $pace }**: the player to move is reminded at half time and with an hour left. When the time runs out, a computer player makes that one move for them.
match-clock-forfeit = 📮 A correspondence match, **{ $pace }**: the player to move is reminded at half time and with an hour left. When the time runs out, their side loses the match.
reminder-correspondence = { $mention }, it's your move at Five Up: { $left }.
reminder-direct = It's your move at Five Up ({ $left }): { $where }
timed-out = ⌛ { $player }'s time ran out, so a computer player made this one move for them.
forfeit-won = 🏆 **{ $side }** { $count ->
    [one] wins
   *[other] win
} the match by forfeit.
forfeited = ⌛ { $player }'s time ran out: their side loses the match.
player-away = ⏸️ { $player } is away until { $until }: their clock stands still until then (or until they play).
player-back = ▶️ { $player } is back: their clock runs again.
settings-away-on = You are away until { $until }. Your clocks at correspondence tables stand still until then, or until you play: { $count ->
        [0] none is running right now.
        [one] one of them was running and is stopped now.
       *[other] { $count } of them were running and are stopped now.
    }
settings-away-off = You are back: your correspondence clocks run again.
settings-dm-on = Reminders at correspondence tables will also come to you by direct message.
settings-dm-off = Reminders at correspondence tables come only in the match's thread.
turns-none = No table is waiting for your move in this server.
turns-title = { $count ->
        [one] One table is waiting for your move:
       *[other] { $count } tables are waiting for your move (nearest deadline first):
    }
turns-line = **#{ $table }** with { $opponents } · { $pace } · { $when } · [go to the table]({ $link })
turns-no-deadline = no deadline
hand-table = -# Table **#{ $table }** in { $room }, with { $opponents }
error-cap-reached = { $cap ->
        [one] { $player } already sits at an open correspondence table in this server, the most its admins allow. They must finish it first.
       *[other] { $player } already sits at { $cap } open correspondence tables in this server, the most its admins allow. They must finish one first.
    }
error-cap-reached-you = { $cap ->
        [one] You already sit at an open correspondence table in this server, the most its admins allow. Finish it first.
       *[other] You already sit at { $cap } open correspondence tables in this server, the most its admins allow. Finish one first.
    }
error-away-too-long = You can be away for at most { $days } days.
cmd-start-pace = How fast to play: live, or by correspondence (a move an hour, 12 hours, a day or 3 days)
cmd-start-timeout = At a correspondence table, when a player's time runs out: a computer moves for them, or they lose
choice-pace-live = live (everyone online)
choice-pace-1h = 1 hour a move
choice-pace-12h = 12 hours a move
choice-pace-1d = 1 day a move
choice-pace-3d = 3 days a move
choice-timeout-computer = a computer makes that move
choice-timeout-forfeit = the match is lost
cmd-turns = Every table of this server waiting for your move
cmd-settings-away = Days you will be away (0: back now); your correspondence clocks stop meanwhile
cmd-settings-dm = Also get correspondence reminders by direct message
error-settings-nothing = Choose at least one setting to change: ping, away or dm.
