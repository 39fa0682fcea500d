"""The Spending phase (section 10): one kind of purchase per phase (WC-10.1) — training, building or
upgrading — within the resources and the components (WC-2.1).

Notation: `train <melee|ranged|flying|workers>` (WC-10.3, WC-10.6), `build <melee|ranged|
flying>` (WC-10.9), `outpost <zone>` (WC-10.12), `upgrade <melee|ranged|flying>` (WC-10.17),
`request p<n>` (asking partner n for resources, who answers `give gold`, `give wood` or
`done`: WC-15.2, WC-A39), `done`. Summon Building (WC-13.19) and other cards of the
`own_building_purchase` window are offered among the options while building is allowed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from grimorio.core.i18n import Text
from grimorio.games.warcraft import data
from grimorio.games.warcraft.actions import Ask, Frame, WCAction, act
from grimorio.games.warcraft.model import BUILDING_KINDS, TRAINABLE, UNIT_KINDS
from grimorio.games.warcraft.rules import turn

if TYPE_CHECKING:
    from grimorio.games.warcraft.state import WarcraftState

DONE = act("done")
KIND_OF = {"train": "train", "build": "build", "outpost": "build", "upgrade": "upgrade"}


def name(seat: int) -> str:
    return f"P{seat + 1}"


def training_cost(st: WarcraftState, seat: int, kind: str) -> data.Cost:
    """The cost printed on the building (WC-2.12, WC-10.5, WC-X7)."""
    race = st.lib.races[st.players[seat].race]
    return race.worker_cost.value if kind == "workers" else race.units[kind].cost.value


def fixed_cost(st: WarcraftState, what: str) -> data.Cost:
    """2 gold and 2 wood for a building, an outpost or an upgrade (WC-10.9, WC-10.12,
    WC-10.17)."""
    cost: data.Cost = st.lib.constants.costs[what].value
    return cost


def _affords(st: WarcraftState, seat: int, cost: data.Cost) -> bool:
    return st.can_pay(seat, cost.gold, cost.wood)


# ---------------------------------------------------------------------------- what is possible

def can_train(st: WarcraftState, seat: int, kind: str) -> bool:
    """A finished building of the kind with no trainee, a marker in reserve, the cost
    (WC-10.3, WC-10.4, WC-10.6, WC-10.8)."""
    player = st.players[seat]
    free = player.buildings_of(kind) - player.training.get(kind, 0)
    return free > 0 and st.reserve(seat, kind) > 0 and _affords(st, seat,
                                                                  training_cost(st, seat, kind))


def free_workers(st: WarcraftState, seat: int, zone: str) -> int:
    """Workers of `seat` in `zone` that are not bound to an outpost (WC-10.14)."""
    force = st.zones[zone].get(seat)
    return 0 if force is None else force.workers - force.building


def can_build(st: WarcraftState, seat: int, kind: str, worker: bool = True) -> bool:
    """A building card left (WC-10.11), a worker in the Town Hall zone (WC-10.9, WC-10.10,
    unless Summon Building), the cost."""
    player = st.players[seat]
    cards = st.lib.components.building_cards.value.get(kind, 0)
    if player.buildings.get(kind, 0) + player.constructing_of(kind) >= cards:
        return False
    home = player.town_hall
    if worker and (home is None or free_workers(st, seat, home) == 0):
        return False
    return _affords(st, seat, fixed_cost(st, "building"))


def outpost_zones(st: WarcraftState, seat: int) -> list[str]:
    """Zones with a free worker of `seat`, while fewer than 2 outposts stand (WC-10.12,
    WC-10.13)."""
    limit = st.lib.components.outposts.value
    if st.outposts_of(seat) >= limit or not _affords(st, seat, fixed_cost(st, "outpost")):
        return []
    return sorted(z for z, sides in st.zones.items()
                  if seat in sides and free_workers(st, seat, z) > 0)


def can_upgrade(st: WarcraftState, seat: int, kind: str) -> bool:
    """The current top card's requirements in finished buildings (WC-10.17, WC-A9), not at the
    top already (WC-10.19), the cost."""
    card = st.unit_card(seat, kind)
    needs = card.upgrade.value
    if needs is None:
        return False
    player = st.players[seat]
    if any(player.buildings_of(k) < n for k, n in needs.items()):
        return False
    return _affords(st, seat, fixed_cost(st, "upgrade"))


def options(st: WarcraftState, seat: int, kind: str, upgraded: tuple[str, ...],
            cards: bool = True) -> list[WCAction]:
    from grimorio.games.warcraft.rules import scenarios

    out: list[WCAction] = []
    if scenarios.no_train_or_build(st, seat):
        kind = "upgrade"
    if kind in ("", "train"):
        out += [act("train", k) for k in TRAINABLE if can_train(st, seat, k)]
    if kind in ("", "build"):
        out += [act("build", k) for k in BUILDING_KINDS if can_build(st, seat, k)]
        out += [act("outpost", z) for z in outpost_zones(st, seat)]
        if cards:
            out += turn.card_windows(st, "own_building_purchase", seat)
    if kind in ("", "upgrade"):
        out += [act("upgrade", k) for k in UNIT_KINDS
                if k not in upgraded and can_upgrade(st, seat, k)]
    return [*out, DONE]


# ---------------------------------------------------------------------------- purchases

def train(st: WarcraftState, seat: int, kind: str) -> None:
    cost = training_cost(st, seat, kind)
    st.pay(seat, cost.gold, cost.wood)
    player = st.players[seat]
    player.training[kind] = player.training.get(kind, 0) + 1
    st.emit("train", "WC-10.3", Text(f"{name(seat)} trains a {kind} piece.",
                                     f"{name(seat)} entrena una pieza ({kind})."),
            seat=seat, piece=kind, gold=cost.gold, wood=cost.wood)


def start_building(st: WarcraftState, seat: int, kind: str, worker: bool = True) -> None:
    """A building card goes face down, with a worker from the Town Hall zone on it (WC-10.9);
    Summon Building calls this with `worker=False` (WC-13.19)."""
    cost = fixed_cost(st, "building")
    st.pay(seat, cost.gold, cost.wood)
    player = st.players[seat]
    if worker and player.town_hall is not None:
        st.force(player.town_hall, seat).workers -= 1
        st.prune(player.town_hall)
    player.constructing = (*player.constructing, (kind, worker))
    st.emit("build", "WC-10.9", Text(f"{name(seat)} starts a {kind} building.",
                                     f"{name(seat)} empieza un edificio ({kind})."),
            seat=seat, piece=kind, worker=worker)


def start_outpost(st: WarcraftState, seat: int, zone: str) -> None:
    """An outpost marker face down in the zone, a worker there its builder (WC-10.12)."""
    cost = fixed_cost(st, "outpost")
    st.pay(seat, cost.gold, cost.wood)
    st.force(zone, seat).building += 1
    st.emit("outpost-start", "WC-10.12", Text(f"{name(seat)} starts an outpost in {zone}.",
                                              f"{name(seat)} empieza un puesto en {zone}."),
            seat=seat, zone=zone)


def upgrade(st: WarcraftState, seat: int, kind: str, free: bool = False) -> None:
    """The next card of the stack comes on top; every unit of the type follows it (WC-10.17).
    `free` for the scenario's free upgrades (WC-17.6)."""
    if not free:
        cost = fixed_cost(st, "upgrade")
        st.pay(seat, cost.gold, cost.wood)
    player = st.players[seat]
    player.levels[kind] += 1
    rule = "WC-10.19" if st.unit_card(seat, kind).upgrade.value is None else "WC-10.17"
    st.emit("upgrade", rule, Text(f"{name(seat)}'s {kind} units rise to level "
                                  f"{player.levels[kind]}.",
                                  f"Las unidades ({kind}) de {name(seat)} suben al nivel "
                                  f"{player.levels[kind]}."),
            seat=seat, piece=kind, level=player.levels[kind])


