"""The Discord side of Exact 61 Five Up: commands, views, the game manager and storage."""
