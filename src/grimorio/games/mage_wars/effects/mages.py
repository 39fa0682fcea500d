"""The four full-game mages in play (Chapter VII): their numbers come from mages.yaml, their
abilities are here.

A full game (option `mode=full`, or a setup built with it) marks the state with `st.memo["mode"]
= "full"` and the Wizard's elemental school in `st.memo["elements"]`; an Apprentice game never
reaches any of this (its mages have no abilities, MW-1.7). The mage objects keep their pseudo
card (`model.MAGE_CARD`); a script registered on it gives each full mage its abilities through
the provider hooks (`grants`, `spell_cast`), and the rules call the functions below at the few
points no hook covers (the Upkeep step, attack damage, destruction, the casting of innate
spells).

Abilities (rule ids in docs/rules/mage-wars.md):

* Combat Skill, Melee +1 (Beastmaster, Warlock; MW-7.10, MW-7.30): a passive trait.
* Quick Summoning (Beastmaster, MW-7.9, MW-B14): a level 1 animal creature spell may be cast as
  a quick spell (the action economy already limits it to one per action turn and one per
  quickcast).
* Pet and Bloodreaper (MW-7.11-MW-7.14, MW-7.24-MW-7.29): when an animal (a demon) comes into
  play on the mage's side from a spell, its controller answers `bond o7` (paying level + 1 mana,
  or losing level + 1 life) or `bond none`; one token at a time. The Pet gains Melee +1, Armor +1,
  Life +3, and Melee +1 more beside its mage; the Bloodreaper Bloodthirsty +2, and the first
  damaging attack it makes each round heals the Warlock 2 (MW-7.28, MW-B16).
* Divine Reward (Priestess, MW-7.16-MW-7.18): +1 life, once a round, when a holy incantation of
  hers resolves or she reveals a holy enchantment.
* Restore (Priestess, MW-7.19, MW-7.20, MW-B15, MW-B19): two innate spells, `restore-quick` (one
  marker) and `restore-full` (every marker of the kinds chosen), on a creature at range 0-1,
  paying each marker's removal cost: `cast restore-quick o5 opt=burn`, `cast restore-full o5
  opt=burn-stun`. Never planned, never discarded.
* Curse Binding (Warlock, MW-7.22, MW-7.23, MW-B20): once a round, a curse of his own on a
  creature being destroyed goes back to his spellbook instead of the discard pile (done
  without asking: keeping the card is never worse).
* Voltaric Shield (Wizard, MW-7.32-MW-7.38, MW-B22): at the start of Upkeep `shield on` (2 mana)
  or `shield off`; while on it stops up to 3 damage of the first attack strike that would deal
  him damage, then turns off; it ends with the round. Direct damage passes it.
* Arcane Zap (Wizard, MW-7.39-MW-7.43, MW-B15): an innate quick attack spell `arcane-zap`, once a
  round, 1 mana, range 0-1, 3 dice, Ethereal.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any

from grimorio.core.i18n import Text
from grimorio.games.mage_wars import data
from grimorio.games.mage_wars.effects.registry import Script, Targets, in_reach, register
from grimorio.games.mage_wars.flow import Ask, MWAction, act
from grimorio.games.mage_wars.model import MAGE_CARD

if TYPE_CHECKING:
    from grimorio.games.mage_wars.model import Obj
    from grimorio.games.mage_wars.state import MageWarsState

FULL = "full"
ARCANE_ZAP = "arcane-zap"
RESTORE_QUICK = "restore-quick"
RESTORE_FULL = "restore-full"
INNATE = {"wizard": (ARCANE_ZAP,), "priestess": (RESTORE_QUICK, RESTORE_FULL)}
INNATE_IDS = frozenset({ARCANE_ZAP, RESTORE_QUICK, RESTORE_FULL})
TOKENS = {"beastmaster": ("pet", "animal"), "warlock": ("bloodreaper", "demon")}
SHIELD = "shield"                   # mage memo: the Voltaric Shield is on


def name(seat: int) -> str:
    return f"P{seat + 1}"


# ---------------------------------------------------------------------------- full-game facts

def is_full(st: MageWarsState) -> bool:
    return st.memo.get("mode") == FULL


def mage_data(st: MageWarsState, seat: int) -> data.Mage | None:
    """The full-game mage of a seat (None in an Apprentice game)."""
    if st.memo.get("mode") != FULL:
        return None
    return data.shipped().mage(st.player(seat).mage_class)


def element(st: MageWarsState, seat: int) -> str | None:
    """The Wizard's elemental school for this game (MW-7.31), from its spellbook."""
    elements = st.memo.get("elements") or ()
    return elements[seat] if seat < len(elements) else None


