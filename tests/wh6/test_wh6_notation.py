"""Notation round trips, parse errors, clones, views and the text panel."""

from __future__ import annotations

import random

import pytest
from wh6kit import make, setup, troop

from grimorio.core.errors import IllegalAction, InvalidAction
from grimorio.core.registry import load_game
from grimorio.core.state import State, view
from grimorio.games.wh6_magic.actions import Cast, Dispel, parse
from grimorio.games.wh6_magic.render import render


def playthrough_states(scenario_name: str, seed: int) -> list[State]:
    game = load_game("wh6-magic", scenario=scenario_name)
    state = game.new_initial_state(seed)
    chooser = random.Random(seed)
    seen = [state.clone()]
    while not state.is_terminal():
        state.apply(chooser.choice(state.legal_actions()))
        seen.append(state.clone())
    return seen


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4, 5])
def test_every_legal_action_round_trips_through_its_notation(seed: int) -> None:
    """parse(notation(a)) == a for every legal action met in random games."""
    game = load_game("wh6-magic")
    for state in playthrough_states("border-clash", seed):
        for action in state.legal_actions():
            assert game.parse_action(state, action.notation()) == action
            assert state._is_legal(action)


def rich_setup() -> dict[str, object]:
    """The test battle with a point spell, fractional positions and items of every kind."""
    data = setup()
    data["spells"].append({"id": "star", "name": "Star", "difficulty": 8, "range_cm": 90,
                           "target": "point",
                           "effects": [{"hits": {"count": 1, "strength": 3, "area": 5}}]})
    troop(data, "w1")["spells"].append("star")
    troop(data, "w1")["items"] = ["power_stone", "tome_of_recasting", "ember_ring"]
    troop(data, "e1").update({"spells": ["zap", "hex", "shield", "big_zap"],
                              "items": ["staff_of_sorcery", "dispel_scroll", "warding_charm"]})
    troop(data, "u2").update({"x": 60.25, "y": 59.5, "magic_resistance": 1})
    troop(data, "u4")["items"] = ["totem_of_morko"]
    return data


@pytest.mark.parametrize("seed", range(6))
def test_notation_round_trips_with_points_and_items(seed: int) -> None:
    """parse(notation(a)) == a for every legal action of random games with point spells, power
    items, re-rolls, nominated dispellers and scrolls."""
    game = load_game("wh6-magic")
    state = game.new_initial_state(seed, rich_setup())
    chooser = random.Random(seed)
    verbs = set()
    while not state.is_terminal():
        for action in state.legal_actions():
            text = action.notation()
            assert game.parse_action(state, text) == action, text
            verbs.add(text.split()[0])
        state.apply(chooser.choice(state.legal_actions()))
    assert {"cast", "dispel", "end"} <= verbs


def test_point_targets_and_lists_are_canonical() -> None:
    """Points print as x,y with no trailing zeros; item lists are sorted."""
    assert parse("cast w1 comet dice=3 target=90.0,60.50") == Cast("w1", "comet", 3, "90,60.5")
    assert parse("dispel dice=2 by=w2 items=z.b,a.c") == Dispel(2, "w2", ("a.c", "z.b"))
    assert parse("dispel dice=2 by=w2 items=z.b,a.c").notation() == \
        "dispel dice=2 by=w2 items=a.c,z.b"


@pytest.mark.parametrize("text", ["", "zap", "cast w1", "cast w1 zap", "cast w1 zap dice=x",
                                  "cast w1 zap dice=2 target=1,2,3", "end now",
                                  "dispel dice=1 colour=red", "reroll please"])
def test_unreadable_text_is_invalid(text: str) -> None:
    with pytest.raises(InvalidAction):
        parse(text)


def test_illegal_actions_change_nothing_and_explain_in_both_languages() -> None:
    """Refusals carry a rule id and a Spanish message; the state is untouched."""
    sc = make()
    exc = sc.illegal("cast w1 zap dice=9 target=u2", rule="WH6-1.6")
    assert "dados de energía" in exc.message("es")
    sc.illegal("keep", rule="WH6-6.3")
    sc.illegal("done", rule="WH6-7.1")
    sc.illegal("recover", rule="WH6-A15")
    sc.illegal("nofree", rule="WH6-11.5")


def test_a_clone_is_independent_mid_attempt() -> None:
    """Acting on a clone taken during a dispel window leaves the original untouched."""
    sc = make()
    sc.dice(4, 4)
    sc.act("cast w1 zap dice=2 target=u2")
    original = sc.state
    before = original.digest()
    twin = original.clone(reseed=7)
    twin.apply("nodispel")
    twin.apply("end")
    assert original.digest() == before
    assert twin.document()["state"]["units"]["u2"]["models"] == 19
    assert original.document()["state"]["units"]["u2"]["models"] == 20


