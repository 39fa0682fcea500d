"""Experience cards (section 13): every card of experience.yaml by its effect verb, the combat
windows (WC-11.15, WC-11.16) and the windows ENGINE opens outside combat (WC-A27 b). Dice are
scripted, defenders first (WC-A38 a)."""

from __future__ import annotations

from typing import Any

from grimorio.games.warcraft import data
from grimorio.games.warcraft.actions import act
from grimorio.games.warcraft.rules import experience, movement
from tests.warcraft.fightkit import NO_CARDS, WINDOWS, war
from tests.warcraft.wckit import acts, ask, events, options, pieces, scenario


def _hands(*hands: list[str], n: int = 2) -> list[dict[str, Any]]:
    out = [dict(NO_CARDS) for _ in range(n)]
    for seat, hand in enumerate(hands):
        out[seat] = {**NO_CARDS, "hand": hand}
    return out


def to_card(st: Any, card: str, limit: int = 60) -> list[str]:
    """Pass card windows until one offers `card`; its options."""
    for _ in range(limit):
        found = options(st)
        if any(o.startswith(f"play {card}") for o in found):
            return found
        assert ask(st) in WINDOWS, f"no window for {card}: {ask(st)} {found}"
        st.apply("pass")
    raise AssertionError(f"no window offers {card}")


def skip(st: Any) -> None:
    while not st.is_terminal() and ask(st) in WINDOWS:
        st.apply("pass")


def go(st: Any, *texts: str) -> None:
    """Each action after passing the windows before it (Haste and the like)."""
    for text in texts:
        skip(st)
        acts(st, text)
    while not st.is_terminal() and ask(st) == "CardWindow":     # ENGINE's, e.g. Town Portal
        st.apply("pass")


def _rolls(st: Any) -> list[tuple[int, str, list[int]]]:
    return [(e.data["seat"], e.data["step"], e.data["dice"]) for e in events(st, "roll")
            if e.rule == "WC-11.7"]


def _losses(st: Any) -> list[tuple[int, str, str]]:
    return [(e.data["seat"], e.data["zone"], e.data["piece"]) for e in events(st, "casualty")]


def test_every_card_verb_has_options_and_an_effect() -> None:
    """WC-13.1: each card of the data has its targets and its effect."""
    cards = data.library().experience.cards.values()
    assert {c.effect.verb for c in cards} <= set(experience.OPTIONS) == set(experience.EFFECTS)


# ---------------------------------------------------------------------------- Human

def test_WC_13_5_WC_A34_call_to_arms() -> None:
    """WC-13.5, WC-6.11: an enemy unit walks in on workers; they fight as melee units; a
    builder called up loses his outpost (WC-A34, WC-10.14); they are workers again after the
    Movement phase."""
    st = war([{"seat": 1, "zone": "heart", "melee": 1},
              {"seat": 0, "zone": "nw_vein", "workers": 2, "building": 1}],
             players=_hands(["call_to_arms"]))
    acts(st, "move heart nw_vein melee=1")
    assert st.current_player == 0 and options(st) == ["play call_to_arms nw_vein", "pass"]
    acts(st, "play call_to_arms nw_vein")
    assert st.zones["nw_vein"][0].militia == 2 and st.zones["nw_vein"][0].building == 0
    assert [e.rule for e in events(st, "outpost-lost")] == ["WC-A34"]
    st.script_dice([1, 6, 6])
    acts(st, "done")
    skip(st)                 # the card came back: the discards refill the empty deck (WC-11.4)
    assert _rolls(st) == [(0, "melee", [1, 6]), (1, "melee", [6])]
    assert pieces(st, "nw_vein", 0) == {"workers": 2}
    assert pieces(st, "nw_vein", 1) == {}


def test_WC_13_6_dispel_magic_cancels_a_card() -> None:
    """WC-13.6: played straight after an enemy card, before it takes effect: Envenomed Spears
    rolls nothing again."""
    st = war([{"seat": 1, "zone": "se_vein", "melee": 1}, {"seat": 0, "zone": "heart",
                                                           "melee": 1}],
             players=_hands(["dispel_magic"], ["envenomed_spears"]))
    go(st, "move se_vein heart melee=1", "done")
    st.script_dice([6, 6, 6, 1])
    to_card(st, "envenomed_spears")
    acts(st, "play envenomed_spears")
    assert st.current_player == 0 and options(st) == ["play dispel_magic", "pass"]
    acts(st, "play dispel_magic")
    skip(st)
    assert [e.rule for e in events(st, "dispelled")] == ["WC-13.6"]
    assert not [e for e in events(st, "roll") if e.rule == "WC-13.15"]
    assert _rolls(st) == [(0, "melee", [6]), (1, "melee", [6]), (0, "melee", [6]),
                          (1, "melee", [1])]
    assert [(e.data["seat"], e.data["card"]) for e in events(st, "card")] == [
        (1, "envenomed_spears"), (0, "dispel_magic")]


