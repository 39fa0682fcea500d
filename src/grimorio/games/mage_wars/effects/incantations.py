"""Incantations (MW-5.20): short effects that resolve and go to the discard pile.

Charge, Call of the Wild, Vampiric Strike, Heal and Minor Heal need no script: the generic
reading of `rules/casting.py` gives their `grants` and rolls their healing dice (registry
`DATA_ONLY`). The others are here, each in grimorio's words from its card `summary`. Their X
costs are the generic formulas of `casting.generic_cost` (enchantment-total-cost,
chosen-equipment-cost, target-level, by-target-level, steal-enchantment, per-zone-moved).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from grimorio.core.i18n import Text
from grimorio.games.mage_wars import arena, conditions, traits
from grimorio.games.mage_wars.effects.registry import Script, Targets, register
from grimorio.games.mage_wars.flow import MWAction, act
from grimorio.games.mage_wars.rules import casting, combat, damage, displace
from grimorio.games.mage_wars.rules.round import Choice

if TYPE_CHECKING:
    from grimorio.games.mage_wars import data
    from grimorio.games.mage_wars.state import MageWarsState


def _oid(word: str) -> int:
    return int(word[1:])


def _seat(st: MageWarsState, caster: int) -> int:
    return st.obj(caster).controller


@register("dispel")
class Dispel(Script):
    """Destroys one revealed enchantment; X = its casting cost + reveal cost, Magebind included
    (generic `enchantment-total-cost`, MW-X-11.11)."""

    def resolve(self, st: MageWarsState, caster: int, card: data.Card, targets: Targets,
                opts: dict[str, str]) -> bool:
        oid = _oid(targets[0])
        ench = st.obj(oid)
        st.emit("dispel", "MW-5.20", Text(f"Dispel destroys {ench.card} (o{oid}).",
                                          f"Dispersar destruye {ench.card} (o{oid})."),
                oid=oid, card=ench.card)
        damage.destroy(st, oid, "MW-5.20")
        return True


def _destroy_chosen(st: MageWarsState, card: data.Card, opts: dict[str, str]) -> None:
    """Destroy the equipment chosen when casting (`opt=o9`): it goes to its owner's discard
    pile (MW-5.16)."""
    item = _oid(opts["opt"])
    if item not in st.objs:
        return
    name = st.obj(item).card
    st.emit("equipment-destroyed", "MW-5.20",
            Text(f"{card.id} destroys {name} (o{item}).", f"{card.id} destruye {name} (o{item})."),
            oid=item, card=name)
    damage.destroy(st, item, "MW-5.20")


@register("dissolve")
class Dissolve(Script):
    """Acid: destroys the equipment chosen on the target mage; X = that equipment's casting
    cost (generic `chosen-equipment-cost`). Acid is no damage type (MW-S7)."""

    def resolve(self, st: MageWarsState, caster: int, card: data.Card, targets: Targets,
                opts: dict[str, str]) -> bool:
        _destroy_chosen(st, card, opts)
        return True


@register("explode")
class Explode(Script):
    """Destroys the chosen equipment of the target mage, then that mage suffers the card's
    flame attack as a ranged attack at the spell's range (cards.yaml note, MW-5.19, MW-6.73);
    X = 6 + the equipment's casting cost."""

    def resolve(self, st: MageWarsState, caster: int, card: data.Card, targets: Targets,
                opts: dict[str, str]) -> bool:
        _destroy_chosen(st, card, opts)
        mage = _oid(targets[0])
        if mage in st.objs and not st.over:
            combat.start_attack(st, caster, None, mage, spell=card.id,
                                out_of_turn=st.acting != caster)
        return True


