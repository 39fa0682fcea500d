"""The last seven Core Set cards (issue 8): Banish, Poison Gas Cloud, Malacoda, Moloch's Torment,
Idol of Pestilence, Mordok's Obelisk and Fellella, Pixie Familiar. Their module records have no
card text; their behaviour comes from the public OCTGN card databases and rulings (MW-S11), with
grimorio's readings where the sources are silent (MW-S12 Banish, MW-S13 the Cloud's move limit,
MW-S14 Moloch's Torment, MW-S15 Fellella's casting)."""

from __future__ import annotations

import random
from typing import Any

from grimorio.core.state import resample, view
from grimorio.games.mage_wars import data, render, traits
from grimorio.games.mage_wars.effects import registry
from grimorio.games.mage_wars.game import MageWars
from grimorio.games.mage_wars.rules import casting, combat
from grimorio.games.mage_wars.state import MageWarsState
from tests.mage_wars.mwkit import acts, ask, events, options, pass_windows, scenario, view_names

SEVEN = ("banish", "poison-gas-cloud", "malacoda", "molochs-torment", "idol-of-pestilence",
         "mordoks-obelisk", "fellella-pixie-familiar")
WOLF = "timber-wolf"            # Living, 10 life
SENTRY = "skeletal-sentry"      # Nonliving: Poison Immune (MW-X-8.10)


def upkeep(objects: list[dict[str, Any]], *players: dict[str, Any], **setup: Any
           ) -> MageWarsState:
    """The start of the Upkeep step (MW-3.14): warlock (o1, A1) against beastmaster (o2, C2)
    unless `players` say otherwise; objects from o3 on."""
    seats = list(players) or [{"class": "warlock", "zone": "A1"},
                              {"class": "beastmaster", "zone": "C2"}]
    return scenario({"phase": "upkeep", "players": seats, "objects": objects, **setup})


def menu(objects: list[dict[str, Any]], activate: int, *players: dict[str, Any],
         **setup: Any) -> MageWarsState:
    """Creature `activate` at its action menu; the same mages as `upkeep`."""
    seats = list(players) or [{"class": "warlock", "zone": "A1"},
                              {"class": "beastmaster", "zone": "C2"}]
    return scenario({"phase": "menu", "activate": activate, "players": seats,
                     "objects": objects, **setup})


def default(st: MageWarsState) -> None:
    """Answer the pending decision the dull way: pass, plan nothing, end the turn, pay every
    upkeep; otherwise the first option (activate a creature)."""
    opts = options(st)
    for choice in ("pass", "plan done", "end", "torment done"):
        if choice in opts:
            acts(st, choice)
            return
    pay = [o for o in opts if o.startswith("upkeep pay")]
    acts(st, (pay or opts)[0])


def to_planning(st: MageWarsState, round_no: int) -> None:
    """Play on, dully, to the Planning step of round `round_no` (its Upkeep is done)."""
    for _ in range(2000):
        if ask(st) == "PlanAsk" and st.round == round_no:
            return
        default(st)
    raise AssertionError("Planning never came")


def poison(st: MageWarsState) -> dict[int, int]:
    """Poison damage dealt so far, by object."""
    out: dict[int, int] = {}
    for e in events(st, "damage"):
        if e.rule == "MW-6.97" and e.data.get("direct"):
            out[e.data["oid"]] = out.get(e.data["oid"], 0) + e.data["amount"]
    return out


# ---------------------------------------------------------------------------- the data

def test_the_seven_cards_are_implemented_and_the_core_set_is_complete() -> None:
    """MW-S11, MW-1.2: the seven are no longer pending, each has a script or is data only,
    and its source names where the behaviour comes from; coverage is 174/174."""
    shipped = data.shipped()
    for cid in SEVEN:
        card = shipped.card(cid)
        assert not card.pending and card.status_reason is None and not card.provisional, cid
        assert registry.implemented(cid), cid
        assert "OCTGN" in card.source.text and "MW-S11" in card.source.text, cid
    (row,) = MageWars.content_coverage()
    assert row.summary("en") == "cards 174/174" and row.missing == ()
    assert shipped.pending == ()


# ---------------------------------------------------------------------------- Banish

