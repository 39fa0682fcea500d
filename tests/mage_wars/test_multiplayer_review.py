"""Review of the multiplayer work (Chapter IX): hidden information with three and four seats
checked at every step of random games (MW-9.8, MW-B32, MW-3.20, MW-5.78), and the edge cases of
the round, of a fallen player (MW-B29) and of the end (MW-B30)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

import grimorio
from grimorio.games.mage_wars.state import MageWarsState, _secrets, _shown, side_seen
from tests.mage_wars.mwkit import acts, events, faces, options, pass_windows, playable_book
from tests.mage_wars.test_multiplayer import state as _state

SENTINEL = "zz-secret-card"


def _hidden_from(st: MageWarsState, seat: int | None, owner: int) -> bool:
    return seat is None or not st.allied(owner, seat)


def _secret_twin(st: MageWarsState, seat: int | None) -> MageWarsState:
    """A copy in which everything `seat` may not know is replaced by a sentinel card: the
    books, planned and held spells of the other sides and the identities of their face-down
    enchantments not shown nor looked at by `seat`'s side."""
    twin = st.clone()
    assert isinstance(twin, MageWarsState)
    for p in twin.players:
        if not _hidden_from(twin, seat, p.seat):
            continue
        p.book = [SENTINEL] * len(p.book)
        p.planned = [SENTINEL] * len(p.planned)
        p.assigned = {k: SENTINEL for k in p.assigned}
        p.bound = {k: (v if k in p.shown else SENTINEL) for k, v in p.bound.items()}
    for o in twin.objs.values():
        if o.kind == "enchantment" and not o.face_up and not _shown(o) \
                and _hidden_from(twin, seat, o.controller) and not side_seen(twin, o, seat):
            o.card = SENTINEL
    twin.changed()
    return twin


def _held(st: MageWarsState) -> list[set[str]]:
    """Per seat, the cards it holds in secret now (held spells and face-down enchantments)."""
    return [set(held) | set(down) for _book, held, down in _secrets(st)]


def _names(st: MageWarsState, cards: set[str]) -> set[str]:
    out = set(cards)
    for c in cards:
        card = st.cards.get(c)
        if card is not None:
            out |= {card.name.en, card.name.es}
    return out


def _check_views(st: MageWarsState) -> None:
    """Non-interference: each seat's (and a spectator's) view is the same whatever the other
    sides' secrets are, and names none of them; a team-mate's secrets are shown (MW-B32)."""
    for seat in [None, *range(len(st.players))]:
        mine = st._view_document(seat)
        twin = _secret_twin(st, seat)
        theirs = twin._view_document(seat)
        text = json.dumps(mine, sort_keys=True)
        assert SENTINEL not in json.dumps(theirs, sort_keys=True), (seat, "secret leaked")
        assert text == json.dumps(theirs, sort_keys=True), (seat, "view depends on a secret")
        for p, doc in zip(st.players, mine["players"], strict=True):
            if seat is not None and st.allied(seat, p.seat):
                assert doc["book"] == p.book and doc["planned"] == p.planned
            else:
                assert "book" not in doc and "planned" not in doc and "assigned" not in doc


def _check_log(st: MageWarsState, start: int, new: list[set[str]]) -> int:
    """The log lines of one step name no card that just became another side's secret; returns
    how many (line, reader, name) it looked at."""
    looked = 0
    for event in st.events[start:]:
        blob = json.dumps(event.to_json(), ensure_ascii=False)
        viewers = [None, *range(len(st.players))]
        for viewer in viewers:
            if event.visible_to is not None and (viewer is None or viewer not in event.visible_to):
                continue
            for seat, cards in enumerate(new):
                if not cards or not _hidden_from(st, viewer, seat):
                    continue
                for name in _names(st, cards):
                    looked += 1
                    assert f'"{name}"' not in blob and f" {name} " not in blob \
                        and f" {name}." not in blob and f"{name}," not in blob, \
                        (viewer, seat, name, blob)
    return looked


