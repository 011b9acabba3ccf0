"""Tournaments in Discord: the organiser's `/five-up tournament` commands and the event message's buttons."""
