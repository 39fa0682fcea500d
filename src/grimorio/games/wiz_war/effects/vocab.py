"""The closed vocabulary card scripts (and the engine) use: queries over a position and verbs
that change it. Every change a card makes goes through a verb here, so the rules it implies
(death, kill credit, scoring, hand limits, cracks) are applied in one place.

Queries: `read_target`, `wizard`, `wizards_at`, `objects_at`, `is_empty`, `sees`, `in_range`,
`hand_count`, `hand_limit`, `base_move`, `punch_damage`, `can_step`, `adjacent_squares`.
Verbs: `damage`, `heal`, `stun`, `move_wizard`, `push`, `create_object`, `destroy_object`,
`damage_object`, `crack_edge`, `make_edge`, `remove_edge`, `drop_item`, `drop_treasure`,
`pick_up_item`, `pick_up_treasure`, `draw`, `discard_card`, `end_spell`, `counter_cast`,
`roll_d4`, `random_direction`, `rotate_sector`, `ask`, `say`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, fields, replace
from itertools import islice, product
from typing import TYPE_CHECKING

from grimorio.core.errors import IllegalAction
from grimorio.core.i18n import Text
from grimorio.games.wiz_war.board import Edge
from grimorio.games.wiz_war.cards import Card
from grimorio.games.wiz_war.decisions import Choice
from grimorio.games.wiz_war.model import MAX_LIFE, BoardObject, Cast

if TYPE_CHECKING:
    from grimorio.games.wiz_war.cards import Card
    from grimorio.games.wiz_war.effects.registry import Ctx, Holder, Script
    from grimorio.games.wiz_war.model import SpellInPlay, Wizard
    from grimorio.games.wiz_war.state import WizWarState

DIRS = "nesw"
DIR_NAMES = (("north", "norte"), ("east", "este"), ("south", "sur"), ("west", "oeste"))
CANDIDATE_CAP = 12   # targets offered per slot in the legal list (the parser accepts any)


# ---- small helpers ---------------------------------------------------------------------------
def refuse(en: str, es: str, rule: str) -> IllegalAction:
    """An IllegalAction with both messages and its rule id (what `check` returns)."""
    return IllegalAction(Text(en, es), rule=rule)


Refusal = Callable[[], IllegalAction]


def later(en: str, es: str, rule: str) -> Refusal:
    """A refusal written only when someone asks why (menus try many actions, show no reason)."""
    return lambda: refuse(en, es, rule)


def say(st: WizWarState, kind: str, rule: str | None, en: str, es: str,
        visible_to: frozenset[int] | None = None, **data: object) -> None:
    """Log a ruling (skipped on quiet search copies, so build costly text only when needed)."""
    if not st.quiet:
        st.emit(kind, rule, Text(en, es), visible_to, **data)


@dataclass(frozen=True, slots=True)
class ObjectKind:
    """What an object kind does on the board (WW-X21, WW-X7): crack limit None = indestructible
    (or not damageable). `burns`: any fire damage destroys it; `blinds`: a wizard inside sees
    only his own square; `scatters`: every step out of it goes in a random direction (WW-X19)."""

    blocks_los: bool
    blocks_move: bool
    cracks: int | None
    burns: bool = False
    blinds: bool = False
    scatters: bool = False


OBJECT_KINDS: dict[str, ObjectKind] = {
    "item": ObjectKind(False, False, None),
    "rosebush": ObjectKind(True, False, 1, burns=True),
    "thornbush": ObjectKind(True, False, 1, burns=True),
    "stone-block": ObjectKind(True, True, 8),
    "dust-cloud": ObjectKind(True, False, None, blinds=True, scatters=True),
    "tacks": ObjectKind(False, False, None),
    "trap": ObjectKind(False, False, None),
    "homunculus": ObjectKind(False, False, None),
}
EDGE_CRACKS = {"wall": 5, "door": 3, "earth": 5}   # WW-X7; outer walls never break
# The properties each kind has (a true value), for `object_rule_at`.
_RULES_OF = {kind: tuple(f.name for f in fields(ObjectKind) if getattr(rules, f.name))
             for kind, rules in OBJECT_KINDS.items()}


@dataclass(frozen=True, slots=True)
class Target:
    """A target read from its notation: `kind` is one of registry.KINDS; `square` is where it
    stands (-1: nowhere, e.g. a carried item or a spell); `side` the direction of an edge;
    `seat` a wizard's seat (or a carrier's); `index` an object id, spell id, treasure index or
    sector index; `name` the notation."""

    kind: str
    name: str
    square: int = -1
    side: int = -1
    seat: int = -1
    index: int = -1


@dataclass(frozen=True, slots=True)
class Damage:
    """One dose of damage to wizard `victim` (WW-X10): `kind` physical or magical, `tags` such
    as fire; `source` the seat credited for a kill (None: lingering effect, WW-X11); `card` the
    card key dealing it (None: a punch); `attack` whether it is an attack (may be evaded)."""

    victim: int
    amount: int
    kind: str = "magical"
    tags: frozenset[str] = frozenset()
    source: int | None = None
    card: str | None = None
    attack: bool = False


# ---- reading targets -------------------------------------------------------------------------
def read_target(st: WizWarState, text: str) -> Target | None:
    """The thing a canonical target names now, or None if there is no such thing."""
    if text in st.colours:
        seat = st.colours.index(text)
        wiz = st.wizards[seat]
        return Target("wizard", text, wiz.square, seat=seat) if wiz.alive else None
    kind, sep, rest = text.partition(":")
    if not sep:
        return _square_or_edge(st, text)
    if kind == "sector":
        for index, place in enumerate(st.board.sectors):
            if place.colour == rest:
                return Target("sector", text, index=index)
        return None
    if kind == "spell":
        return _spell_target(st, text, rest)
    if kind == "treasure":
        return _treasure_target(st, text, rest)
    if kind == "item":
        return Target("item", text)
    return _object_target(st, text, kind, rest)


def _square_or_edge(st: WizWarState, text: str) -> Target | None:
    """A square or edge name, parsed once per board geometry (`st.names`, shared by the games
    on that board shape: menus read the same names over and over). Only canonical names are
    kept, so what players type cannot grow it."""
    found: Target | None = st.names.get(text)
    if found is None:
        found = _parse_square_or_edge(st, text)
        if found is not None and found.name == _canonical_name(st, found):
            st.names[text] = found
    return found


def _canonical_name(st: WizWarState, t: Target) -> str:
    if t.kind == "square":
        return st.board.square_name(t.square)
    return st.board.edge_name(t.square, t.side)


def parse_square(st: WizWarState, text: str) -> int:
    """`st.board.parse_square(text)`, read once per board geometry (for menus)."""
    found = _square_or_edge(st, text)
    return found.square if found is not None and found.kind == "square" \
        else st.board.parse_square(text)


def parse_edge(st: WizWarState, text: str) -> tuple[int, int]:
    """`st.board.parse_edge(text)`, read once per board geometry (for menus)."""
    found = _square_or_edge(st, text)
    return (found.square, found.side) if found is not None and found.kind == "edge" \
        else st.board.parse_edge(text)


def _parse_square_or_edge(st: WizWarState, text: str) -> Target | None:
    board = st.board
    try:
        return Target("square", text, board.parse_square(text))
    except ValueError:
        pass
    try:
        sq, d = board.parse_edge(text)
    except ValueError:
        return None
    return Target("edge", text, sq, side=d)


def _spell_target(st: WizWarState, text: str, rest: str) -> Target | None:
    key, _, colour = rest.partition("@")
    for spell in st.spells:
        if spell.key == key and st.colours[spell.caster] == colour:
            return Target("spell", text, seat=spell.caster, index=spell.sid)
    return None


def _treasure_target(st: WizWarState, text: str, rest: str) -> Target | None:
    for index, treasure in enumerate(st.treasures):
        if treasure.name == rest and not treasure.scored:
            carrier = -1 if treasure.carrier is None else treasure.carrier
            square = (st.wizards[carrier].square if carrier >= 0
                      else (-1 if treasure.square is None else treasure.square))
            return Target("treasure", text, square, seat=carrier, index=index)
    return None


def _object_target(st: WizWarState, text: str, where: str, name: str) -> Target | None:
    try:
        sq = st.board.parse_square(where)
    except ValueError:
        return None
    for obj in st.objects:
        if obj.square == sq and object_name(st, obj) == name:
            return Target("object", text, sq, index=obj.oid)
    return None


def object_name(st: WizWarState, obj: BoardObject) -> str:
    """An object's name in notation: its kind, or the card key of a dropped item."""
    return st.keys[obj.card] if obj.kind == "item" and obj.card is not None else obj.kind


