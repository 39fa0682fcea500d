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
    """An object's own Upkeep effect, after its upkeep cost was paid (MW-3.14), then that of
    the tokens a spell left on it (`Obj.memo[card id]`: Banish's)."""
    obj = st.objs.get(oid)
    s = None if obj is None or not obj.face_up else registry.own(obj.card, "upkeep")
    if s is not None:
        s.upkeep(st, oid)
    if obj is None or not obj.memo:
        return
    for card_id in sorted(obj.memo.keys() & registry.overrides("token_upkeep")):
        tokens = registry.script(card_id)
        if tokens is not None and oid in st.objs and obj.memo.get(card_id):
            tokens.token_upkeep(st, oid)


def on_destroy(st: MageWarsState, obj: Any) -> None:
    """An object was destroyed and left play (MW-X-8.2): its own script's effect (Decoy)."""
    s = registry.own(obj.card, "on_destroy")
    if s is not None:
        s.on_destroy(st, obj)


def may_reveal(st: MageWarsState, oid: int) -> bool:
    """Whether a face-down enchantment may be revealed in a reveal window now (MW-5.84): not
    while a spell whose script has `seals_target` is being cast at it (Seeking Dispel), nor
    when its own script forbids it (Turn to Stone)."""
    from grimorio.games.mage_wars.rules import casting

    word = f"o{oid}"
    for f in st.frames:
        if isinstance(f, casting.Cast) and word in f.targets:
            spell = registry.script(f.card)
            if spell is not None and spell.seals_target:
                return False
    s = registry.own(st.obj(oid).card, "may_reveal")
    return s is None or s.may_reveal(st, oid)


def defense_usable(st: MageWarsState, source: int, atk: Any) -> bool:
    """Whether the Defense of the object `source` may be used against the attack `atk`, by
    that object's own script (Tarok, MW-6.89); True without one."""
    obj = st.objs.get(source)
    s = None if obj is None else registry.own(obj.card, "defense_usable")
    return s is None or s.defense_usable(st, source, atk)


def moving(st: MageWarsState, oid: int) -> None:
    """The creature `oid` takes a move action, step 2 (MW-4.20): scripts that tax moving
    (Chains of Agony)."""
    for o, s in registry.providers(st, "moving"):
        if o.oid in st.objs and oid in st.objs:
            s.moving(st, o.oid, oid)


def move_limit(st: MageWarsState, oid: int) -> int | None:
    """The most move actions scripts let the creature `oid` take in its action turn (None:
    no limit; Poison Gas Cloud), a pure query for the menu (MW-4.2)."""
    found = [n for o, s in registry.providers(st, "move_limit") if oid in st.objs
             for n in (s.move_limit(st, o.oid, oid),) if n is not None]
    return min(found) if found else None


def move_cost(st: MageWarsState, oid: int) -> int:
    """Mana scripts make the controller of `oid` pay to take a move action, a pure query: the
    menu offers no move it cannot pay (Suppression Orb, MW-4.20, MW-A14)."""
    return sum(s.move_cost(st, o.oid, oid) for o, s in registry.providers(st, "move_cost")
               if oid in st.objs)


def attack_damaged(st: MageWarsState, atk: Any, defender: Any, dealt: int) -> None:
    """An attack dealt damage to its defender (`defender`, the Obj, perhaps destroyed by it,
    MW-6.37): scripts that count it (Pentagram)."""
    for o, s in registry.providers(st, "attack_damaged"):
        if o.oid in st.objs:
            s.attack_damaged(st, o.oid, atk, defender, dealt)


def ready_powers(st: MageWarsState, seat: int) -> list[MWAction]:
    """Once-a-round powers the seat may use right before or after one of its creatures'
    action turns (rules/round.py: TurnAsk, PowerOffer)."""
    out: list[MWAction] = []
    for o, s in registry.providers(st, "ready_powers"):
        out += s.ready_powers(st, o.oid, seat)
    return out


