-- The schema as released at version 3 (sqlite), statement for statement: a database made before
-- the migrations became numbered files. The tests open one and expect it to carry on unchanged.

-- step 1
CREATE TABLE tables (
    id INTEGER PRIMARY KEY,
    guild_id INTEGER,
    channel_id INTEGER NOT NULL,
    host_id INTEGER NOT NULL,
    lang TEXT NOT NULL,
    level TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('lobby', 'playing', 'over', 'closed')),
    seed TEXT NOT NULL,
    record TEXT,
    lobby_message_id INTEGER,
    closed_reason TEXT,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);
CREATE UNIQUE INDEX one_open_table_per_channel ON tables (channel_id) WHERE status IN ('lobby', 'playing');
CREATE TABLE seats (
    table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    user_id INTEGER,
    name TEXT NOT NULL,
    level TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE results (
    table_id INTEGER NOT NULL REFERENCES tables (id),
    seat INTEGER NOT NULL,
    guild_id INTEGER,
    user_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    won INTEGER NOT NULL,
    points INTEGER NOT NULL,
    finished_at REAL NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX results_by_guild ON results (guild_id, user_id);

-- step 2
ALTER TABLE tables ADD COLUMN version INTEGER NOT NULL DEFAULT 0;

-- step 3
ALTER TABLE tables ADD COLUMN thread_id INTEGER;
ALTER TABLE tables ADD COLUMN use_thread INTEGER NOT NULL DEFAULT 1;
CREATE INDEX finished_by_guild ON tables (guild_id, updated_at) WHERE status = 'over';
CREATE TABLE player_settings (
    user_id INTEGER PRIMARY KEY,
    ping INTEGER NOT NULL
);
