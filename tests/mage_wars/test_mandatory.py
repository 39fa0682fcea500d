"""Mandatory and one-use enchantments (MW-5.93-MW-5.97, MW-6.84, MW-6.88, MW-6.91, MW-X-6.37,
MW-C25), Defenses from card data (MW-6.82, MW-6.85, MW-6.89), and the card-data fields walls,
traps and Defenses use. No apprentice card is mandatory: the tests use a Block-like test-only
card (`fake_card`), a Defense that avoids the attack with no roll, mandatory and one-use."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from grimorio.core.state import view
from grimorio.games.mage_wars import data
from grimorio.games.mage_wars.flow import run
from grimorio.games.mage_wars.rules import displace, walls
from grimorio.games.mage_wars.state import MageWarsState
from tests.mage_wars import test_conjurations, test_traps, test_walls
from tests.mage_wars.mwkit import (
    acts,
    ask,
    duel,
    events,
    faces,
    fake_card,
    options,
    pass_windows,
    scenario,
)

U = data.TraitUse
WOLF = {"card": "timber-wolf", "controller": 1, "zone": "A1"}


def block_card(st: MageWarsState, card_id: str = "test-block", *, threshold: int = 0,
               kinds: tuple[str, ...] = ("mandatory", "one-use"), per_round: int | None = None,
               vs: str | None = None) -> str:
    """A Block-like enchantment: a Defense on its creature (`threshold` 0: no roll)."""
    fake_card(st, "rhino-hide", card_id, traits=tuple(U(k) for k in kinds), grants=(),
              cost=data.Cost(2, 2, None), target=data.Target("creature", ()),
              defense=data.DefenseSpec(threshold, per_round, vs))
    return card_id


def hidden_block(st: MageWarsState, host: int = 1, card_id: str = "test-block") -> int:
    return st.new_obj(card_id, "enchantment", 0, 0, host=host, face_up=False).oid


def wolf_attacks_mage() -> MageWarsState:
    """The enemy wolf (o3) in the warlock's zone, at its action menu."""
    return duel([WOLF], activate=3)


def to_trigger(st: MageWarsState) -> None:
    while ask(st) == "RevealAsk":
        acts(st, "pass")


def test_block_comes_out_and_avoids_the_attack() -> None:
    """MW-5.94, MW-5.97, MW-6.88: attacked, the creature's face-down Block must be turned up at
    step 4 (its controller only chooses to pay or not); paid, it avoids the attack (MW-6.26);
    MW-5.93 being one-use, it then goes to the discard pile."""
    st = wolf_attacks_mage()
    block = hidden_block(st, card_id=block_card(st))
    acts(st, "attack 1 o1")
    to_trigger(st)
    assert ask(st) == "TriggerAsk" and st.current_player == 0
    assert options(st) == [f"reveal o{block}", f"decline o{block}"]
    acts(st, f"reveal o{block}")
    assert st.players[0].mana == 10 - 2 and st.obj(1).damage == 0
    assert events(st, "defense")[0].data["avoided"] is True
    assert block not in st.objs and "test-block" in st.players[0].discard
    assert not [e for e in events(st, "roll") if e.rule == "MW-6.27"]


def test_block_left_unpaid_is_destroyed() -> None:
    """MW-5.95, MW-5.97, MW-C25, MW-X-11.10: against a weak attack Block may be turned up and left
    unpaid: destroyed with no effect, and the attack goes on."""
    st = wolf_attacks_mage()
    block = hidden_block(st, card_id=block_card(st))
    acts(st, "attack 1 o1")
    to_trigger(st)
    st.script_dice(faces(critical=(1,), blank=3))
    acts(st, f"decline o{block}")
    pass_windows(st)
    assert block not in st.objs and "test-block" in st.players[0].discard
    assert st.players[0].mana == 10 and st.obj(1).damage == 1
    assert events(st, "reveal-unpaid")[0].rule == "MW-5.95"


def test_revealed_outside_its_trigger_it_is_discarded() -> None:
    """MW-5.96: turned up when no attack is under way on its creature, a mandatory one-use
    enchantment does nothing and is discarded (unpaid)."""
    st = wolf_attacks_mage()
    block = hidden_block(st, card_id=block_card(st))
    acts(st, "move B1")
    assert ask(st) == "RevealAsk" and f"reveal o{block}" in options(st)
    acts(st, f"reveal o{block}")
    assert block not in st.objs and st.players[0].mana == 10
    assert events(st, "reveal-wasted")[0].rule == "MW-5.96"


def test_a_one_use_defense_revealed_during_the_attack_works() -> None:
    """MW-5.96, MW-5.84 (d): revealed in a window of an attack on its creature it is within its
    trigger: it stays face up and is an ordinary Defense for that attack (MW-6.87: optional)."""
    st = wolf_attacks_mage()
    block = hidden_block(st, card_id=block_card(st))
    acts(st, "attack 1 o1")
    assert ask(st) == "RevealAsk"                 # after Declare Attack
    acts(st, f"reveal o{block}")
    pass_windows(st)
    assert ask(st) == "DefenseAsk" and options(st) == [f"defend o{block}", "no-defense"]
    acts(st, f"defend o{block}")
    assert st.obj(1).damage == 0 and block not in st.objs


