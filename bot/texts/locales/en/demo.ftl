# `python -m bot.demo`: the offline demo's own lines (the play-by-play itself is game.ftl).
demo-title = Exact 61 Five Up, an offline demo: { $players } computer players ({ $level }), seed { $seed }.
demo-message = ── message { $number } ──
demo-pictures = { $count } pictures written to { $folder }
demo-record = Game record: { $path }
demo-replay = Check it: .venv/bin/python -m engine.replay { $path }
