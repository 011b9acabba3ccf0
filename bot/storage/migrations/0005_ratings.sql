-- Ratings per server (bot/host/ratings.py, docs/ratings.md): whether each finished match was rated and
-- when (the order a rebuild follows), every player's rating in each server ("user:<id>" or
-- "computer:<level>"), and each rated seat's change.
CREATE TABLE match_ratings (
    table_id BIGINT NOT NULL PRIMARY KEY REFERENCES tables (id),
    guild_id BIGINT NOT NULL,
    rated BOOLEAN NOT NULL,
    rated_at DOUBLE PRECISION NOT NULL
);
CREATE TABLE ratings (
    guild_id BIGINT NOT NULL,
    player TEXT NOT NULL,
    name TEXT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    matches INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    last_delta INTEGER NOT NULL,
    PRIMARY KEY (guild_id, player)
);
CREATE TABLE rating_changes (
    table_id BIGINT NOT NULL REFERENCES tables (id),
    seat INTEGER NOT NULL,
    guild_id BIGINT NOT NULL,
    player TEXT NOT NULL,
    mu_before DOUBLE PRECISION NOT NULL,
    sigma_before DOUBLE PRECISION NOT NULL,
    mu_after DOUBLE PRECISION NOT NULL,
    sigma_after DOUBLE PRECISION NOT NULL,
    won BOOLEAN NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX rating_changes_by_guild ON rating_changes (guild_id);
