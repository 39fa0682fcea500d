"""Hostile setups (docs/games/mage-wars.md, "Setup mapping"): every number of a setup is a whole
number within its bounds or the setup is refused naming the field, changing nothing; a banished
creature (Banish, MW-S12) can be written in a setup and behaves as one Banish sent away; the SVG
board draws banished creatures as the text board lists them."""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import grimorio
from grimorio.core.errors import ScenarioError
from grimorio.core.state import view
from grimorio.games.mage_wars import render
from grimorio.games.mage_wars.setup import MAX_DAMAGE, MAX_MANA, MAX_MARKERS, MAX_OID
from grimorio.games.mage_wars.state import MageWarsState
from grimorio.games.mage_wars.svg import COLOURS, svg
from tests.mage_wars.mwkit import acts, events, pass_windows, scenario
from tests.mage_wars.test_cards_core_seven import to_planning

NS = "{http://www.w3.org/2000/svg}"
WOLF = {"card": "timber-wolf", "controller": 1, "zone": "B1"}
TWO = [{"class": "wizard", "zone": "A1"}, {"class": "beastmaster", "zone": "C2"}]


def _with(path: str, value: Any) -> dict[str, Any]:
    """A valid setup (two mages, the beastmaster's wolf o3 in B1, a Rhino Hide o4 on it) with
    the field at `path` (dotted, list indexes as numbers) set to `value`."""
    setup: dict[str, Any] = {"round": 2, "players": copy.deepcopy(TWO),
                             "objects": [dict(WOLF),
                                         {"card": "rhino-hide", "controller": 1, "host": 3}]}
    keys = path.split(".")
    node: Any = setup
    for key in keys[:-1]:
        node = node[int(key)] if key.isdigit() else node.setdefault(key, {})
    node[keys[-1]] = value
    return setup


BAD_TYPES: list[Any] = [True, False, 2.0, 1.5, float("nan"), float("inf"), "2", "", None,
                        [1], {"n": 1}]
# (field path in the setup, the field as the error names it, values out of range)
NUMBERS: list[tuple[str, str, list[Any]]] = [
    ("round", "round", [0, -1, 31, 10**12]),
    ("initiative", "initiative", [-1, 2, 10**12]),
    ("players.0.mana", "players[0].mana", [-1, MAX_MANA + 1, 10**100]),
    ("players.1.damage", "players[1].damage", [-1, MAX_DAMAGE + 1, -(10**100)]),
    ("players.0.markers.burn", "players[0].markers.burn", [-1, MAX_MARKERS + 1, 10**9]),
    ("objects.0.damage", "objects[0].damage", [-5, MAX_DAMAGE + 1]),
    ("objects.0.mana", "objects[0].mana", [-1, MAX_MANA + 1]),
    ("objects.0.markers.weak", "objects[0].markers.weak", [-1, MAX_MARKERS + 1]),
    ("objects.0.late.stun", "objects[0].late.stun", [-1, MAX_MARKERS + 1]),
    ("objects.0.oid", "objects[0].oid", [0, 1, 2, -3, MAX_OID + 1]),
    ("objects.0.entered_round", "objects[0].entered_round", [-1, 3, 10**6]),
    ("objects.1.host", "objects[1].host", [-1, 0]),
]
CASES = [(path, name, v) for path, name, values in NUMBERS for v in values] + \
        [(path, name, v) for path, name, _ in NUMBERS for v in BAD_TYPES
         if not (v is None and path in ("objects.1.host",))]


@pytest.mark.parametrize(("path", "name", "value"), CASES,
                         ids=[f"{p}={v!r}" for p, _, v in CASES])
def test_a_number_out_of_bounds_or_of_another_type_is_refused_naming_it(
        path: str, name: str, value: Any) -> None:
    """Setups: each numeric field is a whole number (a bool, a float, a text refused) within
    the documented bounds; the error names the field; the mapping is left as it was and the
    game builds the same position from a good setup afterwards."""
    game = grimorio.load_game("mage-wars")
    before = game.new_initial_state(1, setup=_with("round", 2)).document()
    setup = _with(path, value)
    kept = copy.deepcopy(setup)
    with pytest.raises(ScenarioError) as caught:
        game.new_initial_state(1, setup=setup)
    message = str(caught.value)
    assert message.startswith(f"{name}:") or message.startswith(f"{name.rsplit('.', 1)[0]}:"), \
        message
    assert repr(setup) == repr(kept)            # nan != nan: compare the text
    assert game.new_initial_state(1, setup=_with("round", 2)).document() == before


