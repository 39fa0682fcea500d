"""The round (Chapter III): the initiative roll at setup, the six Preparation steps and the
Action Phase with its quickcast windows, action turns and pass rule.

Frames (see flow.py): `Start` rolls for initiative; `Round` walks the steps of one round and
then the next; `Upkeep` pays upkeep and runs Burn, Rot and Regenerate; `ActionPhase` runs the
windows and turns. Decisions are Asks that put their answer in `st.ret` and pop; the parent
reads it when it resumes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from grimorio.core.i18n import Text
from grimorio.games.mage_wars import hooks
from grimorio.games.mage_wars.effects import mages
from grimorio.games.mage_wars.flow import Ask, Frame, MWAction, act

if TYPE_CHECKING:
    from grimorio.games.mage_wars.state import MageWarsState

# Round stages, in order (MW-3.3, MW-3.23).
INITIATIVE, RESET, CHANNELING, UPKEEP, PLANNING, DEPLOYMENT, ACTION, END = range(8)
PLAN_LIMIT = 2          # MW-3.18


def name(seat: int) -> str:
    return f"P{seat + 1}"


class Choice(Ask):
    """An Ask whose answer goes to the parent frame: `st.ret` = the action text."""

    __slots__ = ()

    def answer(self, st: MageWarsState, action: MWAction) -> None:
        st.frames.pop()
        st.ret = action.text


def order(st: MageWarsState) -> tuple[int, ...]:
    """The seats, initiative player first (MW-3.5); with three or four, every seat still in
    the game clockwise from the initiative player (MW-9.4, MW-B31)."""
    if len(st.players) == 2:
        return st.initiative, 1 - st.initiative
    return tuple(st.clockwise(st.initiative))


def next_seat(st: MageWarsState, seat: int) -> int:
    """The seat on the left of `seat` still in the game (MW-9.3, MW-9.4): the other seat in a
    duel."""
    if len(st.players) == 2:
        return 1 - seat
    left = st.clockwise((seat + 1) % len(st.players))
    return left[0] if left else seat


def standing(st: MageWarsState, seat: int) -> bool:
    """Whether the seat's mage still stands: its player is in the game and its mage has not
    fallen in the turn or window under way (MW-B29: no more decisions once it fell)."""
    player = st.players[seat]
    return not player.out and not (player.mage in st.objs
                                   and st.objs[player.mage].memo.get("destroyed"))


def rank(st: MageWarsState) -> dict[int, int]:
    """Each seat's place in the turn order, counted clockwise from the initiative player (0):
    how simultaneous things of several seats are ordered (MW-3.14, MW-B31)."""
    n = len(st.players)
    return {(st.initiative + k) % n: k for k in range(n)}


# ---------------------------------------------------------------------------- setup: initiative

@dataclass(slots=True)
class Start(Frame):
    """The initiative roll of setup (MW-2.7 step 8, MW-2.11): each player rolls the effect die,
    ties roll again (MW-A8); the higher roller picks who holds the initiative first."""

    rule = "MW-2.11"

    def step(self, st: MageWarsState) -> None:
        st.frames.pop()
        winner = roll_initiative(st) if len(st.players) == 2 else roll_initiative_many(st)
        st.frames.append(InitiativeAsk(winner))


def roll_initiative(st: MageWarsState) -> int:
    """Both roll the d12 until the results differ (MW-2.11, MW-A8); the winner's seat."""
    while True:
        a = st.roll(1, Text(f"{name(0)} rolls for initiative", f"{name(0)} tira por la "
                            "iniciativa"), "MW-2.11", sides=12)[0]
        b = st.roll(1, Text(f"{name(1)} rolls for initiative", f"{name(1)} tira por la "
                            "iniciativa"), "MW-2.11", sides=12)[0]
        if a != b:
            return 0 if a > b else 1
        st.emit("initiative-tie", "MW-A8", Text(f"Tie at {a}: both roll again.",
                                                f"Empate a {a}: ambos repiten."))


