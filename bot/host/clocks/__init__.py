"""The clocks of play: whose turn it is and when a live table reminds or a computer takes over (`turn_clock`),
a correspondence turn's deadlines as plain arithmetic (`correspondence_clock`), and the one task that wakes
sleeping tables when a deadline falls due (`deadline_sweeper`)."""
