"""Attack spells of the apprentice books (MW-5.19, MW-6.71-MW-6.81): each cast from a planned
spell by the mage's action, end to end through combat, with scripted dice (attack die = d6,
MW-S1; effect die = d12).

Default scenario: seat 0 is the warlock (o1), seat 1 the beastmaster (o2); the apprentice arena
has rows A-C and columns 1-2.
"""

from __future__ import annotations

from typing import Any

import pytest

from grimorio.games.mage_wars import traits
from grimorio.games.mage_wars.effects import registry
from tests.mage_wars.mwkit import acts, ask, events, faces, options, scenario


def at_menu(me: dict[str, Any], foe: dict[str, Any] | None = None,
            objects: list[dict[str, Any]] | None = None, **setup: Any) -> Any:
    """The mage o1 just activated, at its action menu (MW-4.2)."""
    return scenario({"phase": "menu", "activate": 1, "players": [me, foe or {"zone": "C2"}],
                     "objects": objects or [], **setup})


def attack_rolls(st: Any) -> list[int]:
    """How many attack dice each attack rolled (MW-6.27)."""
    return [len(e.data["dice"]) for e in events(st, "roll") if e.rule == "MW-6.27"]


def hits(st: Any) -> list[tuple[int, int | None]]:
    """(defender, modified effect roll) of each hit (MW-6.35)."""
    return [(e.data["oid"], e.data["effect"]) for e in events(st, "hit")]


def casts(st: Any, card: str) -> list[str]:
    return [o for o in options(st) if o.startswith(f"cast {card} ")]


def mana(st: Any) -> int:
    return int(st.players[0].mana)


# ---------------------------------------------------------------------------- Chain Lightning

def chain() -> Any:
    """The warlock in A1 aims at a wolf in B1; a fox in B2 and an imp in C2 stand further."""
    return at_menu({"zone": "A1", "mana": 20, "planned": ["chain-lightning"]}, {"zone": "C1"},
                   [{"card": "timber-wolf", "controller": 1, "zone": "B1"},       # o3
                    {"card": "bitterwood-fox", "controller": 1, "zone": "B2"},    # o4
                    {"card": "timber-wolf", "controller": 1, "zone": "C2"}])      # o5


def test_chain_lightning_jumps_with_one_die_and_one_effect_point_less_each_time() -> None:
    """MW-5.19: 5 Lightning dice on the wolf; it was damaged, so the caster picks the next
    target within 0-1 zones of it (`choose o<N>`): 4 dice and effect −1, then 3 dice and −2;
    no object is attacked twice by one casting."""
    st = chain()
    st.script_dice([*faces(normal=(2, 2), blank=3), 1])
    acts(st, "cast chain-lightning o3")
    assert mana(st) == 8 and ask(st) == "ChainAsk"
    assert options(st) == ["choose o2", "choose o4", "choose stop"]   # not o5, not the caster
    st.script_dice([*faces(normal=(1,), blank=3), 9])
    acts(st, "choose o4")
    assert options(st) == ["choose o5", "choose stop"]      # o3 was attacked already
    st.script_dice([*faces(normal=(1,), blank=2), 9])
    acts(st, "choose o5")
    assert attack_rolls(st) == [5, 4, 3]
    assert [effect for _, effect in hits(st)] == [1, 8, 7]
    # the effect applies even when armor stops the damage (MW-B12)
    assert st.objs[4].markers == {"stun": 1} and st.objs[5].markers == {"daze": 1}
    assert (st.objs[3].damage, st.objs[4].damage, st.objs[5].damage) == (2, 1, 0)
    assert "chain-lightning" in st.players[0].discard


def test_chain_lightning_stops_when_a_target_takes_no_damage() -> None:
    """Only an attack that damages its defender lets the lightning jump (card summary)."""
    st = chain()
    st.script_dice([*faces(normal=(1,), blank=4), 1])      # 1 normal against armor 2
    acts(st, "cast chain-lightning o3")
    assert ask(st) != "ChainAsk" and st.objs[3].damage == 0
    assert attack_rolls(st) == [5]


