"""The listener hook on the host's public posts: the site hears each placement as Discord does.

`HeardPublisher` stands between the game manager and the Discord publisher (bot/edge/app.py puts it
there): every post goes on to the publisher unchanged, then to each listener, which must not block
(the host publishes under the table's lock). A listener that fails is logged and the post still went out.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from ..host.table_roles import Publisher
from ..model.posts import Post

log = logging.getLogger(__name__)

Listener = Callable[[Post], None]


class HeardPublisher:
    def __init__(self, inner: Publisher) -> None:
        self.inner = inner
        self.listeners: list[Listener] = []

    def publish(self, post: Post) -> None:
        self.inner.publish(post)
        for listener in tuple(self.listeners):
            try:
                listener(post)
            except Exception:
                log.exception("a listener of table %s's posts failed", post.table_id)
