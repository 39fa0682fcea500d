"""A creature's action turn (MW-4.1-MW-4.10, MW-X-2.1-MW-X-2.7, MW-A17, MW-A18): activation,
the action menu (a move and then a quick action, or a full action, or nothing), the Bloodthirsty
compulsion, and the end of the turn (MW-3.35)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from grimorio.core.i18n import Text
from grimorio.games.mage_wars import hooks, traits
from grimorio.games.mage_wars.flow import Frame, MWAction, act
from grimorio.games.mage_wars.rules import casters, movement, walls
from grimorio.games.mage_wars.rules.round import Choice, name, push_reveal

if TYPE_CHECKING:
    from grimorio.games.mage_wars.state import MageWarsState

START, CHECK, MENU, AFTER, MOVED, DONE, END = range(7)


def activate(st: MageWarsState, oid: int) -> None:
    """Start a creature's action turn (MW-4.1, MW-X-2.1)."""
    st.frames.append(Activation(oid))


def at_menu(st: MageWarsState, oid: int) -> None:
    """A creature activated a moment ago, at its action menu (scenario setups)."""
    begin(st, oid)
    st.frames.append(Activation(oid, CHECK))


def begin(st: MageWarsState, oid: int) -> None:
    """The action marker turns inactive and any Guard marker leaves (MW-4.1, MW-6.120)."""
    obj = st.obj(oid)
    obj.active, obj.guard = False, False
    st.acting, st.turn_log = oid, ()
    st.changed()
    from grimorio.games.mage_wars import conditions

    traits.drop_temp(st, oid, traits.TEMP_UNTIL_TURN)      # Knockdown ends (MW-X-6.36)

    for other in list(st.objs.values()):      # the taunter acts: its Taunt ends (MW-X-6.28)
        if other.count("taunt") and other.memo.get("taunt_by") == oid:
            conditions.remove(st, other.oid, "taunt", other.count("taunt"))
    st.emit("activate", "MW-4.1", Text(f"{name(obj.controller)} activates o{oid}.",
                                       f"{name(obj.controller)} activa o{oid}."),
            oid=oid, seat=obj.controller)


@dataclass(slots=True)
class Activation(Frame):
    """One action turn. `moves` counts move actions taken (a cancelled one counts, MW-A18);
    `quick` is set once the quick action is spent; `forced` lists the wounded enemies a
    Bloodthirsty creature must attack (MW-X-4.9)."""

    rule = "MW-4.2"
    oid: int
    stage: int = START
    moves: int = 0
    hindered: bool = False
    forced: tuple[int, ...] = ()
    last: str = ""               # the action under way, logged once it is over (Charge)

    def step(self, st: MageWarsState) -> None:
        if self.stage != END and self.oid not in st.objs:
            self.stage = END
        stage = self.stage
        if stage == START:
            begin(st, self.oid)
            self.stage = CHECK
            push_reveal(st, "MW-3.34")           # MW-5.84 (b)
        elif stage == CHECK:
            self.forced, self.stage = bloodthirsty_targets(st, self.oid), MENU
        elif stage == MENU:
            self._menu(st)
        elif stage == AFTER:
            self._after(st)
        elif stage == MOVED:
            self._moved(st)
        elif stage == DONE:
            self.stage = END
            st.turn_log += (self.last,)
            push_reveal(st, "MW-5.84")           # MW-5.84 (c): after a completed action
        else:
            self._end(st)

    def _menu(self, st: MageWarsState) -> None:
        options = menu_options(st, self)
        obj = st.obj(self.oid)
        if options == [act("end")] and not casters.hides_choices(st, obj):
            # Nothing else is possible (Incapacitated, say: MW-X-6.42). A mage, or a familiar
            # holding a spell, is always asked: its choices depend on hidden spells.
            self.stage = END
            return
        self.stage = AFTER
        st.frames.append(MenuAsk(obj.controller, self.oid))

    def _after(self, st: MageWarsState) -> None:
        text: str = st.ret
        verb = text.split()[0]
        if verb == "end":
            self.stage = END
        elif verb == "move":
            self.moves += 1         # a cancelled move is spent too (MW-A18) …
            self.stage = MOVED
            st.frames.append(movement.Move(self.oid, text.split()[1]))
        elif verb in ("climb", "cross"):    # a full action over a wall: Climber (MW-X-7.11),
            # or through a Wall of Thorns for a creature of level 2 or more
            self.stage, self.last = DONE, verb
            st.frames.append(movement.Move(self.oid, text.split()[1], climb=True))
        else:
            self.stage, self.last = DONE, verb
            carry_out(st, self.oid, text, verb)

    def _moved(self, st: MageWarsState) -> None:
        """After a move: hindering stops further moves (MW-4.15); Slow ends the turn
        (MW-X-7.9); a second move of a creature that is not Fast was its quick action
        (MW-4.12)."""
        from grimorio.games.mage_wars.rules import traps

        _, done, hindered = st.ret
        if done:                    # … but only a move that changed zone is logged for Charge
            st.turn_log += ("move",)    # (MW-X-4.3, MW-4.25, MW-A18)
        self.hindered = self.hindered or bool(hindered)
        speed = movement.speed_of(st, self.oid) if self.oid in st.objs else "normal"
        over = speed == "slow" or (speed == "normal" and self.moves >= 2)
        if traps.stops_turn(st, self.oid):       # MW-5.101: a trap stopped it from acting
            over = True
            st.emit("trapped", "MW-5.101", Text(f"o{self.oid} can no longer act: its turn "
                                                "ends.",
                                                f"o{self.oid} ya no puede actuar: termina su "
                                                "turno."), oid=self.oid)
        self.stage = END if over else MENU
        push_reveal(st, "MW-4.26")

    def _end(self, st: MageWarsState) -> None:
        """End-of-turn effects (MW-3.35, MW-X-6.42): Stun and Daze leave, removal rolls;
        grants for the rest of the turn end (Necropian Vampiress)."""
        from grimorio.games.mage_wars import conditions

        st.frames.pop()
        if self.oid in st.objs:
            conditions.end_of_turn(st, self.oid)
            traits.drop_temp(st, self.oid, traits.TEMP_TURN)
        st.acting, st.turn_log = None, ()
        st.changed()
        st.emit("turn-end", "MW-3.35", Text(f"o{self.oid}'s action turn ends.",
                                            f"Termina el turno de acción de o{self.oid}."),
                oid=self.oid)


