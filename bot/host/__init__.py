"""The table host: the manager, the live tables, the turn clock, the computers and the pictures (no Discord here).

The host writes a table's state (plain values of bot/model/) and speaks through the texts (bot/texts/).
"""
