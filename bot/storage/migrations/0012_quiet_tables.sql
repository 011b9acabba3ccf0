-- A quiet table (`/five-up start quiet:True`, bot/edge/commands.py) keeps one board message in its thread, edited in
-- place, rather than a message per placement; chosen at the start and kept for the table's whole life.
ALTER TABLE tables ADD COLUMN quiet BOOLEAN NOT NULL DEFAULT FALSE;
