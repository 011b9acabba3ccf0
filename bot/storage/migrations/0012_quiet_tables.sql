-- A quiet table (`/five-up start quiet:True`, bot/edge/commands.py) keeps one board message in its thread, edited in
-- place, rather than a message per placement; chosen at the start and kept for the table's whole life.
ALTER TABLE tables ADD COLUMN quiet BOOLEAN NOT NULL DEFAULT FALSE;
-- Its board: the message the publisher edits (bot/edge/quiet_board.py), noted once it exists, so that a restart
-- goes on editing the same one.
ALTER TABLE tables ADD COLUMN board_message_id BIGINT;
-- And the short message that mentions its player to move, deleted when the next one goes (also after a restart).
ALTER TABLE tables ADD COLUMN mention_message_id BIGINT;
-- A post of the outbox that edits the board (a placement's), told from the match's first message, which does not.
ALTER TABLE outbox ADD COLUMN quiet BOOLEAN NOT NULL DEFAULT FALSE;
