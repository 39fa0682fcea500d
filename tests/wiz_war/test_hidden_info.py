"""Hidden information (WW-2.9): a seat's view never names a card that sits in another seat's
hand or in the deck, unless a copy of that card is public at that moment (in the discard pile,
a spell in play or being cast, a carried item, an object on the board, the seat's own hand).

Random 3-player games over every rotation of the schools are checked at every step for every
seat, and so are random walks from positions rich in the cards that handle hidden hands
(Brainstone, Thought Steal, Brain Burn, Booby Trap). Log lines are checked when they appear;
`hand-shown` (Thought Steal showing the victim's hand to the thief alone) is the one
deliberate peek.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from typing import Any

import grimorio
from grimorio.core.state import view
from grimorio.games.wiz_war import cards as card_data
from grimorio.games.wiz_war.state import WizWarState
from grimorio.testing import scenario
from tests.wiz_war.wwkit import make

KEYS = sorted(card_data.load_cards(), key=len, reverse=True)
KEY_RE = re.compile(r"(?<![\w-])(" + "|".join(re.escape(k) for k in KEYS) + r")(?![\w-])")
PEEKS = frozenset({"hand-shown"})         # events that show a hand on purpose (Thought Steal)


def _public(st: WizWarState, seat: int) -> set[str]:
    """Keys `seat` may name now: public places and his own hand."""
    keys = st.keys
    out = {keys[c] for c in st.discard} | {keys[c] for c in st.wizards[seat].hand}
    for wiz in st.wizards:
        out |= {keys[c] for c in wiz.items}
    out |= {s.key for s in st.spells} | {c.key for c in st.casts}
    out |= {o.kind for o in st.objects}
    out |= {keys[o.card] for o in st.objects if o.card is not None}
    return out


def _hidden(st: WizWarState, seat: int) -> set[str]:
    """Keys of the cards `seat` cannot see: the deck and the other hands."""
    out = {st.keys[c] for c in st.deck}
    for wiz in st.wizards:
        if wiz.seat != seat:
            out |= {st.keys[c] for c in wiz.hand}
    return out


def _view_leaks(st: WizWarState, seat: int) -> set[str]:
    """Hidden, non-public keys named by `seat`'s view (the log is checked event by event)."""
    seen = view(st, seat)
    seen.pop("log")
    seen["state"]["wizards"][seat].pop("hand", None)
    named = set(KEY_RE.findall(json.dumps(seen)))
    return (named & _hidden(st, seat)) - _public(st, seat)


def _check(st: WizWarState, start: int, before: list[tuple[set[str], set[str]]],
           where: Any) -> None:
    """The views of every seat now, and the log lines added since event `start`."""
    for seat in range(len(st.wizards)):
        leaks = _view_leaks(st, seat)
        assert not leaks, (where, seat, leaks, view(st, seat)["state"]["decisions"])
        hidden, public = before[seat]
        for event in st.events[start:]:
            if not event.visible(seat) or event.kind in PEEKS:
                continue
            blob = event.text.en + " " + json.dumps(event.data, default=str)
            named = set(KEY_RE.findall(blob)) & hidden
            named -= public | _public(st, seat)
            assert not named, (where, seat, event.kind, event.text.en)


def _walk(st: WizWarState, rng: random.Random, steps: int, where: Any) -> int:
    """Play up to `steps` random actions (mostly not `end`/`pass`), checking each position."""
    n = len(st.wizards)
    _check(st, len(st.events), [(set(), set())] * n, where)
    done = 0
    while not st.is_terminal() and done < steps:
        before = [(_hidden(st, s), _public(st, s)) for s in range(n)]
        actions = st.legal_actions()
        busy = [a for a in actions
                if a.notation() not in ("end", "pass", "draw 0", "discard none")]
        start = len(st.events)
        st.apply(rng.choice(busy if busy and rng.random() < 0.8 else actions))
        _check(st, start, before, (where, done, st.history[-1].notation()))
        done += 1
    return done


def test_random_three_player_games_keep_hands_hidden() -> None:
    """WW-2.9: every rotation of the schools, one 3-player game each, every step, every seat."""
    for index, schools in enumerate(itertools.combinations(card_data.SELECTABLE, 3)):
        game = grimorio.load_game("wiz-war", players=3, schools=",".join(schools),
                                  turn_limit=8)
        st = game.new_initial_state(index)
        assert isinstance(st, WizWarState)
        _walk(st, random.Random(index), 250, schools)


RICH = ["brainstone", "thought-steal", "brain-burn", "booby-trap", "drop-object", "yoink",
        "fireball", "zot", "dispel", "energy-4", "energy-6", "teleport", "meditate"]
SPIES = ["thought-steal", "brain-burn", "drop-object", "yoink"]
PLACES = [{"colour": "blue", "row": 0, "col": 0}, {"colour": "red", "row": 0, "col": 5},
          {"colour": "yellow", "row": 5, "col": 0}]


def test_hidden_hand_cards_stay_hidden_from_rich_positions() -> None:
    """WW-2.9: random walks from 3-player positions where the wizards stand in each other's
    LOS (a1, a3, a5) holding the cards that touch hidden hands (Brainstone carried and in
    hand, Thought Steal, Brain Burn, Booby Trap, Drop Object, Yoink)."""
    for seed in range(12):
        rng = random.Random(seed)
        hands = {c: [*rng.sample(SPIES, 2), *rng.sample(RICH, 4)]
                 for c in ("blue", "red", "yellow")}
        deck = [rng.choice(RICH) for _ in range(25)]
        setup = {"colours": ["blue", "red", "yellow"], "round": 2, "hands": hands,
                 "deck": deck, "places": PLACES,
                 "wizards": {"blue": {"square": "a1", "items": ["brainstone"]},
                             "red": {"square": "a5"}, "yellow": {"square": "a3"}}}
        sc = scenario("wiz-war", setup=setup, players=3, seed=seed)
        st = sc.state
        assert isinstance(st, WizWarState)
        _walk(st, rng, 150, seed)


def test_brainstone_discard_question_names_places_not_cards() -> None:
    """Brainstone, WW-2.9: dropping it asks its carrier for 2 discards by place in his sorted
    hand (`choose 3`); red's view shows only that blue must choose, not the options."""
    sc = make(blue={"items": ["brainstone"]},
              hands={"blue": ["teleport", "fireball", "zot", "dispel"], "red": []})
    sc.act("drop item:brainstone")
    st = sc.state
    assert isinstance(st, WizWarState)
    top = sc.doc["decisions"][-1]
    assert top["kind"] == "Choice" and top["options"] == ["1", "2", "3", "4"]
    assert view(st, 1)["state"]["decisions"] == [{"kind": "Choice", "seat": 0}]
    assert _view_leaks(st, 1) == set()
    assert view(st, 0)["state"]["decisions"][-1]["options"] == ["1", "2", "3", "4"]
