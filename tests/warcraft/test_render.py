"""The terminal panel of a warcraft view (`grimorio.games.warcraft.render`), both languages.

The panel reads the view only: another player's hand shows as a count, only the viewer's own
hand by name (WC-3.7); everything public (pieces, levels, resources, VP, discards, marks,
depletion, tokens) does.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from grimorio.core.state import resample, view
from grimorio.games.warcraft import data
from grimorio.games.warcraft.game import SCENARIOS
from grimorio.games.warcraft.render import TIMINGS, card_name, decision_name, render
from grimorio.games.warcraft.state import WarcraftState
from tests.warcraft.wckit import new_game, scenario

LANGS = ("en", "es")


# ---- helpers shared with test_svg.py ---------------------------------------------------------
def walk(name: str, seed: int, steps: int, every: int = 1) -> Iterator[WarcraftState]:
    """Positions along random play of a scenario (mostly not `done`/`pass`, so armies move,
    build and fight), every `every` steps, the last one included."""
    st = new_game(seed, scenario=name, turn_limit=10)
    rng = random.Random(seed)
    for step in range(steps):
        if st.is_terminal():
            break
        if step % every == 0:
            yield st
        legal = st.legal_actions()
        active = [a for a in legal if a.notation() not in ("done", "pass")]
        st.apply(rng.choice(active if active and rng.random() < 0.75 else legal))
    yield st


def public_cards(shown: dict[str, Any]) -> set[str]:
    """Card ids a view shows on purpose: the viewer's own hand and set-aside cards, every
    discard pile, laid cards, and any card the public fields name (Haste and Cripple effects,
    cards played in the combat)."""
    doc = shown["state"]
    out: set[str] = set()
    for entry in doc["players"]:
        out.update(entry.get("hand", ()), entry.get("aside", ()), entry["discard"],
                   entry["laid"])
    text = repr({k: doc[k] for k in ("move_mods", "battle", "memo")})
    out.update(re.findall(r"[a-z_]+", text))
    return out


def hidden_names(st: WarcraftState, seat: int | None) -> set[str]:
    """Names (both languages) of the cards in the other players' hands, set-aside piles and
    decks (full document) that the seat's view does not show anywhere on purpose."""
    full = st.document()["state"]["players"]
    unseen = {c for entry in full if entry["seat"] != seat
              for c in (*entry["hand"], *entry["aside"], *entry["deck"])}
    unseen -= public_cards(view(st, seat))
    return {card_name(c, lang) for c in unseen for lang in LANGS}


def leaks(text: str, st: WarcraftState, seat: int | None) -> list[str]:
    """Hidden card names that occur in `text` as whole words."""
    return [name for name in hidden_names(st, seat)
            if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text)]


def seats(st: WarcraftState) -> list[int | None]:
    return [None, *st.seats]


# ---- the panel -------------------------------------------------------------------------------
def _line(text: str, start: str) -> str:
    return next(line.strip() for line in text.splitlines() if line.strip().startswith(start))


def _grid(text: str) -> list[str]:
    lines = text.splitlines()
    end = next(i for i, line in enumerate(lines) if line.startswith(("Zones:", "Zonas:")))
    return lines[1:end]


def test_WC_3_1_generic_two_player_grid() -> None:
    """WC-2.3, WC-3.1, WC-X3: the 9 by 9 cell map with zone borders; the two turned Town
    Halls show as t2 and t4; the sides with pieces in a zone's first cell."""
    grid = _grid(render(view(scenario(), 0), "en"))
    assert len(grid) == 19                                  # 9 rows and 10 rule lines
    assert grid[0] == "+" + "-----+" * 9
    assert grid[1] == "|T1 1  T1   |E1    E1   |O1    O1   |F2   |t2    t2   |"
    assert grid[15].endswith("|G3   |T3 2 |")          # se_town's first cell, row 8
    assert grid[-2] == "|t4    t4   |F4   |O3    O3   |E3    E3   |T3    T3   |"
    legend = render(view(scenario(), 0), "en")
    assert "t2 ne_town" in legend and "O0 heart" in legend


