"""Tournaments: sign-up and the organiser's commands (`tournament_desk`), each round paired and its matches
opened (`tournament_rounds`, `pairings`), at a pace Discord's thread limits allow (`thread_pace`)."""
