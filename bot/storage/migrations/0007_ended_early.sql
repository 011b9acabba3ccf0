-- A match ended with `/five-up end` once something was played (bot/host/live_table.py) is kept as over, with its
-- record and score so far, and marked here: the record format (docs/record-format.md) has no field for it. Such a
-- match has no winner, no results and no rating.
ALTER TABLE tables ADD COLUMN ended_early BOOLEAN NOT NULL DEFAULT FALSE;