def test_WC_3_1_four_player_grid_keeps_every_town_hall() -> None:
    text = render(view(scenario(game="generic-4p"), 0), "en")
    grid = _grid(text)
    assert grid[1].startswith("|T1 1  T1   |") and grid[1].endswith("|T2 2  T2   |")
    assert "t2" not in text and "t4" not in text


def test_WC_18_3_walls_and_WC_16_hex_rows() -> None:
    """WC-18.3: the prisons' walls are drawn with #; WC-X5: the Elf Gate's hex rows are
    shifted by half a cell on every odd row."""
    prisons = _grid(render(view(scenario(game="the-prisoners"), 0), "en"))
    assert any("#" in line for line in prisons)
    assert any(set(line.strip("+")) == {"#", " ", "-", "+"} for line in prisons)
    gate = _grid(render(view(scenario(game="elf-gate"), 0), "en"))
    assert len(gate) == 7
    assert gate[3].startswith("   |T3 3 |E9   |") and gate[2].startswith("      |G5   |")
    assert "|OD n |EA n |" in gate[3]


BUSY: dict[str, Any] = {
    "pieces": [{"seat": 0, "zone": "nw_town", "melee": 2, "workers": 3},
               {"seat": 0, "zone": "nw_gate", "workers": 1, "building": 1},
               {"seat": 1, "zone": "nw_tower", "ranged": 1, "flying": 1},
               {"seat": 1, "zone": "se_town", "melee": 1}],
    "players": [{"gold": 4, "wood": 7, "levels": {"melee": 2}, "buildings": {"ranged": 1},
                 "constructing": [{"kind": "flying", "worker": True}],
                 "training": {"melee": 1}, "hand": ["haste", "town_portal"],
                 "laid": ["victory_point"], "discard": ["resources"]},
                {"gold": 1, "wood": 0, "levels": {"ranged": 3},
                 "hand": ["devour", "pillage", "ensnare"]}],
    "marks": ["nw_town"],
    "depletion": {"nw_mine": "partial", "nw_wood": "complete"},
}


def test_zones_list_pieces_levels_marks_and_depletion() -> None:
    """WC-2.10, WC-7.6, WC-10.12, WC-10.17: each zone with something in it, its sides' pieces
    with their unit levels, builders, marks and depletion."""
    text = render(view(scenario(BUSY), 0), "en")
    assert "nw_town (T1, Town Hall 3 VP) · marked" in text
    assert _line(text, "P1 Humans: 2 melee") == "P1 Humans: 2 melee L2, 3 workers"
    assert _line(text, "P1 Humans: 1 workers") == "P1 Humans: 1 workers (1 building)"
    assert _line(text, "P2 Orcs: 1 ranged") == "P2 Orcs: 1 ranged L3, 1 flying L1"
    assert "nw_mine (G1, Gold Mine) · partly depleted" in text
    assert "nw_wood (F1, Forest) · depleted" in text
    assert "nw_tower (O1, Objective 2 VP)" in text
    assert "ne_town" not in text.split("Zones:")[1].split("\n\n")[1]   # nothing there


def test_players_resources_vp_levels_buildings_and_cards() -> None:
    """WC-14.1, WC-10.19, WC-3.7: gold, wood, VP toward the goal, each stack's top card, the
    buildings, training, and the hand by name only for its owner."""
    st = scenario(BUSY)
    text = render(view(st, 0), "en")
    assert _line(text, "P1 Humans (you)") == \
        "P1 Humans (you) · Town Hall nw_town · gold 4 · wood 7 · VP 4/15"
    assert _line(text, "P2 Orcs ·") == "P2 Orcs · Town Hall se_town · gold 1 · wood 0 · VP 6/15"
    assert "melee L2/3 S3 · ranged L1/3 S3 · flying L1/3 S3" in text
    assert "ranged L3/3 S3 Bloodlust VP" in text
    assert ("buildings: melee 1, ranged 1 · under construction: flying (with worker) · "
            "training: 1 melee") in text
    assert "hand 2: Haste, Town Portal · deck 17 · discard 1 (top: Resources) · laid: " \
           "Victory Point" in text
    assert _line(text, "hand 3") == "hand 3 · deck 18 · discard 0"
    for name in ("Devour", "Pillage", "Ensnare"):
        assert name not in text
    assert not leaks(text, st, 0) and leaks(text + " Devour", st, 0) == ["Devour"]
    theirs = render(view(st, 1), "en")
    assert "hand 3: Devour, Ensnare, Pillage" in theirs and "Haste" not in theirs
    spectator = render(view(st, None), "en")
    assert "Haste" not in spectator and "Devour" not in spectator


