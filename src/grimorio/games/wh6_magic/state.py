"""`Wh6State`: one position of a wh6-magic battle, and the helpers the rules modules share.

The state document (`_document`) is described field by field in docs/games/wh6-magic.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from grimorio.core.actions import Action
from grimorio.core.errors import IllegalAction
from grimorio.core.events import Event
from grimorio.core.i18n import Text
from grimorio.core.state import State
from grimorio.games.wh6_magic import legal
from grimorio.games.wh6_magic.data import ItemDef, SpellDef
from grimorio.games.wh6_magic.decisions import Wh6Stack, decision_json
from grimorio.games.wh6_magic.model import Attempt, Character, DispelRoll, InPlay, ItemState, Unit
from grimorio.games.wh6_magic.rules import phase
from grimorio.games.wh6_magic.rules.geometry import Shape
from grimorio.games.wh6_magic.rules.targets import legal_targets, shape_of
from grimorio.games.wh6_magic.rules.wounds import both_losses
from grimorio.games.wh6_magic.setup import Battle, Forces

if TYPE_CHECKING:
    from grimorio.core.game import Game

_new_event = tuple.__new__  # as `State.emit` does: skips the named tuple's own constructor
DISPEL_GEAR = frozenset({"auto_dispel", "dispel_bonus"})  # the items dispel options read


class Wh6State(State):
    """A battle between two armies over a number of magic phases.

    Units, characters and item instances are shared copy-on-write: between a state and its
    clones, and between every new game of a shipped scenario and that scenario's first position
    (see `Wh6Magic._new_state`), which makes both cheap. The rules read them through
    `unit_map`, `char_map` and `item_map` and never change an object found there: they change
    one only through `unit_w`, `char_w`, `troop_w`, `item_w` or `use_item`, which first copy it
    into this state. `_mine` holds the ids copied since the last clone. Code outside the engine
    uses the `units`, `chars` and `items` properties: the objects they give belong to this
    state alone, as if nothing were shared.

    Derived data is kept in dictionaries shared with clones in the same way (`target_cache`,
    `_shapes`, `menu_cache`, `gear_cache`): valid for every state holding them, and replaced
    (never cleared) when what they depend on changes. `_legal` keeps the legal list until the
    next action.
    """

    __slots__ = ("_legal", "_legal_ids", "_mine", "_shapes", "active", "attempt", "battle",
                 "casting_closed_by", "casting_open", "char_map", "dispel", "dispel_roll",
                 "gear_cache", "in_play", "item_map", "last_outcome", "menu_cache", "next_id",
                 "opponent", "phase", "power", "stack", "stage", "target_cache", "unit_map")

    def __init__(self, game: Game, seed: int, battle: Battle, forces: Forces) -> None:
        super().__init__(game, seed)
        self.battle = battle
        self.unit_map: dict[str, Unit] = dict(forces.units)
        self.char_map: dict[str, Character] = dict(forces.chars)
        self.item_map: dict[str, ItemState] = dict(forces.items)
        self._mine: set[str] = set()
        self._legal: list[Action] | None = None
        self._legal_ids: set[int] | None = None
        self.target_cache: dict[tuple[int, str], tuple[str, ...]] = {}
        self._shapes: dict[str, Shape] = {}
        self.gear_cache: dict[tuple[Any, ...], Any] = {}
        self.menu_cache: dict[Any, tuple[Action, ...]] = {}
        self.in_play: list[InPlay] = list(forces.in_play)
        self.next_id = len(forces.in_play) + 1
        self.set_phase(0)
        self.stage = "start"
        self.casting_open = False
        self.casting_closed_by = ""
        self.power = 0
        self.dispel = 0
        self.attempt: Attempt | None = None
        self.last_outcome = ""
        self.dispel_roll: DispelRoll | None = None
        self.stack = Wh6Stack()
        phase.begin_phase(self)

    # ---- who is who --------------------------------------------------------------------------
    def set_phase(self, phase: int) -> None:
        """Phase `phase` begins: it belongs to side `active` (WH6-X1); `opponent` is the other."""
        self.phase = phase
        self.active = (self.battle.first + phase) % 2
        self.opponent = 1 - self.active

    @property
    def turn(self) -> int:
        return self.phase // 2 + 1

    def troop(self, ref: str) -> Unit | Character | None:
        """The unit or character with this id."""
        return self.unit_map.get(ref) or self.char_map.get(ref)

    def alive(self, ref: str) -> bool:
        unit = self.unit_map.get(ref)
        if unit is not None:
            return unit.models > 0
        char = self.char_map.get(ref)
        if char is not None:
            return not char.slain
        if ref.startswith("mount:"):
            rider = self.char_map.get(ref[6:])
            return rider is not None and rider.has_live_mount
        return False

    # ---- copy-on-write -----------------------------------------------------------------------
    @property
    def units(self) -> dict[str, Unit]:
        """Every unit, each this state's own object (for code outside the rules)."""
        for ref in list(self.unit_map):
            self.unit_w(ref)
        self._forget()
        return self.unit_map

    @property
    def chars(self) -> dict[str, Character]:
        """Every character, each this state's own object (see `units`)."""
        for ref in list(self.char_map):
            self.char_w(ref)
        self._forget()
        return self.char_map

    @property
    def items(self) -> dict[str, ItemState]:
        """Every item instance, each this state's own object (see `units`)."""
        for ref in list(self.item_map):
            self.item_w(ref)
        self._forget()
        return self.item_map

    def _forget(self) -> None:
        """Drop the derived data: whoever got the objects may change them."""
        self._legal = self._legal_ids = None
        self.troops_changed()

    def unit_w(self, ref: str) -> Unit:
        """Unit `ref`, copied into this state first if it is still shared, ready to change."""
        unit = self.unit_map[ref]
        if ref not in self._mine:
            unit = self.unit_map[ref] = unit.copy()
            self._mine.add(ref)
        return unit

    def char_w(self, ref: str) -> Character:
        """Character `ref`, ready to change (see `unit_w`)."""
        char = self.char_map[ref]
        if ref not in self._mine:
            char = self.char_map[ref] = char.copy()
            self._mine.add(ref)
        return char

    def item_w(self, ref: str) -> ItemState:
        """Item instance `ref`, ready to change (see `unit_w`). Spend a use with `use_item`."""
        item = self.item_map[ref]
        if ref not in self._mine:
            item = self.item_map[ref] = item.copy()
            self._mine.add(ref)
        return item

    def use_item(self, ref: str) -> ItemState:
        """Item instance `ref` is used: one use fewer if its uses are limited. Once a dispel
        item (a scroll or a bonus) is used up the dispel options may change, so `gear_cache`
        starts afresh: they read no other item, and only whether it is spent. Returns the
        item, ready to change."""
        item = self.item_w(ref)
        if item.uses_left is not None:
            item.uses_left -= 1
            if item.uses_left <= 0 and self.battle.index.kind[ref] in DISPEL_GEAR:
                self.gear_cache = {}
        return item

    def troop_w(self, ref: str) -> Unit | Character:
        """Unit or character `ref`, ready to change (see `unit_w`)."""
        return self.unit_w(ref) if ref in self.unit_map else self.char_w(ref)

    # ---- derived data ------------------------------------------------------------------------
    def targets(self, side: int, spell_id: str) -> tuple[str, ...]:
        """`legal_targets` of `spell_id` cast by `side`, kept until a troop dies, leaves its
        unit or moves (`troops_changed`): nothing else changes what may be targeted."""
        key = (side, spell_id)
        found = self.target_cache.get(key)
        if found is None:
            found = tuple(legal_targets(self, side, self.spell(spell_id)))
            self.target_cache[key] = found
        return found

    def shape(self, ref: str) -> Shape:
        """`shape_of(ref)`, kept like `targets` (only a thrown wizard ever moves)."""
        found = self._shapes.get(ref)
        if found is None:
            found = self._shapes[ref] = shape_of(self, ref)
        return found

    def troops_changed(self) -> None:
        """A troop died, left its unit or moved: targets, shapes, the wizards' declarations
        and the dispel options must be worked out again. The old caches are replaced, not
        cleared, because clones may share them."""
        self.target_cache = {}
        self._shapes = {}
        self.gear_cache = {}
        self.menu_cache = {}

    def spell(self, spell_id: str) -> SpellDef:
        return self.battle.spells[spell_id]

    def item_def(self, instance: str) -> ItemDef:
        return self.battle.items[self.item_map[instance].item]

    def name(self, ref: str) -> Text:
        """A troop's display name (or the id itself when unknown, e.g. a point)."""
        troop = self.troop(ref)
        return troop.name if troop is not None else Text(ref, ref)

    def side_name(self, side: int) -> Text:
        return self.battle.sides[side].name

    # ---- lasting spells ----------------------------------------------------------------------
    def modifier(self, ref: str, stat: str) -> int:
        """Total of the lasting modifiers on `ref` for `stat` (spells in play)."""
        total = 0
        for effect in self.in_play:
            if effect.target == ref:
                for e in self.spell(effect.spell).effects:
                    if e.kind == "modifier" and e.stat == stat:
                        total += e.value
        return total

    def granted_ward(self, ref: str) -> int | None:
        best: int | None = None
        for effect in self.in_play:
            if effect.target == ref:
                for e in self.spell(effect.spell).effects:
                    if e.kind == "ward" and (best is None or e.value < best):
                        best = e.value
        return best

    def new_effect_id(self) -> str:
        self.next_id += 1
        return f"r{self.next_id - 1}"

    # ---- casualties --------------------------------------------------------------------------
    def slay(self, c: Character) -> None:
        """A character dies: he leaves his unit and his lasting spells end (WH6-X7)."""
        c = self.char_w(c.id)
        c.slain = True
        self.troops_changed()
        if not self.quiet:
            self.say("slain", "WH6-X14", f"{c.name.en} is slain", f"{c.name.es} muere",
                     target=c.id)
        if c.in_unit is not None:
            unit = self.unit_w(c.in_unit)
            unit.characters = tuple(x for x in unit.characters if x != c.id)
            c.in_unit = None
        self._end_effects(lambda e: e.caster == c.id or e.target == c.id,
                          Text("its caster or target is slain", "su lanzador u objetivo ha muerto"))

    def destroy(self, unit: Unit) -> None:
        """A unit is wiped out: its characters stand alone; spells on it end."""
        unit = self.unit_w(unit.id)
        self.troops_changed()
        if not self.quiet:
            self.say("destroyed", "WH6-X14", f"{unit.name.en} is destroyed",
                     f"{unit.name.es} queda destruida", target=unit.id)
        for char_id in unit.characters:
            self.char_w(char_id).in_unit = None
        unit.characters = ()
        self._end_effects(lambda e: e.target == unit.id,
                          Text("its target is destroyed", "su objetivo ha sido destruido"))

    def _end_effects(self, doomed: Any, why: Text) -> None:
        for effect in [e for e in self.in_play if doomed(e)]:
            self.in_play.remove(effect)
            if not self.quiet:
                name = self.spell(effect.spell).name
                self.say("spell_ends", "WH6-X7", f"{name.en} ({effect.id}) ends: {why.en}",
                         f"{name.es} ({effect.id}) termina: {why.es}", effect=effect.id)

    # ---- dice and events ---------------------------------------------------------------------
    def throw(self, n: int, sides: int = 6) -> tuple[int, ...]:
        """`self.dice.roll(n, sides)` (the same draws in the same order), unrolled for the
        usual one or two dice. Unlike `roll`, it records nothing: for quiet copies."""
        randint = self.dice.randint
        if n == 2:
            return randint(1, sides), randint(1, sides)
        if n == 1:
            return (randint(1, sides),)
        return tuple([randint(1, sides) for _ in range(n)])

    def roll_dice(self, n: int, purpose: Text, rule: str | None, sides: int = 6,
                  **data: Any) -> tuple[int, ...]:
        """`State.roll`: the same dice and the same "roll" event, with its message kept per
        battle (a wh6 phase rolls dice at almost every step), and nothing built on a quiet
        copy."""
        values = self.throw(n, sides)
        if not self.quiet:
            texts = self.battle.index.texts
            key = ("roll", purpose.en, purpose.es, values) if n <= 2 else None
            text = texts.get(key) if key is not None else None
            if text is None:
                shown = ", ".join(map(str, values))
                text = Text(purpose.en + ": " + shown, purpose.es + ": " + shown)
                if key is not None:  # one or two dice: few messages, each made once
                    self.battle.index.remember(key, text)
            self.events.append(_new_event(Event, ("roll", rule, text, {
                "dice": list(values), "sides": sides, **data}, None)))
        return values

    def tell(self, kind: str, rule: str | None, key: tuple[Any, ...] | None,
             build: Callable[..., Text], args: tuple[Any, ...], **data: Any) -> None:
        """`say_text` with a message that depends only on `key`: `build(*args)`, made once per
        battle and kept in its index (`BattleIndex.text`); made afresh if `key` is None."""
        if not self.quiet:
            index = self.battle.index
            text = index.texts.get(key) if key is not None else None
            if text is None:
                text = build(*args)
                if key is not None:
                    index.remember(key, text)
            self.events.append(_new_event(Event, (kind, rule, text, data, None)))

    def say_text(self, kind: str, rule: str | None, text: Text, **data: Any) -> None:
        """`say` with the message already made (for the messages `index.text` keeps)."""
        if not self.quiet:
            self.events.append(_new_event(Event, (kind, rule, text, data, None)))

    def say(self, kind: str, rule: str | None, en: str, es: str, **data: Any) -> None:
        """Record a ruling with its rule id, its inputs and the message in both languages: a
        public `emit`, made directly. Callers on hot paths skip building the message at all
        when the state is quiet."""
        if not self.quiet:
            self.events.append(_new_event(Event, (kind, rule, Text(en, es), data, None)))

    # ---- hooks of the core -------------------------------------------------------------------
    def _current_player(self) -> int | None:
        top = self.stack.last
        return None if top is None else top.seat

    def _legal_actions(self) -> list[Action]:
        """Worked out once per position (`_apply` forgets it); callers get their own copy."""
        if self._legal is None:
            self._legal = legal.legal_actions(self)
        return list(self._legal)

    def _is_legal(self, action: Action) -> bool:
        """One of the listed actions themselves (what bots pass back) is legal; any other is
        checked by `legal.is_legal`."""
        ids = self._legal_ids
        if ids is None:
            if self._legal is None:
                return legal.is_legal(self, action)
            ids = self._legal_ids = set(map(id, self._legal))
        # the list holds the objects, so their ids are not reused while it is kept
        return id(action) in ids or legal.is_legal(self, action)

    def _illegal_reason(self, action: Action) -> IllegalAction:
        reason = legal.why_not(self, action)
        if reason is None:  # only reached if a caller skipped _is_legal
            return IllegalAction(Text(f"'{action.notation()}' is not legal now.",
                                      f"'{action.notation()}' no es legal ahora."))
        return reason

    def _apply(self, action: Action) -> None:
        self._legal = self._legal_ids = None
        legal.apply(self, action)

    def _returns(self) -> list[float]:
        a, b = self.score()
        if a == b:
            return [0.0, 0.0]
        return [1.0, -1.0] if a > b else [-1.0, 1.0]

    def score(self) -> tuple[float, float]:
        """Victory points: the value of the enemy's losses (see docs/games/wh6-magic.md)."""
        lost = both_losses(self)
        return lost[1], lost[0]

    def _document(self) -> dict[str, Any]:
        b = self.battle
        score = self.score()
        return {
            "scenario": b.name.to_json(),
            "table": {"width": b.width, "height": b.height},
            "terrain": [{"id": t.id, "kind": t.kind, "x": t.x, "y": t.y, "width": t.width,
                         "depth": t.depth} for t in b.terrain],
            "options": {"turns": b.turns, "first": b.first, "dispel_stacking": b.stacking},
            "turn": self.turn, "phase": self.phase, "phases": 2 * b.turns,
            "active_side": self.active, "stage": self.stage,
            "casting_open": self.casting_open, "casting_closed_by": self.casting_closed_by,
            "pools": {"power": self.power, "dispel": self.dispel},
            "sides": [{"army": s.army, "name": s.name.to_json(), "dwarf": s.dwarf,
                       "miscast_table": s.miscast_table_name,
                       "irresistible_rule": s.irresistible_rule, "score": score[i]}
                      for i, s in enumerate(b.sides)],
            "score": list(score),
            "units": {u.id: u.to_json() for u in self.unit_map.values()},
            "characters": {c.id: c.to_json() for c in self.char_map.values()},
            "items": {i.id: i.to_json() for i in self.item_map.values()},
            "in_play": [e.to_json() for e in self.in_play],
            "attempt": self.attempt.to_json() if self.attempt is not None else None,
            "last_outcome": self.last_outcome,
            "dispel_roll": None if self.dispel_roll is None else {
                "dice": list(self.dispel_roll.dice), "bonus": self.dispel_roll.bonus,
                "needed": self.dispel_roll.needed, "seat": self.dispel_roll.seat},
            "pending": [decision_json(d) for d in self.stack],
        }

    def _copy_into(self, twin: State) -> None:
        assert isinstance(twin, Wh6State)
        twin.battle = self.battle
        # Troops and items are shared from now on: both sides copy one before changing it.
        twin.unit_map = self.unit_map.copy()
        twin.char_map = self.char_map.copy()
        twin.item_map = self.item_map.copy()
        twin._mine = set()
        self._mine = set()
        twin._legal = self._legal  # never changed in place: safe to share
        twin._legal_ids = self._legal_ids
        twin.target_cache = self.target_cache  # replaced, never cleared: safe to share
        twin._shapes = self._shapes
        twin.gear_cache = self.gear_cache
        twin.menu_cache = self.menu_cache
        twin.in_play = self.in_play.copy()
        twin.next_id = self.next_id
        twin.phase, twin.active, twin.opponent = self.phase, self.active, self.opponent
        twin.stage = self.stage
        twin.casting_open = self.casting_open
        twin.casting_closed_by = self.casting_closed_by
        twin.power = self.power
        twin.dispel = self.dispel
        twin.attempt = self.attempt.copy() if self.attempt is not None else None
        twin.last_outcome = self.last_outcome
        twin.dispel_roll = self.dispel_roll
        twin.stack = self.stack.copy()
