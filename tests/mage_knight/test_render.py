"""The terminal panel of a mage-knight view (`grimorio.games.mage_knight.render`), both languages.

The panel reads the view only: a warrior shows its current click and nothing else (MK-24.1,
MK-X12), and another seat's army stays out of it until deployed (MK-X12).
"""

from __future__ import annotations

from typing import Any

import pytest

from grimorio.cli.render import render_view
from grimorio.core.state import view
from grimorio.games.mage_knight import data
from grimorio.games.mage_knight.render import map_cell, render
from grimorio.games.mage_knight.state import MageKnightState
from tests.mage_knight.mkkit import ALTEM, CROSSBOW, GUARD, mk_state, new_game

LANGS = ("en", "es")

TERRAIN = [{"template": "woods", "at": [10, 15], "rotate": 0},
           {"template": "boulders", "at": [30, 25], "rotate": 0},
           {"template": "low_wall", "at": [25, 12], "rotate": 0}]


# ---- helpers shared with test_svg.py ---------------------------------------------------------
def battle(**fields: Any) -> MageKnightState:
    """Two armies in play: a1 Altem Guardsman, a2 Utem Crossbowman (one token), a3 Utem
    Guardsman holding b2 captive; b1 Utem Guardsman far north, b2 held by a3. Entries of a
    `warriors` field replace those warriors' entries."""
    changes = fields.pop("warriors", {})
    setup: dict[str, Any] = {
        "players": [{"army": [ALTEM, CROSSBOW, GUARD]}, {"army": [GUARD, CROSSBOW]}],
        "terrain": TERRAIN,
        "warriors": {"a1": {"at": [10, 2], "facing": 90},
                     "a2": {"at": [20, 3], "facing": 45, "tokens": 1},
                     "a3": {"at": [30, 5], "facing": 0, "captive": "b2"},
                     "b1": {"at": [10, 30], "facing": 270},
                     "b2": {"at": [31.25, 5], "facing": 180}},
    }
    setup["warriors"].update(changes)
    setup.update(fields)
    return mk_state(setup)


def map_rows(text: str) -> list[str]:
    """The map's rows (the cells only, without the y labels and the frame)."""
    lines = text.splitlines()
    borders = [i for i, line in enumerate(lines) if line.strip().startswith("+-")]
    return [line.split("|", 1)[1][:-1] for line in lines[borders[0] + 1:borders[1]]]


def table_row(text: str, wid: str) -> list[str]:
    """The words of a warrior's row in the figures table."""
    for line in text.splitlines():
        words = line.split()
        if words and words[0] == wid:
            return words
    raise AssertionError(f"no row for {wid}")


def hidden_army_st() -> tuple[MageKnightState, list[str]]:
    """A new game where P1 has chosen an army secretly and P2 has not: P1's figure names."""
    st = new_game(3)
    st.apply(st.legal_actions()[0])
    lib = data.library()
    names = []
    for number in st.players[0].army:
        fig = lib.figures[number]
        names += [fig.name, fig.name_es or fig.name]
    return st, names


# ---- the map ---------------------------------------------------------------------------------
def test_MK_G1_ids_at_their_cells_with_facing_arrows() -> None:
    """MK-G1: north (y = H) at the top, x to the right; the id starts at its centre's cell and
    its facing arrow follows."""
    st = battle()
    shown = view(st, 0)
    text = render(shown, "en")
    rows = map_rows(text)
    assert len(rows) == 32 and all(len(r) == 64 for r in rows)
    assert map_cell(shown["state"], 10, 2) == (30, 16)
    assert rows[30][16:19] == "a1↑"
    assert map_cell(shown["state"], 10, 30) == (7, 16)
    assert rows[7][16:19] == "b1↓"
    assert rows[29][32:35] == "a2↗"
    r, c = map_cell(shown["state"], 30, 5)
    assert rows[r][c:c + 2] == "a3"
    assert "b2" in rows[r]               # the captive is on the table next to its captor