def banished_wolf(active: bool = True, vine: bool = False, **wolf: Any) -> MageWarsState:
    """The wizard (o1, A1, 30 mana) at its menu casts Banish on the beastmaster's wolf (o3,
    B1); o4 on are `wolf`'s extra objects (or, with `vine`, a Tanglevine on the wolf)."""
    extra = wolf.pop("extra", [])
    st = menu([{"card": WOLF, "controller": 1, "zone": "B1", "active": active, **wolf},
               *extra], 1,
              {"class": "wizard", "zone": "A1", "mana": 30, "planned": ["banish"]},
              {"class": "beastmaster", "zone": "C2"})
    if vine:
        st.new_obj("tanglevine", "conjuration", 0, 0, host=3)
    assert "cast banish o3" in options(st)
    assert "cast banish o2" not in options(st)          # never a mage
    acts(st, "cast banish o3")
    pass_windows(st)
    return st


def test_banish_sends_a_creature_out_of_the_arena_and_out_of_reach() -> None:
    """MW-S11, MW-S12: the wolf leaves the arena with 3 Banish tokens: it is still in play, in
    no zone, no attack or spell can reach it (MW-5.4, MW-6.14) and it is never activated
    (MW-3.29)."""
    st = banished_wolf()
    wolf = st.obj(3)
    assert 3 in st.objs and wolf.zone is None and wolf.memo["banish"] == 3
    assert events(st, "banish")[0].rule == "MW-X-7.25"
    assert st.player(0).mana == 30 - 14 and st.player(0).discard == ["banish"]
    # the beastmaster's turn: only its mage may act; nothing of the wizard's reaches the wolf
    assert ask(st) == "TurnAsk" and options(st) == ["activate o2"]
    ref = traits.attacks(st, 1)[0]
    st.obj(1).zone = "B1"                   # even standing where it left
    st.changed()
    assert 3 not in combat.targets(st, 1, ref)
    assert 3 not in casting.objects_in_sight(st, 1, st.card("banish"), "creature")
    assert casting.kind_fits(wolf, "creature")        # still a creature: its spells hold
    assert "banished: o3 Timber Wolf" in render.render(view(st, 0), "en")
    assert "desterrada: o3" in render.render(view(st, 1), "es")


def test_banish_tokens_come_off_in_each_upkeep_and_it_returns_after_the_third() -> None:
    """MW-S12, MW-3.14: banished in round 1, the wolf loses a token in the Upkeep of rounds 2
    and 3 and comes back to B1 in round 4's, its action marker as it was (spent: the Reset
    steps in between do not ready it, MW-3.6), so it acts again only in round 5."""
    st = banished_wolf(active=False)
    to_planning(st, 2)
    assert st.obj(3).zone is None and st.obj(3).memo["banish"] == 2 and not st.obj(3).active
    to_planning(st, 3)
    assert st.obj(3).zone is None and st.obj(3).memo["banish"] == 1
    to_planning(st, 4)
    wolf = st.obj(3)
    assert wolf.zone == "B1" and "banish" not in wolf.memo and not wolf.active
    assert [e.data["tokens"] for e in events(st, "banish-token")] == [2, 1]
    assert events(st, "banish-return")[0].data["zone"] == "B1"
    turns = 0
    for _ in range(400):                        # round 4's action turns: not the wolf's
        if st.round == 5:
            break
        assert "activate o3" not in options(st)
        turns += ask(st) == "TurnAsk"
        default(st)
    assert turns > 0, "round 4 had no action turn to look at"
    to_planning(st, 5)
    assert st.obj(3).active


def test_a_banished_creature_keeps_its_conditions_and_enchantments_only() -> None:
    """MW-S12: while away Burn still burns it (MW-X-6.1) and its own enchantment may be
    revealed and stays on it (MW-5.86), but the Idol of Pestilence, in the arena, does not
    reach it (MW-S11), and a conjuration's arena-wide grant leaves it (Rajan's Fury)."""
    st = banished_wolf(markers={"burn": 1},
                       extra=[{"card": "rhino-hide", "controller": 1, "host": 3,
                               "face_up": False},
                              {"card": "idol-of-pestilence", "controller": 0, "zone": "B2"},
                              {"card": "rajans-fury", "controller": 1, "zone": "C1"}])
    assert traits.traits(st, 3).value("charge") == 0
    st.player(1).mana = 20
    st.script_dice([4])                     # the Burn die: 2 normal damage (MW-S1)
    to_planning(st, 2)
    hurt = poison(st)
    assert 3 not in hurt and hurt[1] == 1 and hurt[2] == 1     # the Idol: mages only
    assert st.obj(3).damage == 2 and st.obj(3).count("burn") == 1
    assert [e.rule for e in events(st, "damage") if e.data["oid"] == 3] == ["MW-X-6.2"]
    st2 = banished_wolf(extra=[{"card": "rhino-hide", "controller": 1, "host": 3,
                                "face_up": False}])
    st2.player(1).mana = 10
    casting.reveal(st2, 4)
    assert st2.obj(4).face_up and st2.obj(4).host == 3 and 4 in st2.objs


