"""The notation of mage-knight (docs/games/mage-knight.md, "Notation"): every verb parses into its
command, the canonical text round-trips exactly, numbers are rounded as documented, and malformed
text is an InvalidAction that says what was wrong."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as hs

from grimorio.core.errors import InvalidAction
from grimorio.games.mage_knight import notation as nt
from grimorio.games.mage_knight.notation import canonical, parse
from tests.mage_knight.mkkit import game, mk_state

CANONICAL = [
    "army rich-example", "army 60,10,3,5,45", "pile woods", "place t3 at 10,10 rotate 45",
    "deploy a3 at 12.25,8.5 facing 90",
    "move a3 to 5,6 facing 90", "move a3 facing 180", "move a3 via 1,2 via 3,4 to 5,6 facing 0",
    "move a3 to 5,6 facing 90 use=charge charge=b2 capture", "move a3 to 5,6 facing 90 use=bound "
    "bound=b2,b4", "move a3 to 5,6 facing 90 use=quickness",
    "move a3 to 5,6 facing 90 & a4 to 7,6 facing 90 & a5 via 3,3 to 9,6 facing 90",
    "shoot a3 at b2", "shoot a3 at b2,b4 with a4,a5 use=flame", "shoot a3 at b2 use=magic_blast",
    "shoot a3 shockwave", "shoot a3 shockwave use=enhance", "fight a3 at b2",
    "fight a3 at b2 with a4,a5 capture use=weapon_master", "heal a3 at a4", "heal a3 at a4 magic",
    "levitate a3 b2 to 1.5,2 facing 3", "raise a3 a7 at 1,2 facing 359.9", "regenerate a3",
    "pass a10", "end", "withdraw", "offer-end", "spin b2 45", "spin b2 no", "face a3 180",
    "captive b2 at 1,2 facing 3", "heal value", "heal roll", "agree yes", "agree no",
]


@pytest.mark.parametrize("text", CANONICAL)
def test_canonical_texts_round_trip(text: str) -> None:
    # MK-G1: positions in inches, angles in degrees; each action has exactly one text.
    cmd = parse(text)
    assert canonical(cmd) == text
    assert parse(canonical(cmd)) == cmd


def test_verbs_parse_into_their_commands() -> None:
    move = parse("move a3 to 5,6 facing 90 & a4 via 1,1 to 7,6 facing 90")
    assert isinstance(move, nt.Move) and move.formation and move.wids == ("a3", "a4")
    assert move.legs[1].waypoints == ((1.0, 1.0), (7.0, 6.0))
    assert parse("move a1 facing 30").legs[0].waypoints == ()        # MK-7.4: turn on the spot
    shoot = parse("shoot a3 at b4,b2 with a5,a4")
    assert isinstance(shoot, nt.Shoot)
    assert shoot.targets == ("b2", "b4") and shoot.members == ("a4", "a5")
    assert parse("heal value") == nt.HealChoice("value")
    assert parse("heal a1 at a2") == nt.Heal("a1", "a2", False)
    assert parse("spin b2 no") == nt.Spin("b2", None)
    assert parse("army 60,10") == nt.Army(None, (60, 10))
    assert parse("army rich-example") == nt.Army("rich-example", ())
    assert nt.actor(parse("move a2 facing 0 & a3 facing 0")) == "a2"
    assert nt.actor(parse("end")) is None


def test_numbers_are_rounded_and_printed_without_trailing_zeros() -> None:
    # MK-G1: inches and degrees, counter-clockwise from +x; the canonical text keeps 0.01 in and
    # 0.1 degree, angles in [0, 360).
    cmd = parse("deploy a1 at 12.254 , 8.5000 facing -90.04")
    assert isinstance(cmd, nt.Deploy)
    assert (cmd.x, cmd.y, cmd.facing) == (12.25, 8.5, 270.0)
    assert canonical(cmd) == "deploy a1 at 12.25,8.5 facing 270"
    assert canonical(parse("spin b1 720")) == "spin b1 0"
    assert canonical(parse("spin b1 359.96")) == "spin b1 0"
    assert nt.fmt(-0.001) == "0" and nt.fmt(3.0) == "3" and nt.fmt_angle(22.5) == "22.5"


def test_spaces_and_case_are_tolerated() -> None:
    assert canonical(parse("  MOVE  a1 To 3 , 4   Facing 90 ")) == "move a1 to 3,4 facing 90"
    assert canonical(parse("shoot a1 at b2 use = flame")) == "shoot a1 at b2 use=flame"


@pytest.mark.parametrize("text", [
    "", "   ", "fly a1", "move", "move a1", "move a1 to 3 facing 9", "move a1 via 1,2 facing 3",
    "move a1 facing x", "move a1 facing 9 use=teleport", "move a1 facing 9 bogus",
    "move a1 facing 9 & ", "move a1 facing 9 charge=b1 charge=b2", "pass", "pass x1", "pass a0",
    "pass a1 a2", "shoot a1 b2", "shoot a1 at b2 use=weapon_master", "fight a1 at b2 use=flame",
    "heal a1", "agree maybe", "spin b1", "place t0 at 1,1", "place x1 at 1,1", "army",
    "army Bad_Id!", "deploy a1 at 1,2", "end now", "move a1 to nan,1 facing 0",
    "move a1 to 1e9,1 facing 0", "withdraw a1", "shoot a1 at b2 & a2 at b3",
])
def test_malformed_text_is_an_invalid_action(text: str) -> None:
    with pytest.raises(InvalidAction) as caught:
        parse(text)
    assert caught.value.text.en and caught.value.text.es


def test_parse_action_gives_the_canonical_action() -> None:
    st = mk_state()
    action = game().parse_action(st, "PASS a1")
    assert action == nt.MKAction("pass a1")


@given(hs.floats(-1000, 1000), hs.floats(-1000, 1000), hs.floats(-10000, 10000))
def test_any_numbers_round_trip_exactly(x: float, y: float, facing: float) -> None:
    # MK-G1: what is printed is what is stored, so a round trip is exact.
    cmd = nt.Deploy("a1", nt.coord(x), nt.coord(y), nt.angle(facing))
    again = parse(canonical(cmd))
    assert again == cmd
    assert 0.0 <= again.facing < 360.0  # type: ignore[attr-defined]