def roll_initiative_many(st: MageWarsState) -> int:
    """Three or four players: every seat rolls the d12 in seat order; those tied for the
    highest roll again until one is highest (MW-2.11, MW-A8, MW-B31); the winner's seat."""
    rolling = [p.seat for p in st.players]
    while True:
        rolls = {seat: st.roll(1, Text(f"{name(seat)} rolls for initiative",
                                       f"{name(seat)} tira por la iniciativa"),
                               "MW-2.11", sides=12)[0] for seat in rolling}
        best = max(rolls.values())
        tied = [seat for seat in rolling if rolls[seat] == best]
        if len(tied) == 1:
            return tied[0]
        who = ", ".join(name(seat) for seat in tied)
        st.emit("initiative-tie", "MW-B31", Text(f"Tie at {best}: {who} roll again.",
                                                 f"Empate a {best}: {who} repiten."))
        rolling = tied


@dataclass(slots=True)
class InitiativeAsk(Ask):
    """The winner of the roll takes the initiative or gives it (MW-2.11); with three or four
    players it names the seat that holds it first, `initiative p3` (MW-B31)."""

    seat: int
    rule = "MW-2.11"

    def options(self, st: MageWarsState) -> list[MWAction]:
        if len(st.players) > 2:
            return [act("initiative", name(seat)) for seat in range(len(st.players))]
        return [act("initiative", "first"), act("initiative", "second")]

    def answer(self, st: MageWarsState, action: MWAction) -> None:
        st.frames.pop()
        if len(st.players) > 2:
            holder = int(action.text.split()[1][1:]) - 1
        else:
            holder = self.seat if action.text == "initiative first" else 1 - self.seat
        st.initiative = holder
        st.emit("initiative", "MW-2.11",
                Text(f"{name(self.seat)} chooses: {name(holder)} has the initiative.",
                     f"{name(self.seat)} elige: {name(holder)} tiene la iniciativa."),
                seat=self.seat, holder=holder)


# ---------------------------------------------------------------------------- the round

@dataclass(slots=True)
class Round(Frame):
    """The steps of a round (MW-3.2, MW-3.3, MW-X-13.1), then the next round."""

    rule = "MW-3.2"
    stage: int = INITIATIVE
    first: bool = True           # round 1 keeps the rolled initiative (MW-3.4, MW-A8)

    def step(self, st: MageWarsState) -> None:
        if fallen_settled(st):
            return
        stage = self.stage
        self.stage = stage + 1
        if stage == INITIATIVE:
            initiative_step(st, self.first)
            self.first = False
        elif stage == RESET:
            reset_step(st)
            push_reveal(st, "MW-3.6")
        elif stage == CHANNELING:
            channeling_step(st)
            push_reveal(st, "MW-3.10")                  # MW-5.84 (a): end of each step
        elif stage == UPKEEP:
            st.frames.append(RevealLater("MW-3.14"))
            st.frames.append(Upkeep(upkeep_queue(st), ()))
            mages.push_upkeep(st)                       # Voltaric Shield (MW-7.32)
        elif stage == PLANNING:
            planning_step(st)
        elif stage == DEPLOYMENT:
            st.frames.append(RevealLater("MW-3.22"))
            deployment_step(st)
        elif stage == ACTION:
            st.emit("phase", "MW-3.23", Text(f"Round {st.round}: Action Phase.",
                                              f"Ronda {st.round}: fase de acción."))
            st.frames.append(ActionPhase())
        else:
            end_of_round(st)
            self.stage = INITIATIVE


def fallen_settled(st: MageWarsState) -> bool:
    """Three or four players: a mage that fell leaves the game once what destroyed it has
    finished (MW-B29, rules/damage.py `settle_fallen`); True when that ended the game or left
    a question to answer first (a Gate to Voltari naming another mage, MW-B35): the step is
    taken again once it is answered."""
    if len(st.players) == 2:
        return False
    from grimorio.games.mage_wars.rules import damage

    depth = len(st.frames)
    damage.settle_fallen(st)
    return st.over or len(st.frames) > depth


def push_reveal(st: MageWarsState, rule: str) -> None:
    from grimorio.games.mage_wars.rules import casting

    casting.push_reveal_window(st, rule)


@dataclass(slots=True)
class RevealLater(Frame):
    """The reveal window that closes a step or phase (MW-5.84 a), opened once the step's own
    frames are done: who gets it depends on the face-down enchantments then (MW-5.78)."""

    why: str
    rule = "MW-5.84"

    def step(self, st: MageWarsState) -> None:
        st.frames.pop()
        push_reveal(st, self.why)


