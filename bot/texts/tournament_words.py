"""The words of tournaments: the sign-up message, a round's pairings, results, standings and the winner."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ..model.posts import StandingsWords
from ..model.seating import Seating
from ..model.standings import Standing
from ..model.tournament import Entrant, Event, EventStatus, Game
from .i18n import t
from .pace_words import pace_label
from .seat_names import side_name

SHOWN_NAMES = 40  # names listed under the sign-up count (a message holds 2000 characters)


def number(value: float) -> str:
    """3, 2.5: a tournament's points without a trailing .0."""
    return f"{value:g}"


def format_label(lang: str, event: Event) -> str:
    return t(lang, f"event-format-{event.format.value}", rounds=event.rounds)


def event_signup(event: Event, entrants: Sequence[Entrant], clock: Callable[[float], str]) -> str:
    """The sign-up message: what the event is, who is in, and when sign-ups close."""
    lang = event.lang
    lines = [_heading(event)]
    lines.append(t(lang, "event-signup-count", count=len(entrants)))
    if entrants:
        shown = ", ".join(e.name for e in entrants[:SHOWN_NAMES])
        lines.append(shown + (" …" if len(entrants) > SHOWN_NAMES else ""))
    if event.status is not EventStatus.SIGNUP:
        lines.append(t(lang, "event-signup-closed"))
    elif event.close_at is not None:
        lines.append(t(lang, "event-signup-closes", when=clock(event.close_at)))
    else:
        lines.append(t(lang, "event-signup-open"))
    return "\n".join(lines)


def _heading(event: Event) -> str:
    lang = event.lang
    head = t(
        lang,
        "event-signup",
        name=event.name,
        format=format_label(lang, event),
        pace=pace_label(lang, event.pace),
        organiser=f"<@{event.organiser_id}>",
    )
    return head if event.rated else f"{head}\n{t(lang, 'event-unrated')}"


def event_joined(locale: str, event: Event) -> str:
    return t(locale, "event-joined", name=event.name)


def event_left(locale: str, event: Event) -> str:
    """The answer to a withdrawal: before the start, a sign-up undone; once it runs, a match lost and no pairings."""
    return t(locale, "event-left-playing" if event.status is EventStatus.RUNNING else "event-left", name=event.name)


MENTIONED_MOST = 40  # entrants the start post mentions by name (each a ping); a bigger field is only counted


def event_started(event: Event, entrants: Sequence[Entrant]) -> str:
    """The event begins: its size, and who plays (mentioned: a player with a bye in round 1 hears of it here)."""
    said = t(event.lang, "event-started", name=event.name, count=len(entrants), rounds=event.rounds)
    if len(entrants) > MENTIONED_MOST:
        return said
    players = " · ".join(f"<@{e.user_id}>" for e in entrants)
    return f"{said}\n{t(event.lang, 'event-started-players', players=players)}"


def started_mentions(entrants: Sequence[Entrant]) -> tuple[int, ...]:
    """Whom `event_started` mentions."""
    return () if len(entrants) > MENTIONED_MOST else tuple(e.user_id for e in entrants)


def event_started_note(locale: str, event: Event) -> str:
    return t(locale, "event-started-note", name=event.name, round=event.round)


def event_round(
    event: Event,
    entrants: Sequence[Entrant],
    games: Sequence[Game],
    threads: Mapping[int, int],
    clock: Callable[[float], str],
) -> str:
    """A round's pairings as it opens: each match's thread, byes, and the round's deadline."""
    lang = event.lang
    names = {e.user_id: e.name for e in entrants}
    lines = [t(lang, "event-round", name=event.name, round=event.round, rounds=event.rounds)]
    lines += [_pair_line(lang, names, g, threads) for g in games if g.round == event.round]
    if event.round_deadline is not None:
        lines.append(t(lang, "event-deadline", when=clock(event.round_deadline)))
    return "\n".join(lines)


def event_pairings(event: Event, entrants: Sequence[Entrant], games: Sequence[Game], lang: str | None = None) -> str:
    """Every round so far, each pairing with its result (`/five-up tournament pairings`, in the reader's `lang`)."""
    lang = lang or event.lang
    if not games:
        return t(lang, "event-no-pairings", name=event.name)
    names = {e.user_id: e.name for e in entrants}
    lines: list[str] = []
    for round_no in sorted({g.round for g in games}):
        lines.append(t(lang, "event-round", name=event.name, round=round_no, rounds=event.rounds))
        lines += [_pair_line(lang, names, g, {}) for g in games if g.round == round_no]
    return "\n".join(lines)


def _pair_line(lang: str, names: Mapping[int, str], game: Game, threads: Mapping[int, int]) -> str:
    first = names.get(game.first, "?")
    if game.second is None:
        return "- " + t(lang, "event-bye", player=first)
    second = names.get(game.second, "?")
    if game.decided:
        return "- " + t(lang, "event-pair-result", first=first, second=second, result=result_words(lang, names, game))
    thread = threads.get(game.first)
    where = f"<#{thread}>" if thread is not None else t(lang, "event-game-playing")
    return "- " + t(lang, "event-pair", first=first, second=second, where=where)


