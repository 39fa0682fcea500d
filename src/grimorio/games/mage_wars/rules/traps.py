"""Traps (MW-5.98-MW-5.103, MW-A24, MW-X-7.15): face-down zone enchantments that go off when an
enemy creature enters their zone by moving, being pushed or being teleported (step 6 of the move
sequence, MW-4.24), never when it is summoned there.

Casting: a trap may only target a zone with no enemy creature in it, checked when it is announced
and again when it resolves (MW-5.98, MW-A24: `zone_ok`). Going off: every face-down trap of the
other side in the zone is turned up by `mandatory.Trigger`, in the order its controller picks,
paid or not (MW-5.100, MW-5.102, MW-5.95); a paid one acts at once, before the creature can do
anything else: from card data, it makes its attack (a zone attack on its zone, or an attack on the
creature) with no creature as attacker, and a script may add more (`hooks.on_reveal`, with the
creature's oid in the trap's `memo["victim"]`). A one-use trap then goes to the discard pile
(MW-5.93). A trap that stops its creature from acting ends that creature's turn
(MW-5.101: `activation`). Turned up at any other moment, a trap is discarded (MW-5.103).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimorio.core.i18n import Text
from grimorio.games.mage_wars.rules import mandatory

if TYPE_CHECKING:
    from grimorio.games.mage_wars import data
    from grimorio.games.mage_wars.state import MageWarsState

TRAPPED = "trapped"             # Obj.memo key: the round a trap went off on this creature


def zone_ok(st: MageWarsState, seat: int, card: data.Card, zone: str) -> bool:
    """A trap may not target a zone holding an enemy creature (MW-5.98, MW-A24); a
    team-mate's creature is no enemy (MW-9.8)."""
    return not (mandatory.is_trap(card) and any(
        o.is_creature and not st.allied(o.controller, seat) for o in st.in_zone(zone)))


def entered(st: MageWarsState, oid: int, zone: str) -> None:
    """A creature came into `zone` by a move, a push or a teleport: the other sides'
    face-down traps there go off (MW-5.99, MW-4.24); a team-mate's traps do not (MW-9.8). With
    several enemy seats holding traps there, each turns its own up, in turn order from the
    initiative holder (MW-B33)."""
    o = st.objs.get(oid)
    if o is None or not o.is_creature or o.zone != zone:
        return
    seats = [s for s in st.clockwise(st.initiative) if not st.allied(s, o.controller)]
    found = [(s, mandatory.face_down_on(st, s, mandatory.TRAP, zone=zone)) for s in seats]
    found = [(s, oids) for s, oids in found if oids]
    going = {t for _, oids in found for t in oids}
    for other in st.face_down():        # silent: known to be no trap (MW-5.99, MW-B36)
        if other.host is None and other.zone == zone and other.oid not in going \
                and other.controller in seats:
            mandatory.rule_out(st, other, [mandatory.TRAP])
    if not found:
        return
    every = [t for _, oids in found for t in oids]
    st.emit("trap", "MW-5.99", Text(f"o{oid} enters {zone}: {len(every)} trap(s) go off.",
                                    f"o{oid} entra en {zone}: se disparan {len(every)} "
                                    "trampa(s)."), oid=oid, zone=zone, traps=every)
    for enemy, oids in reversed(found):         # the first pushed is answered last
        st.frames.append(mandatory.Trigger(enemy, oids, mandatory.TRAP, oid))
    st.reveal()     # the other seat learns of a trap here: undo stops (MW-5.99, MW-5.100)


def go_off(st: MageWarsState, trap: int, oid: int) -> bool:
    """A paid trap acts on the creature that set it off (MW-5.100): its card's attack, if it
    has one and the creature is still in the zone. True when an attack was started."""
    from grimorio.games.mage_wars.rules import combat
    from grimorio.games.mage_wars.traits import AttackRef

    obj = st.objs.get(trap)
    victim = st.objs.get(oid)
    if obj is None or victim is None or victim.zone != obj.zone:
        return False
    victim.memo[TRAPPED] = st.round
    st.changed()
    card = st.card(obj.card)
    if not card.attacks:
        return False
    bar = card.attacks[0]
    target: int | str = str(obj.zone) if bar.has("zone-attack") else oid
    combat.start_attack(st, trap, AttackRef(0, card.id, 0, trap, bar), target,
                        out_of_turn=True)
    return True


def stops_turn(st: MageWarsState, oid: int) -> bool:
    """A trap that went off on the acting creature this round left it unable to act: its
    turn ends at once (MW-5.101)."""
    from grimorio.games.mage_wars import traits

    o = st.objs.get(oid)
    return o is not None and o.memo.get(TRAPPED) == st.round \
        and traits.is_incapacitated(st, oid)
