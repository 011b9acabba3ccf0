-- A match played in a thread of its own; each player's choice to be mentioned on their turn.
ALTER TABLE tables ADD COLUMN thread_id BIGINT;
ALTER TABLE tables ADD COLUMN use_thread BOOLEAN NOT NULL DEFAULT TRUE;
CREATE INDEX finished_by_guild ON tables (guild_id, updated_at) WHERE status = 'over';
CREATE TABLE player_settings (
    user_id BIGINT NOT NULL PRIMARY KEY,
    ping BOOLEAN NOT NULL
);
