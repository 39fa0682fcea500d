"""wh6-magic's evaluation hook for the bots: `evaluate(state, seat)` in [-1, 1].

At the end, the returns. Before it, an estimate of the final result from the victory points
already scored and the magic still to come, read as a normal approximation:

* `margin`: the seat's victory points minus the enemy's (the score of the state document);
* `edge`: the power dice each side can still cast with, valued at `PER_DIE` of the battle's
  size, and each spell still in play (WH6-X7, timed buffs and hexes) at one die's worth;
* `spread`: how much the final margin may still move: `SPREAD_PER_DIE` per power die left to
  either side, plus one so that it never vanishes.

The value is ``tanh(SHARPNESS * (margin + edge) / spread)`` (tanh(x) is close to 2 Φ(x) - 1:
twice the chance of staying ahead, less one): close to the sign of the margin once little magic
is left, and near 0 while much is. It is zero-sum: ``evaluate(s, 0) == -evaluate(s, 1)`` exactly,
at the end too.

Power dice left: the active side's pool while its casting sub-phase is open (its whole generated
pool before the recovery step), and for each of a side's later phases the pool its wizards
generate now (WH6-X2). The constants were fitted (least squares against the final returns) on
states sampled from random play-outs of both shipped scenarios over 2 and 4 turns; the fit is
flat around them, and the dice term counts for little in random play. Bots that play better
than random may want a larger `PER_DIE`.
"""

from __future__ import annotations

import math

from grimorio.core.state import State
from grimorio.games.wh6_magic.state import Wh6State

PER_DIE = 0.0015  # victory points a power die is worth, as a share of the enemy's worth
SPREAD_PER_DIE = 0.025  # how far the points scored with one die may stray, same scale
SHARPNESS = 1.0


def evaluate(state: State, seat: int) -> float:
    """How good `state` is for `seat` (0 or 1), from -1 (lost) to 1 (won)."""
    assert isinstance(state, Wh6State)
    if state.is_terminal():  # the end: exactly the returns
        return state.returns()[seat]
    value = _value_for_side_0(state)
    return value if seat == 0 else -value


def _value_for_side_0(st: Wh6State) -> float:
    losses = [0.0, 0.0]  # each side's losses in points: the other side's score (wounds.losses)
    for unit in st.unit_map.values():
        lost = unit.start_models - unit.models + unit.damage / unit.profile.wounds
        losses[unit.side] += unit.points * lost
    generated = [2, 2]  # power dice each side's wizards generate (WH6-X2)
    for c in st.char_map.values():
        wounds = c.profile.wounds
        losses[c.side] += c.points * min(c.wounds_lost, wounds) / wounds
        if c.mount is not None and c.mount.profile is not None:
            losses[c.side] += c.mount.points * c.mount_wounds_lost / c.mount.profile.wounds
        if c.wizard and c.generates_dice and not c.slain and not c.fleeing and c.level > 0:
            generated[c.side] += c.level
    margin = round(losses[1], 2) - round(losses[0], 2)  # the score, as the document shows it

    dice = [0, 0]
    active = st.active
    if st.stage == "recovery":
        dice[active] += generated[active]
    elif st.casting_open:
        dice[active] += st.power
    battle = st.battle
    for phase in range(st.phase + 1, 2 * battle.turns):
        side = (battle.first + phase) % 2
        dice[side] += generated[side]
    lasting = [0, 0]
    for effect in st.in_play:
        lasting[effect.side] += 1

    worth = battle.index.worth  # a die is worth more against a richer enemy
    per_die = (PER_DIE * worth[1], PER_DIE * worth[0])
    edge = (per_die[0] * (dice[0] + lasting[0])) - (per_die[1] * (dice[1] + lasting[1]))
    spread = math.sqrt((SPREAD_PER_DIE * worth[1]) ** 2 * dice[0]
                       + (SPREAD_PER_DIE * worth[0]) ** 2 * dice[1] + 1.0)
    return math.tanh(SHARPNESS * (margin + edge) / spread)