def test_MK_14_1_terrain_shaded_by_kind_with_legend() -> None:
    """MK-14.1: each kind has its own shade; the legend names the kinds on the table; a low
    wall thinner than a cell still shows (MK-G17)."""
    st = battle()
    shown = view(st, 0)
    text = render(shown, "en")
    rows = map_rows(text)
    r, c = map_cell(shown["state"], 10, 15)
    assert rows[r][c] == "░"
    r, c = map_cell(shown["state"], 30, 25)
    assert rows[r][c] == "█"
    r, c = map_cell(shown["state"], 25, 12)
    assert rows[r][c] == "="
    assert rows[0][0] == "."
    assert "░ hindering" in text and "█ blocking" in text and "= low wall" in text
    assert "t1 Light woods (hindering)" in text
    spanish = render(shown, "es")
    assert "░ difícil" in spanish and "█ infranqueable" in spanish
    assert "t1 Bosque claro (difícil)" in spanish


def test_map_edges_name_their_players() -> None:
    # MK-X8: two players take the south and north edges.
    text = render(view(battle(), 0), "en")
    assert "north · P2" in text and "south · P1" in text
    assert "norte · J2" in render(view(battle(), 0), "es")


# ---- the figures table -----------------------------------------------------------------------
def test_figures_table_values_in_both_languages() -> None:
    """MK-1.2: the current speed, attack, defense and damage; range and the table position."""
    st = battle()
    shown = view(st, 0)
    en = render(shown, "en")
    assert table_row(en, "a1") == ["a1", "P1", "Altem", "Guardsman", "tough", "37", "10,2",
                                   "90°", "↑", "8", "11", "16", "3", "6"]
    assert table_row(en, "b1") == ["b1", "P2", "Utem", "Guardsman", "standard", "13", "10,30",
                                   "270°", "↓", "8", "8", "15", "3", "0"]
    assert table_row(en, "a2")[5:] == ["12", "20,3", "45°", "↗", "8", "8", "15", "1", "10"]
    assert "abilities: Battle Armor, Weapon Master" in en
    es = render(shown, "es")
    assert table_row(es, "a1")[:5] == ["a1", "J1", "Guardia", "Altemo", "duro"]
    assert table_row(es, "b1")[4] == "normal"
    assert "habilidades: Armadura de batalla, Maestro de armas" in es
    assert "Figuras:" in es and "vel" in es and "Figures:" in en


def test_tokens_and_captive_links() -> None:
    # MK-5.1 tokens shown; MK-12.4 the captor and its captive name each other.
    st = battle()
    en = render(view(st, 1), "en")
    assert "tokens 1" in en
    assert "holds b2" in en and "captive of a3" in en
    es = render(view(st, 1), "es")
    assert "fichas 1" in es and "retiene a b2" in es and "prisionero de a3" in es


def test_MK_24_1_only_the_current_click() -> None:
    """MK-24.1, MK-X12: the values and abilities of the current click only: the Altem
    Guardsman's later Battle Fury and Berserk do not show on its first click, and do on
    the fifth."""
    start = render(view(battle(), 1), "en")
    assert "Battle Fury" not in start and "Berserk" not in start
    hurt = battle(warriors={"a1": {"at": [10, 2], "facing": 90, "click": 4}})
    text = render(view(hurt, 1), "en")
    assert table_row(text, "a1")[9:13] == ["6", "8", "14", "2"]
    assert "abilities: Battle Fury" in text and "Berserk" not in text


def test_eliminated_and_off_table_warriors() -> None:
    # MK-1.5: an eliminated warrior is listed, not drawn.
    st = battle(warriors={"a3": {"at": [30, 5], "facing": 0}, "b2": {"eliminated": True}})
    text = render(view(st, 0), "en")
    assert table_row(text, "b2")[6] == "-"
    assert "eliminated" in text
    assert all("b2" not in row for row in map_rows(text))


