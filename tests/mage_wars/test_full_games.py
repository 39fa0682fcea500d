"""Full games (mode=full) run to the end under random play and under MCTS (MW-7.1, MW-7.2,
MW-3.1, MW-S9).

Between the four starter spellbooks (MW-8.20) a game can only start once every card of both
books is implemented (books.py refuses it otherwise, naming the cards): since the last seven
Core Set cards landed (MW-S11) every pair of starter books plays, so a pending card in one of
them now fails these tests. The games between each class's book of playable cards exercise
every mage's abilities too.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

import grimorio
from grimorio.agents.arena import duel
from grimorio.games.mage_wars import books, data, spellbook
from grimorio.games.mage_wars.state import MageWarsState
from tests.mage_wars.mwkit import play_busy, playable_book

PAIRS = list(itertools.combinations(data.MAGE_CLASSES, 2))
ROUNDS = 10


def _pending(first: str, second: str) -> list[str]:
    return books.unplayable(books.card_ids(spellbook.starter(first))
                            + books.card_ids(spellbook.starter(second)))


@pytest.mark.parametrize("first, second", PAIRS)
def test_random_full_game_between_starter_books(first: str, second: str) -> None:
    """MW-7.1, MW-8.20, MW-3.1, MW-S9: a full game between two starter books ends, under
    random play, without error."""
    assert _pending(first, second) == []          # the whole Core Set plays (MW-S11)
    game = grimorio.load_game("mage-wars", mode="full", classes=f"{first},{second}",
                              round_limit=ROUNDS)
    st = game.new_initial_state(PAIRS.index((first, second)))
    assert isinstance(st, MageWarsState)
    play_busy(st, 7, busy=0.7)
    assert [p.mage_class for p in st.players] == [first, second]


@pytest.mark.parametrize("first, second", PAIRS)
def test_mcts_full_game_between_starter_books(first: str, second: str) -> None:
    """MW-7.1, MW-8.20, MW-3.1, MW-S9: MCTS plays a full starter-book game to the end."""
    assert _pending(first, second) == []
    game = grimorio.load_game("mage-wars", mode="full", classes=f"{first},{second}",
                              round_limit=4)
    score = duel(game, "mcts:iters=8,depth=0", "random", range(1))
    assert score.games == 1


@pytest.mark.parametrize("first, second", PAIRS)
def test_random_full_game_with_the_playable_cards(tmp_path: Path, first: str, second: str
                                                  ) -> None:
    """MW-7.1, MW-7.2, MW-8.2: books given as files through the option `books`, each the
    starter book's playable cards, play a full game to the end with every ability live."""
    paths = [playable_book(tmp_path, first), playable_book(tmp_path, second)]
    game = grimorio.load_game("mage-wars", mode="full", books=f"{paths[0]},{paths[1]}",
                              round_limit=ROUNDS)
    st = game.new_initial_state(PAIRS.index((first, second)) + 3)
    assert isinstance(st, MageWarsState)
    assert st.arena_id == "full"
    play_busy(st, PAIRS.index((first, second)), busy=0.7)
    assert [p.mage_class for p in st.players] == [first, second]


def test_mcts_full_game_with_the_playable_cards(tmp_path: Path) -> None:
    """MW-7.1, MW-3.1: MCTS plays a full game (Wizard against Priestess) to the end."""
    paths = [playable_book(tmp_path, "wizard"), playable_book(tmp_path, "priestess")]
    game = grimorio.load_game("mage-wars", mode="full", books=f"{paths[0]},{paths[1]}",
                              round_limit=3)
    score = duel(game, "mcts:iters=8,depth=0", "random", range(1))
    assert score.games == 1


def test_grimorio_play_runs_a_full_game(tmp_path: Path) -> None:
    """MW-7.1, MW-8.2: `grimorio play mage-wars -o mode=full -o books=…` plays full mages to the
    end; an illegal book is refused with its explanation (MW-8.13)."""
    from typer.testing import CliRunner

    from grimorio.cli.main import app

    runner = CliRunner()
    paths = [playable_book(tmp_path, "beastmaster"), playable_book(tmp_path, "warlock")]
    result = runner.invoke(app, ["play", "mage-wars", "--seat", "random", "--seat", "random",
                                 "--seed", "2", "-o", "mode=full", "-o",
                                 f"books={paths[0]},{paths[1]}", "-o", "round_limit=2",
                                 "--lang", "en"])
    assert result.exit_code == 0, result.output[-2000:]
    assert "Game over" in result.output
    bad = tmp_path / "bad.txt"
    bad.write_text("mage: wizard air\n9 Fireball\n", encoding="utf-8")
    result = runner.invoke(app, ["play", "mage-wars", "--seat", "random", "--seat", "random",
                                 "-o", "mode=full", "-o", f"books={bad},starter"])
    assert result.exit_code != 0
    assert "MW-8.13" in " ".join(result.output.split())
