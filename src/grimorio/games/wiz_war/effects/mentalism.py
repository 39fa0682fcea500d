"""The mentalism school (WW-2.7). Behaviour in our own words:

* astral-projection: names an empty square at most 3 orthogonal steps away (walls and objects
  ignored); the caster's next LOS or adjacent spell this turn measures its range from there.
* brain-burn: attack; the target first throws away any hand cards and ends any of his spells
  he likes (his own choices), then takes 1 magical damage per hand card and spell he kept.
* meditate: draw 3 cards; the engine then makes the caster discard down to his hand limit.
* mental-force: attack; the caster walks the target along `path=<n|e|s|w...>`, at most the
  spell's energy + 3 steps, each step one the target could take himself.
* powerthrust: attack; magical damage equal to the spell's energy + 2 to a wizard, an object,
  a wall or a door.
* psychic-storm: attack; a square in LOS and its four neighbours (through walls, never
  through portals) are struck: every wizard there, the caster too, takes the spell's energy in
  magical damage, which cannot be evaded.
* share-life: the caster's and another wizard's life are added and split evenly, the odd
  point to the caster.
* shatter: temporary; while it lasts, each point of damage the caster deals to walls, doors
  and objects gives a crack (the `crack_per_point` hook, WW-X7).
* thought-steal: the caster alone sees another wizard's hand and takes up to 2 cards from it;
  the engine then makes him discard down to his hand limit.

Hands are secret (WW-2.9): the questions these cards ask name hand cards by their place in the
owner's sorted hand (`choose 2`), never by key, because pending decisions are public.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from itertools import combinations
from typing import TYPE_CHECKING, ClassVar

from grimorio.core.errors import IllegalAction
from grimorio.games.wiz_war.effects import vocab
from grimorio.games.wiz_war.effects.registry import Ctx, Holder, Script, register
from grimorio.games.wiz_war.effects.vocab import DIRS, refuse
from grimorio.games.wiz_war.model import MAX_LIFE

if TYPE_CHECKING:
    from grimorio.games.wiz_war.state import WizWarState

WIZARD = frozenset({"wizard"})
SQUARE = frozenset({"square"})
HITTABLE = frozenset({"wizard", "object", "edge"})
DONE = "done"
NONE = "none"
PROJECTION_STEPS = 3
FORCE_BASE = 3
STEAL_MAX = 2


def _colour(st: WizWarState, seat: int) -> str:
    return st.colours[seat]


def hand_order(st: WizWarState, seat: int) -> list[int]:
    """The seat's hand cards in the order his view lists them (by key, then instance): the
    numbers `choose` answers use."""
    return sorted(st.wizards[seat].hand, key=lambda c: (st.keys[c], c))


def _not_self(ctx: Ctx, en: str, es: str) -> IllegalAction | None:
    if ctx.targets[0].seat == ctx.seat:
        return refuse(en, es, "WW-7.3")
    return None


def _enemies(st: WizWarState, ctx: Ctx) -> list[str]:
    return list(vocab.targets_in_range(st, ctx, WIZARD))


# ---- Astral Projection -------------------------------------------------------------------------
def within_steps(st: WizWarState, start: int, steps: int) -> dict[int, int]:
    """Squares at most `steps` orthogonal steps from `start`, walls and objects ignored
    (portals followed), with their distance."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        sq = queue.popleft()
        if seen[sq] == steps:
            continue
        for _d, nxt in st.board.neighbours(sq):
            if nxt not in seen:
                seen[nxt] = seen[sq] + 1
                queue.append(nxt)
    return seen