# ---- players, header and decision --------------------------------------------------------------
def test_players_vp_actions_and_decision() -> None:
    """MK-22.5: VP if the game ended now (own survivors + 2 × captives held); MK-4.2: actions
    left; the pending decision and who takes it."""
    st = battle()
    en = render(view(st, 0), "en")
    # P1: 37 + 12 + 13 survivors, 2 × 12 for the captive b2; P2: only b1 (b2 is held).
    assert "VP now 86: eliminations 0, captives 24, survivors 62" in en
    assert "VP now 13: eliminations 0, captives 0, survivors 13" in en
    assert "P1 (you) · edge south · actions left 2" in en
    assert "Decision: P1 plays the turn" in en
    assert "candidate actions:" in en
    es = render(view(st, 0), "es")
    assert "PV ahora 86: eliminaciones 0, prisioneros 24, supervivientes 62" in es
    assert "J1 (tú) · borde sur · acciones restantes 2" in es
    assert "Decisión: J1 juega el turno" in es
    assert "fase batalla" in es and "phase battle" in en
    # Another seat sees who decides but gets no candidates.
    assert "candidate actions" not in render(view(st, 1), "en")


def test_no_square_brackets_and_the_cli_uses_it() -> None:
    """rich would read square brackets as markup; the CLI finds this module by convention."""
    shown = view(battle(), 0)
    for lang in LANGS:
        text = render(shown, lang)
        assert "[" not in text and "]" not in text
        assert render_view(shown, lang) == text


# ---- hidden armies -----------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_MK_X12_another_seats_army_is_hidden_until_deployed(lang: str) -> None:
    """MK-X12: P2 sees that P1 has chosen, not what; P1 sees his own list."""
    st, names = hidden_army_st()
    other = render(view(st, 1), lang)
    for name in names:
        assert name not in other
    assert ("army hidden until deployed" if lang == "en"
            else "ejército oculto hasta desplegarlo") in other
    own = render(view(st, 0), lang)
    assert any(name in own for name in names)
    spectator = render(view(st, None), lang)
    assert all(name not in spectator for name in names)


def test_MK_G18_deployment_zones_while_deploying() -> None:
    """MK-3.9, MK-G18: while players deploy, the clear cells of each deployment zone show as
    `,` (centres within 3 in of the own edge, at least 8 in from the others)."""
    st = new_game(3, armies="black-powder-company,elemental-circle", terrain="none")
    assert st.phase == "deploy"
    shown = view(st, 0)
    text = render(shown, "en")
    rows = map_rows(text)
    r, c = map_cell(shown["state"], 20, 1)
    assert rows[r][c] == ","
    r, c = map_cell(shown["state"], 4, 1)            # closer than 8 in to the west edge
    assert rows[r][c] == "."
    r, c = map_cell(shown["state"], 20, 38.5)
    assert rows[r][c] == ","
    assert ", deployment zone" in text
    assert ", zona de despliegue" in render(shown, "es")
    assert "," not in "".join(map_rows(render(view(battle(), 0), "en")))


def test_MK_X12_random_setup_and_play_never_show_hidden_armies() -> None:
    """MK-X12: along a random three-player game from the army choice, every seat's panel and
    picture name no figure of an army the seat may not see yet; the picture stays valid XML
    and the panel free of square brackets."""
    import random
    import xml.etree.ElementTree as ET

    from grimorio.games.mage_knight.svg import svg

    lib = data.library()
    st = new_game(7, players=3, build_total=100, terrain_per_player=1, round_limit=1)
    rng = random.Random(7)
    for step in range(400):
        if st.is_terminal():
            break
        for seat in (None, *st.seats):
            # A warrior already on the table is public even while its army's list is not.
            seen = {w.number for w in st.warriors.values() if st.warrior_visible(w, seat)}
            secret = {w.number for w in st.warriors.values()
                      if not st.warrior_visible(w, seat)} - seen
            names = {lib.figures[n].name for n in secret}
            shown = view(st, seat)
            for lang in LANGS:
                text = render(shown, lang)
                picture = svg(shown, lang)
                ET.fromstring(picture)
                assert "[" not in text
                assert not any(name in text or name in picture for name in names), step
        st.apply(rng.choice(st.legal_actions()))
