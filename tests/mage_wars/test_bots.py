"""The bots play mage-wars sensibly: search guided by the heuristic beats random play.

MCTS scores each new node with the mage-wars heuristic at once (depth=0), so a decision costs
little; rounds are capped (MW-S9) so a game always ends.
"""

from __future__ import annotations

import grimorio
from grimorio.agents.arena import duel
from grimorio.agents.heuristics import evaluator_for
from grimorio.games.mage_wars import heuristic

ALPHA = 0.01
DUEL_SEEDS = range(16)
DUEL_SPEC = "mcts:iters=30,depth=0"


def test_the_heuristic_is_the_bots_evaluator() -> None:
    assert evaluator_for(grimorio.load_game("mage-wars")) is heuristic.evaluate


def test_search_with_the_heuristic_beats_random() -> None:
    """Exact one-sided sign test over fixed seeds, seats alternating, draws left out: the bot
    must win more often than it loses with p < 0.01 (MW-1.1: the last mage standing wins;
    MW-S9: at the round limit, more life left wins)."""
    game = grimorio.load_game("mage-wars", round_limit=12)
    score = duel(game, DUEL_SPEC, "random", DUEL_SEEDS)
    assert score.games == len(DUEL_SEEDS)
    assert score.wins > score.losses, score
    assert score.p_value < ALPHA, score
