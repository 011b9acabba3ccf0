"""A table in Discord: `/five-up start` and the lobby's buttons, the hand and its tiles' buttons, the match-end
message, and the help and rules pages."""