def _play_checked(st: MageWarsState, seed: int, steps: int) -> tuple[int, int, int]:
    rng = random.Random(seed)
    checked = redrawn = looked = 0
    for step in range(steps):
        if st.is_terminal():
            break
        actor = st.current_player
        assert actor is not None and not st.players[actor].out     # MW-B29: no decision
        assert not st.mage_of(actor).memo.get("destroyed"), type(st.frames[-1]).__name__
        legal = st.legal_actions()
        busy = [a for a in legal if a.notation() not in ("pass", "end", "plan done")]
        action = rng.choice(busy if busy and rng.random() < 0.85 else legal)
        texts = {v: st.describe_action(action, v) for v in [None, *range(len(st.players))]}
        before, start = _held(st), len(st.events)
        st.apply(action)
        after = _held(st)
        new = [a - b for a, b in zip(after, before, strict=True)]
        for viewer, text in texts.items():       # action texts (MW-3.20, MW-5.78, MW-B32)
            if viewer is not None and st.allied(viewer, actor):
                assert text == action.notation(), (viewer, text)
            else:
                assert not set(text.split()) & new[actor], (viewer, text, new[actor])
        looked += _check_log(st, start, new)
        if step % 3 == 0:
            _check_views(st)
            checked += 1
        if step % 40 == 0:                       # resample keeps what the seat may see
            for seat in range(len(st.players)):
                twin = grimorio.resample(st, seat, random.Random(step))
                assert isinstance(twin, MageWarsState)
                assert json.dumps(twin._view_document(seat), sort_keys=True) == \
                    json.dumps(st._view_document(seat), sort_keys=True)
                for p, q in zip(st.players, twin.players, strict=True):
                    if st.allied(p.seat, seat):
                        assert (p.book, p.planned, p.assigned, p.bound) == \
                            (q.book, q.planned, q.assigned, q.bound)
                    elif p.planned or p.assigned:   # an enemy's: redrawn, not copied
                        redrawn += (p.planned, p.assigned) != (q.planned, q.assigned)
    return checked, redrawn, looked


@pytest.mark.parametrize("players, fmt, classes", [
    (3, "ffa", "beastmaster,priestess,warlock"),
    (4, "teams", "wizard,beastmaster,priestess,warlock"),
])
def test_no_secret_of_another_side_reaches_a_view_a_log_or_an_action_text(
        tmp_path: Path, players: int, fmt: str, classes: str) -> None:
    """MW-9.8, MW-B32, MW-3.20, MW-5.78: at every step of random 3-player free-for-all and
    4-player team games, each seat's view, and a spectator's, is the same whatever another
    side's book, planned and held spells and face-down enchantments are, and never names them;
    a team-mate's are shown; the action texts and log lines of a step name no card that step
    made secret to anyone of another side; a resample keeps the seat's view and its side's
    secrets. The private log lines name their player, as a team-mate reads them too."""
    paths = ",".join(str(playable_book(tmp_path, c)) for c in classes.split(","))
    g = grimorio.load_game("mage-wars", players=players, mode="full", format=fmt, books=paths,
                           round_limit=12)
    checked, redrawn, looked, kinds = 0, 0, 0, set()
    for seed in range(4):
        st = g.new_initial_state(seed)
        assert isinstance(st, MageWarsState)
        done, again, read = _play_checked(st, seed, 2000)
        checked, redrawn, looked = checked + done, redrawn + again, looked + read
        private = [e for e in st.events if e.visible_to is not None]
        kinds.update(e.kind for e in private)
        for e in private:       # read by a team-mate too: no "you" (MW-B32)
            assert not re.match(r"(You|Your)\b", e.text.en), e.text.en
            assert not re.match(r"(Tu|Preparas|Asignas|Agregas)\b", e.text.es), e.text.es
    assert checked > 100 and redrawn > 0
    assert looked > 0, "no log line came after a card became secret"
    assert {"plan", "assign-secret", "announce-secret"} <= kinds, kinds


# ---------------------------------------------------------------------------- a fallen player

def test_a_player_who_is_out_takes_no_more_upkeep_damage() -> None:
    """MW-B29, MW-3.14, MW-X-6.1: a mage that fell to Burn in Upkeep leaves the arena with its
    player; in the rounds after, nothing of the player who is out runs in Upkeep: its mage
    takes no more Burn damage and is not destroyed again."""
    st = _state(3, {"initiative": 1, "phase": "upkeep",
                    "players": [{}, {"damage": 31, "markers": {"burn": 1},
                                     "planned": ["minor-heal"]}, {}]},
                classes="beastmaster,priestess,wizard")
    st.script_dice([6] * 40)
    planners: list[int] = []
    while st.round < 3:
        if type(st.frames[-1]).__name__ == "PlanAsk":
            planners.append(st.frames[-1].seat)
        legal = options(st)
        acts(st, "pass" if "pass" in legal else "plan done" if "plan done" in legal
             else "end" if "end" in legal else legal[0])
    assert st.players[1].out and not st.over
    hurt = [e for e in st.events if e.kind in ("damage", "destroyed") and e.data.get("oid") == 2]
    assert len([e for e in hurt if e.kind == "destroyed"]) == 1, [e.text.en for e in hurt]
    assert len([e for e in hurt if e.kind == "damage"]) == 1
    assert 1 not in planners and st.players[1].discard == ["minor-heal"]