def trained(st: MageWarsState, seat: int, apprentice: tuple[str, ...]) -> tuple[str, ...]:
    """The schools the seat's mage is trained in: a full mage's training with its chosen
    element (MW-8.2, MW-8.18), else the apprentice class's (`apprentice`, MW-S4)."""
    mage = mage_data(st, seat)
    return apprentice if mage is None else mage.training.schools(element(st, seat))


def has_ability(st: MageWarsState, seat: int, ability: str) -> bool:
    mage = mage_data(st, seat)
    return mage is not None and any(a.id == ability for a in mage.abilities)


def gain_life(st: MageWarsState, seat: int, amount: int, rule: str) -> None:
    """Life gained raises the mage's life for good; it heals nothing (MW-7.18); lost life
    lowers it (MW-7.25) and may leave the mage destroyed at once (MW-B21)."""
    from grimorio.games.mage_wars.rules import damage

    player = st.player(seat)
    player.life += amount
    st.changed()
    verb = ("gains", "gana") if amount > 0 else ("loses", "pierde")
    st.emit("life", rule, Text(f"{name(seat)}'s mage {verb[0]} {abs(amount)} life "
                               f"({player.life}).",
                               f"El mago de {name(seat)} {verb[1]} {abs(amount)} de vida "
                               f"({player.life})."), seat=seat, life=player.life)
    if amount < 0:
        damage.check_destroyed(st, player.mage, rule="MW-B21")


# ---------------------------------------------------------------------------- innate spells

def innate_cards() -> dict[str, data.Card]:
    """Pseudo cards for the spells a full mage always has (MW-B15), so the casting rules can
    cast them like cards; they never enter a book, a plan or a discard pile."""
    shipped = data.shipped()
    zap = shipped.mage("wizard").ability(ARCANE_ZAP)
    restore = shipped.mage("priestess").ability(RESTORE_QUICK)
    source = data.Source("mages", "", "")

    def card(cid: str, ability: data.MageAbility, kind: str, speed: str, cost: int,
             target: str, summary: Text) -> data.Card:
        return data.Card(cid, ability.name, kind, (), (), None, 0, data.Cost(cost, None, None),
                         speed, ability.range or data.Span(0, 1), data.Target(target, ()), (),
                         None, None, None, (ability.attack,) if ability.attack else (), (),
                         (), (), False, summary, (), source)

    full = shipped.mage("priestess").ability(RESTORE_FULL)
    return {
        ARCANE_ZAP: card(ARCANE_ZAP, zap, "attack", "quick", 1, "creature-or-conjuration",
                         Text("The Wizard's own quick attack spell (MW-7.39).",
                              "El hechizo de ataque rápido propio del Hechicero (MW-7.39).")),
        RESTORE_QUICK: card(RESTORE_QUICK, restore, "incantation", "quick", 0, "creature",
                            Text("Removes one condition marker, paying its cost (MW-7.19).",
                                 "Quita un marcador de estado pagando su coste (MW-7.19).")),
        RESTORE_FULL: card(RESTORE_FULL, full, "incantation", "full", 0, "creature",
                           Text("Removes the condition markers chosen, paying their costs "
                                "(MW-7.19).",
                                "Quita los marcadores de estado elegidos pagando sus costes "
                                "(MW-7.19)."))}


def innate_castable(st: MageWarsState, seat: int) -> list[str]:
    """The innate spells the seat's mage may cast now: Restore always, Arcane Zap once a round
    (MW-7.20, MW-7.40, MW-B15)."""
    mage = mage_data(st, seat)
    if mage is None:
        return []
    return [cid for cid in INNATE.get(mage.id, ())
            if cid != ARCANE_ZAP or ("arcane-zap", seat) not in st.once]


def take_innate(st: MageWarsState, seat: int, card: str) -> None:
    """Announcing an innate spell takes nothing from the plan; Arcane Zap spends the round's
    use (MW-7.40)."""
    if card == ARCANE_ZAP:
        st.once = st.once | {("arcane-zap", seat)}
        st.changed()


def _marker_sets(st: MageWarsState, oid: int, full: bool) -> list[tuple[str, ...]]:
    markers = sorted(n for n, c in st.obj(oid).markers.items() if c > 0)
    if not full:
        return [(m,) for m in markers]
    return [combo for k in range(1, len(markers) + 1) for combo in combinations(markers, k)]


