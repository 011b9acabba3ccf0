"""Replays and reviews: a finished or running match as a book of steps (`book_builder`), the desk that serves
them with their pictures (`replay_desk`), and a round as an animated picture (`replay_animation`)."""
