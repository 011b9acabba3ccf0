"""A fake Discord for end-to-end tests: the real discord.py bot, with only the HTTP layer faked.

Usage
-----
Tests import it as ``support.discord_fake`` (pytest's ``pythonpath`` is ``tests/``)::

    from support.discord_fake import FakeDiscord, FakeGuild, FakeUser

    async def test_a_table(tmp_path):
        alice = FakeUser("alice", locale="ko")           # becomes interaction.locale
        bob = FakeUser("bob", locale="es-ES")
        guild = FakeGuild("Club", preferred_locale="es-ES", members=[alice, bob])  # channels=["general"]
        fake = await FakeDiscord.start(MyBot(...), guilds=[guild])   # login + setup_hook + READY
        try:
            general = fake.channel("general")               # the bot's own discord.TextChannel
            start = await fake.slash(alice, general, "five-up start", lang="ko")
            assert start.ok and start.last_reply.content == "..."
            await fake.click(bob, start.last_reply, "5up:lobby:1:join")
            hint = await fake.autocomplete(alice, general, "five-up play", focused="tile", value="3")
            assert [c["value"] for c in hint.choices] == [...]
            board = fake.last_message(general)              # public message: content, embeds, files
            assert board.attachments[0].data.startswith(b"\\x89PNG")
            fake.assert_clean()                             # nothing Discord would refuse or show broken
        finally:
            await fake.close()

Acting as users (each returns an `InteractionRecord` once the bot has settled; `settle=False` to
return at once): ``slash(user, channel, "group sub", **options)``, ``autocomplete(..., focused=,
value=, **other_options)``, ``click(user, message, custom_id)``, ``select(user, message,
custom_id, values)``, ``submit_modal(user, record_that_opened_it, {custom_id: text})``.
Impossible input (an undeclared or missing option, a value outside `choices`/min/max, a disabled
button, someone else's ephemeral message) raises `ValueError`/`KeyError` before anything is sent.

Inspecting: ``messages(channel)`` (public, oldest first), ``last_message(channel)``,
``ephemeral_messages(user)``, ``dm_messages(user)``, ``thread_members(thread)``,
``synced_commands(guild=None)``, ``requests`` / ``requests_to(method, path_template)``,
``interactions``, ``uploads(channel=None)`` (every attachment ever sent, edited away or not). A
`FakeMessage` has ``content``, ``embeds`` (discord.Embed), ``attachments`` (`FakeFile` with
``filename``, ``data``, ``size``, ``image_size``, ``description``: the alt text), ``components``,
``custom_ids()``, ``component(custom_id)``, ``text`` (every visible word), ``ephemeral``,
``visible_to``, ``history`` (earlier versions), ``deleted``. An `InteractionRecord` has
``response_type``, ``response_delay``, ``original`` (the response message, or the clicked message
after an update), ``followups``, ``messages``, ``last_reply``, ``choices``, ``modal``, ``failed``
("This interaction failed": never answered), ``problems`` and ``ok``.

Rules the fake enforces as Discord does, answering with the same HTTP errors: one initial response
per interaction (40060), followups and edits only after it (10015), the response deadline (3 s by
default, `response_deadline=`; 10062), callback types allowed per interaction type, message limits
(content, embeds, components, files and their descriptions; 50035/50006), autocomplete choice limits, command
registration limits, and the bot's channel permissions (computed by discord.py from the roles and
overwrites in the specs; 50013), DMs a user refuses (50007). A "thinking…" defer never followed up
is a problem too. `problems()` lists all of these plus every ERROR the bot logged (a swallowed
exception still fails `assert_clean()`); a route the fake does not know raises
`UnhandledRouteError` in the bot and is listed as well, so nothing passes silently. `fail_next`
makes one route fail on purpose (e.g. a Forbidden); `limit_rate(method, path, limit=, per=)`
answers 429 with a Retry-After beyond a per-channel rate, and discord.py's own `HTTPClient.request`
(which runs unchanged over the fake session) waits and sends again.

Faults (faults.py, gateway_faults.py): ``fake.faults`` answers a share of the requests, or those
of one route or thread, with a 429 (per route or global, with a tiny ``Retry-After``), a 5xx, a
timeout or a dropped connection (applied or not) or a slow answer, from a seeded random;
``fake.faults.clear()`` ends the incident. Each `CapturedRequest` has ``at`` and ``outcome``;
``faults.per_second`` counts them.
``close_gateway(resumable=)`` drops the session; ``resume_gateway()`` replays what it missed,
``identify_again()`` starts a fresh one (READY, GUILD_CREATE, on_ready once more).

Network: ``fake.backend.latency = 0.05`` makes every request take that long to reach Discord (0 by
default), so requests in flight can overtake each other as they do on a real network;
``fake.backend.door.clear()`` holds every request at Discord's door until ``door.set()``, so a handler
is still running at a moment the test picks, however busy the machine.

Time: ``wait_idle()`` returns when nothing is ready to run, no executor or aiosqlite job is in
flight and no timer is due within `settle_horizon` seconds (1 s by default); later timers (view
timeouts, turn clocks) are left alone. ``wait_idle(horizon=5)`` waits for a shorter clock.
``restart(new_client)`` closes the bot and starts another on the same Discord: messages, threads
and commands survive, so persistent views can be tested across a restart; ``seed_message(channel,
content=, view=)`` plants a message the bot posted "before" this session.

Why real Interactions and a fake HTTP layer, not a fake gateway or mocks
------------------------------------------------------------------------
What reaches a bot from Discord is JSON handed to `ConnectionState.parsers[EVENT]`; the websocket
around it (identify, heartbeats, zlib, resume) carries no behaviour the bot's code touches. So
the fake calls those parsers with Discord-shaped payloads, exactly where the real websocket would,
and discord.py builds its own Guild, Member, channel, thread and `Interaction` objects. The
command tree then parses options, runs transformers, checks, autocomplete and error handlers; the
view store finds persistent views and `DynamicItem`s; `InteractionResponse` keeps its own state:
all unchanged. Mocked Interactions would test our beliefs about discord.py instead of discord.py.
Everything a bot does goes out as HTTP requests, so that is the one layer replaced: a
`discord.http.HTTPClient` subclass plus a reroute of the webhook adapter interactions use. There
each request is captured with its bytes and answered like Discord, with ids, attachments, CDN
urls and errors, which makes the captures the ground truth of what users would have seen.
"""

from .faults import FaultRule, Faults
from .harness import FakeDiscord
from .messages import FakeFile, FakeMessage
from .records import CapturedRequest, InteractionRecord
from .specs import FakeChannel, FakeGuild, FakeMember, FakeRole, FakeThread, FakeUser, Overwrite
from .transport import FakeHTTPError, UnhandledRouteError

__all__ = [
    "CapturedRequest",
    "FakeChannel",
    "FakeDiscord",
    "FakeFile",
    "FakeGuild",
    "FakeHTTPError",
    "FakeMember",
    "FakeMessage",
    "FakeRole",
    "FakeThread",
    "FakeUser",
    "FaultRule",
    "Faults",
    "InteractionRecord",
    "Overwrite",
    "UnhandledRouteError",
]