def test_WC_13_7_WC_A23_invisibility_saves_one_loss_this_step() -> None:
    """WC-13.7, WC-A23: before the step's first casualty, some player of the card holder's
    choosing loses one unit fewer."""
    st = war([{"seat": 1, "zone": "se_vein", "melee": 2}, {"seat": 0, "zone": "heart",
                                                           "melee": 2}],
             players=_hands(["invisibility"]))
    st.script_dice([6, 6, 1, 1, 6, 1, 6])
    go(st, "move se_vein heart melee=2", "done")
    found = to_card(st, "invisibility")
    assert found == ["play invisibility p1", "play invisibility p2", "pass"]
    acts(st, "play invisibility p1")
    skip(st)
    assert _losses(st) == [(0, "heart", "melee"), (0, "heart", "melee")]
    assert len(events(st, "round")) == 2


def test_WC_13_8_WC_11_16_polymorph_and_the_defender_first() -> None:
    """WC-13.8: the enemy unit makes no attack this round (WC-13.4), yet may be picked as a
    casualty, told from its twin; WC-11.16: the defender's window comes first."""
    st = war([{"seat": 1, "zone": "se_vein", "melee": 2}, {"seat": 0, "zone": "heart",
                                                           "melee": 1}],
             players=_hands(["polymorph"], ["devour"]))
    go(st, "move se_vein heart melee=2", "done")
    assert ask(st) == "PlayAsk" and st.current_player == 0
    assert options(st) == ["play polymorph p2 melee heart", "pass"]
    st.script_dice([1, 6])
    acts(st, "play polymorph p2 melee heart")
    skip(st)
    assert _rolls(st) == [(0, "melee", [1]), (1, "melee", [6])]      # one Orc die only
    assert options(st) == ["casualty melee heart", "casualty melee heart polymorphed"]
    st.script_dice([6, 1])
    acts(st, "casualty melee heart polymorphed")
    skip(st)
    assert _rolls(st)[2:] == [(0, "melee", [6]), (1, "melee", [1])]   # the other one attacks


# ---------------------------------------------------------------------------- Night Elf

def test_WC_13_9_faerie_fire_lowers_the_dice() -> None:
    """WC-13.9: before the roll; a 3 counts as 2, a hit at Strength 2."""
    st = war([{"seat": 1, "zone": "se_vein", "melee": 1}, {"seat": 0, "zone": "heart",
                                                           "melee": 1}],
             races="human,night_elf", players=_hands([], ["faerie_fire"]))
    go(st, "move se_vein heart melee=1", "done")
    to_card(st, "faerie_fire")
    st.script_dice([6, 3])
    acts(st, "play faerie_fire")
    skip(st)
    assert [e.data["hits"] for e in events(st, "hits")] == [0, 1]
    assert pieces(st, "heart", 0) == {}


def test_WC_13_10_marksmanship_picks_the_enemy_casualty() -> None:
    """WC-13.10: just before the opponent removes a loss it inflicted, the card's player picks
    it, within the casualty rules."""
    st = war([{"seat": 1, "zone": "se_vein", "melee": 1},
              {"seat": 0, "zone": "heart", "melee": 1}, {"seat": 0, "zone": "nw_vein",
                                                         "melee": 1}],
             races="human,night_elf", players=_hands([], ["marksmanship"]))
    st.script_dice([6, 6, 1])
    go(st, "move se_vein heart melee=1", "done")
    to_card(st, "marksmanship")
    acts(st, "play marksmanship")
    assert ask(st) == "CasualtyAsk" and st.current_player == 1
    acts(st, "casualty melee heart")
    assert events(st, "combat-end")[0].data["winner"] == 1


def test_WC_13_11_moon_glaive_rolls_a_die_per_hit() -> None:
    """WC-13.11: after the roll, one more die per hit, at the same Strength."""
    st = war([{"seat": 1, "zone": "se_vein", "melee": 2},
              {"seat": 0, "zone": "heart", "melee": 2}, {"seat": 0, "zone": "nw_vein",
                                                         "melee": 1}],
             races="human,night_elf", players=_hands([], ["moon_glaive"]))
    st.script_dice([6, 6, 6, 1, 6, 2])
    go(st, "move se_vein heart melee=2", "done")
    to_card(st, "moon_glaive")
    acts(st, "play moon_glaive")
    skip(st)
    glaive = [e for e in events(st, "roll") if e.rule == "WC-13.11"]
    assert [e.data["dice"] for e in glaive] == [[2]]
    assert st.battle is not None and st.battle.due[1] == 2


