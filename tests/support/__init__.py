"""What the tests share, imported as `support` (pytest's one `pythonpath` entry is tests/).

A test module imports from here and from the product, never from another test module; conftest.py
files hold only fixtures. Here: the fake Discord (`discord_fake`), the one harness that runs the bot
on it (`world`: open a table, place as people do, play a match out, restart), what people see read
as they would (`reader`), the bot and its manager hosted for tests (`bot_host`), the PostgreSQL
server and databases of either kind (`pg_server`, `storage_raw`, `storage_backends`), the catalogs'
checks (`i18n_checks`), deals and plays as text (`engine_text`), stored matches and reference
pictures (`render_records`), colour vision (`colour_vision`), re-dealt hidden tiles (`hidden_worlds`)
and a clock for budget tests (`step_clock`). A match played to its end is `engine.selfplay`'s.
"""
