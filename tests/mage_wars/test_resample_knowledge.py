"""What a seat learns from a mandatory trigger that stayed silent (MW-B36, MW-5.94, MW-5.99,
MW-5.100): a face-down enchantment a spell or an entering enemy creature would have set off,
had it been Nullify, Reverse Magic or a trap, is known not to be one, and resampling for the
other seat never redraws it as one (state._pick_enchantment, rules/mandatory.py `ruled_out`).
And what every seat knows from the start: the Wizard's chosen element (MW-7.31), in the public
document, the views and the panels.
"""

from __future__ import annotations

import random
from typing import Any

from grimorio.core.state import resample, view
from grimorio.games.mage_wars.render import render
from grimorio.games.mage_wars.rules import mandatory
from grimorio.games.mage_wars.state import MageWarsState
from grimorio.games.mage_wars.svg import svg
from tests.mage_wars.mwkit import acts, ask, pass_windows, scenario

SEEDS = range(40)
ANSWERS = {"nullify", "reverse-magic"}
TRAPS = {"hellfire-trap", "teleport-trap"}


def drawn(st: MageWarsState, seat: int | None, oid: int) -> set[str]:
    out = set()
    for n in SEEDS:
        twin = resample(st, seat, random.Random(n))
        assert isinstance(twin, MageWarsState)
        out.add(twin.obj(oid).card)
    return out


def spell_position() -> MageWarsState:
    """Seat 1's wolves o3 (A1) and o5 (B2) each hold a face-down Bear Strength (o4, o6); seat
    0's mage in A1 may cast Knockdown at o3."""
    book = ["bear-strength", "jinx", "nullify", "reverse-magic", "rhino-hide"]
    objects: list[dict[str, Any]] = [
        {"card": "timber-wolf", "controller": 1, "zone": "A1"},
        {"card": "bear-strength", "controller": 1, "host": 3, "face_up": False},
        {"card": "timber-wolf", "controller": 1, "zone": "B2"},
        {"card": "bear-strength", "controller": 1, "host": 5, "face_up": False}]
    return scenario({"players": [{"zone": "A1", "planned": ["knockdown"]},
                                 {"zone": "C2", "book": book}],
                     "phase": "menu", "activate": 1, "objects": objects})


def test_a_spell_nothing_answered_rules_out_nullify_and_reverse_magic() -> None:
    """MW-B36, MW-5.13, MW-5.94: Knockdown aimed at o3 sets nothing off, so o3's face-down card
    is neither Nullify nor Reverse Magic (both mandatory, both would have had to answer): the
    caster's resamples never draw them for o4, while they still do for the untested o6, and Jinx
    (which only a quick spell of its own creature sets off) stays possible for o4."""
    st = spell_position()
    assert drawn(st, 0, 4) & ANSWERS, "before the spell anything goes"
    acts(st, "cast knockdown o3")
    while ask(st) == "RevealAsk":
        acts(st, "pass")
    assert ask(st) != "TriggerAsk"
    pass_windows(st)
    assert "knockdown" in st.players[0].discard
    seen = drawn(st, 0, 4)
    assert not seen & ANSWERS and "jinx" in seen and len(seen) > 1
    assert drawn(st, 0, 6) & ANSWERS                           # never tested: still varies
    assert drawn(st, None, 4).isdisjoint(ANSWERS)               # a spectator saw it too
    assert drawn(st, 1, 4) == {"bear-strength"}                 # its owner knows the truth
    mark = {k for k in st.obj(4).memo if k.startswith(mandatory.RULED_OUT)}
    assert mark == {mandatory.RULED_OUT + c for c in ANSWERS}
    assert not any(k.startswith(mandatory.RULED_OUT) for k in st.obj(6).memo)
    objects = view(st, 0)["state"]["objects"]                 # public, in views and clones
    assert mark <= set(next(o for o in objects if o["oid"] == 4)["memo"])
    assert mark <= set(st.clone().obj(4).memo)