def test_chain_lightning_may_stop_and_jumps_only_in_sight() -> None:
    """The caster may stop (`choose stop`); a jump needs line of sight from the last defender
    (MW-5.70): a wall on B1|B2 hides the fox."""
    st = chain()
    st.script_dice([*faces(normal=(2, 2), blank=3), 1])
    acts(st, "cast chain-lightning o3")
    acts(st, "choose stop")
    assert attack_rolls(st) == [5] and ask(st) != "ChainAsk"
    st = at_menu({"zone": "A1", "mana": 20, "planned": ["chain-lightning"]}, {"zone": "C1"},
                 [{"card": "timber-wolf", "controller": 1, "zone": "B1"},
                  {"card": "bitterwood-fox", "controller": 1, "zone": "B2"}],
                 walls=[["B1", "B2"]])
    st.script_dice([*faces(normal=(2, 2), blank=3), 1])
    acts(st, "cast chain-lightning o3")
    assert options(st) == ["choose o2", "choose stop"]


def test_chain_lightning_goes_on_after_destroying_its_target() -> None:
    """The chain may continue from a destroyed defender's zone (cards.yaml note)."""
    st = chain()
    st.objs[3].damage = 9
    st.changed()
    st.script_dice([*faces(normal=(2, 2), blank=3), 1])
    acts(st, "cast chain-lightning o3")
    assert 3 not in st.objs
    assert options(st) == ["choose o2", "choose o4", "choose stop"]


# ---------------------------------------------------------------------------- zone attacks

def test_blinding_flash_spares_its_caster_and_hurts_the_nonliving_more() -> None:
    """Blinding Flash: a zone attack on the caster's zone (MW-6.74) that spares the caster
    (excludes_caster, overriding MW-B10), friends included (MW-6.78); each defender in the
    caster's order (MW-6.79); +2 dice and +2 on the effect roll against the Nonliving
    (MW-6.29)."""
    st = at_menu({"class": "priestess", "zone": "A1", "mana": 20,
                  "planned": ["blinding-flash"]}, {"zone": "C2"},
                 [{"card": "skeletal-sentry", "controller": 1, "zone": "A1"},   # o3
                  {"card": "timber-wolf", "controller": 0, "zone": "A1"}])      # o4
    assert casts(st, "blinding-flash") == ["cast blinding-flash A1"]
    acts(st, "cast blinding-flash A1")
    assert ask(st) == "OrderAsk" and options(st) == ["choose o3", "choose o4"]
    st.script_dice([*faces(normal=(1, 1), blank=2), 8, *faces(normal=(2,), blank=1), 5])
    acts(st, "choose o3")
    assert attack_rolls(st) == [4, 2] and mana(st) == 13
    assert hits(st) == [(3, 10), (4, 5)]
    assert st.objs[3].markers == {"stun": 1} and st.objs[4].markers == {"daze": 1}
    assert st.objs[1].damage == 0 and st.objs[3].damage == 2


def test_electrify_spares_its_caster() -> None:
    """Electrify: 4 Lightning dice to everything else in the caster's zone; 9+ Stuns."""
    st = at_menu({"class": "wizard", "zone": "A1", "mana": 20, "planned": ["electrify"]},
                 {"zone": "A1"})
    acts(st, "cast electrify A1")
    st.script_dice([*faces(normal=(2, 1), critical=(1,), blank=1), 9])
    pass_order(st)
    assert attack_rolls(st) == [4] and mana(st) == 11
    assert st.objs[2].damage == 4 and st.objs[2].markers == {"stun": 1}
    assert st.objs[1].damage == 0


def test_firestorm_hits_its_own_caster_in_the_zone() -> None:
    """Firestorm at range 0-1 (MW-6.74): the caster standing in the zone is attacked too
    (MW-B10, MW-6.78); 5 dice each, 5-9 one Burn, 10+ two."""
    st = at_menu({"zone": "A1", "mana": 20, "planned": ["firestorm"]}, {"zone": "A1"})
    assert casts(st, "firestorm") == ["cast firestorm A1", "cast firestorm A2",
                                      "cast firestorm B1"]
    acts(st, "cast firestorm A1")
    assert options(st) == ["choose o1", "choose o2"]
    st.script_dice([*faces(normal=(1,), blank=4), 5, *faces(normal=(2, 2), blank=3), 10])
    acts(st, "choose o2")
    assert attack_rolls(st) == [5, 5]
    assert (st.objs[2].damage, st.objs[2].markers) == (1, {"burn": 1})
    assert (st.objs[1].damage, st.objs[1].markers) == (4, {"burn": 2})