def _restore_cost(st: MageWarsState, oid: int, chosen: tuple[str, ...], full: bool) -> int:
    from grimorio.games.mage_wars import conditions

    o = st.obj(oid)
    return sum((conditions.removal_cost(st, oid, m) or 0) * (o.count(m) if full else 1)
               for m in chosen)


def _chosen(targets: Targets) -> tuple[str, ...]:
    opt = next((w[4:] for w in targets if w.startswith("opt=")), "")
    return tuple(m for m in opt.split("-") if m)


class _Restore(Script):
    """Restore (MW-7.19, MW-7.20, MW-B19): any creature at range 0-1 in sight, friend or foe;
    the markers chosen come off for their removal costs (Sleep: the creature's level)."""

    full = False

    def spell_targets(self, st: MageWarsState, caster: int, card: data.Card
                      ) -> list[Targets] | None:
        out: list[Targets] = []
        for o in sorted(st.objs.values(), key=lambda x: x.oid):
            if o.is_creature and o.zone is not None and in_reach(st, caster, o.oid, card.range):
                out += [(f"o{o.oid}", "opt=" + "-".join(c))
                        for c in _marker_sets(st, o.oid, self.full)]
        return out

    def spell_cost(self, st: MageWarsState, caster: int, card: data.Card,
                   targets: Targets) -> int | None:
        oid = int(targets[0][1:])
        return _restore_cost(st, oid, _chosen(targets), self.full) if oid in st.objs else None

    def resolve(self, st: MageWarsState, caster: int, card: data.Card, targets: Targets,
                opts: dict[str, str]) -> bool:
        from grimorio.games.mage_wars import conditions

        oid = int(targets[0][1:])
        for marker in _chosen(("opt=" + opts.get("opt", ""),)):
            conditions.remove(st, oid, marker, 99 if self.full else 1)
        return True


@register(RESTORE_QUICK)
class RestoreQuick(_Restore):
    """Restore, quick: one marker (MW-7.19)."""


@register(RESTORE_FULL)
class RestoreFull(_Restore):
    """Restore, full: every marker of the kinds chosen (MW-7.19)."""

    full = True


# ---------------------------------------------------------------------------- Quick Summoning

def quick_summon(st: MageWarsState, caster: int, card: data.Card, speed: str) -> bool:
    """A level 1 animal creature is a quick spell for the Beastmaster (MW-7.9, MW-B14)."""
    obj = st.objs.get(caster)
    if speed != "quick" or obj is None or obj.kind != "mage" \
            or not has_ability(st, obj.controller, "quick-summoning"):
        return False
    rule = data.shipped().mage("beastmaster").ability("quick-summoning").applies_to
    return _fits(card, rule)


def _fits(card: data.Card, rule: data.SpellFilter | None) -> bool:
    if rule is None:
        return True
    if rule.type and card.type != rule.type:
        return False
    if not set(rule.subtypes) <= set(card.subtypes):
        return False
    if rule.max_level is not None and card.level > rule.max_level:
        return False
    return not any(card.has(k) for k in rule.excluding)


# ---------------------------------------------------------------------------- bonds

def bonded(st: MageWarsState, seat: int) -> int | None:
    """The creature holding the seat's Pet or Bloodreaper token, if it is still in play
    (the token comes back when it is destroyed, MW-7.14, MW-7.29)."""
    mage = st.objs.get(st.player(seat).mage)
    oid = None if mage is None else mage.memo.get("bond")
    return oid if oid is not None and oid in st.objs and st.objs[oid].controller == seat \
        else None


def _bond_ability(st: MageWarsState, seat: int) -> data.MageAbility | None:
    mage = mage_data(st, seat)
    if mage is None or mage.id not in TOKENS:
        return None
    return mage.ability(TOKENS[mage.id][0])


def bond_cost(st: MageWarsState, seat: int, oid: int) -> int:
    from grimorio.games.mage_wars import traits

    ability = _bond_ability(st, seat)
    assert ability is not None and ability.cost is not None
    return ability.cost.for_level(traits.level(st, oid))


def may_bond(st: MageWarsState, seat: int, oid: int) -> bool:
    """A newly come creature of the right kind, not Legendary, and the token free
    (MW-7.11, MW-7.12, MW-7.14, MW-7.24, MW-7.26, MW-7.29)."""
    ability = _bond_ability(st, seat)
    obj = st.objs.get(oid)
    if ability is None or obj is None or obj.kind != "creature" or obj.controller != seat \
            or bonded(st, seat) is not None:
        return False
    if not _fits(st.card(obj.card), ability.applies_to):
        return False
    assert ability.cost is not None
    return ability.cost.resource != "mana" or st.player(seat).mana >= bond_cost(st, seat, oid)


