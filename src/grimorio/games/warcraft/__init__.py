"""Warcraft: The Board Game (Fantasy Flight Games, 2003): races, economy, dice combat, scenarios.

The rules reference is docs/rules/warcraft.md (ids WC-n.m, WC-An, WC-Xn); the data files under
`data/` are described in docs/games/warcraft.md and read by `grimorio.games.warcraft.data`.
"""
