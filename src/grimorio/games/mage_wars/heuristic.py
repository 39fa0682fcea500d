"""mage-wars' evaluation hook for the bots: `evaluate(state, seat)` in [-1, 1].

At the end, the returns. Before it, each side gets a worth counted in points of a mage's life:

* its mage's life left (life − damage, MW-1.6, MW-5.25), plus `ARMOR` per point of armor;
* each creature it controls: `CREATURE_LIFE` per point of life left, `CREATURE_ARMOR` per point of
  armor and `DICE` per die of its strongest printed attack (MW-6.7);
* its mana, `MANA` per point (what it will buy next);
* each equipment card on its mage, `EQUIP` plus `EQUIP_LEVEL` per level; each enchantment it
  controls, face up or down, `ENCHANT` (only the count of face-down ones is public, MW-5.78, so
  their identity is never read);
* condition markers (MW-X-5.1) on its objects cost `CONDITION[name]` each, halved on creatures.

Planned spells are ignored: the opponent's are hidden (MW-3.20). Life and armor come from
`traits` (printed values plus revealed effects, all public). The value for `seat` is
``tanh((worth(seat) − worth(other)) / SCALE)``: exactly zero-sum for the two seats. With three
or four players (Chapter IX) a side's worth is the sum of its seats still in the game (a team's
two mages, MW-9.8), and the value compares it with the strongest other side.
"""

from __future__ import annotations

import math

from grimorio.core.state import State
from grimorio.games.mage_wars import traits
from grimorio.games.mage_wars.model import Obj
from grimorio.games.mage_wars.state import MageWarsState

ARMOR = 1.0
CREATURE_LIFE = 0.35
CREATURE_ARMOR = 0.3
DICE = 0.5
MANA = 0.3
EQUIP = 1.0
EQUIP_LEVEL = 0.5
ENCHANT = 1.0
CONDITION = {"burn": 1.5, "rot": 1.0, "stun": 2.0, "sleep": 2.0, "daze": 0.7, "weak": 0.7,
             "cripple": 0.7}
CREATURE_CONDITION = 0.5
SCALE = 12.0


def evaluate(state: State, seat: int) -> float:
    """How good `state` is for `seat`, from -1 (lost) to 1 (won)."""
    assert isinstance(state, MageWarsState)
    if state.is_terminal():
        return state.returns()[seat]
    if len(state.players) > 2:
        return math.tanh((side_worth(state, seat) - max(
            (side_worth(state, other) for other in state.enemies(seat)), default=0.0)) / SCALE)
    mine, theirs = worth(state, seat), worth(state, state.opponent(seat))
    return math.tanh((mine - theirs) / SCALE)


def side_worth(st: MageWarsState, seat: int) -> float:
    """What the side of `seat` is worth: its seats still in the game (MW-9.8, MW-B29)."""
    return sum(worth(st, p.seat) for p in st.players
               if not p.out and st.allied(seat, p.seat))


def worth(st: MageWarsState, seat: int) -> float:
    """What `seat`'s side is worth, in points of mage life (see the module docstring)."""
    player = st.player(seat)
    value = MANA * player.mana
    for obj in st.objs.values():
        if obj.controller == seat:
            value += _object_worth(st, obj)
    return value


def _object_worth(st: MageWarsState, obj: Obj) -> float:
    if obj.kind == "mage":
        return _life_left(st, obj) + ARMOR * traits.armor(st, obj.oid) - _conditions(obj, 1.0)
    if obj.kind == "creature":
        return (CREATURE_LIFE * _life_left(st, obj) + CREATURE_ARMOR * traits.armor(st, obj.oid)
                + DICE * _best_dice(st, obj) - _conditions(obj, CREATURE_CONDITION))
    if obj.kind == "equipment":
        return EQUIP + EQUIP_LEVEL * st.card(obj.card).level
    if obj.kind == "enchantment":
        return ENCHANT       # never read the card: a face-down one is hidden (MW-5.78)
    return 0.0


def _life_left(st: MageWarsState, obj: Obj) -> float:
    return float(max(0, traits.life(st, obj.oid) - obj.damage))


def _best_dice(st: MageWarsState, obj: Obj) -> int:
    """The most dice among the creature's printed attack bars (MW-6.7)."""
    return max((a.dice for a in st.card(obj.card).attacks), default=0)


def _conditions(obj: Obj, weight: float) -> float:
    return weight * sum(CONDITION.get(name, 0.5) * n for name, n in obj.markers.items())
