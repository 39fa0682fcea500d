"""Mandatory and one-use enchantments (MW-5.93-MW-5.97, MW-6.84, MW-6.88, MW-6.91, MW-X-6.37,
MW-C25), and the trigger procedure traps use too (MW-5.100, MW-5.102).

A card is mandatory with the `mandatory` keyword (a trap always is, MW-5.100) and one-use with
`one-use`. The engine knows two triggers from card data alone:

- a trap's: an enemy creature enters its zone (rules/traps.py, MW-5.99);
- a Defense's (a card with `defense`): its creature is attacked by an attack a Defense could
  avoid, at step 4 (rules/combat.py, MW-5.97).

A third comes from card scripts (issue 8): a spell being cast, at its Counter step (`SPELL`,
MW-5.13), for the cards whose script has `counter_trigger` (Nullify, Jinx): `spell_trigger`.

When a trigger happens, the face-down mandatory enchantments it concerns must be turned up:
`Trigger` asks their controller, one at a time in the order it picks (MW-5.102), `reveal o12`
(pay the reveal cost, listed when affordable) or `decline o12` (turned up unpaid, it is destroyed
with no effect, MW-5.95, MW-6.88, MW-C25). Turned up in an ordinary reveal window outside its
trigger, a mandatory or one-use enchantment does nothing and is discarded (MW-5.96, MW-5.103;
`outside_trigger`, used by casting.reveal). A one-use enchantment goes to the discard pile once it
has worked (MW-5.93; `used`).

A `Trigger` being pushed tells the other seat that a face-down card there is a trap or a mandatory
Defense, so it is new information: `st.reveal()` (core), and `Match.undo` stops there; resampling
redraws a triggered card only as another card with that trigger (`needs`, state._redraw_player).
Silence is public too (MW-B36): a face-down card a spell or an entering enemy did not set off is
marked with the mandatory identities it therefore lacks (`rule_out`, `ruled_out`; traps.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from grimorio.core.i18n import Text
from grimorio.games.mage_wars import data, hooks
from grimorio.games.mage_wars.flow import Frame, MWAction, act
from grimorio.games.mage_wars.rules.round import Choice, name, order, rank

if TYPE_CHECKING:
    from grimorio.games.mage_wars.model import Obj
    from grimorio.games.mage_wars.state import MageWarsState

TRAP, DEFENSE = "trap", "defense"
SPELL = "spell"                 # a spell being cast, at its Counter step (Nullify, Jinx, MW-5.13)
FORCED = "forced-defense"       # st.once mark: a paid mandatory Defense awaiting its attack
RULED_OUT = "ruled-out-"        # Obj.memo key prefix: an identity its silence ruled out (MW-B36)
ASK, ANSWERED, WORKED = range(3)


def is_trap(card: data.Card) -> bool:
    """A Trap enchantment (MW-5.98, MW-X-7.15): the keyword or the subtype."""
    return card.has("trap") or "trap" in card.subtypes


def is_mandatory(card: data.Card) -> bool:
    """Mandatory by its keyword; traps always are (MW-5.94, MW-5.100)."""
    return card.has("mandatory") or is_trap(card)


def is_one_use(card: data.Card) -> bool:
    return card.has("one-use")          # MW-5.93


def trigger_of(card: data.Card) -> str | None:
    """The trigger the engine knows for a mandatory or one-use card, from its data."""
    if is_trap(card):
        return TRAP
    if _counter_script(card.id) is not None:
        return SPELL
    if card.defense is not None and (is_mandatory(card) or is_one_use(card)):
        return DEFENSE
    return None


def _counter_script(card_id: str) -> Any:
    """The script of a card that answers spells at their Counter step (`counter_trigger`)."""
    from grimorio.games.mage_wars.effects import registry

    return registry.own(card_id, "counter_trigger")


def spell_trigger(st: MageWarsState, caster: int, card: data.Card,
                  targets: tuple[str, ...], *, retarget: bool = False) -> None:
    """Step 3 of casting (MW-5.13): the face-down mandatory enchantments this spell sets off
    (Nullify, Jinx) must be turned up, each seat's in a `Trigger`. `retarget`: the spell was
    just turned on new targets (Reverse Magic), so only what is attached to them may answer
    it, and nothing already waiting in a `Trigger`."""
    by_seat: dict[int, list[int]] = {}
    hosts = {w[1:] for w in targets if w[:1] == "o"}
    answering: tuple[str, ...] | None = None    # `_answering_cards`, found once when needed
    for o in sorted(st.objs.values(), key=lambda o: (o.order, o.oid)):
        if o.kind != "enchantment" or o.face_up:
            continue
        if retarget and (str(o.host) not in hosts or pending(st, o.oid)):
            continue
        s = _counter_script(o.card)
        if s is not None and s.counter_trigger(st, o.oid, caster, card, targets):
            by_seat.setdefault(o.controller, []).append(o.oid)
        else:
            if answering is None:
                answering = _answering_cards(st)
            _silent_for_spell(st, o, answering, caster, card, targets)
    for seat, oids in sorted(by_seat.items(), key=_push_order(st), reverse=True):
        st.emit("spell-trigger", "MW-5.13", Text(f"{len(oids)} enchantment(s) answer the "
                                                 "spell.",
                                                 f"{len(oids)} encantamiento(s) responden al "
                                                 "hechizo."), seat=seat, oids=list(oids))
        st.frames.append(Trigger(seat, tuple(oids), SPELL, caster, spell=tuple(targets)))
        st.reveal()         # the caster learns of a mandatory card there (MW-5.94)


def _answering_cards(st: MageWarsState) -> tuple[str, ...]:
    """The mandatory enchantments whose script answers spells (`counter_trigger`): Nullify,
    Jinx, Reverse Magic."""
    from grimorio.games.mage_wars.effects import registry

    return tuple(sorted(c for c in registry.overrides("counter_trigger") if c in st.cards
                        and st.cards[c].type == "enchantment" and is_mandatory(st.cards[c])))


def _silent_for_spell(st: MageWarsState, o: Obj, answering: tuple[str, ...], caster: int,
                      card: data.Card, targets: tuple[str, ...]) -> None:
    """A face-down enchantment this spell did not set off: every seat saw that nothing
    answered, so it is none of the mandatory cards of `answering` (`_answering_cards`) that
    would have had to (MW-5.94, MW-B36); those are marked in its memo (`rule_out`) for
    resampling (state._pick_enchantment)."""
    truth = o.card
    gone: list[str] = []
    try:
        for other in answering:
            if other == truth or RULED_OUT + other in o.memo:
                continue
            o.card = other
            if _counter_script(other).counter_trigger(st, o.oid, caster, card, targets):
                gone.append(other)
    finally:
        o.card = truth
    rule_out(st, o, gone)


def rule_out(st: MageWarsState, o: Obj, tokens: list[str]) -> None:
    """Mark identities a face-down enchantment is publicly known not to have: card ids, or
    `TRAP` for every trap (MW-B36). Nothing is written when there is nothing new."""
    new = [t for t in tokens if RULED_OUT + t not in o.memo]
    if new:
        o.memo.update((RULED_OUT + t, 1) for t in new)
        st.changed()


def ruled_out(o: Obj, card: data.Card) -> bool:
    """Whether the public history proved that face-down `o` is not `card` (`rule_out`)."""
    return RULED_OUT + card.id in o.memo or (RULED_OUT + TRAP in o.memo and is_trap(card))


def _push_order(st: MageWarsState) -> Any:
    """The sort key of `spell_trigger`'s seats, pushed from the last to answer: the initiative
    player answers first, then the others clockwise (MW-3.5, MW-X-2.10, MW-B31), in a duel
    too."""
    place = rank(st)
    return lambda item: place[item[0]]


def outside_trigger(st: MageWarsState, oid: int) -> bool:
    """Whether an enchantment turned up in an ordinary reveal window is a mandatory or one-use
    one out of its trigger, to be discarded without effect (MW-5.96, MW-5.103). A Defense's
    trigger is an attack under way on its creature; a trap's is only its own (`Trigger`)."""
    obj = st.obj(oid)
    card = st.card(obj.card)
    if not (is_mandatory(card) or is_one_use(card)):
        return False
    if trigger_of(card) is None and not is_mandatory(card):
        return False        # one use with no trigger (Divine Intervention): it acts when revealed
    return trigger_of(card) != DEFENSE or obj.host is None or not attacked_now(st, obj.host)


