"""Casting spells (MW-5.1-MW-5.118, Apprentice part): the options a caster has, the four-step
casting sequence (announce, pay, counter, resolve: MW-5.9-MW-5.15), each spell type's
resolution, equipment locations and replacement, enchantments cast face down, reveal windows
and the reveal procedure (MW-5.84-MW-5.88).

A spell's targets are words: `o9` (an object), `B1` (a zone), and `opt=o9` for a choice the
card makes on its target (the equipment Dissolve destroys). Walls (a border `A1-A2`) are in
rules/walls.py, traps and mandatory enchantments in rules/traps.py and rules/mandatory.py,
conjurations on objects and Zone Exclusive in rules/conjurations.py. Walls, traps, familiars,
spawnpoints and Spellbind have no apprentice card; familiars, spawnpoints and bound spells
(where a spell waits, who casts it, who pays) are in rules/casters.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from grimorio.core.i18n import Text
from grimorio.games.mage_wars import data, hooks
from grimorio.games.mage_wars.effects import mages
from grimorio.games.mage_wars.flow import Frame, MWAction, act
from grimorio.games.mage_wars.model import Obj
from grimorio.games.mage_wars.rules.round import Choice, name, order, standing

if TYPE_CHECKING:
    from grimorio.games.mage_wars.state import MageWarsState

Targets = tuple[str, ...]
# The schools each class is trained in, for "<school> Mage Only" spells (MW-S4, MW-7.21).
TRAINED = {"beastmaster": ("nature",), "priestess": ("holy",), "warlock": ("dark", "fire"),
           "wizard": ("arcane",)}
SLOT_ROOM = {"ring": 2}         # every other location holds one item (MW-5.105)


# ---------------------------------------------------------------------------- options

def cast_options(st: MageWarsState, caster_oid: int, speed: str, source: str
                 ) -> list[MWAction]:
    """Every spell the caster may announce now with an action of `speed` (quick or full):
    `<source> <card> <targets…>` where `source` is `cast` (an action) or `quickcast`. Only
    the spells the caster may cast this round (planned or bound, MW-3.18, MW-4.8, MW-5.114;
    a familiar's assigned one, MW-5.42: casters.castable), of the right speed (MW-5.3), with
    a legal target (MW-5.10) and a known cost the caster can pay (MW-A14); an Incapacitated
    mage only quick spells that are not attacks (MW-X-6.44). A bound spell ends with
    `bound=o9`, its holder."""
    from grimorio.games.mage_wars import traits
    from grimorio.games.mage_wars.rules import casters

    caster = st.objs.get(caster_oid)
    if caster is None or caster.zone is None or not casters.may_cast(st, caster_oid):
        return []
    incapacitated = traits.is_incapacitated(st, caster_oid)
    if incapacitated and caster.kind != "mage":
        return []                   # only a mage casts while Incapacitated (MW-X-6.44)
    mana = casters.mana_for(st, caster_oid)
    out: list[MWAction] = []
    for card_id, holder in casters.castable(st, caster_oid):
        card = st.card(card_id)
        if (card.speed != speed and not mages.quick_summon(st, caster_oid, card, speed)) \
                or not allowed(st, caster_oid, card):         # Quick Summoning: MW-7.9
            continue
        if incapacitated and (speed != "quick" or card.type == "attack"):
            continue
        bound = f"bound=o{holder}" if holder else None
        for targets in spell_targets(st, caster_oid, card):
            cost = spell_cost(st, caster_oid, card, targets)
            if cost is not None and cost <= mana:
                out.append(act(source, card_id, *targets, bound))
    return out


def trained(st: MageWarsState, seat: int) -> tuple[str, ...]:
    """The schools the seat's mage is trained in: the apprentice class's (MW-S4), or a full
    mage's training with its chosen element (MW-8.18, MW-7.31)."""
    return mages.trained(st, seat, TRAINED[st.player(seat).mage_class])


def allowed(st: MageWarsState, caster: int, card: data.Card) -> bool:
    """Restrictions on who may cast (MW-S4, MW-S5, MW-X-11.3, MW-X-11.4, MW-X-11.6,
    MW-X-11.7)."""
    me = st.obj(caster)
    player = st.player(me.controller)
    for trait in card.traits:
        if trait.keyword == "class-only" and trait.mage_class != player.mage_class:
            return False
        if trait.keyword == "school-only" \
                and trait.school not in trained(st, player.seat):       # MW-8.18
            return False
        if trait.keyword == "mage-spell" and me.kind != "mage":
            return False
    if card.has("legendary") and any(o.card == card.id for o in st.objs.values()):
        return False
    return not (card.has("unique") and any(o.card == card.id       # one a side (MW-9.8)
                                           and st.allied(o.controller, me.controller)
                                           for o in st.objs.values()))


def spell_targets(st: MageWarsState, caster: int, card: data.Card) -> list[Targets]:
    """The legal target tuples of a spell now (a script's, or the generic ones)."""
    scripted = hooks.spell_targets(st, caster, card)
    return scripted if scripted is not None else generic_targets(st, caster, card)


def spell_cost(st: MageWarsState, caster: int, card: data.Card, targets: Targets, *,
               mark: bool = False) -> int | None:
    """The casting cost for these targets (a script's, or the generic one: MW-5.3, MW-5.75,
    the X formulas) less the discounts of items in play (`hooks.discount`, MW-5.12; `mark`:
    the casting uses them up); None when it cannot be worked out."""
    scripted = hooks.spell_cost(st, caster, card, targets)
    cost = scripted if scripted is not None else generic_cost(st, card, targets)
    if not cost:
        return cost
    oids = object_targets(targets)
    return cost - hooks.discount(st, caster, card, oids[0] if oids else None, cost, mark=mark)


# ---------------------------------------------------------------------------- targets

def generic_targets(st: MageWarsState, caster: int, card: data.Card) -> list[Targets]:
    """Targets by the casting line: kind, filters, range and line of sight (MW-5.4, MW-5.5,
    MW-5.10, MW-5.70), plus each type's own limits."""
    kind = card.target.kind
    if kind == "arena":
        return [()]
    if kind == "border":
        from grimorio.games.mage_wars.rules import walls

        return walls.border_targets(st, caster, card)
    if kind == "zone":
        zones = zones_in_sight(st, caster, card.range)
        zones += [z for z in hooks.summon_zones(st, caster, card) if z not in zones]
        return [(z,) for z in zones if zone_ok(st, caster, card, z)]
    if kind == "creature-and-zone":
        zones = zones_in_sight(st, caster, card.range)
        return [(f"o{o}", z) for o in objects_in_sight(st, caster, card, "creature")
                for z in zones]
    if kind == "revealed-enchantment-and-new-target":
        return steal_targets(st, caster, card)
    if kind == "revealed-enchantment":
        return [(f"o{o.oid}",) for o in st.objs.values()
                if o.kind == "enchantment" and o.face_up and in_sight(st, caster, o.oid, card)]
    found = [o for o in objects_in_sight(st, caster, card, kind)
             if object_ok(st, caster, card, st.obj(o))]
    if card.cost.formula is not None and card.cost.formula.kind == "chosen-equipment-cost":
        return [(f"o{o}", f"opt=o{item.oid}") for o in found for item in st.attached(o)
                if item.kind == "equipment"]
    return [(f"o{o}",) for o in found]


def zones_in_sight(st: MageWarsState, caster: int, span: data.Span) -> list[str]:
    from grimorio.games.mage_wars import traits

    here = st.zone_of(caster)
    assert here is not None
    fly = traits.is_flying(st, caster)
    return [z for z in st.arena.zones if st.arena.distance(here, z) in span
            and st.arena.los(here, z, from_flying=fly)]


def in_sight(st: MageWarsState, caster: int, oid: int, card: data.Card) -> bool:
    """Within the spell's range and in line of sight (MW-5.4, MW-5.70); Flying ends see and
    are seen (MW-5.34, MW-5.74); an attack spell may always target a flyer in the caster's
    zone (MW-5.29)."""
    from grimorio.games.mage_wars import traits

    here, there = st.zone_of(caster), st.zone_of(oid)
    target = st.obj(oid)
    if target.border and here is not None:          # a wall (MW-5.68)
        from grimorio.games.mage_wars.rules import walls

        return walls.in_reach(st, here, target, card.range, traits.is_flying(st, caster))
    if here is None or there is None:
        return False
    to_fly = target.is_creature and traits.is_flying(st, oid)
    dist = st.arena.distance(here, there)
    if dist not in card.range and not (dist == 0 and to_fly and card.type == "attack"):
        return redirected(st, caster, oid)
    return bool(st.arena.los(here, there, from_flying=traits.is_flying(st, caster),
                             to_flying=to_fly)) or redirected(st, caster, oid)


def redirected(st: MageWarsState, caster: int, oid: int) -> bool:
    """A spell `caster` now controls was turned on `oid` (Reverse Magic, MW-5.13): that target
    needs no range nor line of sight (`Cast.redirect`)."""
    return any(isinstance(f, Cast) and f.redirect == oid and f.caster == caster
               for f in st.frames)


def objects_in_sight(st: MageWarsState, caster: int, card: data.Card, kind: str) -> list[int]:
    """Objects of the target kind meeting the filters (MW-5.5), in range and sight."""
    return [o.oid for o in sorted(st.objs.values(), key=lambda o: o.oid)
            if kind_fits(o, kind) and filters_fit(st, o, card.target.filters)
            and not (card.type == "attack" and o.oid == caster)     # as COMBAT's ranged targets
            and in_sight(st, caster, o.oid, card)]


def kind_fits(o: Obj, kind: str) -> bool:
    if o.border:                      # a wall is a conjuration in no zone (MW-5.58)
        return kind == "creature-or-conjuration"
    if o.zone is None and o.kind != "equipment" and not o.is_creature:   # a banished
        # creature stays a creature, out of range and sight (in_sight, MW-S12)
        return o.kind == "enchantment" and kind == "revealed-enchantment" and o.face_up
    if kind in ("creature", "creature-and-zone"):
        return o.is_creature
    if kind in ("object", "zone-or-object"):       # Harmonize, Decoy (issue 8)
        return o.has_life
    if kind == "creature-or-conjuration":
        return o.has_life
    if kind == "mage":
        return o.kind == "mage"
    return False


def filters_fit(st: MageWarsState, o: Obj, filters: tuple[str, ...]) -> bool:
    from grimorio.games.mage_wars import traits

    for word in filters:
        if word == "living" and not traits.is_living(st, o.oid):
            return False
        if word == "non-mage" and o.kind == "mage":
            return False
        if word == "corporeal" and traits.traits(st, o.oid).has("incorporeal"):
            return False
        if word == "animal" and "animal" not in traits.subtypes(st, o.oid):
            return False
    return True


def object_ok(st: MageWarsState, caster: int, card: data.Card, o: Obj) -> bool:
    """Each type's own limits on an object target."""
    from grimorio.games.mage_wars import traits

    if card.type != "attack" and any(traits.traits(st, o.oid).immune(t) for t in card.subtypes):
        return False         # a spell of a damage type cannot affect the immune (MW-S8)
    if card.type == "enchantment":
        return not sees_same_name(st, st.obj(caster).controller, card.id, o.oid, None)
    if card.type == "equipment":
        return equipment_clash(st, st.obj(caster).controller, card, o.oid) is not None
    if card.type == "conjuration":    # one of a name per object (MW-5.49, MW-X-10.12)
        return not any(x.card == card.id and x.kind == "conjuration"
                       for x in st.attached(o.oid))
    return True


def zone_ok(st: MageWarsState, caster: int, card: data.Card, zone: str) -> bool:
    """Zone enchantments: no visible same name there (MW-5.79, MW-A7); conjurations: no
    same-named one attached to the zone (MW-5.48)."""
    from grimorio.games.mage_wars.rules import conjurations, traps

    seat = st.obj(caster).controller
    if card.type == "enchantment":
        return not sees_same_name(st, seat, card.id, None, zone) \
            and traps.zone_ok(st, seat, card, zone)
    if card.type == "conjuration":
        return conjurations.zone_ok(st, card, zone)
    return True


def sees_same_name(st: MageWarsState, seat: int, card: str, host: int | None,
                   zone: str | None) -> bool:
    """Whether `seat` can see an enchantment named `card` on that host or zone: one of its own
    face-down ones or any face-up one (MW-5.79, MW-A7). An opponent's hidden one is not seen,
    so a refusal never leaks it; a team-mate's is seen, and a team never has two of a name on
    one target (MW-9.8)."""
    return any(o.kind == "enchantment" and o.card == card and o.host == host
               and (host is not None or o.zone == zone)
               and (o.face_up or o.controller == seat or st.allied(o.controller, seat))
               for o in st.objs.values())


def steal_targets(st: MageWarsState, caster: int, card: data.Card) -> list[Targets]:
    """An opponent's revealed enchantment in range and sight, and a new object for it that its
    own casting line allows (Steal Enchantment)."""
    seat = st.obj(caster).controller
    out: list[Targets] = []
    for ench in sorted(st.objs.values(), key=lambda o: o.oid):
        if ench.kind != "enchantment" or not ench.face_up or st.allied(ench.controller, seat) \
                or ench.host is None or not in_sight(st, caster, ench.oid, card):
            continue
        line = st.card(ench.card)
        for new in objects_in_sight(st, caster, card, line.target.kind):
            if new != ench.host and filters_fit(st, st.obj(new), line.target.filters) \
                    and not sees_same_name(st, seat, ench.card, new, None):
                out.append((f"o{ench.oid}", f"o{new}"))
    return out


# ---------------------------------------------------------------------------- costs

def reveal_cost(st: MageWarsState, oid: int) -> int:
    """An enchantment's reveal cost, Magebind +X included on a mage (MW-5.82, MW-X-11.11)."""
    obj = st.obj(oid)
    card = st.card(obj.card)
    return (card.cost.reveal or 0) + magebind(st, card, obj.host)


def reveal_price(st: MageWarsState, oid: int, *, mark: bool = False) -> int:
    """What revealing the enchantment costs its controller now: its reveal cost less the
    discounts of items in play (`hooks.discount`, MW-5.86); `mark`: the reveal uses them."""
    obj = st.obj(oid)
    cost = reveal_cost(st, oid)
    if not cost:
        return cost
    mage = st.mage_of(obj.controller).oid
    return cost - hooks.discount(st, mage, st.card(obj.card), obj.host, cost, reveal=True,
                                 mark=mark)


def magebind(st: MageWarsState, card: data.Card, host: int | None) -> int:
    if host is None or host not in st.objs or st.obj(host).kind != "mage":
        return 0
    return sum(t.value or 0 for t in card.traits if t.keyword == "magebind")


def generic_cost(st: MageWarsState, card: data.Card, targets: Targets) -> int | None:
    """The mana cost: 2 for any enchantment (MW-5.75), the printed cost, or X worked out from
    the targets by the card's formula."""
    from grimorio.games.mage_wars import traits

    if card.type == "enchantment":
        return data.ENCHANTMENT_CAST_COST
    if card.target.kind == "border":
        from grimorio.games.mage_wars.rules import walls

        return walls.cost(card, targets)
    formula = card.cost.formula
    if formula is None:
        return card.cost.cast
    oids = object_targets(targets)
    chosen = [int(w[5:]) for w in targets if w.startswith("opt=o")]
    kind = formula.kind
    if kind == "enchantment-total-cost":
        ench = st.card(st.obj(oids[0]).card)
        return data.ENCHANTMENT_CAST_COST + reveal_cost(st, oids[0]) + formula.plus \
            if ench.type == "enchantment" else None
    if kind == "chosen-equipment-cost":
        item = st.card(st.obj(chosen[0]).card)
        return (item.cost.cast or 0) + formula.plus
    if kind == "target-level":
        return traits.level(st, oids[0]) + formula.plus
    if kind == "by-target-level":
        return formula.by_level(traits.level(st, oids[0]))
    if kind == "per-zone-moved":
        here = st.zone_of(oids[0])
        assert here is not None
        return formula.per_distance(st.arena.distance(here, targets[1]))
    return steal_cost(st, oids)


def steal_cost(st: MageWarsState, oids: list[int]) -> int:
    """Steal Enchantment: the enchantment's cast and reveal costs, counted on its host and on
    the new target (Magebind on each, MW-5.82)."""
    ench = st.obj(oids[0])
    card = st.card(ench.card)
    base = data.ENCHANTMENT_CAST_COST + (card.cost.reveal or 0)
    return 2 * base + magebind(st, card, ench.host) + magebind(st, card, oids[1])


# ---------------------------------------------------------------------------- the sequence

ANNOUNCE, PAY, COUNTER, RESOLVE, FINISH = range(5)


def start_cast(st: MageWarsState, caster: int, text: str, why: str) -> None:
    """Push the casting sequence for a `cast`/`quickcast` action chosen from the options;
    `bound=o9` names the Spellbind holder of a bound spell (MW-5.114)."""
    words = text.split()
    targets = tuple(w for w in words[2:] if not w.startswith("bound="))
    bound = next((int(w[7:]) for w in words[2:] if w.startswith("bound=o")), 0)
    st.frames.append(Cast(caster, st.obj(caster).controller, words[1], targets,
                          words[0] == "quickcast", why, bound=bound))


@dataclass(slots=True)
class Cast(Frame):
    """The casting sequence of one spell (MW-5.9, MW-X-13.5). `places` holds each object
    target's zone and relocation count at announcement (MW-5.15, MW-A20)."""

    rule = "MW-5.9"
    caster: int
    seat: int
    card: str
    targets: Targets
    quick: bool
    why: str
    stage: int = ANNOUNCE
    cost: int = 0
    places: tuple[tuple[int, str, int], ...] = ()
    bound: int = 0                  # the Spellbind holder of a bound spell (MW-5.114), or 0
    owner: int = -1                 # the card's owner once another seat took the spell over
    #                                 (Reverse Magic, effects/enchantments.py), else -1
    redirect: int = 0               # the object a taken-over spell was turned on: it needs no
    #                                 range nor line of sight (`redirected`), or 0

    def card_owner(self) -> int:
        """Whose card this is: its discard pile and spellbook (MW-5.16)."""
        return self.seat if self.owner < 0 else self.owner

    def public(self) -> dict[str, Any]:
        # A taken-over enchantment is known to both seats (its owner and its new controller)
        secret = st_card_type(self.card) == "enchantment" and self.owner < 0
        return {"frame": "Cast", "caster": self.caster, "seat": self.seat,
                "card": None if secret else self.card,
                "targets": list(self.targets), "stage": self.stage}

    def step(self, st: MageWarsState) -> None:
        if self.stage == ANNOUNCE:
            announce(st, self)
        elif self.stage == PAY:
            pay(st, self)
        elif self.stage == COUNTER:
            self.stage = RESOLVE    # no apprentice card counters spells (MW-5.13)
            from grimorio.games.mage_wars.rules import mandatory

            mandatory.spell_trigger(st, self.caster, st.card(self.card), self.targets)
        elif self.stage == RESOLVE:
            resolve(st, self)
        else:
            finish(st, self, True)


def st_card_type(card_id: str) -> str:
    from grimorio.games.mage_wars.state import card_index

    card = card_index().get(card_id)      # a state-local test card: treat it as hidden
    return "enchantment" if card is None else card.type


def object_targets(targets: Targets) -> list[int]:
    """The object words of a target tuple (`o9`), options (`opt=o9`) left out."""
    return [int(w[1:]) for w in targets if w[:1] == "o" and w[1:].isdigit()]


def announce(st: MageWarsState, f: Cast) -> None:
    """Step 1 (MW-5.10, MW-5.11): name the spell and its targets; the caster is committed.
    A quickcast turns the quickcast marker over (MW-3.24). An enchantment's name stays
    hidden from the opponent (MW-5.75, MW-5.78)."""
    from grimorio.games.mage_wars.rules import casters

    player = st.player(f.seat)
    casters.take(st, f)             # from the planned, assigned or bound spells
    if f.quick:
        player.quickcast = False
    f.cost = spell_cost(st, f.caster, st.card(f.card), f.targets, mark=True) or 0
    f.places = tuple((oid, st.zone_of(oid) or "", st.stamps.get(oid, 0))
                     for oid in object_targets(f.targets) if oid in st.objs)
    st.changed()
    shown = " ".join(f.targets)
    verb = Text("quickcasts", "lanza rápido") if f.quick else Text("casts", "lanza")
    if st.card(f.card).type == "enchantment":
        st.emit("announce", "MW-5.75", Text(f"{name(f.seat)} {verb.en} an enchantment face "
                                            f"down on {shown}.",
                                            f"{name(f.seat)} {verb.es} un encantamiento boca "
                                            f"abajo sobre {shown}."),
                seat=f.seat, targets=list(f.targets))
        st.emit("announce-secret", "MW-5.78", Text(f"Your enchantment is {f.card}.",
                                                   f"Tu encantamiento es {f.card}.")
                if len(st.players) == 2 else Text(      # a team-mate reads it too (MW-B32)
                    f"{name(f.seat)}'s enchantment is {f.card}.",
                    f"El encantamiento de {name(f.seat)} es {f.card}."),
                visible_to=frozenset({f.seat}), card=f.card)
    else:
        st.emit("announce", "MW-5.10", Text(f"{name(f.seat)} {verb.en} {f.card} {shown}.",
                                            f"{name(f.seat)} {verb.es} {f.card} {shown}."),
                seat=f.seat, card=f.card, targets=list(f.targets))
    f.stage = PAY
    push_reveal_window(st, "MW-5.11")


def pay(st: MageWarsState, f: Cast) -> None:
    """Step 2 (MW-5.12, MW-A14): pay the cost (a familiar or spawnpoint spends its own counters
    first, MW-5.44, MW-5.56); if it cannot be paid now, the spell is countered and discarded
    and the action lost."""
    from grimorio.games.mage_wars.rules import casters

    player = st.player(f.seat)
    if f.cost > casters.mana_for(st, f.caster):
        st.emit("countered", "MW-A14", Text(f"{name(f.seat)} cannot pay {f.cost}: the spell "
                                            "is countered.",
                                            f"{name(f.seat)} no puede pagar {f.cost}: el "
                                            "hechizo se contrarresta."), seat=f.seat)
        finish(st, f, False)
        return
    casters.spend(st, f.caster, f.cost)
    st.emit("pay", "MW-5.12", Text(f"{name(f.seat)} pays {f.cost} mana ({player.mana} left).",
                                   f"{name(f.seat)} paga {f.cost} de maná (le quedan "
                                   f"{player.mana})."), seat=f.seat, cost=f.cost)
    f.stage = COUNTER
    push_reveal_window(st, "MW-5.12")


def still_valid(st: MageWarsState, f: Cast) -> bool:
    """MW-5.15, MW-A20: every object target is still there, unmoved (a zero-distance
    teleport counts), and still a legal target of the casting line. Options chosen with the
    targets (`opt=extend`) are not targets: they need not still be offered; a choice of an
    object (`opt=o9`) must."""
    for oid, zone, stamp in f.places:
        if oid not in st.objs or (st.zone_of(oid) or "") != zone \
                or st.stamps.get(oid, 0) != stamp:
            return False
    if st.obj(f.caster).zone is None:
        return False
    words = _plain(f.targets)
    return any(_plain(t) == words for t in spell_targets(st, f.caster, st.card(f.card)))


def _plain(targets: Targets) -> Targets:
    return tuple(w for w in targets
                 if "=" not in w or object_targets((w.split("=", 1)[1],)))


def resolve(st: MageWarsState, f: Cast) -> None:
    """Step 4 (MW-5.14): the spell acts by its type (MW-5.18)."""
    card = st.card(f.card)
    if countered(st, f):
        return
    if card.type == "equipment" and f.places and f.places[0][0] in st.objs \
            and equipment_clash(st, f.seat, card, f.places[0][0]) is None:
        equip(st, f, card)          # a clash with the enemy mage's items counters it
        finish(st, f, False)
        return
    if not still_valid(st, f):
        st.emit("countered", "MW-5.15", Text(f"{f.card}: its target is no longer valid; the "
                                             "spell is countered.",
                                             f"{f.card}: su objetivo ya no es válido; el "
                                             "hechizo se contrarresta."), card=f.card)
        finish(st, f, False)
        return
    f.stage = FINISH
    if card.type == "attack":
        attack_spell(st, f)
    elif card.type == "incantation":
        incantation(st, f, card)
    elif card.type in ("creature", "conjuration"):
        summon(st, f, card)
    elif card.type == "enchantment":
        enchant(st, f)
    elif not equip(st, f, card):
        finish(st, f, False)


COUNTERED = "countered"         # st.once mark: (COUNTERED, caster, targets, how); no card name:
#                                 a face-down enchantment's must stay hidden (MW-5.78)


def counter(st: MageWarsState, how: str) -> None:
    """Counter the spell being cast now (the topmost casting, at its Counter step, MW-5.13):
    `how` is "counter" (discarded, its mana lost: Nullify) or "cancel" (back to its owner's
    spellbook, its mana refunded: Jinx)."""
    f = next((x for x in reversed(st.frames) if isinstance(x, Cast)), None)
    if f is not None:
        st.once = st.once | {(COUNTERED, f.caster, f.targets, how)}


def countered(st: MageWarsState, f: Cast) -> bool:
    """A counter effect caught this spell at its Counter step (MW-5.13): it ends now."""
    mark = next((m for m in st.once if len(m) == 4
                 and m[:3] == (COUNTERED, f.caster, f.targets)), None)
    if mark is None:
        return False
    st.once = st.once - {mark}
    shown = "the spell" if st.card(f.card).type == "enchantment" else f.card
    st.emit("countered", "MW-5.13", Text(f"{shown} is countered.",
                                         f"{shown} se contrarresta."), how=mark[3])
    if mark[3] == "cancel" and not f.bound:
        st.frames.remove(f)
        st.player(f.seat).mana += f.cost
        if f.card not in mages.INNATE_IDS:      # a mage's own spell is no card (MW-7.40)
            st.to_book(f.card, f.card_owner())
        st.ret = ("cast", False)
    else:
        finish(st, f, False)
    return True


def finish(st: MageWarsState, f: Cast, resolved: bool) -> None:
    """The end of the casting: a countered spell, an incantation or an attack spell goes to
    the discard pile (MW-5.1, MW-5.16, MW-X-11.8); `hooks.after_cast` after a resolution."""
    from grimorio.games.mage_wars.rules import casters

    st.frames.remove(f)
    card = st.card(f.card)
    if casters.spent(st, f, card, resolved):        # a bound spell stays bound (MW-5.116)
        st.to_discard(f.card, f.card_owner())
    if resolved:
        casters.after_resolve(st, f, card)          # Spellbind: bind a spell now (MW-5.113)
        hooks.after_cast(st, f.caster, card)
    st.ret = ("cast", resolved)


def attack_spell(st: MageWarsState, f: Cast) -> None:
    """An attack spell attacks its target now as a ranged attack (MW-5.19, MW-6.71-MW-6.73);
    quickcast outside the mage's turn closes nothing (MW-B9)."""
    from grimorio.games.mage_wars.rules import activation, combat

    if hooks.resolve_spell(st, f.caster, st.card(f.card), f.targets, {}):
        return              # a scripted attack spell (Chain Lightning's jumps)
    target = activation.parse_target(f.targets[0])
    combat.start_attack(st, f.caster, None, target, spell=f.card,
                        out_of_turn=st.acting != f.caster)


def incantation(st: MageWarsState, f: Cast, card: data.Card) -> None:
    """An incantation does what its card says (MW-5.20): by its script, or by the generic
    reading of its data (grants to its target, healing dice)."""
    opts = {w.split("=", 1)[0]: w.split("=", 1)[1] for w in f.targets if "=" in w}
    words = tuple(w for w in f.targets if "=" not in w)
    if hooks.resolve_spell(st, f.caster, card, words, opts):
        return
    generic_incantation(st, f, card, words)


def generic_incantation(st: MageWarsState, f: Cast, card: data.Card, words: Targets) -> None:
    """What an incantation's data says, when no script handles it: grants to its target or
    to friendly animals (until the end of the round unless said), healing dice (MW-6.99),
    a teleport (MW-X-7.25) or destroying the targeted enchantment (Dispel)."""
    from grimorio.games.mage_wars import traits
    from grimorio.games.mage_wars.rules import damage, displace

    oids = object_targets(words)
    params = dict(card.params)
    for grant in card.grants:
        for oid in grant_receivers(st, f.seat, grant.to, oids):
            for use in grant.traits:
                traits.add_temp(st, oid, use.keyword, use.value, grant.until or "end-of-round")
    if "heal_dice" in params and oids:
        amount = damage.dice_total(st, params["heal_dice"], Text(f"{card.id}: healing dice",
                                                                 f"{card.id}: dados de "
                                                                 "curación"), "MW-6.99")
        damage.heal(st, oids[0], amount, "MW-6.99")
    elif card.target.kind == "creature-and-zone":
        displace.teleport(st, oids[0], words[1], "MW-X-7.25")
    elif card.target.kind == "revealed-enchantment":
        damage.destroy(st, oids[0], "MW-X-8.2")
    elif not card.grants:
        st.emit("no-effect", "MW-1.2", Text(f"{card.id} has no script yet: no effect.",
                                            f"{card.id} aún no tiene guion: sin efecto."),
                card=card.id)


def grant_receivers(st: MageWarsState, seat: int, to: str, oids: list[int]) -> list[int]:
    """Who gets an incantation's grant: its target, or every friendly animal."""
    from grimorio.games.mage_wars import traits

    if to == "target":
        return oids[:1]
    if to == "friendly-animals-in-arena":
        return [o.oid for o in st.objs.values() if o.is_creature       # the side (MW-9.8)
                and o.zone is not None                  # a banished one is out of reach (MW-S12)
                and st.allied(o.controller, seat) and "animal" in traits.subtypes(st, o.oid)]
    return []


OPT = "opt"             # Obj.memo: the object (`opt=o9`) a conjuration was cast with


def summon(st: MageWarsState, f: Cast, card: data.Card) -> None:
    """A creature comes into play inactive in the target zone, the caster's (MW-5.21,
    MW-5.22, MW-3.33); a conjuration stays in its zone (MW-5.46, MW-5.48), on its object
    (MW-5.49) or, a wall, on its border (MW-5.58)."""
    from grimorio.games.mage_wars.rules import conjurations, walls

    if card.target.kind == "border":
        walls.resolve(st, f.caster, f.seat, card, f.targets)
        return
    if card.type == "conjuration" and object_targets(f.targets):
        conjurations.attach(st, f.seat, card, object_targets(f.targets)[0])
        return
    zone = f.targets[0]
    obj = st.new_obj(card.id, card.type, f.seat, f.seat, zone=zone, active=False)
    chosen = object_targets(tuple(w[4:] for w in f.targets[1:] if w.startswith("opt=")))
    if chosen:                      # an object chosen on casting (Mana Siphon's mage)
        obj.memo[OPT] = chosen[0]
    st.emit("summon", "MW-5.22" if card.type == "creature" else "MW-5.48",
            Text(f"{card.id} (o{obj.oid}) enters {zone}.",
                 f"{card.id} (o{obj.oid}) entra en {zone}."), oid=obj.oid, card=card.id)


def enchant(st: MageWarsState, f: Cast) -> None:
    """The enchantment goes face down on its object or zone, on top of the others (MW-5.75,
    MW-5.77, MW-5.81); then its controller may reveal it at once (MW-5.84 e)."""
    from grimorio.games.mage_wars.rules import casters

    target = f.targets[0]
    host = object_targets((target,))[0] if object_targets((target,)) else None
    zone = None if host is not None else target
    obj = st.new_obj(f.card, "enchantment", f.card_owner(), f.seat, zone=zone, host=host,
                     face_up=False)
    if f.bound or f.owner >= 0:     # a taken-over one is known to both seats too
        # A bound spell is shown to the opponent when first cast (MW-5.114, `casters.take`):
        # this one lands face down (MW-5.75) but its identity is known to both seats, so the
        # views name it and a resample never redraws it (state.py, `casters.SHOWN`).
        obj.memo[casters.SHOWN] = True
    st.emit("enchant", "MW-5.77", Text(f"A face-down enchantment (o{obj.oid}) is attached to "
                                       f"{target}.",
                                       f"Un encantamiento boca abajo (o{obj.oid}) queda unido a "
                                       f"{target}."), oid=obj.oid, target=target, seat=f.seat)
    push_reveal_window(st, "MW-5.84", seats=(f.seat,))


# ---------------------------------------------------------------------------- equipment

def equipment_clash(st: MageWarsState, seat: int, card: data.Card, mage: int
                    ) -> list[int] | None:
    """Items that must leave for `card` to go on `mage`: same name (MW-5.108) or a full
    location (MW-5.105). On an opponent's mage any clash makes the spell illegal, so None
    (MW-5.109, MW-5.111, MW-A16)."""
    worn = [o for o in st.attached(mage) if o.kind == "equipment"]
    out = [o.oid for o in worn if o.card == card.id]
    for slot in wear_slots(st, card, mage):
        there = [o for o in worn if slot in o.slots and o.oid not in out]
        room = SLOT_ROOM.get(slot, 1)
        out += [o.oid for o in there[:max(0, len(there) - room + 1)]]
    if out and not st.allied(st.obj(mage).controller, seat):      # a team-mate may (MW-5.110)
        return None
    return out


def wear_slots(st: MageWarsState, card: data.Card, mage: int) -> tuple[str, ...]:
    """The locations `card` fills on `mage` (MW-5.105): its own; with `both_hands` the weapon
    and the shield locations together; with a `slot_alternative` ("weapon or shield") the
    first of the two with room left (same-named items aside), else its own."""
    if not card.equipment_slot:
        return ()
    if card.both_hands:
        return tuple(dict.fromkeys((card.equipment_slot, "weapon", "shield")))
    if card.slot_alternative:
        worn = [o for o in st.attached(mage) if o.kind == "equipment" and o.card != card.id]
        for slot in (card.equipment_slot, card.slot_alternative):
            if sum(slot in o.slots for o in worn) < SLOT_ROOM.get(slot, 1):
                return (slot,)
    return (card.equipment_slot,)


def equip(st: MageWarsState, f: Cast, card: data.Card) -> bool:
    """Equipment goes on the target mage, controlled by the wearer (MW-5.104, MW-5.107);
    clashing items of the caster's own mage go back to their owners' books (MW-5.110,
    MW-A15); on an enemy mage a clash counters it (MW-5.111, MW-A16)."""
    from grimorio.games.mage_wars.rules import casters

    mage = int(f.targets[0][1:])
    slots = wear_slots(st, card, mage)
    clash = equipment_clash(st, f.seat, card, mage)
    if clash is None:
        st.emit("countered", "MW-5.111", Text(f"{card.id} cannot replace the enemy mage's "
                                              "equipment: countered.",
                                              f"{card.id} no puede reemplazar el equipo del "
                                              "mago enemigo: se contrarresta."), card=card.id)
        return False
    for oid in clash:
        old = st.remove_obj(oid)
        st.to_book(old.card, old.owner)
        casters.holder_gone(st, old, to_book=True)     # its bound spell too (MW-5.117)
        st.emit("replaced", "MW-5.110", Text(f"{old.card} (o{oid}) goes back to its owner's "
                                             "spellbook.",
                                             f"{old.card} (o{oid}) vuelve al libro de su "
                                             "dueño."), oid=oid, card=old.card)
    obj = st.new_obj(card.id, "equipment", f.seat, st.obj(mage).controller, host=mage)
    obj.slots = slots
    st.emit("equip", "MW-5.104", Text(f"o{mage} wears {card.id} (o{obj.oid}).",
                                      f"o{mage} lleva {card.id} (o{obj.oid})."),
            oid=obj.oid, card=card.id, mage=mage)
    return True


# ---------------------------------------------------------------------------- reveal windows

def push_reveal_window(st: MageWarsState, rule: str, seats: tuple[int, ...] | None = None
                       ) -> None:
    """A window to reveal face-down enchantments (MW-5.84), for COMBAT too (after Declare
    Attack and Avoid Attack). It is offered to every seat that controls a face-down
    enchantment, a public fact, whatever it can afford (MW-5.78)."""
    wanted = order(st) if seats is None else seats
    if len(st.players) > 2:             # a fallen mage's player decides nothing more (MW-B29)
        wanted = tuple(seat for seat in wanted if standing(st, seat))
    if any(st.face_down(seat) for seat in wanted):
        st.frames.append(RevealWindow(rule, tuple(wanted), wanted[0]))


@dataclass(slots=True)
class RevealWindow(Frame):
    """Seats take turns, initiative first, each revealing as many as it likes one at a time,
    until every seat in a row passes (MW-5.88)."""

    rule = "MW-5.88"
    why: str
    seats: tuple[int, ...]
    seat: int
    passes: int = 0
    stage: int = 0

    def step(self, st: MageWarsState) -> None:
        eligible = [s for s in self.seats if st.face_down(s)]
        if self.stage == 1:
            self.stage = 0
            if st.ret == "pass":
                self.passes, self.seat = self.passes + 1, self._next(self.seat)
            else:
                self.passes = 0
                reveal(st, int(str(st.ret).split()[1][1:]))
            return
        if not eligible or self.passes >= len(self.seats):
            st.frames.pop()
            return
        if self.seat not in eligible:
            self.passes, self.seat = self.passes + 1, self._next(self.seat)
            return
        self.stage = 1
        st.frames.append(RevealAsk(self.seat, self.why))

    def _next(self, seat: int) -> int:
        index = self.seats.index(seat)
        return self.seats[(index + 1) % len(self.seats)]


@dataclass(slots=True)
class RevealAsk(Choice):
    """`reveal o12` for each own face-down enchantment whose reveal cost the seat can pay, or
    `pass` (MW-5.84, MW-5.86)."""

    seat: int
    why: str
    rule = "MW-5.84"

    def options(self, st: MageWarsState) -> list[MWAction]:
        from grimorio.games.mage_wars.rules import mandatory

        mana = st.player(self.seat).mana
        out = [act("reveal", f"o{o.oid}") for o in sorted(st.face_down(self.seat),
                                                           key=lambda o: o.oid)
               if reveal_price(st, o.oid) <= mana and not mandatory.pending(st, o.oid)
               and hooks.may_reveal(st, o.oid)]
        return [*out, act("pass")]


def reveal(st: MageWarsState, oid: int) -> None:
    """Reveal an enchantment (MW-5.86): pay its reveal cost (MW-X-11.10), turn it up, check
    its object is still a legal target (else destroyed), counter it if a revealed one of the
    same name is there (MW-5.80, MW-A7), else it takes effect now (hooks.on_reveal). A
    mandatory or one-use one out of its trigger is discarded unpaid (MW-5.96, MW-5.103)."""
    from grimorio.games.mage_wars.rules import damage, mandatory

    if mandatory.outside_trigger(st, oid):
        mandatory.discard_revealed(st, oid)
        return
    obj = st.obj(oid)
    cost = reveal_price(st, oid, mark=True)
    st.player(obj.controller).mana -= cost
    obj.face_up, obj.order = True, st.next_order
    st.next_order += 1
    st.changed()
    st.emit("reveal", "MW-5.86", Text(f"{name(obj.controller)} pays {cost} and reveals "
                                      f"{obj.card} (o{oid}).",
                                      f"{name(obj.controller)} paga {cost} y revela {obj.card} "
                                      f"(o{oid})."), oid=oid, card=obj.card, cost=cost)
    if not host_valid(st, obj):
        damage.destroy(st, oid, "MW-5.86")
    elif any(o.oid != oid and o.kind == "enchantment" and o.face_up and o.card == obj.card
             and o.host == obj.host and o.zone == obj.zone for o in st.objs.values()):
        st.emit("countered", "MW-5.80", Text(f"{obj.card} is already revealed there: o{oid} "
                                             "is countered.",
                                             f"{obj.card} ya está revelado allí: o{oid} se "
                                             "contrarresta."), oid=oid)
        damage.destroy(st, oid, "MW-5.80")
    else:
        hooks.on_reveal(st, oid)
        mages.revealed(st, oid)             # Divine Reward (MW-7.16)
    st.changed()


def host_valid(st: MageWarsState, obj: Obj) -> bool:
    """Whether an enchantment's object still fits its casting line (MW-5.86 step 3)."""
    if obj.host is None:
        return True
    card = st.card(obj.card)
    host = st.obj(obj.host)
    return kind_fits(host, card.target.kind) and filters_fit(st, host, card.target.filters)