@pytest.mark.parametrize(("path", "value"), [
    ("round", 1), ("round", 30), ("initiative", 1), ("players.0.mana", 0),
    ("players.0.mana", MAX_MANA), ("players.1.damage", 23), ("players.0.markers.burn", 0),
    ("players.0.markers.weak", MAX_MARKERS), ("objects.0.damage", 9), ("objects.0.mana", MAX_MANA),
    ("objects.0.markers.weak", MAX_MARKERS), ("objects.0.oid", MAX_OID),
    ("objects.0.entered_round", 0), ("objects.0.entered_round", 2)])
def test_the_bounds_themselves_are_accepted(path: str, value: Any) -> None:
    """Setups: the documented bounds are inclusive (round up to the option round_limit, 30;
    damage short of the life, MW-3.1; entered_round up to the setup's round)."""
    setup = _with(path, value)
    if path == "objects.0.oid":
        setup["objects"][1]["host"] = MAX_OID
    st = scenario(setup)
    assert st.round == setup["round"]


def test_round_is_bounded_by_the_round_limit_option() -> None:
    """MW-S9: the round limit is an option; a setup's round goes up to it and no further."""
    assert scenario({"round": 50}, round_limit=50).round == 50
    with pytest.raises(ScenarioError, match=r"^round: at most 50, not 51$"):
        scenario({"round": 51}, round_limit=50)


@pytest.mark.parametrize("value", [0, -1, 1000, True, 2.5, "20"])
def test_a_full_mages_life_is_bounded(value: Any) -> None:
    """MW-7.18, MW-7.25: a full game's mage takes `life` in a setup, from 1 to 999."""
    players = [{"life": value}, {}]
    with pytest.raises(ScenarioError, match=r"^players\[0\]\.life: "):
        scenario({"players": players}, mode="full")
    assert scenario({"players": [{"life": 999}, {"life": 1}]}, mode="full").player(0).life == 999


# ---------------------------------------------------------------------------- banished

def _cast_banish(active: bool, extra: list[dict[str, Any]] | None = None) -> MageWarsState:
    """The wizard (o1, A1) at its menu banishes the beastmaster's wolf o3 (B1, its action
    marker `active`), in round 1; `extra` objects from o4 on."""
    st = scenario({"phase": "menu", "activate": 1,
                   "objects": [{**WOLF, "active": active}, *(extra or [])],
                   "players": [{"class": "wizard", "zone": "A1", "mana": 30,
                                "planned": ["banish"]},
                               {"class": "beastmaster", "zone": "C2"}]})
    acts(st, "cast banish o3")
    pass_windows(st)
    assert st.obj(3).zone is None
    return st


def _set_banished(active: bool, tokens: int = 3, extra: list[dict[str, Any]] | None = None
                  ) -> MageWarsState:
    """The same position written as a setup: the wolf banished from B1 with `tokens` left."""
    return scenario({"objects": [{"card": "timber-wolf", "controller": 1, "active": active,
                                  "banished": {"tokens": tokens, "from": "B1"}},
                                 *(extra or [])],
                     "players": [{"class": "wizard", "zone": "A1", "discard": ["banish"]},
                                 {"class": "beastmaster", "zone": "C2"}]})


def _wolf_line(st: MageWarsState, seat: int, lang: str = "en") -> str:
    return next(line for line in render.render(view(st, seat), lang).splitlines()
                if "o3 " in line and ("banished" in line or "desterrada" in line))


