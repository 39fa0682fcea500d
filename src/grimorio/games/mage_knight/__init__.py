"""Mage Knight Rebellion (WizKids, 2000): miniatures with combat dials.

The rules reference is `docs/rules/mage-knight.md` (ids `MK-n.m`, `MK-Gn`, `MK-An`, `MK-Xn`).
The figures, the ability colour code and ready-made armies are in this package's `data/` folder
and are read by `grimorio.games.mage_knight.data`.
"""
