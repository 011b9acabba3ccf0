-- Many tables per channel (issue 30): a channel hosts any number of lobbies, and of matches each in a thread of
-- its own; only a match played in the channel itself still takes the channel, one at a time.
DROP INDEX one_open_table_per_channel;
CREATE UNIQUE INDEX one_match_in_channel ON tables (channel_id) WHERE status = 'playing' AND thread_id IS NULL;
-- A lobby nobody starts closes itself: its moment is its wake_at (and its take_over_at, what the lobby message
-- says), so the deadline sweeper's index covers lobbies as well as matches in play.
DROP INDEX tables_to_wake;
CREATE INDEX tables_to_wake ON tables (wake_at) WHERE status IN ('lobby', 'playing') AND wake_at IS NOT NULL;
-- Lobbies open before this step close 30 minutes (the default) after they opened.
UPDATE tables SET wake_at = created_at + 1800, take_over_at = created_at + 1800 WHERE status = 'lobby';
