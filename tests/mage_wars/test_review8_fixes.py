"""Review of issue 8 (full game): hostile spellbook files and options, malformed full-game
actions, hidden information of the new mechanics (MW-8.1, MW-8.2, MW-8.13)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

import grimorio
from grimorio.cli.main import app
from grimorio.games.mage_wars import books, spellbook

runner = CliRunner()


def _check(path: Path) -> tuple[int, str]:
    result = runner.invoke(app, ["mage-wars", "book", "check", str(path), "--lang", "en"])
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.output
    return result.exit_code, " ".join(result.output.split())


def test_a_count_too_long_for_a_number_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    """MW-8.13: a count of thousands of digits is reported as an unreadable line (exit 1)."""
    path = tmp_path / "digits.txt"
    path.write_text("mage: beastmaster\n" + "9" * 5000 + " Wolf\n", encoding="utf-8")
    code, out = _check(path)
    assert code == 1 and "5005 characters" in out
    path.write_text("mage: beastmaster\n" + "9" * 100 + " Wolf\n", encoding="utf-8")
    code, out = _check(path)
    assert code == 1 and "a count of 100 digits" in out


def test_only_ascii_digits_count_copies(tmp_path: Path) -> None:
    """MW-8.13: '٣ Timber Wolf' (an Arabic-Indic three) is not read as three copies."""
    path = tmp_path / "digits.txt"
    path.write_text("mage: beastmaster\n\u0663 Timber Wolf\n", encoding="utf-8")
    book = spellbook.read(path)
    assert book.size == 0 and book.problems


def test_a_huge_or_special_file_is_refused_quickly(tmp_path: Path) -> None:
    """MW-8.1: a file far larger than any spellbook, or not a regular file, exits with 2 and
    a clear message, without reading it all."""
    big = tmp_path / "big.txt"
    big.write_text("mage: beastmaster\n" + "1 Timber Wolf\n" * 200_000, encoding="utf-8")
    code, out = _check(big)
    assert code == 2 and "too large" in out
    for special in (Path("/dev/zero"), tmp_path):
        if special.exists():
            code, out = _check(special)
            assert code == 2, out


def test_a_binary_file_is_refused_with_its_name(tmp_path: Path) -> None:
    """MW-8.1: a file that is not UTF-8 text: exit 2 from `book check`, a ValueError naming the
    file from the option `books` (MW-8.2)."""
    path = tmp_path / "bin.txt"
    path.write_bytes(b"\xff\xfe\x00mage: wizard\x00\x81")
    code, out = _check(path)
    assert code == 2 and "UTF-8" in out
    with pytest.raises(ValueError, match=r"bin\.txt"):
        books.load(str(path))
    with pytest.raises(ValueError, match=r"bin\.txt"):
        grimorio.load_game("mage-wars", mode="full", books=f"{path},starter")


def test_the_books_option_needs_the_full_game(tmp_path: Path) -> None:
    """MW-8.2: a spellbook given to an apprentice game is refused, not silently ignored."""
    with pytest.raises(ValueError, match="mode=full"):
        grimorio.load_game("mage-wars", books="starter,starter.txt")
    grimorio.load_game("mage-wars", books="starter,starter")


def test_chain_lightning_on_a_wall_jumps_from_its_border() -> None:
    """MW-5.19, MW-5.58: a wall stands on a border in no zone; Chain Lightning that damages a
    Wall of Thorns jumps to objects within 0-1 zones of either side of it (it used to crash
    looking up the distance from no zone)."""
    from grimorio.games.mage_wars.rules import walls
    from tests.mage_wars.mwkit import acts, ask, faces, options, scenario

    st = scenario({"phase": "menu", "activate": 1,
                   "players": [{"zone": "A1", "mana": 20, "planned": ["chain-lightning"]},
                               {"zone": "C1"}],
                   "objects": [{"card": "timber-wolf", "controller": 1, "zone": "B2"}]})
    wall = walls.place(st, "wall-of-thorns", 1, walls.parse("A2-B2")).oid
    st.script_dice([*faces(normal=(2, 2, 2), blank=2), 1])
    acts(st, f"cast chain-lightning o{wall}")
    assert ask(st) == "ChainAsk"
    assert "choose o3" in options(st) and "choose o1" not in options(st)


def test_a_wand_rebind_names_its_card_to_its_owner_only() -> None:
    """MW-5.113, MW-3.20: `ability rebind o3 opt=<card>` (and its quickcast form) names the
    spell newly bound to the wand; the other seat's text blanks it, like `bind`."""
    from tests.mage_wars.mwkit import scenario

    st = scenario({"players": [{"zone": "A1", "class": "priestess", "mana": 5},
                               {"zone": "C2"}], "phase": "menu", "activate": 1,
                   "objects": [{"card": "mage-wand", "controller": 0, "host": 1}]})
    st.player(0).bound = {3: "minor-heal"}
    st.player(0).book.remove("minor-heal")
    st.changed()
    game = st.game
    for text in ("ability rebind o3 opt=heal", "quickcast ability rebind o3 opt=heal"):
        action = game.parse_action(st, text)
        assert st.describe_action(action, 1) == text.replace("opt=heal", "opt=?")
        assert st.describe_action(action, None) == text.replace("opt=heal", "opt=?")
        assert st.describe_action(action, 0) == text
    # a public choice stays as it is
    bless = game.parse_action(st, "ability bless o9 opt=armor")
    assert st.describe_action(bless, 1) == "ability bless o9 opt=armor"