def test_banish_destroys_the_conjuration_attached_and_counters_spells_aimed_at_it() -> None:
    """MW-X-7.26: a teleported creature leaves its attached conjurations behind, destroyed;
    MW-5.15: a spell announced at it before it left finds no target."""
    st = banished_wolf(vine=True)
    assert 4 not in st.objs and "tanglevine" in st.player(0).discard
    assert not casting.still_valid(st, casting.Cast(1, 0, "rhino-hide", ("o3",), False,
                                                    "MW-4.8", places=((3, "B1", 0),)))


# ---------------------------------------------------------------------------- Poison Gas Cloud

def test_poison_gas_cloud_poisons_every_living_creature_in_its_zone() -> None:
    """MW-S11, MW-6.97, MW-6.98, MW-X-8.10: 2 direct poison damage in each Upkeep to each
    Living creature in its zone, either side's and mages too; Nonliving creatures (Poison
    Immune) and creatures elsewhere take none."""
    st = upkeep([{"card": "poison-gas-cloud", "controller": 0, "zone": "B1"},
                 {"card": WOLF, "controller": 0, "zone": "B1"},
                 {"card": WOLF, "controller": 1, "zone": "B1"},
                 {"card": SENTRY, "controller": 1, "zone": "B1"},
                 {"card": WOLF, "controller": 1, "zone": "B2"}],
                {"class": "warlock", "zone": "B1"}, {"class": "beastmaster", "zone": "C2"})
    assert poison(st) == {1: 2, 4: 2, 5: 2}
    assert st.obj(6).damage == 0 and st.obj(7).damage == 0 and st.obj(3).damage == 0


def test_poison_gas_cloud_allows_one_move_to_a_living_creature_in_its_zone() -> None:
    """MW-S11, MW-S13, MW-4.2: a Living wolf starting its turn in the Cloud's zone moves once
    and then has no move left (without the Cloud, its quick action could move again, MW-4.12);
    a Nonliving sentry there is not limited."""
    cloud = {"card": "poison-gas-cloud", "controller": 1, "zone": "B1"}
    st = menu([{"card": WOLF, "controller": 0, "zone": "B1"}, cloud], 3)
    assert "move B2" in options(st)
    acts(st, "move B2")
    pass_windows(st)
    assert ask(st) == "MenuAsk" and not [o for o in options(st) if o.startswith("move")]
    free = menu([{"card": WOLF, "controller": 0, "zone": "B1"}], 3)
    acts(free, "move B2")
    pass_windows(free)
    assert "move B1" in options(free)
    sentry = menu([{"card": SENTRY, "controller": 0, "zone": "B1"}, cloud], 3)
    acts(sentry, "move B2")
    pass_windows(sentry)
    assert "move B1" in options(sentry)


def test_a_living_creature_entering_the_cloud_moves_no_more_that_round() -> None:
    """MW-S13: a wolf that moves into the Cloud's zone has used its one move there."""
    st = menu([{"card": WOLF, "controller": 0, "zone": "B2"},
               {"card": "poison-gas-cloud", "controller": 1, "zone": "B1"}], 3)
    acts(st, "move B1")
    pass_windows(st)
    assert ask(st) == "MenuAsk" and not [o for o in options(st) if o.startswith("move")]


# ---------------------------------------------------------------------------- Malacoda

def test_malacoda_poisons_every_living_creature_in_its_zone_but_itself() -> None:
    """MW-S11, MW-6.97: in each Upkeep Malacoda deals 2 direct poison damage to each Living
    creature in its zone, its own side's and the mages included; it is Poison Immune (MW-6.98),
    and a Nonliving sentry and a creature in another zone take nothing."""
    st = upkeep([{"card": "malacoda", "controller": 0, "zone": "B1"},
                 {"card": WOLF, "controller": 0, "zone": "B1"},
                 {"card": SENTRY, "controller": 1, "zone": "B1"},
                 {"card": WOLF, "controller": 1, "zone": "B2"}],
                {"class": "warlock", "zone": "B1"}, {"class": "beastmaster", "zone": "B1"})
    assert poison(st) == {1: 2, 2: 2, 4: 2}
    assert st.obj(3).damage == 0 and st.obj(5).damage == 0 and st.obj(6).damage == 0
    assert traits.traits(st, 3).immune("poison")


