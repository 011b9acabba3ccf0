-- A tournament game's thread (bot/host/tournament_rounds.py), noted the moment Discord made it and before its
-- table opens, so that a restart between the two opens the match in that thread rather than a second thread.
ALTER TABLE tournament_games ADD COLUMN thread_id BIGINT;
