"""The plain values the wings share: who sits where, a table's state, what the host answers and posts,
a rating and its change, a replay book.

Every wing reads them (the host writes a table's state, the texts put its values in words, the edge
shows them), so they live below all of them: nothing here imports another wing of the bot, only the
engine. `seating` (names and sides), `table_state` (a table and its seats), `posts` (a public
message and its pictures), `answers` (the lobby, a hand and its choices, an accepted placement),
`rating_change` (a rating, and one seat's change at a match), `replay_book` (a match laid out step
by step).
"""
