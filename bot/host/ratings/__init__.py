"""Ratings per server: the arithmetic of a finished match's rating (`rating_math`, pure) and the keeper that
reads and writes it as matches end (`rating_keeper`)."""