def result_words(lang: str, names: Mapping[int, str], game: Game) -> str:
    if game.winner is None:
        return t(lang, "event-game-ended")
    winner = names.get(game.winner, "?")
    loser = names.get(game.second if game.winner == game.first else game.first, "?")  # type: ignore[arg-type]
    if game.how == "forfeit":
        return t(lang, "event-won-forfeit", winner=winner)
    if game.how == "withdrawn":
        return t(lang, "event-won-withdrawn", winner=winner, loser=loser)
    if game.how == "ended":
        return t(lang, "event-won-ended", winner=winner, first=game.first_points, second=game.second_points)
    return t(lang, "event-won-by", winner=winner)


def event_game_stopped(lang: str, event_name: str, winner: str | None) -> str:
    """What a tournament's match ended early counts for: the game to the side ahead, or to nobody when level."""
    if winner is None:
        return t(lang, "event-game-stopped-level", name=event_name)
    return t(lang, "event-game-stopped-won", name=event_name, winner=winner)


def event_standings(
    event: Event, table: Sequence[Standing], *, final: bool, lang: str | None = None, early: bool = False
) -> str:
    """The standings as text, in the event's language (posted) or a reader's (`lang`, a private answer);
    `early`: the organiser ended the event before its last round was over (no final standings, no winner)."""
    lang = lang or event.lang
    title = _standings_title(event, final, lang, early, underway(event, table))
    lines = [title]
    for s in table:
        line = t(
            lang,
            "event-standings-line",
            rank=s.rank,
            player=s.name,
            points=number(s.points),
            count=int(s.points) if s.points == int(s.points) else s.points,  # "1 pt", "2 pts", "1.5 pts"
            buchholz=number(s.buchholz),
            sb=number(s.sonneborn_berger),
            gp=s.game_points,
        )
        lines.append(f"{line} {t(lang, 'event-standings-withdrew')}" if s.withdrawn else line)
    lines.append(t(lang, "event-standings-legend"))
    return "\n".join(lines)


def underway(event: Event, table: Sequence[Standing]) -> bool:
    """The event's current round is still being played: a player still in it has not had their game of it
    decided (every round gives each player one game, a bye included)."""
    if event.status is not EventStatus.RUNNING:
        return False
    return any(not s.withdrawn and s.played < event.round for s in table)


def _standings_title(event: Event, final: bool, lang: str, early: bool = False, during: bool = False) -> str:
    if early:
        return t(lang, "event-standings-ended", name=event.name, round=event.round, rounds=event.rounds)
    if final:
        return t(lang, "event-standings-final", name=event.name)
    if during:
        return t(lang, "event-standings-during", name=event.name, round=event.round, rounds=event.rounds)
    return t(lang, "event-standings-title", name=event.name, round=event.round, rounds=event.rounds)


def standings_words(
    event: Event, table: Sequence[Standing], *, final: bool, lang: str | None = None, early: bool = False
) -> StandingsWords:
    lang = lang or event.lang
    headers = {
        "rank": t(lang, "standings-rank"),
        "name": t(lang, "standings-name"),
        "points": t(lang, "standings-points"),
        "buchholz": t(lang, "standings-buchholz"),
        "sonneborn_berger": t(lang, "standings-sb"),
        "game_points": t(lang, "standings-gp"),
        "more": t(lang, "standings-more", count="{count}"),  # the picture fills the count in
    }
    title = _standings_title(event, final, lang, early, underway(event, table)).replace("**", "")
    return StandingsWords(title, format_label(lang, event), headers)


def event_over(event: Event, winners: Sequence[Standing]) -> str:
    """The winner (or winners, sharing the first rank), mentioned: the post is for them."""
    return t(event.lang, "event-over", name=event.name, winner=" & ".join(f"<@{s.user_id}>" for s in winners))


def event_withdrew(event: Event, name: str) -> str:
    return t(event.lang, "event-withdrew", name=event.name, player=name)


def match_withdrew(lang: str, seating: Seating, seat: int, winner: int, event_name: str) -> str:
    """Said in a match's thread when a player of it withdrew from its tournament: the side that wins by it."""
    player = t(lang, "player-called", name=seating.names[seat])
    return t(lang, "event-match-withdrew", player=player, name=event_name, winner=side_name(lang, seating, winner))


def event_ended(event: Event, organiser: str) -> str:
    return t(event.lang, "event-ended", name=event.name, organiser=organiser)


def event_too_few(event: Event, least: int, count: int) -> str:
    return t(event.lang, "error-event-too-few", name=event.name, min=least, count=count)


def match_opening(event: Event, game: Game) -> str:
    """The channel message a match's thread hangs from: both players mentioned."""
    return t(
        event.lang,
        "event-match-opening",
        name=event.name,
        round=game.round,
        first=f"<@{game.first}>",
        second=f"<@{game.second}>",
    )


def event_thread_name(event: Event, game: Game, names: tuple[str, str]) -> str:
    """A match's thread name (Discord: at most 100 characters)."""
    text = t(event.lang, "event-thread-name", name=event.name, round=game.round, first=names[0], second=names[1])
    return text[:100]
