"""Hidden information (MW-3.20, MW-5.7, MW-5.78): a seat's view never names the opponent's
planned spells, its book or its face-down enchantments, unless a copy of that card is public
at that moment (a discard pile, a face-up object, a spell being cast that is not an
enchantment, the seat's own cards).

Random games of every matchup are checked at every step for both seats, log lines when they
appear; a saved record replayed step by step is checked the same way.
"""

from __future__ import annotations

import itertools
import json
import random
import re

import grimorio
from grimorio.core.record import Match
from grimorio.core.state import State, view
from grimorio.games.mage_wars import data
from grimorio.games.mage_wars.rules.casting import Cast
from grimorio.games.mage_wars.state import MageWarsState

IDS = sorted((c.id for c in data.shipped().cards), key=len, reverse=True)
CARD_RE = re.compile(r"(?<![\w-])(" + "|".join(re.escape(k) for k in IDS) + r")(?![\w-])")


def hidden(st: MageWarsState, seat: int) -> set[str]:
    """The opponent's planned spells, book and face-down enchantments."""
    other = st.players[1 - seat]
    out = set(other.planned) | set(other.book)
    out |= {o.card for o in st.face_down(1 - seat)}
    return out


def public(st: MageWarsState, seat: int) -> set[str]:
    """Card names `seat` may see now."""
    me = st.players[seat]
    out = set(me.book) | set(me.planned) | {o.card for o in st.face_down(seat)}
    for player in st.players:
        out |= set(player.discard)
    out |= {o.card for o in st.objs.values() if o.face_up}
    out |= {f.card for f in st.frames if isinstance(f, Cast)
            and (st.card(f.card).type != "enchantment" or f.owner >= 0)}   # taken over
    out |= {o.card for o in st.objs.values() if o.memo.get("shown")}    # known to both seats
    return out


def view_leaks(st: MageWarsState, seat: int) -> set[str]:
    seen = view(st, seat)
    seen.pop("log")
    mine = seen["state"]["players"][seat]
    mine.pop("book", None)
    mine.pop("planned", None)
    seen.pop("legal_actions", None)        # the seat's own options name its own cards
    named = set(CARD_RE.findall(json.dumps(seen)))
    return (named & hidden(st, seat)) - public(st, seat)


def check(st: MageWarsState, start: int, before: list[tuple[set[str], set[str]]],
          where: object) -> None:
    for seat in (0, 1):
        leaks = view_leaks(st, seat)
        assert not leaks, (where, seat, leaks)
        was_hidden, was_public = before[seat]
        for event in st.events[start:]:
            if not event.visible(seat):
                continue
            blob = event.text.en + " " + event.text.es + " " + json.dumps(event.data,
                                                                        default=str)
            named = set(CARD_RE.findall(blob)) & was_hidden
            named -= was_public | public(st, seat)
            assert not named, (where, seat, event.kind, event.text.en)


def walk(st: MageWarsState, rng: random.Random, where: object, limit: int = 1500) -> int:
    """Random play (mostly not `pass`/`end`), checking every position for both seats."""
    steps = 0
    while not st.is_terminal() and steps < limit:
        before = [(hidden(st, s), public(st, s)) for s in (0, 1)]
        legal = st.legal_actions()
        busy = [a for a in legal if a.notation() not in ("pass", "end", "plan done")]
        start = len(st.events)
        st.apply(rng.choice(busy if busy and rng.random() < 0.8 else legal))
        check(st, start, before, (where, steps, st.history[-1].notation()))
        steps += 1
    return steps


def test_random_games_of_every_matchup_hide_what_they_must() -> None:
    """MW-3.20, MW-5.7, MW-5.78: every view of both seats in random games of all 16 class
    pairs (mirror matches with mirror=true, MW-A25)."""
    for index, (a, b) in enumerate(itertools.product(data.MAGE_CLASSES, repeat=2)):
        game = grimorio.load_game("mage-wars", classes=f"{a},{b}", mirror=a == b,
                                  round_limit=6)
        st = game.new_initial_state(index)
        assert isinstance(st, MageWarsState)
        walk(st, random.Random(index), (a, b))