@dataclass(slots=True)
class BondAsk(Ask):
    """`bond o7` or `bond none`: make the new animal the Pet or the new demon the Bloodreaper
    (MW-7.11, MW-7.24). Leaves `st.ret` alone: the casting that brought it reports there."""

    seat: int
    oid: int
    rule = "MW-7.11"

    def options(self, st: MageWarsState) -> list[MWAction]:
        return [act("bond", f"o{self.oid}"), act("bond", "none")]

    def answer(self, st: MageWarsState, action: MWAction) -> None:
        st.frames.pop()
        if action.text.endswith("none") or not may_bond(st, self.seat, self.oid):
            return
        ability = _bond_ability(st, self.seat)
        assert ability is not None and ability.cost is not None
        cost = bond_cost(st, self.seat, self.oid)
        player = st.player(self.seat)
        st.mage_of(self.seat).memo["bond"] = self.oid
        st.changed()
        if ability.cost.resource == "mana":
            player.mana -= cost
            st.emit("bond", "MW-7.11", Text(f"{name(self.seat)} pays {cost}: o{self.oid} is "
                                            "the Beastmaster's Pet.",
                                            f"{name(self.seat)} paga {cost}: o{self.oid} es la "
                                            "Mascota del Señor de las Bestias."),
                    seat=self.seat, oid=self.oid, token=ability.token)
        else:
            st.emit("bond", "MW-7.24", Text(f"o{self.oid} is the Warlock's Bloodreaper.",
                                            f"o{self.oid} es el Segador sangriento del Brujo."),
                    seat=self.seat, oid=self.oid, token=ability.token)
            gain_life(st, self.seat, -cost, "MW-7.25")


def blood_pact(st: MageWarsState, attacker: int | None, dealt: int,
               defender: Obj | None = None) -> None:
    """The Bloodreaper's first attack each round that damages a creature (`defender`; a
    conjuration does not count) heals the Warlock up to 2, even when he has nothing to heal
    (MW-7.28, MW-B16)."""
    from grimorio.games.mage_wars.rules import damage

    att = st.objs.get(attacker) if attacker is not None else None
    if att is None or dealt <= 0 or att.kind != "creature" \
            or (defender is not None and not defender.is_creature):
        return
    seat = att.controller
    if not has_ability(st, seat, "bloodreaper") or bonded(st, seat) != att.oid \
            or ("blood-pact", seat) in st.once:
        return
    st.once = st.once | {("blood-pact", seat)}
    heal = dict(data.shipped().mage("warlock").ability("bloodreaper").params).get("heal", 2)
    damage.heal(st, st.player(seat).mage, heal, "MW-7.28")


# ---------------------------------------------------------------------------- Voltaric Shield

def push_upkeep(st: MageWarsState) -> None:
    """The Upkeep step opens with each Wizard's choice to switch his shield on (MW-7.32)."""
    if not is_full(st):
        return
    from grimorio.games.mage_wars.rules.round import order

    for seat in reversed(order(st)):        # clockwise with 3-4 seats (MW-B31)
        if has_ability(st, seat, "voltaric-shield") and st.player(seat).mana >= _SHIELD_COST:
            st.frames.append(ShieldAsk(seat))


_SHIELD_COST = 2            # MW-7.32 (mages.yaml: voltaric-shield cost)
_SHIELD_STOPS = 3           # MW-7.33


@dataclass(slots=True)
class ShieldAsk(Ask):
    """`shield on` (pay 2 mana) or `shield off` (MW-7.32, MW-7.37)."""

    seat: int
    rule = "MW-7.32"

    def options(self, st: MageWarsState) -> list[MWAction]:
        return [act("shield", "on"), act("shield", "off")]

    def answer(self, st: MageWarsState, action: MWAction) -> None:
        st.frames.pop()
        if action.text != "shield on":
            return
        st.player(self.seat).mana -= _SHIELD_COST
        st.mage_of(self.seat).memo[SHIELD] = 1
        st.changed()
        st.emit("shield", "MW-7.32", Text(f"{name(self.seat)} pays {_SHIELD_COST}: the "
                                          "Voltaric Shield is on.",
                                          f"{name(self.seat)} paga {_SHIELD_COST}: el Escudo "
                                          "voltárico está activo."), seat=self.seat)


