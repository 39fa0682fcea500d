"""Where card scripts plug into the rules (the Rule of Magic, MW-1.2).

The rules call these functions at the points named below; each one consults the card scripts of
`effects/registry.py`: the script of the card concerned (spells, reveals, upkeep) or the scripts
of every face-up object in play that provides the hook (MW-5.83). Names and signatures are
binding for every module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grimorio.games.mage_wars.effects import registry

if TYPE_CHECKING:
    from grimorio.games.mage_wars import data
    from grimorio.games.mage_wars.flow import MWAction
    from grimorio.games.mage_wars.state import MageWarsState


def spell_targets(st: MageWarsState, caster: int, card: data.Card
                  ) -> list[tuple[str, ...]] | None:
    """The target tuples a script allows for `card` (None: the generic rules, MW-5.10)."""
    s = registry.own(card.id, "spell_targets")
    return None if s is None else s.spell_targets(st, caster, card)


def spell_cost(st: MageWarsState, caster: int, card: data.Card,
               targets: tuple[str, ...]) -> int | None:
    """A script's casting cost for these targets (None: the generic cost, MW-5.12)."""
    s = registry.own(card.id, "spell_cost")
    return None if s is None else s.spell_cost(st, caster, card, targets)


def resolve_spell(st: MageWarsState, caster: int, card: data.Card, targets: tuple[str, ...],
                  opts: dict[str, str]) -> bool:
    """Resolve a spell by its script (MW-5.14); True when a script handled it."""
    s = registry.own(card.id, "resolve")
    return s is not None and s.resolve(st, caster, card, targets, opts)


def on_reveal(st: MageWarsState, oid: int) -> None:
    """An enchantment was just revealed and resolves now (MW-5.86 step 4)."""
    s = registry.own(st.obj(oid).card, "on_reveal")
    if s is not None:
        s.on_reveal(st, oid)


def upkeep(st: MageWarsState, oid: int) -> None:
    """An object's own Upkeep effect, after its upkeep cost was paid (MW-3.14)."""
    obj = st.objs.get(oid)
    s = None if obj is None or not obj.face_up else registry.own(obj.card, "upkeep")
    if s is not None:
        s.upkeep(st, oid)


def attack_dice(st: MageWarsState, atk: Any) -> int:
    """Extra attack dice from scripts for the attack `atk` (MW-6.27)."""
    return sum(s.attack_dice(st, o.oid, atk) for o, s in registry.providers(st, "attack_dice"))


def declare_cost(st: MageWarsState, atk: Any) -> int:
    """Mana a script makes the attacker pay to attack (MW-6.20); "first attack each round"
    scripts mark the attack as made (call it once, in the Pay Costs step)."""
    return sum(s.declare_cost(st, o.oid, atk)
               for o, s in registry.providers(st, "declare_cost"))


def attack_cost_preview(st: MageWarsState, atk: Any) -> int:
    """What `declare_cost` would ask for `atk` now, marking nothing: the action menu leaves
    out attacks whose known cost the controller cannot pay (MW-A14, MW-6.20)."""
    return sum(s.attack_cost(st, o.oid, atk)
               for o, s in registry.providers(st, "attack_cost"))


def after_cast(st: MageWarsState, caster: int, card: data.Card) -> None:
    """A spell was cast and resolved (MW-5.14): its own script, then every object in play
    that watches spells being cast."""
    s = registry.own(card.id, "after_cast")
    if s is not None:
        s.after_cast(st, caster, card)
    for o, watcher in registry.providers(st, "spell_cast"):
        if o.oid in st.objs:
            watcher.spell_cast(st, o.oid, caster, card)


def extra_options(st: MageWarsState, oid: int) -> list[MWAction]:
    """Ability actions (`ability <id> <target>`) an object offers now (MW-4.9)."""
    out: list[MWAction] = []
    for o, s in registry.providers(st, "extra_options"):
        out += s.extra_options(st, o.oid, oid)
    return out


def ability(st: MageWarsState, oid: int, action: MWAction) -> None:
    """Carry out an ability action chosen from `extra_options` (MW-4.9), or a power the mage
    `oid` uses as its quickcast (`quick_powers`, MW-3.24)."""
    for o, s in registry.providers(st, "extra_options"):
        if action in s.extra_options(st, o.oid, oid):
            s.ability(st, o.oid, oid, action)
            return
    seat = st.obj(oid).controller
    for o, s in registry.providers(st, "quick_powers"):
        if action in s.quick_powers(st, o.oid, seat):
            s.ability(st, o.oid, oid, action)
            return


def quick_powers(st: MageWarsState, seat: int) -> list[MWAction]:
    """Powers that are quick spells the seat's mage may use as its quickcast (MW-3.24,
    MW-3.25), as `quickcast ability <id> <target> [opt=…]` (Staff of Beasts)."""
    from grimorio.games.mage_wars.flow import MWAction

    out: list[MWAction] = []
    for o, s in registry.providers(st, "quick_powers"):
        out += [MWAction(f"quickcast {a.text}") for a in s.quick_powers(st, o.oid, seat)]
    return out


def grants(st: MageWarsState) -> list[tuple[int, Any]]:
    """Traits scripts give now, as (oid, TraitUse) pairs (MW-3.16)."""
    out: list[tuple[int, Any]] = []
    for o, s in registry.providers(st, "grants"):
        out += s.grants(st, o.oid)
    return out