@register("drain-life")
class DrainLife(Script):
    """5 attack dice as direct damage to a Living creature (MW-6.97, MW-6.99: normal and
    critical alike); the caster heals what the target took. As for Vampiric, damage beyond the
    target's remaining life does not count with `vampiric_cap=remaining_life` (MW-C5)."""

    def resolve(self, st: MageWarsState, caster: int, card: data.Card, targets: Targets,
                opts: dict[str, str]) -> bool:
        oid = _oid(targets[0])
        left = damage.remaining_life(st, oid)
        amount = damage.dice_total(st, card.param("direct_damage_dice"),
                                   Text(f"Drain Life on o{oid}", f"Drenar Vida sobre o{oid}"),
                                   "MW-6.97")
        dealt = damage.deal(st, oid, amount, source=caster, direct=True, rule="MW-6.97")
        if st.game.options.get("vampiric_cap", "remaining_life") == "remaining_life":
            dealt = min(dealt, left)
        if dealt > 0 and caster in st.objs:
            damage.heal(st, caster, dealt, "MW-6.99")
        return True


@register("force-push")
class ForcePush(Script):
    """Pushes the target creature 1 zone in the direction its caster chooses (`push north`…,
    MW-X-7.17, MW-X-7.18); into the arena's edge it collides (MW-X-7.22); Unmovable creatures
    ignore it (MW-X-7.21). Through a wall with Passage Attack only if the caster paid
    `passage_attack_extra_cost` more when casting (`cast force-push o9 opt=through`, offered
    when such a wall stands on a border of the target's zone, MW-X-7.20)."""

    def spell_targets(self, st: MageWarsState, caster: int, card: data.Card
                      ) -> list[Targets] | None:
        out: list[Targets] = []
        for targets in casting.generic_targets(st, caster, card):
            out.append(targets)
            if _passage_walls_near(st, _oid(targets[0])):
                out.append((*targets, THROUGH))
        return out

    def spell_cost(self, st: MageWarsState, caster: int, card: data.Card,
                   targets: Targets) -> int | None:
        if THROUGH not in targets:
            return None
        return (card.cost.cast or 0) + card.param("passage_attack_extra_cost")

    def resolve(self, st: MageWarsState, caster: int, card: data.Card, targets: Targets,
                opts: dict[str, str]) -> bool:
        oid = _oid(targets[0])
        if not displace.pushable(st, oid):
            st.emit("no-push", "MW-X-7.21", Text(f"o{oid} cannot be pushed.",
                                                 f"o{oid} no puede ser empujado."), oid=oid)
            return True
        st.frames.append(displace.PushAsk(_seat(st, caster), oid, arena.DIRECTIONS,
                                          "MW-X-7.17", passage=opts.get("opt") == "through"))
        return True


THROUGH = "opt=through"


def _passage_walls_near(st: MageWarsState, oid: int) -> bool:
    """A wall with Passage Attack stands on a border of the creature's zone (MW-X-7.20)."""
    zone = st.zone_of(oid)
    return any(zone in o.border and st.card(o.card).has("passage-attack")
               for o in st.objs.values() if o.border)


@register("group-heal")
class GroupHeal(Script):
    """Every wounded Living creature of the caster's side in the target zone heals the total
    of its own 5 attack dice (MW-6.99, MW-6.102, MW-6.103)."""

    def resolve(self, st: MageWarsState, caster: int, card: data.Card, targets: Targets,
                opts: dict[str, str]) -> bool:
        seat = _seat(st, caster)
        for o in sorted(st.in_zone(targets[0]), key=lambda o: o.oid):
            if not (o.is_creature and st.allied(o.controller, seat) and o.damage > 0
                    and traits.is_living(st, o.oid)):
                continue
            amount = damage.dice_total(st, card.param("heal_dice"),
                                       Text(f"Group Heal on o{o.oid}",
                                            f"Curación en Masa sobre o{o.oid}"), "MW-6.99")
            damage.heal(st, o.oid, amount, "MW-6.99")
        return True


ROUSED = "rouse-the-beast"


@register("rouse-the-beast")
class RouseTheBeast(Script):
    """A Living creature summoned this round turns its action marker active, so it may take an
    action turn this round (MW-3.7, MW-3.33); once per round per creature (a mark in
    `st.once`, cleared at Reset). X = the target's level (generic `target-level`)."""

    def spell_targets(self, st: MageWarsState, caster: int, card: data.Card
                      ) -> list[Targets] | None:
        return [t for t in casting.generic_targets(st, caster, card)
                if st.obj(_oid(t[0])).kind != "mage"
                and st.obj(_oid(t[0])).entered_round == st.round
                and (ROUSED, _oid(t[0])) not in st.once]

    def resolve(self, st: MageWarsState, caster: int, card: data.Card, targets: Targets,
                opts: dict[str, str]) -> bool:
        oid = _oid(targets[0])
        st.obj(oid).active = True
        st.once = st.once | {(ROUSED, oid)}
        st.changed()
        st.emit("roused", "MW-3.7", Text(f"o{oid} is roused: its action marker is active.",
                                         f"o{oid} despierta a la bestia: su ficha de acción "
                                         "está activa."), oid=oid)
        return True


