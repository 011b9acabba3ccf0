"""The table host: the manager, the live tables, the turn clock, the computers and the pictures (no Discord here).

The texts read the host's plain values (a table, its seats) and the host speaks through the texts, so the
texts load first, whichever module of the two wings is imported first.
"""

from .. import texts as texts