def object_notation(st: WizWarState, obj: BoardObject) -> str:
    return f"{st.board.square_name(obj.square)}:{object_name(st, obj)}"


def spell_notation(st: WizWarState, spell: SpellInPlay) -> str:
    return f"spell:{spell.key}@{st.colours[spell.caster]}"


# ---- queries ---------------------------------------------------------------------------------
def wizard(st: WizWarState, seat: int) -> Wizard:
    return st.wizards[seat]


def wizards_at(st: WizWarState, sq: int) -> list[int]:
    """Seats of the living wizards in `sq`."""
    return [w.seat for w in st.wizards if w.alive and w.square == sq]


def objects_at(st: WizWarState, sq: int) -> list[BoardObject]:
    return [o for o in st.objects if o.square == sq]


def find_object(st: WizWarState, oid: int) -> BoardObject | None:
    for obj in st.objects:
        if obj.oid == oid:
            return obj
    return None


def find_spell(st: WizWarState, sid: int) -> SpellInPlay | None:
    for spell in st.spells:
        if spell.sid == sid:
            return spell
    return None


def is_empty(st: WizWarState, sq: int) -> bool:
    """No object, treasure, creature or wizard (WW-10.9, WW-A14)."""
    return sq not in st.memo(("occupied",), lambda: _occupied(st))


def _occupied(st: WizWarState) -> frozenset[int | None]:
    """The squares holding an object, a living wizard or a treasure lying there (menus ask
    square after square)."""
    return frozenset([o.square for o in st.objects]
                     + [w.square for w in st.wizards if w.alive]
                     + [t.square for t in st.treasures if t.carrier is None and not t.scored])


def los_blocks(st: WizWarState, sq: int) -> bool:
    """Whether something in `sq` stops LOS beyond it (objects, WW-X5, WW-X21; hooks)."""
    return sq in st.blockers()


def sees(st: WizWarState, seat: int, sq: int) -> bool:
    """Whether `seat`'s wizard sees square `sq` (WW-X5)."""
    return sq in st.visible_from(st.wizards[seat].square)


def sees_around_corner(st: WizWarState, seat: int, sq: int, origin: int | None = None) -> bool:
    """LOS bent once (Around the Corner): some square seen from the wizard (or from `origin`)
    sees `sq`."""
    own = st.wizards[seat].square if origin is None else origin
    return any(sq in st.visible_from(mid) for mid in st.visible_from(own))


def cast_origin(st: WizWarState, seat: int, card: Card) -> int | None:
    """The square a play of `card` measures range from when it is not the wizard's own: an
    Astral Projection waiting for the active player's next LOS or adjacent spell (WW-9.1)."""
    if (st.turn.origin is not None and seat == st.active and card.is_spell
            and card.range in ("los", "adjacent")):
        return st.turn.origin
    return None


def object_rule_at(st: WizWarState, sq: int, prop: str) -> bool:
    """Whether an object in `sq` has the ObjectKind property `prop` (`blinds`, `scatters`)."""
    return sq in object_rule_squares(st, prop)


def object_rule_squares(st: WizWarState, prop: str) -> frozenset[int]:
    """The squares of the objects whose kind has the ObjectKind property `prop`."""
    return st.memo(("object-rules",), lambda: _object_rules(st)).get(prop, frozenset())


def _object_rules(st: WizWarState) -> dict[str, frozenset[int]]:
    """Per ObjectKind property, the squares of the objects having it, in one pass over the
    objects (most are dropped items, which have none)."""
    found: dict[str, set[int]] = {}
    for obj in st.objects:
        for prop in _RULES_OF.get(obj.kind, _RULES_OF["item"]):
            found.setdefault(prop, set()).add(obj.square)
    return {prop: frozenset(squares) for prop, squares in found.items()}