@register("sleep")
class Sleep(Script):
    """Psychic: a Sleep marker on the target non-mage Living creature (MW-X-6.23); Psychic
    Immunity keeps it out of reach (MW-S8, checked by the generic targets). X by the target's
    level: 4, 5, 6, then +2 a level (generic `by-target-level`)."""

    def resolve(self, st: MageWarsState, caster: int, card: data.Card, targets: Targets,
                opts: dict[str, str]) -> bool:
        conditions.add(st, _oid(targets[0]), "sleep", 1, "MW-X-6.23")
        return True


def _may_control(st: MageWarsState, caster: int, card: data.Card) -> bool:
    """Class and school restrictions bind who may control a stolen enchantment (MW-S4,
    MW-X-11.7)."""
    cls = st.player(_seat(st, caster)).mage_class
    for t in card.traits:
        if t.keyword == "class-only" and t.mage_class != cls:
            return False
        if t.keyword == "school-only" and t.school not in casting.trained(
                st, _seat(st, caster)):          # a full mage's training (MW-8.18)
            return False
    return True


@register("steal-enchantment")
class StealEnchantment(Script):
    """Moves a revealed enchantment onto a new legal target (both in range and sight) and gives
    it to the caster; X = its cast + reveal cost counted on both hosts (generic
    `steal-enchantment`, Magebind on each, MW-X-11.11)."""

    def spell_targets(self, st: MageWarsState, caster: int, card: data.Card
                      ) -> list[Targets] | None:
        return [t for t in casting.steal_targets(st, caster, card)
                if _may_control(st, caster, st.card(st.obj(_oid(t[0])).card))]

    def resolve(self, st: MageWarsState, caster: int, card: data.Card, targets: Targets,
                opts: dict[str, str]) -> bool:
        oid, new = _oid(targets[0]), _oid(targets[1])
        ench = st.obj(oid)
        ench.host, ench.zone = new, None
        ench.controller = _seat(st, caster)
        ench.order = st.next_order          # attached anew: on top (MW-5.81)
        st.next_order += 1
        st.changed()
        st.emit("steal", "MW-5.20", Text(f"{ench.card} (o{oid}) moves to o{new}, now under "
                                         f"P{ench.controller + 1}'s control.",
                                         f"{ench.card} (o{oid}) pasa a o{new}, ahora bajo el "
                                         f"control de P{ench.controller + 1}."),
                oid=oid, host=new, controller=ench.controller)
        return True


@register("teleport")
class Teleport(Script):
    """The target creature goes straight to the target zone (MW-X-7.25-MW-X-7.28); X = 3 per
    zone of distance moved, at least 3 (generic `per-zone-moved`, MW-X-7.29)."""

    def resolve(self, st: MageWarsState, caster: int, card: data.Card, targets: Targets,
                opts: dict[str, str]) -> bool:
        displace.teleport(st, _oid(targets[0]), targets[1], "MW-X-7.25")
        return True


# ---------------------------------------------------------------------------- Core Set (issue 8)

@register("drain-power")
class DrainPower(Script):
    """Mage spell: 8 attack dice, normal and critical alike; the target mage's controller loses
    that much mana (no more than it has) and the caster's controller gains what was lost
    (MW-X-12.1)."""

    def resolve(self, st: MageWarsState, caster: int, card: data.Card, targets: Targets,
                opts: dict[str, str]) -> bool:
        victim = st.player(st.obj(_oid(targets[0])).controller)
        rolled = damage.dice_total(st, card.param("dice"),
                                   Text("Drain Power", "Drenar Poder"), "MW-X-12.1")
        lost = min(rolled, victim.mana)
        victim.mana -= lost
        st.player(_seat(st, caster)).mana += lost
        st.changed()
        st.emit("drain-power", "MW-X-12.1", Text(
            f"Drain Power: P{victim.seat + 1} loses {lost} mana to P{_seat(st, caster) + 1}.",
            f"Drenar Poder: P{victim.seat + 1} pierde {lost} de maná a favor de "
            f"P{_seat(st, caster) + 1}."), seat=victim.seat, mana=lost)
        return True