def carry_out(st: MageWarsState, oid: int, text: str, verb: str) -> None:
    """Start the chosen quick or full action (MW-4.4, MW-4.5)."""
    from grimorio.games.mage_wars.rules import casting, combat

    if verb == "guard":
        guard(st, oid)
    elif verb == "attack":
        words = text.split()
        ref = attack_refs(st, oid)[int(words[1]) - 1]
        combat.start_attack(st, oid, ref, parse_target(words[2]))
    elif verb == "cast":
        casting.start_cast(st, oid, text, "MW-4.8")
    else:
        hooks.ability(st, oid, MWAction(text))


def guard(st: MageWarsState, oid: int) -> None:
    """Guard, a quick action: the creature takes a Guard marker (MW-4.7, MW-X-2.6)."""
    st.obj(oid).guard = True
    st.changed()
    st.emit("guard", "MW-4.7", Text(f"o{oid} guards its zone.", f"o{oid} guarda su zona."),
            oid=oid)


def parse_target(word: str) -> int | str:
    """`o9` → 9; a zone name stays a zone (zone attacks)."""
    return int(word[1:]) if word.startswith("o") else word


@dataclass(slots=True)
class MenuAsk(Choice):
    """The action menu of the active creature (MW-4.2): `move B1`, `guard`, `attack <n> o9`,
    `cast <card> <targets…>`, `ability <id> <target>`, `end`."""

    seat: int
    oid: int
    rule = "MW-4.2"

    def options(self, st: MageWarsState) -> list[MWAction]:
        frame = next(f for f in reversed(st.frames) if isinstance(f, Activation))
        return menu_options(st, frame)


# ---------------------------------------------------------------------------- the menu

@dataclass(frozen=True, slots=True)
class Room:
    """What is left of an action turn: moves, the quick action, a full action."""

    move: bool
    quick: bool
    full: bool


def room(st: MageWarsState, frame: Activation) -> Room:
    """A move then a quick action, or one full action (MW-4.2, MW-4.3, MW-X-2.4); Fast moves
    twice before its quick action, never a third time (MW-4.13, MW-5.26, MW-X-7.8); Slow
    moves once and stops (MW-X-7.9); a hindered creature moves no more (MW-4.15, MW-A17)."""
    moves = frame.moves
    speed = movement.speed_of(st, frame.oid)
    quick = moves <= (2 if speed == "fast" else 1) and not (speed == "slow" and moves)
    limit = hooks.move_limit(st, frame.oid)         # Poison Gas Cloud: one move at most
    move = moves < (2 if limit is None else min(2, limit)) and not frame.hindered \
        and not (speed == "slow" and moves) \
        and movement.may_move(st, frame.oid) and not frame.forced \
        and hooks.move_cost(st, frame.oid) <= st.player(st.obj(frame.oid).controller).mana
    return Room(move, quick, moves == 0)


