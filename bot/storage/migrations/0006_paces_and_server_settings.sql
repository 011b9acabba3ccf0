-- Play at any pace (bot/model/pace.py): each table keeps its pace, what its deadline does and whether it
-- is rated; a correspondence table keeps when the deadline sweeper must look at it next (wake_at, indexed
-- so the next one is found without reading every table), when its clock stopped for a player who is away,
-- whose move it is (to_move: `/five-up turns`), the latest message of its match, and a forfeit's seat.
ALTER TABLE tables ADD COLUMN pace TEXT NOT NULL DEFAULT 'live';
ALTER TABLE tables ADD COLUMN on_timeout TEXT NOT NULL DEFAULT 'computer';
ALTER TABLE tables ADD COLUMN rated BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE tables ADD COLUMN wake_at DOUBLE PRECISION;
ALTER TABLE tables ADD COLUMN paused_at DOUBLE PRECISION;
ALTER TABLE tables ADD COLUMN to_move BIGINT;
ALTER TABLE tables ADD COLUMN last_post_id BIGINT;
ALTER TABLE tables ADD COLUMN forfeit_seat INTEGER;
CREATE INDEX tables_to_wake ON tables (wake_at) WHERE status = 'playing' AND wake_at IS NOT NULL;
CREATE INDEX tables_to_move ON tables (to_move, guild_id) WHERE status = 'playing';
CREATE INDEX seats_by_user ON seats (user_id);
-- A person's away time (their correspondence clocks stop) and whether reminders also come by direct message.
ALTER TABLE player_settings ADD COLUMN away_until DOUBLE PRECISION;
ALTER TABLE player_settings ADD COLUMN dm_reminders BOOLEAN NOT NULL DEFAULT FALSE;
-- What a server's admins set with /five-up-admin (bot/model/server_settings.py); channels: ids separated by
-- spaces, empty for every channel.
CREATE TABLE server_settings (
    guild_id BIGINT NOT NULL PRIMARY KEY,
    lang TEXT,
    pace TEXT NOT NULL DEFAULT 'live',
    channels TEXT NOT NULL DEFAULT '',
    computers BOOLEAN NOT NULL DEFAULT TRUE,
    rated BOOLEAN NOT NULL DEFAULT TRUE,
    cap INTEGER NOT NULL DEFAULT 10
);
