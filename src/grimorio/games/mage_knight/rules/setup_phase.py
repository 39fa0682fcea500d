"""Before the battle: armies, the first player, terrain and deployment (MK-2.1, MK-3.1, MK-X8).

`SetupFlow` walks the steps in order:
1. each seat chooses its army in turn, secretly (`ArmyAsk`, skipped with option `armies`;
   MK-2.1 to MK-2.5, MK-X12, MK-X13);
2. the first-player roll: 2d6 each, ties roll again among themselves (MK-3.3);
3. the pile: each player adds `terrain_per_player` pieces, one at a time in turn from the first
   player (`PileAsk`; MK-3.2, MK-23.4, MK-A37);
4. placement: from the first player clockwise, each takes a piece of the pile and puts it on the
   table, until the pile is empty (`PlaceAsk`; MK-3.4 to MK-3.6, spacing MK-G19);
5. deployment: from the first player clockwise, each deploys his whole army (`DeployAsk`;
   MK-3.7 to MK-3.9, zone MK-G18, MK-A45); then the first player plays turn one (MK-3.10).
Edges were assigned clockwise in seat order when the game was created (MK-X8).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from grimorio.core.errors import IllegalAction, InvalidAction
from grimorio.core.i18n import Text
from grimorio.games.mage_knight import data
from grimorio.games.mage_knight import notation as nt
from grimorio.games.mage_knight.frames import Ask, Frame, OpenAsk
from grimorio.games.mage_knight.notation import MKAction

if TYPE_CHECKING:
    from grimorio.games.mage_knight.state import MageKnightState

GENERATED_ARMIES = 4        # how many armies are generated when none is ready-made


def refuse(rule: str, en: str, es: str) -> IllegalAction:
    return IllegalAction(Text(en, es), rule=rule)


def order_from(st: MageKnightState, first: int) -> list[int]:
    """Every seat clockwise from `first` (seat order is clockwise, MK-X8)."""
    n = len(st.players)
    return [(first + i) % n for i in range(n)]


# ------------------------------------------------------------------------------ armies

def army_choices(st: MageKnightState) -> list[tuple[str | None, tuple[int, ...]]]:
    """Candidate armies: the ready-made armies of the game's build total, or, when there are
    none, a few legal armies generated from the figures (deterministic)."""
    lib = st.lib
    ready = [(a.id, a.figures) for a in sorted(lib.armies.values(), key=lambda a: a.id)
             if a.build_total == st.build_total]
    if ready:
        return [(army_id, figures) for army_id, figures in ready]
    return [(None, figures) for figures in generated_armies(lib, st.build_total)]


def generated_armies(lib: data.Library, total: int) -> list[tuple[int, ...]]:
    """One army per faction with a symbol (alphabetical, at most GENERATED_ARMIES): the dearest
    figures of that faction that still fit, copies allowed for non-unique ones (MK-2.2 to
    MK-2.4). Figures whose dial is doubted are left out."""
    out: list[tuple[int, ...]] = []
    for key in sorted(lib.factions):
        if not lib.factions[key].symbol:
            continue
        pool = sorted((f for f in lib.figures.values() if f.faction == key and not f.doubt),
                      key=lambda f: (-f.points, f.number))
        chosen: list[int] = []
        left = total
        for fig in pool:
            while fig.points <= left and not (fig.unique and fig.number in chosen):
                chosen.append(fig.number)
                left -= fig.points
        if chosen and not data.army_problems(lib, chosen, total):
            out.append(tuple(chosen))
        if len(out) == GENERATED_ARMIES:
            break
    return out


def army_text(army_id: str | None, figures: tuple[int, ...]) -> str:
    return nt.Army(army_id, () if army_id else figures).text()


def check_army(st: MageKnightState, cmd: nt.Command) -> IllegalAction | None:
    """A ready-made army or a list of figures that keeps the build rules (MK-2.1 to MK-2.4,
    MK-X13)."""
    if not isinstance(cmd, nt.Army):
        return refuse("MK-2.2", "Choose your army: 'army <id>' or 'army 60,10,3'.",
                      "Elige tu ejército: 'army <id>' o 'army 60,10,3'.")
    figures = cmd.figures
    if cmd.army_id is not None:
        army = st.lib.armies.get(cmd.army_id)
        if army is None:
            return refuse("MK-2.2", f"There is no army {cmd.army_id!r}.",
                          f"No hay ningún ejército {cmd.army_id!r}.")
        figures = army.figures
    problems = data.army_problems(st.lib, figures, st.build_total)
    if problems:
        return IllegalAction(problems[0].text, rule=problems[0].rule)
    return None


@dataclass(slots=True)
class ArmyAsk(OpenAsk):
    """`seat` chooses his army, secretly (MK-2.2, MK-X12)."""

    seat: int
    rule = "MK-2.2"

    def options(self, st: MageKnightState) -> list[Any]:
        return [MKAction(army_text(a, f)) for a, f in army_choices(st)]

    def validate(self, st: MageKnightState, action: Any) -> IllegalAction | None:
        cmd = read(action)
        return cmd if isinstance(cmd, IllegalAction) else check_army(st, cmd)

    def answer(self, st: MageKnightState, action: MKAction) -> None:
        cmd = nt.parse(action)
        assert isinstance(cmd, nt.Army)
        figures = cmd.figures if cmd.army_id is None else st.lib.armies[cmd.army_id].figures
        st.frames.pop()
        choose_army(st, self.seat, cmd.army_id, figures, secret=True)


def choose_army(st: MageKnightState, seat: int, army_id: str | None,
                figures: tuple[int, ...], *, secret: bool) -> None:
    st.add_army(seat, figures, army_id)
    points = st.players[seat].points_spent
    shown = army_id or ",".join(map(str, figures))
    st.emit("army", "MK-2.2", Text(f"P{seat + 1} takes the army {shown} ({points} points).",
                                   f"J{seat + 1} toma el ejército {shown} ({points} puntos)."),
            visible_to=frozenset({seat}) if secret else None, seat=seat, army=shown,
            points=points)
    if secret:
        st.emit("army_chosen", "MK-X12", Text(f"P{seat + 1} has chosen an army.",
                                              f"J{seat + 1} ha elegido ejército."), seat=seat)


def read(action: Any) -> nt.Command | IllegalAction:
    """The command of an action, or the refusal of unreadable text."""
    try:
        return nt.parse(action)
    except InvalidAction as exc:
        return IllegalAction(exc.text)


# ------------------------------------------------------------------------------ first player

def roll_first_player(st: MageKnightState) -> None:
    """Every player rolls 2d6; the highest goes first; tied players roll again among
    themselves until one is highest (MK-3.3, MK-X14)."""
    contenders = list(st.seats)
    while len(contenders) > 1:
        totals = {}
        for seat in contenders:
            dice = st.roll(2, Text(f"First player roll of P{seat + 1}",
                                   f"Tirada de jugador inicial de J{seat + 1}"), "MK-3.3",
                           seat=seat)
            st.players[seat].first_roll = (*st.players[seat].first_roll, sum(dice))
            totals[seat] = sum(dice)
        best = max(totals.values())
        contenders = [s for s in contenders if totals[s] == best]
    st.first_player = st.active = contenders[0]
    st.emit("first_player", "MK-3.3", Text(f"P{contenders[0] + 1} is the first player.",
                                           f"J{contenders[0] + 1} es el jugador inicial."),
            seat=contenders[0])


# ------------------------------------------------------------------------------ the pile

def pile_templates(st: MageKnightState) -> list[str]:
    """The templates a player may add to the pile; elevated ones only with option
    `elevated_terrain` (MK-23.5)."""
    from grimorio.games.mage_knight import terrain

    return sorted(terrain.pile_templates(bool(st.option("elevated_terrain"))))


@dataclass(slots=True)
class PileAsk(Ask):
    """`seat` adds one piece to the common pile (MK-3.2)."""

    seat: int
    rule = "MK-3.2"

    def options(self, st: MageKnightState) -> list[Any]:
        return [MKAction(f"pile {key}") for key in pile_templates(st)]

    def answer(self, st: MageKnightState, action: MKAction) -> None:
        cmd = nt.parse(action)
        assert isinstance(cmd, nt.Pile)
        st.frames.pop()
        st.pile = (*st.pile, (st.pile_next, cmd.template, self.seat))
        st.emit("pile", "MK-3.2", Text(
            f"P{self.seat + 1} adds {cmd.template} to the pile as t{st.pile_next}.",
            f"J{self.seat + 1} añade {cmd.template} al montón como t{st.pile_next}."),
            seat=self.seat, template=cmd.template, piece=st.pile_next)
        st.pile_next += 1


# ------------------------------------------------------------------------------ placement

def check_place(st: MageKnightState, cmd: nt.Command) -> IllegalAction | None:
    """A pile piece put wholly on the table, at least 5 cm from every other piece (MK-3.4,
    MK-3.5, MK-G19, MK-A39)."""
    from grimorio.games.mage_knight import terrain

    if not isinstance(cmd, nt.Place):
        return refuse("MK-3.4", "Place a piece of the pile: 'place t1 at X,Y rotate D'.",
                      "Coloca una pieza del montón: 'place t1 at X,Y rotate D'.")
    entry = next((e for e in st.pile if e[0] == cmd.piece), None)
    if entry is None:
        return refuse("MK-3.4", f"t{cmd.piece} is not in the pile.",
                      f"t{cmd.piece} no está en el montón.")
    piece = terrain.templates()[entry[1]].place(f"t{cmd.piece}", cmd.x, cmd.y, cmd.rotate)
    problem = st.field.placement_problem(piece)
    return None if problem is None else IllegalAction(problem.text, rule=problem.rule)


@dataclass(slots=True)
class PlaceAsk(OpenAsk):
    """`seat` takes a piece of the pile and puts it on the table (MK-3.4)."""

    seat: int
    rule = "MK-3.4"

    def options(self, st: MageKnightState) -> list[Any]:
        from grimorio.games.mage_knight import candidates

        return candidates.place_candidates(st)

    def validate(self, st: MageKnightState, action: Any) -> IllegalAction | None:
        cmd = read(action)
        return cmd if isinstance(cmd, IllegalAction) else check_place(st, cmd)

    def answer(self, st: MageKnightState, action: MKAction) -> None:
        from grimorio.games.mage_knight import terrain

        cmd = nt.parse(action)
        assert isinstance(cmd, nt.Place)
        st.frames.pop()
        entry = next(e for e in st.pile if e[0] == cmd.piece)
        piece = terrain.templates()[entry[1]].place(f"t{cmd.piece}", cmd.x, cmd.y, cmd.rotate)
        st.field = st.field.with_piece(piece)
        st.pile = tuple(e for e in st.pile if e[0] != cmd.piece)
        st.touch()
        st.emit("place", "MK-3.6", Text(f"P{self.seat + 1} places t{cmd.piece} ({entry[1]}).",
                                        f"J{self.seat + 1} coloca t{cmd.piece} ({entry[1]})."),
                seat=self.seat, piece=f"t{cmd.piece}", template=entry[1], x=cmd.x, y=cmd.y,
                rotate=cmd.rotate)


def no_room_for_pile(st: MageKnightState) -> bool:
    """No piece of the pile fits anywhere the placement candidates look (their finest grid):
    the table is full (MK-3.4, MK-3.5)."""
    from grimorio.games.mage_knight import candidates

    return not candidates.place_candidates(st)


def set_aside(st: MageKnightState) -> None:
    """The pieces left in the pile when the table has no room for any of them stay off the
    table, so that the pile is empty and setup goes on (MK-3.4)."""
    for number, template, seat in st.pile:
        st.emit("set_aside", "MK-3.4", Text(
            f"t{number} ({template}) fits nowhere on the table and is set aside.",
            f"t{number} ({template}) no cabe en ningún sitio de la mesa y se aparta."),
            piece=f"t{number}", template=template, seat=seat)
    st.pile = ()


# ------------------------------------------------------------------------------ deployment

def spot_problem(st: MageKnightState, x: float, y: float, *,
                 ignore: tuple[str, ...] = ()) -> IllegalAction | None:
    """A base at (x, y) overlaps no other base (MK-G4) and stands where a move could end:
    wholly on the table, clear of blocking terrain, deep water and low walls, not straddling an
    elevated edge (MK-A45, MK-G11 d)."""
    r, eps = st.radius, st.eps
    for w in st.placed_warriors():
        if w.id not in ignore and math.hypot(w.x - x, w.y - y) - 2 * r < -eps:
            return refuse("MK-A45", f"The base would overlap {w.id}.",
                          f"La peana se solaparía con {w.id}.")
    problem = st.field.end_problem(x, y, r)
    return None if problem is None else IllegalAction(problem.text, rule=problem.rule)


def zone_problem(st: MageKnightState, seat: int, x: float, y: float) -> IllegalAction | None:
    """Within 3 in of its own edge and at least 8 in from every other edge, wholly on the
    table and clear of blocking terrain (MK-3.9, MK-G18, MK-A45)."""
    problem = st.field.deploy_problem(st.players[seat].edge, x, y, st.radius)
    return None if problem is None else IllegalAction(problem.text, rule=problem.rule)


def check_deploy(st: MageKnightState, seat: int, cmd: nt.Command) -> IllegalAction | None:
    """One of the seat's own warriors not yet on the table, at a legal spot of its zone
    (MK-3.8, MK-3.9, MK-A45); any facing."""
    if not isinstance(cmd, nt.Deploy):
        return refuse("MK-3.8", "Deploy a warrior: 'deploy a1 at X,Y facing D'.",
                      "Despliega un guerrero: 'deploy a1 at X,Y facing D'.")
    w = st.warriors.get(cmd.wid)
    if w is None or w.owner != seat:
        return refuse("MK-3.8", f"{cmd.wid} is not one of your warriors.",
                      f"{cmd.wid} no es uno de tus guerreros.")
    if w.placed:
        return refuse("MK-3.8", f"{cmd.wid} is already deployed.", f"{cmd.wid} ya está desplegado.")
    return zone_problem(st, seat, cmd.x, cmd.y) or spot_problem(st, cmd.x, cmd.y)


@dataclass(slots=True)
class DeployAsk(OpenAsk):
    """`seat` puts one of his warriors on the table (MK-3.8)."""

    seat: int
    rule = "MK-3.8"

    def options(self, st: MageKnightState) -> list[Any]:
        from grimorio.games.mage_knight import candidates

        return candidates.deploy_candidates(st, self.seat)

    def validate(self, st: MageKnightState, action: Any) -> IllegalAction | None:
        cmd = read(action)
        return cmd if isinstance(cmd, IllegalAction) else check_deploy(st, self.seat, cmd)

    def answer(self, st: MageKnightState, action: MKAction) -> None:
        cmd = nt.parse(action)
        assert isinstance(cmd, nt.Deploy)
        st.frames.pop()
        w = st.warriors[cmd.wid]
        w.x, w.y, w.facing, w.placed = cmd.x, cmd.y, cmd.facing, True
        w.click = st.figure(cmd.wid).start              # MK-3.7
        st.touch()
        st.emit("deploy", "MK-3.8", Text(f"P{self.seat + 1} deploys {cmd.wid}.",
                                         f"J{self.seat + 1} despliega {cmd.wid}."),
                seat=self.seat, warrior=cmd.wid, number=w.number, x=cmd.x, y=cmd.y,
                facing=cmd.facing)


def deploy_stuck(st: MageKnightState, seat: int) -> bool:
    """No candidate spot is left for the seat's next warrior (a crowded zone)."""
    from grimorio.games.mage_knight import candidates

    return not candidates.deploy_candidates(st, seat)


