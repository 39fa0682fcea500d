"""The rulebook's worked combat example (WC-11.19), played through the engine with the book's
dice. Night Elves (seat 1) walk into the zone the Humans (seat 0) hold; the Human flyers wait in
a flank, and the Night Elves' other units stand in flanks too.

Book's Strengths (WC-X6 puts them at level 1): Human ranged and flying 3; Night Elf ranged 2,
flying 3, melee 2. Dice, in the book's order for each step:
- ranged: Night Elves 4 (a miss), Humans 5 and 2 (one hit): the Night Elves give up a flank
  melee unit;
- flying: Night Elves 3 (a hit), Humans 2 and 6 (a hit): the Humans give up their battlefield
  melee unit, the Night Elves another flank melee unit;
- melee: Night Elves 5, 2, 3, 2 (two hits), the Humans roll nothing and lose both ranged units,
  since flyers cannot be picked in a melee step; the Night Elves hold the battlefield, and the
  Human worker there dies defenseless (WC-7.4).
grimorio rolls defenders first (WC-A38 a), so the script lists the Human dice first.
"""

from __future__ import annotations

from typing import Any

from tests.warcraft.fightkit import war
from tests.warcraft.wckit import acts, ask, events, options, pieces

HUMAN_COMBAT_CARDS = ["dispel_magic"] * 2 + ["invisibility"] * 2 + ["polymorph"] * 2
ELF_COMBAT_CARDS = ["faerie_fire"] * 2 + ["marksmanship"] * 2 + ["moon_glaive"] * 2
RANGED, FLYING, MELEE = [5, 2, 4], [2, 6, 3], [5, 2, 3, 2]


def example() -> Any:
    """The position of the example: heart is the battlefield; nw_vein, ne_vein and sw_vein are
    flanks. The combat cards are all in the discards, so the draws of WC-11.4 open no window."""
    st = war([{"seat": 0, "zone": "heart", "ranged": 2, "melee": 1, "workers": 1},
              {"seat": 0, "zone": "nw_vein", "flying": 2},
              {"seat": 0, "zone": "nw_town", "melee": 1},
              {"seat": 1, "zone": "se_vein", "melee": 3},
              {"seat": 1, "zone": "ne_vein", "melee": 3},
              {"seat": 1, "zone": "sw_vein", "ranged": 1, "flying": 1},
              {"seat": 1, "zone": "se_town", "melee": 1}],
             races="human,night_elf",
             players=[{"discard": HUMAN_COMBAT_CARDS}, {"discard": ELF_COMBAT_CARDS}])
    st.script_dice(RANGED + FLYING + MELEE)
    acts(st, "move se_vein heart melee=3", "done")
    return st


def test_WC_11_19_the_rulebook_combat_example() -> None:
    """WC-11.19 step by step, with WC-11.7 (dice), WC-11.9 (casualties, defender first),
    WC-11.10 (no flyer in melee), WC-11.12 (the end), WC-11.14 (the reward), WC-7.4."""
    st = example()
    # Ranged step: one Human hit; the Night Elves choose a flank melee unit (WC-11.9).
    assert ask(st) == "CasualtyAsk" and st.current_player == 1
    assert options(st) == ["casualty melee heart", "casualty melee ne_vein",
                           "casualty ranged sw_vein", "casualty flying sw_vein"]
    acts(st, "casualty melee ne_vein")
    # Flying step: one hit each; the defender removes first (WC-11.9).
    assert st.current_player == 0
    assert options(st) == ["casualty melee heart", "casualty ranged heart",
                           "casualty flying nw_vein"]
    acts(st, "casualty melee heart")
    assert st.current_player == 1
    acts(st, "casualty melee ne_vein")
    # Melee step: 5, 2, 3, 2 at Strength 2 is two hits; only the ranged units can go
    # (WC-11.10), so no choice is asked and the combat ends (WC-11.12).
    rolls = [e.data["dice"] for e in events(st, "roll") if e.rule == "WC-11.7"]
    assert rolls == [[5, 2], [4], [2, 6], [3], [5, 2, 3, 2]]
    hits = [(e.data["seat"], e.data["step"], e.data["hits"]) for e in events(st, "hits")]
    assert hits == [(0, "ranged", 1), (1, "ranged", 0), (0, "flying", 1), (1, "flying", 1),
                    (1, "melee", 2)]
    losses = [(e.data["seat"], e.data["zone"], e.data["piece"]) for e in events(st, "casualty")]
    assert losses == [(1, "ne_vein", "melee"), (0, "heart", "melee"), (1, "ne_vein", "melee"),
                      (0, "heart", "ranged"), (0, "heart", "ranged")]
    end = events(st, "combat-end")
    assert len(end) == 1 and end[0].rule == "WC-11.14" and end[0].data["winner"] == 1
    assert [e.data["seat"] for e in events(st, "draw") if e.rule == "WC-11.14"] == [1]
    # The Human flyers survive in their flank; the worker left alone dies (WC-7.4).
    assert pieces(st, "nw_vein", 0) == {"flying": 2}
    assert pieces(st, "heart", 0) == {}
    assert pieces(st, "heart", 1) == {"melee": 3}
    assert pieces(st, "ne_vein", 1) == {"melee": 1}
    assert [e.data["workers"] for e in events(st, "defenseless")] == [1]
    assert len(events(st, "round")) == 1


def test_WC_11_19_both_sides_draw_as_the_combat_begins() -> None:
    """WC-11.4: each player with a fighting unit draws one card as the combat starts."""
    st = example()
    assert [e.data["seat"] for e in events(st, "draw") if e.rule == "WC-11.4"] == [0, 1]


def test_WC_11_19_with_flyers_eligible_a_second_round_opens() -> None:
    """WC-11.19's closing remark: could the Humans pick flyers in the melee step (as with
    Ensnare, WC-13.14), they would keep a ranged unit in the battlefield and a second round
    would open with the ranged step (WC-11.5)."""
    st = example()
    assert st.battle is not None
    st.battle.snared = frozenset({0})        # the Human flyers count as melee casualties
    acts(st, "casualty melee ne_vein", "casualty melee heart", "casualty melee ne_vein")
    assert options(st) == ["casualty ranged heart", "casualty flying nw_vein"]
    st.script_dice([1, 1, 6])                 # round 2's ranged step: two Human hits
    acts(st, "casualty flying nw_vein", "casualty flying nw_vein")
    assert pieces(st, "heart", 0) == {"ranged": 2, "workers": 1}
    assert len(events(st, "round")) == 2
    assert [e.data["step"] for e in events(st, "roll") if e.rule == "WC-11.7"][-2:] == [
        "ranged", "ranged"]
    assert ask(st) == "CasualtyAsk" and st.current_player == 1
