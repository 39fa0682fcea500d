"""Setup (WW-2.1 to WW-2.12), the options and the setup mapping."""

from __future__ import annotations

import pytest

import grimorio
from grimorio.core.errors import ScenarioError
from grimorio.games.wiz_war.cards import deck_keys, load_cards
from tests.wiz_war.wwkit import make, wiz


def test_default_setup() -> None:
    """WW-2.1 random colours, WW-2.5 wizards at home, WW-2.6 two treasures each on the
    treasure starts, WW-2.9 five cards each, WW-2.11 life 15, WW-2.7 and WW-A25 84 cards."""
    game = grimorio.load_game("wiz-war")
    st = game.new_initial_state(3)
    doc = st.document()["state"]
    assert len(doc["wizards"]) == 2
    total = doc_cards = len(doc["deck"]) + sum(len(w["hand"]) for w in doc["wizards"])
    assert total == doc_cards == 84
    for w in doc["wizards"]:
        assert w["life"] == 15 and len(w["hand"]) == 5
        assert w["square"] == st.board.square_name(st.board.home(w["colour"]))   # type: ignore[attr-defined]
        mine = [t for t in doc["treasures"] if t["colour"] == w["colour"]]
        starts = {st.board.square_name(s)  # type: ignore[attr-defined]
                  for s in st.board.treasure_starts(w["colour"])}  # type: ignore[attr-defined]
        assert {t["square"] for t in mine} == starts
    assert {w["colour"] for w in doc["wizards"]} <= {"blue", "red", "yellow", "green"}


def test_random_colours_and_first_player_vary_with_the_seed() -> None:
    """WW-2.1 colours at random; WW-2.12 the first player at random."""
    game = grimorio.load_game("wiz-war")
    seen = {(tuple(w["colour"] for w in game.new_initial_state(s).document()["state"]["wizards"]),
             game.new_initial_state(s).document()["state"]["first"]) for s in range(12)}
    assert len(seen) > 2


def test_deck_is_cantrip_plus_three_schools() -> None:
    """WW-2.7, WW-2.8, WW-A25: 12 cantrip + 3 x 24 cards."""
    cards = load_cards()
    assert len(deck_keys(cards, ["alchemy", "elemental", "mentalism"])) == 84
    assert len(deck_keys(cards, [])) == 12


@pytest.mark.parametrize("schools", ["alchemy,elemental", "cantrip,alchemy,elemental",
                                     "alchemy,alchemy,elemental", "alchemy,elemental,nope"])
def test_bad_schools_option(schools: str) -> None:
    """WW-2.7: three different schools, never the cantrip."""
    with pytest.raises(ValueError):
        grimorio.load_game("wiz-war", schools=schools)


@pytest.mark.parametrize("players", [3, 4])
def test_more_players(players: int) -> None:
    """WW-1.1: 2 to 4 players; WW-X1 the layouts."""
    st = grimorio.load_game("wiz-war", players=players).new_initial_state(0)
    doc = st.document()["state"]
    assert len(doc["wizards"]) == players and len(doc["treasures"]) == 2 * players


def test_setup_mapping_places_things() -> None:
    """The setup mapping: squares, life, hands, items, treasures carried."""
    sc = make(blue={"square": "b3", "life": 9, "items": ["large-rock"], "treasures": ["red1"]},
              hands={"blue": ["zot", "energy-5"], "red": []})
    blue = wiz(sc, "blue")
    assert blue["square"] == "b3" and blue["life"] == 9
    assert blue["items"] == ["large-rock"] and blue["treasures"] == ["red1"]
    assert sorted(blue["hand"]) == ["energy-5", "zot"]


@pytest.mark.parametrize("bad", [{"colours": ["blue"]}, {"hands": {"pink": []}},
                                 {"wizards": {"blue": {"square": "z9"}}}, {"nonsense": 1},
                                 {"hands": {"blue": ["no-such-card"]}}, {"round": 0},
                                 {"objects": [{"kind": "dragon", "square": "a1"}]}])
def test_malformed_setups_raise(bad: dict[str, object]) -> None:
    with pytest.raises(ScenarioError):
        make(**bad)


