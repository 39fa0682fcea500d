"""The bots play warcraft sensibly: search guided by the heuristic beats random play.

MCTS scores each new node with the warcraft heuristic at once (depth=0), so a decision costs
little; the turn limit (WC-X13) is lowered so a game ends within a few seconds.
"""

from __future__ import annotations

import grimorio
from grimorio.agents.arena import duel

ALPHA = 0.01
DUEL_SEEDS = range(16)
DUEL_SPEC = "mcts:iters=30,depth=0"


def test_search_with_the_heuristic_beats_random() -> None:
    """Exact one-sided sign test over fixed seeds, seats alternating, draws left out: the bot
    must win more often than it loses with p < 0.01 (WC-1.3: 15 VP win; WC-X13: at the turn
    limit, the player with most VP wins)."""
    game = grimorio.load_game("warcraft", turn_limit=6)
    score = duel(game, DUEL_SPEC, "random", DUEL_SEEDS)
    assert score.games == len(DUEL_SEEDS)
    assert score.wins > score.losses, score
    assert score.p_value < ALPHA, score