def menu_options(st: MageWarsState, frame: Activation) -> list[MWAction]:
    oid = frame.oid
    space = room(st, frame)
    out: list[MWAction] = []
    incapacitated = traits.is_incapacitated(st, oid)
    if space.move:
        out += [act("move", z) for z in movement.destinations(st, oid)]
    if not incapacitated:
        if space.quick and not frame.forced:
            out.append(act("guard"))
        out += attack_options(st, frame, space)
        if not frame.forced and (space.quick or space.full):
            out += hooks.extra_options(st, oid)
        if space.full and not frame.forced:             # Climber (MW-X-7.11)
            out += [act("climb", z) for z in movement.climb_destinations(st, oid)]
            if movement.may_move(st, oid):      # through a Wall of Thorns (level 2 or more)
                out += [act("cross", z) for z in walls.full_crossings(st, oid)]
    if casters.may_cast(st, oid) and not frame.forced:      # a mage, a familiar (MW-5.42)
        out += cast_menu(st, oid, space)
    if not (frame.forced and out):          # a forced attack may not be skipped (MW-X-4.9)
        out.append(act("end"))
    return list(dict.fromkeys(out))


def cast_menu(st: MageWarsState, oid: int, space: Room) -> list[MWAction]:
    """A mage (or a familiar, MW-5.42) casts a quick spell with its quick action, a full spell
    with its full action (MW-4.8, MW-X-2.7); an Incapacitated mage only quick spells that are
    not attacks (MW-X-6.44, handled by `cast_options`)."""
    from grimorio.games.mage_wars.rules import casting

    out: list[MWAction] = []
    if space.quick:
        out += casting.cast_options(st, oid, "quick", "cast")
    if space.full:
        out += casting.cast_options(st, oid, "full", "cast")
    return out


def attack_refs(st: MageWarsState, oid: int) -> list[Any]:
    return list(traits.attacks(st, oid))


def attack_options(st: MageWarsState, frame: Activation, space: Room) -> list[MWAction]:
    """`attack <n> <target>`: an attack whose action matches the action taken (MW-4.6, MW-6.6,
    MW-B27), at its legal targets whose known cost its controller can pay (MW-A14, MW-6.20);
    a Bloodthirsty creature under compulsion only melee-attacks the wounded enemies
    (MW-X-4.9)."""
    out: list[MWAction] = []
    for index, ref in enumerate(attack_refs(st, frame.oid), start=1):
        speed = ref.attack.speed
        if not ((speed == "quick" and space.quick) or (speed == "full" and space.full)):
            continue
        targets = attack_targets(st, frame.oid, ref)
        if frame.forced:
            if ref.attack.kind != "melee":
                continue
            targets = [t for t in targets if t in frame.forced]
        out += [act("attack", index, t if isinstance(t, str) else f"o{t}") for t in targets
                if affordable(st, frame.oid, ref, t)]
    return out


def affordable(st: MageWarsState, oid: int, ref: Any, target: int | str) -> bool:
    """Whether the attacker's controller can pay what scripts would ask in the Pay Costs step
    (Pacify, Suppression Cloak), asked without marking anything (MW-A14, MW-6.20)."""
    from grimorio.games.mage_wars.effects import registry
    from grimorio.games.mage_wars.rules.combat import AttackInfo

    if not registry.providers(st, "attack_cost"):   # nothing asks anything (the usual case)
        return True
    zone = target if isinstance(target, str) else None
    info = AttackInfo(attacker=oid, defender=0 if zone else int(target), card=ref.card,
                      index=ref.index, kind=ref.attack.kind, spell=None,
                      zone_attack=zone is not None, strike=1, is_counterstrike=False,
                      first_of_action=True, zone=zone)
    cost = hooks.attack_cost_preview(st, info)
    return cost <= 0 or cost <= st.player(st.obj(oid).controller).mana


def attack_targets(st: MageWarsState, oid: int, ref: Any) -> list[int | str]:
    """Legal targets of one attack (COMBAT decides, MW-6.11-MW-6.15)."""
    from grimorio.games.mage_wars.rules import combat

    return list(combat.targets(st, oid, ref))


def bloodthirsty_targets(st: MageWarsState, oid: int) -> tuple[int, ...]:
    """The Bloodthirsty compulsion (MW-X-4.9, MW-C10): wounded Living enemy creatures in the
    zone that the creature can legally melee-attack now; nothing is forced when guards or
    Flying rule them all out, or when it cannot attack at all."""
    from grimorio.games.mage_wars.rules import combat

    return tuple(combat.forced_melee_targets(st, oid))
