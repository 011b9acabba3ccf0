-- Every write of a live table states the version it expects (no double writers).
ALTER TABLE tables ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