def pass_order(st: Any) -> None:
    """Take the only defender offered, if the zone attack asks (MW-6.79)."""
    if ask(st) == "OrderAsk":
        acts(st, options(st)[0])


# ---------------------------------------------------------------------------- single-target

def test_fireball_burns_and_spares_the_flame_immune() -> None:
    """Fireball: 6 dice at range 0-2; 4-10 one Burn, 11+ two (MW-6.40); the Firebrand Imp is
    immune to Flame and takes nothing (MW-6.114)."""
    st = at_menu({"zone": "A1", "mana": 20, "planned": ["fireball"]}, {"zone": "B2"},
                 [{"card": "firebrand-imp", "controller": 1, "zone": "B1"}])
    st.script_dice([*faces(normal=(2, 1), critical=(2,), blank=3), 11])
    acts(st, "cast fireball o2")
    assert attack_rolls(st) == [6] and mana(st) == 12
    assert st.objs[2].damage == 5 and st.objs[2].markers == {"burn": 2}
    st = at_menu({"zone": "A1", "mana": 20, "planned": ["fireball"]}, {"zone": "B2"},
                 [{"card": "firebrand-imp", "controller": 1, "zone": "B1"}])
    acts(st, "cast fireball o3")
    assert events(st, "immune")[0].rule == "MW-6.114" and st.objs[3].damage == 0


def test_fireball_loses_dice_against_flame_minus_two() -> None:
    """MW-X-4.7: the Dark Pact Slayer's Flame −2 takes 2 dice and 2 effect points off."""
    st = at_menu({"zone": "A1", "mana": 20, "planned": ["fireball"]},
                 objects=[{"card": "dark-pact-slayer", "controller": 1, "zone": "A2"}])
    st.script_dice([*faces(blank=4), 6])
    acts(st, "cast fireball o3")
    assert attack_rolls(st) == [4] and hits(st) == [(3, 4)]
    assert st.objs[3].markers == {"burn": 1}


def test_flameblast_reaches_one_zone_and_cannot_be_avoided() -> None:
    """Flameblast: range 0-1 (MW-6.72); 4 dice, Unavoidable (MW-6.90); 7-10 one Burn."""
    st = at_menu({"zone": "A1", "mana": 20, "planned": ["flameblast"]}, {"zone": "B2"},
                 [{"card": "timber-wolf", "controller": 1, "zone": "B1"}])
    assert casts(st, "flameblast") == ["cast flameblast o3"]      # o2 is 2 zones away
    st.script_dice([*faces(normal=(2, 2), critical=(1,), blank=1), 7])
    acts(st, "cast flameblast o3")
    assert st.objs[3].damage == 3 and st.objs[3].markers == {"burn": 1} and mana(st) == 15
    assert st.card("flameblast").attacks[0].has("unavoidable")


def test_geyser_dazes_on_five_or_more() -> None:
    """Geyser: 3 Hydro dice at range 0-1, Unavoidable; 5+ on the effect die Dazes."""
    st = at_menu({"class": "wizard", "zone": "A1", "mana": 20, "planned": ["geyser"]},
                 {"zone": "A2"})
    st.script_dice([*faces(normal=(2,), critical=(1,), blank=1), 5])
    acts(st, "cast geyser o2")
    assert attack_rolls(st) == [3] and mana(st) == 16
    assert st.objs[2].damage == 3 and st.objs[2].markers == {"daze": 1}


def test_jet_stream_pushes_away_from_the_caster() -> None:
    """Jet Stream: 4-10 Push, straight away from the caster's zone (MW-X-7.17): the wolf in
    B1 goes to C1."""
    st = at_menu({"class": "wizard", "zone": "A1", "mana": 20, "planned": ["jet-stream"]},
                 {"zone": "C2"}, [{"card": "timber-wolf", "controller": 1, "zone": "B1"}])
    st.script_dice([*faces(normal=(2, 2)), 4])
    acts(st, "cast jet-stream o3")
    assert attack_rolls(st) == [2] and mana(st) == 16
    assert st.objs[3].zone == "C1" and st.objs[3].damage == 2
    assert events(st, "push")[0].rule == "MW-X-7.17"


