-- A tournament game's opening message (bot/host/tournament_rounds.py): the message in the event's channel that
-- mentions both players and that its thread is made on, noted the moment Discord returns it and before the thread is
-- asked for. A restart or a lost answer between the two makes the thread on that message (or finds it made: a
-- thread on a message has the message's id), never a second message and thread for one game.
ALTER TABLE tournament_games ADD COLUMN opening_id BIGINT;
