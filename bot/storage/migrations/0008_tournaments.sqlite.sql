-- Tournaments per server (bot/model/tournament.py, docs/tournaments.md): the event (its format, pace and
-- where it stands, version-checked like a table), its entrants in join order (seq) with the rating they
-- signed up with, and its games, each round's in board order, with the table a game is played at and its
-- result once decided. The two dialects differ only in how an event's id is made.
CREATE TABLE tournaments (
    id INTEGER PRIMARY KEY,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    organiser_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    format TEXT NOT NULL,
    rounds INTEGER NOT NULL,
    pace TEXT NOT NULL,
    on_timeout TEXT NOT NULL,
    rated BOOLEAN NOT NULL,
    close_at DOUBLE PRECISION,
    status TEXT NOT NULL,
    round INTEGER NOT NULL DEFAULT 0,
    message_id INTEGER,
    version INTEGER NOT NULL DEFAULT 0,
    lang TEXT NOT NULL DEFAULT 'en',
    round_deadline DOUBLE PRECISION
);
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, id);
CREATE INDEX tournaments_open ON tournaments (status) WHERE status <> 'over';
CREATE TABLE tournament_entrants (
    event_id INTEGER NOT NULL REFERENCES tournaments (id),
    user_id INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    name TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    withdrawn_round INTEGER,
    PRIMARY KEY (event_id, user_id)
);
CREATE TABLE tournament_games (
    event_id INTEGER NOT NULL REFERENCES tournaments (id),
    round INTEGER NOT NULL,
    board INTEGER NOT NULL,
    first_id INTEGER NOT NULL,
    second_id INTEGER,
    table_id INTEGER,
    winner INTEGER,
    first_points INTEGER NOT NULL DEFAULT 0,
    second_points INTEGER NOT NULL DEFAULT 0,
    how TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (event_id, round, board),
    UNIQUE (event_id, round, first_id)
);
CREATE INDEX tournament_games_by_table ON tournament_games (table_id) WHERE table_id IS NOT NULL;
