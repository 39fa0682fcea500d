"""Special abilities of units (section 12): Area Attack, Heal, Poison, Bloodlust, Raise Dead.

An ability is printed on the top card of a type and covers every unit of that type its player
owns (WC-12.1); "a fighting unit with the ability" counts flank units too. The combat
(rules/combat.py) asks this module at fixed points: the Poison choices at a round's start
(`poison <step> [<step>]`), the strike-ahead order of a step, the Bloodlust die, the value of
a die, Heal's saving, the Raise Dead choice after a roll (`raise <n>`) and the trim at the end.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

from grimorio.core.i18n import Text
from grimorio.games.warcraft.actions import Ask, WCAction, act
from grimorio.games.warcraft.rules.combat import (
    STACK,
    STEPS,
    Battle,
    battle,
    dice_count,
    fighters,
    groups,
    name,
    nombre,
)

if TYPE_CHECKING:
    from grimorio.games.warcraft.state import WarcraftState

POISON_ALL = 3          # this many Poison units strike ahead in every step (WC-12.4)


def carrying(st: WarcraftState, b: Battle, seat: int, ability: str) -> int:
    """How many of `seat`'s fighting units have `ability`, flanks included (WC-12.1)."""
    return sum(n for _, kind, n in groups(st, b, seat) if st.ability(seat, kind) == ability)


def area_attack(st: WarcraftState, seat: int, step: str) -> bool:
    """Area Attack belongs to the type attacking in the step; the Bloodlust die shares it
    (WC-12.2, WC-A17)."""
    return st.ability(seat, step) == "area_attack"


def bloodlust(st: WarcraftState, b: Battle, seat: int) -> int:
    """One bonus die per step for a player attacking with a Bloodlust unit in the fight; the
    caller only asks when he rolls at least one die (WC-12.6, WC-11.8)."""
    return 1 if carrying(st, b, seat, "bloodlust") else 0


def heal(st: WarcraftState, b: Battle, side: int, owed: int) -> int:
    """Heal saves one casualty per step for each player of the side with a healer fighting,
    on the side's first batch of losses in the step (WC-12.3, WC-A18)."""
    healers = [s for s in b.sides[side] if carrying(st, b, s, "heal")]
    saved = min(owed, len(healers))
    if saved:
        b.healed[side] = True
        st.emit("heal", "WC-12.3",
                Text(f"Heal: {name(healers[0])} loses {saved} unit(s) fewer this step.",
                     f"Curar: {nombre(healers[0])} pierde {saved} unidad(es) menos en esta "
                     f"fase."), seats=healers, saved=saved)
    return saved


# ---------------------------------------------------------------------------- Poison

def push_poison(st: WarcraftState, b: Battle) -> None:
    """At a round's start each player with Poison units names their steps, defenders first;
    three or more strike ahead in every step, the count taken again each round (WC-12.4,
    WC-A18)."""
    asks = []
    for seat in fighters(st, b):
        n = carrying(st, b, seat, "poison")
        if n >= POISON_ALL:
            b.poison[seat] = frozenset(STEPS)
            st.emit("poison", "WC-12.4",
                    Text(f"{name(seat)}'s Poison strikes ahead in every step.",
                         f"El Veneno de {nombre(seat)} golpea primero en todas las fases."),
                    seat=seat, steps=list(STEPS))
        elif n:
            asks.append(PoisonAsk(seat, n))
    st.frames.extend(reversed(asks))


def poison_action(steps: tuple[str, ...]) -> WCAction:
    return act("poison", *steps)


@dataclass(slots=True)
class PoisonAsk(Ask):
    """`poison <step> [<step>]`: one step per Poison unit; naming a step twice gains nothing,
    so the options name distinct steps (WC-12.4)."""

    seat: int
    units: int
    rule = "WC-12.4"

    def options(self, st: WarcraftState) -> list[WCAction]:
        return [poison_action(c) for c in combinations(STEPS, min(self.units, len(STEPS)))]

    def answer(self, st: WarcraftState, action: WCAction) -> None:
        st.frames.pop()
        steps = tuple(action.text.split()[1:])
        battle(st).poison[self.seat] = frozenset(steps)
        st.emit("poison", "WC-12.4",
                Text(f"{name(self.seat)}'s Poison strikes ahead in: {', '.join(steps)}.",
                     f"El Veneno de {nombre(self.seat)} golpea primero en: "
                     f"{', '.join(steps)}."), seat=self.seat, steps=list(steps))


def strike_ahead(st: WarcraftState, b: Battle, step: str) -> tuple[int, ...]:
    """The players who roll first this step: Poison players of one side with dice to roll;
    when both sides strike ahead, nobody does (WC-12.4, WC-A18)."""
    first = tuple(s for s in b.seats()
                  if step in b.poison.get(s, ()) and dice_count(st, b, s, step))
    sides = {b.side_of(s) for s in first}
    return first if len(sides) == 1 else ()


# ---------------------------------------------------------------------------- Raise Dead

def raisable(st: WarcraftState, b: Battle, seat: int) -> int:
    """Melee markers in the reserve, not counting units Devour holds off the board (WC-12.7,
    WC-13.13)."""
    held = sum(1 for s, _, kind, _ in b.devoured if s == seat and kind == "melee")
    return max(0, st.reserve(seat, "melee") - held)


def offer_raise(st: WarcraftState, b: Battle, ones: dict[int, int]) -> None:
    """Each natural 1 of a player with a Raise Dead unit fighting may bring a melee unit from
    his reserve into the battlefield (WC-12.7, WC-A17); defenders choose first."""
    asks = []
    for seat, n in ones.items():
        most = min(n, raisable(st, b, seat))
        if most and carrying(st, b, seat, "raise_dead"):
            asks.append(RaiseAsk(seat, most))
    st.frames.extend(reversed(asks))


@dataclass(slots=True)
class RaiseAsk(Ask):
    """`raise <n>`: how many melee units rise in the battlefield (WC-12.7)."""

    seat: int
    most: int
    rule = "WC-12.7"

    def options(self, st: WarcraftState) -> list[WCAction]:
        return [act("raise", n) for n in range(self.most + 1)]

    def answer(self, st: WarcraftState, action: WCAction) -> None:
        st.frames.pop()
        n = int(action.text.split()[1])
        if not n:
            return
        b = battle(st)
        st.force(b.zone, self.seat).melee += n          # may overfill the zone (WC-12.7)
        b.raised[self.seat] = b.raised.get(self.seat, 0) + n
        st.emit("raise-dead", "WC-12.7",
                Text(f"{name(self.seat)} raises {n} melee unit(s) in {b.zone}.",
                     f"{nombre(self.seat)} levanta {n} unidad(es) cuerpo a cuerpo en "
                     f"{b.zone}."), seat=self.seat, zone=b.zone, n=n)


def trim_raised(st: WarcraftState, b: Battle) -> None:
    """As the combat ends, melee units beyond 3 units in the battlefield go back to the reserve
    for each player who raised the dead (WC-12.7)."""
    for seat in sorted(b.raised):
        force = st.zones[b.zone].get(seat)
        if force is None:
            continue
        extra = min(force.melee, max(0, force.units - STACK))
        if extra:
            force.melee -= extra
            st.emit("raise-trim", "WC-12.7",
                    Text(f"{extra} raised unit(s) of {name(seat)} return to the reserve.",
                         f"{extra} unidad(es) levantada(s) de {nombre(seat)} vuelven a la "
                         f"reserva."), seat=seat, zone=b.zone, n=extra)