def initiative_step(st: MageWarsState, first: bool) -> None:
    """Step 1: from round 2 on the initiative token passes (MW-3.4, MW-X-2.10), to the player
    on the left still in the game when there are three or four (MW-9.3)."""
    if not first:
        st.initiative = next_seat(st, st.initiative)
    st.emit("round", "MW-3.4", Text(f"Round {st.round}: {name(st.initiative)} has the "
                                    "initiative.",
                                    f"Ronda {st.round}: {name(st.initiative)} tiene la "
                                    "iniciativa."), round=st.round, initiative=st.initiative)


def reset_step(st: MageWarsState) -> None:
    """Step 2: action, quickcast and ready markers turn active; Guard markers stay
    (MW-3.6-MW-3.9, MW-X-2.11)."""
    for obj in st.objs.values():
        if obj.is_creature:
            obj.active = True
        obj.used = frozenset()
    for player in st.players:
        player.quickcast, player.passed = True, False
    st.once = frozenset()
    st.changed()
    st.emit("reset", "MW-3.6", Text("Reset: action, quickcast and ready markers are active.",
                                    "Reinicio: fichas de acción, lanzamiento rápido y de "
                                    "activo boca arriba."))


def channeling_step(st: MageWarsState) -> None:
    """Step 3: each mage adds its channeling to its pool; other objects with channeling gain
    mana counters on themselves (MW-3.10, MW-X-12.1); Channeling +/-X changes either (MW-X-12.2)."""
    for player in st.players:
        if player.out:              # a fallen mage channels nothing (MW-B29)
            continue
        gain = mage_channeling(st, player.seat)
        player.mana += gain
        st.emit("channel", "MW-3.10",
                Text(f"{name(player.seat)} channels {gain} mana ({player.mana}).",
                     f"{name(player.seat)} canaliza {gain} de maná "
                     f"({player.mana})."), seat=player.seat, mana=player.mana)
    for obj in st.objs.values():
        gain = object_channeling(st, obj.oid) if obj.face_up and obj.kind != "mage" else 0
        if gain:
            obj.mana += gain
            st.emit("channel", "MW-X-12.1", Text(f"o{obj.oid} gains {gain} mana.",
                                                 f"o{obj.oid} gana {gain} de maná."),
                    oid=obj.oid, mana=obj.mana)
    st.changed()


def object_channeling(st: MageWarsState, oid: int) -> int:
    """An object's Channeling trait (MW-X-12.1): familiars and spawnpoints keep it as mana
    counters on themselves (MW-5.40, MW-5.55); no apprentice card has one."""
    from grimorio.games.mage_wars import traits

    t = traits.traits(st, oid)
    base = int(t.value("channeling"))
    if not base:                # Channeling +/-X does nothing without channeling (MW-C20)
        return 0
    return max(0, base + int(t.value("channeling-modifier")))      # never below 0 (MW-X-12.2)


def mage_channeling(st: MageWarsState, seat: int) -> int:
    """What the mage of `seat` channels now: its channeling changed by every Channeling +/-X
    it has (Mana Crystal, Mana Siphon), never below 0 (MW-X-12.2)."""
    from grimorio.games.mage_wars import traits

    player = st.player(seat)
    mage = st.mage_of(seat)
    change = int(traits.traits(st, mage.oid).value("channeling-modifier"))
    return max(0, player.channeling + change)


def end_of_round(st: MageWarsState) -> None:
    """The round is over (MW-3.2): effects "until the end of the round" end; at the round
    limit the mage with more life left wins (MW-S9); otherwise the next round starts."""
    from grimorio.games.mage_wars import traits

    traits.end_of_round(st)
    mages.end_of_round(st)                          # Voltaric Shield (MW-7.37)
    st.changed()
    if st.round >= st.round_limit:
        round_limit(st)
        return
    st.round += 1