def test_header_and_decision() -> None:
    """WC-4.1, WC-4.2: turn, phase, First Player and who decides what."""
    text = render(view(scenario(), 0), "en")
    assert text.splitlines()[0] == ("Warcraft · Generic game, two players · turn 1 of 25 · "
                                    "phase movement · first player P1 Humans")
    assert text.endswith("Decision: P1 Humans · moves (move … / done)")
    es = render(view(scenario(), 0), "es")
    assert es.splitlines()[0] == ("Warcraft · Juego genérico, dos jugadores · turno 1 de 25 · "
                                  "fase movimiento · jugador inicial P1 Humanos")
    assert es.endswith("Decisión: P1 Humanos · mueve (move … / done)")
    assert set(TIMINGS["en"]) == set(TIMINGS["es"]) == set(data.TIMINGS)      # WC-13.3
    assert decision_name("CasualtyAsk") == "casualty"
    assert decision_name("CardWindow") == "card window"


def test_spanish_panel() -> None:
    """WC-1.1: labels, races, zone types and card names in Spanish."""
    text = render(view(scenario(BUSY), 0), "es")
    assert "nw_town (T1, Ayuntamiento 3 PV) · marcado" in text
    assert "P1 Humanos: 2 cuerpo a cuerpo N2, 3 trabajadores" in text
    assert "mano 2: Rapidez, Puerta del Ayuntamiento" in text
    assert "oro 4 · madera 7 · PV 4/15" in text
    assert "agotamiento parcial" in text and "Devorar" not in text


def test_team_vp_neutrals_and_tokens() -> None:
    """WC-14.5: a team's VP toward 30; WC-16.3: the neutral guards; WC-18.2: the prisoners'
    tokens; WC-17.3: Necromancers."""
    team = render(view(new_game(1, scenario="generic-4p"), 0), "en")
    assert re.search(r"^Team P1\+P3: VP \d+/30$", team, re.M)
    gate = render(view(new_game(1, scenario="elf-gate"), 0), "en")
    assert "Neutrals (Night Elves): 2 ranged L2" in gate
    assert re.search(r"^P1 Humans \(you\) · Town Hall human_town · gold 5 · wood 5$", gate, re.M)
    prison = render(view(new_game(1, scenario="the-prisoners"), 0), "en")
    assert "token prisoner (Night Elves)" in prison and "token prisoner (Orcs)" in prison
    march = render(view(new_game(1, scenario="march-of-the-necromancers"), 0), "en")
    assert "1 Necromancers" in march and "token special: free unit melee" in march


def test_game_over_header() -> None:
    st = new_game(3, races="human,orc", turn_limit=1)
    rng = random.Random(3)
    while not st.is_terminal():
        st.apply(rng.choice(st.legal_actions()))
    first = render(view(st, 0), "en").splitlines()[0]
    assert "the game is over" in first
    assert ("winners: P" in first) == bool(st.winners)
    assert "Decision" not in render(view(st, 0), "en")


def test_no_square_brackets() -> None:
    """The command line prints through rich: no markup characters."""
    for name in SCENARIOS:
        for st in walk(name, 5, 60, every=30):
            for lang in LANGS:
                text = render(view(st, 0), lang)
                assert "[" not in text and "]" not in text


@pytest.mark.parametrize("name", SCENARIOS)
@pytest.mark.parametrize("seed", [0, 1])
def test_WC_3_7_random_positions_never_show_other_hands(name: str, seed: int) -> None:
    """WC-3.7: along random play of every scenario, no panel names a card of another player's
    hand (or deck) that the view does not show, in either language; and the panel is the same
    when those hidden cards are redrawn."""
    for st in walk(name, seed, 240, every=24):
        for seat in seats(st):
            shown = view(st, seat)
            for lang in LANGS:
                text = render(shown, lang)
                assert not leaks(text, st, seat), (seat, lang, leaks(text, st, seat))
            twin = resample(st, seat, random.Random(seed))
            assert render(view(twin, seat), "en") == render(shown, "en")