def ready_power(st: MageWarsState, seat: int, action: MWAction) -> None:
    """Carry out a power chosen from `ready_powers`."""
    for o, s in registry.providers(st, "ready_powers"):
        if action in s.ready_powers(st, o.oid, seat):
            s.ability(st, o.oid, st.player(seat).mage, action)
            return


def summon_zones(st: MageWarsState, caster: int, card: data.Card) -> list[str]:
    """Zones, beyond the spell's range and sight, where scripts let `caster` summon `card`
    (Gate to Hell)."""
    out: list[str] = []
    for o, s in registry.providers(st, "summon_zones"):
        out += [z for z in s.summon_zones(st, o.oid, caster, card) if z not in out]
    return out


def reroll_source(st: MageWarsState, defender: int) -> int | None:
    """The object that offers a re-roll in an attack on `defender` now (Temple of the
    Dawnbreaker), if any; combat asks its controller (`reroll …` or `keep`)."""
    for o, s in registry.providers(st, "offers_reroll"):
        if defender in st.objs and s.offers_reroll(st, o.oid, defender):
            return o.oid
    return None


def use_reroll(st: MageWarsState, oid: int) -> None:
    """The re-roll offered by `oid` was taken."""
    obj = st.objs.get(oid)
    s = None if obj is None else registry.script(obj.card)
    if s is not None:
        s.use_reroll(st, oid)


def passage_attacks(st: MageWarsState, wall: int, mover: int) -> int:
    """How many Passage Attacks the wall `wall` makes on `mover` crossing it (MW-5.62): one,
    unless the wall's own script says otherwise (Wall of Thorns)."""
    s = registry.own(st.obj(wall).card, "passage_attacks")
    return 1 if s is None else s.passage_attacks(st, wall, mover)


def full_action_to_cross(st: MageWarsState, wall: int, mover: int) -> bool:
    """Whether `mover` must spend its full action to cross the wall `wall` (Wall of
    Thorns)."""
    s = registry.own(st.obj(wall).card, "full_action_to_cross")
    return s is not None and s.full_action_to_cross(st, wall, mover)


def ethereal_against(st: MageWarsState, oid: int, bar: Any) -> bool:
    """Whether an attack with bar `bar` counts as Ethereal against `oid` by `oid`'s own card
    (Wall of Fire: Hydro attacks, MW-X-4.14)."""
    obj = st.objs.get(oid)
    s = None if obj is None else registry.own(obj.card, "ethereal_against")
    return s is not None and s.ethereal_against(st, oid, bar)


def holds(st: MageWarsState, holder: int, card: data.Card) -> bool:
    """Whether the familiar, spawnpoint or Spellbind item `holder` takes the spell `card` now,
    beyond its printed spell type (MW-5.41, MW-5.52, MW-5.113)."""
    s = registry.own(st.obj(holder).card, "holds")
    return s is None or s.holds(st, holder, card)


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


def discount(st: MageWarsState, caster: int, card: data.Card, host: int | None, cost: int,
             *, reveal: bool = False, mark: bool = False) -> int:
    """Mana scripts take off a cost of `cost` to cast `card` (on `host`) or, with `reveal`, to
    reveal it (MW-5.12, MW-5.86), never below 0; `mark` records each once-a-round use as
    `("discount", oid)` in `st.once` (the casting or the reveal goes ahead)."""
    total = 0
    for o, s in registry.providers(st, "discount"):
        if total >= cost or ("discount", o.oid) in st.once:
            continue
        off = min(s.discount(st, o.oid, caster, card, host, reveal), cost - total)
        if off > 0:
            total += off
            if mark:
                st.once = st.once | {("discount", o.oid)}
    return total


def attack_declared(st: MageWarsState, atk: Any) -> list[Any] | None:
    """After Declare Attack (MW-6.11): the first script that cancels the attack gives the
    frames to push once it is cancelled (MW-X-3.19); None: the attack goes on."""
    for o, s in registry.providers(st, "attack_declared"):
        follow = s.attack_declared(st, o.oid, atk)
        if follow is not None:
            return follow
    return None
