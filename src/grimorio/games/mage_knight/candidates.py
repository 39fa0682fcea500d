"""Candidate actions: the finite, useful, legal options an OpenAsk lists.

Positions and angles are continuous, so a decision lists candidates (every one legal: each is
built, rounded as the notation rounds it, then validated) and decides any other action exactly
with its `validate`. Setup candidates are grids (placement MK-3.4, deployment MK-3.9); the turn's
candidates are the passes, `end`, `offer-end` and `withdraw` (MK-4.5, MK-4.6, MK-21.1, MK-21.3)
plus whatever `rules.movement.candidates(st, seat)` and `rules.combat.candidates(st, seat)`
offer when those modules define them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grimorio.core.errors import InvalidAction
from grimorio.games.mage_knight import notation as nt
from grimorio.games.mage_knight.notation import MKAction

if TYPE_CHECKING:
    from grimorio.games.mage_knight.state import MageKnightState

PLACE_GRIDS = ((4, (0.0, 45.0, 90.0, 135.0)),
               (8, (0.0, 22.5, 45.0, 67.5, 90.0, 112.5, 135.0, 157.5)),
               (16, (0.0, 22.5, 45.0, 67.5, 90.0, 112.5, 135.0, 157.5)))
"""Placement grids (spots per side, rotations), coarse first: a finer one is tried only when the
coarser one holds no legal spot, so that a crowded table still offers a place (MK-3.4)."""
DEPLOY_STEP = 1.3                   # along the edge; just more than a base's width (MK-G4)
DEPLOY_ROWS = ((0.65, 0.0), (1.85, 0.65), (3.0, 0.0))   # (depth from the edge, offset)
INWARD = {"south": 90.0, "west": 0.0, "north": 270.0, "east": 180.0}


def _unique(actions: list[MKAction]) -> list[MKAction]:
    return list(dict.fromkeys(actions))


# ------------------------------------------------------------------------------ setup

def place_candidates(st: MageKnightState) -> list[MKAction]:
    """A coarse grid × 4 rotations for the first piece of each template in the pile, kept when
    legal (MK-3.4, MK-3.5); when none is, finer grids and more rotations (`PLACE_GRIDS`). Empty
    only when even the finest grid has no room for any piece of the pile."""
    memo = _PLACE_MEMO
    if memo and memo[0][0] is st.field and memo[0][1] == st.pile and memo[0][2] == st.size:
        return list(memo[0][3])             # asked again on the same table: no_room_for_pile
    found: list[MKAction] = []
    for spots, rotations in PLACE_GRIDS:
        out = _place_grid(st, spots, rotations)
        if out:
            found = out
            break
    memo[:] = [(st.field, st.pile, st.size, tuple(found))]
    return list(found)


_PLACE_MEMO: list[tuple[Any, Any, float, tuple[MKAction, ...]]] = []
"""The last table's placement candidates: they depend only on the battlefield (immutable,
replaced when a piece is placed), the pile and the table's size."""


def _place_grid(st: MageKnightState, count: int,
                rotations: tuple[float, ...]) -> list[MKAction]:
    from grimorio.games.mage_knight import terrain
    from grimorio.games.mage_knight.rules.setup_phase import check_place

    seen: set[str] = set()
    out: list[MKAction] = []
    size = st.size
    field = st.field
    spots = [nt.coord(size * (i + 1) / (count + 1)) for i in range(count)]
    for number, template, _ in st.pile:
        if template in seen:
            continue
        seen.add(template)
        shape = terrain.templates()[template]
        for x in spots:
            for y in spots:
                for rotate in rotations:
                    cmd = nt.Place(number, x, y, rotate)
                    fits = field.template_fits(shape, f"t{number}", x, y, rotate)
                    if fits is None:
                        fits = check_place(st, cmd) is None      # the full check when unsure
                    if fits:
                        out.append(nt.action(cmd))
    return out


def deploy_candidates(st: MageKnightState, seat: int) -> list[MKAction]:
    """Legal spots in the seat's zone for his next warrior to deploy (id order), in rows along
    his edge, each facing straight into the battlefield (MK-3.8, MK-3.9, MK-G18)."""
    key = (st.field, seat, st.players[seat].edge, st.size, st.radius, st.eps,
           tuple((w.id, w.owner, w.placed, w.eliminated, w.x, w.y) for w in st.warriors.values()))
    memo = _DEPLOY_MEMO
    if memo and memo[0][0] is key[0] and memo[0][1:] == key[1:]:
        return list(memo[1])                # asked again on the same table: deploy_stuck
    found = _deploy_spots(st, seat)
    memo[:] = [key, tuple(found)]
    return found


_DEPLOY_MEMO: list[Any] = []
"""The last deployment candidates and what they depend on: the battlefield, the seat and its
edge, the table's size, the base radius, ε, and where every warrior is."""


def _deploy_spots(st: MageKnightState, seat: int) -> list[MKAction]:
    from grimorio.games.mage_knight.rules.setup_phase import check_deploy

    waiting = [w for w in st.own_warriors(seat) if not w.placed and not w.eliminated]
    if not waiting:
        return []
    wid = waiting[0].id
    edge = st.players[seat].edge
    out = []
    for depth, offset in DEPLOY_ROWS:
        along = 8.0 + offset
        while along <= st.size - 8.0:
            x, y = _edge_point(st.size, edge, along, depth)
            cmd = nt.Deploy(wid, nt.coord(x), nt.coord(y), INWARD[edge])
            if check_deploy(st, seat, cmd) is None:
                out.append(nt.action(cmd))
            along += DEPLOY_STEP
    return out


def _edge_point(size: float, edge: str, along: float, depth: float) -> tuple[float, float]:
    """The point `depth` in from `edge`, `along` in along it (from the lower coordinate)."""
    return {"south": (along, depth), "north": (along, size - depth),
            "west": (depth, along), "east": (size - depth, along)}[edge]


# ------------------------------------------------------------------------------ the turn

def turn_candidates(st: MageKnightState, seat: int) -> list[MKAction]:
    """The active player's candidates: movement's and combat's actions, a pass for each
    warrior that may still take one, then `end`, `offer-end` and `withdraw` (MK-4.5, MK-4.6,
    MK-21.1, MK-21.3). With no actions left only Quickness moves remain (MK-17.3)."""
    from grimorio.games.mage_knight.rules import turn

    player = st.players[seat]
    from grimorio.games.mage_knight.rules import combat, movement

    out = movement.candidates(st, seat) + combat.candidates(st, seat)
    if player.actions_left <= 0:
        out = [a for a in out if _is_free(a)]
    else:
        out += [MKAction(f"pass {w.id}") for w in st.own_warriors(seat)
                if turn.may_act(st, w.id, False) is None]
    out.append(MKAction("end"))
    if turn.check_offer(st, seat) is None:
        out.append(MKAction("offer-end"))
    out.append(MKAction("withdraw"))
    return _unique(out)


def _is_free(action: MKAction) -> bool:
    from grimorio.games.mage_knight.rules import turn

    try:
        return turn.free_action(nt.parse(action))
    except InvalidAction:
        return False