@register("astral-projection")
class AstralProjection(Script):
    """Pick an empty square within 3 steps; the caster's next LOS or adjacent spell this turn
    is cast as if he stood there (range and LOS from that square, WW-9.3, WW-9.4)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (SQUARE,)
    ranged: ClassVar[bool] = False

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        # Offer squares that would bring an enemy wizard into view.
        own = st.wizards[ctx.seat].square
        hidden = {w.square for w in st.wizards
                  if w.alive and w.seat != ctx.seat} - st.visible_from(own)
        out: list[tuple[str, ...]] = []
        if not hidden:                 # every enemy is in view already (LOS is costly to trace)
            return out
        for sq in sorted(within_steps(st, own, PROJECTION_STEPS)):
            if vocab.is_empty(st, sq) and not hidden.isdisjoint(st.visible_from(sq)):
                out.append((st.board.square_name(sq),))
                if len(out) == vocab.CANDIDATE_CAP:
                    break
        return out

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        sq = ctx.targets[0].square
        if st.turn.origin is not None:
            return refuse("An Astral Projection already waits for your next spell.",
                          "Ya hay una proyección astral esperando a tu próximo hechizo.",
                          "WW-9.1")
        if sq not in within_steps(st, st.wizards[ctx.seat].square, PROJECTION_STEPS):
            return refuse("Project to a square at most 3 steps away (walls ignored).",
                          "Proyéctate a una casilla a 3 pasos o menos (sin contar muros).",
                          "WW-9.1")
        if not vocab.is_empty(st, sq):
            return refuse(f"{ctx.raw[0]} is not empty.", f"{ctx.raw[0]} no está vacía.",
                          "WW-10.9")
        return None

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        if st.active != ctx.seat:
            return
        st.turn.origin = ctx.targets[0].square
        vocab.say(st, "projection", "WW-9.1",
                  f"{_colour(st, ctx.seat)}'s next spell is cast from {ctx.raw[0]}.",
                  f"El próximo hechizo de {_colour(st, ctx.seat)} se lanza desde {ctx.raw[0]}.",
                  seat=ctx.seat)


# ---- Brain Burn -----------------------------------------------------------------------------
@register("brain-burn")
class BrainBurn(Script):
    """The target sheds what he likes (hand cards by number, his spells by name, then `done`);
    what he keeps burns him: 1 magical damage per hand card and spell in play (not items)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (WIZARD,)

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        return ((c,) for c in _enemies(st, ctx))

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        self._ask(st, ctx)

    def on_choice(self, st: WizWarState, ctx: Ctx, tag: str, option: str) -> None:
        victim = ctx.targets[0].seat
        if option == DONE:
            self._burn(st, ctx)
            return
        if option.startswith("spell:"):
            key = option.partition(":")[2]
            spells = [s for s in st.spells if s.caster == victim and s.key == key]
            if spells:
                vocab.end_spell(st, min(spells, key=lambda s: s.sid), "WW-X16")
        else:
            hand = hand_order(st, victim)
            vocab.discard_card(st, victim, hand[int(option) - 1], "WW-7.4")
        self._ask(st, ctx)

    def _ask(self, st: WizWarState, ctx: Ctx) -> None:
        victim = ctx.targets[0].seat
        if not st.wizards[victim].alive:
            return
        spells = sorted({f"spell:{s.key}" for s in st.spells if s.caster == victim})
        shed = [str(i) for i in range(1, len(st.wizards[victim].hand) + 1)] + spells
        if not shed:
            self._burn(st, ctx)
            return
        vocab.ask(st, victim, ctx, "shed", [*shed, DONE])

    def _burn(self, st: WizWarState, ctx: Ctx) -> None:
        victim = ctx.targets[0].seat
        kept = len(st.wizards[victim].hand) + sum(1 for s in st.spells if s.caster == victim)
        vocab.say(st, "brain-burn", "WW-7.4",
                  f"{_colour(st, victim)} keeps {kept} card(s) and spell(s).",
                  f"{_colour(st, victim)} conserva {kept} carta(s) y hechizo(s).", seat=victim)
        vocab.damage(st, vocab.Damage(victim, kept, "magical", frozenset(), ctx.seat,
                                      ctx.card.key, attack=True))


