"""The bots play mage-knight sensibly: search guided by the heuristic beats random play.

MCTS scores each new node with the mage-knight heuristic at once (depth=0). Both seats field the
same ready-made 200-point army (two actions a turn, MK-4.2) on a table without terrain (MK-14.1),
so only the play decides; the game is fought to its end (MK-X17) within a short round limit
(MK-X9), which keeps a duel to a few seconds.
"""

from __future__ import annotations

import grimorio
from grimorio.agents.arena import duel

ALPHA = 0.01
DUEL_SEEDS = range(16)
DUEL_SPEC = "mcts:iters=20,depth=0"


def test_search_with_the_heuristic_beats_random() -> None:
    """Exact one-sided sign test over fixed seeds, seats alternating, draws left out: the bot
    must win more often than it loses with p < 0.01 (MK-22.1: most victory points win, MK-22.7
    the tie-break; MK-X9: the round limit ends the game)."""
    game = grimorio.load_game("mage-knight", armies="atlantis-vanguard,atlantis-vanguard",
                              terrain="none", round_limit=8, end_by_agreement=False)
    score = duel(game, DUEL_SPEC, "random", DUEL_SEEDS)
    assert score.games == len(DUEL_SEEDS)
    assert score.wins > score.losses, score
    assert score.p_value < ALPHA, score