@pytest.mark.parametrize("active", [True, False])
def test_a_banished_creature_from_a_setup_behaves_as_one_banish_sent_away(active: bool) -> None:
    """MW-S12, MW-3.14: the wolf banished by casting Banish and the wolf written banished in a
    setup are the same object (no zone, the same memo: 3 tokens, the zone it left, its action
    marker); on the next upkeeps a token comes off each (2, then 1) and the third puts it back
    in B1 with the marker it had, in both."""
    cast, setup = _cast_banish(active), _set_banished(active)
    for st in (cast, setup):
        assert st.obj(3).zone is None and st.obj(3).active == active
    assert setup.obj(3).memo == cast.obj(3).memo
    assert _wolf_line(setup, 0) == _wolf_line(cast, 0)
    for round_no, left in ((2, 2), (3, 1)):
        for st in (cast, setup):
            to_planning(st, round_no)
            assert st.obj(3).zone is None and st.obj(3).memo["banish"] == left
            assert st.obj(3).active == active
    for st in (cast, setup):
        to_planning(st, 4)
        wolf = st.obj(3)
        assert wolf.zone == "B1" and not wolf.memo and wolf.active == active
        assert [e.data["tokens"] for e in events(st, "banish-token")] == [2, 1]
        assert [e.data["zone"] for e in events(st, "banish-return")] == ["B1"]


def test_a_setup_banished_creature_with_one_token_returns_at_the_next_upkeep() -> None:
    """MW-S12: `banished.tokens` is the Banish tokens left: with 1, the next Upkeep takes the
    last off and the wolf is back in the zone it left; nothing reaches it before."""
    st = _set_banished(True, tokens=1)
    assert "3 Banish tokens" not in _wolf_line(st, 0) and "1 Banish tokens" in _wolf_line(st, 0)
    to_planning(st, 2)
    assert st.obj(3).zone == "B1" and not st.obj(3).memo


@pytest.mark.parametrize(("obj", "match"), [
    ({"card": "timber-wolf", "banished": {"tokens": 0, "from": "B1"}},
     r"^objects\[0\]\.banished\.tokens: at least 1"),
    ({"card": "timber-wolf", "banished": {"tokens": 4, "from": "B1"}},
     r"^objects\[0\]\.banished\.tokens: at most 3, not 4$"),
    ({"card": "timber-wolf", "banished": {"tokens": True, "from": "B1"}},
     r"^objects\[0\]\.banished\.tokens: a whole number"),
    ({"card": "timber-wolf", "banished": {"tokens": 2.0, "from": "B1"}},
     r"^objects\[0\]\.banished\.tokens: a whole number"),
    ({"card": "timber-wolf", "banished": {"tokens": "3", "from": "B1"}},
     r"^objects\[0\]\.banished\.tokens: a whole number"),
    ({"card": "timber-wolf", "banished": {"from": "B1"}},
     r"^objects\[0\]\.banished\.tokens: needed"),
    ({"card": "timber-wolf", "banished": {"tokens": 2}},
     r"^objects\[0\]\.banished\.from: needed"),
    ({"card": "timber-wolf", "banished": {"tokens": 2, "from": "Z9"}},
     r"^objects\[0\]\.banished\.from: 'Z9' is not a zone"),
    ({"card": "timber-wolf", "banished": {"tokens": 2, "from": 3}},
     r"^objects\[0\]\.banished\.from: 3 is not a zone"),
    ({"card": "timber-wolf", "banished": {"tokens": 2, "from": "B1", "round": 1}},
     r"^objects\[0\]\.banished: unknown field 'round'"),
    ({"card": "timber-wolf", "banished": 3}, r"^objects\[0\]\.banished: a mapping"),
    ({"card": "timber-wolf", "banished": True}, r"^objects\[0\]\.banished: a mapping"),
    ({"card": "timber-wolf", "zone": "B1", "banished": {"tokens": 2, "from": "B1"}},
     r"^objects\[0\]\.banished: a banished creature stands in no zone"),
    ({"card": "idol-of-pestilence", "banished": {"tokens": 2, "from": "B1"}},
     r"^objects\[0\]\.banished: only a creature"),
    ({"card": "rhino-hide", "host": 1, "banished": {"tokens": 2, "from": "B1"}},
     r"^objects\[0\]\.banished: only a creature"),
    ({"card": "timber-wolf", "damage": 10, "banished": {"tokens": 2, "from": "B1"}},
     r"^o3 \(timber-wolf\): damage 10 is at least its life 10"),
    ({"card": "timber-wolf", "damage": 1000, "banished": {"tokens": 2, "from": "B1"}},
     r"^objects\[0\]\.damage: at most 999, not 1000$"),
])
def test_a_malformed_banished_field_is_refused(obj: dict[str, Any], match: str) -> None:
    """MW-S12: `banished: {tokens: 1..3, from: ZONE}` only on a creature, with no zone; a
    banished creature with damage at least its life is already destroyed (MW-X-8.2)."""
    with pytest.raises(ScenarioError, match=match):
        scenario({"objects": [{"controller": 1, **obj}]})


