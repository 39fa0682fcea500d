"""mage-knight's evaluation hook for the bots: `evaluate(state, seat)` in [-1, 1].

At the end, the returns. Before it, each player gets the victory points he may expect
(MK-22.1 to MK-22.5):

* the points already scored by eliminations (MK-22.2);
* twice the points of each opposing captive his warriors hold (MK-22.3), a little less than
  that while the game goes on (the captor may still lose it, MK-12.12);
* each of his own warriors still in play and not held captive (MK-22.4), at a share of its
  points that falls with its dial: `KEEP + (1 - KEEP) * health`, where health is the clicks left
  before the skulls over the clicks it had at the start (MK-1.3, MK-1.5); Demoralized warriors
  a little less (they cannot fight, MK-18.5);
* the rest of each opposing warrior's points, `(1 - KEEP) * (1 - health)`, as what damage has
  already earned towards eliminating it, credited to the last opposing player that damaged it
  (MK-A28) or shared among its owner's opponents;
* tempo: the actions the active player has left this turn, less a small cost per action token
  on his own warriors (a warrior with tokens must rest or be pushed, MK-5.1 to MK-5.4).

The value of `seat` is ``(mine - best other) / (mine + best other)``: the share of the expected
points between the player and his strongest rival, mapped to [-1, 1] (players are ranked on
their own even when allied, MK-X10). A withdrawn player keeps only his eliminations (MK-21.4).
Figure constants are cached per figure number; one evaluation walks the warriors once.
"""

from __future__ import annotations

from functools import cache

from grimorio.core.state import State
from grimorio.games.mage_knight import data
from grimorio.games.mage_knight.state import DEMORALIZED, MageKnightState

KEEP = 0.5             # share of a warrior's points that does not depend on its dial
CAPTIVE = 0.9          # share of 2 × a captive's points counted before the end
DEMORALIZED_SHARE = 0.8
ACTION = 2.0           # VP per action the active player has left this turn
TOKEN = 0.5            # VP per action token on an own warrior
SETUP_PHASES = frozenset({"army", "pile", "terrain", "deploy"})


@cache
def _shares(number: int, click: int) -> tuple[float, float, float]:
    """(points, share kept by the owner, share earned by its opponents) of a figure on dial
    index `click` (MK-1.5, MK-X3; Demoralized: MK-18.5)."""
    lib = data.library()
    fig = lib.figures[number]
    span = fig.live_clicks - fig.start
    health = (fig.live_clicks - click) / span if span > 0 else 1.0
    health = min(1.0, max(0.0, health))
    keep = fig.points * (KEEP + (1.0 - KEEP) * health)
    lost = fig.points * (1.0 - KEEP) * (1.0 - health)
    if not fig.is_ko(click) and any(a.key == DEMORALIZED for a in lib.abilities_on(fig, click)):
        keep *= DEMORALIZED_SHARE
    return float(fig.points), keep, lost


def evaluate(state: State, seat: int) -> float:
    """How good `state` is for `seat`, from -1 (lost) to 1 (won)."""
    assert isinstance(state, MageKnightState)
    if state.is_terminal():
        return state.returns()[seat]
    worth = expected_vp(state)
    mine = worth[seat]
    best = max((v for s, v in enumerate(worth) if s != seat), default=0.0)
    total = mine + best
    if total <= 0.0:
        return 0.0
    value = (mine - best) / total
    return -1.0 if value < -1.0 else 1.0 if value > 1.0 else value


def expected_vp(st: MageKnightState) -> list[float]:
    """Each player's expected victory points (see the module's docstring); never negative."""
    players = st.players
    n = len(players)
    worth = [float(p.vp_eliminated) for p in players]
    teams = [p.team for p in players]
    setup = st.phase in SETUP_PHASES
    warriors = st.warriors
    gone = [p.withdrawn for p in players]
    for w in warriors.values():
        if w.eliminated or not (w.placed or setup) or gone[w.owner]:
            continue
        points, keep, lost = _shares(w.number, w.click)
        if w.captor is not None:
            captor = warriors.get(w.captor)
            if captor is not None:
                worth[captor.owner] += 2.0 * CAPTIVE * points
            continue
        worth[w.owner] += keep - TOKEN * w.tokens
        if lost > 0.0:
            _credit(worth, teams, w.owner, w.last_damager, lost, n)
    if st.phase == "play":
        worth[st.active] += ACTION * players[st.active].actions_left
    return [v if v > 0.0 else 0.0 for v in worth]


def _credit(worth: list[float], teams: list[int], owner: int, damager: int | None,
            amount: float, n: int) -> None:
    """Damage already done counts for the last opposing player that dealt it (MK-A28), else
    for every opponent of the owner in equal shares."""
    if damager is not None and teams[damager] != teams[owner]:
        worth[damager] += amount
        return
    rivals = [s for s in range(n) if teams[s] != teams[owner]]
    if rivals:
        share = amount / len(rivals)
        for s in rivals:
            worth[s] += share