def attacked_now(st: MageWarsState, oid: int) -> bool:
    """An attack a Defense could answer is under way against `oid` (MW-6.25)."""
    from grimorio.games.mage_wars.rules import combat

    return any(isinstance(f, combat.AttackFrame) and f.target == oid
               and f.kind in ("melee", "ranged") for f in st.frames)


def pending(st: MageWarsState, oid: int) -> bool:
    """Set off and waiting for its turn in a `Trigger`: not revealable in a window meanwhile
    (its trigger decides, MW-5.102)."""
    return any(isinstance(f, Trigger) and oid in f.oids for f in st.frames)


def discard_revealed(st: MageWarsState, oid: int) -> None:
    """Turned up outside its trigger: no effect, to the discard pile (MW-5.96, MW-5.103)."""
    from grimorio.games.mage_wars.rules import damage

    obj = st.obj(oid)
    obj.face_up = True
    rule = "MW-5.103" if is_trap(st.card(obj.card)) else "MW-5.96"
    st.emit("reveal-wasted", rule, Text(f"{obj.card} (o{oid}) is turned up outside its "
                                             "trigger: discarded with no effect.",
                                             f"{obj.card} (o{oid}) se revela fuera de su "
                                             "desencadenante: se descarta sin efecto."),
            oid=oid, card=obj.card)
    damage.destroy(st, oid, rule)