TWO_PLACES = [{"colour": "blue", "row": 0, "col": 0}, {"colour": "red", "row": 0, "col": 5}]
MALFORMED: dict[str, tuple[dict[str, object], str]] = {
    "colours unhashable": ({"colours": [{}, {}]}, "colours"),
    "colours a string": ({"colours": "blue,red"}, "colours"),
    "face unknown": ({"face": "C", "places": None}, "face"),
    "places colours differ": ({"places": [{**TWO_PLACES[0], "colour": "green"}, TWO_PLACES[1]]},
                              "places"),
    "spell energy text": ({"spells": [{"card": "fog", "caster": "blue", "energy": "x"}]},
                          "spells.energy"),
    "spell tokens text": ({"spells": [{"card": "fog", "caster": "blue", "tokens": "x"}]},
                          "spells.tokens"),
    "spell tokens list": ({"spells": [{"card": "fog", "caster": "blue", "tokens": [1]}]},
                          "spells.tokens"),
    "spell targets missing": ({"spells": [{"card": "fools-gold", "caster": "red"}]},
                              "spells.targets"),
    "spell target unknown": ({"spells": [{"card": "fools-gold", "caster": "red",
                                          "targets": ["zz"]}]}, "spells.targets"),
    "spell target wrong kind": ({"spells": [{"card": "fools-gold", "caster": "red",
                                             "targets": ["a2"]}]}, "spells.targets"),
    "object kind a list": ({"objects": [{"kind": ["x"], "square": "a1"}]}, "objects"),
    "door colour unknown": ({"edges": {"a1e": "door:purple"}}, "edges.a1e"),
    "treasure carried twice": ({"wizards": {"blue": {"treasures": ["red1"]},
                                            "red": {"treasures": ["red1"]}}},
                               "wizards.red.treasures"),
    "living wizard at life 0": ({"wizards": {"blue": {"life": 0}}}, "wizards.blue"),
    "life as text": ({"wizards": {"blue": {"life": "9"}}}, "wizards.blue.life"),
    "negative stun": ({"wizards": {"blue": {"stun": -3}}}, "wizards.blue.stun"),
    "round a bool": ({"round": True}, "round"),
    "round past the turn limit": ({"round": 10**9}, "round"),
    "top-level items": ({"items": {"blue": ["zot"]}}, "items"),
    "top-level treasures": ({"treasures": {"red1": "a1"}}, "treasures"),
}


@pytest.mark.parametrize("name", list(MALFORMED))
def test_malformed_setup_is_refused_naming_the_field(name: str) -> None:
    """The setup mapping (docs/games/wiz-war.md): each malformed setup raises ScenarioError
    naming its field, never another exception or a broken position."""
    from grimorio.testing import scenario
    from tests.wiz_war.wwkit import setup

    changes, field = MALFORMED[name]
    data = setup(**changes)
    if data.get("places") is None:
        data.pop("places")
    with pytest.raises(ScenarioError, match=field.replace(".", r"\.")):
        scenario("wiz-war", setup=data)


def test_a_setup_that_is_not_a_mapping_is_refused() -> None:
    """A setup is a mapping (docs/games/wiz-war.md): a list is refused as a ScenarioError."""
    from grimorio.testing import scenario

    with pytest.raises(ScenarioError):
        scenario("wiz-war", setup=["x"])            # type: ignore[arg-type]
    with pytest.raises(ScenarioError):
        grimorio.load_game("wiz-war").new_initial_state(0, ["x"])   # type: ignore[arg-type]


@pytest.mark.parametrize(("wizards", "winner"), [
    ({"blue": {"vp": 2}}, 0),                                          # WW-1.4
    ({"blue": {"alive": False}}, 1),                                   # WW-1.5
    ({"blue": {"alive": False}, "red": {"alive": False}}, None),       # WW-1.5: a draw
])
def test_a_setup_already_won_is_over(wizards: dict[str, object], winner: int | None) -> None:
    """WW-1.4, WW-1.5: the victory check runs when a setup is applied; no turn begins."""
    sc = make(wizards=wizards)
    assert sc.doc["over"] and sc.doc["winner"] == winner
    assert sc.state.is_terminal() and sc.state.current_player is None
