"""Helpers for the view tests of render, svg and heuristic (GEOMETRY's own, not mwkit):
random positions built through the setup mapping, random walks, and what a seat must not see.
"""

from __future__ import annotations

import random
from typing import Any

from grimorio.core.state import view
from grimorio.games.mage_wars import data
from grimorio.games.mage_wars.game import MageWars
from grimorio.games.mage_wars.render import LABELS
from grimorio.games.mage_wars.state import MageWarsState

CLASSES = ("beastmaster", "priestess", "warlock", "wizard")


def build(setup: dict[str, Any], seed: int = 1, **options: Any) -> MageWarsState:
    state = MageWars(**options).new_initial_state(seed, setup)
    assert isinstance(state, MageWarsState)
    return state


def _book(mage_class: str) -> list[str]:
    book = data.shipped().apprentice.spellbook(mage_class)
    return sorted(e.card for e in book.entries for _ in range(e.count))


def _some(rng: random.Random, cards: list[str], kind: str, most: int) -> list[str]:
    """Up to `most` cards of type `kind` from `cards`."""
    pool = [c for c in cards if data.shipped().card(c).type == kind]
    return rng.sample(pool, rng.randint(0, min(most, len(pool))))


def random_setup(rng: random.Random, arena: str = "apprentice") -> dict[str, Any]:
    """A position rich in hidden things: planned spells, face-down enchantments on creatures,
    mages and zones, equipment, damage, markers, walls."""
    zones = data.shipped().arenas.get(arena).zones
    classes = rng.sample(CLASSES, 2)
    players: list[dict[str, Any]] = []
    objects: list[dict[str, Any]] = []
    books = [_book(c) for c in classes]
    for seat, mage_class in enumerate(classes):
        book = books[seat]
        players.append({"class": mage_class, "mana": rng.randint(0, 25),
                        "damage": rng.randint(0, 15), "zone": rng.choice(zones),
                        "planned": rng.sample(book, rng.randint(0, 2)),
                        "discard": rng.sample(book, rng.randint(0, 3)),
                        "markers": rng.choice([{}, {"burn": 1}, {"stun": 1, "rot": 2}])})
    hosts = [1, 2]
    for seat in (0, 1):
        for card in _some(rng, books[seat], "creature", 3):
            objects.append({"card": card, "controller": seat, "zone": rng.choice(zones),
                            "damage": rng.randint(0, 4), "guard": rng.random() < 0.3,
                            "markers": rng.choice([{}, {"daze": 1}, {"weak": 1}])})
            hosts.append(2 + len(objects))
    for seat in (0, 1):
        for card in _some(rng, books[seat], "enchantment", 3):
            place: dict[str, Any] = ({"zone": rng.choice(zones)}
                                     if data.shipped().card(card).target.kind == "zone"
                                     else {"host": rng.choice(hosts)})
            objects.append({"card": card, "controller": seat, "face_up": rng.random() < 0.3,
                            **place})
        slots: set[str | None] = set()
        for card in _some(rng, books[seat], "equipment", 2):
            slot = data.shipped().card(card).equipment_slot
            if slot not in slots:
                slots.add(slot)
                objects.append({"card": card, "controller": seat, "host": seat + 1})
    borders = [[a, b] for a in zones for b in zones
               if a < b and data.shipped().arenas.get(arena).distance(a, b) == 1]
    phase = rng.choice(["action", "action", "upkeep", "planning"])
    return {"phase": phase, "round": rng.randint(1, 9), "initiative": rng.randint(0, 1),
            "players": players, "objects": objects,
            "walls": rng.sample(borders, rng.randint(0, 2))}


def hidden_from(st: MageWarsState, seat: int) -> tuple[dict[int, str], list[str]]:
    """What `seat` must not learn: the opponent's face-down enchantments (oid → card,
    MW-5.78) and its planned spells (MW-3.20)."""
    other = 1 - seat
    face_down = {o.oid: o.card for o in st.objs.values()
                 if o.kind == "enchantment" and not o.face_up and o.controller == other}
    return face_down, list(st.players[other].planned)


def names(card: str) -> tuple[str, str]:
    text = data.shipped().card(card).name
    return text.get("en"), text.get("es")


def public_words(st: MageWarsState, seat: int) -> list[str]:
    """Every text the seat may legitimately see: names of face-up cards and of its own cards,
    discards, conditions, classes, keywords, labels. A hidden name inside one of these is not a
    leak (Heal inside Minor Heal, Sleep the marker)."""
    d = data.shipped()
    cards = [o.card for o in st.objs.values()
             if o.card in {c.id for c in d.cards} and (o.face_up or o.controller == seat)]
    cards += st.players[seat].planned + st.players[seat].book
    cards += [c for p in st.players for c in p.discard]
    words = [n for c in cards for n in names(c)]
    words += [k.name.get(lang) for k in d.keywords for lang in ("en", "es")]
    words += [k.name.get(lang) for k in d.apprentice.classes for lang in ("en", "es")]
    words += [v for labels in LABELS.values() for v in labels.values()]
    return words


def leaks(text: str, st: MageWarsState, seat: int) -> set[str]:
    """Hidden card names found in `text` that no public word explains."""
    face_down, planned = hidden_from(st, seat)
    public = public_words(st, seat)
    found = set()
    for card in [*face_down.values(), *planned]:
        for name in names(card):
            if name in text and not any(name in word for word in public):
                found.add(name)
    return found


def random_walk(st: MageWarsState, rng: random.Random, steps: int) -> list[MageWarsState]:
    """Positions met playing random legal actions (clones, so they stay as they were)."""
    seen = [st.clone()]
    for _ in range(steps):
        if st.is_terminal():
            break
        st.apply(rng.choice(st.legal_actions()))
        seen.append(st.clone())
    return seen


def views(st: MageWarsState) -> list[tuple[int, dict[str, Any]]]:
    return [(seat, view(st, seat)) for seat in (0, 1)]
