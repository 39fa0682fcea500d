"""Enchantments (MW-5.75-MW-5.97, MW-X-11.9-MW-X-11.11): cast face down, hidden from the
opponent, revealed in windows for their reveal cost."""

from __future__ import annotations

from typing import Any

from grimorio.core.state import view
from grimorio.games.mage_wars import traits
from tests.mage_wars.mwkit import acts, ask, events, options, scenario

WOLF = {"card": "timber-wolf", "controller": 1, "zone": "A1"}


def caster(planned: list[str], objects: list[dict[str, Any]] | None = None, mana: int = 30,
           other: dict[str, Any] | None = None, **extra: Any) -> Any:
    """Seat 0's mage o1 (A1) just activated; seat 1's mage o2 in A2."""
    return scenario({"phase": "menu", "activate": 1, "objects": objects or [],
                     "players": [{"zone": "A1", "mana": mana, "planned": planned},
                                 {"zone": "A2", **(other or {})}], **extra})


def test_cast_face_down_for_two() -> None:
    """MW-5.75, MW-X-11.9: an enchantment is cast face down for 2 mana; MW-5.77: it hangs on
    its object; MW-5.78, MW-5.92: the opponent sees that it exists, where and whose (its
    controller), never which card:
    the public events do not name it, a private one tells its controller."""
    st = caster(["bear-strength"], [WOLF])
    acts(st, "cast bear-strength o3")
    ench = st.obj(4)
    assert ench.kind == "enchantment" and not ench.face_up and ench.host == 3
    assert st.players[0].mana == 28
    public = [e for e in events(st) if e.visible(1)]
    assert all("bear-strength" not in e.text.en for e in public)
    assert any(e.kind == "announce-secret" and e.visible(0) and not e.visible(1)
               for e in events(st))
    theirs = next(o for o in view(st, 1)["state"]["objects"] if o["oid"] == 4)
    mine = next(o for o in view(st, 0)["state"]["objects"] if o["oid"] == 4)
    assert theirs["card"] is None and theirs["host"] == 3 and theirs["controller"] == 0
    assert mine["card"] == "bear-strength"


def test_controller_may_reveal_right_after_casting() -> None:
    """MW-5.84 (e): right after its own cast the enchantment's controller alone may reveal it;
    MW-5.86, MW-X-11.10: revealing pays the reveal cost and it acts at once."""
    st = caster(["bear-strength"], [WOLF, {"card": "agony", "controller": 1, "host": 1,
                                           "face_up": False}])
    acts(st, "cast bear-strength o3")
    acts(st, "pass", "pass")        # seat 1's windows after Announce and Pay (MW-5.84 d)
    assert ask(st) == "RevealAsk" and st.current_player == 0
    assert options(st) == ["reveal o5", "pass"]
    acts(st, "reveal o5")
    assert st.obj(5).face_up and st.players[0].mana == 25
    assert traits.traits(st, 3).value("melee") == 2


def test_hidden_enchantment_does_nothing() -> None:
    """MW-5.83: a face-down enchantment has no effect; revealed, it grants its traits."""
    st = scenario({"objects": [WOLF, {"card": "bear-strength", "controller": 1, "host": 3,
                                      "face_up": False}]})
    assert traits.traits(st, 3).value("melee") == 0
    st = scenario({"objects": [WOLF, {"card": "bear-strength", "controller": 1, "host": 3}]})
    assert traits.traits(st, 3).value("melee") == 2


def test_magebind_raises_the_reveal_cost_on_a_mage() -> None:
    """MW-5.82, MW-X-11.11: Magebind +1 makes Rhino Hide cost 3 to reveal on a mage, 2 on a
    creature; an unaffordable reveal is not offered (MW-A14), the window still is (MW-5.78)."""
    objects = [WOLF, {"card": "rhino-hide", "controller": 0, "host": 1, "face_up": False},
               {"card": "rhino-hide", "controller": 0, "host": 3, "face_up": False},
               {"card": "timber-wolf", "controller": 0, "zone": "A1"}]
    st = scenario({"players": [{"mana": 2}, {}], "objects": objects})
    acts(st, "activate o6")
    assert ask(st) == "RevealAsk" and options(st) == ["reveal o5", "pass"]
    st = scenario({"players": [{"mana": 0}, {}], "objects": objects})
    acts(st, "activate o6")
    assert ask(st) == "RevealAsk" and options(st) == ["pass"]
    st = scenario({"players": [{"mana": 3}, {}], "objects": objects})
    acts(st, "activate o6", "reveal o4")
    assert st.players[0].mana == 0