def test_a_player_whose_mage_fell_in_upkeep_orders_no_more_upkeep_effects() -> None:
    """MW-B29, MW-3.15, MW-A22: once its mage fell to Burn in Upkeep, the player chooses
    nothing more: the order of its creature's Burn and Regenerate is not asked of it (the
    creature leaves play with it once the step is over)."""
    st = _state(3, {"initiative": 1, "phase": "upkeep",
                    "players": [{}, {"damage": 31, "markers": {"burn": 1}}, {}],
                    "objects": [{"card": "darkfenne-hydra", "controller": 1, "zone": "B2",
                                 "damage": 2, "markers": {"burn": 1}}]},
                classes="beastmaster,priestess,wizard")
    st.script_dice([6] * 20)
    while type(st.frames[-1]).__name__ != "PlanAsk":
        assert type(st.frames[-1]).__name__ != "UpkeepOrderAsk", "a fallen player was asked"
        legal = options(st)
        acts(st, "pass" if "pass" in legal else legal[0])
    assert st.players[1].out and 4 not in st.objs


def test_a_fallen_mage_makes_no_counterstrike() -> None:
    """MW-B29, MW-6.59: a mage destroyed by a melee attack in a game of three is destroyed at
    once; though it stays on the table until its player is out, it counterstrikes no more (its
    Guard marker's Counterstrike, MW-6.116)."""
    st = _state(3, {"players": [{"zone": "A1"}, {"zone": "A1", "damage": 36, "guard": True},
                                {"zone": "A3"}], "phase": "menu", "activate": 1},
                classes="beastmaster,warlock,wizard")
    st.script_dice(faces(critical=(2, 2, 2, 2)) + [6] * 10)
    acts(st, "attack 1 o2")
    assert not any(type(f).__name__ == "CounterAsk" for f in st.frames)
    assert st.players[1].out and type(st.frames[-1]).__name__ == "TurnAsk"
    assert not events(st, "counterstrike")


def test_a_fallen_mages_player_gets_no_reveal_window() -> None:
    """MW-B29, MW-5.84: after the attack that destroyed its mage, the player gets no more
    decision: the reveal window after the action passes over it, though it still has a
    face-down enchantment until it is out."""
    st = _state(3, {"players": [{"zone": "A1"}, {"zone": "A1", "damage": 36}, {"zone": "A3"}],
                    "objects": [{"card": "rhino-hide", "controller": 1, "host": 3,
                                 "face_up": False}],
                    "phase": "menu", "activate": 1}, classes="beastmaster,warlock,wizard")
    st.script_dice(faces(critical=(2, 2, 2, 2)) + [6] * 10)
    acts(st, "attack 1 o2")
    asked = []
    while type(st.frames[-1]).__name__ != "TurnAsk":
        asked.append((st.current_player, st.mage_of(1).memo.get("destroyed")))
        acts(st, "pass")
    assert (1, 1) not in asked, "asked to reveal after its mage fell"
    assert st.players[1].out and 4 not in st.objs


def test_a_fallen_players_familiar_and_its_spell_leave_once() -> None:
    """MW-B29, MW-5.45: the fallen player's familiar leaves play and the spell it held goes to
    the discard pile, each once; an enemy's enchantment on that familiar goes to its owner's
    discard pile."""
    st = _state(3, {"players": [{"zone": "A1"}, {"zone": "A1", "damage": 31}, {"zone": "A3"}],
                    "objects": [{"card": "goran-werewolf-pet", "controller": 1, "zone": "B2"},
                                {"card": "rhino-hide", "controller": 2, "host": 4}],
                    "phase": "menu", "activate": 1})
    st.players[1].assigned = {4: "minor-heal"}
    if "minor-heal" in st.players[1].book:
        st.players[1].book.remove("minor-heal")
    st.script_dice(faces(critical=(2, 2, 2, 2)) + [6] * 10)
    acts(st, "attack 1 o2")
    pass_windows(st)
    assert st.players[1].out and 4 not in st.objs and 5 not in st.objs
    assert sorted(st.players[1].discard) == ["goran-werewolf-pet", "minor-heal"]
    assert st.players[2].discard == ["rhino-hide"] and st.players[1].assigned == {}


