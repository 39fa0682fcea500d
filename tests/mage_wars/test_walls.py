"""Walls (MW-5.58-MW-5.69, MW-X-7.12-MW-X-7.14, MW-X-7.20, MW-X-7.22, MW-X-7.23, MW-X-10.5,
MW-X-11.13, MW-A13, MW-C24). No apprentice card is a wall: the tests use test-only wall cards
(`fake_card`), cast through the ordinary casting sequence or put straight on a border
(`walls.place`)."""

from __future__ import annotations

from typing import Any

import grimorio
from grimorio.core.i18n import Text
from grimorio.games.mage_wars import arena, data, traits
from grimorio.games.mage_wars.render import render
from grimorio.games.mage_wars.rules import combat, damage, displace, walls
from grimorio.games.mage_wars.state import MageWarsState
from tests.mage_wars.mwkit import acts, ask, events, faces, fake_card, options, scenario

U = data.TraitUse
WOLF = {"card": "timber-wolf", "controller": 1, "zone": "A1"}
BLOCKED, SIGHT = "passage-blocked", "los-obstructed"


def wall_card(st: MageWarsState, card_id: str = "test-wall", *, kinds: tuple[str, ...] = (
        BLOCKED, SIGHT), bar: data.Attack | None = None, life: int = 10, armor: int = 2,
        cost: int = 7, level: int = 2, span: tuple[int, int] = (0, 2)) -> str:
    """A test-only wall card: a conjuration of subtype wall that targets a border."""
    fake_card(st, "fireball", card_id, type="conjuration", subtypes=("wall",), level=level,
              cost=data.Cost(cost, None, None), speed="full", range=data.Span(*span),
              target=data.Target("border", ()), traits=tuple(U(k) for k in kinds),
              life=life, armor=armor, attacks=() if bar is None else (bar,))
    return card_id


def passage_bar(dice: int = 3, stun: bool = False) -> data.Attack:
    """A wall's Passage Attack bar: no action, no range (MW-5.62)."""
    bands = (data.EffectBand(1, None, ("stun",)),) if stun else ()
    return data.Attack(Text("Flames", "Llamas"), None, "passage", None, dice, "flame", bands,
                       (), (), False)


def fire_wall(st: MageWarsState, stun: bool = False) -> str:
    return wall_card(st, "test-fire-wall", kinds=("passage-attack",), bar=passage_bar(stun=stun))


def plan(st: MageWarsState, seat: int, *cards: str) -> None:
    st.players[seat].planned.extend(cards)
    st.changed()


def mage_menu(**changes: Any) -> MageWarsState:
    """The warlock (o1, A1) at its action menu with 30 mana on the full arena."""
    setup: dict[str, Any] = {"phase": "menu", "activate": 1, "players": [{"mana": 30}, {}]}
    setup.update(changes)
    return scenario(setup, arena="full")


def wall_at(st: MageWarsState, border: str) -> int:
    found = walls.wall_on(st, walls.parse(border))
    assert found is not None
    return found.oid


# ---------------------------------------------------------------------------- casting a wall

def test_a_wall_stands_on_a_border_in_no_zone() -> None:
    """MW-5.58, MW-X-10.5, MW-X-7.2: a wall spell targets a border (`A1-A2`) and its object stands
    on it, in no zone; the arena map and the state document show it (MW-2.4)."""
    st = mage_menu()
    wall_card(st)
    plan(st, 0, "test-wall")
    assert "cast test-wall A1-A2" in options(st)
    game = grimorio.load_game("mage-wars")
    assert game.parse_action(st, "cast test-wall a1-a2").notation() == "cast test-wall A1-A2"
    acts(st, "cast test-wall A1-A2")
    oid = wall_at(st, "A1-A2")
    wall = st.obj(oid)
    assert wall.zone is None and wall.host is None and wall.border == ("A1", "A2")
    assert wall.kind == "conjuration" and st.players[0].mana == 30 - 7
    assert st.arena.wall(arena.border("A1", "A2")) == arena.WallKind(True, True)
    doc = st.document()["state"]
    assert ["A1", "A2"] in doc["walls"]
    assert next(o for o in doc["objects"] if o["oid"] == oid)["border"] == ["A1", "A2"]
    assert all(o.oid != oid for z in st.arena.zones for o in st.in_zone(z))
    assert f"A1-A2: o{oid} test-wall" in render(grimorio.view(st, 1), "en")