def round_limit(st: MageWarsState) -> None:
    """MW-S9: after the last round, more life left wins; equal is a draw."""
    if len(st.players) > 2:
        from grimorio.games.mage_wars.rules import damage

        damage.round_limit_many(st)
        return
    left = [st.life_left(0), st.life_left(1)]
    st.over = True
    st.winner = None if left[0] == left[1] else (0 if left[0] > left[1] else 1)
    who = "nobody" if st.winner is None else name(st.winner)
    quien = "nadie" if st.winner is None else name(st.winner)
    st.emit("game-over", "MW-S9", Text(f"Round limit reached (life left {left[0]} to "
                                       f"{left[1]}): {who} wins.",
                                       f"Límite de rondas (vida restante {left[0]} a "
                                       f"{left[1]}): gana {quien}."), left=left,
            winner=st.winner)


# ---------------------------------------------------------------------------- upkeep

def upkeep_queue(st: MageWarsState) -> tuple[int, ...]:
    """Objects with an upkeep cost to pay, initiative player's first (MW-3.14, MW-3.15)."""
    place = rank(st)
    found = [o for o in st.objs.values() if o.face_up and upkeep_cost(st, o.oid) > 0]
    found.sort(key=lambda o: (place[o.controller], o.oid))
    return tuple(o.oid for o in found)


def upkeep_cost(st: MageWarsState, oid: int) -> int:
    """Upkeep +X of a face-up object, printed or granted (Essence Drain), stacked
    (MW-X-12.3, MW-X-1.1); a face-down enchantment does nothing (MW-5.83)."""
    from grimorio.games.mage_wars import traits

    obj = st.obj(oid)
    if obj.kind == "mage" or not obj.face_up:
        return 0
    return max(0, int(traits.traits(st, oid).value("upkeep")))


def effect_queue(st: MageWarsState) -> tuple[int, ...]:
    """Objects whose own Upkeep effects run, initiative player's first (MW-3.14, MW-A22);
    not the mage of a player who is out, the one object of its left (MW-B29: it is out of the
    arena, no Burn or Rot hurts it any more)."""
    place = rank(st)
    found = sorted((o for o in st.objs.values() if not st.players[o.controller].out),
                   key=lambda o: (place[o.controller], o.oid))
    return tuple(o.oid for o in found)


@dataclass(slots=True)
class Upkeep(Frame):
    """Step 4 (MW-3.14): pay or lose upkeep, then Burn, Rot, Regenerate and card effects,
    object by object; the order of one object's own healing and damage is its controller's
    choice (MW-3.15, MW-A22)."""

    rule = "MW-3.14"
    pending: tuple[int, ...]
    effects: tuple[int, ...]
    stage: int = 0
    current: int = 0

    def step(self, st: MageWarsState) -> None:
        if self.stage == 0:
            self._pay_next(st)
        elif self.stage == 1:
            self._paid(st)
        elif self.stage == 2:
            self.effects, self.stage = effect_queue(st), 3
        elif self.stage == 3:
            self._effects_next(st)
        elif self.stage == 4:
            run_upkeep_effects(st, self.current, regenerate_first=st.ret.endswith("regenerate"))
            self.stage = 3
        else:
            st.frames.pop()
            settle_upkeep(st)

    def _pay_next(self, st: MageWarsState) -> None:
        while self.pending:
            oid, self.pending = self.pending[0], self.pending[1:]
            if oid not in st.objs:
                continue
            obj, cost = st.obj(oid), upkeep_cost(st, oid)
            if st.player(obj.controller).mana < cost:
                lose_upkeep(st, oid, cost, afford=False)
                continue
            self.current, self.stage = oid, 1
            st.frames.append(UpkeepAsk(obj.controller, oid, cost))
            return
        self.stage = 2

    def _paid(self, st: MageWarsState) -> None:
        self.stage = 0
        oid = self.current
        if oid not in st.objs:
            return
        cost = upkeep_cost(st, oid)
        if st.ret.startswith("upkeep pay"):
            player = st.player(st.obj(oid).controller)
            player.mana -= cost
            st.changed()
            st.emit("upkeep-paid", "MW-X-12.3",
                    Text(f"{name(player.seat)} pays {cost} upkeep for o{oid}.",
                         f"{name(player.seat)} paga {cost} de mantenimiento por o{oid}."),
                    oid=oid, cost=cost)
        else:
            lose_upkeep(st, oid, cost, afford=True)

    def _effects_next(self, st: MageWarsState) -> None:
        while self.effects:
            oid, self.effects = self.effects[0], self.effects[1:]
            if oid not in st.objs:
                continue
            if needs_order(st, oid) and standing(st, st.obj(oid).controller):
                self.current, self.stage = oid, 4    # a fallen player decides no more (MW-B29)
                st.frames.append(UpkeepOrderAsk(st.obj(oid).controller, oid))
                return
            run_upkeep_effects(st, oid, regenerate_first=False)
            if st.over:
                return
            if st.frames[-1] is not self:   # a card's effect asks its controller first
                return                      # (Moloch's Torment); then the next object
        self.stage = 5