def test_WC_13_12_renew_lifts_a_forest_token() -> None:
    """WC-13.12, WC-8.10: as the Night Elf Harvest opens, a Forest's token goes; Gold Mines are
    out of reach."""
    st = scenario(races="human,night_elf", phase="harvest", first_player=1, active=1,
                  depletion={"se_wood": "partial", "se_mine": "complete"},
                  players=_hands([], ["renew"]))
    assert options(st) == ["play renew se_wood", "pass"]
    acts(st, "play renew se_wood")
    assert "se_wood" not in st.depletion and st.depletion["se_mine"] == "complete"


# ---------------------------------------------------------------------------- Orc

def test_WC_13_13_WC_A22_devour_ends_a_lonely_battlefield() -> None:
    """WC-13.13, WC-A22: the devoured unit leaves the fight; its side has nobody left in the
    battlefield, so the combat ends, the Devour player wins and the unit dies."""
    st = war([{"seat": 1, "zone": "se_vein", "melee": 1},
              {"seat": 0, "zone": "heart", "melee": 1}, {"seat": 0, "zone": "nw_vein",
                                                         "ranged": 1}],
             players=_hands([], ["devour"]))
    go(st, "move se_vein heart melee=1", "done")
    assert to_card(st, "devour") == ["play devour p1 melee heart", "play devour p1 ranged nw_vein",
                                      "pass"]
    acts(st, "play devour p1 melee heart")
    skip(st)
    assert events(st, "combat-end")[0].data["winner"] == 1
    assert "dies" in events(st, "devoured")[0].text.en
    assert st.reserve(0, "melee") == 10 and pieces(st, "heart", 0) == {}


def test_WC_13_13_a_devoured_unit_comes_back_if_its_side_wins() -> None:
    """WC-13.13: if the Devour player does not win, the unit returns where it was."""
    st = war([{"seat": 1, "zone": "se_vein", "melee": 1},
              {"seat": 0, "zone": "heart", "melee": 1}, {"seat": 0, "zone": "nw_vein",
                                                         "ranged": 1}],
             players=_hands([], ["devour"]))
    go(st, "move se_vein heart melee=1", "done")
    to_card(st, "devour")
    st.script_dice([1, 6])
    acts(st, "play devour p1 ranged nw_vein")
    skip(st)
    assert _rolls(st) == [(0, "melee", [1]), (1, "melee", [6])]
    assert "returns" in events(st, "devoured")[0].text.en
    assert pieces(st, "nw_vein", 0) == {"ranged": 1}


def test_WC_13_14_WC_A21_ensnare_makes_flyers_melee_casualties() -> None:
    """WC-13.14, WC-A21: from the melee step on, the opponent's flyers are valid picks."""
    st = war([{"seat": 1, "zone": "se_vein", "melee": 1},
              {"seat": 0, "zone": "heart", "melee": 1}, {"seat": 0, "zone": "nw_vein",
                                                         "flying": 1}],
             players=_hands([], ["ensnare"]))
    st.script_dice([6, 6, 1])
    go(st, "move se_vein heart melee=1", "done")
    to_card(st, "ensnare")
    acts(st, "play ensnare")
    skip(st)
    assert options(st) == ["casualty melee heart", "casualty flying nw_vein"]


def test_WC_13_20_web_is_ensnare_for_the_undead() -> None:
    """WC-13.20: the same effect, from the Undead deck."""
    st = war([{"seat": 1, "zone": "se_vein", "melee": 1},
              {"seat": 0, "zone": "heart", "melee": 1}, {"seat": 0, "zone": "nw_vein",
                                                         "flying": 1}],
             races="human,undead", players=_hands([], ["web"]))
    st.script_dice([6, 6, 1])
    go(st, "move se_vein heart melee=1", "done")
    to_card(st, "web")
    acts(st, "play web")
    skip(st)
    assert options(st) == ["casualty melee heart", "casualty flying nw_vein"]