def test_a_clone_shares_no_mutable_part_with_its_original() -> None:
    """Item uses, bans, attempted spells, spells in play, a unit's characters and the pending
    dispel re-roll change on the clone only; the original's document stays exactly as it was."""
    data = setup(in_play=[{"spell": "hex", "caster": "e1", "target": "u1"}])
    troop(data, "e1")["items"] = ["dispel_scroll", "warding_charm"]
    troop(data, "w1").update({"in_unit": "u1", "x": 60, "y": 30})
    sc = make(data)
    sc.dice(4, 4)
    sc.act("cast w1 zap dice=2 target=u2")
    original = sc.state
    before = original.document()
    twin = original.clone(reseed=3)
    pairs = [(original.units, twin.units), (original.chars, twin.chars),  # type: ignore[attr-defined]
             (original.items, twin.items)]  # type: ignore[attr-defined]
    for mine, theirs in pairs:
        assert mine is not theirs and all(mine[k] is not theirs[k] for k in mine)
    assert original.in_play is not twin.in_play  # type: ignore[attr-defined]
    twin.apply("scroll e1")
    twin.script_dice([3, 3])
    twin.apply("cast w1 hex dice=2 target=u2")
    twin.script_dice([1, 2])
    twin.apply("dispel dice=2")  # fails: the Warding Charm's re-roll is offered
    assert twin.document()["state"]["dispel_roll"] is not None
    twin.script_dice([1, 3])
    twin.apply("reroll")
    twin.script_dice([1, 1, 1, 2, 5, 5, 5, 3])  # miscast; 3: hurled 15 cm east, out of u1
    twin.apply("cast w1 big_zap dice=2 target=u2")
    moved = twin.document()["state"]
    assert moved["items"]["e1.dispel_scroll"]["uses_left"] == 0
    assert moved["items"]["e1.warding_charm"]["uses_left"] == 0
    assert [b["kind"] for b in moved["characters"]["w1"]["bans"]] == ["hurled"]
    assert moved["units"]["u1"]["characters"] == [] and len(moved["in_play"]) == 2
    assert moved["characters"]["w1"]["attempted"] == ["big_zap", "hex", "zap"]
    assert original.document() == before


def test_render_shows_pools_wizards_units_and_the_decision() -> None:
    """The text panel lists the pools, each wizard with level and spells, units with models,
    the attempt and who must decide, in English and Spanish."""
    data = setup()
    troop(data, "w1")["items"] = ["dispel_scroll"]
    sc = make(data)
    sc.dice(4, 4)
    sc.act("cast w1 zap dice=2 target=u2")
    english = render(view(sc.state, 1), "en")
    assert "Power dice: 10" in english and "Dispel dice (Red army): 6" in english
    assert "w1 Blue mage L2" in english and "u2 Red warriors 20/20 models" in english
    assert "Attempt: w1 zap → u2 (dice 4+4 = 8; cast)" in english
    assert "Decision: Side 1 — dispel" in english
    spanish = render(view(sc.state, 1), "es")
    assert "Dados de energía: 10" in spanish and "Decisión: Bando 1" in spanish
    assert "miniaturas" in spanish and "dispersar" in spanish


def test_render_the_end_of_the_battle() -> None:
    sc = make(turns=1)
    sc.act("end", "end")
    assert "The battle is over" in render(view(sc.state, None), "en")
    assert "La batalla ha terminado" in render(view(sc.state, None), "es")


def test_the_legal_list_matches_the_legality_check() -> None:
    """Every listed action is legal; a few unlisted variants are refused with a reason."""
    sc = make()
    for text in sc.legal():
        sc.state.check(text)
    with pytest.raises(IllegalAction):
        sc.state.check("cast w1 zap dice=2 target=u3")


def _junk(r: random.Random) -> str:
    """A plausible but mostly wrong action: wrong ids, dice, items and decisions."""
    ids = ["w1", "w2", "w3", "w4", "c1", "u1", "u2", "u4", "u6", "zz", "r1"]
    verb = r.choice(["cast", "dispel", "scroll", "bound", "free", "reroll", "keep", "end",
                     "nodispel", "nofree", "done", "recover"])
    if verb == "cast":
        return (f"cast {r.choice(ids)} {r.choice(['fireball', 'thunderbolt', 'nope'])} "
                f"dice={r.randint(-1, 6)} target={r.choice([*ids, '50,50', '-5,3'])}")
    if verb == "dispel":
        return (f"dispel dice={r.randint(-1, 8)} by={r.choice(ids)} "
                f"items={r.choice(['w2.staff_of_sorcery', 'u4.totem_of_morko', 'x.y'])}")
    if verb in ("scroll", "bound", "free"):
        return f"{verb} {r.choice(ids)} {r.choice(['ember_ring', 'fireball', 'x'])}"[:40]
    return verb


@pytest.mark.parametrize("seed", range(8))
def test_junk_actions_are_refused_with_a_rule_or_applied(seed: int) -> None:
    """Whatever is typed, the engine either applies it or refuses it with a rule id and leaves
    the position untouched; it never crashes."""
    state = load_game("wh6-magic").new_initial_state(seed)
    chooser = random.Random(seed)
    while not state.is_terminal():
        text = _junk(chooser)
        before = state.digest()
        try:
            state.apply(text)
        except IllegalAction as exc:
            assert exc.rule is not None and state.digest() == before
        except InvalidAction:
            assert state.digest() == before
        if not state.is_terminal():
            state.apply(chooser.choice(state.legal_actions()))