def adjacent_squares(st: WizWarState, sq: int) -> list[int]:
    """`sq` and the squares next to it that it sees (adjacent range, WW-9.3, WW-A10)."""
    return list(st.memo(("adjacent", sq), lambda: tuple(_adjacent_squares(st, sq))))


def _adjacent_squares(st: WizWarState, sq: int) -> list[int]:
    out = [sq]
    if object_rule_at(st, sq, "blinds"):         # inside a dust cloud (WW-X21)
        return out
    blocks = st.blocker_fn()
    for d in range(4):
        seen = st.board.line(sq, d, blocks)
        if seen:
            out.append(seen[0])
    return out


def target_squares(t: Target, st: WizWarState) -> list[int] | None:
    """The squares a target is seen at; None when range does not apply (spells, items)."""
    if t.kind == "edge":
        beyond = st.board.beyond(t.square, t.side)
        return [t.square] if beyond is None else [t.square, beyond]
    if t.kind == "sector":
        return st.board.sector_squares(t.index)
    if t.kind in ("spell", "item") or t.square < 0:
        return None
    return [t.square]


def in_range(st: WizWarState, seat: int, rng: str, t: Target, corner: bool = False,
             origin: int | None = None) -> bool:
    """Whether target `t` is within range `rng` of `seat`'s wizard (WW-9.1 to WW-9.5), or of
    square `origin` when given (`cast_origin`)."""
    if rng == "anywhere":
        return True
    squares = target_squares(t, st)
    if squares is None:
        return True
    own = st.wizards[seat].square if origin is None else origin
    if rng == "caster":
        return (t.kind == "wizard" and t.seat == seat) or (t.kind != "wizard" and own in squares)
    if rng == "adjacent":
        near = adjacent_squares(st, own)
        return any(sq in near for sq in squares)
    seen = st.visible_from(own)
    if any(sq in seen for sq in squares):
        return True
    return corner and any(sees_around_corner(st, seat, sq, origin) for sq in squares)


def fold(st: WizWarState, hook: str) -> Iterator[tuple[Script, Holder]]:
    """The scripts and holders whose cards change `hook` now."""
    return iter(st.providers(hook))


def hand_count(st: WizWarState, seat: int) -> int:
    """Cards that count toward the hand limit: hand, carried items, own spells (WW-6.6, A5)."""
    wiz = st.wizards[seat]
    return len(wiz.hand) + len(wiz.items) + len([s for s in st.spells if s.caster == seat])


def hand_limit(st: WizWarState, seat: int) -> int:
    """The current maximum hand size (WW-6.7)."""
    value = 7
    for script, holder in st.providers("hand_limit"):
        value = script.hand_limit(st, holder, seat, value)
    return value


def base_move(st: WizWarState, seat: int) -> int:
    value = 3
    for script, holder in fold(st, "base_move"):
        value = script.base_move(st, holder, seat, value)
    return value


def punch_damage(st: WizWarState, seat: int) -> int:
    value = 1
    for script, holder in st.providers("punch_damage"):
        value = script.punch_damage(st, holder, seat, value)
    return value


def attack_allowance(st: WizWarState, seat: int) -> int:
    """How many attacks the wizard may make in a turn: 1 (WW-5.5), more with a hook."""
    value = 1
    for script, holder in st.providers("attack_allowance"):
        value = script.attack_allowance(st, holder, seat, value)
    return value


def attacks_made(st: WizWarState) -> int:
    """Attacks the active player has made this turn (a script that only set `attacked`: 1)."""
    return max(st.turn.attacks, int(st.turn.attacked))


def may_attack(st: WizWarState, seat: int) -> bool:
    hooks = st.providers("can_attack")
    return not hooks or all(s.can_attack(st, h, seat) for s, h in hooks)


def edge_blocks(st: WizWarState, seat: int, sq: int, d: int) -> IllegalAction | None:
    """Why `seat`'s wizard cannot cross side `d` of `sq` (None: he can), WW-X3, WW-X4."""
    why = _edge_blocked(st, seat, sq, d)
    return None if why is None else why()


def can_step(st: WizWarState, seat: int, d: int) -> IllegalAction | None:
    """Why `seat`'s wizard cannot step in direction `d` now (None: he can)."""
    why = _step_blocked(st, seat, d)
    return None if why is None else why()


def step_open(st: WizWarState, seat: int, d: int) -> bool:
    """`can_step(...) is None`, without writing the refusal (the legal list asks every turn)."""
    return _step_blocked(st, seat, d) is None


def _step_blocked(st: WizWarState, seat: int, d: int) -> Refusal | None:
    sq = st.wizards[seat].square
    why = _edge_blocked(st, seat, sq, d)
    if why is not None:
        return why
    beyond = st.board.beyond(sq, d)
    assert beyond is not None
    return None if can_enter(st, seat, beyond) else _SQUARE_BLOCKS


def _edge_blocked(st: WizWarState, seat: int, sq: int, d: int) -> Refusal | None:
    """What makes the refusal of crossing side `d` of `sq`, or None if `seat` may cross."""
    board = st.board
    if board.beyond(sq, d) is None:
        return _OUTER_WALL
    for script, holder in st.providers("can_pass_edge"):
        verdict = script.can_pass_edge(st, holder, seat, sq, d)
        if verdict is not None:
            return None if verdict else _SPELL_BLOCKS
    edge = board.peek_edge(sq, d)
    if edge is None or edge.kind == "fire":
        return None
    if edge.kind == "door" and not edge.sealed:
        if edge.colour == st.colours[seat] or st.door_unlocked(sq, d):
            return None
        return _DOOR_LOCKED
    if edge.kind != "door" and seat == st.active and st.door_unlocked(sq, d):
        return None                      # a wall open for one passage (Pass Through Wall)
    return _WALL_BLOCKS


_OUTER_WALL = later("The outer wall blocks the way.", "El muro exterior cierra el paso.",
                    "WW-X3")
