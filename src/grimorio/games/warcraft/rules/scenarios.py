"""The scenarios' special rules and victory kinds (sections 16 to 19), read from the scenario
files' closed vocabulary (data.RULE_KINDS, data.VICTORY_KINDS; docs/games/warcraft.md).

Every function here is a hook the other rules modules call at a fixed point; each looks up the
scenario's clauses and does nothing when the scenario has none of the kind.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from grimorio.core.i18n import Text
from grimorio.games.warcraft import data
from grimorio.games.warcraft.actions import Ask, WCAction, act
from grimorio.games.warcraft.model import NEUTRAL, UNIT_KINDS
from grimorio.games.warcraft.rules import victory

if TYPE_CHECKING:
    from grimorio.games.warcraft.state import WarcraftState


def name(seat: int) -> str:
    return f"P{seat + 1}"


def race_of(st: WarcraftState, seat: int) -> str:
    return st.player(seat).race


def clauses(st: WarcraftState, kind: str) -> tuple[data.Clause, ...]:
    return st.scenario.rules_of(kind)


def goals(st: WarcraftState, kind: str) -> tuple[data.Clause, ...]:
    return tuple(c for c in st.scenario.victory if c.kind == kind)


def may_win(st: WarcraftState, clause: data.Clause, seat: int) -> bool:
    """A goal `for: each` serves everybody; otherwise only the races it names."""
    return not clause.winners or race_of(st, seat) in clause.winners


def winners_of(st: WarcraftState, clause: data.Clause) -> list[int]:
    return [s for s in st.seats if race_of(st, s) in clause.winners]


# ---------------------------------------------------------------------------- movement

def skips(st: WarcraftState, seat: int, phase: str) -> bool:
    """Phases a race does not have here (WC-19.5, WC-19.7)."""
    race = race_of(st, seat)
    return any(race in c.races and phase in c.phases for c in clauses(st, "skip_phases"))


def may_step(st: WarcraftState, seat: int, kind: str, here: str, there: str) -> bool:
    """Walls stop melee and ranged units (WC-18.3, WC-A30); Empty zones are closed to every
    piece in Nordrassil (WC-19.9, WC-A31)."""
    for clause in clauses(st, "walls_block"):
        if kind in clause.unit_types and st.board.walled(here, there):
            return False
    return not (clauses(st, "empty_zones_impassable")
                and st.board.zones[there].type == "empty")


def never_depletes(st: WarcraftState, zone: str) -> bool:
    """Zones whose 3s leave no token (WC-16.5, WC-17.9)."""
    return any(zone in c.zones for c in clauses(st, "never_deplete"))


def no_train_or_build(st: WarcraftState, seat: int) -> bool:
    """The Undead of March of the Necromancers only get free upgrades (WC-17.8)."""
    return any(race_of(st, seat) in c.races for c in clauses(st, "no_train_or_build"))


def respawns(st: WarcraftState, seat: int) -> bool:
    """Nordrassil's Undead come back (WC-19.6)."""
    return seat != NEUTRAL and any(race_of(st, seat) in c.races
                                   for c in clauses(st, "respawn"))


# ---------------------------------------------------------------------------- respawn

def respawn_zones(st: WarcraftState, seat: int, died: str) -> list[str]:
    """The closest own outpost or Town Hall zones, in steps, with no enemy unit (WC-19.6,
    WC-A31 b); several at the same distance are the owner's choice."""
    player = st.players[seat]
    homes = {z for z, sides in st.zones.items() if seat in sides and sides[seat].outposts}
    if player.town_hall is not None:
        homes.add(player.town_hall)
    homes = {z for z in homes if not st.enemy_units(z, seat)}
    if not homes:
        return []
    steps = st.board.distances(died)
    best = min(steps.get(z, 99) for z in homes)
    return sorted(z for z in homes if steps.get(z, 99) == best)


def after_combat(st: WarcraftState) -> None:
    """Killed units held aside come back now (WC-19.6, WC-A31 b). COMBAT calls this when a
    combat ends; the end of movement calls it again in case."""
    for player in st.players:
        for key in sorted(player.dead):
            if player.dead[key]:
                st.frames.append(RespawnAsk(player.seat, key))


