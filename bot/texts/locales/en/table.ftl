# A table that a server keeps: the match in its own thread, pings, the record, rematch, history, settings.

## The match's own thread, and the lobby message in the channel
thread-name = Five Up · { $players }
lobby-playing-thread = The match is on in { $thread }. Good luck!
lobby-after-round = Round { $round } is over.
lobby-over-thread = The match in { $thread } is over.

## The turn line: who is to play (the reminder's and the take-over's times are said once, at the start)
status-turn-play = { $player } to play.

## Rematch
button-rematch = Rematch
lobby-rematch = A rematch, with the same seats. Press **Leave** if you are out.
rematch-opened = A rematch is open in { $channel }, with the same seats: { $host } starts it when everyone is ready.
rematch-link = A rematch is open, with the same seats: { $link }

## /five-up history
cmd-history = This server's recent matches, and the record and picture of any of them
cmd-history-match = The match (#number) to get the record and final picture of
history-title = **Recent matches in this server**
history-line = #{ $id } · { $date } · { $players } · { $scores }
history-none = No finished matches in this server yet.
history-pick = Pick one with `/five-up history match:` to get its record and final picture.
history-match = **Match #{ $id }**, { $date }: { $players }. { $scores }
history-replay = Attached: the game record (record.json: every deal and every placement) and the final picture.
history-choice = #{ $id } · { $players }

## /five-up settings
cmd-settings = Your own Five Up settings
cmd-settings-ping = Whether the turn message mentions you when it is your turn
choice-ping-on = on: mention me on my turn
choice-ping-off = off: do not mention me
settings-ping-on = The turn messages will mention you when it is your turn.
settings-ping-off = The turn messages will no longer mention you (the reminder after a long wait still does).

## /five-up start
cmd-start-thread = Play the match in a thread of its own (default: yes)

## Refusals
error-no-such-match = There is no finished match #{ $id } in this server.

## A match ended with /five-up end once something was played: kept with its score so far and its record, not rated.
match-ended-early = ⏹ The match ended early, so it is not rated. Its record is attached, and `/five-up history` keeps it.
table-ended-kept = The match so far is kept: its score and record are in { $room }, and `/five-up history` lists it as ended early.
lobby-ended-early-thread = The match in { $thread } ended early.
history-ended-early = ended early, not rated
history-match-ended-early = It was ended early, so it was not rated.

## A quiet table (`/five-up start quiet:True`): one board message, updated in place
cmd-start-quiet = One board message in the thread, updated after every placement (default: no)
lobby-quiet = 🤫 Quiet table: the match's thread keeps one board message, updated after every placement. `/five-up replay` still shows every placement.
match-quiet = 🤫 A quiet table: the board is one message, updated after every placement; the player to move is still mentioned. `/five-up replay` shows every placement.
board-your-move = { $player }, it's your move: the board is just above.
