"""Players' names as Discord users write them, in eight scripts and with an emoji, drawn in the public
pictures of matches played through the real discord.py; and a round's GIF for a Korean viewer drawn with
the names, seat colours and Korean words of the still pictures."""

from __future__ import annotations

import io
import os
import random
from pathlib import Path

from PIL import Image
from support.bot_host import pick
from support.world import world

import render
from bot import texts
from bot.host.replay.replay_animation import round_gif
from engine import Match, Phase
from render.names import chain, runs

NAMES = ("🐉Drake", "Дмитрий", "山田太郎", "ᴀʟɪᴄᴇ", "Ελένη", "محمد", "สมชาย", "देव")
SCRIPTS = ("emoji", "Latin, Greek and Cyrillic", "Chinese and Japanese (CJK ideographs, kana)", "Arabic", "Thai")


async def test_names_in_eight_scripts_and_an_emoji_are_drawn_in_the_public_pictures(tmp_path: Path) -> None:
    async with world(tmp_path, names=NAMES, seed="names") as w:
        rng = random.Random(8)
        tables = [await w.start_table(w.users[:4])]
        lounge = w.fake.channel("lounge")
        tables.append((await w.open(lounge, w.users[4:]))[0])
        for table in tables:
            for _ in range(3):
                await w.place(table, pick(table.match.options(table.match.turn), rng))
            seated = list(table.seating.names)
            assert sorted(seated) == sorted(NAMES[:4] if table is tables[0] else NAMES[4:])
            post = next(m for m in reversed(w.fake.messages(table.room)) if m.attachments)
            png = post.attachments[0].data
            labels = texts.picture_labels(table.lang)
            snap = table.match.snapshot()
            assert png == render.table_png(snap, names=seated, labels=labels)  # the picture the bot posted
            described = render.table_description(snap, names=seated, labels=labels)["names"]
            for n, name in zip(described, seated, strict=True):  # drawn, shortened with … where it must be
                assert n["own"] and (n["shown"] == name or name.startswith(n["shown"].removesuffix("…")))
            for name in seated:  # every character from a font that has it: no box, nothing left out
                assert "".join(r.text for r in runs(name)) in (name, "".join(reversed([r.text for r in runs(name)])))
                assert all(chain().face_of(ch) is not None for ch in name)
            assert png != render.table_png(snap, labels=labels)  # not the seats' labels
            if os.environ.get("FIVE_UP_SAVE_NAMES"):  # to look at them as a phone shows them
                image = Image.open(io.BytesIO(png)).convert("RGB")
                image = image.resize((400, round(400 * image.height / image.width)), Image.Resampling.LANCZOS)
                image.save(Path(os.environ["FIVE_UP_SAVE_NAMES"]) / f"names-{table.id}.png")
        used = {chain().faces[r.face].scripts for name in NAMES for r in runs(name)}
        assert used >= set(SCRIPTS) and len(used) >= 6
        w.fake.assert_clean()


def test_a_korean_viewers_gif_has_the_still_pictures_names_colours_and_words() -> None:
    rng = random.Random(5)
    match = Match.new(4, "gif-ko")
    steps = []
    while match.phase is Phase.PLAYING and len(steps) < 12:
        seat = match.turn
        assert seat is not None
        match.place(seat, rng.choice(match.options(seat)).placement)
        steps.append(match.snapshot())
    names = ["민준", "\ue000", "🐉Drake", "محمد"]  # the second has nothing drawable: its seat's label
    ko, en = texts.picture_labels("ko"), texts.picture_labels("en")
    gif = Image.open(io.BytesIO(round_gif(steps, names=names, labels=ko)))
    assert gif.n_frames == len(steps)
    for k, snap in enumerate(steps):
        gif.seek(k)
        frame = gif.convert("RGB")
        g = render.table_geometry(snap, names=names, labels=ko)
        assert g.names[:2] == ("민준", ko["seat"].replace("{seat}", "2"))
        still = render.table_image(g).convert("RGB")
        dy, right = frame.height - still.height, still.width - 8
        rows = (0, g.rows[0][1], right, g.rows[-1][3])
        assert frame.crop((0, rows[1] + dy, right, rows[3] + dy)).tobytes() == still.crop(rows).tobytes()
        english = render.table_image(render.table_geometry(snap, names=names, labels=en)).convert("RGB")
        assert english.crop(rows).tobytes() != still.crop(rows).tobytes()  # the seat's label in Korean