@register("knockdown")
class Knockdown(Script):
    """Force: the target is Incapacitated until its next action turn begins or the round
    ends, whichever comes first (MW-X-6.36): a target that has not acted yet this round is
    freed as its turn starts (activation.begin drops `TEMP_UNTIL_TURN`), one that has acted
    stays down until the round ends (traits.end_of_round). Unmovable creatures shrug it off
    (MW-X-7.21)."""

    def resolve(self, st: MageWarsState, caster: int, card: data.Card, targets: Targets,
                opts: dict[str, str]) -> bool:
        oid = _oid(targets[0])
        if traits.traits(st, oid).has("unmovable"):
            st.emit("no-effect", "MW-X-7.21", Text(f"o{oid} is Unmovable: Knockdown does "
                                                   "nothing.",
                                                   f"o{oid} es Inamovible: Derribo no hace "
                                                   "nada."), oid=oid)
            return True
        until = traits.TEMP_UNTIL_TURN if st.obj(oid).active else traits.TEMP_UNTIL_ROUND
        traits.add_temp(st, oid, "incapacitated", None, until)
        st.emit("knockdown", "MW-X-6.36", Text(f"o{oid} is knocked down: Incapacitated until "
                                               "its next action turn.",
                                               f"o{oid} es derribado: Incapacitado hasta su "
                                               "próximo turno de acción."), oid=oid)
        return True


@register("purge-magic")
class PurgeMagic(Script):
    """Destroys every enchantment attached to the target creature or conjuration, face down
    or up (MW-X-8.2); each goes to its owner's discard pile."""

    def resolve(self, st: MageWarsState, caster: int, card: data.Card, targets: Targets,
                opts: dict[str, str]) -> bool:
        oid = _oid(targets[0])
        gone = [o.oid for o in st.attached(oid) if o.kind == "enchantment"]
        st.emit("purge-magic", "MW-5.20", Text(f"Purge Magic strips o{oid} of {len(gone)} "
                                               "enchantment(s).",
                                               f"Purgar Magia quita a o{oid} {len(gone)} "
                                               "encantamiento(s)."), oid=oid, gone=gone)
        for ench in gone:
            damage.destroy(st, ench, "MW-X-8.2")
        return True


@register("seeking-dispel")
class SeekingDispel(Script):
    """Destroys a face-down enchantment in range and sight (on an object or a zone). From its
    announcement on, the enchantment's controller may not reveal it (`seals_target`:
    hooks.may_reveal)."""

    seals_target = True

    def spell_targets(self, st: MageWarsState, caster: int, card: data.Card
                      ) -> list[Targets] | None:
        return [(f"o{o.oid}",) for o in sorted(st.objs.values(), key=lambda o: o.oid)
                if o.kind == "enchantment" and not o.face_up
                and casting.in_sight(st, caster, o.oid, card)]

    def resolve(self, st: MageWarsState, caster: int, card: data.Card, targets: Targets,
                opts: dict[str, str]) -> bool:
        oid = _oid(targets[0])
        st.emit("dispel", "MW-5.20", Text(f"Seeking Dispel destroys o{oid}.",
                                          f"Disipar Buscador destruye o{oid}."), oid=oid)
        damage.destroy(st, oid, "MW-5.20")
        return True


