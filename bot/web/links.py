"""The site's addresses as people reach them: `PUBLIC_URL/m/<id>[/<step>]` for Discord's link buttons
(bot/web/match_ids.py), and `PUBLIC_URL/s/<server>` for `/five-up-admin web`'s answer."""

from __future__ import annotations

from ..config import Config
from .match_ids import MatchIds, site_secret


class WebLinks:
    def __init__(self, public_url: str, ids: MatchIds) -> None:
        self.public_url = public_url.rstrip("/")
        self.ids = ids

    def match(self, table_id: int, step: int | None = None) -> str:
        """The match's page, at `step` (0-based) when given, else at its latest placement."""
        where = f"/{step + 1}" if step is not None else ""
        return f"{self.public_url}/m/{self.ids.key(table_id)}{where}"

    def server(self, guild_id: int) -> str:
        """The server's page (served only while its admins have it on)."""
        return f"{self.public_url}/s/{guild_id}"


_in_use: WebLinks | None = None


def use_links(links: WebLinks | None) -> None:
    """The process's links (its one `PUBLIC_URL`), set as the bot starts: views built away from any
    interaction (the match-end message's) read them with `links_in_use`."""
    global _in_use
    _in_use = links


def links_in_use() -> WebLinks | None:
    return _in_use


def links_of(config: Config) -> WebLinks | None:
    """The links of this deployment, or None when `PUBLIC_URL` is not set (no buttons then)."""
    if config.public_url is None:
        return None
    return WebLinks(config.public_url, MatchIds(site_secret(config.web_secret, config.token)))
