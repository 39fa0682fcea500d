"""Card scripts: one small `Script` subclass per card effect, registered by its `effect` key.

A script says, for its card:

* `slots`: the kinds of target it takes, one frozenset per positional target (default: from
  the card's `targets` field, see `default_slots`);
* `candidates(st, ctx)`: the target tuples (and options) worth offering to menus and bots;
* `check(st, ctx)`: the precise legality of one play, an `IllegalAction` with a rule id or None;
* `resolve(st, ctx)`: what happens, written with the verbs of `effects.vocab`;
* counters: `answers(st, seat, cast)` says whether the card may answer a cast;
* items: `use_candidates`, `check_use`, `use`, `use_is_attack`;
* hooks: methods named after `HOOKS` that change what the engine computes while the card is
  carried (item), in play (maintained spell) or on the board (object with `card` set).

The engine and the hooks are documented in docs/games/wiz-war.md ("Writing a card").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from grimorio.core.errors import IllegalAction
from grimorio.games.wiz_war.effects import vocab

if TYPE_CHECKING:
    from grimorio.games.wiz_war.cards import Card
    from grimorio.games.wiz_war.effects.vocab import Damage, Target
    from grimorio.games.wiz_war.model import Cast, SpellInPlay
    from grimorio.games.wiz_war.state import WizWarState

# Target kinds a slot may accept (what `vocab.read_target` returns).
KINDS = ("wizard", "square", "edge", "object", "sector", "spell", "treasure", "item")
_SLOT_OF = {"wizard": "wizard", "creature": "creature", "square": "square",
            "empty-square": "square", "edge": "edge", "wall": "edge", "door": "edge",
            "object": "object", "sector": "sector", "spell": "spell", "treasure": "treasure",
            "item": "item"}


@dataclass(slots=True)
class Ctx:
    """One play (or use) of a card: who, what, at what, with how much energy.

    `targets` are read from `raw` (canonical notation) when the play is checked and again when
    it resolves (a target that is gone by then makes the spell fizzle). `energy` is the total of
    the cards spent on it (WW-X17). `spell` is the spell in play for lasting spells (set before
    `resolve`), `cast` the id of the cast being resolved, `answering` the cast a counter
    answers. `verb` is `play`, `counter` or `use`.
    """

    seat: int
    card: Card
    instance: int
    raw: tuple[str, ...] = ()
    targets: tuple[Target, ...] = ()
    energy: int = 0
    boosts: int = 0
    options: dict[str, str] = field(default_factory=dict)
    cast: int = -1
    spell: SpellInPlay | None = None
    verb: str = "play"
    answering: Cast | None = None    # for a counter: the cast it answers

    def option(self, key: str, default: str = "") -> str:
        return self.options.get(key, default)


@dataclass(frozen=True, slots=True)
class Holder:
    """Where a hook's card is: `kind` is `spell` (in play), `item` (carried by `seat`),
    `object` (on the board) or `turn` (an effect of the active player's turn, `Turn.effects`);
    `seat` is its controller (None for an unowned object)."""

    kind: str
    seat: int | None
    card: int
    spell: SpellInPlay | None = None
    oid: int = -1


def default_slots(card: Card) -> tuple[frozenset[str], ...]:
    """One slot for a card with targets (all its target kinds), none for self/board/no target."""
    found = _DEFAULT_SLOTS.get(card.targets)
    if found is None:                  # menus ask for every card at every position
        kinds = frozenset(_SLOT_OF[t] for t in card.targets if t in _SLOT_OF)
        found = _DEFAULT_SLOTS[card.targets] = (kinds,) if kinds else ()
    return found


_DEFAULT_SLOTS: dict[tuple[str, ...], tuple[frozenset[str], ...]] = {}


class Script:
    """The default card: no effect beyond being played. Subclasses override what they need."""

    key: ClassVar[str] = ""
    # Target kinds per positional target; None: derived from the card (`default_slots`).
    slots: ClassVar[tuple[frozenset[str], ...] | None] = None
    # Whether the generic range check (WW-9.1) applies to every target (False: `check` does it).
    ranged: ClassVar[bool] = True
    # Whether menus should offer a boosted play (the effect grows with energy, or the spell is
    # temporary and lasts `energy` turns).
    uses_energy: ClassVar[bool] = False
    # Options a play may carry (`key=value`), with their allowed values; menus list each.
    options: ClassVar[dict[str, tuple[str, ...]]] = {}
    # Item use: whether using the item is the turn's attack (WW-X9).
    use_is_attack: ClassVar[bool] = False
    use_slots: ClassVar[tuple[frozenset[str], ...]] = ()
    # How many cards may be spent on one play of this card (`with a+b`; Add: 2, WW-X17).
    boost_cards: ClassVar[int] = 1
    # Options an item's `use` may carry (`key=value`); the use menu lists each (Wizardblade).
    use_options: ClassVar[dict[str, tuple[str, ...]]] = {}
    # Whether no counter window opens when the card is cast (it cannot be cancelled: Anti-Anti).
    uncounterable: ClassVar[bool] = False

    # ---- playing the card for its effect -----------------------------------------------------
    def target_slots(self, card: Card) -> tuple[frozenset[str], ...]:
        return default_slots(card) if self.slots is None else self.slots

    def play_slots(self, ctx: Ctx) -> tuple[frozenset[str], ...]:
        """The slots one play is checked against (default `target_slots`); a card that takes
        a variable number of targets (Fire Darts) sizes them from `ctx.raw`."""
        return self.target_slots(ctx.card)

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        """Target tuples for menus and bots (each is then checked); default: every target of
        each slot's kinds in range (`vocab.targets_in_range`)."""
        return vocab.default_candidates(st, ctx, self.target_slots(ctx.card))

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        """A card-specific reason the play is illegal (after the generic checks), or None."""
        return None

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        """The effect, once no counter stopped it."""

    def on_choice(self, st: WizWarState, ctx: Ctx, tag: str, option: str) -> None:
        """The answer to a question the script asked with `vocab.ask`."""

    def on_end(self, st: WizWarState, spell: SpellInPlay) -> None:
        """A lasting spell of this card ends (dispelled, expired, ended, caster dead)."""

    def on_item_lost(self, st: WizWarState, seat: int, card: int) -> None:
        """This carried item (instance `card`) has just left `seat` (dropped, made to drop)."""

    def on_item_gained(self, st: WizWarState, seat: int, card: int) -> None:
        """This item (instance `card`) has just come to `seat` from the board or from another
        wizard (picked up, taken by Yoink); not when it is cast (`resolve` sees that)."""

    # ---- counters (WW-7.6) --------------------------------------------------------------------
    def answers(self, st: WizWarState, seat: int, cast: Cast) -> bool:
        """Whether this counter card, held by `seat`, may answer `cast` now."""
        return False

    # ---- items --------------------------------------------------------------------------------
    def use_candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        return vocab.default_candidates(st, ctx, self.use_slots)

    def check_use(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        """Why the carried item cannot be used so (None: it can). Default: it has no use."""
        return vocab.refuse("This item has no use of its own.", "Este objeto no tiene uso.",
                            "WW-7.9")

    def use(self, st: WizWarState, ctx: Ctx) -> None:
        """Use the carried item."""

    # ---- hooks: static effects while carried / in play / on the board --------------------------
    # Each receives the holder of the card; the engine calls only the hooks a script overrides.
    def base_move(self, st: WizWarState, h: Holder, seat: int, value: int) -> int:
        return value

    def punch_damage(self, st: WizWarState, h: Holder, seat: int, value: int) -> int:
        return value

    def hand_limit(self, st: WizWarState, h: Holder, seat: int, value: int) -> int:
        return value

    def damage_taken(self, st: WizWarState, h: Holder, dmg: Damage) -> int:
        """The damage `dmg.victim` really takes (reduce or prevent: return less)."""
        return dmg.amount

    def evades(self, st: WizWarState, h: Holder, dmg: Damage) -> bool:
        """Whether the victim avoids this attack entirely (may roll the d4)."""
        return False

    def can_pass_edge(self, st: WizWarState, h: Holder, seat: int, sq: int,
                      d: int) -> bool | None:
        """True: lets `seat` through the edge; False: blocks him; None: no opinion."""
        return None

    def can_enter(self, st: WizWarState, h: Holder, seat: int, sq: int) -> bool:
        return True

    def blocks_los(self, st: WizWarState, h: Holder, sq: int) -> bool:
        """Whether this card (an object) blocks LOS at `sq`."""
        return False

    def can_pick_up(self, st: WizWarState, h: Holder, seat: int, thing: str) -> bool:
        return True

    def can_attack(self, st: WizWarState, h: Holder, seat: int) -> bool:
        return True

    def can_cast(self, st: WizWarState, h: Holder, seat: int, card: Card) -> bool:
        return True

    def attack_allowance(self, st: WizWarState, h: Holder, seat: int, value: int) -> int:
        """How many attacks `seat` may make in his turn (default 1, WW-5.5; Adrenaline: 2)."""
        return value

    def damage_dealt(self, st: WizWarState, h: Holder, dmg: Damage) -> int:
        """The damage `dmg.source` deals before the victim's evasion and reductions (raise it:
        Strength doubles, a werewolf's punch rolls)."""
        return dmg.amount

    def on_enter(self, st: WizWarState, h: Holder, seat: int, sq: int) -> None:
        """`seat`'s wizard entered `sq` (a step, a push or a teleport)."""

    def on_time_passes(self, st: WizWarState, h: Holder) -> None:
        """Time Passes step 1 of its controller's turn (WW-4.2, WW-A7)."""

    def on_damaged(self, st: WizWarState, h: Holder, dmg: Damage, taken: int) -> None:
        """`dmg.victim` took `taken` damage."""

    def on_pick_up_treasure(self, st: WizWarState, h: Holder, seat: int, name: str) -> None:
        """`seat` picked up treasure `name`."""

    def card_energy(self, st: WizWarState, h: Holder, seat: int, value: int) -> int:
        """What a card `seat` spends for energy (a boost or a spell) is worth (Powerstone: +1,
        WW-X17); only called for cards with an energy value."""
        return value

    def spell_sees(self, st: WizWarState, h: Holder, seat: int, sq: int) -> bool:
        """Whether a spell cast by `seat` may treat square `sq` as within LOS (WW-9.4)."""
        return False

    def punch_roll(self, st: WizWarState, h: Holder, seat: int) -> int:
        """Extra punch damage `seat` rolls as his punch is thrown (never in menus)."""
        return 0

    def on_cross(self, st: WizWarState, h: Holder, seat: int, sq: int, d: int) -> None:
        """`seat`'s wizard crossed side `d` of `sq` (a step, a push or a flight; not a
        teleport) and now stands beyond it."""

    def on_draw(self, st: WizWarState, h: Holder, seat: int, n: int) -> None:
        """`seat` drew `n` cards (n >= 1; the draw step or any card that draws)."""

    def crack_per_point(self, st: WizWarState, h: Holder, seat: int, value: bool) -> bool:
        """Whether `seat`'s damage to walls, doors and objects cracks once per point (Shatter,
        WW-X7) instead of once per full 3."""
        return value


HOOKS = ("base_move", "punch_damage", "hand_limit", "damage_taken", "evades", "can_pass_edge",
         "can_enter", "blocks_los", "can_pick_up", "can_attack", "can_cast", "on_enter",
         "on_time_passes", "on_damaged", "on_pick_up_treasure", "card_energy", "on_cross",
         "attack_allowance", "damage_dealt",
         "spell_sees", "punch_roll", "on_draw", "crack_per_point")

_SCRIPTS: dict[str, Script] = {}
_HOOKED: dict[str, frozenset[str]] = {}
# Effects whose scripts override at least one hook, with those hooks: the only cards the hook
# providers of a position (rebuilt after every change) need to look at.
_WITH_HOOKS: dict[str, tuple[Script, tuple[str, ...]]] = {}
_DEFAULT = Script()


def register(key: str) -> Any:
    """Class decorator: `@register("fireball") class Fireball(Script): ...`."""
    def wrap(cls: type[Script]) -> type[Script]:
        if key in _SCRIPTS:
            raise ValueError(f"card script {key!r} registered twice")
        cls.key = key
        _SCRIPTS[key] = cls()
        _HOOKED[key] = frozenset(h for h in HOOKS if getattr(cls, h) is not getattr(Script, h))
        if _HOOKED[key]:
            _WITH_HOOKS[key] = (_SCRIPTS[key], tuple(h for h in HOOKS if h in _HOOKED[key]))
        return cls
    return wrap


def script(effect: str) -> Script:
    """The script of an effect key; the do-nothing default for an unimplemented one."""
    if not _loaded:
        _load_schools()
    return _SCRIPTS.get(effect, _DEFAULT)


def implemented(effect: str) -> bool:
    _load_schools()
    return effect in _SCRIPTS


def hooks_of(effect: str) -> frozenset[str]:
    """The hooks the script of `effect` overrides."""
    _load_schools()
    return _HOOKED.get(effect, frozenset())


def has_use(script: Script) -> bool:
    """Whether the script's item or spell has a use (the default `check_use` refuses all)."""
    return type(script).check_use is not Script.check_use


def hooked(effect: str) -> tuple[Script, tuple[str, ...]] | None:
    """The script of `effect` and the hooks it overrides; None when it overrides none."""
    if not _loaded:
        _load_schools()
    return _WITH_HOOKS.get(effect)


_loaded = False
SCHOOL_MODULES = ("cantrip", "alchemy", "conjuring", "elemental", "mentalism", "mutation",
                  "thaumaturgy", "reactions")   # reactions: counters of several schools


def _load_schools() -> None:
    """Import every `effects/<school>.py` that exists (each registers its scripts)."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    import importlib
    import importlib.util
    for name in SCHOOL_MODULES:
        module = f"grimorio.games.wiz_war.effects.{name}"
        if importlib.util.find_spec(module) is not None:
            importlib.import_module(module)