# ---------------------------------------------------------------------------- frames

# ---------------------------------------------------------------------------- partners

def donors(st: WarcraftState, seat: int, asked: tuple[int, ...]) -> list[int]:
    """Partners with resource piles and something in them, not yet asked this phase (WC-15.2,
    WC-A39; WC-A31 e: nobody gives what he does not own)."""
    return [s for s in st.team_of(seat) if s != seat and s not in asked
            and not st.players[s].eliminated and st.players[s].piles
            and (st.players[s].gold or st.players[s].wood)]


@dataclass(slots=True)
class GiveAsk(Ask):
    """A partner asked for resources hands them over a token at a time, or stops: `give gold`,
    `give wood`, `done` (WC-15.2, WC-A39)."""

    seat: int
    to: int
    rule = "WC-15.2"

    def options(self, st: WarcraftState) -> list[WCAction]:
        player = st.players[self.seat]
        out = [act("give", r) for r in ("gold", "wood") if getattr(player, r)]
        return [*out, DONE]

    def answer(self, st: WarcraftState, action: WCAction) -> None:
        if action == DONE:
            st.frames.pop()
            return
        resource = action.text.split()[1]
        giver, taker = st.players[self.seat], st.players[self.to]
        setattr(giver, resource, getattr(giver, resource) - 1)
        setattr(taker, resource, getattr(taker, resource) + 1)
        st.emit("give", "WC-15.2", Text(f"{name(self.seat)} gives 1 {resource} to "
                                        f"{name(self.to)}.",
                                        f"{name(self.seat)} da 1 de {resource} a "
                                        f"{name(self.to)}."),
                seat=self.seat, to=self.to, resource=resource)