def lose_upkeep(st: MageWarsState, oid: int, cost: int, afford: bool) -> None:
    """Not paying upkeep, or not being able to, destroys the object (MW-3.14, MW-X-12.3)."""
    from grimorio.games.mage_wars.rules import damage

    why = Text("does not pay", "no paga") if afford else Text("cannot pay", "no puede pagar")
    st.emit("upkeep-unpaid", "MW-3.14",
            Text(f"o{oid}: its controller {why.en} {cost} upkeep; it is destroyed.",
                 f"o{oid}: su controlador {why.es} {cost} de mantenimiento; se destruye."),
            oid=oid, cost=cost)
    damage.destroy(st, oid, "MW-3.14")


@dataclass(slots=True)
class UpkeepAsk(Choice):
    """Pay an object's upkeep or let it be destroyed (MW-3.14, MW-X-12.3)."""

    seat: int
    oid: int
    cost: int
    rule = "MW-3.14"

    def options(self, st: MageWarsState) -> list[MWAction]:
        return [act("upkeep", "pay", f"o{self.oid}"), act("upkeep", "skip", f"o{self.oid}")]


def regenerate_value(st: MageWarsState, oid: int) -> int:
    from grimorio.games.mage_wars import traits

    obj = st.obj(oid)
    if not obj.has_life:
        return 0
    return int(traits.traits(st, oid).value("regenerate"))


def needs_order(st: MageWarsState, oid: int) -> bool:
    """Only an object with both a healing and a damaging Upkeep effect asks its controller
    for their order (MW-3.15, MW-A22)."""
    obj = st.obj(oid)
    hurts = obj.count("burn") > 0 or obj.count("rot") > 0
    return hurts and regenerate_value(st, oid) > 0


@dataclass(slots=True)
class UpkeepOrderAsk(Choice):
    """Regenerate first or Burn/Rot first (MW-3.15, its example)."""

    seat: int
    oid: int
    rule = "MW-3.15"

    def options(self, st: MageWarsState) -> list[MWAction]:
        return [act("upkeep", "first", f"o{self.oid}", "regenerate"),
                act("upkeep", "first", f"o{self.oid}", "burn")]


def run_upkeep_effects(st: MageWarsState, oid: int, regenerate_first: bool) -> None:
    """One object's Upkeep effects: Burn and Rot (MW-X-6.1, MW-X-6.21), Regenerate (MW-6.100),
    then its card's own effect (hooks.upkeep). The damage is dealt without the end check:
    `settle_upkeep` checks once every effect of the step is done (MW-3.1, MW-A9)."""
    from grimorio.games.mage_wars import conditions

    if regenerate_first:
        _regenerate(st, oid)
    for which in ("burn", "rot"):
        if oid in st.objs and st.obj(oid).count(which):
            conditions.upkeep_damage(st, oid, which, check=False)
    if not regenerate_first and oid in st.objs:
        _regenerate(st, oid)
    if oid in st.objs and st.obj(oid).face_up:
        hooks.upkeep(st, oid)


def settle_upkeep(st: MageWarsState) -> None:
    """The Upkeep step's damage is one event: two mages it destroys fall together, a draw
    (MW-3.1, MW-A9); card scripts' upkeep damage is dealt with `check=False` too."""
    from grimorio.games.mage_wars.rules import damage

    damage.check_end(st)


def _regenerate(st: MageWarsState, oid: int) -> None:
    from grimorio.games.mage_wars.rules import damage

    amount = regenerate_value(st, oid)
    if amount > 0 and st.obj(oid).damage > 0:
        healed = damage.heal(st, oid, amount, "MW-6.100")
        st.emit("regenerate", "MW-X-8.6", Text(f"o{oid} regenerates {healed}.",
                                               f"o{oid} se regenera {healed}."),
                oid=oid, healed=healed)


