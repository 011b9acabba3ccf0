"""`python -m bot.demo`: a whole match with computer players through the bot's own game manager.

No token, no network: the table lives in an in-memory SQLite database, every
public message the bot would post is printed, and the pictures of every
placement and the game record are written to `--out`.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

from .host.computers import InlineComputer
from .host.manager import Manager
from .host.pictures import PngRenderer, Renderer
from .model.posts import Post
from .model.table_state import LEVELS
from .storage import SqliteStorage
from .texts.i18n import SUPPORTED, t


class DemoPrinter:
    """A publisher that prints each public message and writes its pictures to a folder."""

    def __init__(self, out: Path, lang: str, echo: bool = True) -> None:
        self.out = out
        self.lang = lang
        self.echo = echo
        self.posts: list[Post] = []
        self.files: list[Path] = []

    def publish(self, post: Post) -> None:
        self.posts.append(post)
        number = len(self.posts)
        for picture in post.pictures:
            path = self.out / f"{number:03d}-move{post.move_no:03d}-{picture.filename}"
            path.write_bytes(picture.data)
            self.files.append(path)
        if self.echo:
            print(t(self.lang, "demo-message", number=number))
            print(post.text)


def _clock(timestamp: float) -> str:
    return time.strftime("%H:%M:%S", time.localtime(timestamp))


async def play_demo(
    *, players: int, seed: str, level: str, lang: str, out: Path, renderer: Renderer | None = None, echo: bool = True
) -> tuple[DemoPrinter, Path]:
    """Play one match; return the printer (posts and files) and the record's path."""
    out.mkdir(parents=True, exist_ok=True)
    printer = DemoPrinter(out, lang, echo)
    storage = await SqliteStorage.open(":memory:")
    manager = Manager(
        storage,
        printer,
        renderer or PngRenderer(),
        InlineComputer(),
        computer_pause=(0.0, 0.0),
        clock=_clock,
    )
    try:
        lobby = await manager.open_table(
            guild_id=None,
            channel_id=1,
            host_id=0,
            host_name="demo",
            lang=lang,
            bots=players,
            level=level,
            seat_host=False,
            seed=seed,
        )
        await manager.start(table_id=lobby.table_id, user_id=0, locale=lang)
        await manager.drain()
        record = await storage.table_record(lobby.table_id)
    finally:
        await manager.close()
        await storage.close()
    assert record is not None
    path = out / "record.json"
    path.write_text(record + "\n", encoding="utf-8")
    return printer, path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.demo", description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    parser.add_argument("--seed", default="7")
    parser.add_argument("--level", choices=LEVELS, default="normal")
    parser.add_argument("--lang", choices=SUPPORTED, default="en")
    parser.add_argument("--out", type=Path, default=Path("demo-out"))
    args = parser.parse_args(argv)
    print(t(args.lang, "demo-title", players=args.players, level=t(args.lang, f"level-{args.level}"), seed=args.seed))
    printer, record = asyncio.run(
        play_demo(players=args.players, seed=args.seed, level=args.level, lang=args.lang, out=args.out)
    )
    print()
    print(t(args.lang, "demo-pictures", count=len(printer.files), folder=str(args.out)))
    print(t(args.lang, "demo-record", path=str(record)))
    print(t(args.lang, "demo-replay", path=str(record)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