def test_magebane_does_not_name_an_enchantment_cast_face_down() -> None:
    """MW-5.78, MW-6.97: Magebane hurts its creature for each spell it casts; the log seen by
    the other seat must not name an enchantment the creature cast face down (Decoy here)."""
    from tests.mage_wars.mwkit import acts, pass_windows, scenario

    st = scenario({"players": [{"zone": "A1", "class": "wizard", "mana": 20,
                                "planned": ["decoy"]}, {"zone": "C2"}],
                   "phase": "menu", "activate": 1,
                   "objects": [{"card": "magebane", "controller": 1, "host": 1}]})
    start = len(st.events)
    acts(st, "cast decoy B1")
    pass_windows(st)
    hurt = [e for e in st.events[start:] if e.rule == "MW-6.97"]
    assert hurt and st.obj(1).damage == 1
    assert all("decoy" not in e.text.en + repr(e.data) for e in st.events[start:]
               if e.visible(1))


def test_a_resample_keeps_a_set_off_jinx_one_that_this_spell_sets_off() -> None:
    """MW-5.13, MW-5.94: the caster saw a hidden enchantment on its mage answer its quick
    Knockdown on a wolf; a resample for the caster may redraw it only as a card this very
    spell sets off (Jinx), never as a Nullify, which answers only spells aimed at its own
    creature."""
    import random

    from grimorio.core.state import resample
    from grimorio.games.mage_wars.state import MageWarsState
    from tests.mage_wars.mwkit import acts, ask, scenario

    st = scenario({"players": [{"zone": "A1", "planned": ["knockdown"]}, {"zone": "C2"}],
                   "phase": "menu", "activate": 1,
                   "objects": [{"card": "timber-wolf", "controller": 1, "zone": "A1"},
                               {"card": "jinx", "controller": 1, "host": 1,
                                "face_up": False}]})
    st.player(1).book = sorted([*st.player(1).book, *["nullify"] * 6])
    st.changed()
    acts(st, "cast knockdown o3")
    while ask(st) == "RevealAsk":
        acts(st, "pass")
    assert ask(st) == "TriggerAsk"
    from grimorio.games.mage_wars.state import _spell_sets_off
    assert _spell_sets_off(st, st.obj(4), "jinx")
    assert not _spell_sets_off(st, st.obj(4), "nullify")
    for n in range(20):
        twin = resample(st, 0, random.Random(n))
        assert isinstance(twin, MageWarsState)
        assert twin.obj(4).card == "jinx", n


def test_long_lines_and_many_unknown_names_are_read_quickly() -> None:
    """MW-8.1: a hostile book within the size limit (one very long line, thousands of
    unknown names) is read in well under a few seconds, each problem reported."""
    import time

    start = time.monotonic()
    book = spellbook.parse("mage: beastmaster\n" + "a" + " " * 200_000 + "b\n")
    assert book.problems and not book.entries
    book = spellbook.parse("mage: beastmaster\n" + "".join(f"1 zz{n}\n" for n in range(20_000)))
    assert book.problems and not book.entries
    assert time.monotonic() - start < 5


def _custom_book(tmp_path: Path) -> Path:
    """The Beastmaster's starter book minus two cards (a Mana Flower and a Bramble), as a book
    file of its own: legal, every card playable."""
    lines = spellbook.starter_path("beastmaster").read_text(encoding="utf-8").splitlines()
    lines = [{"3 Flor de Maná": "2 Flor de Maná", "3 Enredadera": "2 Enredadera"}.get(ln, ln)
             for ln in lines]
    path = tmp_path / "mine.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    book = spellbook.read(path)
    assert spellbook.check(book).legal and book.size == 66
    return path