@register("shift-enchantment")
class ShiftEnchantment(Script):
    """Novice: moves an enchantment the caster's side controls, on an object, to another object
    its own casting line allows; both within range and sight, no same-named one of the side
    there (MW-5.79). X = 1 for a face-down one, its level for a face-up one. Zone enchantments
    are not moved (grimorio's reading: the card names an object)."""

    def spell_targets(self, st: MageWarsState, caster: int, card: data.Card
                      ) -> list[Targets] | None:
        seat = _seat(st, caster)
        out: list[Targets] = []
        for ench in sorted(st.objs.values(), key=lambda o: o.oid):
            if ench.kind != "enchantment" or not st.allied(ench.controller, seat) \
                    or ench.host is None \
                    or not casting.in_sight(st, caster, ench.oid, card):
                continue
            line = st.card(ench.card)
            for new in casting.objects_in_sight(st, caster, card, line.target.kind):
                if new != ench.host and casting.filters_fit(st, st.obj(new), line.target.filters) \
                        and not casting.sees_same_name(st, seat, ench.card, new, None):
                    out.append((f"o{ench.oid}", f"o{new}"))
        return out

    def spell_cost(self, st: MageWarsState, caster: int, card: data.Card,
                   targets: Targets) -> int | None:
        ench = st.obj(_oid(targets[0]))
        return st.card(ench.card).level if ench.face_up else 1

    def resolve(self, st: MageWarsState, caster: int, card: data.Card, targets: Targets,
                opts: dict[str, str]) -> bool:
        oid, new = _oid(targets[0]), _oid(targets[1])
        ench = st.obj(oid)
        ench.host, ench.zone = new, None
        ench.order = st.next_order          # attached anew: on top (MW-5.81)
        st.next_order += 1
        st.changed()
        st.emit("shift", "MW-5.20", Text(f"Enchantment o{oid} moves to o{new}.",
                                         f"El encantamiento o{oid} pasa a o{new}."),
                oid=oid, host=new)
        return True


def _living_card(card: data.Card) -> bool:
    return card.type == "creature" and not (card.has("nonliving") or card.has("incorporeal"))


@register("resurrection")
class Resurrection(Script):
    """Brings a destroyed Living creature back from the caster's discard pile (`cast
    resurrection opt=<card>`), summoned inactive in the caster's zone (MW-5.21, MW-5.22);
    X = its casting cost + its level. Legendary and Unique limits still hold (MW-X-11.3). In a
    full game an animal (a demon) brought back may become the Pet (the Bloodreaper): it comes
    into play by any means (MW-7.11, MW-7.24)."""

    def spell_targets(self, st: MageWarsState, caster: int, card: data.Card
                      ) -> list[Targets] | None:
        seen: list[str] = []
        for cid in st.player(_seat(st, caster)).discard:
            if cid in seen or cid not in st.cards:
                continue
            found = st.card(cid)
            if _living_card(found) and casting.allowed(st, caster, found):
                seen.append(cid)
        return [(f"opt={cid}",) for cid in sorted(seen)]

    def spell_cost(self, st: MageWarsState, caster: int, card: data.Card,
                   targets: Targets) -> int | None:
        found = st.card(targets[0].split("=", 1)[1])
        return (found.cost.cast or 0) + found.level

    def resolve(self, st: MageWarsState, caster: int, card: data.Card, targets: Targets,
                opts: dict[str, str]) -> bool:
        cid = opts["opt"]
        seat = _seat(st, caster)
        pile = st.player(seat).discard
        zone = st.zone_of(caster)
        if cid not in pile or zone is None:
            return True
        pile.remove(cid)
        obj = st.new_obj(cid, "creature", seat, seat, zone=zone, active=False)
        st.changed()
        st.emit("summon", "MW-5.22", Text(f"{cid} (o{obj.oid}) rises again in {zone}.",
                                          f"{cid} (o{obj.oid}) vuelve a la vida en {zone}."),
                oid=obj.oid, card=cid)
        from grimorio.games.mage_wars.effects import mages

        if mages.may_bond(st, seat, obj.oid):     # Pet or Bloodreaper, by any means (MW-7.11)
            st.frames.append(mages.BondAsk(seat, obj.oid))
        return True