def test_jet_stream_in_the_same_zone_lets_the_caster_choose_and_dazes_on_eleven() -> None:
    """From the target's own zone any direction fits and the pusher chooses (MW-X-7.18,
    MW-C13); 11+ Pushes and Dazes."""
    st = at_menu({"class": "wizard", "zone": "B1", "mana": 20, "planned": ["jet-stream"]},
                 {"zone": "C2"}, [{"card": "timber-wolf", "controller": 1, "zone": "B1"}])
    st.script_dice([*faces(blank=2), 11])
    acts(st, "cast jet-stream o3")
    assert ask(st) == "PushAsk" and st.current_player == 0
    acts(st, "push east")
    assert st.objs[3].zone == "B2" and st.objs[3].markers == {"daze": 1}


def test_jet_stream_gains_two_dice_and_two_effect_points_against_flyers() -> None:
    """MW-6.29: +2 dice and +2 on the effect roll against a Flying target."""
    st = at_menu({"class": "wizard", "zone": "A1", "mana": 20, "planned": ["jet-stream"]},
                 {"zone": "C2"}, [{"card": "timber-wolf", "controller": 1, "zone": "B1"}])
    traits.add_temp(st, 3, "flying", None, traits.TEMP_UNTIL_ROUND)
    st.script_dice([*faces(blank=4), 1])
    acts(st, "cast jet-stream o3")
    assert attack_rolls(st) == [4] and hits(st) == [(3, 3)] and st.objs[3].zone == "B1"


def test_lightning_bolt_stuns_brogan_more_easily() -> None:
    """Lightning Bolt: 5 dice, 6-7 Daze, 8+ Stun; Brogan's Lightning +2 gives 7 dice and +2 on
    the effect roll (MW-X-4.7)."""
    st = at_menu({"class": "wizard", "zone": "A1", "mana": 20, "planned": ["lightning-bolt"]},
                 objects=[{"card": "brogan-bloodstone", "controller": 1, "zone": "B1"}])
    st.script_dice([*faces(normal=(2, 2, 2), critical=(1,), blank=3), 6])
    acts(st, "cast lightning-bolt o3")
    assert attack_rolls(st) == [7] and hits(st) == [(3, 8)] and mana(st) == 12
    assert st.objs[3].damage == 3 and st.objs[3].markers == {"stun": 1}


def test_pillar_of_light_hurts_the_nonliving_more() -> None:
    """Pillar of Light: 2 Light dice, +2 dice and +2 effect against Nonliving creatures
    (MW-6.29); 4-10 Daze, 11+ Stun."""
    st = at_menu({"class": "priestess", "zone": "A1", "mana": 20,
                  "planned": ["pillar-of-light"]},
                 objects=[{"card": "skeletal-sentry", "controller": 1, "zone": "B1"},   # o3
                          {"card": "timber-wolf", "controller": 1, "zone": "B1"}])      # o4
    st.script_dice([*faces(normal=(2, 1), blank=2), 9])
    acts(st, "cast pillar-of-light o3")
    assert attack_rolls(st) == [4] and hits(st) == [(3, 11)] and mana(st) == 15
    assert st.objs[3].damage == 3 and st.objs[3].markers == {"stun": 1}
    st = at_menu({"class": "priestess", "zone": "A1", "mana": 20,
                  "planned": ["pillar-of-light"]},
                 objects=[{"card": "timber-wolf", "controller": 1, "zone": "B1"}])
    st.script_dice([*faces(normal=(2, 1)), 4])
    acts(st, "cast pillar-of-light o3")
    assert attack_rolls(st) == [2] and st.objs[3].markers == {"daze": 1}


def test_attack_spells_ignore_guards() -> None:
    """MW-6.73: attack spells are ranged, so an enemy guard does not shield its friends."""
    st = at_menu({"zone": "A1", "mana": 20, "planned": ["fireball"]}, {"zone": "B1"},
                 [{"card": "timber-wolf", "controller": 1, "zone": "B1", "guard": True}])
    assert "cast fireball o2" in casts(st, "fireball")


# ---------------------------------------------------------------------------- registry

ATTACK_SPELLS = ("blinding-flash", "chain-lightning", "electrify", "fireball", "firestorm",
                 "flameblast", "geyser", "jet-stream", "lightning-bolt", "pillar-of-light")


@pytest.mark.parametrize("card", ATTACK_SPELLS)
def test_every_attack_spell_is_implemented(card: str) -> None:
    """Data only (its bar, MW-5.19) or a script, never both."""
    assert registry.implemented(card)
    assert (card in registry.DATA_ONLY) != (registry.script(card) is not None)