def used(st: MageWarsState, oid: int) -> None:
    """A one-use enchantment that has worked goes to the discard pile (MW-5.93)."""
    from grimorio.games.mage_wars.rules import damage

    obj = st.objs.get(oid)
    if obj is not None and is_one_use(st.card(obj.card)):
        damage.destroy(st, oid, "MW-5.93")


def face_down_on(st: MageWarsState, seat: int, trigger: str, *, host: int | None = None,
                 zone: str | None = None, vs: str | None = None) -> tuple[int, ...]:
    """A seat's face-down mandatory enchantments with this trigger on an object or a zone;
    Defenses only if they work against attacks of kind `vs` (MW-6.89)."""
    return tuple(o.oid for o in sorted(st.face_down(seat), key=lambda o: o.order)
                 if trigger_of(st.card(o.card)) == trigger and is_mandatory(st.card(o.card))
                 and o.host == host and (host is not None or o.zone == zone)
                 and fits(st.card(o.card), vs))


def fits(card: data.Card, vs: str | None) -> bool:
    spec = card.defense
    return vs is None or spec is None or spec.vs in (None, vs)


# ---------------------------------------------------------------------------- the trigger

@dataclass(slots=True)
class Trigger(Frame):
    """Mandatory enchantments set off together: their controller turns them up one at a time
    (MW-5.94, MW-5.102), paying or not (MW-5.95). `target` is the creature that set them off
    (the entering creature, or the defender). Leaves `st.ret = ("mandatory", paid oids)`."""

    rule = "MW-5.94"
    seat: int
    oids: tuple[int, ...]
    cause: str
    target: int
    stage: int = ASK
    paid: tuple[int, ...] = ()
    current: int = 0
    spell: tuple[str, ...] = ()     # SPELL: the targets of the spell that set it off

    def step(self, st: MageWarsState) -> None:
        if self.stage == ANSWERED:
            self._answered(st, str(st.ret))
            return
        if self.stage == WORKED:           # a trap's attack is over
            st.ret, self.stage = None, ASK
            used(st, self.current)
            return
        left = tuple(o for o in self.oids if o in st.objs and not st.obj(o).face_up)
        if not left:
            st.frames.pop()
            st.ret = ("mandatory", self.paid)
            return
        self.oids, self.stage = left, ANSWERED
        st.frames.append(TriggerAsk(self.seat, left))

    def _answered(self, st: MageWarsState, text: str) -> None:
        verb, word = text.split()[:2]
        oid = int(word[1:])
        self.oids = tuple(o for o in self.oids if o != oid)
        self.stage = ASK
        if verb == "decline":
            decline(st, oid)
            return
        if self.cause == TRAP:             # a trap's script learns its victim (traps.py)
            st.obj(oid).memo["victim"] = self.target
        if not pay_and_turn_up(st, oid):
            return
        if self.cause == DEFENSE:          # combat uses it on this attack (`forced`)
            self.paid += (oid,)
            st.once = st.once | {(FORCED, oid)}
            return
        if self.cause == SPELL:            # its script acted on the spell (on_reveal)
            self.paid += (oid,)
            used(st, oid)
            return
        from grimorio.games.mage_wars.rules import traps

        if traps.go_off(st, oid, self.target):
            self.stage, self.current = WORKED, oid
        else:
            used(st, oid)