# ---------------------------------------------------------------------------- frames

@dataclass(slots=True)
class SpendAsk(Ask):
    """The purchases of one Spending phase: the first fixes the kind (WC-10.1); each type rises
    once at most (WC-10.18); partners may be asked for resources first (WC-15.2)."""

    seat: int
    kind: str = ""
    upgraded: tuple[str, ...] = ()
    asked: tuple[int, ...] = ()
    rule = "WC-10.1"

    def options(self, st: WarcraftState) -> list[WCAction]:
        ask = [act("request", f"p{s + 1}") for s in donors(st, self.seat, self.asked)]
        return [*ask, *options(st, self.seat, self.kind, self.upgraded)]

    def answer(self, st: WarcraftState, action: WCAction) -> None:
        words = action.text.split()
        if action == DONE:
            st.frames.pop()
            return
        if words[0] == "request":
            partner = int(words[1][1:]) - 1
            self.asked = (*self.asked, partner)
            st.frames.append(GiveAsk(partner, self.seat))
            return
        if words[0] == "play":
            from grimorio.games.warcraft.rules import experience

            self.kind = "build"
            experience.play(st, self.seat, action)
            return
        self.kind = KIND_OF[words[0]]
        if words[0] == "train":
            train(st, self.seat, words[1])
        elif words[0] == "build":
            start_building(st, self.seat, words[1])
        elif words[0] == "outpost":
            start_outpost(st, self.seat, words[1])
        else:
            upgrade(st, self.seat, words[1])
            self.upgraded = (*self.upgraded, words[1])


@dataclass(slots=True)
class SpendingPhase(Frame):
    """One player's Spending phase: the Resources window (WC-13.22), then the purchases."""

    seat: int
    stage: int = 0
    rule = "WC-10.1"

    def step(self, st: WarcraftState) -> None:
        if self.stage == 0:
            self.stage = 1
            turn.push_windows(st, ((self.seat, "own_spending_start"),))
            return
        st.frames.pop()
        if something_to_buy(st, self.seat):
            st.frames.append(SpendAsk(self.seat))


def something_to_buy(st: WarcraftState, seat: int) -> bool:
    """Whether the phase has a decision, judged on public facts only (the hand is secret, so a
    possible Summon Building counts whenever the player might hold one)."""
    if len(options(st, seat, "", (), cards=False)) > 1 or donors(st, seat, ()):
        return True
    return turn.could_hold(st, seat, "own_building_purchase") and any(
        can_build(st, seat, k, worker=False) for k in BUILDING_KINDS)
