-- The table on the web (bot/web/, docs/web.md): whether a server's admins turned its page on
-- (`/five-up-admin web`); off by default, so no server is listed that did not ask to be.
ALTER TABLE server_settings ADD COLUMN web BOOLEAN NOT NULL DEFAULT FALSE;