def test_malacoda_alone_or_banished_poisons_nothing() -> None:
    """MW-S12: banished, Malacoda stands in no zone and its Upkeep effect reaches nobody."""
    st = menu([{"card": "malacoda", "controller": 1, "zone": "B1"},
               {"card": WOLF, "controller": 1, "zone": "B1"}], 1,
              {"class": "wizard", "zone": "A1", "mana": 30, "planned": ["banish"]},
              {"class": "beastmaster", "zone": "C2"})
    acts(st, "cast banish o3")
    pass_windows(st)
    to_planning(st, 2)
    assert poison(st) == {} and st.obj(4).damage == 0


# ---------------------------------------------------------------------------- Moloch's Torment

def torment(**mage: Any) -> MageWarsState:
    """The warlock (o1) wears Moloch's Torment (o3); its revealed Agony is on the enemy mage
    (o5) and on a wolf (o6, o7); its face-down Agony on another wolf (o8, o9)."""
    return upkeep([{"card": "molochs-torment", "controller": 0, "host": 1},
                   {"card": WOLF, "controller": 1, "zone": "C2"},
                   {"card": "agony", "controller": 0, "host": 2},
                   {"card": WOLF, "controller": 1, "zone": "C1"},
                   {"card": "agony", "controller": 0, "host": 6},
                   {"card": WOLF, "controller": 1, "zone": "B1"},
                   {"card": "agony", "controller": 0, "host": 8, "face_up": False}],
                  {"class": "warlock", "zone": "A1", **mage},
                  {"class": "beastmaster", "zone": "C2"})


def test_molochs_torment_pays_one_mana_per_cursed_creature_for_one_damage() -> None:
    """MW-S11, MW-S14, MW-6.97: in its Upkeep effect the warlock may torment each creature
    carrying its revealed curse, the enemy mage included, 1 mana for 1 direct damage each;
    the creature under a face-down curse is not offered (MW-5.83)."""
    st = torment(mana=10)
    assert ask(st) == "TormentAsk" and st.current_player == 0
    assert options(st) == ["torment o2", "torment o6", "torment done"]
    acts(st, "torment o2")
    assert options(st) == ["torment o6", "torment done"]
    acts(st, "torment o6")
    assert st.obj(2).damage == 1 and st.obj(6).damage == 1 and st.obj(8).damage == 0
    assert st.player(0).mana == 8 and ask(st) != "TormentAsk"


def test_molochs_torment_is_optional_and_needs_mana() -> None:
    """MW-S14: declining deals nothing and costs nothing; with 1 mana only one creature can be
    tormented; with none the warlock is not asked."""
    st = torment(mana=10)
    acts(st, "torment done")
    assert st.player(0).mana == 10 and st.obj(2).damage == 0 and st.obj(6).damage == 0
    one = torment(mana=1)
    acts(one, "torment o6")
    assert one.player(0).mana == 0 and ask(one) != "TormentAsk"
    broke = torment(mana=0)
    assert ask(broke) != "TormentAsk" and not events(broke, "card-effect")


# ---------------------------------------------------------------------------- Idol of Pestilence

def test_idol_of_pestilence_poisons_every_living_creature_in_the_arena() -> None:
    """MW-S11, MW-6.97: 1 direct poison damage in each Upkeep to every Living creature in the
    arena, wherever it stands and whoever controls it, the mages too."""
    st = upkeep([{"card": "idol-of-pestilence", "controller": 0, "zone": "B2"},
                 {"card": WOLF, "controller": 0, "zone": "A2"},
                 {"card": WOLF, "controller": 1, "zone": "C1"}])
    assert poison(st) == {1: 1, 2: 1, 4: 1, 5: 1}
    assert st.obj(3).damage == 0


def test_idol_of_pestilence_spares_the_poison_immune() -> None:
    """MW-6.98, MW-X-8.10: Nonliving creatures and Malacoda (Poison Immunity) take nothing."""
    st = upkeep([{"card": "idol-of-pestilence", "controller": 1, "zone": "B2"},
                 {"card": SENTRY, "controller": 0, "zone": "A2"},
                 {"card": "malacoda", "controller": 1, "zone": "C1"}])
    assert st.obj(4).damage == 0 and st.obj(5).damage == 0
    assert poison(st) == {1: 1, 2: 1}


# ---------------------------------------------------------------------------- Mordok's Obelisk