def test_a_spell_that_sets_its_answer_off_rules_nothing_out() -> None:
    """MW-5.94: a Nullify that does answer is turned up, not ruled out (`needs` keeps the
    set-off card one that answers); the marks only come from silence (MW-B36)."""
    st = spell_position()
    st.obj(4).card = "nullify"
    st.changed()
    acts(st, "cast knockdown o3")
    while ask(st) == "RevealAsk":
        acts(st, "pass")
    assert ask(st) == "TriggerAsk"
    assert not any(k.startswith(mandatory.RULED_OUT) for k in st.obj(4).memo)
    assert drawn(st, 0, 4) <= {"nullify", "reverse-magic"}


def trap_position() -> MageWarsState:
    """Seat 0's face-down Sacred Ground o4 in A1 and o5 in B1; seat 1's wolf o3 in A2 may move
    into A1. Seat 0's book holds both traps."""
    objects: list[dict[str, Any]] = [
        {"card": "timber-wolf", "controller": 1, "zone": "A2"},
        {"card": "sacred-ground", "controller": 0, "zone": "A1", "face_up": False},
        {"card": "sacred-ground", "controller": 0, "zone": "B1", "face_up": False}]
    return scenario({"players": [{"zone": "C1", "book": sorted(
        ["hellfire-trap", "teleport-trap", "sacred-ground", "sacred-ground"])},
        {"zone": "C2"}], "phase": "menu", "activate": 3, "objects": objects})


def test_an_enemy_creature_entering_rules_out_a_trap() -> None:
    """MW-B36, MW-5.99, MW-5.100: the wolf enters A1 and nothing goes off, so o4 is no trap (a
    trap always must): seat 1's resamples never draw one there, while o5 in B1, which no enemy
    entered, may still be a trap; seat 0 keeps the truth."""
    st = trap_position()
    assert drawn(st, 1, 4) & TRAPS
    acts(st, "move A1")
    while ask(st) == "RevealAsk":       # the windows of the move, before step 6 (MW-4.26)
        acts(st, "pass")
    assert ask(st) != "TriggerAsk" and st.obj(3).zone == "A1"
    assert drawn(st, 1, 4) == {"sacred-ground"}
    assert drawn(st, 1, 5) & TRAPS
    assert drawn(st, 0, 4) == {"sacred-ground"}
    assert st.obj(4).memo == {mandatory.RULED_OUT + mandatory.TRAP: 1}
    assert mandatory.ruled_out(st.obj(4), st.card("hellfire-trap"))
    assert not mandatory.ruled_out(st.obj(4), st.card("sacred-ground"))


def test_a_friendly_creature_entering_rules_nothing_out() -> None:
    """MW-5.99: only an enemy creature sets a trap off, so a friendly one entering tells
    nothing (MW-B36 is conservative)."""
    st = trap_position()
    st.obj(3).controller = st.obj(3).owner = 0      # the wolf is seat 0's, as o4 is
    st.changed()
    traps_entered(st, 3, "A1")
    assert st.obj(4).memo == {}


def traps_entered(st: MageWarsState, oid: int, zone: str) -> None:
    from grimorio.games.mage_wars.rules import traps

    st.relocate(oid, zone)
    traps.entered(st, oid, zone)


def test_the_wizards_element_is_public() -> None:
    """MW-7.31, MW-S10: the full Wizard's chosen element decides his training, so every seat
    sees it: a player field `element` in the document and in both seats' views, named in the
    text panel (EN/ES) and the SVG mage panel; a mage with no element has no such field."""
    st = scenario({"players": [{"element": "water"}, {}]}, mode="full",
                  classes="wizard,warlock")
    assert st.document()["state"]["players"][0]["element"] == "water"
    for seat in (0, 1, None):
        players = view(st, seat)["state"]["players"]
        assert players[0]["element"] == "water" and "element" not in players[1]
    seen = view(st, 1)
    assert "element water" in render(seen, "en") and "elemento agua" in render(seen, "es")
    assert "element water" in svg(seen, "en") and "elemento agua" in svg(seen, "es")
    assert "element" not in render(view(st, 0), "en").split("P2")[-1]
    plain = scenario({"players": [{}, {}]})          # an Apprentice game: no element at all
    assert all("element" not in p for p in plain.document()["state"]["players"])
    assert "element" not in render(view(plain, 0), "en")
