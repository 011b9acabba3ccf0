-- The outbox (bot/storage/outbox_queries.py, docs/discord_failures.md): each public post a move causes, written
-- in the move's transaction and deleted once Discord has taken it. A post is known by its table and the version
-- that move wrote; `batch` is the version of the first post of the merged message it is being sent in (the
-- message's nonce), kept so a retry after a restart sends the same message. Only the newest waiting post of a
-- thread keeps its pictures. The two dialects differ in how a row's id is made and in the bytes' type.
CREATE TABLE outbox (
    id INTEGER PRIMARY KEY,
    table_id BIGINT NOT NULL,
    version INTEGER NOT NULL,
    room BIGINT NOT NULL,
    kind TEXT NOT NULL,
    text TEXT NOT NULL,
    hand_button BOOLEAN NOT NULL,
    mentions TEXT NOT NULL,
    move_no INTEGER NOT NULL,
    lang TEXT NOT NULL,
    record TEXT,
    rematch BOOLEAN NOT NULL,
    pictures TEXT NOT NULL,
    picture_data BLOB,
    batch INTEGER,
    created_at DOUBLE PRECISION NOT NULL,
    UNIQUE (table_id, version)
);
CREATE INDEX outbox_by_room ON outbox (room, id);
