"""Trait aggregation: what an object has right now (MW-3.16, MW-3.17, MW-A10, MW-X-1.1-MW-X-1.8).

An object's traits come from several layers, gathered the first time its traits are asked for and
cached on the state (per object) until `st.changed()` drops the cache:

1. printed: the card's traits (a mage has none, MW-1.7);
2. equipment worn by a mage and revealed enchantments on the object: their `to: bearer` grants
   (a hidden enchantment does nothing, MW-5.83); grants limited to melee attacks are kept apart;
3. temporary grants on `Obj.temp` (Charge, Call of the Wild: until the end of the round; Vampiric
   Strike: until the next melee attack, on melee attacks only);
4. script grants (`hooks.grants`, read once per cache and which must not ask for traits itself:
   it runs while an object's traits are being worked out);
5. auras of creatures and zone enchantments (`friendly-living-in-zone`,
   `other-friendly-canines-in-zone`, `self-in-controller-zone`), which look at the targets'
   layers 1-4 only, so an aura never depends on another aura;
6. defaults: creatures are Living unless Nonliving, conjurations Nonliving, Psychic Immune and
   Unmovable unless Living (MW-5.27, MW-5.47, MW-X-10.4); Nonliving brings Poison Immunity and
   Finite Life (MW-X-8.10); Incorporeal brings Nonliving, Burnproof and Uncontainable (MW-5.36);
7. states: Restrained (Cripple markers or a grant, never on the Uncontainable, MW-X-6.34,
   MW-C16), Incapacitated (Stun or Sleep, MW-X-6.6, MW-X-6.23) and the loss of Flying while
   guarding, Restrained or Incapacitated (MW-5.33, MW-X-6.31, MW-X-6.39) or during the
   creature's own attack (`memo["fly_lock"]`, set by combat: MW-5.30, MW-5.31).

Stacking (MW-X-1.1-MW-X-1.3, MW-A10): signed copies add up, unsigned copies keep the highest,
mixed forms take the highest unsigned copy plus every signed one; valueless traits are there or
not. Armor never goes below 0 (MW-X-1.6).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from grimorio.games.mage_wars import data, hooks
from grimorio.games.mage_wars.model import LIVING_KINDS, MAGE_CARD, Obj

if TYPE_CHECKING:
    from grimorio.games.mage_wars.state import MageWarsState

AURAS = ("friendly-living-in-zone", "other-friendly-canines-in-zone", "self-in-controller-zone")
ARENA_WIDE = ("friendly-animals-in-arena", "animals-in-arena", "controller",
              "creatures-and-conjurations-in-arena", "demons-in-arena")
TEMP_UNTIL_ROUND = "end-of-round"
TEMP_UNTIL_MELEE = "next-melee-attack"
TEMP_MELEE_ROUND = "melee-this-round"     # on its melee attacks until the end of the round
TEMP_UNTIL_TURN = "until-own-turn"       # until its next action turn begins (Knockdown)
TEMP_TURN = "end-of-own-turn"            # until its current action turn ends (Necropian Vampiress)
DMG_MOD = "damage-type-modifier"
ARMOR_TOKENS = "armor-tokens"       # Obj.memo: how many Armor +1 tokens the object carries
# Keywords whose copies are unsigned (highest wins); every other keyword with a value adds up.
_UNSIGNED = frozenset(k.id for k in data.shipped().keywords if k.value == "unsigned")


@dataclass(frozen=True, slots=True)
class Traits:
    """The traits an object has now, stacked (MW-3.17, MW-A10)."""

    flags: frozenset[str] = frozenset()
    values: dict[str, int] = field(default_factory=dict)
    dmg: dict[str, int] = field(default_factory=dict)
    immune_to: frozenset[str] = frozenset()
    melee: tuple[data.TraitUse, ...] = ()   # granted to its melee attacks only (Vampirism…)

    def has(self, kw: str) -> bool:
        return kw in self.flags or kw in self.values

    def value(self, kw: str) -> int:
        """The stacked value of a trait, 0 if absent (MW-A10)."""
        return self.values.get(kw, 0)

    def dmg_mod(self, dtype: str | None) -> int:
        """The sum of the damage-type modifiers for `dtype` (MW-X-4.7); typeless: 0 (MW-6.113)."""
        return self.dmg.get(dtype, 0) if dtype else 0

    def immune(self, dtype: str | None) -> bool:
        """Immunity to a damage type (MW-X-9.1); a typeless attack meets none (MW-6.113)."""
        return dtype is not None and dtype in self.immune_to


@dataclass(frozen=True, slots=True)
class AttackRef:
    """An attack bar an object may use: `index` is its 1-based place in `attacks()` (0 for
    attack spells, Damage Barriers and collisions), `card`/`bar` find it again (`bar_of`),
    `source` is the object carrying it (the creature, or the mage's equipment)."""

    index: int
    card: str
    bar: int
    source: int | None
    attack: data.Attack


def stack(unsigned: Iterable[int], signed: Iterable[int]) -> int:
    """MW-A10: the highest unsigned copy (0 without one) plus every signed copy (MW-X-1.1,
    MW-X-1.2)."""
    return max(unsigned, default=0) + sum(signed)


def fold(uses: Iterable[data.TraitUse], melee: tuple[data.TraitUse, ...] = ()) -> Traits:
    """Stack a list of trait uses into a `Traits` (no defaults applied): `stack` per keyword,
    kept as running highest/sum."""
    flags: set[str] = set()
    unsigned: dict[str, int] = {}        # highest unsigned copy
    signed: dict[str, int] = {}          # sum of the signed copies
    dmg: dict[str, int] = {}
    immune: set[str] = set()
    for use in uses:
        kw, value = use.keyword, use.value
        if kw == DMG_MOD and use.damage_type:
            dmg[use.damage_type] = dmg.get(use.damage_type, 0) + (value or 0)
        elif kw == "immunity" and use.damage_type:
            immune.add(use.damage_type)
        elif value is None:
            flags.add(kw)
        elif kw in _UNSIGNED:
            best = unsigned.get(kw)
            if best is None or value > best:
                unsigned[kw] = value
        else:
            signed[kw] = signed.get(kw, 0) + value
    values = {kw: unsigned.get(kw, 0) + signed.get(kw, 0) for kw in set(unsigned) | set(signed)}
    return Traits(frozenset(flags), values, dmg, frozenset(immune), melee)


# ------------------------------------------------------------------------------- cache

_GRANTS = -1      # cache key of this generation's script grants (oids are positive)
_STATEFUL = frozenset({"restrained", "incapacitated"})


def traits(st: MageWarsState, oid: int) -> Traits:
    """The object's traits now, worked out the first time they are asked for and cached until
    `st.changed()` (which empties `st._traits`)."""
    cache: dict[int, Any] = st._traits
    found: Traits | None = cache.get(oid)
    if found is None:
        o = st.objs.get(oid)
        found = Traits() if o is None else _compute(st, o, cache)
        cache[oid] = found
    return found


@dataclass(frozen=True, slots=True)
class _CardTraits:
    """What a card always brings (cards never change): its printed traits, its `bearer` grants
    (all attacks / melee attacks only) and its aura grants."""

    card: data.Card                  # held so that its id() stays this card's while cached
    printed: tuple[data.TraitUse, ...]
    bearer: tuple[data.TraitUse, ...]
    bearer_melee: tuple[data.TraitUse, ...]
    auras: tuple[data.Grant, ...]
    arena: tuple[data.Grant, ...]    # a conjuration's lasting grants to animals (MW-5.50)
    plain: dict[str, Traits]         # by object kind: printed traits with defaults (layer 6)


_BY_CARD: dict[int, _CardTraits] = {}


def _card_traits(st: MageWarsState, card_id: str) -> _CardTraits:
    card = st.card(card_id)
    found = _BY_CARD.get(id(card))
    if found is None:
        # grants limited to one damage type (Fireshaper Ring) are not the bearer's: the
        # card's script adds them to those attacks only (effects/equipment.py)
        bearer = [g for g in card.grants if g.to == "bearer" and g.damage_type is None]
        found = _BY_CARD[id(card)] = _CardTraits(
            card, card.traits,           # a mage's pseudo card has none (MW-1.7)
            tuple(u for g in bearer if g.attacks != "melee" for u in g.traits),
            tuple(u for g in bearer if g.attacks == "melee" for u in g.traits),
            tuple(g for g in card.grants if g.to in AURAS),
            tuple(g for g in card.grants if g.to in ARENA_WIDE and g.until is None), {})
    return found


def _script_grants(st: MageWarsState, cache: dict[int, Any]) -> list[tuple[int, data.TraitUse]]:
    found: list[tuple[int, data.TraitUse]] | None = cache.get(_GRANTS)
    if found is None:
        found = cache[_GRANTS] = list(hooks.grants(st))
    return found


def _compute(st: MageWarsState, o: Obj, cache: dict[int, Any]) -> Traits:
    """Layers 1-7 of one object (see the module docstring)."""
    oid = o.oid
    own = _card_traits(st, o.card)
    extra: list[data.TraitUse] = []      # layers 2-4
    melee: list[data.TraitUse] = []
    sources: list[Obj] = []              # aura givers in its zone (layer 5)
    zone = o.zone if o.host is None and o.kind != "enchantment" else None
    for x in st.objs.values():
        if x.host == oid and (x.kind in ("equipment", "conjuration")     # Tanglevine (MW-5.49)
                              or (x.kind == "enchantment" and x.face_up)):   # MW-5.104, MW-5.83
            given = _card_traits(st, x.card)
            extra += given.bearer
            melee += given.bearer_melee
        if x is o and o.temp:
            _temp(o, extra, melee)
        if x.kind == "conjuration" and (o.is_creature or o.kind == "conjuration") \
                and not (o.is_creature and o.zone is None):     # banished: MW-S12
            _arena_grants(st, x, o, extra, melee)
        if zone is not None and x.zone == zone and _gives_auras(x):
            sources.append(x)
    for target, use in _script_grants(st, cache):
        if target == oid:
            extra.append(use)
    if o.memo.get(ARMOR_TOKENS):        # Armor +1 tokens stay with the object (Crown of
        extra.append(data.TraitUse("armor", o.memo[ARMOR_TOKENS]))      # Protection)
    uses: list[data.TraitUse] | None = None      # layers 1-5, unless the printed ones alone
    if sources:
        layer = [*own.printed, *extra]
        base = len(layer)                # layers 1-4 end here; auras follow
        living: list[bool] = []          # the object's layer-1-4 Living, worked out once
        for src in sources:
            for grant in _card_traits(st, src.card).auras:
                if _aura_reaches(st, grant.to, src, o, layer, base, living):
                    layer.extend(grant.traits)
        if len(layer) > base:
            uses = layer
    if uses is None and (extra or melee):
        uses = [*own.printed, *extra]
    if uses is not None:
        t = _defaults(o.kind, fold(uses, tuple(melee)))
    else:                                # the card's printed traits alone: worked out once
        plain = own.plain.get(o.kind)
        if plain is None:
            plain = own.plain[o.kind] = _defaults(o.kind, fold(own.printed))
        t = plain
    return _states(o, t) if o.is_creature else t


def _arena_grants(st: MageWarsState, src: Obj, o: Obj, layer: list[data.TraitUse],
                  melee: list[data.TraitUse]) -> None:
    """A conjuration's lasting effect covers the whole arena, whatever its range (MW-5.50):
    its grants reach every animal (or every friendly one), its controller's mage (Channeling
    +X of the mana conjurations, MW-X-12.2), every demon, or every creature and conjuration,
    wherever they stand."""
    for grant in _card_traits(st, src.card).arena:
        if grant.to == "controller":
            reached = o.kind == "mage" and o.controller == src.controller
        elif grant.to == "creatures-and-conjurations-in-arena":
            reached = True
        elif not o.is_creature:
            reached = False
        elif grant.to == "demons-in-arena":
            reached = "demon" in subtypes(st, o.oid)
        else:
            reached = "animal" in subtypes(st, o.oid) and (     # friendly: the side (MW-9.8)
                grant.to == "animals-in-arena" or src.controller == o.controller
                or st.allied(src.controller, o.controller))
        if reached:
            (melee if grant.attacks == "melee" else layer).extend(grant.traits)


def _temp(o: Obj, layer: list[data.TraitUse], melee: list[data.TraitUse]) -> None:
    for keyword, value, until in o.temp:
        use = data.TraitUse(keyword, value)
        (melee if until in (TEMP_UNTIL_MELEE, TEMP_MELEE_ROUND) else layer).append(use)


def _has_use(uses: Iterable[data.TraitUse], kw: str) -> bool:
    """`fold(uses).has(kw)` for a keyword that is neither a damage-type modifier nor an
    immunity."""
    return any(u.keyword == kw for u in uses)


def _base_living(o: Obj, uses: list[data.TraitUse]) -> bool:
    if o.kind in LIVING_KINDS:
        return not (_has_use(uses, "nonliving") or _has_use(uses, "incorporeal"))
    return o.kind == "conjuration" and _has_use(uses, "living")


def _gives_auras(src: Obj) -> bool:
    """A creature, conjuration or revealed zone enchantment may give auras (not a mage,
    equipment or an enchantment on an object)."""
    if src.kind in ("equipment", "mage"):
        return False
    return src.kind != "enchantment" or (src.host is None and src.face_up)


def _aura_reaches(st: MageWarsState, to: str, src: Obj, o: Obj, layer: list[data.TraitUse],
                  base: int, living: list[bool]) -> bool:
    """Whether `src`'s aura `to` reaches `o`; `layer[:base]` is `o`'s layers 1-4."""
    if not o.is_creature or (o.controller != src.controller
                             and not st.allied(o.controller, src.controller)):
        return False        # friendly: the side, a team-mate's creature too (MW-9.8)
    if to == "friendly-living-in-zone":
        if not living:
            living.append(_base_living(o, layer[:base]))
        return living[0]
    if to == "other-friendly-canines-in-zone":
        return o.oid != src.oid and "canine" in subtypes(st, o.oid)
    mage = st.mage_of(src.controller)     # self-in-controller-zone
    return o.oid == src.oid and mage.zone == src.zone


def _defaults(kind: str, t: Traits) -> Traits:
    """Defaults (layer 6)."""
    flags = set(t.flags)
    immune = set(t.immune_to)
    if "incorporeal" in flags:                      # MW-5.36, MW-X-9.8
        flags |= {"nonliving", "burnproof", "uncontainable"}
    if kind == "conjuration" and "living" not in flags:       # MW-5.47, MW-X-10.4
        flags |= {"nonliving", "psychic-immunity", "unmovable"}
    if kind in LIVING_KINDS and "nonliving" not in flags:     # MW-5.27, MW-X-8.9
        flags.add("living")
    if "nonliving" in flags:                        # MW-X-8.10, MW-X-9.2
        flags.discard("living")
        flags.add("finite-life")
        immune.add("poison")
    if "flightless" in flags:                       # Maim Wings (issue 8): no Flying
        flags.discard("flying")
    if "psychic-immunity" in flags:                 # MW-X-9.3
        immune.add("psychic")
    values = t.values
    if "incorporeal" in flags and values.get("armor"):
        values = {k: v for k, v in values.items() if k != "armor"}
    return Traits(frozenset(flags), values, t.dmg, frozenset(immune), t.melee)


def _states(o: Obj, t: Traits) -> Traits:
    """States of a creature (layer 7)."""
    if not (o.guard or o.markers or "fly_lock" in o.memo or t.flags & _STATEFUL):
        return t                                    # nothing below would change
    flags = set(t.flags)
    if "uncontainable" in flags:                    # MW-X-6.34, MW-C16
        flags.discard("restrained")
    elif o.count("cripple"):                        # MW-X-6.18
        flags.add("restrained")
    if o.count("stun") or o.count("sleep"):         # MW-X-6.6, MW-X-6.23
        flags.add("incapacitated")
    grounded = o.guard or "restrained" in flags or "incapacitated" in flags
    lock = o.memo.get("fly_lock")
    if lock is not None:                            # MW-5.30, MW-5.31: fixed for the attack
        grounded = lock == 0
    if grounded:                                    # MW-5.33, MW-X-6.31, MW-X-6.39
        flags.discard("flying")
    elif lock == 1:
        flags.add("flying")
    return Traits(frozenset(flags), t.values, t.dmg, t.immune_to, t.melee)


# ------------------------------------------------------------------------------- helpers

def is_living(st: MageWarsState, oid: int) -> bool:
    return traits(st, oid).has("living")


def is_flying(st: MageWarsState, oid: int) -> bool:
    return traits(st, oid).has("flying")


def is_restrained(st: MageWarsState, oid: int) -> bool:
    return traits(st, oid).has("restrained")


def is_incapacitated(st: MageWarsState, oid: int) -> bool:
    return traits(st, oid).has("incapacitated")


def armor(st: MageWarsState, oid: int) -> int:
    """Printed armor plus Armor +/-X, never below 0 (MW-X-1.6, MW-X-3.16); Incorporeal: 0
    (MW-5.36)."""
    t = traits(st, oid)
    if t.has("incorporeal"):
        return 0
    base = st.card(st.objs[oid].card).armor      # the mage's: MW-A2
    return max(0, (base or 0) + t.value("armor"))


def life(st: MageWarsState, oid: int) -> int:
    """The most damage the object can hold (MW-5.25): a mage's from its player (MW-1.6)."""
    o = st.objs[oid]
    mage = o.kind == "mage"
    base = st.players[o.controller].life if mage else st.card(o.card).life or 0
    return base + traits(st, oid).value("life")


def level(st: MageWarsState, oid: int) -> int:
    """A mage is level 6 (MW-5.6, MW-X-10.3); anything else has its card's level."""
    o = st.objs[oid]
    return data.shipped().apprentice.mage.level if o.kind == "mage" else st.card(o.card).level


def subtypes(st: MageWarsState, oid: int) -> tuple[str, ...]:
    o = st.objs[oid]
    if o.kind == "mage":
        cls = st.players[o.controller].mage_class
        return next(c.subtypes for c in data.shipped().apprentice.classes if c.id == cls)
    return st.card(o.card).subtypes


def bar_of(st: MageWarsState, card: str, bar: int) -> data.Attack:
    """The attack bar `bar` of `card` (MAGE_CARD: the Apprentice mage's own bars)."""
    return st.card(card).attacks[bar]


def attacks(st: MageWarsState, oid: int) -> list[AttackRef]:
    """The attack bars the object may use (MW-6.2, MW-5.112): its own bars (a mage's basic
    attack) and, for a mage, those of its equipment; Damage Barriers are not among them."""
    o = st.objs[oid]
    found: list[tuple[str, int, int | None, data.Attack]] = []
    if o.kind == "mage":
        found += [(MAGE_CARD, i, oid, a) for i, a in enumerate(st.card(MAGE_CARD).attacks)]
        for item in sorted(st.attached(oid), key=lambda x: (x.order, x.oid)):
            if item.kind == "equipment":
                found += [(item.card, i, item.oid, a)
                          for i, a in enumerate(st.card(item.card).attacks)]
    elif o.kind in ("creature", "conjuration"):
        found += [(o.card, i, oid, a) for i, a in enumerate(st.card(o.card).attacks)]
    usable = [f for f in found if f[3].kind not in data.NO_ACTION_KINDS]   # MW-5.46
    return [AttackRef(n, card, bar, src, a) for n, (card, bar, src, a) in enumerate(usable, 1)]


def barrier(st: MageWarsState, oid: int) -> tuple[str, int, int] | None:
    """The object's Damage Barrier as (card, bar, source oid): the first one it gained, by
    attach order (MW-6.58). Sources: its own card, its equipment, its revealed enchantments."""
    o = st.objs[oid]
    sources = [o] if o.kind != "mage" else []
    sources += sorted((x for x in st.attached(oid)
                       if x.kind == "equipment" or (x.kind == "enchantment" and x.face_up)),
                      key=lambda x: (x.order, x.oid))
    for src in sources:
        for i, bar in enumerate(st.card(src.card).attacks):
            if bar.kind == "damage-barrier":
                return src.card, i, src.oid
    return None


def attack_traits(st: MageWarsState, oid: int | None, bar: data.Attack) -> Traits:
    """The traits of one attack: its bar's, plus, on a melee attack, those granted to the
    creature's melee attacks (Vampirism, Vampiric Strike) and Counterstrike on a quick melee
    attack while guarding or with a Counterstrike grant (MW-6.116)."""
    uses = list(bar.traits)
    if oid is not None and oid in st.objs and bar.kind == "melee":
        t = traits(st, oid)
        uses += t.melee
        if bar.speed == "quick" and (st.objs[oid].guard or t.has("counterstrike")):
            uses.append(data.TraitUse("counterstrike"))
    return fold(uses)


# ------------------------------------------------------------------------------- temporary grants

def add_temp(st: MageWarsState, oid: int, keyword: str, value: int | None, until: str) -> None:
    """Give a temporary trait (Charge until the end of the round, Vampiric Strike until the next
    melee attack)."""
    o = st.objs[oid]
    o.temp = (*o.temp, (keyword, value, until))
    st.changed()


def drop_temp(st: MageWarsState, oid: int, until: str) -> None:
    """Remove the temporary traits of one kind (`next-melee-attack` after that attack)."""
    o = st.objs.get(oid)
    if o is not None and any(t[2] == until for t in o.temp):
        o.temp = tuple(t for t in o.temp if t[2] != until)
        st.changed()


def end_of_round(st: MageWarsState) -> None:
    """FLOW calls this when the round ends: temporary grants last at most this round (Charge,
    Call of the Wild; Vampiric Strike's "next melee attack this round")."""
    touched = False
    for o in st.objs.values():
        if o.temp:
            o.temp = ()
            touched = True
    if touched:
        st.changed()