def test_same_name_is_checked_by_what_the_caster_sees() -> None:
    """MW-5.79, MW-A7, MW-X-10.12: no casting onto a target that shows the caster a
    same-named enchantment (its own face-down one, or any face-up one); the opponent's
    face-down one does not stop it, so a refusal never leaks it."""
    own = {"card": "bear-strength", "controller": 0, "host": 3, "face_up": False}
    st = caster(["bear-strength"], [WOLF, own])
    assert "cast bear-strength o3" not in options(st)
    st = caster(["bear-strength"], [WOLF, {**own, "controller": 1, "face_up": True}])
    assert "cast bear-strength o3" not in options(st)
    st = caster(["bear-strength"], [WOLF, {**own, "controller": 1}])
    assert "cast bear-strength o3" in options(st)


def test_second_same_named_reveal_is_countered() -> None:
    """MW-5.80, MW-A7, MW-C25: revealing where a revealed one of the same name already is:
    the reveal cost is paid, then it is countered and discarded."""
    st = scenario({"players": [{"mana": 5}, {}], "objects": [
        WOLF, {"card": "bear-strength", "controller": 1, "host": 3},
        {"card": "bear-strength", "controller": 0, "host": 3, "face_up": False},
        {"card": "timber-wolf", "controller": 0, "zone": "A1"}]})
    acts(st, "activate o6", "reveal o5")
    assert 5 not in st.objs and "bear-strength" in st.players[0].discard
    assert st.players[0].mana == 2
    assert any(e.kind == "countered" and e.rule == "MW-5.80" for e in events(st))


def test_reveal_on_an_invalid_host_destroys_it() -> None:
    """MW-5.86 (3): if the object no longer fits the casting line (Bear Strength needs a Living
    creature), the revealed enchantment is destroyed with no effect."""
    st = scenario({"objects": [
        {"card": "skeletal-sentry", "controller": 1, "zone": "A1"},
        {"card": "bear-strength", "controller": 0, "host": 3, "face_up": False},
        {"card": "timber-wolf", "controller": 0, "zone": "A1"}]})
    acts(st, "activate o5", "reveal o4")
    assert 4 not in st.objs and traits.traits(st, 3).value("melee") == 0


def test_reveal_window_order_and_loop() -> None:
    """MW-5.88, MW-3.5: both players with face-down enchantments: the initiative player first,
    revealing one at a time, then the other, then the first again, until both pass in a
    row; MW-5.81, MW-5.91: each reveal is ordered after the earlier ones; MW-5.85: windows
    open only between steps, never in the middle of one."""
    st = scenario({"initiative": 1, "players": [{"mana": 20}, {"mana": 20}], "objects": [
        WOLF, {"card": "timber-wolf", "controller": 0, "zone": "A1"},
        {"card": "rhino-hide", "controller": 0, "host": 4, "face_up": False},
        {"card": "bear-strength", "controller": 0, "host": 4, "face_up": False},
        {"card": "agony", "controller": 1, "host": 4, "face_up": False}]})
    acts(st, "activate o3")
    assert ask(st) == "RevealAsk" and st.current_player == 1
    acts(st, "pass")
    assert st.current_player == 0
    acts(st, "reveal o5")
    assert st.current_player == 0                      # the same player may go on
    acts(st, "pass")
    assert st.current_player == 1
    acts(st, "pass")
    assert ask(st) == "MenuAsk"
    assert st.obj(5).order > st.obj(7).order


def test_enchantment_goes_with_its_creature() -> None:
    """MW-5.76, MW-5.77: an enchantment has no life and is destroyed with its object."""
    from grimorio.games.mage_wars.rules import damage

    st = scenario({"objects": [WOLF, {"card": "agony", "controller": 0, "host": 3,
                                      "face_up": False}]})
    assert not st.obj(4).has_life
    damage.destroy(st, 3, "MW-X-8.2")
    assert 4 not in st.objs and "agony" in st.players[0].discard