def test_a_creature_still_needs_a_zone_or_banished() -> None:
    """Setups: a creature with neither a zone nor `banished` is refused as before."""
    with pytest.raises(ScenarioError, match="needs a zone"):
        scenario({"objects": [{"card": "timber-wolf", "controller": 1}]})


# ---------------------------------------------------------------------------- the SVG board

def _svg_root(st: MageWarsState, seat: int, lang: str) -> tuple[str, ET.Element]:
    text = svg(view(st, seat), lang)
    return text, ET.fromstring(text)


def _banished_groups(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if g.get("class") == "banished"]


@pytest.mark.parametrize("how", ["cast", "setup"])
def test_the_svg_board_draws_a_banished_creature_with_its_tokens(how: str) -> None:
    """MW-S12: the SVG board draws the banished wolf in a strip under the arena, as the text
    board lists it: its token (o3, the controller's colour), its caption with the Banish tokens
    left, its spells beside it; an opponent's face-down enchantment on it is a blank card whose
    name the picture never holds (MW-5.78); its controller sees the name; in Spanish too."""
    extra = [{"card": "rhino-hide", "controller": 1, "host": 3},
             {"card": "bear-strength", "controller": 1, "host": 3, "face_up": False}]
    st = _cast_banish(True, extra) if how == "cast" else _set_banished(True, 3, extra)
    text, root = _svg_root(st, 0, "en")
    (strip,) = _banished_groups(root)
    tokens = [g for g in strip.iter(f"{NS}g") if "token" in (g.get("class") or "").split()]
    assert [g.get("data-oid") for g in tokens] == ["3"]
    circle = tokens[0].find(f"{NS}circle")
    assert circle is not None and circle.get("fill") == COLOURS[1]
    caption = [el for el in strip.iter(f"{NS}text") if el.get("class") == "banished-caption"]
    assert [el.text for el in caption] == ["o3 Timber Wolf P2 · 3 Banish tokens"]
    assert caption[0].get("fill") == COLOURS[1]
    cards = {el.get("data-oid"): el for el in strip.iter(f"{NS}rect")
             if "card" in (el.get("class") or "").split()}
    assert sorted(cards) == ["4", "5"] and "face-down" in (cards["5"].get("class") or "")
    assert "Rhino Hide" in text and "Bear Strength" not in text
    es, root_es = _svg_root(st, 1, "es")
    (strip_es,) = _banished_groups(root_es)
    assert "3 fichas de Destierro" in es and "Desterradas" in es
    assert "Fuerza de Oso" in es and "Piel de Rinoceronte" in es    # its own spells
    assert "o3 " in "".join(strip_es.itertext())


def test_the_svg_board_has_no_banished_strip_without_a_banished_creature() -> None:
    """MW-S12: the strip and its room appear only while a creature is banished; after its
    return the wolf stands in B1 again and the picture is as tall as before."""
    st = _set_banished(True, tokens=1)
    _, root = _svg_root(st, 0, "en")
    assert len(_banished_groups(root)) == 1
    tall = int(root.get("height") or 0)
    to_planning(st, 2)
    _, after = _svg_root(st, 0, "en")
    assert _banished_groups(after) == [] and int(after.get("height") or 0) < tall
    assert any(g.get("data-oid") == "3" for g in after.iter(f"{NS}g")
               if "token" in (g.get("class") or "").split())
