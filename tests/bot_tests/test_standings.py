"""Standings and their tie-breaks against figures worked out by hand (bot/model/standings.py, docs/tournaments.md)."""

from __future__ import annotations

from bot.model.standings import standings
from bot.model.tournament import Entrant, Game

ANA, BEN, CAI, DEV, ELI = 1, 2, 3, 4, 5
FIVE = [Entrant(ANA, "Ana"), Entrant(BEN, "Ben"), Entrant(CAI, "Cai"), Entrant(DEV, "Dev"), Entrant(ELI, "Eli")]


def played(round_no: int, first: int, second: int, winner: int, first_points: int, second_points: int) -> Game:
    return Game(round_no, first, second, None, winner, first_points, second_points, "played")


def bye(round_no: int, user: int) -> Game:
    return Game(round_no, user, None, None, user, 0, 0, "bye")


# Four rounds of five players, one bye a round:
#   R1: Cai bye;  Ana 30 - Dev 61 (Dev);  Ben 61 - Eli 50 (Ben)
#   R2: Eli bye;  Cai 61 - Dev 40 (Cai);  Ana 50 - Ben 61 (Ben)
#   R3: Ben bye;  Cai 30 - Ana 61 (Ana);  Eli 61 - Dev 20 (Eli)
#   R4: Ana bye;  Eli 61 - Cai 40 (Eli);  Ben 40 - Dev 61 (Dev)
FIVE_GAMES = [
    bye(1, CAI),
    played(1, ANA, DEV, DEV, 30, 61),
    played(1, BEN, ELI, BEN, 61, 50),
    bye(2, ELI),
    played(2, CAI, DEV, CAI, 61, 40),
    played(2, ANA, BEN, BEN, 50, 61),
    bye(3, BEN),
    played(3, CAI, ANA, ANA, 30, 61),
    played(3, ELI, DEV, ELI, 61, 20),
    bye(4, ANA),
    played(4, ELI, CAI, ELI, 61, 40),
    played(4, BEN, DEV, DEV, 40, 61),
]


def test_a_five_player_event_with_byes_breaks_ties_at_every_level() -> None:
    # Points (win 1, bye 1, loss 0):
    #   Ana: L Dev, L Ben, W Cai, bye  = 0+0+1+1 = 2
    #   Ben: W Eli, W Ana, bye, L Dev  = 1+1+1+0 = 3
    #   Cai: bye, W Dev, L Ana, L Eli  = 1+1+0+0 = 2
    #   Dev: W Ana, L Cai, L Eli, W Ben = 1+0+0+1 = 2
    #   Eli: L Ben, bye, W Dev, W Cai  = 0+1+1+1 = 3
    # Buchholz (opponents' final points; a bye: a virtual opponent with the player's own points):
    #   Ana: Dev 2 + Ben 3 + Cai 2 + bye 2 (her own) = 9
    #   Ben: Eli 3 + Ana 2 + bye 3 (his own) + Dev 2 = 10
    #   Cai: bye 2 (his own) + Dev 2 + Ana 2 + Eli 3 = 9
    #   Dev: Ana 2 + Cai 2 + Eli 3 + Ben 3 = 10
    #   Eli: Ben 3 + bye 3 (his own) + Dev 2 + Cai 2 = 10
    # Sonneborn-Berger (final points of the opponents beaten; a bye beats no one):
    #   Ana: Cai 2 = 2;  Ben: Eli 3 + Ana 2 = 5;  Cai: Dev 2 = 2;  Dev: Ana 2 + Ben 3 = 5;  Eli: Dev 2 + Cai 2 = 4
    # Game points (on the board; a bye scores none):
    #   Ana: 30 + 50 + 61 = 141;  Ben: 61 + 61 + 40 = 162;  Cai: 61 + 30 + 40 = 131
    #   Dev: 61 + 40 + 20 + 61 = 182;  Eli: 50 + 61 + 61 = 172
    # Order: Ben and Eli on 3 points and Buchholz 10: Sonneborn-Berger 5 > 4, Ben first.
    #        Dev, Ana, Cai on 2 points: Buchholz 10 > 9, Dev first (his SB and game points would not matter);
    #        Ana and Cai on 2 points, Buchholz 9, SB 2: game points 141 > 131, Ana first.
    table = standings(FIVE, FIVE_GAMES)
    got = [(s.rank, s.name, s.points, s.buchholz, s.sonneborn_berger, s.game_points, s.played) for s in table]
    assert got == [
        (1, "Ben", 3, 10, 5, 162, 4),
        (2, "Eli", 3, 10, 4, 172, 4),
        (3, "Dev", 2, 10, 5, 182, 4),
        (4, "Ana", 2, 9, 2, 141, 4),
        (5, "Cai", 2, 9, 2, 131, 4),
    ]
    assert not any(s.withdrawn for s in table)


def test_equal_figures_share_a_rank_in_name_order_and_undecided_games_count_for_nothing() -> None:
    # R1: Zoe 61 - Bo 40 (Zoe), Al 61 - Cy 40 (Al); R2: Zoe - Al undecided, Bo - Cy ended by the organiser.
    zoe, bo, al, cy = 10, 11, 12, 13
    entrants = [Entrant(zoe, "Zoe"), Entrant(bo, "Bo"), Entrant(al, "Al"), Entrant(cy, "Cy", withdrawn_round=3)]
    games = [
        played(1, zoe, bo, zoe, 61, 40),
        played(1, al, cy, al, 61, 40),
        Game(2, zoe, al),  # still being played: no points, no opponent, not played
        Game(2, bo, cy, None, None, 12, 30, "ended"),  # decided with no winner: no point for either
    ]
    # Points: Zoe 1, Al 1, Bo 0, Cy 0.
    # Buchholz: Zoe: Bo 0 = 0; Al: Cy 0 = 0; Bo: Zoe 1 + Cy 0 = 1; Cy: Al 1 + Bo 0 = 1.
    # Sonneborn-Berger: Zoe: Bo 0 = 0; Al: Cy 0 = 0; Bo, Cy: beat no one = 0.
    # Game points: Zoe 61, Al 61; Bo 40 + 12 = 52; Cy 40 + 30 = 70.
    # Zoe and Al are equal on every figure: rank 1 both, Al before Zoe by name; then Cy (70 > 52) and Bo.
    table = standings(entrants, games)
    got = [(s.rank, s.name, s.points, s.buchholz, s.game_points, s.played, s.withdrawn) for s in table]
    assert got == [
        (1, "Al", 1, 0, 61, 1, False),
        (1, "Zoe", 1, 0, 61, 1, False),
        (3, "Cy", 0, 1, 70, 2, True),
        (4, "Bo", 0, 1, 52, 2, False),
    ]


def test_a_withdrawn_players_lost_games_score_for_the_opponent() -> None:
    # Ana withdraws before round 2; her round-2 game is given to Ben: Ben 2 points, Ana 0.
    games = [played(1, ANA, BEN, BEN, 40, 61), Game(2, BEN, ANA, None, BEN, 0, 0, "withdrawn")]
    table = standings([Entrant(ANA, "Ana", withdrawn_round=2), Entrant(BEN, "Ben")], games)
    # Ben: Buchholz Ana 0 + Ana 0 = 0; SB 0; game points 61 + 0 = 61. Ana: Buchholz Ben 2 + Ben 2 = 4.
    assert [(s.name, s.points, s.buchholz, s.game_points, s.withdrawn) for s in table] == [
        ("Ben", 2, 0, 61, False),
        ("Ana", 0, 4, 40, True),
    ]
