## Option names of the slash commands (English: the names themselves; Korean and Spanish: what Discord shows
## those readers). Lowercase, no spaces, at most 32 characters.
opt-allowed = allowed
opt-animated = animated
opt-away = away
opt-bots = bots
opt-channel = channel
opt-close = close
opt-dm = dm
opt-event = event
opt-format = format
opt-lang = lang
opt-level = level
opt-match = match
opt-name = name
opt-on = on
opt-pace = pace
opt-ping = ping
opt-public = public
opt-rated = rated
opt-ratings = ratings
opt-round = round
opt-rounds = rounds
opt-seat = seat
opt-tables = tables
opt-thread = thread
opt-tile = tile
opt-timeout = timeout