# ---------------------------------------------------------------------------- planning

def planning_step(st: MageWarsState) -> None:
    """Step 5: unused planned spells go back to the book (MW-3.21, MW-A26); then each player,
    initiative first, secretly plans up to 2 spells (MW-3.18, MW-3.20); a reveal window closes
    the step (MW-5.84)."""
    from grimorio.games.mage_wars.rules import casters

    for player in st.players:
        for card in player.planned:
            st.to_book(card, player.seat)
        player.planned = []
    casters.return_assigned(st)         # familiars' and spawnpoints' spells too (MW-5.45)
    st.changed()
    push_reveal(st, "MW-3.18")
    for seat in reversed(order(st)):        # clockwise from the initiative (MW-B31)
        st.frames.append(PlanAsk(seat))


@dataclass(slots=True)
class PlanAsk(Ask):
    """`plan <card>` up to twice, `assign o7 <card>` once per familiar or spawnpoint (MW-3.19),
    or `plan done` (MW-3.18). Only the planner's own events name the cards; the opponent
    learns the count and the holders (MW-3.20)."""

    seat: int
    rule = "MW-3.18"

    def options(self, st: MageWarsState) -> list[MWAction]:
        from grimorio.games.mage_wars.rules import casters

        player = st.player(self.seat)
        out = [act("plan", "done")]
        if len(player.planned) < PLAN_LIMIT:
            out += [act("plan", card) for card in sorted(set(player.book))]
        return out + casters.assign_options(st, self.seat)

    def answer(self, st: MageWarsState, action: MWAction) -> None:
        from grimorio.games.mage_wars.rules import casters

        player = st.player(self.seat)
        words = action.text.split()
        if words[0] == "assign":
            casters.assign(st, self.seat, action.text)
            self._maybe_done(st)
            return
        if words[1] == "done":
            st.frames.pop()
            st.emit("planned", "MW-3.20",
                    Text(f"{name(self.seat)} has planned {len(player.planned)} spell(s).",
                         f"{name(self.seat)} ha preparado {len(player.planned)} hechizo(s)."),
                    seat=self.seat, count=len(player.planned))
            return
        player.book.remove(words[1])
        player.planned = sorted([*player.planned, words[1]])
        st.changed()
        text = Text(f"You plan {words[1]}.", f"Preparas {words[1]}.") if len(st.players) == 2 \
            else Text(f"{name(self.seat)} plans {words[1]}.",     # a team-mate reads it too
                      f"{name(self.seat)} prepara {words[1]}.")   # (MW-9.8)
        st.emit("plan", "MW-3.18", text, visible_to=frozenset({self.seat}), seat=self.seat,
                card=words[1])
        self._maybe_done(st)

    def _maybe_done(self, st: MageWarsState) -> None:
        """Planning ends by itself once nothing is left to pick."""
        from grimorio.games.mage_wars.rules import casters

        if len(st.player(self.seat).planned) >= PLAN_LIMIT \
                and not casters.assign_options(st, self.seat):
            self.answer(st, act("plan", "done"))


def deployment_step(st: MageWarsState) -> None:
    """Step 6 (MW-3.22, MW-A11): spawnpoints cast their assigned spells, initiative player
    first (rules/casters.py); with none holding a spell the step does nothing."""
    from grimorio.games.mage_wars.rules import casters

    casters.deployment(st)


# ---------------------------------------------------------------------------- action phase

OPENING, TURNS, AFTER_ASK, AFTER_TURN, NEXT, CLOSING, DONE = range(7)


def active_creatures(st: MageWarsState, seat: int) -> list[int]:
    """A seat's creatures in the arena with an active action marker (MW-3.7, MW-3.30)."""
    return sorted(o.oid for o in st.objs.values()
                  if o.is_creature and o.controller == seat and o.active and o.zone is not None)


