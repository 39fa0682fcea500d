"""Condition markers: placing them (with immunities), taking them off, end-of-turn removal and
the Upkeep damage of Burn and Rot (MW-6.93-MW-6.96, MW-X-5.1-MW-X-6.44).

A condition is a marker on `Obj.markers` (MW-X-5.1); every marker counts (MW-X-5.2, MW-6.94).
`Obj.late` counts the markers of a condition whose end-of-turn effect waits for the end of the
creature's next action turn: those it got in its own turn from an enemy Damage Barrier or
Counterstrike (MW-3.36, MW-6.70, MW-X-5.8). Restrained and Incapacitated are states, derived in
`traits` from these markers and from grants (MW-X-6.35, MW-X-6.6, MW-X-6.23).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from grimorio.core.i18n import Text
from grimorio.games.mage_wars import traits
from grimorio.games.mage_wars.model import Obj

if TYPE_CHECKING:
    from grimorio.games.mage_wars.state import MageWarsState


@dataclass(frozen=True, slots=True)
class Condition:
    """What the rules say about one condition marker."""

    name: str
    es: str
    removal_cost: int | None    # mana to remove it by a spell that allows it (MW-6.105); None:
    #                             the creature's level (Sleep, MW-X-6.25)
    family: str | None          # flame / poison / psychic (MW-X-5.5)
    creatures_only: bool        # never on conjurations (MW-X-5.7)
    rule: str


CONDITIONS: dict[str, Condition] = {c.name: c for c in (
    Condition("burn", "Ardiendo", 2, "flame", False, "MW-X-6.3"),
    Condition("stun", "Aturdido", 4, None, True, "MW-X-6.8"),
    Condition("daze", "Confuso", 2, None, True, "MW-X-6.13"),
    Condition("weak", "Débil", 2, "poison", True, "MW-X-6.17"),
    Condition("cripple", "Lisiado", 4, "poison", True, "MW-X-6.20"),
    Condition("rot", "Podrido", 2, "poison", False, "MW-X-6.22"),
    Condition("sleep", "Dormido", None, "psychic", True, "MW-X-6.25"),
    # Taunt: the seed states no removal cost; grimorio's reading gives it 2, like Daze.
    Condition("taunt", "Provocado", 2, None, True, "MW-X-6.26"),
)}
CRIPPLE_REMOVAL = 7          # MW-X-6.19: 7 or more on the d12 shakes a Cripple marker off
_END_OF_TURN_OFF = ("stun", "daze", "taunt")     # MW-X-6.7, MW-X-6.12, MW-X-6.28


def can_have(st: MageWarsState, oid: int, name: str) -> bool:
    """Whether the object can take this condition now (MW-X-5.5-MW-X-5.7, MW-X-6.4,
    MW-X-9.1-MW-X-9.3)."""
    o = st.objs.get(oid)
    cond = CONDITIONS.get(name)
    if o is None or cond is None or not o.has_life:
        return False
    if cond.creatures_only and not o.is_creature:
        return False
    t = traits.traits(st, oid)
    if cond.family is not None and t.immune(cond.family):
        return False
    return not (name == "burn" and t.has("burnproof"))


def add(st: MageWarsState, oid: int, name: str, n: int, rule: str, *, late: bool = False) -> int:
    """Place `n` markers (MW-6.40, MW-6.42); returns how many were placed (0 when immune)."""
    if n <= 0:
        return 0
    if not can_have(st, oid, name):
        st.emit("condition-immune", "MW-X-9.1",
                Text(f"o{oid} cannot take {name}.", f"o{oid} no puede recibir {_es(name)}."),
                oid=oid, condition=name)
        return 0
    o = st.objs[oid]
    o.markers[name] = o.count(name) + n
    if late:
        o.late[name] = o.late.get(name, 0) + n
    st.emit("condition", rule, Text(f"o{oid} takes {n} {name}.",
                                    f"o{oid} recibe {n} {_es(name)}."),
            oid=oid, condition=name, n=n, late=late)
    if name in ("stun", "sleep") and o.guard:
        o.guard = False      # MW-X-6.38, MW-6.132: Incapacitated creatures lose their guard
        st.emit("guard-lost", "MW-X-6.38", Text(f"o{oid} stops guarding.",
                                                f"o{oid} deja de vigilar."), oid=oid)
    st.changed()
    return n


def remove(st: MageWarsState, oid: int, name: str, n: int) -> int:
    """Take off up to `n` markers (removing some leaves the rest working, MW-6.106);
    returns how many came off."""
    o = st.objs.get(oid)
    if o is None or n <= 0 or not o.count(name):
        return 0
    off = min(n, o.count(name))
    _set(o, name, o.count(name) - off)
    st.emit("condition-removed", "MW-6.96", Text(f"o{oid} loses {off} {name}.",
                                                 f"o{oid} pierde {off} {_es(name)}."),
            oid=oid, condition=name, n=off)
    st.changed()
    return off


def removal_cost(st: MageWarsState, oid: int, name: str) -> int | None:
    """The mana a removing spell or ability asks for one marker (MW-6.105, MW-X-5.3); Sleep
    costs the creature's level (MW-X-6.25)."""
    cond = CONDITIONS.get(name)
    if cond is None:
        return None
    return cond.removal_cost if cond.removal_cost is not None else traits.level(st, oid)


