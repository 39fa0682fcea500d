"""Incantations (MW-5.20): short effects that resolve and go to the discard pile.

Charge, Call of the Wild, Vampiric Strike, Heal and Minor Heal need no script: the generic
reading of `rules/casting.py` gives their `grants` and rolls their healing dice (registry
`DATA_ONLY`). The others are here, each in grimorio's words from its card `summary`. Their X
costs are the generic formulas of `casting.generic_cost` (enchantment-total-cost,
chosen-equipment-cost, target-level, by-target-level, steal-enchantment, per-zone-moved).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimorio.core.i18n import Text
from grimorio.games.mage_wars import arena, conditions, traits
from grimorio.games.mage_wars.effects.registry import Script, Targets, register
from grimorio.games.mage_wars.rules import casting, combat, damage, displace

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
            if not (o.is_creature and o.controller == seat and o.damage > 0
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
        if t.keyword == "school-only" and t.school not in casting.TRAINED[cls]:
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
