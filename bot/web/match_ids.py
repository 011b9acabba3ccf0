"""Match ids in URLs: the table's number and an HMAC of it, so a link cannot be guessed from another.

`/m/<table>-<mac>`: the mac is 120 bits of HMAC-SHA256 of the table's number under the site's secret
(`WEB_SECRET`, or one derived from the bot's token: every process of a deployment signs alike, and
nothing is stored per match). A wrong or malformed id reads as no match at all.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re

MAC_BYTES = 15  # 120 bits, 20 characters of URL-safe base64
_ID = re.compile(r"^(?P<table>[1-9]\d{0,17})-(?P<mac>[A-Za-z0-9_-]{20})$")
DERIVED = b"five-up web links"


def site_secret(web_secret: str, token: str) -> bytes:
    """The key links are signed with: `WEB_SECRET` when set, else one derived from the bot's token."""
    if web_secret:
        return web_secret.encode()
    return hmac.new(token.encode(), DERIVED, hashlib.sha256).digest()


class MatchIds:
    def __init__(self, secret: bytes) -> None:
        self._secret = secret

    def _mac(self, table_id: int) -> str:
        digest = hmac.new(self._secret, str(table_id).encode(), hashlib.sha256).digest()[:MAC_BYTES]
        return base64.urlsafe_b64encode(digest).decode()

    def key(self, table_id: int) -> str:
        """The id a URL carries for this table."""
        return f"{table_id}-{self._mac(table_id)}"

    def table_of(self, key: str) -> int | None:
        """The table a URL's id names, or None when it is malformed or its mac is wrong."""
        found = _ID.match(key)
        if found is None:
            return None
        table_id = int(found["table"])
        return table_id if hmac.compare_digest(found["mac"], self._mac(table_id)) else None