def test_WC_13_15_envenomed_spears_rerolls_the_misses() -> None:
    """WC-13.15: every missing die is thrown again and the new face kept."""
    st = war([{"seat": 1, "zone": "se_vein", "melee": 1}, {"seat": 0, "zone": "heart",
                                                           "melee": 1}],
             players=_hands([], ["envenomed_spears"]))
    go(st, "move se_vein heart melee=1", "done")
    to_card(st, "envenomed_spears")
    st.script_dice([6, 5, 2])
    acts(st, "play envenomed_spears")
    skip(st)
    again = [e.data["dice"] for e in events(st, "roll") if e.rule == "WC-13.15"]
    assert again == [[2]] and pieces(st, "heart", 0) == {}


def test_WC_13_16_pillage_takes_the_unit_s_cost() -> None:
    """WC-13.16: after the enemy removes a unit, its training cost passes over; a pile that
    cannot cover it gives all it has."""
    st = war([{"seat": 1, "zone": "se_vein", "melee": 1},
              {"seat": 0, "zone": "heart", "melee": 1}, {"seat": 0, "zone": "nw_vein",
                                                         "melee": 1}],
             players=[{**NO_CARDS, "gold": 0, "wood": 4}, {**NO_CARDS, "hand": ["pillage"],
                                                            "gold": 0, "wood": 0}])
    st.script_dice([6, 6, 1])
    go(st, "move se_vein heart melee=1", "done")
    skip(st)
    acts(st, "casualty melee nw_vein")
    assert to_card(st, "pillage") == ["play pillage", "pass"]
    acts(st, "play pillage")
    assert (st.players[1].gold, st.players[1].wood) == (0, 1)
    assert (st.players[0].gold, st.players[0].wood) == (0, 3)


# ---------------------------------------------------------------------------- Undead

def test_WC_13_17_WC_13_21_WC_A19_cripple_and_haste() -> None:
    """WC-13.17: an opponent's Movement phase opens and the Undead lame a zone; WC-13.21: the
    mover hastes it; WC-A19: 2 zones whatever the piece; WC-A27 b: the other player first."""
    st = war([{"seat": 0, "zone": "nw_town", "melee": 1, "workers": 1},
              {"seat": 1, "zone": "se_town", "melee": 1}],
             mover=0, races="human,undead", players=_hands(["haste"], ["cripple"]))
    assert st.current_player == 1
    assert options(st) == ["play cripple nw_town", "pass"]
    acts(st, "play cripple nw_town")
    assert movement.move_range(st, 0, "nw_town", "melee") == 0
    assert st.current_player == 0 and "play haste nw_town" in options(st)
    acts(st, "play haste nw_town")
    assert st.move_mods[(0, "nw_town")] == frozenset({"cripple", "haste"})
    assert movement.move_range(st, 0, "nw_town", "melee") == 2
    assert movement.move_range(st, 0, "nw_town", "workers") == 2


def test_WC_13_18_WC_A23_curse_rolls_a_die_per_hitting_die() -> None:
    """WC-13.18, WC-A23: after the opponent's roll, a die per hitting die; 3 or less spares a
    casualty. An Area Attack 1 is one hitting die for two hits."""
    st = war([{"seat": 0, "zone": "nw_vein", "melee": 1},
              {"seat": 1, "zone": "heart", "melee": 2}, {"seat": 1, "zone": "se_vein",
                                                         "melee": 1}],
             mover=0, races="orc,undead",
             players=[{**NO_CARDS, "levels": {"melee": 4}}, {**NO_CARDS, "hand": ["curse"]}])
    st.script_dice([6, 6, 6, 1])
    go(st, "move nw_vein heart melee=1", "done")
    to_card(st, "curse")
    st.script_dice([3])
    acts(st, "play curse")
    skip(st)
    assert [e.data["spared"] for e in events(st, "curse")] == [1]
    assert st.battle is not None and st.battle.due[1] == 1


def test_WC_13_19_summon_building_needs_no_worker() -> None:
    """WC-13.19: a building begun with no worker, still paid for."""
    st = scenario(races="human,undead", phase="spending", first_player=1, active=1,
                  players=_hands([], ["summon_building"]))
    skip(st)
    assert "play summon_building flying" in options(st)
    workers = st.zones["se_town"][1].workers
    acts(st, "play summon_building flying")
    assert st.players[1].constructing == (("flying", False),)
    assert st.zones["se_town"][1].workers == workers
    assert (st.players[1].gold, st.players[1].wood) == (3, 3)


# ---------------------------------------------------------------------------- every deck