_SPELL_BLOCKS = later("A spell blocks that edge.", "Un hechizo bloquea ese borde.", "WW-X4")
_DOOR_LOCKED = later("That door is locked for you.", "Esa puerta está cerrada para ti.",
                     "WW-X4")
_WALL_BLOCKS = later("A wall blocks the way.", "Un muro cierra el paso.", "WW-X3")
_SQUARE_BLOCKS = later("Something in that square blocks the way.",
                       "Algo en esa casilla cierra el paso.", "WW-X21")


def can_enter(st: WizWarState, seat: int, sq: int) -> bool:
    if sq in object_rule_squares(st, "blocks_move"):
        return False
    hooks = st.providers("can_enter")
    return not hooks or all(s.can_enter(st, h, seat, sq) for s, h in hooks)


# ---- verbs: wizards --------------------------------------------------------------------------
def damage(st: WizWarState, dmg: Damage, rule: str = "WW-X10") -> int:
    """Deal damage to a wizard: evasion, reduction hooks, life, death (WW-X10 to WW-X12).
    Returns the damage taken."""
    wiz = st.wizards[dmg.victim]
    for script, holder in fold(st, "damage_dealt"):
        dmg = replace(dmg, amount=script.damage_dealt(st, holder, dmg))
    if not wiz.alive or dmg.amount <= 0:
        return 0
    if dmg.attack and any(s.evades(st, h, dmg) for s, h in fold(st, "evades")):
        say(st, "evade", rule, f"{wiz.colour} evades the attack.", f"{wiz.colour} esquiva.")
        return 0
    taken = dmg.amount
    for script, holder in fold(st, "damage_taken"):
        taken = max(0, min(taken, script.damage_taken(st, holder, dmg)))
    if taken <= 0:
        return 0
    wiz.life -= taken
    st.changed()
    say(st, "damage", rule, f"{wiz.colour} takes {taken} {dmg.kind} damage (life {wiz.life}).",
        f"{wiz.colour} sufre {taken} de daño ({_kind_es(dmg.kind)}; vida {wiz.life}).",
        seat=dmg.victim, amount=taken)
    for script, holder in fold(st, "on_damaged"):
        script.on_damaged(st, holder, dmg, taken)
    if wiz.life <= 0 and wiz.alive:
        kill(st, dmg.victim, dmg.source)
    return taken


def _kind_es(kind: str) -> str:
    return {"physical": "físico", "magical": "mágico"}.get(kind, kind)


def heal(st: WizWarState, seat: int, amount: int, rule: str = "WW-X10") -> int:
    """Restore life, never above 20 (WW-X10). Returns the life gained."""
    wiz = st.wizards[seat]
    if not wiz.alive:
        return 0
    gained = max(0, min(amount, MAX_LIFE - wiz.life))
    wiz.life += gained
    say(st, "heal", rule, f"{wiz.colour} heals {gained} (life {wiz.life}).",
        f"{wiz.colour} recupera {gained} (vida {wiz.life}).", seat=seat, amount=gained)
    return gained


def lose_life(st: WizWarState, seat: int, amount: int, rule: str = "WW-X10") -> int:
    """Life lost without damage (a transfer such as Share Life): no evasion, no reduction, no
    damage hooks; at 0 the wizard dies with no kill credit (WW-X11). Returns the life lost."""
    wiz = st.wizards[seat]
    if not wiz.alive or amount <= 0:
        return 0
    wiz.life -= amount
    st.changed()
    say(st, "life-lost", rule, f"{wiz.colour} loses {amount} life (life {wiz.life}).",
        f"{wiz.colour} pierde {amount} de vida (vida {wiz.life}).", seat=seat, amount=amount)
    if wiz.life <= 0:
        kill(st, seat, None)
    return amount


def stun(st: WizWarState, seat: int, tokens: int, rule: str = "WW-X13") -> None:
    """Give stun tokens; each is one stunned turn (WW-4.5, WW-X13)."""
    wiz = st.wizards[seat]
    if wiz.alive and tokens > 0:
        wiz.stun += tokens
        say(st, "stun", rule, f"{wiz.colour} gets {tokens} stun token(s).",
            f"{wiz.colour} recibe {tokens} ficha(s) de aturdimiento.", seat=seat)


def kill(st: WizWarState, seat: int, killer: int | None) -> None:
    """The wizard dies (WW-X12): his things drop, his spells end, his hand goes to the killer
    (or the discard pile), the killer scores (WW-1.2, WW-X11)."""
    wiz = st.wizards[seat]
    wiz.alive = False
    say(st, "death", "WW-X12", f"{wiz.colour} dies.", f"{wiz.colour} muere.", seat=seat)
    for index in list(wiz.treasures):
        drop_treasure(st, seat, index)
    for card in list(wiz.items):
        drop_item(st, seat, card)
    for spell in [s for s in st.spells if s.caster == seat]:
        end_spell(st, spell, "WW-X16")
    credited = killer is not None and killer != seat and st.wizards[killer].alive
    if credited:
        assert killer is not None
        st.wizards[killer].hand.extend(wiz.hand)
    else:
        st.discard.extend(wiz.hand)
    wiz.hand.clear()
    st.changed()
    if credited:
        assert killer is not None
        score(st, killer, "WW-1.2", f"killing {wiz.colour}", f"matar a {wiz.colour}")
    st.check_victory()


def score(st: WizWarState, seat: int, rule: str, en: str, es: str) -> None:
    """+1 VP; the game ends at once on 2 (WW-1.4, WW-A20)."""
    wiz = st.wizards[seat]
    wiz.vp += 1
    say(st, "score", rule, f"{wiz.colour} scores 1 VP for {en} ({wiz.vp} VP).",
        f"{wiz.colour} gana 1 PV por {es} ({wiz.vp} PV).", seat=seat, vp=wiz.vp)
    st.check_victory()