def test_one_defense_even_if_several_mandatory_ones_come_out() -> None:
    """MW-6.84, MW-5.102: several mandatory Defenses come out together; the creature still uses
    only one of them (its pick, no declining once paid), the other stays face up."""
    st = wolf_attacks_mage()
    first = hidden_block(st, card_id=block_card(st))
    second = hidden_block(st, card_id=block_card(st, "test-parry", threshold=7,
                                                  kinds=("mandatory",)))
    acts(st, "attack 1 o1")
    to_trigger(st)
    acts(st, f"reveal o{second}", f"reveal o{first}")
    assert ask(st) == "DefenseAsk"
    assert sorted(options(st)) == sorted([f"defend o{first}", f"defend o{second}"])
    st.script_dice([8])
    acts(st, f"defend o{second}")
    assert st.obj(1).damage == 0 and st.obj(second).face_up and st.obj(first).face_up
    assert [e.data["threshold"] for e in events(st, "defense")] == [7]


def test_an_incapacitated_creature_still_uses_a_mandatory_defense() -> None:
    """MW-6.91, MW-X-6.37: a Stunned creature uses no Defense, except a mandatory enchantment
    that counts as one."""
    st = duel([WOLF], activate=3, players=({"markers": {"stun": 1}}, {}))
    shield = st.new_obj(block_card(st, "test-shield", threshold=5, kinds=()), "enchantment",
                        0, 0, host=1).oid
    block = hidden_block(st, card_id=block_card(st))
    acts(st, "attack 1 o1")
    to_trigger(st)
    acts(st, f"reveal o{block}")
    assert st.obj(1).damage == 0 and block not in st.objs and shield in st.objs
    assert events(st, "defense")[0].data["oid"] == 1


def test_unavoidable_attacks_set_off_no_defense() -> None:
    """MW-6.90, MW-X-7.22: no Defense works against an Unavoidable attack (a collision), so a
    Block is not set off by one."""
    st = wolf_attacks_mage()
    hidden_block(st, card_id=block_card(st))
    st.script_dice(faces(blank=3))
    displace.push(st, 1, "north", "MW-X-7.17")
    run(st)
    assert events(st, "collide") and not events(st, "reveal")
    assert ask(st) == "MenuAsk"


def test_a_block_for_other_attacks_stays_hidden() -> None:
    """MW-6.89, MW-5.97: a mandatory Defense that works only against ranged attacks is not set
    off by a melee attack."""
    st = wolf_attacks_mage()
    block = hidden_block(st, card_id=block_card(st, vs="ranged"))
    st.script_dice(faces(blank=4))
    acts(st, "attack 1 o1")
    pass_windows(st)
    assert not st.obj(block).face_up and not events(st, "reveal")


def test_defenses_from_card_data() -> None:
    """MW-6.82, MW-6.85, MW-6.89, MW-6.92: a card's `defense` gives its creature a Defense: the
    lowest d12 that avoids, 1x per round, melee only."""
    st = wolf_attacks_mage()
    block_card(st, "test-bracers", threshold=7, kinds=(), per_round=1, vs="melee")
    bracers = st.new_obj("test-bracers", "enchantment", 0, 0, host=1).oid
    acts(st, "attack 1 o1")
    pass_windows(st)
    assert options(st) == [f"defend o{bracers}", "no-defense"]
    st.script_dice([6, *faces(blank=4)])
    acts(st, f"defend o{bracers}")
    assert events(st, "defense")[0].data["avoided"] is False
    assert ("defense", bracers) in st.once


# ---------------------------------------------------------------------------- card data

CARDS = """
cards:
- id: test-wall
  name: {en: Test Wall, es: Muro de prueba}
  type: conjuration
  subtypes: [wall]
  school: {earth: 2}
  level: 2
  cost: {cast: 7}
  speed: full
  range: [0, 2]
  target: {kind: border}
  traits:
  - {keyword: passage-attack}
  - {keyword: los-obstructed}
  - {keyword: extendable}
  stats: {life: 10, armor: 3}
  attacks:
  - name: {en: Flames}
    kind: passage
    dice: 3
    damage_type: flame
  summary: {en: A wall., es: Un muro.}
  source: {set: Test, code: T1, octgn_id: none}
- id: test-block
  name: {en: Test Block, es: Bloqueo de prueba}
  type: enchantment
  subtypes: []
  school: {holy: 1}
  level: 1
  cost: {cast: 2, reveal: 2}
  speed: quick
  range: [0, 2]
  target: {kind: creature}
  traits:
  - {keyword: mandatory}
  - {keyword: one-use}
  defense: {value: 0}
  summary: {en: Avoids one attack., es: Evita un ataque.}
  source: {set: Test, code: T2, octgn_id: none}
- id: test-snare
  name: {en: Test Snare, es: Lazo de prueba}
  type: enchantment
  subtypes: [trap]
  school: {nature: 1}
  level: 1
  cost: {cast: 2, reveal: 1}
  speed: quick
  range: [0, 2]
  target: {kind: zone}
  traits:
  - {keyword: trap}
  - {keyword: zone-exclusive}
  summary: {en: A trap., es: Una trampa.}
  source: {set: Test, code: T3, octgn_id: none}
"""