def test_range_and_line_of_sight_to_the_border() -> None:
    """MW-5.59, MW-5.71: one of the border's zones must be in range and its midpoint in line of
    sight; a wall standing in the way hides the border behind it (MW-5.64)."""
    st = mage_menu()
    wall_card(st, span=(0, 1))
    plan(st, 0, "test-wall")
    casts = {o.split()[2] for o in options(st) if o.startswith("cast test-wall")}
    assert {"A1-A2", "A2-A3", "B1-C1", "B1-B2", "A1-B1"} <= casts
    assert "C3-C4" not in casts and "A3-A4" not in casts       # no zone of it in range
    st = mage_menu(walls=[["A1", "B1"]])
    wall_card(st, span=(0, 1))
    plan(st, 0, "test-wall")
    casts = {o.split()[2] for o in options(st) if o.startswith("cast test-wall")}
    assert "B1-C1" not in casts and "A1-B1" not in casts       # hidden / already a wall
    assert "A2-B2" in casts                                   # its midpoint is in sight


def test_one_wall_per_border() -> None:
    """MW-5.60: a border holds one wall; another may go there once the first is destroyed
    (MW-X-8.2: walls are destroyed like any conjuration)."""
    st = mage_menu()
    wall_card(st)
    plan(st, 0, "test-wall", "test-wall")
    acts(st, "cast test-wall A1-A2")
    assert not any(o.startswith("cast test-wall A1-A2") for o in options(st))
    oid = wall_at(st, "A1-A2")
    damage.destroy(st, oid, "MW-X-8.2")
    assert arena.border("A1", "A2") not in st.arena.walls
    assert "test-wall" in st.players[0].discard
    card = st.card("test-wall")
    assert ("A1-A2",) in walls.border_targets(st, 1, card)


def test_extendable_wall_costs_more_and_places_a_second_copy() -> None:
    """MW-5.66, MW-5.67, MW-X-11.13: extended, a level 2 wall of cost 7 costs 7 + 7 + 2 = 16 and a
    second copy from the spellbook goes on a border joined to the first, in line or round a
    corner (MW-A13, MW-C24), chosen with `choose`; only the first needs to be in range."""
    st = mage_menu()
    wall_card(st, span=(0, 0))
    plan(st, 0, "test-wall")
    st.players[0].book.append("test-wall")
    assert "cast test-wall A1-A2 opt=extend" in options(st)
    acts(st, "cast test-wall A1-A2 opt=extend")
    assert st.players[0].mana == 30 - 16
    assert ask(st) == "ExtendAsk"
    # A2-B2 is joined too, but the first wall now hides its midpoint from A1 (MW-A13)
    assert sorted(options(st)) == ["choose A1-B1", "choose B1-B2"]
    acts(st, "choose B1-B2")                  # neither B1 nor B2 is in range 0-0: allowed
    assert wall_at(st, "A1-A2") and wall_at(st, "B1-B2")
    assert "test-wall" not in st.players[0].book
    assert walls.ends(walls.parse("A1-A2")) & walls.ends(walls.parse("B1-B2"))


def test_extension_needs_a_second_copy_in_the_spellbook() -> None:
    """MW-A13: without a second copy in the spellbook (a planned copy does not count) the
    extension cannot be chosen."""
    st = mage_menu()
    wall_card(st)
    plan(st, 0, "test-wall", "test-wall")
    assert not any(o.endswith("opt=extend") for o in options(st))