def move_wizard(st: WizWarState, seat: int, sq: int, rule: str, step: bool = False,
                side: int | None = None) -> None:
    """Put the wizard in `sq` (a step, a push or a teleport); entering hooks and scoring run.
    `side`: the side of his old square he crossed to get there (None: a teleport), for the
    `on_cross` hooks (e.g. a barrier on that edge)."""
    wiz = st.wizards[seat]
    old = wiz.square
    wiz.square = sq
    st.changed()
    if not st.quiet:                     # the log only (a search copy keeps none)
        where = st.board.square_name(sq)
        say(st, "move" if step else "place", rule,
            f"{wiz.colour} {'moves' if step else 'is moved'} to {where}.",
            f"{wiz.colour} {'va' if step else 'pasa'} a {where}.", seat=seat)
    if side is not None:
        for script, holder in fold(st, "on_cross"):
            script.on_cross(st, holder, seat, old, side)
    for script, holder in fold(st, "on_enter"):
        script.on_enter(st, holder, seat, sq)
    if wiz.alive:
        score_treasures(st, seat)


def push(st: WizWarState, seat: int, d: int, squares: int, rule: str) -> int:
    """Push the wizard up to `squares` steps in direction `d`, stopping at anything that
    blocks him (doors count as walls for a push). Returns the steps made."""
    made = 0
    while made < squares and st.wizards[seat].alive:
        sq = st.wizards[seat].square
        edge = st.board.peek_edge(sq, d)
        beyond = st.board.beyond(sq, d)
        if beyond is None or (edge is not None and edge.kind != "fire") \
                or not can_enter(st, seat, beyond):
            break
        move_wizard(st, seat, beyond, rule, side=d)
        made += 1
    return made


def score_treasures(st: WizWarState, seat: int) -> None:
    """A carried enemy treasure scores on its carrier's home square (WW-1.3, WW-X14)."""
    wiz = st.wizards[seat]
    if not wiz.treasures or wiz.square != st.board.home(wiz.colour):
        return
    for index in list(wiz.treasures):
        treasure = st.treasures[index]
        if treasure.colour != wiz.colour and not st.over:
            wiz.treasures.remove(index)
            treasure.carrier, treasure.scored = None, True
            st.changed()
            score(st, seat, "WW-1.3", f"treasure {treasure.name}", f"el tesoro {treasure.name}")


def strike(st: WizWarState, seat: int, target: Target, amount: int, kind: str = "magical",
           tags: frozenset[str] = frozenset(), card: str | None = None,
           attack: bool = True) -> None:
    """Damage whatever a target names: a wizard (WW-X10, credited to `seat`), a wall or door
    (cracks, WW-X7) or an object (WW-X7)."""
    if target.kind == "wizard":
        damage(st, Damage(target.seat, amount, kind, tags, seat, card, attack))
        return
    per_point = crack_per_point(st, seat)
    if target.kind == "edge":
        crack_edge(st, target.square, target.side, amount, per_point)
    elif target.kind == "object":
        obj = find_object(st, target.index)
        if obj is not None:
            damage_object(st, obj, amount, per_point, tags=tags)


def crack_per_point(st: WizWarState, seat: int) -> bool:
    """Whether `seat`'s damage to walls, doors and objects cracks once per point (Shatter,
    WW-X7) rather than once per full 3."""
    value = False
    for script, holder in fold(st, "crack_per_point"):
        value = script.crack_per_point(st, holder, seat, value)
    return value


# ---- verbs: things ---------------------------------------------------------------------------
def create_object(st: WizWarState, kind: str, sq: int, owner: int | None = None,
                  card: int | None = None, rule: str = "WW-X21") -> BoardObject:
    """Put a new object on `sq` (kinds: OBJECT_KINDS, or `item` with its card)."""
    obj = BoardObject(st.new_id(), kind, sq, card, owner)
    st.objects.append(obj)
    st.changed()
    say(st, "object", rule, f"{object_name(st, obj)} appears in {st.board.square_name(sq)}.",
        f"{object_name(st, obj)} aparece en {st.board.square_name(sq)}.")
    return obj


def destroy_object(st: WizWarState, obj: BoardObject, rule: str = "WW-X7") -> None:
    """Remove an object; a dropped item's card goes to the discard pile."""
    st.objects.remove(obj)
    if obj.card is not None:
        st.discard.append(obj.card)
    st.changed()
    say(st, "destroyed", rule, f"{object_name(st, obj)} is destroyed.",
        f"{object_name(st, obj)} queda destruido.")
    for spell in [s for s in st.spells if s.data.get("object") == obj.oid]:
        end_spell(st, spell, rule)         # the spell that made it (data["object"]) ends too


def damage_object(st: WizWarState, obj: BoardObject, amount: int, per_point: bool = False,
                  rule: str = "WW-X7", tags: frozenset[str] = frozenset()) -> None:
    """Cracks on an object: one per full 3 damage (or per point); it breaks at its limit. An
    object that `burns` is destroyed by any fire damage (Rosebush, Thornbush)."""
    okind = OBJECT_KINDS.get(obj.kind, OBJECT_KINDS["item"])
    if okind.burns and "fire" in tags and amount > 0:
        destroy_object(st, obj, rule)
        return
    limit = okind.cracks
    if limit is None:
        return
    obj.cracks += amount if per_point else amount // 3
    if obj.cracks >= limit:
        destroy_object(st, obj, rule)


def crack_edge(st: WizWarState, sq: int, d: int, amount: int, per_point: bool = False,
               rule: str = "WW-X7") -> None:
    """Damage a wall or door: one crack per full 3 damage (Shatter-like: per point); it breaks
    at 5 cracks (stone wall) or 3 (door). Outer walls are indestructible (WW-X7)."""
    edge = st.board.edge(sq, d)
    if edge is None or edge.kind not in EDGE_CRACKS:
        return
    cracks = amount if per_point else amount // 3
    if cracks <= 0:
        return
    edge.cracks += cracks
    st.changed()
    say(st, "crack", rule, f"{st.board.edge_name(sq, d)} gets {cracks} crack(s).",
        f"{st.board.edge_name(sq, d)} recibe {cracks} grieta(s).")
    if edge.cracks >= EDGE_CRACKS[edge.kind]:
        remove_edge(st, sq, d, rule)


