"""The SVG picture of a mage-wars view (`grimorio.games.mage_wars.svg`): valid XML, every piece
the view holds and nothing it hides, escaped text, the same bytes for the same view."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from grimorio.core.state import view
from grimorio.games.mage_wars.svg import CELL, COLOURS, MARGIN, PANEL, svg
from tests.mage_wars.geokit import build, hidden_from, leaks, random_setup, random_walk, views
from tests.mage_wars.test_render import BUSY

NS = "{http://www.w3.org/2000/svg}"


def _root(seat: int = 0, lang: str = "en", **options: str) -> ET.Element:
    return ET.fromstring(svg(view(build(BUSY, **options), seat), lang))


def _by_class(root: ET.Element, tag: str, cls: str) -> list[ET.Element]:
    return [el for el in root.iter(f"{NS}{tag}") if cls in (el.get("class") or "").split()]


def _tip(el: ET.Element) -> str:
    return el.findtext(f"{NS}title") or ""


def test_zones_perimeter_and_size() -> None:
    """MW-1.4, MW-2.3, MW-5.65: six zones for the Apprentice arena, twelve for the full one,
    the perimeter round them."""
    root = _root()
    assert root.get("width") == str(2 * CELL + 2 * MARGIN + PANEL)
    zones = _by_class(root, "rect", "zone")
    assert [z.get("data-zone") for z in zones] == ["A1", "A2", "B1", "B2", "C1", "C2"]
    assert len(_by_class(root, "rect", "perimeter")) == 1
    full = _root(arena="full")
    assert len(_by_class(full, "rect", "zone")) == 12


def test_walls_on_their_borders() -> None:
    """MW-5.58, MW-2.4: a wall is a line on the border it stands on."""
    walls = _by_class(_root(), "line", "wall")
    assert sorted(_tip(w) for w in walls) == ["wall A1|A2", "wall B2|C2"]
    a1a2 = next(w for w in walls if _tip(w) == "wall A1|A2")
    x = str(MARGIN + CELL)
    assert (a1a2.get("x1"), a1a2.get("x2")) == (x, x)          # the vertical side between them


def test_tokens_with_life_markers_and_guard() -> None:
    """MW-5.25, MW-4.7, MW-3.7: a token per standing object in its controller's colour, with
    its damage/life, markers and a guard ring; inactive creatures faded."""
    root = _root()
    tokens = {t.get("data-oid"): t for t in _by_class(root, "g", "token")}
    assert set(tokens) == {"1", "2", "3"}
    wolf = tokens["3"]
    assert _tip(wolf) == "o3 Timber Wolf P2 · damage 3/10 · inactive · guard"
    circle = wolf.find(f"{NS}circle")
    assert circle is not None and circle.get("fill") == COLOURS[1]
    assert circle.get("fill-opacity") == "0.45"
    assert _by_class(wolf, "circle", "guard")
    burn = _by_class(tokens["1"], "g", "marker")
    assert [m.get("data-marker") for m in burn] == ["burn"] and _tip(burn[0]) == "Burn 2"


def test_hidden_enchantments_are_blank_cards() -> None:
    """MW-5.78: the opponent's face-down enchantment is a dark card with no name; its
    controller's tooltip names it and says face down."""
    theirs, mine = _root(seat=0), _root(seat=1)
    o4 = [el for el in theirs.iter() if el.get("data-oid") == "4"]
    assert o4 and all("face-down" in (el.get("class") or "") for el in o4)
    assert _tip(o4[0]) == "o4 hidden enchantment P2"
    assert "Rhino Hide" not in svg(view(build(BUSY), 0))
    mine_o4 = next(el for el in mine.iter() if el.get("data-oid") == "4")
    assert _tip(mine_o4) == "o4 Rhino Hide P2 (face down)"


def test_mage_panels() -> None:
    """MW-1.6, MW-3.20: each mage's life, mana, channeling and quickcast; planned spells by
    name only for their owner."""
    text = svg(view(build(BUSY), 0))
    assert "life 19/24 · mana 12" in text and "life 24/24 · mana 7" in text
    assert "planned: Dispel, Fireball" in text and "planned: 1 unseen" in text
    assert "Bear Strength" not in text
    es = svg(view(build(BUSY), 1), "es")
    assert "preparados: Fuerza de Oso" in es and "preparados: 2 sin ver" in es
    ET.fromstring(es)


def test_same_view_same_bytes() -> None:
    shown = view(build(BUSY), 0)
    assert svg(shown) == svg(shown)


@pytest.mark.parametrize("seed", range(25))
def test_random_positions_valid_and_hiding(seed: int) -> None:
    """MW-3.20, MW-5.78: valid XML, and the opponent's hidden cards never named, per object
    (every element of a face-down enchantment says hidden) and anywhere."""
    rng = random.Random(seed)
    arena = rng.choice(["apprentice", "full"])
    st = build(random_setup(rng, arena), seed, arena=arena)
    for seat, shown in views(st):
        for lang in ("en", "es"):
            text = svg(shown, lang)
            root = ET.fromstring(text)
            assert not leaks(text, st, seat)
            face_down, _ = hidden_from(st, seat)
            for el in root.iter():
                if el.get("data-oid") and int(el.get("data-oid", "0")) in face_down:
                    assert "face-down" in (el.get("class") or "")
                    assert any(w in _tip(el) for w in ("hidden", "oculto"))


@pytest.mark.parametrize("seed", range(3))
def test_random_walks_valid_and_hiding(seed: int) -> None:
    """MW-3.20, MW-5.78: along random play, every picture parses and leaks nothing."""
    rng = random.Random(200 + seed)
    st = build(random_setup(rng), seed)
    for position in random_walk(st, rng, 30):
        for seat, shown in views(position):
            text = svg(shown, "en")
            ET.fromstring(text)
            assert not leaks(text, position, seat)