def test_extension_with_no_border_left_is_lost() -> None:
    """MW-A13: if no joined border is free when the spell resolves, the first wall goes up alone
    and the extra mana, already paid, is lost (the spell is not countered, MW-5.15)."""
    st = mage_menu(objects=[{"card": "rhino-hide", "controller": 1, "host": 2,
                             "face_up": False}])
    wall_card(st, span=(0, 0))
    plan(st, 0, "test-wall")
    st.players[0].book.append("test-wall")
    acts(st, "cast test-wall A1-A2 opt=extend")
    assert ask(st) == "RevealAsk"             # the window after Step 1 (seat 1 has one)
    for spot in ("A1-B1", "A2-B2", "B1-B2"):
        walls.place(st, "test-wall", 1, walls.parse(spot))
    while ask(st) == "RevealAsk":
        acts(st, "pass")
    assert wall_at(st, "A1-A2") and st.players[0].mana == 30 - 16
    assert events(st, "wall-extension-lost")[0].rule == "MW-A13"
    assert "test-wall" in st.players[0].book


# ---------------------------------------------------------------------------- crossing

def test_passage_blocked_stops_walkers_not_flyers() -> None:
    """MW-5.61, MW-X-7.12, MW-4.17, MW-4.19: nobody walks across a Passage Blocked wall; flyers
    ignore walls inside the arena (MW-5.28, MW-X-7.16, MW-4.22)."""
    st = scenario({"phase": "menu", "activate": 3, "objects": [WOLF]}, arena="full")
    walls.place(st, wall_card(st), 0, walls.parse("A1-A2"))
    assert "move A2" not in options(st) and "move B1" in options(st)
    traits.add_temp(st, 3, "flying", None, "end-of-round")
    assert "move A2" in options(st)


def test_a_wall_without_passage_traits_lets_creatures_through() -> None:
    """MW-5.63: a wall with neither Passage Blocked nor Passage Attack does not hinder crossing;
    without LoS Obstructed it hides nothing either (MW-5.64)."""
    st = scenario({"phase": "menu", "activate": 3, "objects": [WOLF]}, arena="full")
    walls.place(st, wall_card(st, kinds=()), 0, walls.parse("A1-A2"))
    assert st.arena.los("A1", "A3")
    acts(st, "move A2")
    assert st.obj(3).zone == "A2" and not events(st, "attack")


def test_passage_attack_hits_in_step_four() -> None:
    """MW-5.62, MW-4.22, MW-X-7.13: a Passage Attack wall attacks the creature crossing it in
    step 4 of the move sequence, before it reaches the new zone; neither melee nor ranged, it
    meets no Defense, no Damage Barrier and no Counterstrike (MW-6.90); a reveal window ends that
    step (MW-4.26)."""
    st = scenario({"phase": "menu", "activate": 3, "objects": [
        WOLF, {"card": "rhino-hide", "controller": 0, "host": 2, "face_up": False}]},
        arena="full")
    fake_card(st, "rhino-hide", "test-shield", grants=(), defense=data.DefenseSpec(5, None, None))
    st.new_obj("test-shield", "enchantment", 1, 1, host=3)
    bar = data.Attack(Text("Spikes", "Púas"), None, "damage-barrier", None, 2, None, (), (), (),
                      False)
    fake_card(st, "rhino-hide", "test-circle", attacks=(bar,), grants=(
        data.Grant("bearer", None, None, (U("damage-barrier"),)),))
    st.new_obj("test-circle", "enchantment", 1, 1, host=3)
    wall = walls.place(st, fire_wall(st), 0, walls.parse("A1-A2")).oid
    st.script_dice(faces(critical=(1, 1, 1)))
    acts(st, "move A2")
    while ask(st) == "RevealAsk" and st.obj(3).zone == "A1" and not events(st, "hit"):
        acts(st, "pass")                      # windows after step 1 and the attack's steps
    assert st.obj(3).damage == 3 and st.obj(3).zone == "A1"
    assert ask(st) == "RevealAsk"             # MW-4.26: the window after step 4
    hit = events(st, "attack")[0]
    assert hit.data["attacker"] == wall and hit.data["target"] == 3
    assert events(st, "passage-attack")[0].rule == "MW-5.62"
    while ask(st) == "RevealAsk":
        acts(st, "pass")
    assert st.obj(3).zone == "A2"
    assert not events(st, "defense") and not events(st, "barrier")
    assert not events(st, "counterstrike")


