"""Public posts into the match threads: the publisher and its outbox (`publisher`), sending one post
(`post_sending`), catching a thread up after Discord failed (`catch_up`), and a quiet table's board
(`board_message`)."""
