"""The SVG picture of a mage-knight view (`grimorio.games.mage_knight.svg`): valid XML, to
scale, terrain by kind, bases with their front arcs, captive links and lines of fire, and only
what the view holds (MK-X12)."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pytest

from grimorio.core.state import view
from grimorio.games.mage_knight.svg import MARGIN, SIZE, deploy_box, svg, wedge
from tests.mage_knight.mkkit import act, mk_state
from tests.mage_knight.test_render import LANGS, battle, hidden_army_st

NS = "{http://www.w3.org/2000/svg}"


def parse(text: str) -> ET.Element:
    return ET.fromstring(text)


def by_class(root: ET.Element, tag: str, cls: str) -> list[ET.Element]:
    return [e for e in root.iter(NS + tag) if cls in (e.get("class") or "").split()]


def test_valid_xml_to_scale_in_both_languages() -> None:
    """MK-G1: the battlefield to scale, north at the top; the same view gives the same bytes."""
    shown = view(battle(), 0)
    for lang in LANGS:
        text = svg(shown, lang)
        root = parse(text)
        assert root.tag == NS + "svg"
        (field,) = by_class(root, "rect", "battlefield")
        assert float(field.get("width", 0)) == pytest.approx(SIZE)
        assert float(field.get("height", 0)) == pytest.approx(SIZE)
        assert svg(shown, lang) == text
    assert "Campo de batalla" in svg(shown, "es")


def test_MK_G2_MK_G3_bases_and_front_arc_wedges() -> None:
    """MK-G2: one circle of the base radius per warrior on the table; MK-G3: its front arc as a
    wedge around its facing, and a facing line."""
    st = battle()
    root = parse(svg(view(st, 0)))
    bases = by_class(root, "circle", "base")
    assert len(bases) == 5
    scale = SIZE / st.size
    radius = st.radius * scale
    assert all(float(b.get("r", 0)) == pytest.approx(radius, abs=0.01) for b in bases)
    wedges = by_class(root, "path", "front-arc")
    assert len(wedges) == 5
    groups = {g.get("data-id"): g for g in by_class(root, "g", "warrior")}
    assert set(groups) == {"a1", "a2", "a3", "b1", "b2"}
    # a1 at (10, 2) facing 90 (north): its base centre on the page, its wedge pointing up.
    a1 = groups["a1"]
    base = by_class(a1, "circle", "base")[0]
    cx, cy = MARGIN + 10 * scale, MARGIN + (st.size - 2) * scale
    assert float(base.get("cx", 0)) == pytest.approx(cx, abs=0.01)
    assert float(base.get("cy", 0)) == pytest.approx(cy, abs=0.01)
    d = by_class(a1, "path", "front-arc")[0].get("d", "")
    points = [tuple(map(float, p.split(","))) for p in re.findall(r"-?[\d.]+,-?[\d.]+", d)]
    (_, _), (x1, y1), (x2, y2) = points
    assert y1 < cy and y2 < cy                    # both arc ends above the centre: facing north
    assert x1 == pytest.approx(cx + radius * math.cos(math.radians(45)), abs=0.01)
    assert x2 == pytest.approx(cx - radius * math.cos(math.radians(45)), abs=0.01)
    facing = by_class(a1, "line", "facing")[0]
    assert float(facing.get("y2", 0)) < cy
    assert float(facing.get("x2", 0)) == pytest.approx(cx, abs=0.01)


def test_MK_G3_wide_and_full_arcs() -> None:
    """MK-G3, MK-X4: a 180° arc is a half disc; a wider one takes the large arc; 360° is the
    whole disc."""
    assert " 0 0 0 " in wedge(0, 0, 10, 90, 180)
    assert " 0 1 0 " in wedge(0, 0, 10, 90, 270)
    whole = wedge(50, 50, 10, 0, 360)
    assert whole.count(" A ") == 2


def test_MK_14_1_terrain_by_kind_low_wall_and_zones() -> None:
    """MK-14.1: a polygon per piece, classed by kind; MK-G17: a low wall keeps its thickness;
    MK-G18: each seat's deployment zone, lightly."""
    shown = view(battle(), 0)
    root = parse(svg(shown))
    kinds = {p.get("data-piece"): p.get("class") for p in root.iter(NS + "polygon")}
    assert kinds == {"t1": "terrain hindering", "t2": "terrain blocking",
                     "t3": "terrain low_wall"}
    wall = next(p for p in root.iter(NS + "polygon") if p.get("data-piece") == "t3")
    assert wall.get("data-thickness") == "0.5"
    zones = by_class(root, "rect", "deploy-zone")
    assert [z.get("data-seat") for z in zones] == ["0", "1"]
    assert all(float(z.get("fill-opacity", 1)) < 0.3 for z in zones)
    assert deploy_box("south", 39.37, 39.37) == pytest.approx((8, 0, 31.37, 3))
    assert deploy_box("east", 39.37, 39.37) == pytest.approx((36.37, 8, 39.37, 31.37))