# ---------------------------------------------------------------------------- pictures

@pytest.mark.parametrize("lang, out", [("en", "out of the game"), ("es", "fuera de la partida")])
def test_the_svg_panel_keeps_team_and_out_on_a_line_of_their_own(lang: str, out: str) -> None:
    """MW-9.6, MW-9.10, MW-B29: each mage's panel heading stays as short as a duel's; the team
    and "out of the game" go on a line of the panel, where they fit (before, a Spanish heading
    with both ran past the picture's edge)."""
    from grimorio.games.mage_wars import svg
    from grimorio.games.mage_wars.rules import damage

    st = _state(4, classes="beastmaster,priestess,beastmaster,priestess", mirror=True)
    damage.eliminate(st, 3)
    picture = svg.svg(grimorio.view(st, 1), lang)
    heads = re.findall(r'font-weight="bold" fill="[^"]+">([^<]+)</text>', picture)
    assert len(heads) == 4 and all("·" not in h and len(h) <= 34 for h in heads), heads
    assert re.search(rf'font-size="11">[^<]*{out}', picture)
    duel = svg.svg(grimorio.view(grimorio.load_game("mage-wars").new_initial_state(1), 0), lang)
    assert "team" not in duel and "equipo" not in duel


def test_the_text_board_names_teams_and_a_player_out_in_spanish() -> None:
    """MW-9.6, MW-9.10, MW-B29: the text board of a four-player game, in Spanish too, names each
    seat's team and the player who is out, and shows a seat its team-mate's planned spells."""
    from grimorio.games.mage_wars import render
    from grimorio.games.mage_wars.rules import damage

    st = _state(4, {"players": [{}, {}, {}, {"planned": ["minor-heal"]}]},
                classes="beastmaster,priestess,beastmaster,priestess", mirror=True)
    text = render.render(grimorio.view(st, 1), "es")
    assert "P2 Sacerdotisa (equipo B) (tú)" in text and "P1 Señor de las Bestias (equipo A)" in text
    assert "Curación Menor" in text, "the team-mate's planned spell"
    assert "Curación Menor" not in render.render(grimorio.view(st, 0), "es")
    damage.eliminate(st, 3)
    assert "fuera de la partida" in render.render(grimorio.view(st, 1), "es")


def test_grimorio_simulate_four_players_gives_team_mates_one_return() -> None:
    """MW-9.7, MW-9.8, MW-B30: `grimorio simulate` plays 4-player team games to the end; both
    seats of a team always get the same return."""
    from typer.testing import CliRunner

    from grimorio.cli.main import app

    result = CliRunner().invoke(app, ["simulate", "mage-wars", "-n", "3", "-j", "1", "-a",
                                      "random,random,random,random", "-o", "players=4", "-o",
                                      "mode=full", "-o", "round_limit=2", "--json"])
    assert result.exit_code == 0, result.output[-2000:]
    report = json.loads(result.output[result.output.index("{"):])
    assert report["finished"] == 3
    means = [seat["returns"]["mean"] for seat in report["seats"]]
    assert len(means) == 4 and means[0] == means[2] and means[1] == means[3]


@pytest.mark.parametrize("options, message", [
    ({"players": 1, "mode": "full"}, "at least 2"),
    ({"players": 5, "mode": "full"}, "at most 4"),
    ({"players": 3, "mode": "full", "format": "teams"}, "exactly 4 players"),
    ({"players": 4, "mode": "full", "classes": "warlock,warlock,wizard,priestess"},
     "mirror=true"),
    ({"players": 4, "mode": "full", "books": "starter,starter,starter"}, "4 entries"),
    ({"players": 3, "mode": "full", "classes": "warlock,wizard,priestess,beastmaster"},
     "3 classes"),
])
def test_hostile_multiplayer_options_are_refused_clearly(options: dict[str, object],
                                                         message: str) -> None:
    """MW-9.1, MW-9.6, MW-A25: impossible 3-4 player options are refused with the reason, by
    the library and by the command line (a clear message, no traceback)."""
    with pytest.raises(ValueError, match=message):
        grimorio.load_game("mage-wars", **options)
    from typer.testing import CliRunner

    from grimorio.cli.main import app

    args = [f"{k}={str(v).lower()}" for k, v in options.items()]
    result = CliRunner().invoke(app, ["state", "mage-wars", *[w for a in args for w in ("-o", a)]])
    assert result.exit_code != 0 and message in " ".join(result.output.split())
    assert "Traceback" not in result.output