def test_record_replayed_from_either_seat_hides_the_same() -> None:
    """MW-3.20, MW-5.78: a saved record, replayed, shows each seat at each step nothing of
    the other's planned spells or face-down enchantments."""
    game = grimorio.load_game("mage-wars", classes="warlock,priestess", round_limit=5)
    match = Match(game, 12)       # (seed 11's random mage now attacks itself to death early,
    rng = random.Random(12)       # MW-6.119)
    while not match.state.is_terminal():
        legal = match.state.legal_actions()
        busy = [a for a in legal if a.notation() not in ("pass", "end", "plan done")]
        match.act(rng.choice(busy if busy and rng.random() < 0.8 else legal))
    replayed = Match.from_record(json.loads(json.dumps(match.to_record())))
    states: list[State] = replayed.replay_states()
    assert len(states) > 50
    for number, state in enumerate(states):
        assert isinstance(state, MageWarsState)
        for seat in (0, 1):
            assert not view_leaks(state, seat), (number, seat)
            for event in state.events:
                if event.visible(seat) and event.kind in ("plan", "announce-secret"):
                    assert event.data.get("seat", seat) == seat


def test_view_hides_planned_book_and_face_down_cards() -> None:
    """MW-3.20, MW-5.7, MW-5.78: counts only for the opponent's planned spells and book; a
    face-down enchantment shows its place and controller, not its card; its controller sees
    it."""
    from tests.mage_wars.mwkit import scenario

    st = scenario({"players": [{"planned": ["fireball"]}, {"planned": ["geyser"]}],
                   "objects": [{"card": "timber-wolf", "controller": 1, "zone": "C2"},
                               {"card": "rhino-hide", "controller": 1, "host": 3,
                                "face_up": False}]})
    mine, theirs = view(st, 0)["state"], view(st, 1)["state"]
    assert mine["players"][0]["planned"] == ["fireball"] and "planned" not in mine["players"][1]
    assert mine["players"][1]["planned_count"] == 1 and "book" not in mine["players"][1]
    assert mine["players"][1]["book_size"] == len(st.players[1].book)
    assert next(o for o in mine["objects"] if o["oid"] == 4)["card"] is None
    assert next(o for o in theirs["objects"] if o["oid"] == 4)["card"] == "rhino-hide"
    spectator = view(st, None)["state"]
    assert "planned" not in spectator["players"][0]
    assert next(o for o in spectator["objects"] if o["oid"] == 4)["card"] is None


def test_resample_redraws_hidden_cards_only() -> None:
    """MW-3.20, MW-5.78: resampling for seat 0 redraws seat 1's planned spells and face-down
    enchantment identities from its hidden pool, keeping seat 0's view."""
    from grimorio.core.state import resample
    from tests.mage_wars.mwkit import scenario

    st = scenario({"players": [{"planned": ["fireball"]},
                               {"planned": ["geyser", "minor-heal"]}],
                   "objects": [{"card": "timber-wolf", "controller": 1, "zone": "C2"},
                               {"card": "rhino-hide", "controller": 1, "host": 3,
                                "face_up": False}]})
    pools = set()
    for n in range(12):
        twin = resample(st, 0, random.Random(n))
        assert isinstance(twin, MageWarsState)
        assert view(twin, 0)["state"] == view(st, 0)["state"]
        assert twin.players[0].planned == ["fireball"]
        assert st.card(twin.obj(4).card).type == "enchantment"
        before = sorted(st.players[1].book + st.players[1].planned + ["rhino-hide"])
        after = sorted(twin.players[1].book + twin.players[1].planned + [twin.obj(4).card])
        assert before == after
        pools.add((tuple(twin.players[1].planned), twin.obj(4).card))
    assert len(pools) > 1