@dataclass(slots=True)
class RespawnAsk(Ask):
    """Where killed Undead units come back: `respawn <zone>` (WC-19.6)."""

    seat: int
    key: str            # "<zone where they died> <kind>"
    rule = "WC-19.6"

    def options(self, st: WarcraftState) -> list[WCAction]:
        died = self.key.split()[0]
        return [act("respawn", z) for z in respawn_zones(st, self.seat, died)] or [
            act("respawn", "reserve")]

    def answer(self, st: WarcraftState, action: WCAction) -> None:
        st.frames.pop()
        player = st.players[self.seat]
        n = player.dead.pop(self.key, 0)
        zone, kind = action.text.split()[1], self.key.split()[1]
        if zone == "reserve":
            return
        st.force(zone, self.seat).add(kind, n)      # may overfill (WC-19.6)
        st.emit("respawn", "WC-19.6", Text(f"{n} {kind} unit(s) of {name(self.seat)} rise "
                                           f"again in {zone}.",
                                           f"{n} unidad(es) ({kind}) de {name(self.seat)} "
                                           f"vuelven en {zone}."),
                seat=self.seat, zone=zone, piece=kind, n=n)


# ---------------------------------------------------------------------------- end of movement

def end_of_movement(st: WarcraftState, mover: int) -> None:
    """Special tokens fall to the units of the race named (WC-17.7, WC-A29), then the goals
    tested as a Movement phase ends."""
    for clause in clauses(st, "tokens_destroyed_by"):
        _destroy_tokens(st, clause.race or "")
    for clause in goals(st, "destroy_tokens"):
        alive = [t for t in st.tokens if t.zone in clause.zones and t.alive]
        if not alive:
            _win_races(st, clause, Text("The special tokens of A, B and C are destroyed.",
                                        "Las fichas especiales de A, B y C están destruidas."))
    for clause in st.scenario.victory:
        if clause.at == "end_of_movement_phase" and not st.over:
            zone_goal(st, clause, mover)


def _destroy_tokens(st: WarcraftState, race: str) -> None:
    seat = st.seat_of_race(race)
    if seat is None:
        return
    tokens = list(st.tokens)
    for i, token in enumerate(tokens):
        if token.kind == "special" and token.alive and st.units(token.zone, seat):
            tokens[i] = replace(token, alive=False)
            st.emit("token-destroyed", "WC-17.7",
                    Text(f"{name(seat)} destroys the special token in {token.zone}.",
                         f"{name(seat)} destruye la ficha especial de {token.zone}."),
                    zone=token.zone, seat=seat)
    st.tokens = tuple(tokens)


def _win_races(st: WarcraftState, clause: data.Clause, why: Text) -> None:
    seats = winners_of(st, clause)
    if seats:
        victory.finish(st, seats, clause.rule, why)


def zone_goal(st: WarcraftState, clause: data.Clause, seat: int) -> None:
    """Holding D with few enemies around (WC-16.6) or a unit in Nordrassil (WC-19.10)."""
    if not may_win(st, clause, seat) or clause.zone is None:
        return
    zone = clause.zone
    if not victory.holder(st, zone, seat):
        return
    if clause.kind == "hold_zone":
        around = sum(st.enemy_units(z, seat) for z in st.board.zones[zone].adjacent
                     if clause.counts_neutrals or NEUTRAL not in st.zones[z])
        if around > clause.max_adjacent_enemy_units:
            return
    victory.win_for(st, seat, clause.rule, Text(f"{name(seat)} holds {zone}.",
                                                f"{name(seat)} domina {zone}."))


# ---------------------------------------------------------------------------- events

def outpost_destroyed(st: WarcraftState, seat: int, zone: str) -> None:
    """The Night Elf outpost falling wins for the Undead (WC-19.10, WC-A31 a)."""
    for clause in goals(st, "destroy_outpost"):
        if clause.race == race_of(st, seat):
            _win_races(st, clause, Text(f"The outpost in {zone} is destroyed.",
                                        f"El puesto de {zone} ha sido destruido."))


def necromancer_died(st: WarcraftState, seat: int) -> None:
    """Both Necromancers dead: the Humans win (WC-17.10)."""
    if st.on_board(seat, "necromancers"):
        return
    for clause in goals(st, "kill_necromancers"):
        _win_races(st, clause, Text("Both Necromancers are dead.",
                                    "Los dos nigromantes han muerto."))


