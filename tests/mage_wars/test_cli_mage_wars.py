"""mage-wars from the command line, and how other seats' actions are shown: a card planned in
secret (MW-3.20) or an enchantment cast face down (MW-5.78) never shows to the other seat, on
screen while playing or in a replay from that seat."""

from __future__ import annotations

import random
import re
from pathlib import Path

from typer.testing import CliRunner

import grimorio
from grimorio.cli.main import app
from grimorio.core.record import Match
from grimorio.core.state import State, resample
from tests.mage_wars.mwkit import scenario

runner = CliRunner()


def _run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=input)
    return result.exit_code, result.output


def _planning_position() -> State:
    st = grimorio.load_game("mage-wars").new_initial_state(3)
    while not st.legal_actions()[-1].notation().startswith("plan "):
        st.apply(st.legal_actions()[0])
    return st


def test_a_secret_plan_is_blank_to_the_other_seat_and_to_spectators() -> None:
    """MW-3.20: the opponent learns how many spells were planned, not which."""
    st = _planning_position()
    actor = st.current_player
    assert actor is not None
    plan = next(a for a in st.legal_actions() if a.notation() != "plan done")
    assert st.describe_action(plan, actor) == plan.notation()
    assert st.describe_action(plan, 1 - actor) == "plan ?"
    assert st.describe_action(plan, None) == "plan ?"
    done = next(a for a in st.legal_actions() if a.notation() == "plan done")
    assert st.describe_action(done, 1 - actor) == "plan done"


def test_an_enchantment_cast_face_down_keeps_its_target_but_not_its_name() -> None:
    """MW-5.78: the opponent sees that an enchantment goes on o2, not which one."""
    st = scenario({"players": [{"zone": "A1", "planned": ["rhino-hide", "fireball"],
                                "mana": 20}, {"zone": "A2"}],
                   "phase": "menu", "activate": 1})
    cast = next(a for a in st.legal_actions() if a.notation().startswith("cast rhino-hide"))
    target = cast.notation().split()[2]
    assert st.describe_action(cast, 1) == f"cast ? {target}"
    attack = next(a for a in st.legal_actions() if a.notation().startswith("cast fireball"))
    assert st.describe_action(attack, 1) == attack.notation()   # an attack spell is public


def test_play_against_a_bot_never_prints_the_bots_secret_plans() -> None:
    """The human (seat 0) sees `plan ?` for the bot's planning (MW-3.20)."""
    _code, out = _run("play", "mage-wars", "--seat", "human", "--seat", "random", "--seed", "3",
                      "--option", "round_limit=1", "--lang", "en", input="1\n" * 80)
    flat = " ".join(out.split())            # Rich may wrap long lines
    assert re.search(r"P2 plays: plan \?", flat), out[-2000:]
    assert not re.search(r"P2 plays: plan (?!\?|done)", flat)


def test_replay_from_a_seat_blanks_the_other_seats_secrets(tmp_path: Path) -> None:
    """`grimorio replay --seat 0` prints seat 1's plans as `plan ?` (MW-3.20)."""
    match = Match(grimorio.load_game("mage-wars", round_limit=2), seed=5)
    chooser = random.Random(5)
    while not match.state.is_terminal():
        match.act(chooser.choice(match.state.legal_actions()), match.state.current_player)
    path = tmp_path / "game.json"
    match.save(path)
    code, out = _run("replay", str(path), "--seat", "0", "--lang", "en")
    assert code == 0, out
    assert re.search(r"P2: plan \?", out)
    assert not re.search(r"P2: plan (?!\?|done)", out)
    assert re.search(r"P1: plan (?!\?)", out)        # its own plans stay readable


def test_resample_keeps_no_history_and_only_the_seats_log() -> None:
    """A resampled position carries no record of what was hidden from the seat (MW-3.20)."""
    st = _planning_position()
    actor = st.current_player
    assert actor is not None
    st.apply(next(a for a in st.legal_actions() if a.notation() != "plan done"))
    twin = resample(st, 1 - actor, random.Random(1))
    assert twin.history == []
    assert all(event.visible(1 - actor) for event in twin.events)