@dataclass(slots=True)
class TriggerAsk(Choice):
    """`reveal o12` (pay its reveal cost) or `decline o12` (unpaid: destroyed) for each
    triggered enchantment still face down, in the order the controller likes (MW-5.95,
    MW-5.102)."""

    seat: int
    oids: tuple[int, ...]
    rule = "MW-5.95"

    def options(self, st: MageWarsState) -> list[MWAction]:
        from grimorio.games.mage_wars.rules import casting

        mana = st.player(self.seat).mana
        pay = [act("reveal", f"o{o}") for o in self.oids if casting.reveal_price(st, o) <= mana]
        return [*pay, *(act("decline", f"o{o}") for o in self.oids)]


def needs(st: MageWarsState) -> dict[int, tuple[str, str | None]]:
    """The face-down enchantments set off by a pending `Trigger`: oid -> (its trigger, and for a
    Defense the kind of the attack it answers). A resample may only redraw such a card as one
    that would have been set off too (`could_be`): the other seat saw it triggered."""
    from grimorio.games.mage_wars.rules import combat

    out: dict[int, tuple[str, str | None]] = {}
    for f in st.frames:
        if isinstance(f, Trigger):
            vs = next((a.kind for a in reversed(st.frames) if isinstance(a, combat.AttackFrame)
                       and a.target == f.target), None) if f.cause == DEFENSE else None
            out.update((oid, (f.cause, vs)) for oid in f.oids)
    return out


def could_be(card: data.Card, need: tuple[str, str | None]) -> bool:
    """Whether `card` would have been set off by this trigger (see `needs`)."""
    return is_mandatory(card) and trigger_of(card) == need[0] and fits(card, need[1])


def pay_and_turn_up(st: MageWarsState, oid: int) -> bool:
    """Turn a triggered enchantment up: paid, it stays and resolves (MW-5.86); True. Left
    unpaid, or its object no longer fits its casting line, it is destroyed; False."""
    from grimorio.games.mage_wars.rules import casting, damage

    obj = st.obj(oid)
    cost = casting.reveal_price(st, oid)          # less the items' discounts (MW-5.86)
    obj.face_up, obj.order = True, st.next_order
    st.next_order += 1
    st.changed()
    if cost > st.player(obj.controller).mana:
        return decline(st, oid)
    casting.reveal_price(st, oid, mark=True)     # the once-a-round discounts are used now
    st.player(obj.controller).mana -= cost
    st.emit("reveal", "MW-5.94", Text(f"{name(obj.controller)} pays {cost} and reveals "
                                      f"{obj.card} (o{oid}).",
                                      f"{name(obj.controller)} paga {cost} y revela {obj.card} "
                                      f"(o{oid})."), oid=oid, card=obj.card, cost=cost)
    if not casting.host_valid(st, obj):
        damage.destroy(st, oid, "MW-5.86")
        return False
    hooks.on_reveal(st, oid)
    return oid in st.objs


def decline(st: MageWarsState, oid: int) -> bool:
    """Turned up unpaid: destroyed with no effect (MW-5.95, MW-6.88, MW-X-11.10)."""
    from grimorio.games.mage_wars.rules import damage

    obj = st.obj(oid)
    obj.face_up = True
    st.emit("reveal-unpaid", "MW-5.95", Text(f"{name(obj.controller)} turns up {obj.card} "
                                             f"(o{oid}) without paying: it is destroyed.",
                                             f"{name(obj.controller)} revela {obj.card} "
                                             f"(o{oid}) sin pagar: se destruye."),
            oid=oid, card=obj.card)
    damage.destroy(st, oid, "MW-5.95")
    return False


def forced(st: MageWarsState, sources: list[int]) -> list[int]:
    """The paid mandatory Defenses among `sources`: they are used on this attack (MW-5.97);
    their marks are cleared."""
    marks = {m for m in st.once if m[0] == FORCED}
    if marks:
        st.once = st.once - marks
    return [s for s in sources if (FORCED, s) in marks]


def defense_trigger(st: MageWarsState, defender: int, kind: str) -> bool:
    """Step 4 of a `kind` attack a Defense could avoid: the defender's face-down mandatory
    Defenses that work against it come out (MW-5.97, MW-6.84, MW-6.88, MW-6.89); True when some
    did (a `Trigger` per controller)."""
    pushed = False
    seats = tuple(reversed(order(st)))     # initiative player's first (MW-3.5, MW-B31)
    for seat in seats:
        oids = face_down_on(st, seat, DEFENSE, host=defender, vs=kind)
        if oids:
            st.frames.append(Trigger(seat, oids, DEFENSE, defender))
            st.reveal()     # a mandatory Defense is known to be there: undo stops (MW-5.94)
            pushed = True
    return pushed
