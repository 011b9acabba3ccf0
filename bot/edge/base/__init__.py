"""The Discord plumbing every feature of the edge shares: the client and its interaction type, replies and
errors, the base of every button, the request gate and budget, Discord's health, the translator of
commands."""
