"""Lookups of a battle that never change, worked out once when the battle is built.

Who carries which item, the kind of every item, the bound-spell items, each side's wizards: the
legal lists and the checks read these instead of scanning every item of the battle at every step.
Shared by every state of the battle and by all its clones. Nothing in here changes after
`build_index` but the message stores (`summaries`, `texts`), which only keep messages that depend
on nothing but their key.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from grimorio.core.i18n import Text
from grimorio.games.wh6_magic.data import ItemDef, SpellDef
from grimorio.games.wh6_magic.model import Character, ItemState, Unit

MAX_TEXTS = 20_000


@dataclass(frozen=True, slots=True)
class BoundItem:
    """A bound-spell item instance (WH6-X8) and what it casts."""

    instance: str
    bearer: str
    item: str
    spell: str
    side: int


@dataclass(frozen=True, slots=True)
class BattleIndex:
    """Static lookups; `items_of(bearer, kind)` keeps the battle's item order."""

    kind: dict[str, str]  # item instance -> item kind
    carried: dict[tuple[str, str], tuple[str, ...]]  # (bearer, kind) -> item instances
    of_side: dict[tuple[int, str], tuple[str, ...]]  # (side, kind) -> item instances
    capped: dict[str, int]  # power item instance -> dice counting towards level + 1 (WH6-1.6)
    bound: tuple[tuple[BoundItem, ...], tuple[BoundItem, ...]]  # by side
    wizards: tuple[tuple[str, ...], tuple[str, ...]]  # each side's wizards, in battle order
    casters: tuple[tuple[tuple[str, tuple[str, ...]], ...], ...]  # by side: (wizard, power items)
    givers: tuple[tuple[str, ...], tuple[str, ...]]  # by side: who may give dispel dice (WH6-X3)
    tied: dict[str, tuple[str, ...]]  # character -> his tied dispel bonus items (WH6-8.2)
    bonus_holders: tuple[tuple[str, ...], tuple[str, ...]]  # by side: own bonus or tied items
    spells: dict[str, SpellDef]
    worth: tuple[float, float]  # each side's points at the start: what the enemy could score
    summaries: dict[str, Text] = field(default_factory=dict)  # filled as spells are announced
    texts: dict[tuple[Any, ...], Text] = field(default_factory=dict)  # see `text`

    def items_of(self, bearer: str, kind: str) -> tuple[str, ...]:
        return self.carried.get((bearer, kind), ())

    def side_items(self, side: int, kind: str) -> tuple[str, ...]:
        return self.of_side.get((side, kind), ())

    def text(self, key: tuple[Any, ...], build: Callable[..., Text], *args: Any) -> Text:
        """A message that depends only on `key` (and this battle): `build(*args)`, once."""
        found = self.texts.get(key)
        if found is None:
            found = self.remember(key, build(*args))
        return found

    def remember(self, key: tuple[Any, ...], text: Text) -> Text:
        """Keep `text` under `key`; the store starts afresh past `MAX_TEXTS` (dice rolls are in
        some keys, so there are many possible ones)."""
        if len(self.texts) >= MAX_TEXTS:
            self.texts.clear()
        self.texts[key] = text
        return text

    def summary(self, spell_id: str) -> Text:
        """The spell's difficulty, range and effects (WH6-A24), built once."""
        text = self.summaries.get(spell_id)
        if text is None:
            text = self.summaries[spell_id] = self.spells[spell_id].summary()
        return text


def build_index(units: dict[str, Unit], chars: dict[str, Character],
                items: dict[str, ItemState], defs: dict[str, ItemDef],
                spells: dict[str, SpellDef]) -> BattleIndex:
    kind: dict[str, str] = {}
    carried: dict[tuple[str, str], list[str]] = {}
    of_side: dict[tuple[int, str], list[str]] = {}
    capped: dict[str, int] = {}
    bound: tuple[list[BoundItem], list[BoundItem]] = ([], [])
    tied: dict[str, list[str]] = {}
    for instance, item in items.items():
        spec = defs[item.item]
        kind[instance] = spec.kind
        carried.setdefault((item.bearer, spec.kind), []).append(instance)
        of_side.setdefault((item.side, spec.kind), []).append(instance)
        if spec.kind == "power_dice":
            capped[instance] = 0 if spec.exceeds_max else spec.dice
        if spec.kind == "bound_spell":
            bound[item.side].append(BoundItem(instance, item.bearer, item.item, spec.spell,
                                              item.side))
        if spec.kind == "dispel_bonus" and spec.tied:
            tied.setdefault(item.bearer, []).append(instance)
    wizards = tuple(tuple(c.id for c in chars.values() if c.wizard and c.side == side)
                    for side in (0, 1))
    holders = tuple(tuple(c.id for c in chars.values()
                          if c.side == side and (c.dispel_bonus or c.id in tied))
                    for side in (0, 1))
    worth = [0.0, 0.0]
    for u in units.values():
        worth[u.side] += u.points * u.start_models
    for c in chars.values():
        worth[c.side] += c.points + (c.mount.points if c.mount is not None else 0.0)
    stones = {k[0]: tuple(v) for k, v in carried.items() if k[1] == "power_dice"}
    casters = tuple(tuple((w, stones.get(w, ())) for w in wizards[side]) for side in (0, 1))
    givers = tuple(tuple(c.id for c in chars.values()
                         if c.side == side and (c.wizard or c.dispel_dice)) for side in (0, 1))
    return BattleIndex(kind, {k: tuple(v) for k, v in carried.items()},
                       {k: tuple(v) for k, v in of_side.items()}, capped,
                       (tuple(bound[0]), tuple(bound[1])), (wizards[0], wizards[1]), casters,
                       (givers[0], givers[1]),
                       {k: tuple(v) for k, v in tied.items()}, (holders[0], holders[1]), spells,
                       (worth[0], worth[1]))