@dataclass(slots=True)
class RemovalAsk(Choice):
    """Paid removals after Lay Hands or Purify: `choose <condition>` takes one marker off for
    its removal cost (MW-6.105; Sleep: the creature's level), `choose o<ench>` destroys a
    face-up poison enchantment for its casting plus reveal cost (Purify), `choose done` stops.
    Asked again after each removal while something is left to pay for."""

    seat: int
    oid: int
    family: str | None           # only conditions of this family (Purify: poison)
    enchantments: bool           # face-up poison enchantments may go too (Purify)
    rule = "MW-6.105"

    def _offers(self, st: MageWarsState) -> list[tuple[str, int]]:
        if self.oid not in st.objs:
            return []
        o = st.obj(self.oid)
        out: list[tuple[str, int]] = []
        for name in sorted(o.markers):
            cond = conditions.CONDITIONS.get(name)
            if cond is None or not o.count(name) or (self.family and cond.family != self.family):
                continue
            cost = traits.level(st, self.oid) if cond.removal_cost is None else cond.removal_cost
            out.append((name, cost))
        if self.enchantments:
            for ench in st.attached(self.oid):
                if ench.kind == "enchantment" and ench.face_up \
                        and "poison" in st.card(ench.card).subtypes:
                    out.append((f"o{ench.oid}", 2 + casting.reveal_cost(st, ench.oid)))
        mana = st.player(self.seat).mana
        return [(w, c) for w, c in out if c <= mana]

    def options(self, st: MageWarsState) -> list[MWAction]:
        return [*(act("choose", w) for w, _ in self._offers(st)), act("choose", "done")]

    def answer(self, st: MageWarsState, action: MWAction) -> None:
        word = action.text.split()[1]
        if word == "done":
            st.frames.pop()
            return
        cost = dict(self._offers(st))[word]
        st.player(self.seat).mana -= cost
        if word.startswith("o") and word[1:].isdigit():
            damage.destroy(st, int(word[1:]), "MW-6.105")
        else:
            conditions.remove(st, self.oid, word, 1)
        st.changed()
        if not self._offers(st):
            st.frames.pop()              # nothing left to remove or to pay for
        st.emit("removal", "MW-6.105", Text(f"P{self.seat + 1} pays {cost} to remove {word} "
                                            f"from o{self.oid}.",
                                            f"P{self.seat + 1} paga {cost} para quitar {word} "
                                            f"de o{self.oid}."),
                seat=self.seat, oid=self.oid, what=word, mana=cost)


def _removals(st: MageWarsState, seat: int, oid: int, family: str | None,
              enchantments: bool) -> None:
    ask = RemovalAsk(seat, oid, family, enchantments)
    if len(ask.options(st)) > 1:
        st.frames.append(ask)


@register("lay-hands")
class LayHands(Script):
    """Holy mages only (casting.allowed): the target heals the total of 12 attack dice
    (MW-6.99), then the caster may pay to take off any of its condition
    markers, one at a time, each for its removal cost (RemovalAsk, MW-6.105)."""

    def resolve(self, st: MageWarsState, caster: int, card: data.Card, targets: Targets,
                opts: dict[str, str]) -> bool:
        oid = _oid(targets[0])
        amount = damage.dice_total(st, card.param("heal_dice"),
                                   Text(f"Lay Hands on o{oid}", f"Imponer Manos sobre o{oid}"),
                                   "MW-6.99")
        damage.heal(st, oid, amount, "MW-6.99")
        _removals(st, _seat(st, caster), oid, None, False)
        return True


@register("purify")
class Purify(Script):
    """Takes poison conditions off the target, each for its removal cost, and destroys its
    face-up poison enchantments, each for its casting plus reveal cost (RemovalAsk, MW-6.105,
    MW-X-5.5). X, the total, is paid as each removal is chosen, when the spell resolves: the
    casting itself costs nothing up front (grimorio's reading)."""

    def spell_cost(self, st: MageWarsState, caster: int, card: data.Card,
                   targets: Targets) -> int | None:
        return 0

    def resolve(self, st: MageWarsState, caster: int, card: data.Card, targets: Targets,
                opts: dict[str, str]) -> bool:
        _removals(st, _seat(st, caster), _oid(targets[0]), "poison", True)
        return True