def make_edge(st: WizWarState, sq: int, d: int, kind: str, owner: int | None,
              colour: str | None = None, rule: str = "WW-X21") -> None:
    """Put a created wall (or door, fire or earth wall) on an open edge."""
    st.board.set_edge(sq, d, Edge(kind, colour, 0, False, owner))
    st.changed()
    say(st, "edge", rule, f"A {kind} rises on {st.board.edge_name(sq, d)}.",
        f"Se alza un {kind} en {st.board.edge_name(sq, d)}.")


def remove_edge(st: WizWarState, sq: int, d: int, rule: str) -> None:
    """Destroy whatever stands on an edge (not an outer wall)."""
    name = st.board.edge_name(sq, d)
    st.board.set_edge(sq, d, None)
    st.changed()
    say(st, "edge-destroyed", rule, f"{name} is destroyed.", f"{name} queda destruido.")
    for spell in [s for s in st.spells if s.data.get("edge") == name]:
        end_spell(st, spell, rule)         # the spell that made it (data["edge"]) ends too


def drop_item(st: WizWarState, seat: int, card: int, sq: int | None = None,
              rule: str = "WW-X15") -> BoardObject:
    """A carried item leaves its carrier and becomes an object in `sq` (default: his square)."""
    wiz = st.wizards[seat]
    wiz.items.remove(card)
    obj = create_object(st, "item", wiz.square if sq is None else sq, None, card, rule)
    st.script_of(st.keys[card]).on_item_lost(st, seat, card)
    return obj


def destroy_item(st: WizWarState, seat: int, card: int, rule: str = "WW-X15") -> None:
    """A carried item is destroyed where it is (e.g. a fire item hit by water): its card goes
    to the discard pile."""
    wiz = st.wizards[seat]
    if card not in wiz.items:
        return
    wiz.items.remove(card)
    st.discard.append(card)
    st.changed()
    say(st, "destroyed", rule, f"{wiz.colour}'s {st.keys[card]} is destroyed.",
        f"{st.keys[card]} de {wiz.colour} queda destruido.", seat=seat, card=st.keys[card])
    st.script_of(st.keys[card]).on_item_lost(st, seat, card)


def spell_sees(st: WizWarState, seat: int, t: Target) -> bool:
    """Whether a card lets `seat`'s spells reach target `t` beyond his LOS (`spell_sees`)."""
    squares = target_squares(t, st) or []
    return any(s.spell_sees(st, h, seat, sq) for s, h in fold(st, "spell_sees") for sq in squares)


def pick_up_item(st: WizWarState, seat: int, obj: BoardObject, rule: str = "WW-X15") -> None:
    """A dropped item becomes carried again."""
    assert obj.card is not None
    st.objects.remove(obj)
    st.wizards[seat].items.append(obj.card)
    st.changed()
    say(st, "pickup", rule, f"{st.colours[seat]} picks up {st.keys[obj.card]}.",
        f"{st.colours[seat]} recoge {st.keys[obj.card]}.")
    st.script_of(st.keys[obj.card]).on_item_gained(st, seat, obj.card)


def drop_treasure(st: WizWarState, seat: int, index: int, rule: str = "WW-X14",
                  sq: int | None = None) -> None:
    """A carried treasure falls in `sq` (default: its carrier's square)."""
    wiz = st.wizards[seat]
    treasure = st.treasures[index]
    wiz.treasures.remove(index)
    treasure.carrier, treasure.square = None, wiz.square if sq is None else sq
    st.changed()
    say(st, "drop", rule, f"{wiz.colour} drops treasure {treasure.name}.",
        f"{wiz.colour} suelta el tesoro {treasure.name}.")


def pick_up_treasure(st: WizWarState, seat: int, index: int, rule: str = "WW-X14") -> None:
    """The wizard takes a treasure in his square; it may score at once (WW-X14)."""
    wiz = st.wizards[seat]
    treasure = st.treasures[index]
    treasure.carrier, treasure.square = seat, None
    wiz.treasures.append(index)
    st.changed()
    say(st, "pickup", rule, f"{wiz.colour} picks up treasure {treasure.name}.",
        f"{wiz.colour} recoge el tesoro {treasure.name}.")
    for script, holder in fold(st, "on_pick_up_treasure"):
        script.on_pick_up_treasure(st, holder, seat, treasure.name)
    score_treasures(st, seat)
    owner = st.colours.index(treasure.colour) if treasure.colour in st.colours else -1
    if owner >= 0 and owner != seat and st.wizards[owner].alive and not st.over:
        # A trigger window (WW-X18): the owner may answer the pickup (Ward). He is always
        # asked, so the window never tells the others whether he holds such a card.
        cast = Cast(st.new_id(), seat, -1, "pickup", "trigger", (f"treasure:{treasure.name}",), 0)
        open_window(st, cast, (owner,))


# ---- verbs: cards ----------------------------------------------------------------------------
def draw(st: WizWarState, seat: int, n: int, rule: str = "WW-6.2") -> int:
    """Draw up to `n` cards, reshuffling the discard pile when the deck runs out (WW-6.4,
    WW-A19). Returns the cards drawn."""
    drawn: list[int] = []
    for _ in range(n):
        if not st.deck and st.discard:
            st.deck, st.discard = st.discard, []
            st.dice.shuffle(st.deck)
            say(st, "reshuffle", "WW-6.4", "The discard pile is shuffled into a new deck.",
                "La pila de descartes se baraja como nuevo mazo.")
        if not st.deck:
            break
        drawn.append(st.deck.pop())
    st.wizards[seat].hand.extend(drawn)
    if drawn:
        st.reveal()
        st.changed()
    colour = st.colours[seat]
    say(st, "draw", rule, f"{colour} draws {len(drawn)} card(s).",
        f"{colour} roba {len(drawn)} carta(s).", seat=seat, n=len(drawn))
    if drawn and not st.quiet:
        names = ", ".join(st.keys[c] for c in drawn)
        say(st, "drawn", rule, f"You draw {names}.", f"Robas {names}.",
            visible_to=frozenset({seat}))
    if drawn:
        for script, holder in fold(st, "on_draw"):
            script.on_draw(st, holder, seat, len(drawn))
    return len(drawn)


