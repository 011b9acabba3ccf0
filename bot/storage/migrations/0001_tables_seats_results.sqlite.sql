-- The first schema: tables (lobbies and matches) with their seats, and each finished player's result.
-- SQLite: the id is the rowid (INTEGER PRIMARY KEY), times are REAL, truth values 0/1.
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

-- one open table per channel, enforced by the database itself
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