@register("battle-fury")
class BattleFury(Script):
    """Command: this round, once the target has made its first melee attack that is no
    counterstrike, it may follow up with a quick melee attack in the same attack action
    (`combat.FURY` in its memo; rules/combat.py asks `attack <n> o9` or `no-attack`). One
    Battle Fury per creature a round (a mark in `st.once`)."""

    def spell_targets(self, st: MageWarsState, caster: int, card: data.Card
                      ) -> list[Targets] | None:
        return [t for t in casting.generic_targets(st, caster, card)
                if ("battle-fury", _oid(t[0])) not in st.once]

    def resolve(self, st: MageWarsState, caster: int, card: data.Card, targets: Targets,
                opts: dict[str, str]) -> bool:
        oid = _oid(targets[0])
        st.obj(oid).memo[combat.FURY] = st.round
        st.once = st.once | {("battle-fury", oid)}
        st.changed()
        st.emit("battle-fury", "MW-5.20", Text(f"o{oid} is battle-furious this round.",
                                               f"o{oid} está enfurecido esta ronda."), oid=oid)
        return True


BANISHED_FROM = "banished-from"     # Obj.memo: 1 + the index in the arena of the zone it left
BANISHED_ACTIVE = "banished-active"     # Obj.memo: its action marker when Banish resolved


def banished(st: MageWarsState, oid: int) -> bool:
    """Whether the creature is out of the arena under Banish (MW-S12)."""
    o = st.objs.get(oid)
    return o is not None and bool(o.memo.get("banish"))


@register("banish")
class Banish(Script):
    """Teleports a non-mage creature out of the arena with 3 Banish tokens (`Obj.memo["banish"]`):
    it stands in no zone, so nothing can target, attack or reach it, it takes no action turn,
    and it stays in play (MW-S11, MW-S12). Its attached conjurations are destroyed as by any
    teleport (MW-X-7.26); its enchantments stay. One token comes off in each Upkeep, as its
    own Upkeep effect (`token_upkeep`, MW-3.14); the last one puts it back in the zone it left,
    with its action marker as it was when banished (the Reset step in between is undone)."""

    def resolve(self, st: MageWarsState, caster: int, card: data.Card, targets: Targets,
                opts: dict[str, str]) -> bool:
        oid = _oid(targets[0])
        o = st.objs.get(oid)
        if o is None or o.zone is None:
            return True
        for item in st.attached(oid):
            if item.kind == "conjuration":
                damage.destroy(st, item.oid, "MW-X-7.26")
        zones = list(st.arena.zones)
        o.memo[BANISHED_FROM] = zones.index(o.zone) + 1
        o.memo[BANISHED_ACTIVE] = int(o.active)
        o.memo[self.card_id] = dict(card.params)["banish_tokens"]
        o.zone = None
        st.stamps[oid] = st.stamps.get(oid, 0) + 1      # spells aimed at it fail (MW-5.15)
        st.changed()
        st.emit("banish", "MW-X-7.25", Text(f"o{oid} is banished from the arena "
                                            f"({o.memo[self.card_id]} Banish tokens).",
                                            f"o{oid} es desterrado de la arena "
                                            f"({o.memo[self.card_id]} fichas de Destierro)."),
                oid=oid, tokens=o.memo[self.card_id])
        return True

    def token_upkeep(self, st: MageWarsState, oid: int) -> None:
        o = st.obj(oid)
        left = o.memo[self.card_id] - 1
        o.active = bool(o.memo.get(BANISHED_ACTIVE, 0))     # not reset while away
        if left > 0:
            o.memo[self.card_id] = left
            st.changed()
            st.emit("banish-token", "MW-3.14", Text(f"A Banish token comes off o{oid} "
                                                    f"({left} left).",
                                                    f"Se quita una ficha de Destierro de "
                                                    f"o{oid} (quedan {left})."),
                    oid=oid, tokens=left)
            return
        zone = list(st.arena.zones)[o.memo[BANISHED_FROM] - 1]
        for key in (self.card_id, BANISHED_FROM, BANISHED_ACTIVE):
            o.memo.pop(key, None)
        st.relocate(oid, zone)          # back where it was: not a move, push or teleport
        st.emit("banish-return", "MW-3.14", Text(f"The last Banish token comes off: o{oid} "
                                                 f"returns to {zone}.",
                                                 f"Se quita la última ficha de Destierro: "
                                                 f"o{oid} vuelve a {zone}."),
                oid=oid, zone=zone)
