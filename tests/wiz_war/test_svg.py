"""The SVG picture of a wiz-war view (`grimorio.games.wiz_war.svg`): valid XML, every piece the
view holds and nothing else, escaped text, the same bytes for the same view."""

from __future__ import annotations

import copy
import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import grimorio
from grimorio.core.state import view
from grimorio.games.wiz_war.svg import CELL, FILL, MARGIN, svg
from tests.wiz_war.wwkit import make

NS = "{http://www.w3.org/2000/svg}"


def _parse(text: str) -> ET.Element:
    return ET.fromstring(text)


def _titles(root: ET.Element, tag: str, cls: str) -> list[str]:
    """The tooltips of the elements `tag` whose class list holds `cls`."""
    return [(el.findtext(f"{NS}title") or "") for el in root.iter(f"{NS}{tag}")
            if cls in (el.get("class") or "").split()]


def _busy_view(seat: int | None = 0) -> dict[str, Any]:
    sc = make(blue={"treasures": ["red1"]}, red={"life": 11},
              objects=[{"kind": "rosebush", "square": "d3", "owner": "red"},
                       {"item": "large-rock", "square": "e1"}],
              spells=[{"card": "create-wall", "caster": "blue", "targets": ["a2s"]}],
              edges={"a2s": "wall", "b1e": "earth", "a4s": "fire"})
    return view(sc.state, seat)


def test_the_squares_and_the_size() -> None:
    """WW-X1: the 2-player board is 10 × 5 squares; homes and treasure starts are marked."""
    root = _parse(svg(_busy_view()))
    assert root.get("width") == str(10 * CELL + 2 * MARGIN)
    assert root.get("height") == str(5 * CELL + 2 * MARGIN)
    squares = _titles(root, "rect", "square")
    assert len(squares) == 50
    assert "square c3 · home of blue" in squares and "square h3 · home of red" in squares
    assert "square b2 · treasure start of blue" in squares
    assert len([el for el in root.iter(f"{NS}rect")
                if el.get("class") == "treasure-start"]) == 4


def test_walls_doors_and_portals() -> None:
    """WW-X3 walls (the border is an outer wall but for the openings), WW-X4 doors in their
    sector's colour, WW-X6 the six portal openings, the Walls of Earth and Fire on their edges."""
    root = _parse(svg(_busy_view()))
    doors = [el for el in root.iter(f"{NS}line") if el.get("class") == "edge door"]
    assert len(doors) == 7                   # c1n c5s h1n h5s (portal ends), e3e g3e d4e
    blue_doors = {(el.findtext(f"{NS}title") or "").split(":")[0]
                  for el in doors if el.get("stroke") == FILL["blue"]}
    assert blue_doors == {"c1n", "c5s", "e3e", "d4e"}
    portals = _titles(root, "circle", "portal")
    assert sorted(portals) == sorted(["a3w: portal to j3", "j3e: portal to a3",
                                      "c1n: portal to c5", "c5s: portal to c1",
                                      "h1n: portal to h5", "h5s: portal to h1"])
    assert len(_titles(root, "line", "outer")) == 2 * (10 + 5) - 6
    assert "a2s: wall" in _titles(root, "line", "wall")
    assert _titles(root, "line", "earth") == ["b1e: Wall of Earth"]
    assert _titles(root, "line", "fire") == ["a4s: Wall of Fire"]


def test_pieces_with_their_tooltips() -> None:
    """Living wizards in their colour with their life, treasures on the floor (not the carried
    one), objects with a glyph and a tooltip, a spell in play over the edge it holds."""
    root = _parse(svg(_busy_view()))
    wizards = [el for el in root.iter(f"{NS}g") if el.get("class") == "wizard"]
    assert [w.get("data-colour") for w in wizards] == ["blue", "red"]
    red = wizards[1]
    circle = red.find(f"{NS}circle")
    assert circle is not None and circle.get("fill") == FILL["red"]
    assert red.findtext(f"{NS}text") == "11"
    assert _titles(root, "g", "wizard")[0] == "blue (P1): life 15, VP 0, stun 0, treasure red1"
    assert _titles(root, "path", "treasure") == ["treasure blue1", "treasure blue2",
                                                 "treasure red2"]
    assert _titles(root, "g", "object") == ["object: Rosebush (by red)", "object: Large Rock"]
    assert _titles(root, "line", "spell-edge") == ["Create Wall (by blue): a2s"]


def test_in_spanish() -> None:
    text = svg(_busy_view(), "es")
    root = _parse(text)
    assert "objeto: Rosal (de red)" in _titles(root, "g", "object")
    assert "casilla c3 · hogar de blue" in _titles(root, "rect", "square")
    assert "Tablero de Wiz-War" in text


def test_a_dead_wizard_is_not_drawn_and_sealed_doors_are_crossed() -> None:
    """WW-X12 the dead are off the board; a sealed door, a cracked wall (WW-X7) and a broken
    one as the board document records them."""
    shown = _busy_view()
    doc = shown["state"]
    doc["wizards"][1]["alive"] = False
    doc["board"]["edges"]["d4e"] = {"kind": "door", "colour": "blue", "sealed": True}
    doc["board"]["edges"]["a2e"] = None                       # a wall knocked down
    doc["board"]["edges"]["d2e"] = {"kind": "wall", "cracks": 2}
    root = _parse(svg(shown))
    assert [g.get("data-colour") for g in root.iter(f"{NS}g")
            if g.get("class") == "wizard"] == ["blue"]
    assert "d4e: door blue (sealed)" in _titles(root, "line", "door")
    assert len([p for p in root.iter(f"{NS}path") if p.get("class") == "sealed"]) == 1
    assert "d2e: wall (2 cracks)" in _titles(root, "line", "wall")
    assert not [t for t in _titles(root, "line", "wall") if t.startswith("a2e")]


def test_text_from_the_view_is_escaped() -> None:
    """Whatever a view holds, the output stays well-formed XML and shows it as text."""
    shown = _busy_view()
    shown["state"]["objects"].append({"id": 99, "kind": 'x"<&>', "square": "c1", "card": None,
                                      "owner": None, "cracks": 0, "data": {}})
    text = svg(shown)
    root = _parse(text)
    assert 'object: x"<&>' in _titles(root, "g", "object")
    assert 'x"<&>' in [g.get("data-kind") for g in root.iter(f"{NS}g")]


def test_the_view_decides_and_the_output_is_deterministic() -> None:
    """Same view, same bytes; a copy of the state gives the same picture; the picture does not
    change with whose view it is (the board is public)."""
    shown = _busy_view()
    assert svg(shown) == svg(copy.deepcopy(shown)) == svg(_busy_view(1)) == svg(_busy_view(None))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_give_valid_svg(players: int) -> None:
    """WW-X1: the L of three sectors leaves its hole undrawn (75 squares), four make 100."""
    game = grimorio.load_game("wiz-war", players=players, turn_limit=3)
    state = game.new_initial_state(players + 10)
    chooser = random.Random(players)
    steps = 0
    while not state.is_terminal():
        if steps % 25 == 0:
            _parse(svg(view(state, state.current_player)))
        state.apply(chooser.choice(state.legal_actions()))
        steps += 1
    root = _parse(svg(view(state, None)))
    assert len(_titles(root, "rect", "square")) == {2: 50, 3: 75, 4: 100}[players]
