"""The terminal panel of a mage-wars view (`grimorio.games.mage_wars.render`), both languages.

The panel reads the view only: the opponent's planned spells and face-down enchantments never
show by name (MW-3.20, MW-5.78); everything public does.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from grimorio.core.state import view
from grimorio.games.mage_wars.render import decision_name, render
from tests.mage_wars.geokit import build, hidden_from, leaks, random_setup, random_walk, views

BUSY: dict[str, Any] = {
    "phase": "action", "round": 3, "initiative": 1,
    "players": [
        {"class": "warlock", "mana": 12, "damage": 5, "zone": "A1", "markers": {"burn": 2},
         "planned": ["fireball", "dispel"], "discard": ["flameblast"]},
        {"class": "beastmaster", "mana": 7, "zone": "C2", "planned": ["bear-strength"],
         "quickcast": False}],
    "objects": [
        {"card": "timber-wolf", "controller": 1, "zone": "A1", "damage": 3, "guard": True,
         "active": False},                                                  # o3
        {"card": "rhino-hide", "controller": 1, "host": 3, "face_up": False},   # o4
        {"card": "agony", "controller": 0, "host": 2, "face_up": False},        # o5
        {"card": "leather-gloves", "controller": 0, "host": 1},                 # o6
        {"card": "cheetah-speed", "controller": 1, "host": 3, "face_up": True},  # o7
    ],
    "walls": [["A1", "A2"], ["B2", "C2"]],
}


def _line(text: str, start: str) -> str:
    return next(line.strip() for line in text.splitlines() if line.strip().startswith(start))


def test_grid_shows_zones_objects_and_walls() -> None:
    """MW-2.3, MW-2.4, MW-5.58, MW-5.65: a box per zone with its o-ids (g: guard, MW-4.7); an
    inner wall is drawn with # on its border, the frame is the perimeter."""
    text = render(view(build(BUSY), 0), "en")
    lines = text.splitlines()
    assert lines[1] == "+" + ("-" * 16 + "+") * 2
    assert lines[2].startswith("| A1") and "# A2" in lines[2]       # wall A1|A2
    assert "o1 o3g" in lines[3]
    assert any(line == "+" + "-" * 16 + "+" + "#" * 16 + "+" for line in lines)   # B2|C2
    assert "walls: A1|A2, B2|C2" in text


def test_objects_listed_with_damage_life_state_and_markers() -> None:
    """MW-5.25, MW-3.7, MW-4.7: damage/life, active or not, guard, condition markers."""
    text = render(view(build(BUSY), 0), "en")
    assert _line(text, "o1 Warlock (mage) P1") == \
        "o1 Warlock (mage) P1 · damage 5/24 · active · Burn 2"
    assert _line(text, "o3 Timber Wolf") == \
        "o3 Timber Wolf P2 · damage 3/10 · inactive · guard"


def test_face_down_enchantments_hidden_from_the_opponent() -> None:
    """MW-5.78, MW-5.75: the opponent sees that an enchantment is there, not which; its
    controller sees the name and that it is face down; face-up ones show to all."""
    st = build(BUSY)
    mine, theirs = render(view(st, 1), "en"), render(view(st, 0), "en")
    assert "o4 Rhino Hide P2 (face down)" in mine
    assert "o4 hidden enchantment P2" in theirs and "Rhino Hide" not in theirs
    assert "o5 Agony P1 (face down)" in theirs
    assert "o5 hidden enchantment P1" in mine and "Agony" not in mine
    assert "o7 Cheetah Speed P2" in mine and "o7 Cheetah Speed P2" in theirs


def test_planned_spells_only_for_their_owner() -> None:
    """MW-3.20, MW-5.7: planned spells by name for the owner, a count for the opponent; the
    spellbook as a size; discard piles are public (MW-5.17)."""
    st = build(BUSY)
    text = render(view(st, 0), "en")
    assert "planned: Dispel, Fireball" in text
    assert "planned: 1 unseen" in text and "Bear Strength" not in text
    assert "discard: Flameblast" in text
    other = render(view(st, 1), "en")
    assert "planned: 2 unseen" in other and "planned: Bear Strength" in other
    assert "Fireball" not in other and "discard: Flameblast" in other