def shield(st: MageWarsState, defender: int, amount: int) -> int:
    """Attack damage after armor about to be dealt to `defender`: an active Voltaric Shield
    stops up to 3 of it and is then used (MW-7.33-MW-7.36, MW-B22); no damage, no use
    (MW-7.34)."""
    o = st.objs.get(defender)
    if amount <= 0 or o is None or o.kind != "mage" or not o.memo.get(SHIELD):
        return amount
    del o.memo[SHIELD]
    st.changed()
    stopped = min(_SHIELD_STOPS, amount)
    st.emit("shield-used", "MW-7.33", Text(f"The Voltaric Shield stops {stopped} damage and "
                                           "turns off.",
                                           f"El Escudo voltárico detiene {stopped} de daño y se "
                                           "apaga."), oid=defender, stopped=stopped)
    return amount - stopped


def end_of_round(st: MageWarsState) -> None:
    """The shield lasts one round (MW-7.37)."""
    for player in st.players:
        mage = st.objs.get(player.mage)
        if mage is not None and mage.memo.pop(SHIELD, None) is not None:
            st.changed()


# ---------------------------------------------------------------------------- Curse Binding

def curse_binding(st: MageWarsState, victim: Obj) -> None:
    """A creature is being destroyed: one curse of the Warlock's own on it goes back to his
    spellbook, once a round in all (MW-7.22, MW-7.23, MW-B20)."""
    if not is_full(st) or not victim.is_creature:
        return
    for item in st.attached(victim.oid):
        seat = item.owner
        if item.kind != "enchantment" or "curse" not in st.card(item.card).subtypes \
                or not has_ability(st, seat, "curse-binding") \
                or ("curse-binding", seat) in st.once:
            continue
        st.once = st.once | {("curse-binding", seat)}
        st.remove_obj(item.oid)
        st.to_book(item.card, seat)
        st.emit("curse-binding", "MW-7.22", Text(f"Curse Binding: {item.card} goes back to "
                                                 f"{name(seat)}'s spellbook.",
                                                 f"Engarzar maldiciones: {item.card} vuelve "
                                                 f"al libro de {name(seat)}."),
                seat=seat, card=item.card)


# ---------------------------------------------------------------------------- Divine Reward

def divine_reward(st: MageWarsState, seat: int, card: data.Card) -> None:
    """+1 life once a round for a holy incantation resolved or a holy enchantment revealed
    (MW-7.16, MW-7.17)."""
    if not has_ability(st, seat, "divine-reward") or card.id in INNATE_IDS \
            or card.type not in ("incantation", "enchantment") \
            or "holy" not in (s for s, _ in card.school) or ("divine-reward", seat) in st.once:
        return
    st.once = st.once | {("divine-reward", seat)}
    gain_life(st, seat, 1, "MW-7.16")


def revealed(st: MageWarsState, oid: int) -> None:
    """An enchantment was just turned face up (Divine Reward, MW-7.16)."""
    obj = st.objs.get(oid)
    if obj is not None and is_full(st):
        divine_reward(st, obj.controller, st.card(obj.card))


# ---------------------------------------------------------------------------- the mages' script

@register(MAGE_CARD)
class FullMage(Script):
    """The abilities every full mage carries (nothing for an Apprentice mage, MW-1.7)."""

    def grants(self, st: MageWarsState, oid: int) -> list[tuple[int, Any]]:
        mage_obj = st.objs[oid]
        mage = mage_data(st, mage_obj.controller)
        if mage is None:
            return []
        out: list[tuple[int, Any]] = [(oid, t) for t in mage.traits]     # MW-7.10, MW-7.30
        pet = bonded(st, mage_obj.controller)
        ability = _bond_ability(st, mage_obj.controller)
        if pet is not None and ability is not None:
            out += [(pet, t) for t in ability.traits]                     # MW-7.13, MW-7.27
            if st.objs[pet].zone is not None and st.objs[pet].zone == mage_obj.zone:
                out += [(pet, t) for t in ability.traits_with_mage]       # MW-7.13
        return out

    def spell_cast(self, st: MageWarsState, oid: int, caster: int, card: data.Card) -> None:
        seat = st.objs[oid].controller
        who = st.objs.get(caster)
        if who is None or who.controller != seat or mage_data(st, seat) is None:
            return
        if card.type == "incantation":
            divine_reward(st, seat, card)
        newest = st.objs.get(st.next_oid - 1)
        if card.type == "creature" and newest is not None and newest.card == card.id \
                and newest.entered_round == st.round and may_bond(st, seat, newest.oid):
            st.frames.append(BondAsk(seat, newest.oid))