def read(tmp_path: Path, text: str) -> dict[str, data.Card]:
    path = tmp_path / "cards.yaml"
    path.write_text(text, encoding="utf-8")
    keywords = {k.id: k for k in data.shipped().keywords}
    return data.read_cards(path, keywords)


def test_card_data_for_walls_traps_and_defenses(tmp_path: Path) -> None:
    """The data reader takes what walls, traps and Defenses need: a border target and a
    `passage` attack bar with no action or range (MW-5.58, MW-5.62), conjuration stats
    (MW-5.46), the keywords Passage Attack (MW-X-7.13), LoS Obstructed (MW-5.64), Extendable
    (MW-X-11.13), Trap (MW-X-7.15), Mandatory (MW-5.94), One use (MW-5.93), Zone Exclusive
    (MW-X-10.13), and a `defense` (MW-6.82)."""
    cards = read(tmp_path, CARDS)
    wall, block = cards["test-wall"], cards["test-block"]
    assert wall.life == 10 and wall.attacks[0].kind == "passage" and wall.attacks[0].range is None
    assert block.defense == data.DefenseSpec(0, None, None) and not block.defense.once
    assert cards["test-snare"].has("trap")
    with pytest.raises(data.DataError, match="border exactly for walls"):
        read(tmp_path, CARDS.replace("subtypes: [wall]", "subtypes: []"))
    with pytest.raises(data.DataError, match="trap is a zone"):
        read(tmp_path, CARDS.replace("target: {kind: zone}", "target: {kind: creature}"))
    with pytest.raises(data.DataError, match="per_round"):
        read(tmp_path, CARDS.replace("defense: {value: 0}", "defense: {value: 0, per_round: 2}"))


# ---------------------------------------------------------------------------- random games

def test_random_games_with_walls_traps_blocks_and_conjurations() -> None:
    """MW-1.1, MW-3.1, MW-S9: random games whose books also hold test-only walls, traps, Blocks
    and conjurations run to their end with non-empty, unique legal lists; the face-down traps
    and Blocks of one side never show in the other's view (MW-5.78)."""
    seen: set[str] = set()
    for seed in range(6):
        st = scenario(None, seed=seed, round_limit=8)
        test_walls.wall_card(st)
        test_walls.fire_wall(st)
        test_traps.trap_card(st)
        block_card(st)
        test_conjurations.conjuration(st, "test-totem")
        test_conjurations.conjuration(st, "test-vine", target="creature")
        extra = ["test-wall", "test-wall", "test-fire-wall", "test-snare", "test-block",
                 "test-totem", "test-vine"]
        for player in st.players:
            player.book = sorted(player.book + extra)
            player.mana += 20
        for seat, zone in ((0, "B1"), (1, "B2"), (0, "C2"), (1, "A1")):
            test_traps.set_trap(st, zone, seat=seat)
        for seat in (0, 1):
            st.new_obj("test-block", "enchantment", seat, seat, host=seat + 1, face_up=False)
        walls.place(st, "test-fire-wall", 0, walls.parse("A2-B2"))
        st.changed()
        rng = random.Random(seed)
        for _ in range(6000):
            if st.is_terminal():
                break
            legal = [a.notation() for a in st.legal_actions()]
            assert legal and len(set(legal)) == len(legal)
            check_view(st)
            keep = legal                    # reveal windows: mostly pass, so that the
            if ask(st) == "RevealAsk" and rng.random() < 0.98:  # triggers find them hidden
                keep = ["pass"]
            if ask(st) == "TriggerAsk" and rng.random() < 0.8:  # and mostly pay for them
                keep = [a for a in legal if a.startswith("reveal")] or legal
            busy = [a for a in keep if a not in ("pass", "end", "plan done")]
            st.apply(rng.choice(busy if busy and rng.random() < 0.8 else keep))
        assert st.is_terminal()
        seen.update(e.kind for e in st.events)
    assert {"trap", "passage-attack", "wall", "summon", "defense"} <= seen


def check_view(st: MageWarsState) -> None:
    """The other seat's view names no face-down card of ours (MW-5.78)."""
    for seat in (0, 1):
        seen = view(st, 1 - seat)["state"]
        for o in st.face_down(seat):
            shown = next(x for x in seen["objects"] if x["oid"] == o.oid)
            assert shown["card"] is None