@dataclass(slots=True)
class ActionPhase(Frame):
    """The Action Phase (MW-3.23, MW-X-13.2, MW-A12): the opening quickcast window, action
    turns alternating from the initiative player with the pass rule, quickcasts just before
    and after a player's own creature's turn, and the closing window."""

    rule = "MW-3.23"
    stage: int = OPENING
    seat: int = -1
    precast: bool = False        # quickcast made just before this turn's activation

    def step(self, st: MageWarsState) -> None:
        if fallen_settled(st):
            return
        if self.stage == OPENING:
            self.seat, self.stage = st.initiative, TURNS
            push_windows(st, "MW-3.26")
        elif self.stage == TURNS:
            self._turn(st)
        elif self.stage == AFTER_ASK:
            self._after_ask(st)
        elif self.stage == AFTER_TURN:
            self.stage = NEXT
            st.frames.append(QuickcastOffer(self.seat, "MW-3.25"))
            st.frames.append(PowerOffer(self.seat))     # temples: right after the turn
        elif self.stage == NEXT:
            self.seat, self.precast, self.stage = next_seat(st, self.seat), False, TURNS
        elif self.stage == CLOSING:
            self.stage = DONE
            st.frames.append(RevealLater("MW-3.23"))    # MW-5.84 (a): end of the phase
            push_windows(st, "MW-3.37")
        else:
            st.frames.pop()

    def _turn(self, st: MageWarsState) -> None:
        if not st.in_game(self.seat):       # fell since: the turn passes on (MW-B29)
            self.seat, self.precast = next_seat(st, self.seat), False
            return
        mine = active_creatures(st, self.seat)
        if not mine and not any(active_creatures(st, seat) for seat in order(st)):
            self.stage = CLOSING
            return
        if not mine:
            st.emit("auto-pass", "MW-3.31", Text(f"{name(self.seat)} has no active creature "
                                                  "and passes.",
                                                  f"{name(self.seat)} no tiene criaturas "
                                                  "activas y pasa."), seat=self.seat)
            self.seat, self.precast = next_seat(st, self.seat), False
            return
        self.stage = AFTER_ASK
        st.frames.append(TurnAsk(self.seat, self.precast))

    def _after_ask(self, st: MageWarsState) -> None:
        from grimorio.games.mage_wars.rules import activation

        text: str = st.ret
        st.player(self.seat).passed = text == "pass"
        if text == "pass":
            st.emit("pass", "MW-3.30", Text(f"{name(self.seat)} passes.",
                                            f"{name(self.seat)} pasa."), seat=self.seat)
            self.stage = NEXT
        elif text.startswith("quickcast"):
            self.precast, self.stage = True, TURNS
            start_quickcast(st, self.seat, text, "MW-3.25")
        elif text.startswith("ability "):       # a ready power just before the turn
            self.precast, self.stage = True, TURNS
            hooks.ready_power(st, self.seat, MWAction(text))
        else:
            self.stage = AFTER_TURN
            activation.activate(st, int(text.split()[1][1:]))


def can_pass(st: MageWarsState, seat: int) -> bool:
    """Passing: only while the opponent has more active creatures (MW-3.30, MW-3.32). With
    three or four players, while any other seat still in the game on its own has more (MW-9.5,
    MW-B23): every other seat, team-mates included, or only the enemies with the option
    `pass_compare=opponents`."""
    if len(st.players) == 2:
        return len(active_creatures(st, 1 - seat)) > len(active_creatures(st, seat))
    mine = len(active_creatures(st, seat))
    others = st.enemies(seat) if st.game.options.get("pass_compare") == "opponents" \
        else [s for s in st.clockwise(seat) if s != seat]
    return any(len(active_creatures(st, other)) > mine for other in others)


@dataclass(slots=True)
class TurnAsk(Choice):
    """An action turn (MW-3.29): `activate o7`, `pass` when MW-3.30 allows it, or a quickcast
    just before activating (MW-3.25, MW-A12; then an activation must follow)."""

    seat: int
    precast: bool = False
    rule = "MW-3.29"

    def options(self, st: MageWarsState) -> list[MWAction]:
        out = [act("activate", f"o{oid}") for oid in active_creatures(st, self.seat)]
        out += hooks.ready_powers(st, self.seat)     # temples: right before the turn
        if self.precast:
            return out
        if can_pass(st, self.seat):
            out.append(act("pass"))
        if st.player(self.seat).quickcast:
            out += quick_options(st, self.seat)
        return out


