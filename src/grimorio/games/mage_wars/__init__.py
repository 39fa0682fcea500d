"""Mage Wars (`mage-wars`): the arena duel with spellbooks, Apprentice mode first.

The rules reference is ``docs/rules/mage-wars.md`` (ids ``MW-…``); the static data (keywords,
apprentice cards and spellbooks, arenas) is in ``data/`` and is read by `.data`. The engine itself
is still to come.
"""