# ------------------------------------------------------------------------------ the flow

@dataclass(slots=True)
class SetupFlow(Frame):
    """The steps before the battle, in order (module docstring). `count` counts pieces added
    to or taken from the pile in the current step; `seat_index` walks the deployment order."""

    stage: int = 0
    count: int = 0
    seat_index: int = 0
    rule = "MK-3.1"

    def step(self, st: MageKnightState) -> None:
        [self._armies, self._first, self._pile, self._place, self._deploy,
         self._play][self.stage](st)

    def _armies(self, st: MageKnightState) -> None:
        st.phase = "army"
        seat = next((p.seat for p in st.players if not p.chosen), None)
        if seat is None:
            self.stage = 1
            return
        st.frames.append(ArmyAsk(seat))

    def _first(self, st: MageKnightState) -> None:
        roll_first_player(st)
        self.stage, self.count = 2, 0

    def _pile(self, st: MageKnightState) -> None:
        st.phase = "pile"
        n = len(st.players)
        per_player = int(st.option("terrain_per_player"))
        if st.option("terrain") == "none" or self.count >= per_player * n:
            self.stage, self.count = 3, 0
            return
        seat = order_from(st, st.first_player)[self.count % n]
        self.count += 1
        st.frames.append(PileAsk(seat))

    def _place(self, st: MageKnightState) -> None:
        st.phase = "terrain"
        if st.pile and no_room_for_pile(st):
            set_aside(st)
        if not st.pile:
            self.stage, self.count, self.seat_index = 4, 0, 0
            st.emit("dials", "MK-3.7", Text("Every dial is set to its starting position.",
                                            "Cada dial se pone en su posición inicial."))
            return
        seat = order_from(st, st.first_player)[self.count % len(st.players)]
        self.count += 1
        st.frames.append(PlaceAsk(seat))

    def _deploy(self, st: MageKnightState) -> None:
        st.phase = "deploy"
        order = order_from(st, st.first_player)
        if self.seat_index >= len(order):
            self.stage = 5
            return
        seat = order[self.seat_index]
        waiting = [w for w in st.own_warriors(seat) if not w.placed]
        if not waiting or deploy_stuck(st, seat):
            self._deployed(st, seat, waiting)
            self.seat_index += 1
            return
        st.frames.append(DeployAsk(seat))

    def _deployed(self, st: MageKnightState, seat: int, waiting: list[Any]) -> None:
        """The seat's army is on the table; a warrior that found no room at all stays out of
        the battle (it never happens with the shipped armies and terrain)."""
        for w in waiting:
            w.eliminated = True
            st.emit("no_room", "MK-A45", Text(f"{w.id} finds no room and stays out.",
                                              f"{w.id} no cabe y se queda fuera."),
                    warrior=w.id)
        st.players[seat].deployed = True

    def _play(self, st: MageKnightState) -> None:
        from grimorio.games.mage_knight.rules.turn import PlayLoop

        st.phase = "play"
        st.active = st.first_player
        st.emit("battle", "MK-3.10", Text(f"The battle begins: P{st.first_player + 1} plays "
                                          "first.", f"Empieza la batalla: J{st.first_player + 1}"
                                          " juega primero."), first=st.first_player)
        st.frames[-1] = PlayLoop()