def take_card(st: WizWarState, card: int, giver: int, taker: int, rule: str = "WW-2.9") -> None:
    """A hand card passes to another hand (Thought Steal). Everyone learns that a card moved;
    only the two players learn which (WW-2.9)."""
    st.wizards[giver].hand.remove(card)
    st.wizards[taker].hand.append(card)
    st.changed()
    one, two = st.colours[taker], st.colours[giver]
    say(st, "take-card", rule, f"{one} takes a card from {two}'s hand.",
        f"{one} toma una carta de la mano de {two}.", seat=taker, giver=giver)
    say(st, "card-taken", rule, f"{one} takes {st.keys[card]} from {two}.",
        f"{one} toma {st.keys[card]} de {two}.", visible_to=frozenset({giver, taker}))


def discard_card(st: WizWarState, seat: int, card: int, rule: str = "WW-6.1") -> None:
    """A card leaves the hand for the discard pile (public)."""
    st.wizards[seat].hand.remove(card)
    st.discard.append(card)
    st.changed()
    say(st, "discard", rule, f"{st.colours[seat]} discards {st.keys[card]}.",
        f"{st.colours[seat]} descarta {st.keys[card]}.", seat=seat, card=st.keys[card])


def end_spell(st: WizWarState, spell: SpellInPlay, rule: str = "WW-X16") -> None:
    """A lasting spell ends: its card goes to the discard pile; spells aimed at it end too."""
    if spell not in st.spells:
        return
    st.spells.remove(spell)
    st.discard.append(spell.card)
    st.changed()
    say(st, "spell-ends", rule, f"{spell.key} of {st.colours[spell.caster]} ends.",
        f"Termina {spell.key} de {st.colours[spell.caster]}.")
    st.script_of(spell.key).on_end(st, spell)
    name = spell_notation(st, spell)
    for other in [s for s in st.spells if name in s.targets]:
        end_spell(st, other, rule)


# ---- attacks, trigger windows, energy (WW-X8, WW-X9, WW-X17, WW-X18) -------------------------
# Casts that have no card: a punch (`verb` punch) and trigger events (`verb` trigger, e.g. a
# treasure picked up). Their keys name these pseudo cards, so `st.cards[cast.key]` always works.
ACTION_CARDS: dict[str, Card] = {
    "punch": Card("punch", Text("Punch", "Puñetazo"), "none", (), ("attack",), "adjacent",
                  ("wizard", "edge", "object"), 0, "instant", frozenset({"mundane"}), "punch",
                  Text("The card-less attack (WW-X8).", "El ataque sin carta (WW-X8).")),
    "pickup": Card("pickup", Text("Treasure picked up", "Tesoro recogido"), "none", (), (),
                   "caster", ("treasure",), 0, "instant", frozenset({"mundane"}), "pickup",
                   Text("A wizard picked up a treasure (WW-X14).",
                        "Un mago recogió un tesoro (WW-X14).")),
}


def cast_card(st: WizWarState, cast: Cast) -> Card | None:
    """The card a cast plays; None for a punch or a trigger (no card: `cast.card` is -1)."""
    return None if cast.card < 0 else st.cards[cast.key]


def is_attack(st: WizWarState, cast: Cast) -> bool:
    """Whether a cast is an attack: a punch (WW-X8), an attack item used (WW-X9) or an attack
    card played (WW-7.4)."""
    if cast.verb == "punch":
        return True
    card = cast_card(st, cast)
    if card is None:
        return False
    if cast.verb == "use":
        return st.script_of(card.key).use_is_attack
    return cast.verb == "play" and card.is_a("attack")


def attacked_by(st: WizWarState, cast: Cast, seat: int) -> bool:
    """Whether `cast` is an attack, still waiting, that targets or affects `seat`'s wizard: he
    is a target, or stands on a target square or in a target sector (WW-X18 attack windows)."""
    if seat == cast.seat or cast.countered or not st.wizards[seat].alive \
            or not is_attack(st, cast):
        return False
    here = st.wizards[seat].square
    for text in cast.targets:
        t = read_target(st, text)
        if t is None:
            continue
        if t.kind == "wizard" and t.seat == seat:
            return True
        if t.kind in ("square", "sector") and here in (target_squares(t, st) or []):
            return True
    return False


def open_window(st: WizWarState, cast: Cast, asked: Iterable[int]) -> None:
    """Put `cast` on the cast stack and ask the seats `asked`, in order, whether they answer it
    (WW-X18). It resolves when the window closes (`rules.casting.resolve_top`)."""
    from grimorio.games.wiz_war.decisions import CounterWindow
    seats = tuple(asked)
    st.casts.append(cast)
    st.changed()
    if seats:
        st.stack.push(CounterWindow(seats[0], cast.cid, seats[1:]))


def may_answer(st: WizWarState, seat: int, cast: Cast) -> bool:
    """Whether `seat` holds a counter (in hand, or a carried counter item) that may answer
    `cast` now: the windows of card-less casts and item attacks ask only such players."""
    wiz = st.wizards[seat]
    for instance in (*wiz.hand, *wiz.items):
        card = st.card_of(instance)
        if card.is_a("counter") and not (card.is_a("item") and instance in wiz.hand) \
                and st.script_of(card.key).answers(st, seat, cast):
            return True
    return False


def end_with_cast(st: WizWarState, cid: int) -> None:
    """Spells that last only while one cast resolves (`data["until_cast"]`, e.g. Shield, Wall of
    Earth) end once that cast is over, resolved or countered (WW-X18)."""
    for spell in [s for s in st.spells if s.data.get("until_cast") == cid]:
        end_spell(st, spell, "WW-X18")


def card_energy(st: WizWarState, seat: int, instance: int) -> int:
    """The energy a card is worth when `seat` spends it on a boost or a spell: its printed
    energy changed by `card_energy` hooks (Powerstone: +1, WW-X17); 0 cannot be spent."""
    value = st.card_of(instance).energy
    if value <= 0:
        return value
    for script, holder in fold(st, "card_energy"):
        value = script.card_energy(st, holder, seat, value)
    return value


def counter_cast(st: WizWarState, cid: int, rule: str = "WW-7.6") -> bool:
    """Cancel the cast `cid` still waiting to resolve (a counter's effect). Returns success."""
    return st.mark_countered(cid, rule)