def test_MK_G20_ladders_on_steep_pieces() -> None:
    # MK-G20: a steep piece's ladder is drawn on its outline.
    st = mk_state(terrain=[{"template": "mesa", "at": [20, 15], "rotate": 0}],
                  options={"elevated_terrain": True})
    root = parse(svg(view(st, 0)))
    assert len(by_class(root, "polygon", "steep")) == 1
    ladders = by_class(root, "g", "ladder")
    assert len(ladders) == 1 and ladders[0].get("data-piece") == "t1"


def test_MK_12_4_captive_links_and_tokens() -> None:
    # MK-12.4: a dashed link from captor to captive; MK-5.1: a token dot per token.
    root = parse(svg(view(battle(), 1)))
    (link,) = by_class(root, "line", "captive-link")
    assert (link.get("data-captor"), link.get("data-captive")) == ("a3", "b2")
    groups = {g.get("data-id"): g for g in by_class(root, "g", "warrior")}
    assert "captive" in (groups["b2"].get("class") or "")
    assert len(by_class(groups["a2"], "circle", "token")) == 1
    assert len(by_class(groups["a1"], "circle", "token")) == 0


def test_MK_8_2_line_of_fire_of_the_last_ranged_action() -> None:
    """MK-8.2: the line of fire from shooter to target, drawn after a ranged action only."""
    st = mk_state(players=[{"army": [3]}, {"army": [5]}],
                  warriors={"a1": {"at": [10, 2], "facing": 90},
                            "b1": {"at": [10, 10], "facing": 270}}, dice=[3, 3])
    assert not by_class(parse(svg(view(st, 0))), "line", "lof")
    act(st, "shoot a1 at b1")
    (lof,) = by_class(parse(svg(view(st, 1))), "line", "lof")
    assert (lof.get("data-from"), lof.get("data-to")) == ("a1", "b1")


def test_MK_24_1_tooltips_show_the_current_click_only() -> None:
    """MK-24.1, MK-X12: a warrior's tooltip has its current values and abilities only."""
    root = parse(svg(view(battle(), 1)))
    groups = {g.get("data-id"): g for g in by_class(root, "g", "warrior")}
    tip = groups["a1"].findtext(NS + "title") or ""
    assert "spd 8 att 11 def 16 dmg 3" in tip and "Weapon Master" in tip
    assert "Battle Fury" not in tip and "Berserk" not in tip


@pytest.mark.parametrize("lang", LANGS)
def test_MK_X12_hidden_army_not_in_the_picture(lang: str) -> None:
    """MK-X12: another seat's undeployed army shows nowhere in the picture."""
    st, names = hidden_army_st()
    text = svg(view(st, 1), lang)
    parse(text)
    assert all(name not in text for name in names)
    assert not by_class(parse(text), "g", "warrior")