def quick_options(st: MageWarsState, seat: int) -> list[MWAction]:
    """What a quickcast may do (MW-3.24): cast a quick spell the mage may cast this round
    (planned or bound), or use a power that is a quick spell (`quickcast ability …`, Staff of
    Beasts: hooks.quick_powers)."""
    from grimorio.games.mage_wars.rules import casting

    mage = st.player(seat).mage
    return [*casting.cast_options(st, mage, "quick", "quickcast"), *hooks.quick_powers(st, seat)]


def start_quickcast(st: MageWarsState, seat: int, text: str, why: str) -> None:
    """Carry out a chosen quickcast: a power (`quickcast ability …`) or a casting."""
    from grimorio.games.mage_wars.rules import casters, casting

    if text.startswith("quickcast ability "):
        casters.quick_power(st, seat, text)
    else:
        casting.start_cast(st, st.player(seat).mage, text, why)


def push_windows(st: MageWarsState, rule: str) -> None:
    """A quickcast window: each seat in initiative order may quickcast (MW-3.26, MW-3.37;
    clockwise with three or four, MW-B31)."""
    for seat in reversed(order(st)):
        st.frames.append(QuickcastOffer(seat, rule))


def may_quickcast(st: MageWarsState, seat: int) -> bool:
    """Whether a seat is offered a quickcast: its marker is active and it has a planned spell,
    a bound spell not cast this round or a usable quick power. All are public facts, so
    offering (or not) tells the opponent nothing (MW-3.20)."""
    from grimorio.games.mage_wars.rules import casters

    player = st.player(seat)
    if not player.quickcast or player.mage not in st.objs or not standing(st, seat):
        return False
    return bool(player.planned) or casters.any_bound_ready(st, seat) \
        or bool(hooks.quick_powers(st, seat)) or bool(mages.innate_castable(st, seat))


@dataclass(slots=True)
class PowerOffer(Frame):
    """Right after one of its creatures' action turns, a seat may use the once-a-round powers
    of its conjurations (`hooks.ready_powers`: Hand of Bim-Shalla, Sacrificial Altar), one at a
    time, until it passes or has none left. Those objects and their ready markers are public,
    so asking leaks nothing."""

    seat: int
    asked: bool = False
    rule = "MW-4.9"

    def step(self, st: MageWarsState) -> None:
        if self.asked and st.ret != "pass" and isinstance(st.ret, str):
            hooks.ready_power(st, self.seat, MWAction(st.ret))
            self.asked = False
            return
        if self.asked or st.over or not standing(st, self.seat) \
                or not hooks.ready_powers(st, self.seat):
            st.frames.pop()
            return
        self.asked = True
        st.frames.append(PowerAsk(self.seat))


@dataclass(slots=True)
class PowerAsk(Choice):
    """`ability <power> …` or `pass` (PowerOffer)."""

    seat: int
    rule = "MW-4.9"

    def options(self, st: MageWarsState) -> list[MWAction]:
        return [*hooks.ready_powers(st, self.seat), act("pass")]


@dataclass(slots=True)
class QuickcastOffer(Frame):
    """Offers one seat its quickcast if it may (MW-3.24, MW-3.25)."""

    seat: int
    why: str
    rule = "MW-3.24"

    def step(self, st: MageWarsState) -> None:
        st.frames.pop()
        if may_quickcast(st, self.seat):
            st.frames.append(QuickcastStart(self.seat, self.why))
            st.frames.append(QuickcastAsk(self.seat, self.why))


@dataclass(slots=True)
class QuickcastAsk(Choice):
    """`quickcast <card> <targets…>` or `pass` (MW-3.24)."""

    seat: int
    why: str
    rule = "MW-3.24"

    def options(self, st: MageWarsState) -> list[MWAction]:
        return [*quick_options(st, self.seat), act("pass")]


@dataclass(slots=True)
class QuickcastStart(Frame):
    """Starts the casting a QuickcastAsk chose, if any."""

    seat: int
    why: str
    rule = "MW-3.24"

    def step(self, st: MageWarsState) -> None:
        st.frames.pop()
        if st.ret != "pass":
            start_quickcast(st, self.seat, st.ret, self.why)