def test_a_resample_never_reads_a_custom_book(tmp_path: Path) -> None:
    """MW-5.7: a book file of one's own is secret; the opponent's resample redraws its book,
    planned and held spells and face-down enchantments from the cards that mage could hold
    (the same counts), not from the real contents, and keeps the opponent's view as it is. A
    shipped starter book, public knowledge, keeps being redrawn from its real contents."""
    import random
    from collections import Counter

    from grimorio.core.state import resample, view
    from grimorio.games.mage_wars.state import MageWarsState, _secrets, possible_cards

    path = _custom_book(tmp_path)
    game = grimorio.load_game("mage-wars", mode="full", books=f"{path},starter",
                              classes="beastmaster,priestess", round_limit=4)
    st = game.new_initial_state(5)
    assert isinstance(st, MageWarsState)
    assert st.players[0].custom and not st.players[1].custom
    assert st.clone().players[0].custom
    assert view(st, 1)["state"]["players"][0]["custom_book"] is True
    legal = set(possible_cards("beastmaster", None))
    chooser = random.Random(5)
    books_seen: set[tuple[str, ...]] = set()
    differ = 0
    for step in range(400):
        if st.is_terminal():
            break
        if step % 7 == 0:
            me, you = st.players[0], st.players[1]
            for n in range(3):
                twin = resample(st, 1, random.Random(step * 10 + n))
                assert isinstance(twin, MageWarsState)
                assert view(twin, 1) == view(st, 1), step
                mine = twin.players[0]
                assert len(mine.book) == len(me.book)
                assert len(mine.planned) == len(me.planned)
                assert sorted(mine.assigned) == sorted(me.assigned)
                assert set(mine.book + mine.planned) <= legal
                books_seen.add(tuple(mine.book))
                real = {c for part in _secrets(st)[0] for c in part}
                differ += not set(mine.book + mine.planned) <= real
                # the starter book of seat 1, redrawn for seat 0: the same cards
                other = resample(st, 0, random.Random(step * 10 + n))
                assert isinstance(other, MageWarsState)
                assert view(other, 0) == view(st, 0), step
                theirs = other.players[1]
                assert Counter(theirs.book + theirs.planned) \
                    == Counter(you.book + you.planned)
        st.apply(chooser.choice(st.legal_actions()))
    assert len(books_seen) > 3 and differ > 0


def test_a_resample_redraws_a_custom_books_face_down_and_planned_cards(tmp_path: Path
                                                                        ) -> None:
    """MW-5.7, MW-5.78, MW-3.20: with a book of its own, a face-down enchantment becomes any
    enchantment that mage could hold fitting its host, planned spells any card it could hold;
    the discard pile and the cards in play stay, and so does the opponent's view."""
    import random

    from grimorio.core.state import resample, view
    from grimorio.games.mage_wars.state import MageWarsState, possible_cards
    from tests.mage_wars.mwkit import scenario

    path = _custom_book(tmp_path)
    st = scenario({"players": [{"zone": "A1", "book_file": str(path),
                                "planned": ["rhino-hide", "bear-strength"],
                                "discard": ["timber-wolf"]}, {"zone": "C2"}],
                   "objects": [{"card": "timber-wolf", "controller": 0, "zone": "A1"},
                               {"card": "rhino-hide", "controller": 0, "host": 3,
                                "face_up": False}]},
                  mode="full", classes="beastmaster,priestess")
    assert st.players[0].custom
    legal = set(possible_cards("beastmaster", None))
    cards, planned = set(), set()
    for n in range(20):
        twin = resample(st, 1, random.Random(n))
        assert isinstance(twin, MageWarsState)
        assert view(twin, 1) == view(st, 1)
        assert twin.players[0].discard == ["timber-wolf"] and twin.obj(3).card == "timber-wolf"
        card = twin.obj(4).card
        assert card in legal and twin.card(card).type == "enchantment"
        assert len(twin.players[0].planned) == 2
        assert len(twin.players[0].book) == len(st.players[0].book)
        cards.add(card)
        planned.add(tuple(twin.players[0].planned))
    assert len(cards) > 3 and len(planned) > 3
    assert any(c not in st.players[0].book + st.players[0].planned + ["rhino-hide"]
               for c in cards)


def test_conformance_of_a_full_game_with_a_custom_book(tmp_path: Path) -> None:
    """Views (no leak through resamples), clones and seed determinism hold for a full game
    whose first seat plays a book file of its own."""
    from grimorio.testing import conformance

    path = _custom_book(tmp_path)
    game = grimorio.load_game("mage-wars", mode="full", books=f"{path},starter",
                              classes="beastmaster,priestess", round_limit=3)
    for seed in range(2):
        conformance.check_views(game, seed, samples=2)
        conformance.check_clone_integrity(game, seed)
        conformance.check_seed_determinism(game, seed)