def take_cast(st: WizWarState, cid: int, seat: int, rule: str = "WW-7.6") -> bool:
    """Cancel the cast `cid` still waiting to resolve and put its card in `seat`'s hand instead
    of the discard pile (Absorb Spell); the cards spent on it stay discarded. A hand over its
    limit is then discarded down (WW-6.5). Returns success."""
    cast = next((c for c in st.casts if c.cid == cid and not c.countered), None)
    if cast is None:
        return False
    st.casts.remove(cast)
    st.wizards[seat].hand.append(cast.card)
    st.changed()
    say(st, "absorbed", rule, f"{cast.key} is cancelled; {st.colours[seat]} takes the card.",
        f"{cast.key} queda cancelada; {st.colours[seat]} se queda la carta.", card=cast.key)
    return True


def roll_d4(st: WizWarState, en: str, es: str, rule: str = "WW-X19") -> int:
    """Roll the d4 (a card's "roll a die", WW-X19); scripted in tests with `sc.dice`."""
    return st.roll(1, Text(en, es), rule, sides=4)[0]


def random_direction(st: WizWarState, rule: str = "WW-X19") -> int:
    """A random direction: the d4 gives 1 N, 2 E, 3 S, 4 W (WW-X19); returns 0..3."""
    return roll_d4(st, "Random direction", "Dirección aleatoria", rule) - 1


def rotate_sector(st: WizWarState, index: int, quarters: int, rule: str) -> None:
    """Turn a sector in place; wizards, objects and treasures on it turn with it."""
    moved = st.board.rotate_sector(index, quarters % 4)
    for wiz in st.wizards:
        if wiz.square in moved:
            wiz.square = moved[wiz.square]
    for obj in st.objects:
        if obj.square in moved:
            obj.square = moved[obj.square]
    for treasure in st.treasures:
        if treasure.square is not None and treasure.square in moved:
            treasure.square = moved[treasure.square]
    st.turn.unlocked = ()
    st.changed()
    colour = st.board.sectors[index].colour
    say(st, "rotate", rule, f"The {colour} sector turns {quarters % 4} quarter(s) clockwise.",
        f"El sector {colour} gira {quarters % 4} cuarto(s) en sentido horario.")


def ask(st: WizWarState, seat: int, ctx: Ctx, tag: str, options: Iterable[str]) -> None:
    """Ask `seat` a question for this card (`choose <option>`); the answer goes to the card's
    `on_choice(st, ctx, tag, option)` (ctx rebuilt from the spell in play or the cast)."""
    ref = ctx.spell.sid if ctx.spell is not None else ctx.instance
    st.stack.push(Choice(seat, ctx.card.key, ref, tag, tuple(options)))
    st.pending_ctx[ref] = ctx


# ---- candidates for menus --------------------------------------------------------------------
def default_candidates(st: WizWarState, ctx: Ctx,
                       slots: tuple[frozenset[str], ...]) -> list[tuple[str, ...]]:
    """Every combination of targets of the slots' kinds within the card's range (capped)."""
    per_slot = [list(islice(targets_in_range(st, ctx, kinds), CANDIDATE_CAP)) for kinds in slots]
    return list(islice(product(*per_slot), 4 * CANDIDATE_CAP))


def targets_in_range(st: WizWarState, ctx: Ctx, kinds: frozenset[str]) -> Iterator[str]:
    """Target notations of these kinds that are within `ctx.card`'s range of the caster."""
    seat, rng = ctx.seat, ctx.card.range
    corner = st.turn.corner and st.active == seat
    origin = cast_origin(st, seat, ctx.card)
    # Cards of one hand share ranges and target kinds: the list is made once per position.
    return iter(st.memo(("in-range", seat, rng, kinds, corner, origin),
                        lambda: tuple(_in_range(st, seat, rng, kinds, corner, origin))))


def _in_range(st: WizWarState, seat: int, rng: str, kinds: frozenset[str], corner: bool,
              origin: int | None) -> Iterator[str]:
    # Squares and edges come last, named from the squares the wizard sees (`all_targets`):
    # each is within LOS range when that is measured from him, and needs no check then.
    seen = rng in ("los", "anywhere") and origin is None
    for text in all_targets(st, seat, kinds - _NEAR if seen else kinds):
        t = read_target(st, text)
        if t is not None and in_range(st, seat, rng, t, corner, origin):
            yield text
    if seen:
        yield from all_targets(st, seat, kinds & _NEAR)


_NEAR = frozenset({"square", "edge"})


def all_targets(st: WizWarState, seat: int, kinds: frozenset[str]) -> Iterator[str]:
    """Every target of these kinds on the board now (before range)."""
    board = st.board
    if "wizard" in kinds:
        yield from (w.colour for w in st.wizards if w.alive and w.seat != seat)
    if "object" in kinds:
        yield from (object_notation(st, o) for o in st.objects)
    if "spell" in kinds:
        yield from (spell_notation(st, s) for s in st.spells)
    if "sector" in kinds:
        yield from (f"sector:{p.colour}" for p in board.sectors)
    if "treasure" in kinds:
        yield from (f"treasure:{t.name}" for t in st.treasures if not t.scored)
    if "square" in kinds:
        yield from (board.square_name(sq) for sq in st.visible_from(st.wizards[seat].square))
    if "edge" in kinds:
        yield from _edges_near(st, seat)


def _edges_near(st: WizWarState, seat: int) -> Iterator[str]:
    """Edges around the squares the wizard sees (nearest first), outer walls left out."""
    seen: set[str] = set()
    for sq in st.visible_from(st.wizards[seat].square):
        for name in _square_edges(st, sq):
            if name not in seen:
                seen.add(name)
                yield name


def _square_edges(st: WizWarState, sq: int) -> tuple[str, ...]:
    """The canonical names of a square's inner edges (cached per board geometry)."""
    key = f"#edges{sq}"
    names: tuple[str, ...] | None = st.names.get(key)
    if names is None:
        board = st.board
        names = st.names[key] = tuple(board.edge_name(sq, d) for d in range(4)
                                      if board.beyond(sq, d) is not None)
    return names
