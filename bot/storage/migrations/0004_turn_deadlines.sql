-- A table's turn clock: when the turn in progress reminds its player and when a computer takes the
-- seat over (Unix times; NULL: no reminder left to give / nobody to take over from), kept across restarts.
ALTER TABLE tables ADD COLUMN remind_at DOUBLE PRECISION;
ALTER TABLE tables ADD COLUMN take_over_at DOUBLE PRECISION;
