"""`/five-up-admin`: the server settings' commands, for members with Manage Server."""
