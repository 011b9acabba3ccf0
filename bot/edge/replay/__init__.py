"""The replay viewer and the review in Discord: their commands' answers and the stepping buttons."""