def test_a_creature_stopped_by_the_wall_stays_put() -> None:
    """MW-5.62, MW-4.25, MW-A18: made Incapacitated by the Passage Attack, the creature stays
    where it started and the move is spent."""
    st = scenario({"phase": "menu", "activate": 3, "objects": [WOLF]}, arena="full")
    walls.place(st, fire_wall(st, stun=True), 0, walls.parse("A1-A2"))
    st.script_dice([*faces(blank=3), 1])
    acts(st, "move A2")
    assert st.obj(3).zone == "A1" and events(st, "condition")[0].data["condition"] == "stun"
    assert events(st, "move-cancelled")[0].rule == "MW-4.25"
    assert not events(st, "move") and events(st, "turn-end")     # it could do no more


def test_flyers_and_teleports_meet_no_wall() -> None:
    """MW-4.22, MW-5.28: a flyer crossing a Passage Attack wall is not attacked; MW-X-7.25 a
    teleport passes every wall."""
    st = scenario({"phase": "menu", "activate": 3, "objects": [WOLF]}, arena="full")
    walls.place(st, fire_wall(st), 0, walls.parse("A1-A2"))
    traits.add_temp(st, 3, "flying", None, "end-of-round")
    acts(st, "move A2")
    assert st.obj(3).zone == "A2" and not events(st, "attack")
    displace.teleport(st, 3, "A1", "MW-X-7.25")
    assert st.obj(3).zone == "A1" and not events(st, "attack")


# ---------------------------------------------------------------------------- pushes

def test_pushed_into_a_blocking_wall_collides() -> None:
    """MW-X-7.20, MW-X-7.22, MW-5.61: a creature pushed against a Passage Blocked wall stays and
    takes the collision attack; MW-X-7.23 a pushed flyer crosses an inner wall."""
    st = scenario({"phase": "menu", "activate": 1, "objects": [WOLF]}, arena="full")
    walls.place(st, wall_card(st), 0, walls.parse("A1-A2"))
    st.script_dice(faces(blank=3))
    displace.push(st, 3, "east", "MW-X-7.17")
    while st.frames and isinstance(st.frames[-1], combat.AttackFrame):
        st.frames[-1].step(st)
    assert st.obj(3).zone == "A1" and events(st, "collide")[0].rule == "MW-X-7.22"
    traits.add_temp(st, 3, "flying", None, "end-of-round")
    displace.push(st, 3, "east", "MW-X-7.17")
    assert st.obj(3).zone == "A2"


def force_push_setup(mana: int = 20) -> MageWarsState:
    st = scenario({"phase": "menu", "activate": 1, "objects": [
        {"card": "timber-wolf", "controller": 1, "zone": "A2"}],
        "players": [{"mana": mana, "planned": ["force-push"]}, {}]}, arena="full")
    walls.place(st, fire_wall(st), 1, walls.parse("A2-A3"))
    return st


def test_force_push_through_a_passage_attack_wall_costs_more() -> None:
    """MW-X-7.20, MW-5.62: pushed through a Passage Attack wall, the creature is attacked first;
    Force Push crosses such a wall only if its caster paid 3 more (`opt=through`)."""
    st = force_push_setup()
    assert {"cast force-push o3", "cast force-push o3 opt=through"} <= set(options(st))
    acts(st, "cast force-push o3 opt=through")
    assert st.players[0].mana == 20 - 3 - 3
    st.script_dice(faces(critical=(1,), blank=2))
    acts(st, "push east")
    assert st.obj(3).zone == "A3" and st.obj(3).damage == 1
    assert events(st, "passage-attack") and events(st, "push")[0].data["zone"] == "A3"


def test_force_push_without_the_extra_mana_stops_at_the_wall() -> None:
    """MW-X-7.20: without the extra mana, Force Push does not take the creature through a
    Passage Attack wall; other directions work as usual (MW-X-7.17)."""
    st = force_push_setup()
    acts(st, "cast force-push o3", "push east")
    assert st.obj(3).zone == "A2" and events(st, "no-push")[0].rule == "MW-X-7.20"
    assert st.players[0].mana == 20 - 3 and not events(st, "attack")


