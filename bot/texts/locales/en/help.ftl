# /five-up help: a quick start that fits one phone screen, with a button to the full rules.
help-title = Five Up: quick start
help-start = **Open a table**: type `/five-up start` in a channel (`bots:` computer players, `lang:` the language, `pace:1d` a day a move).
help-join = **Sit down**: press **Join** on the table's message. At 4 seats, pick your partner with **Sit with…**; partners sit opposite. The host presses **Start**.
help-hand = **Your tiles**: press **Show my hand** (or `/five-up hand`). Only you see them.
help-play = **Play**: on your turn press a tile; each button shows the points it would score. If it fits in more than one place, choose where. You can also type `/five-up play`.
help-score = **Score**: when the open ends add up to a multiple of 5, your side scores a fifth of it. The first side to reach exactly 61 wins; points that would pass 61 are cancelled.
help-more = `/five-up board` and `/five-up score` show the table again (only you; `public:True`: everyone); the button below opens the full rules.
help-rules-button = Full rules
