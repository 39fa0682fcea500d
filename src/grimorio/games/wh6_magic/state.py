"""`Wh6State`: one position of a wh6-magic battle, and the helpers the rules modules share.

The state document (`_document`) is described field by field in docs/games/wh6-magic.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grimorio.core.actions import Action
from grimorio.core.errors import IllegalAction
from grimorio.core.i18n import Text
from grimorio.core.pending import DecisionStack
from grimorio.core.state import State
from grimorio.games.wh6_magic import legal
from grimorio.games.wh6_magic.data import ItemDef, SpellDef
from grimorio.games.wh6_magic.decisions import decision_json
from grimorio.games.wh6_magic.model import Attempt, Character, DispelRoll, InPlay, ItemState, Unit
from grimorio.games.wh6_magic.rules import phase
from grimorio.games.wh6_magic.rules.wounds import losses
from grimorio.games.wh6_magic.setup import Battle, Forces

if TYPE_CHECKING:
    from grimorio.core.game import Game


class Wh6State(State):
    """A battle between two armies over a number of magic phases."""

    __slots__ = ("attempt", "battle", "casting_closed_by", "casting_open", "chars", "dispel",
                 "dispel_roll", "in_play", "items", "last_outcome", "next_id", "phase", "power",
                 "stack", "stage", "units")

    def __init__(self, game: Game, seed: int, battle: Battle, forces: Forces) -> None:
        super().__init__(game, seed)
        self.battle = battle
        self.units: dict[str, Unit] = forces.units
        self.chars: dict[str, Character] = forces.chars
        self.items: dict[str, ItemState] = forces.items
        self.in_play: list[InPlay] = forces.in_play
        self.next_id = len(forces.in_play) + 1
        self.phase = 0
        self.stage = "start"
        self.casting_open = False
        self.casting_closed_by = ""
        self.power = 0
        self.dispel = 0
        self.attempt: Attempt | None = None
        self.last_outcome = ""
        self.dispel_roll: DispelRoll | None = None
        self.stack = DecisionStack()
        phase.begin_phase(self)

    # ---- who is who --------------------------------------------------------------------------
    @property
    def active(self) -> int:
        """The side whose magic phase it is."""
        return (self.battle.first + self.phase) % 2

    @property
    def opponent(self) -> int:
        return 1 - self.active

    @property
    def turn(self) -> int:
        return self.phase // 2 + 1

    def troop(self, ref: str) -> Unit | Character | None:
        """The unit or character with this id."""
        return self.units.get(ref) or self.chars.get(ref)

    def alive(self, ref: str) -> bool:
        if ref.startswith("mount:"):
            rider = self.chars.get(ref[6:])
            return rider is not None and rider.has_live_mount
        troop = self.troop(ref)
        if isinstance(troop, Unit):
            return not troop.destroyed
        return troop is not None and not troop.slain

    def spell(self, spell_id: str) -> SpellDef:
        return self.battle.spells[spell_id]

    def item_def(self, instance: str) -> ItemDef:
        return self.battle.items[self.items[instance].item]

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
        c.slain = True
        self.say("slain", "WH6-X14", f"{c.name.en} is slain", f"{c.name.es} muere", target=c.id)
        if c.in_unit is not None:
            unit = self.units[c.in_unit]
            unit.characters = tuple(x for x in unit.characters if x != c.id)
            c.in_unit = None
        self._end_effects(lambda e: e.caster == c.id or e.target == c.id,
                          Text("its caster or target is slain", "su lanzador u objetivo ha muerto"))

    def destroy(self, unit: Unit) -> None:
        """A unit is wiped out: its characters stand alone; spells on it end."""
        self.say("destroyed", "WH6-X14", f"{unit.name.en} is destroyed",
                 f"{unit.name.es} queda destruida", target=unit.id)
        for char_id in unit.characters:
            self.chars[char_id].in_unit = None
        unit.characters = ()
        self._end_effects(lambda e: e.target == unit.id,
                          Text("its target is destroyed", "su objetivo ha sido destruido"))

    def _end_effects(self, doomed: Any, why: Text) -> None:
        for effect in [e for e in self.in_play if doomed(e)]:
            self.in_play.remove(effect)
            name = self.spell(effect.spell).name
            self.say("spell_ends", "WH6-X7", f"{name.en} ({effect.id}) ends: {why.en}",
                     f"{name.es} ({effect.id}) termina: {why.es}", effect=effect.id)

    # ---- events ------------------------------------------------------------------------------
    def say(self, kind: str, rule: str | None, en: str, es: str, **data: Any) -> None:
        """Record a ruling with its rule id, its inputs and the message in both languages."""
        self.emit(kind, rule, Text(en, es), **data)

    # ---- hooks of the core -------------------------------------------------------------------
    def _current_player(self) -> int | None:
        top = self.stack.top
        return None if top is None else top.seat

    def _legal_actions(self) -> list[Action]:
        return legal.legal_actions(self)

    def _is_legal(self, action: Action) -> bool:
        return legal.why_not(self, action) is None

    def _illegal_reason(self, action: Action) -> IllegalAction:
        reason = legal.why_not(self, action)
        if reason is None:  # only reached if a caller skipped _is_legal
            return IllegalAction(Text(f"'{action.notation()}' is not legal now.",
                                      f"'{action.notation()}' no es legal ahora."))
        return reason

    def _apply(self, action: Action) -> None:
        legal.apply(self, action)

    def _returns(self) -> list[float]:
        a, b = self.score()
        if a == b:
            return [0.0, 0.0]
        return [1.0, -1.0] if a > b else [-1.0, 1.0]

    def score(self) -> tuple[float, float]:
        """Victory points: the value of the enemy's losses (see docs/games/wh6-magic.md)."""
        return losses(self, 1), losses(self, 0)

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
            "units": {u.id: u.to_json() for u in self.units.values()},
            "characters": {c.id: c.to_json() for c in self.chars.values()},
            "items": {i.id: i.to_json() for i in self.items.values()},
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
        twin.units = {k: u.copy() for k, u in self.units.items()}
        twin.chars = {k: c.copy() for k, c in self.chars.items()}
        twin.items = {k: i.copy() for k, i in self.items.items()}
        twin.in_play = list(self.in_play)
        twin.next_id = self.next_id
        twin.phase = self.phase
        twin.stage = self.stage
        twin.casting_open = self.casting_open
        twin.casting_closed_by = self.casting_closed_by
        twin.power = self.power
        twin.dispel = self.dispel
        twin.attempt = self.attempt.copy() if self.attempt is not None else None
        twin.last_outcome = self.last_outcome
        twin.dispel_roll = self.dispel_roll
        twin.stack = self.stack.copy()