def prisoner_moved(st: WarcraftState, seat: int, zone: str) -> None:
    """A leader brought into his own Town Hall zone is rescued: an immediate win (WC-18.5,
    WC-A30)."""
    if zone != st.players[seat].town_hall:
        return
    for clause in goals(st, "rescue"):
        if may_win(st, clause, seat):
            victory.win_for(st, seat, clause.rule, Text(f"{name(seat)} rescues the leader.",
                                                        f"{name(seat)} rescata a su líder."))


def eliminated(st: WarcraftState, seat: int) -> None:
    """Eliminating a named race is a goal (WC-17.10)."""
    for clause in goals(st, "eliminate"):
        if clause.target == race_of(st, seat):
            _win_races(st, clause, Text(f"{name(seat)} is eliminated.",
                                        f"{name(seat)} ha sido eliminado."))


def deck_emptied(st: WarcraftState, seat: int) -> None:
    """The Night Elf deck's last card drawn completes Furion's spell (WC-19.10, WC-A31 d)."""
    for clause in goals(st, "deck_exhausted"):
        if clause.race == race_of(st, seat):
            _win_races(st, clause, Text("Furion's spell is complete.",
                                        "El hechizo de Furion se ha completado."))


# ---------------------------------------------------------------------------- turn points

def end_of_turn(st: WarcraftState) -> None:
    """As the turn closes, the Night Elf player draws for Furion and sets it aside (WC-19.8)."""
    for clause in clauses(st, "end_of_turn_draw"):
        seat = st.seat_of_race(clause.race or "")
        if seat is None or st.players[seat].eliminated:
            continue
        drawn = st.draw(seat, clause.amount, "WC-19.8")
        player = st.players[seat]
        for card in drawn:
            player.hand.remove(card)
            player.aside.append(card)


def harvest(st: WarcraftState, seat: int) -> None:
    """A Necromancer on a working special token: a free unit (WC-17.4, WC-17.5) or a free
    upgrade (WC-17.6, WC-A29), in the Undead Harvest phase."""
    if seat == NEUTRAL or not st.on_board(seat, "necromancers"):
        return
    upgrades = 0
    for token in st.tokens:
        force = st.zones[token.zone].get(seat)
        if token.kind != "special" or not token.alive or force is None \
                or not force.necromancers:
            continue
        if token.ability == "spawn" and token.unit is not None:
            _spawn(st, seat, token.zone, token.unit)
        elif token.ability == "free_upgrade":
            upgrades += token.amount
    if upgrades and _upgradable(st, seat, ()):
        st.frames.append(FreeUpgradeAsk(seat, upgrades))


def _spawn(st: WarcraftState, seat: int, zone: str, kind: str) -> None:
    from grimorio.games.warcraft.rules.movement import room

    if st.reserve(seat, kind) == 0 or room(st, seat, zone, kind) == 0:
        return
    st.force(zone, seat).add(kind, 1)
    st.emit("spawn", "WC-17.4", Text(f"A free {kind} unit joins the Necromancer in {zone}.",
                                     f"Una unidad gratuita ({kind}) se une al nigromante en "
                                     f"{zone}."), seat=seat, zone=zone, piece=kind)


def _upgradable(st: WarcraftState, seat: int, done: tuple[str, ...]) -> list[str]:
    return [k for k in UNIT_KINDS
            if k not in done and st.unit_card(seat, k).upgrade.value is not None]


@dataclass(slots=True)
class FreeUpgradeAsk(Ask):
    """Which unit type rises for free (WC-17.6): `upgrade <type>`."""

    seat: int
    left: int
    done: tuple[str, ...] = ()
    rule = "WC-17.6"

    def options(self, st: WarcraftState) -> list[WCAction]:
        return [act("upgrade", k) for k in _upgradable(st, self.seat, self.done)]

    def answer(self, st: WarcraftState, action: WCAction) -> None:
        from grimorio.games.warcraft.rules import spending

        kind = action.text.split()[1]
        spending.upgrade(st, self.seat, kind, free=True)
        self.done = (*self.done, kind)
        self.left -= 1
        if not self.left or not _upgradable(st, self.seat, self.done):
            st.frames.pop()