def _set(o: Obj, name: str, count: int) -> None:
    if count > 0:
        o.markers[name] = count
    else:
        o.markers.pop(name, None)
    if o.late.get(name, 0) > count:
        if count > 0:
            o.late[name] = count
        else:
            o.late.pop(name, None)


def end_of_turn(st: MageWarsState, oid: int) -> None:
    """The end of a creature's action turn (MW-3.35): Stun and Daze markers leave (MW-X-6.7,
    MW-X-6.12), each Cripple marker rolls to leave (MW-X-6.19, MW-C8, MW-B13); markers taken
    late this turn wait for the next one (MW-3.36, MW-X-5.8), and count normally from now on."""
    o = st.objs.get(oid)
    if o is None:
        return
    for name in _END_OF_TURN_OFF:
        gone = o.count(name) - o.late.get(name, 0)
        if gone > 0:
            remove(st, oid, name, gone)
    tries = o.count("cripple") - o.late.get("cripple", 0)
    if tries > 0:
        rolls = st.roll(tries, Text(f"o{oid} tries to shake off Cripple",
                                    f"o{oid} intenta quitarse Lisiado"), "MW-X-6.19", sides=12)
        remove(st, oid, "cripple", sum(1 for r in rolls if r >= CRIPPLE_REMOVAL))
    if o.late:
        o.late = {}
        st.changed()


def wake(st: MageWarsState, oid: int) -> None:
    """Damage of 1 or more turns every Sleep marker into a Daze marker (MW-X-6.24, MW-C11)."""
    o = st.objs.get(oid)
    if o is None or not o.count("sleep"):
        return
    n = o.count("sleep")
    _set(o, "sleep", 0)
    o.markers["daze"] = o.count("daze") + n
    st.emit("wake", "MW-X-6.24", Text(f"o{oid} wakes up dazed.", f"o{oid} despierta confuso."),
            oid=oid, n=n)
    st.changed()


def upkeep_damage(st: MageWarsState, oid: int, which: str, *, check: bool = True) -> int:
    """Burn (one attack die per marker: its value as direct damage, a blank removes that marker,
    MW-X-6.1, MW-X-6.2, MW-C1) or Rot (1 direct damage per marker, MW-X-6.21) in Upkeep.
    Returns the damage dealt; `check=False` leaves the end check to the caller (MW-A9)."""
    from grimorio.games.mage_wars.rules import damage

    o = st.objs.get(oid)
    if o is None or not o.count(which):
        return 0
    if which == "rot":
        return damage.deal(st, oid, o.count("rot"), source=None, direct=True, rule="MW-X-6.21",
                           dtype="poison", check=check)
    normal, critical, faces = damage.attack_dice(
        st, o.count("burn"), Text(f"Burn on o{oid}", f"Ardiendo en o{oid}"), "MW-X-6.1")
    blanks = sum(1 for f in faces if damage.ATTACK_FACES[f] == (0, 0))
    dealt = damage.deal(st, oid, normal + critical, source=None, direct=True, rule="MW-X-6.2",
                        dtype="flame", check=check)
    if blanks and oid in st.objs:
        remove(st, oid, "burn", blanks)
    return dealt


def _es(name: str) -> str:
    cond = CONDITIONS.get(name)
    return cond.es if cond else name