def test_WC_13_22_WC_A38_resources() -> None:
    """WC-13.22: 2 gold or 2 wood as the Spending phase opens; WC-A38 f: not without piles."""
    st = scenario(phase="spending", first_player=0, active=0,
                  players=_hands(["resources"]))
    assert options(st) == ["play resources gold", "play resources wood", "pass"]
    acts(st, "play resources wood")
    assert st.players[0].wood == 7
    st.players[0].piles = False
    st.players[0].hand.append("resources")
    assert experience.windows(st, "own_spending_start", 0) == []


def test_WC_13_23_town_portal_jumps_out_of_a_fight() -> None:
    """WC-13.23, WC-7.1: at the end of the mover's movement, before the combats, every unit in
    a zone jumps to its owner's Town Hall; the fight never happens."""
    st = war([{"seat": 1, "zone": "se_vein", "melee": 1}, {"seat": 0, "zone": "heart",
                                                           "melee": 2}],
             players=_hands(["town_portal"]))
    skip(st)
    acts(st, "move se_vein heart melee=1", "done")
    assert st.current_player == 0 and options(st) == ["play town_portal heart nw_town", "pass"]
    acts(st, "play town_portal heart nw_town")
    assert pieces(st, "nw_town", 0) == {"melee": 2} and not events(st, "combat")


def test_WC_A20_WC_A16_town_portal_overflow_makes_a_fight_its_player_attacks() -> None:
    """WC-A20: the destination fills first, the rest goes next to it, within stacking and
    off Mountains; WC-A16: a zone with enemy units becomes a battlefield its player attacks."""
    st = war([{"seat": 1, "zone": "se_town", "melee": 1}, {"seat": 1, "zone": "nw_mine",
                                                           "melee": 1},
              {"seat": 0, "zone": "heart", "melee": 3}, {"seat": 0, "zone": "nw_town",
                                                         "melee": 2}],
             players=_hands(["town_portal"]))
    acts(st, "done", "play town_portal heart nw_town")
    assert ask(st) == "PortalAsk" and options(st) == ["portal melee nw_town"]
    acts(st, "portal melee nw_town")
    assert options(st) == ["portal melee nw_gate", "portal melee nw_mine", "portal melee nw_wood"]
    acts(st, "portal melee nw_gate")
    st.script_dice([6, 1])
    acts(st, "portal melee nw_mine")
    start = events(st, "combat")[0]
    assert (start.data["zone"], start.data["attacker"], start.data["defender"]) == (
        "nw_mine", 0, 1)


def test_WC_A20_town_portal_is_refused_when_a_unit_cannot_be_placed() -> None:
    """WC-A20: with the Town Hall and every zone around it full, the card cannot be played."""
    st = war([{"seat": 1, "zone": "se_town", "melee": 1},
              {"seat": 0, "zone": "heart", "flying": 1},
              {"seat": 0, "zone": "nw_town", "melee": 3},
              {"seat": 0, "zone": "nw_gate", "ranged": 3},
              {"seat": 0, "zone": "nw_mine", "ranged": 3},
              {"seat": 0, "zone": "nw_wood", "melee": 3}],
             players=_hands(["town_portal"]))
    found = experience.windows(st, "movement_end_before_combat", 0)
    assert "play town_portal heart nw_town" not in found


def test_WC_13_24_WC_A26_victory_point_is_laid() -> None:
    """WC-13.24, WC-A26, WC-13.3: laid face up, not discarded, whenever its owner likes."""
    st = war([{"seat": 0, "zone": "nw_town", "melee": 1}, {"seat": 1, "zone": "se_town",
                                                           "melee": 1}],
             players=_hands(["victory_point"]))
    assert experience.windows(st, "any_time", 0) == [act("play", "victory_point")]
    experience.play(st, 0, act("play", "victory_point"))
    assert st.players[0].laid == ["victory_point"] and st.players[0].discard == []


def test_WC_11_15_only_players_fighting_may_play_combat_cards() -> None:
    """WC-11.15, WC-15.7: a partner keeping his flank units out has no unit in the fight and no
    window, whatever he holds."""
    st = war([{"seat": 0, "zone": "nw_vein", "melee": 1},
              {"seat": 1, "zone": "heart", "melee": 1},
              {"seat": 2, "zone": "se_vein", "melee": 1}],
             game="generic-4p", mover=0,
             players=[dict(NO_CARDS), dict(NO_CARDS), {**NO_CARDS, "hand": ["faerie_fire"]},
                      dict(NO_CARDS)])
    st.script_dice([6, 6])
    go(st, "move nw_vein heart melee=1", "done", "join no")
    assert not [e for e in events(st, "card")]
    assert experience.windows(st, "combat_before_own_roll", 2) == []