def obelisk(mana: int) -> MageWarsState:
    return upkeep([{"card": "mordoks-obelisk", "controller": 1, "zone": "B2"},
                   {"card": WOLF, "controller": 0, "zone": "A2"},
                   {"card": WOLF, "controller": 1, "zone": "C1"}],
                  {"class": "warlock", "zone": "A1", "mana": mana},
                  {"class": "beastmaster", "zone": "C2", "mana": 10})


def test_mordoks_obelisk_gives_every_non_mage_creature_upkeep_plus_one() -> None:
    """MW-S11, MW-X-12.3, MW-3.14: both sides' creatures have Upkeep +1, the mages not; each
    controller is asked to pay 1 for its creature, initiative player first."""
    st = obelisk(mana=10)
    assert traits.traits(st, 4).value("upkeep") == 1 and traits.traits(st, 5).value("upkeep") == 1
    assert traits.traits(st, 1).value("upkeep") == 0
    assert options(st) == ["upkeep pay o4", "upkeep skip o4"]
    acts(st, "upkeep pay o4")
    assert options(st) == ["upkeep pay o5", "upkeep skip o5"]
    acts(st, "upkeep pay o5")
    assert st.player(0).mana == 9 and st.player(1).mana == 9 and {4, 5} <= set(st.objs)


def test_mordoks_obelisk_destroys_a_creature_whose_upkeep_goes_unpaid() -> None:
    """MW-3.14, MW-X-12.3: skipped, or unpayable, the upkeep destroys the creature."""
    st = obelisk(mana=0)            # the warlock cannot pay: its wolf is destroyed unasked
    assert 4 not in st.objs and events(st, "upkeep-unpaid")[0].data["oid"] == 4
    acts(st, "upkeep skip o5")
    assert 5 not in st.objs and "timber-wolf" in st.player(1).discard


# ---------------------------------------------------------------------------- Fellella

FELLELLA = "fellella-pixie-familiar"


def test_fellella_takes_only_enchantments() -> None:
    """MW-S11, MW-5.41, MW-3.19: in Planning the beastmaster may give Fellella any enchantment
    of its book, of any level, and nothing else (no creature, incantation or attack spell)."""
    st = scenario({"phase": "planning",
                   "players": [{"class": "beastmaster"}, {"class": "warlock"}],
                   "objects": [{"card": FELLELLA, "controller": 0, "zone": "B1"}]})
    assigns = [o.split()[2] for o in options(st) if o.startswith("assign o3 ")]
    assert {"bear-strength", "rhino-hide", "regrowth", "cheetah-speed"} <= set(assigns)
    assert all(st.card(c).type == "enchantment" for c in assigns)
    assert "timber-wolf" not in assigns and "dispel" not in assigns and "geyser" not in assigns
    acts(st, "assign o3 rhino-hide", "plan done")
    for seed in range(8):           # MW-3.20: the warlock's guesses are enchantments too
        twin = resample(st, 1, random.Random(seed))
        assert isinstance(twin, MageWarsState)
        assert st.card(twin.player(0).assigned[3]).type == "enchantment"
        assert view(twin, 1)["state"] == view(st, 1)["state"]


def test_fellella_casts_with_her_own_mana_and_the_mage_pays_the_reveal() -> None:
    """MW-S15, MW-5.42, MW-5.44, MW-5.86: at her menu Fellella casts her Rhino Hide face down
    on the wolf, her 3 counters paying its 2; revealing it costs the mage's pool 2, never her
    last counter. Until then the warlock never sees which enchantment it is (MW-5.78)."""
    st = menu([{"card": FELLELLA, "controller": 0, "zone": "B1", "mana": 3},
               {"card": WOLF, "controller": 0, "zone": "B1"}], 3,
              {"class": "beastmaster", "zone": "A1", "mana": 10},
              {"class": "warlock", "zone": "C2"})
    player = st.player(0)
    player.book.remove("rhino-hide")
    player.assigned[3] = "rhino-hide"
    st.changed()
    assert "cast rhino-hide o4" in options(st)
    acts(st, "cast rhino-hide o4")
    assert st.obj(3).mana == 1 and player.mana == 10
    assert "rhino-hide" not in view_names(st, 1)
    assert ask(st) == "RevealAsk" and "reveal o5" in options(st)
    acts(st, "reveal o5")
    assert st.obj(5).face_up and st.obj(3).mana == 1 and player.mana == 8
    assert view(st, 1)["state"]["objects"][4]["card"] == "rhino-hide"
