"""The SVG picture of a warcraft view (`grimorio.games.warcraft.svg`): valid XML, every piece the
view holds and nothing it hides, escaped text, the same bytes for the same view."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from grimorio.core.state import resample, view
from grimorio.games.warcraft.game import SCENARIOS
from grimorio.games.warcraft.state import WarcraftState
from grimorio.games.warcraft.svg import CELL, MARGIN, NEUTRAL_COLOUR, RACE_COLOURS, TYPE_FILL, svg
from tests.warcraft.test_render import BUSY, LANGS, leaks, seats, walk
from tests.warcraft.wckit import new_game, scenario

NS = "{http://www.w3.org/2000/svg}"


def _root(st: WarcraftState, seat: int | None = 0, lang: str = "en") -> ET.Element:
    return ET.fromstring(svg(view(st, seat), lang))


def _by_class(root: ET.Element, tag: str, cls: str) -> list[ET.Element]:
    return [el for el in root.iter(f"{NS}{tag}") if cls in (el.get("class") or "").split()]


def _tip(el: ET.Element) -> str:
    return el.findtext(f"{NS}title") or ""


def test_WC_2_3_cells_coloured_by_zone_type() -> None:
    """WC-2.3, WC-2.4, WC-X3: 81 cells for the generic board, each in its zone type's colour;
    a turned Town Hall is drawn by its new type (WC-3.1)."""
    root = _root(scenario())
    cells = _by_class(root, "rect", "cell")
    assert len(cells) == 81
    town = [c for c in cells if c.get("data-zone") == "nw_town"]
    assert len(town) == 3 and all(c.get("fill") == TYPE_FILL["town_hall"] for c in town)
    turned = [c for c in cells if c.get("data-zone") == "ne_town"]
    assert turned and all(c.get("fill") == TYPE_FILL["empty"] for c in turned)
    assert _tip(turned[0]) == "ne_town (t2, Empty)"
    assert {c.get("data-zone") for c in cells} == set(new_game(1).board.zones)
    four = _root(scenario(game="generic-4p"))
    assert all(c.get("fill") == TYPE_FILL["town_hall"]
               for c in _by_class(four, "rect", "cell") if c.get("data-zone") == "ne_town")


def test_WC_18_3_walls_and_hex_boards() -> None:
    """WC-18.3: four walls in The Prisoners, each a thick line between its two zones;
    WC-X5: the Elf Gate's 37 hex cells, odd rows shifted half a cell."""
    walls = _by_class(_root(scenario(game="the-prisoners")), "line", "wall")
    assert sorted({_tip(w) for w in walls}) == ["wall elf_ford|prison_b", "wall elf_road|prison_b",
                                                "wall orc_ford|prison_a", "wall orc_road|prison_a"]
    assert len(walls) == 8                                  # each wall runs along two cell edges
    gate = _root(scenario(game="elf-gate"))
    cells = _by_class(gate, "rect", "cell")
    assert len(cells) == 37
    undead_town = next(c for c in cells if c.get("data-zone") == "undead_town")
    assert undead_town.get("x") == str(MARGIN + CELL // 2)          # row 3, column 0, shifted
    assert not _by_class(gate, "line", "wall")


def test_pieces_as_tokens_in_seat_colours() -> None:
    """WC-1.1, WC-2.14: each side's pieces as labelled tokens in the race's colour; the
    tooltip names the level (WC-10.17); neutrals grey (WC-16.3)."""
    root = _root(scenario(BUSY))
    pieces = _by_class(root, "g", "piece")
    town = [p for p in pieces if p.get("data-zone") == "nw_town"]
    assert [t.findtext(f"{NS}text") for t in town] == ["M2", "W3"]
    assert _tip(town[0]) == "nw_town: P1 Humans: 2 melee L2"
    rect = town[0].find(f"{NS}rect")
    assert rect is not None and rect.get("fill") == RACE_COLOURS["blue"]
    tower = [p for p in pieces if p.get("data-zone") == "nw_tower"]
    assert [t.findtext(f"{NS}text") for t in tower] == ["R1", "F1"]
    assert _tip(tower[0]) == "nw_tower: P2 Orcs: 1 ranged L3"
    gate = [p for p in pieces if p.get("data-zone") == "nw_gate"]
    assert [t.findtext(f"{NS}text") for t in gate] == ["W1", "B1"]
    neutral = _by_class(_root(scenario(game="elf-gate")), "g", "piece")
    guards = [p for p in neutral if p.get("data-seat") == "-1"]
    assert len(guards) == 4
    rect = guards[0].find(f"{NS}rect")
    assert rect is not None and rect.get("stroke") == NEUTRAL_COLOUR


def test_marks_depletion_and_tokens() -> None:
    """WC-7.6: a marked Town Hall; WC-2.10: depletion hatched; WC-2.16: quest tokens."""
    root = _root(scenario(BUSY))
    assert [_tip(m) for m in _by_class(root, "circle", "mark")] == ["nw_town: marked"]
    hatches = {(h.get("class"), _tip(h)) for h in _by_class(root, "rect", "depletion")}
    assert hatches == {("depletion partial", "nw_mine partly depleted"),
                       ("depletion complete", "nw_wood depleted")}
    prison = _root(new_game(1, scenario="the-prisoners"))
    quests = _by_class(prison, "path", "quest")
    assert sorted(_tip(q) for q in quests) == ["token prisoner (Night Elves)",
                                               "token prisoner (Orcs)"]


def test_panel_resources_vp_and_own_hand_only() -> None:
    """WC-14.1, WC-3.7: gold, wood and VP per player; the hand named only for its owner."""
    st = scenario(BUSY)
    text = svg(view(st, 0))
    assert "gold 4 · wood 7 · VP 4/15" in text and "gold 1 · wood 0 · VP 6/15" in text
    assert "hand 2: Haste, Town Portal" in text and "hand 3 · deck 18" in text
    assert "Devour" not in text and "Pillage" not in text
    theirs = svg(view(st, 1), "es")
    assert "mano 3: Devorar, Atrapar, Pillaje" in theirs and "Rapidez" not in theirs
    ET.fromstring(theirs)


def test_same_view_same_bytes() -> None:
    shown = view(scenario(BUSY), 0)
    assert svg(shown) == svg(shown)


@pytest.mark.parametrize("name", SCENARIOS)
def test_WC_3_7_random_positions_valid_and_hiding(name: str) -> None:
    """WC-3.7: along random play of every scenario, each picture parses as XML, names no card
    the view hides, and does not change when the hidden cards are redrawn."""
    for st in walk(name, 7, 240, every=40):
        for seat in seats(st):
            shown = view(st, seat)
            for lang in LANGS:
                text = svg(shown, lang)
                ET.fromstring(text)
                assert not leaks(text, st, seat), (seat, lang)
            twin = resample(st, seat, random.Random(7))
            assert svg(view(twin, seat)) == svg(shown)