# ---- Meditate -------------------------------------------------------------------------------
@register("meditate")
class Meditate(Script):
    """Draw 3 cards; the engine then asks for discards down to the hand limit (WW-6.5). The
    turn goes on."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = ()

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        vocab.draw(st, ctx.seat, 3, "WW-6.2")


# ---- Mental Force ---------------------------------------------------------------------------
def force_step(st: WizWarState, seat: int, sq: int, d: int) -> IllegalAction | None:
    """Why `seat`'s wizard, standing in `sq`, could not step in direction `d` by his own
    movement rules (walls WW-X3, doors WW-X4, objects WW-X21). A door the active player
    unlocked for his own passage stays locked for someone else."""
    reason = vocab.edge_blocks(st, seat, sq, d)
    if reason is not None:
        return reason
    edge = st.board.peek_edge(sq, d)
    if (seat != st.active and edge is not None and edge.kind == "door"
            and edge.colour != st.colours[seat] and st.door_unlocked(sq, d)
            and not any(s.can_pass_edge(st, h, seat, sq, d)
                        for s, h in vocab.fold(st, "can_pass_edge"))):
        return refuse("That door is locked for him.", "Esa puerta está cerrada para él.",
                      "WW-X4")
    beyond = st.board.beyond(sq, d)
    assert beyond is not None
    if not vocab.can_enter(st, seat, beyond):
        return refuse("Something in that square blocks the way.",
                      "Algo en esa casilla cierra el paso.", "WW-X21")
    return None


def force_paths(st: WizWarState, seat: int, steps: int) -> dict[int, str]:
    """A shortest legal path (letters) to every square the wizard could be walked to."""
    start = st.wizards[seat].square
    paths = {start: ""}
    queue = deque([start])
    while queue:
        sq = queue.popleft()
        if len(paths[sq]) == steps:
            continue
        for d in range(4):
            beyond = st.board.beyond(sq, d)
            if beyond is None or beyond in paths or force_step(st, seat, sq, d) is not None:
                continue
            paths[beyond] = paths[sq] + DIRS[d]
            queue.append(beyond)
    return paths


@register("mental-force")
class MentalForce(Script):
    """Walk the target up to energy + 3 steps along `path=` (the caster's choice); every step
    must be one he could take himself. Entering effects happen; his MP are untouched."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (WIZARD,)
    options: ClassVar[dict[str, tuple[str, ...]]] = {"path": ()}     # free-form, see check

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        # The farthest places first (each with one path), a few per target.
        for colour in _enemies(st, ctx):
            seat = st.colours.index(colour)
            paths = sorted((p for p in force_paths(st, seat, FORCE_BASE).values() if p),
                           key=lambda p: (-len(p), p))
            yield from ((colour, f"path={p}") for p in paths[:4])

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        path = ctx.option("path")
        if not path or any(c not in DIRS for c in path):
            return refuse("Give his path as path= and letters n, e, s, w (e.g. path=nnes).",
                          "Indica su camino con path= y las letras n, e, s, w (p. ej. "
                          "path=nnes).", "WW-7.3")
        most = ctx.energy + FORCE_BASE
        if len(path) > most:
            return refuse(f"Mental Force moves him at most {most} squares (energy + 3).",
                          f"Fuerza mental lo mueve {most} casillas como mucho (energía + 3).",
                          "WW-X17")
        seat = ctx.targets[0].seat
        sq = st.wizards[seat].square
        for i, letter in enumerate(path, 1):
            d = DIRS.index(letter)
            reason = force_step(st, seat, sq, d)
            if reason is not None:
                return refuse(f"Step {i} ({letter}): {reason.text.get('en')}",
                              f"Paso {i} ({letter}): {reason.text.get('es')}",
                              reason.rule or "WW-X2")
            beyond = st.board.beyond(sq, d)
            assert beyond is not None
            sq = beyond
        return None

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        seat = ctx.targets[0].seat
        for letter in ctx.option("path"):
            wiz = st.wizards[seat]
            if not wiz.alive or st.over:
                return
            d = DIRS.index(letter)
            if force_step(st, seat, wiz.square, d) is not None:
                vocab.say(st, "force-stops", "WW-X2", f"{wiz.colour} can go no farther.",
                          f"{wiz.colour} no puede seguir.", seat=seat)
                return
            beyond = st.board.beyond(wiz.square, d)
            assert beyond is not None
            rule = "WW-X6" if st.board.through_portal(wiz.square, d) else "WW-X2"
            vocab.move_wizard(st, seat, beyond, rule, side=d)


# ---- Powerthrust ----------------------------------------------------------------------------
@register("powerthrust")
class Powerthrust(Script):
    """A telekinetic blow: energy + 2 magical damage to a wizard, an object, a wall or a door
    (cracks as WW-X7 says)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (HITTABLE,)
    uses_energy: ClassVar[bool] = True

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        return ((c,) for c in _enemies(st, ctx))

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        vocab.strike(st, ctx.seat, ctx.targets[0], ctx.energy + 2, "magical",
                     card=ctx.card.key)


# ---- Psychic Storm --------------------------------------------------------------------------
def storm_area(st: WizWarState, sq: int) -> list[int]:
    """The square and its four neighbours, walls ignored, portals and the border not crossed."""
    board = st.board
    return [sq, *(b for d, b in board.neighbours(sq) if not board.through_portal(sq, d))]


@register("psychic-storm")
class PsychicStorm(Script):
    """Every wizard in the storm (the caster too) takes the energy in magical damage; it
    cannot be evaded. Others are struck first, in turn order from the caster's left, the
    caster last."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (SQUARE,)
    uses_energy: ClassVar[bool] = True

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        # Squares whose storm catches an enemy: those sparing the caster first.
        own = st.wizards[ctx.seat].square
        enemies = {w.square for w in st.wizards if w.alive and w.seat != ctx.seat}
        found: list[tuple[bool, str]] = []
        for name in vocab.targets_in_range(st, ctx, SQUARE):
            area = storm_area(st, vocab.parse_square(st, name))
            if enemies.intersection(area):
                found.append((own in area, name))
        return [(name,) for _mine, name in sorted(found)[:vocab.CANDIDATE_CAP]]

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        if ctx.energy <= 0:
            return refuse("Psychic Storm deals its energy in damage: boost it with a card.",
                          "Tormenta psíquica hace tanto daño como su energía: poténciala.",
                          "WW-X17")
        return None

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        area = set(storm_area(st, ctx.targets[0].square))
        n = len(st.wizards)
        order = [(ctx.seat + i) % n for i in range(1, n + 1)]
        for seat in order:
            wiz = st.wizards[seat]
            if st.over:
                return
            if wiz.alive and wiz.square in area:
                vocab.damage(st, vocab.Damage(seat, ctx.energy, "magical", frozenset(),
                                              ctx.seat, ctx.card.key, attack=False))


# ---- Share Life -----------------------------------------------------------------------------
@register("share-life")
class ShareLife(Script):
    """Pool the caster's and the target's life and split it; the odd point is the caster's.
    Not an attack, not damage: shields and evasion do not apply (WW-X10)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (WIZARD,)

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        mine = st.wizards[ctx.seat].life
        for colour in _enemies(st, ctx):
            if st.wizards[st.colours.index(colour)].life > mine + 1:
                yield (colour,)

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        return _not_self(ctx, "Share your life with another wizard.",
                         "Comparte tu vida con otro mago.")

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        other = ctx.targets[0].seat
        total = st.wizards[ctx.seat].life + st.wizards[other].life
        vocab.say(st, "share-life", "WW-X10",
                  f"{_colour(st, ctx.seat)} and {_colour(st, other)} share {total} life.",
                  f"{_colour(st, ctx.seat)} y {_colour(st, other)} se reparten {total} de vida.")
        for seat, share in ((ctx.seat, (total + 1) // 2), (other, total // 2)):
            change = min(MAX_LIFE, share) - st.wizards[seat].life
            if change > 0:
                vocab.heal(st, seat, change, "WW-X10")
            elif change < 0:
                vocab.lose_life(st, seat, -change, "WW-X10")


# ---- Shatter --------------------------------------------------------------------------------
@register("shatter")
class Shatter(Script):
    """Temporary: while it lasts, the caster's damage to walls, doors and objects cracks them
    once per point instead of once per 3 (WW-X7)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = ()
    uses_energy: ClassVar[bool] = True

    def crack_per_point(self, st: WizWarState, h: Holder, seat: int, value: bool) -> bool:
        return value or h.seat == seat


# ---- Thought Steal --------------------------------------------------------------------------
def steal_options(size: int) -> list[str]:
    """`none`, each place in the hand, each pair of places (`1,3`)."""
    places = [str(i) for i in range(1, size + 1)]
    pairs = [f"{a},{b}" for a, b in combinations(places, STEAL_MAX)]
    return [NONE, *places, *pairs]


def _listing(st: WizWarState, cards: list[int]) -> str:
    return ", ".join(f"{i} {st.keys[c]}" for i, c in enumerate(cards, 1))


@register("thought-steal")
class ThoughtSteal(Script):
    """The caster alone sees the target's hand (a log line only he may read, WW-2.9) and
    takes up to 2 of its cards by their places (`choose 1,3`); items and spells in play are
    out of reach. The engine then asks him to discard down to his limit (WW-6.5)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (WIZARD,)

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterator[tuple[str, ...]]:
        for colour in _enemies(st, ctx):
            if st.wizards[st.colours.index(colour)].hand:
                yield (colour,)

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        return _not_self(ctx, "Steal from another wizard's hand.",
                         "Roba de la mano de otro mago.")

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        victim = ctx.targets[0].seat
        cards = hand_order(st, victim)
        thief, owner = _colour(st, ctx.seat), _colour(st, victim)
        vocab.say(st, "hand-seen", "WW-2.9", f"{thief} looks at {owner}'s hand.",
                  f"{thief} mira la mano de {owner}.", seat=ctx.seat)
        if not cards:
            return
        st.reveal()
        if not st.quiet:
            text = _listing(st, cards)
            vocab.say(st, "hand-shown", "WW-2.9", f"{owner}'s hand: {text}.",
                      f"Mano de {owner}: {text}.", visible_to=frozenset({ctx.seat}))
        vocab.ask(st, ctx.seat, ctx, "steal", steal_options(len(cards)))

    def on_choice(self, st: WizWarState, ctx: Ctx, tag: str, option: str) -> None:
        if option == NONE:
            return
        victim = ctx.targets[0].seat
        cards = hand_order(st, victim)
        for place in option.split(","):
            vocab.take_card(st, cards[int(place) - 1], victim, ctx.seat, "WW-2.9")
