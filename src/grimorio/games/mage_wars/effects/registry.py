"""Card scripts: the behaviour of a card beyond what its data already says (the Rule of Magic,
MW-1.2).

Writing a card
==============

Most cards need no code: the rules read their data (printed traits, attack bars, `grants` to the
bearer, auras, upkeep traits, healing dice of simple incantations). Those cards are listed in
`DATA_ONLY`, after checking what `traits.py`, `rules/combat.py` and `rules/casting.py` really do
with that data. Every other card gets one `Script` subclass, registered by card id::

    from grimorio.games.mage_wars.effects.registry import Script, register

    @register("magebane")
    class Magebane(Script):
        '''Curse: the enchanted creature takes 1 direct damage after each spell it casts.'''

        def spell_cast(self, st, oid, caster, card):      # a provider hook
            ...

Two kinds of hook methods (all no-op by default; override only what the card needs):

* The card's own hooks, called for the card being cast or the object of that card:
  `spell_targets`, `spell_cost`, `resolve` (spells, MW-5.10, MW-5.12, MW-5.14), `after_cast`
  (the card itself was cast and resolved), `on_reveal` (this enchantment was just revealed,
  MW-5.86), `upkeep` (this object's own Upkeep effect, MW-3.14), `token_upkeep` (the tokens
  this card's spell left on an object, counted in its `memo` under the card id: Banish).
* Provider hooks, called for every object in play whose card overrides them (`providers`):
  face-up objects only; a face-down enchantment does nothing (MW-5.83). Their first argument
  after `st` is `oid`, the providing object: `attack_dice` (extra attack dice, MW-6.27),
  `declare_cost` (mana to pay in Declare Attack, MW-6.20) and `attack_cost` (the same as a
  pure query for the menu, MW-A14), `spell_cast` (any spell resolved),
  `extra_options`/`ability` (ability actions of the activated creature `actor`, MW-4.9),
  `grants` (traits given now, MW-3.16), `quick_powers` (powers usable as the mage's
  quickcast, MW-3.24).

What the provider hooks see of an attack is combat's `AttackInfo` (attacker, defender, kind,
spell, is_counterstrike, strike…). Combat asks `declare_cost` once per attack, in its Pay Costs
step (MW-6.20), and `attack_dice` once per strike and defender, in its Roll Dice step (MW-6.27),
so "first attack each round" cards (Pacify, Marked for Death, Suppression Cloak) mark `st.once`
there. Both steps come after a reveal window, so an enchantment turned up after Declare Attack
or Avoid Attack already counts (MW-5.89, MW-5.90).

Ability actions are `ability <id> <target> [opt=<choice>]`; `action_room` tells whether the
actor still has its quick or full action, `in_reach` checks range and line of sight. Once-per-
round powers turn their ready marker (`Obj.used`, cleared at Reset, MW-3.8).

`hooks.py` (the only entry point the rules call) sums or collects over those. A hook that
mutates the state calls `st.changed()` and reports with `st.emit(kind, rule, Text(en, es))`.
Scripts keep per-object counters in `Obj.memo` and per-round marks in `st.once` (cleared at
Reset), never in the script instance (scripts are shared singletons).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from grimorio.games.mage_wars import data
    from grimorio.games.mage_wars.flow import MWAction
    from grimorio.games.mage_wars.model import Obj
    from grimorio.games.mage_wars.state import MageWarsState

Targets = tuple[str, ...]

# Cards whose data alone is enough (checked against what the engine does with that data):
# creatures with printed attacks and traits (auras of `grants` are applied by traits.py),
# equipment and enchantments whose `grants` to the bearer (and attack bars) say everything,
# attack spells whose bar says everything, incantations the generic reading of casting.py
# resolves (grants to the target / friendly animals, healing dice on one target).
DATA_ONLY: frozenset[str] = frozenset({
    # creatures: printed attacks, traits, auras (traits.py layer 5)
    "bitterwood-fox", "brogan-bloodstone", "dark-pact-slayer", "darkfenne-hydra",
    "emerald-tegu", "firebrand-imp", "flaming-hellion", "goran-werewolf-pet", "gorgon-archer",
    "highland-unicorn", "mana-leech", "redclaw-alpha-male", "royal-archer", "skeletal-sentry",
    "steelclaw-grizzly", "stonegaze-basilisk", "timber-wolf",
    # equipment: bearer grants (traits.py layer 2), attack bars (traits.attacks), barriers
    "bearskin", "demonhide-armor", "dragonscale-hauberk", "elemental-cloak",
    "lash-of-hellfire", "leather-gloves", "regrowth-belt", "staff-of-asyra",
    "staff-of-the-arcanum", "wind-wyvern-hide",
    # Core Set equipment (issue 8): bearer grants, a Defense field, an attack bar
    "deflection-bracers", "gauntlets-of-strength", "ivarium-longbow", "leather-boots",
    "mage-staff", "moonglow-amulet",
    # enchantments: bearer grants while face up, auras of zone enchantments, upkeep traits
    "bear-strength", "cheetah-speed", "divine-protection", "enfeeble", "essence-drain",
    "force-hold", "regrowth", "rhino-hide", "sacred-ground", "vampirism",
    # attack spells: their bar (combat.py)
    "blinding-flash", "electrify", "fireball", "firestorm", "flameblast", "geyser",
    "jet-stream", "lightning-bolt", "pillar-of-light",
    # incantations: generic grants / heal dice (casting.generic_incantation)
    "call-of-the-wild", "charge", "heal", "minor-heal", "vampiric-strike",
    # Core Set spells (issue 8): bearer grants, Defenses, barriers, traps' attack bars, generic
    # incantation grants
    "block", "bull-endurance", "circle-of-lightning", "cobra-reflexes", "eagle-wings",
    "hellfire-trap", "perfect-strike", "piercing-strike", "poisoned-blood", "hawkeye",
    "mongoose-agility", "evade",
    # Core Set conjurations (issue 8): walls (rules/walls.py), arena-wide grants and Channeling
    # +X to the controller (traits.py), zone auras
    "battle-forge", "deathlock", "fog-bank", "mana-crystal", "mana-flower",
    "mohktari-great-tree-of-life", "rajans-fury", "tooth-and-nail", "wall-of-stone",
    # Core Set creatures and attack spells (issue 8): printed attacks and traits, with the
    # Codex keywords the rules run (Sweeping, Elusive, Pest, Taunt, bonuses against targets)
    "adramelech-lord-of-fire", "cervere-the-forest-shadow", "darkfenne-bat", "feral-bobcat",
    "knight-of-westlock", "moonglow-faerie", "samandriel-angel-of-light",
    "sosruko-ferret-companion", "thunderift-falcon", "whirling-spirit", "ring-of-fire",
    "thunderbolt", "mountain-gorilla",
    # the last Core Set cards (issue 8, MW-S11): a familiar that takes enchantments only
    "fellella-pixie-familiar",
})


class Script:
    """The behaviour of one card beyond its data. Subclass, override the hooks the card
    needs, and register with `@register("card-id")`."""

    card_id: str = ""
    # A Defense the creature may use at full value while Incapacitated, Restrained or Dazed
    # (Force Orb, Force Sword; rules/combat.py)
    steady_defense: bool = False
    # A Defense that sends the avoided attack back at its attacker (Reverse Attack;
    # rules/combat.py)
    reverses_attack: bool = False
    # A spell whose face-down target may not be revealed while it is being cast (Seeking
    # Dispel; hooks.may_reveal)
    seals_target: bool = False

    # ---- the card's own hooks ----------------------------------------------------------------
    def spell_targets(self, st: MageWarsState, caster: int, card: data.Card
                      ) -> list[Targets] | None:
        """The legal target tuples (None: the generic ones, MW-5.10)."""
        return None

    def spell_cost(self, st: MageWarsState, caster: int, card: data.Card,
                   targets: Targets) -> int | None:
        """The casting cost for these targets (None: the generic cost, MW-5.12)."""
        return None

    def resolve(self, st: MageWarsState, caster: int, card: data.Card, targets: Targets,
                opts: dict[str, str]) -> bool:
        """Carry out the spell (MW-5.14); True when handled (False: the generic reading)."""
        return False

    def after_cast(self, st: MageWarsState, caster: int, card: data.Card) -> None:
        """This card was cast and resolved (MW-5.14)."""

    def on_reveal(self, st: MageWarsState, oid: int) -> None:
        """This enchantment (`oid`) was just revealed and takes effect (MW-5.86 step 4)."""

    def upkeep(self, st: MageWarsState, oid: int) -> None:
        """This object's own Upkeep effect (MW-3.14), once its upkeep cost is paid. Damage is
        dealt with `check=False`: the Upkeep step checks the end once it is over (MW-A9)."""

    def token_upkeep(self, st: MageWarsState, oid: int) -> None:
        """The Upkeep effect of the tokens this card's spell left on the object `oid`
        (`Obj.memo[card id]` counts them; Banish), run with that object's own Upkeep effects
        (MW-3.14); called only while the count is above 0."""

    def holds(self, st: MageWarsState, oid: int, card: data.Card) -> bool:
        """Whether this familiar or spawnpoint (`oid`) takes `card` now, beyond its printed
        spell type (Lair: animals only, MW-5.41, MW-5.52)."""
        return True

    def on_destroy(self, st: MageWarsState, obj: Obj) -> None:
        """This object (`obj`, already out of play) was destroyed, face up or down (MW-X-8.2;
        Decoy)."""

    def defense_usable(self, st: MageWarsState, oid: int, atk: Any) -> bool:
        """Whether the Defense this object (`oid`) gives may be used against the attack `atk`,
        beyond its `vs` kind (Tarok: only against flying attackers' melee, MW-6.89)."""
        return True

    def counter_trigger(self, st: MageWarsState, oid: int, caster: int, card: data.Card,
                        targets: Targets) -> bool:
        """Whether this face-down mandatory enchantment is set off by `caster` casting `card`
        at `targets`, at the Counter step (MW-5.13; Nullify, Jinx): rules/mandatory.py."""
        return False

    def may_reveal(self, st: MageWarsState, oid: int) -> bool:
        """Whether this face-down enchantment may be revealed in a reveal window now (MW-5.84;
        Turn to Stone)."""
        return True

    # ---- provider hooks (face-up objects in play) --------------------------------------------
    def attack_dice(self, st: MageWarsState, oid: int, atk: Any) -> int:
        """Extra (or fewer, negative) attack dice for the attack `atk` (MW-6.27)."""
        return 0

    def declare_cost(self, st: MageWarsState, oid: int, atk: Any) -> int:
        """Mana the attacker's controller must pay to declare `atk` (MW-6.20); called once, in
        the Pay Costs step, so a "first attack each round" card marks `st.once` here."""
        return 0

    def attack_cost(self, st: MageWarsState, oid: int, atk: Any) -> int:
        """What `declare_cost` would ask now, marking nothing: a pure query for the action
        menu (MW-A14). A script with `declare_cost` should give both."""
        return 0

    def spell_cast(self, st: MageWarsState, oid: int, caster: int, card: data.Card) -> None:
        """Any spell was cast by `caster` and resolved (MW-5.14)."""

    def moving(self, st: MageWarsState, oid: int, mover: int) -> None:
        """The creature `mover` takes a move action: step 2 of its move (MW-4.20)."""

    def move_limit(self, st: MageWarsState, oid: int, mover: int) -> int | None:
        """The most move actions `mover` may take in its action turn because of this object
        (None: no limit; Poison Gas Cloud), a pure query for the action menu (MW-4.2)."""
        return None

    def move_cost(self, st: MageWarsState, oid: int, mover: int) -> int:
        """Mana `mover`'s controller must pay (in `moving`) to take a move action, as a pure
        query for the action menu (Suppression Orb, MW-4.20, MW-A14)."""
        return 0

    def attack_damaged(self, st: MageWarsState, oid: int, atk: Any, defender: Obj,
                       dealt: int) -> None:
        """The attack `atk` just dealt `dealt` damage (> 0) to `defender` (the Obj, which
        the damage may have destroyed, MW-6.37)."""

    def ready_powers(self, st: MageWarsState, oid: int, seat: int) -> list[MWAction]:
        """Once-a-round powers (`ability <id> …`) the player `seat` may use right before or
        right after one of its creatures' action turns (temples, Sacrificial Altar); `ability`
        carries them out, with the seat's mage as `actor`."""
        return []

    def summon_zones(self, st: MageWarsState, oid: int, caster: int, card: data.Card
                     ) -> list[str]:
        """Zones beyond range and sight where `caster` may put the creature `card` it casts
        (an open Gate to Hell's zone for its controller's demons)."""
        return []

    def offers_reroll(self, st: MageWarsState, oid: int, defender: int) -> bool:
        """Whether this object offers its controller a re-roll now, in an attack on
        `defender` (a failed Defense roll, the attack dice, the effect roll: Temple of the
        Dawnbreaker); `use_reroll` spends it."""
        return False

    def use_reroll(self, st: MageWarsState, oid: int) -> None:
        """The re-roll `offers_reroll` offered was taken."""

    def passage_attacks(self, st: MageWarsState, oid: int, mover: int) -> int:
        """How many Passage Attacks this wall (`oid`) makes on `mover` crossing it (MW-5.62;
        Wall of Thorns: the creature's level minus 1)."""
        return 1

    def full_action_to_cross(self, st: MageWarsState, oid: int, mover: int) -> bool:
        """Whether `mover` must spend its full action to cross this wall (Wall of Thorns)."""
        return False

    def ethereal_against(self, st: MageWarsState, oid: int, bar: Any) -> bool:
        """Whether the attack bar `bar` counts as Ethereal against this object (`oid`), the
        card's own hook (Wall of Fire against Hydro attacks, MW-X-4.14)."""
        return False

    def extra_options(self, st: MageWarsState, oid: int, actor: int) -> list[MWAction]:
        """Ability actions `actor` (the activated creature) may take now thanks to `oid`."""
        return []

    def ability(self, st: MageWarsState, oid: int, actor: int, action: MWAction) -> None:
        """Carry out an ability action this script offered (MW-4.9)."""

    def grants(self, st: MageWarsState, oid: int) -> list[tuple[int, Any]]:
        """Traits given now, as (oid, TraitUse) pairs (MW-3.16)."""
        return []

    def quick_powers(self, st: MageWarsState, oid: int, seat: int) -> list[MWAction]:
        """Ability actions (`ability <id> <target>…`) that are quick spells the mage of
        `seat` may use as its quickcast (MW-3.24); `ability` carries them out."""
        return []

    def attack_declared(self, st: MageWarsState, oid: int, atk: Any) -> list[Any] | None:
        """Called at the end of Declare Attack (MW-6.11): None lets the attack go on; a list
        cancels it (MW-X-3.19, the action still spent, MW-6.18) and its frames are pushed
        next (Helm of Fear: the attacker may pick another target)."""
        return None

    def discount(self, st: MageWarsState, oid: int, caster: int, card: data.Card,
                 host: int | None, reveal: bool) -> int:
        """Mana `caster` pays less to cast `card` (on the object `host`, if any), or to reveal
        it when `reveal` (MW-5.12, MW-5.86): a pure query; `hooks.discount` marks the
        once-a-round use in `st.once` as `("discount", oid)` (the rings of the Core Set)."""
        return 0


_SCRIPTS: dict[str, Script] = {}
PROVIDER_HOOKS = ("attack_dice", "declare_cost", "attack_cost", "spell_cast", "extra_options",
                  "ability", "grants", "quick_powers", "discount", "attack_declared",
                  "moving", "move_cost", "move_limit", "attack_damaged", "ready_powers",
                  "summon_zones", "offers_reroll")
_PROVIDER_SET = frozenset(PROVIDER_HOOKS)
S = TypeVar("S", bound=type[Script])


def register(card_id: str) -> Callable[[S], S]:
    """Class decorator: the script of `card_id` (one per card)."""
    def wrap(cls: S) -> S:
        if card_id in _SCRIPTS:
            raise ValueError(f"mage-wars: two scripts for {card_id}")
        instance = cls()
        instance.card_id = card_id
        _SCRIPTS[card_id] = instance
        _OVERRIDES.clear()
        _BY_CARD.clear()
        return cls
    return wrap


def _load() -> None:
    """Import the script modules once (they register themselves)."""
    if _LOADED:
        return
    _LOADED.append(True)
    for module in SCRIPT_MODULES:
        name = f"grimorio.games.mage_wars.effects.{module}"
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as err:     # a group not written yet
            if err.name != name:
                raise


_LOADED: list[bool] = []
SCRIPT_MODULES = ("enchantments", "equipment", "creatures", "incantations", "attacks",
                  "conjurations", "mages")


def script(card_id: str) -> Script | None:
    """The script of a card, if it has one."""
    _load()
    return _SCRIPTS.get(card_id)


def scripts() -> dict[str, Script]:
    """Every registered script by card id."""
    _load()
    return dict(_SCRIPTS)


def implemented(card_id: str) -> bool:
    """Whether the engine carries out the whole card: its data is enough, or it has a
    script (nothing else counts)."""
    return card_id in DATA_ONLY or script(card_id) is not None


_OVERRIDES: dict[str, frozenset[str]] = {}


def overrides(hook: str) -> frozenset[str]:
    """The card ids whose script overrides `hook`."""
    _load()
    found = _OVERRIDES.get(hook)
    if found is None:
        base = getattr(Script, hook)
        found = frozenset(cid for cid, s in _SCRIPTS.items()
                          if getattr(type(s), hook) is not base)
        _OVERRIDES[hook] = found
    return found


Providers = list[tuple["Obj", Script]]


def providers(st: MageWarsState, hook: str) -> Providers:
    """Face-up objects in play whose card's script overrides `hook`, in attach/reveal order
    (MW-5.81); face-down enchantments never provide anything (MW-5.83).

    Worked out for every hook at once the first time a position asks, and kept in
    `st._providers` until `st.changed()` (every mutation of objects calls it): the rules ask
    these hooks at nearly every decision. Callers only read the list."""
    index: dict[str, Providers] | None = st._providers
    if index is None:
        index = st._providers = _provider_index(st)
    found = index.get(hook)
    if found is None:               # none in play (or not a provider hook: asked as such)
        return [] if hook in _PROVIDER_SET else _providers_now(st, hook)
    return found


def _providers_now(st: MageWarsState, hook: str) -> Providers:
    wanted = overrides(hook)
    if not wanted:
        return []
    found = [o for o in st.objs.values() if o.card in wanted and o.face_up]
    return [(o, _SCRIPTS[o.card]) for o in sorted(found, key=_LAYER)]


_LAYER = attrgetter("order", "oid")     # attach/reveal order (MW-5.81)


def _provider_index(st: MageWarsState) -> dict[str, Providers]:
    """Each provider hook to its providers in play (see `providers`); hooks without any are
    left out."""
    hooks_of = _hooks_by_card()
    found = [o for o in st.objs.values() if o.card in hooks_of and o.face_up]
    if not found:
        return {}
    if len(found) > 1:
        found.sort(key=_LAYER)
    index: dict[str, Providers] = {}
    for o in found:
        pair = (o, _SCRIPTS[o.card])
        for hook in hooks_of[o.card]:
            got = index.get(hook)
            if got is None:
                index[hook] = [pair]
            else:
                got.append(pair)
    return index


_BY_CARD: dict[str, tuple[str, ...]] = {}


def _hooks_by_card() -> dict[str, tuple[str, ...]]:
    """Card id to the provider hooks its script overrides (cards with none left out)."""
    if not _BY_CARD:
        for hook in PROVIDER_HOOKS:
            for cid in overrides(hook):
                _BY_CARD[cid] = (*_BY_CARD.get(cid, ()), hook)
    return _BY_CARD


def own(card_id: str, hook: str) -> Script | None:
    """The card's own script when it overrides `hook`."""
    return _SCRIPTS.get(card_id) if card_id in overrides(hook) else None


# ---------------------------------------------------------------------------- tools for scripts

def action_room(st: MageWarsState, actor: int) -> tuple[bool, bool]:
    """(quick, full): whether `actor`, in its action turn, may still take a quick action and a
    full action now (MW-4.2, MW-4.3); (False, False) outside its turn."""
    from grimorio.games.mage_wars.rules import activation

    for frame in reversed(st.frames):
        if isinstance(frame, activation.Activation) and frame.oid == actor:
            space = activation.room(st, frame)
            return space.quick and not frame.forced, space.full and not frame.forced
    return False, False


def in_reach(st: MageWarsState, src: int, oid: int, span: data.Span) -> bool:
    """`oid` stands within `span` zones of `src` and in its line of sight (MW-5.4, MW-5.70)."""
    from grimorio.games.mage_wars import traits

    here, there = st.zone_of(src), st.zone_of(oid)
    if here is None or there is None or st.arena.distance(here, there) not in span:
        return False
    to_fly = st.obj(oid).is_creature and traits.is_flying(st, oid)
    return bool(st.arena.los(here, there, from_flying=traits.is_flying(st, src),
                             to_flying=to_fly))