def test_a_restrained_creature_pushed_through_the_wall_goes_on() -> None:
    """MW-X-7.24, MW-5.62: a creature already Restrained can be pushed; only a restraint the
    wall's own attack causes stops it."""
    st = force_push_setup()
    st.obj(3).markers["cripple"] = 1
    st.changed()
    acts(st, "cast force-push o3 opt=through")
    st.script_dice(faces(blank=3))
    acts(st, "push east")
    assert st.obj(3).zone == "A3"


# ---------------------------------------------------------------------------- sight, attacks

def test_los_obstructed_walls_in_play_hide_targets() -> None:
    """MW-5.64, MW-X-7.14, MW-5.70: a wall object with LoS Obstructed blocks line of sight like a
    setup wall: an attack spell cannot target what it hides; a Flying target is never hidden
    by inner walls (MW-5.74)."""
    st = mage_menu(objects=[{"card": "timber-wolf", "controller": 1, "zone": "C1"}],
                   players=[{"mana": 30, "planned": ["fireball"]}, {}])
    assert "cast fireball o3" in options(st)
    walls.place(st, wall_card(st), 0, walls.parse("A1-B1"))
    walls.place(st, wall_card(st, "test-low-wall", kinds=(BLOCKED,)), 0,
                walls.parse("A2-B2"))
    assert not st.arena.los("A1", "C1") and st.arena.los("A2", "C2")
    assert "cast fireball o3" not in options(st)
    traits.add_temp(st, 3, "flying", None, "end-of-round")
    assert "cast fireball o3" in options(st)


def test_walls_can_be_attacked_in_melee_and_at_range() -> None:
    """MW-5.68, MW-6.1: a creature in either zone a wall separates may melee-attack it; a ranged
    attack or an attack spell may target it when one of its zones is in range and it is in
    sight; damaged to its life, it is destroyed like a conjuration and the map loses it
    (MW-5.46, MW-X-8.2)."""
    st = scenario({"phase": "menu", "activate": 3, "objects": [
        WOLF, {"card": "royal-archer", "controller": 1, "zone": "C1"}],
        "players": [{"planned": ["fireball"], "mana": 20}, {}]}, arena="full")
    wall = walls.place(st, wall_card(st, life=4, armor=0), 0, walls.parse("A1-A2")).oid
    archer = traits.attacks(st, 4)[0]
    assert wall in combat.ranged_targets(st, 4, archer)          # A1 is 2 zones away
    assert f"attack 1 o{wall}" in options(st)
    st.script_dice(faces(normal=(2, 2), blank=2))
    acts(st, f"attack 1 o{wall}")
    assert wall not in st.objs and arena.border("A1", "A2") not in st.arena.walls
    assert "test-wall" in st.players[0].discard
    st = scenario({"phase": "menu", "activate": 1, "players": [
        {"planned": ["fireball"], "mana": 20}, {}]}, arena="full")
    wall = walls.place(st, wall_card(st), 1, walls.parse("B2-C2")).oid
    assert f"cast fireball o{wall}" in options(st)               # B2 is 2 zones away
    far = walls.place(st, wall_card(st), 1, walls.parse("C3-C4")).oid
    assert f"cast fireball o{far}" not in options(st)


def test_zone_attacks_never_touch_walls() -> None:
    """MW-5.69, MW-6.80, MW-6.78: a wall stands in no zone, so a zone attack on either of its
    zones leaves it alone."""
    st = mage_menu(objects=[{"card": "timber-wolf", "controller": 1, "zone": "A2"}],
                   players=[{"mana": 30, "planned": ["firestorm"]}, {}])
    wall = walls.place(st, wall_card(st, kinds=(BLOCKED,)), 1, walls.parse("A1-A2")).oid
    st.script_dice([6] * 40)
    acts(st, "cast firestorm A2")
    while ask(st) == "OrderAsk":
        acts(st, options(st)[0])
    assert st.obj(wall).damage == 0
    assert all(e.data["oid"] != wall for e in events(st, "hit"))