def test_mage_status_lines() -> None:
    """MW-1.6, MW-3.9, MW-5.104: life left, mana, channeling, quickcast, equipment."""
    text = render(view(build(BUSY), 0), "en")
    assert _line(text, "P1 Warlock (you) o1") == "P1 Warlock (you) o1 · life 19/24 · mana 12"
    assert "quickcast used" in _line(text, "channeling 10 · quickcast used")
    assert "equipment: o6 Leather Gloves P1" in text
    assert "enchantments: o5 hidden enchantment P1" in render(view(build(BUSY), 1), "en")


def test_spanish_panel() -> None:
    """MW-1.9: names and labels in Spanish."""
    text = render(view(build(BUSY), 1), "es")
    assert "Ronda 3 de 30" in text
    assert "o3 Lobo P2 · daño 3/10 · inactivo · guardia" in text
    assert "o4 Piel de Rinoceronte P2 (boca abajo)" in text
    assert "o5 encantamiento oculto P1" in text
    assert "preparados: Fuerza de Oso" in text and "preparados: 2 sin ver" in text
    assert "Señor de las Bestias" in text


def test_no_square_brackets_and_a_decision_line() -> None:
    """The command line prints through rich: no markup characters. MW-3.18: the pending
    decision names its seat."""
    st = build(BUSY)
    text = render(view(st, 0), "en")
    assert "[" not in text and "]" not in text
    if st.current_player is not None:
        assert f"Decision: P{st.current_player + 1}" in text
    assert decision_name("PlanningAsk") == "planning"
    assert decision_name("RevealWindow") == "reveal window"


def test_decision_at_the_action_menu() -> None:
    """MW-4.2: at the menu, the panel names the creature that acts."""
    st = build({**BUSY, "phase": "menu", "activate": 3,
                "objects": [{**BUSY["objects"][0], "active": True}]})
    assert render(view(st, 1), "en").endswith(
        "Decision: P2 Beastmaster · acts with o3 Timber Wolf")
    assert render(view(st, 0), "es").endswith(
        "Decisión: P2 Señor de las Bestias · actúa con o3 Lobo")


def test_full_arena_grid() -> None:
    """MW-2.3, MW-A3: the full arena is 3 rows of 4 zones."""
    text = render(view(build({"phase": "planning"}, arena="full"), 0), "en")
    first = next(line for line in text.splitlines() if line.startswith("| A1"))
    assert first.split() == ["|", "A1", "|", "A2", "|", "A3", "|", "A4", "|"]
    assert "| C4" in text and "| D1" not in text


def _check_view_text(st: Any, seat: int, text: str) -> None:
    face_down, planned = hidden_from(st, seat)
    assert not leaks(text, st, seat)
    for oid in face_down:       # per object: the o-id's entries say hidden, never a name
        for line in text.splitlines():
            for entry in re.findall(rf"\bo{oid} [^,·]*", line):
                assert "hidden" in entry or "oculto" in entry, (oid, entry)
    planned_line = [line for line in text.splitlines() if "planned:" in line
                    or "preparados:" in line]
    assert len(planned_line) == 2
    assert any(line.strip().endswith(f"{len(planned)} unseen")
               or line.strip().endswith(f"{len(planned)} sin ver") for line in planned_line)


@pytest.mark.parametrize("seed", range(25))
def test_random_positions_never_show_hidden_cards(seed: int) -> None:
    """MW-3.20, MW-5.78: in random positions, neither seat's panel names the other's planned
    spells or face-down enchantments, in either language."""
    rng = random.Random(seed)
    arena = rng.choice(["apprentice", "full"])
    st = build(random_setup(rng, arena), seed, arena=arena)
    for seat, shown in views(st):
        for lang in ("en", "es"):
            _check_view_text(st, seat, render(shown, lang))


@pytest.mark.parametrize("seed", range(4))
def test_random_walks_never_show_hidden_cards(seed: int) -> None:
    """MW-3.20, MW-5.78: along random play from a rich position, no panel leaks."""
    rng = random.Random(100 + seed)
    st = build(random_setup(rng), seed)
    for position in random_walk(st, rng, 40):
        for seat, shown in views(position):
            _check_view_text(position, seat, render(shown, "en"))
