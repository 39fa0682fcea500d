"""The thaumaturgy school. Behaviour in our own words:

* anti-anti: counter; cancels a counter spell played against one of your spells. No counter
  window opens for it, so nothing cancels it (`Script.uncounterable`).
* backlash: counter; cancels an attack spell aimed at you as it is cast, and its caster takes
  magical damage equal to that spell's energy (not an attack, never evaded).
* globe-of-pain: attack; magical damage equal to its energy to a wizard the globe can reach in
  at most 6 steps (corners allowed, walls, locked doors and movement blockers not), no LOS.
* gravity: global, temporary; every wizard drops his carried items and treasures at once, and
  nobody picks anything up while it lasts.
* master-key: item; `use master-key <door>` opens a door in LOS for the carrier's next passage
  this turn (the engine's one-passage openings, as Pick Lock), as often as he likes.
* pass-through-wall: a wall in LOS may be crossed once this turn as if it were open.
* seal-door: maintained; a door in LOS is sealed: it opens for no one while the spell lasts.
* slow-death: temporary attack (curse); the target takes 1 magical damage per card he draws.
* wizardblade: item, weapon; `use wizardblade <target> energy=N` discards a hand card of energy
  value N for N magical damage (1 crack per point against walls, doors and objects).
* yoink: attack; take one carried item (never a treasure) from a wizard in LOS.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, ClassVar

from grimorio.core.errors import IllegalAction
from grimorio.games.wiz_war.effects import vocab
from grimorio.games.wiz_war.effects.registry import Ctx, Holder, Script, register
from grimorio.games.wiz_war.effects.vocab import Damage, refuse

if TYPE_CHECKING:
    from grimorio.games.wiz_war.model import Cast, SpellInPlay
    from grimorio.games.wiz_war.state import WizWarState

WIZARD = frozenset({"wizard"})
EDGE = frozenset({"edge"})
HITTABLE = frozenset({"wizard", "object", "edge"})
GLOBE_STEPS = 6
# What Pass Through Wall may cross. A Wall of Fire never blocks a step (it burns whoever
# crosses it, see elemental.py), so opening it once would change nothing: it is left out.
WALL_KINDS = frozenset({"wall", "earth"})


def _pending_spell_cast(st: WizWarState, cid: int | None, seat: int) -> bool:
    """Whether cast `cid` waits to resolve, uncountered, and was cast by `seat`."""
    return any(c.cid == cid and c.seat == seat and not c.countered for c in st.casts)


# ---- counters --------------------------------------------------------------------------------
@register("anti-anti")
class AntiAnti(Script):
    """Counter: cancels a counter spell that answers one of the holder's own casts. It opens no
    counter window of its own, so it cannot be cancelled (the card's reading, WW-X18)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = ()
    uncounterable: ClassVar[bool] = True

    def answers(self, st: WizWarState, seat: int, cast: Cast) -> bool:
        return (cast.verb == "counter" and cast.seat != seat
                and _pending_spell_cast(st, cast.answers, seat))

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        if ctx.answering is not None and vocab.counter_cast(st, ctx.answering.cid):
            vocab.say(st, "anti-anti", "WW-7.6",
                      f"{ctx.answering.key} is cancelled by Anti-Anti.",
                      f"Anti-Anti cancela {ctx.answering.key}.")


@register("backlash")
class Backlash(Script):
    """Counter: an attack spell aimed at the holder is cancelled and its caster takes magical
    damage equal to that spell's energy (not an attack: never evaded; a kill scores, WW-X11)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = ()

    def answers(self, st: WizWarState, seat: int, cast: Cast) -> bool:
        card = st.cards[cast.key]
        return (cast.seat != seat and card.is_a("attack") and card.is_spell
                and not card.mundane and st.colours[seat] in cast.targets)

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        cast = ctx.answering
        if cast is None or not vocab.counter_cast(st, cast.cid):
            return
        vocab.say(st, "backlash", "WW-7.6",
                  f"{cast.key} recoils on {st.colours[cast.seat]} ({cast.energy} energy).",
                  f"{cast.key} se vuelve contra {st.colours[cast.seat]} "
                  f"({cast.energy} de energía).")
        vocab.damage(st, Damage(cast.seat, cast.energy, "magical", frozenset(), ctx.seat,
                                ctx.card.key, attack=False))


# ---- attacks ---------------------------------------------------------------------------------
def flight_steps(st: WizWarState, seat: int, limit: int = GLOBE_STEPS) -> dict[int, int]:
    """Squares a flying thing sent by `seat` reaches in at most `limit` steps, with the steps
    needed: a BFS over the steps the caster could take (walls, doors locked for him and
    movement-stopping objects block; other objects and wizards do not; portals count)."""
    start = st.wizards[seat].square
    steps = {start: 0}
    frontier = [start]
    for n in range(1, limit + 1):
        found: list[int] = []
        for sq in frontier:
            for d in range(4):
                beyond = st.board.beyond(sq, d)
                if beyond is None or beyond in steps:
                    continue
                if vocab.edge_blocks(st, seat, sq, d) is not None \
                        or not vocab.can_enter(st, seat, beyond):
                    continue
                steps[beyond] = n
                found.append(beyond)
        frontier = found
    return steps


@register("globe-of-pain")
class GlobeOfPain(Script):
    """Attack: magical damage equal to its energy to one wizard within 6 steps of flight; the
    globe turns corners, so no LOS is needed (the card's own range, WW-9.1)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (WIZARD,)
    uses_energy: ClassVar[bool] = True

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        reach = flight_steps(st, ctx.seat)
        return ((w.colour,) for w in st.wizards
                if w.alive and w.seat != ctx.seat and w.square in reach)

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        target = ctx.targets[0]
        if target.square not in flight_steps(st, ctx.seat):
            return refuse(f"The globe cannot reach {target.name} in {GLOBE_STEPS} steps.",
                          f"El globo no llega a {target.name} en {GLOBE_STEPS} pasos.",
                          "WW-9.1")
        if ctx.energy <= 0:
            return refuse("The globe deals its energy in damage: boost it with a card.",
                          "El globo hace tanto daño como su energía: poténcialo con una carta.",
                          "WW-X17")
        return None

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        target = ctx.targets[0]
        if target.square not in flight_steps(st, ctx.seat):
            vocab.say(st, "fizzle", "WW-9.1", "The globe no longer reaches its target.",
                      "El globo ya no alcanza a su objetivo.")
            return
        vocab.strike(st, ctx.seat, target, ctx.energy, "magical", card=ctx.card.key)


@register("slow-death")
class SlowDeath(Script):
    """Temporary attack (a curse): while it lasts the target wizard takes 1 magical damage for
    every card he draws. That damage is lingering: no attack, no kill credit (WW-X11)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (WIZARD,)
    uses_energy: ClassVar[bool] = True

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        if ctx.targets[0].seat == ctx.seat:
            return refuse("Curse another wizard.", "Maldice a otro mago.", "WW-7.3")
        return None

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        name = ctx.targets[0].name
        vocab.say(st, "curse", "WW-X16", f"{name} is cursed with a slow death.",
                  f"{name} queda maldito con una muerte lenta.")

    def on_draw(self, st: WizWarState, h: Holder, seat: int, n: int) -> None:
        assert h.spell is not None
        if st.colours[seat] not in h.spell.targets:
            return
        for _ in range(n):                 # one dose per card drawn
            vocab.damage(st, Damage(seat, 1, "magical", frozenset(), None, "slow-death"))


@register("yoink")
class Yoink(Script):
    """Attack: take one carried item (never a treasure) from a wizard in LOS; it becomes one of
    the caster's carried items (he may then have to discard down, WW-6.5)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (WIZARD, frozenset({"item"}))

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        for colour in vocab.targets_in_range(st, ctx, WIZARD):
            wiz = st.wizards[st.colours.index(colour)]
            yield from ((colour, f"item:{k}") for k in sorted({st.keys[c] for c in wiz.items}))

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        who, thing = ctx.targets
        if who.seat == ctx.seat:
            return refuse("Take an item from another wizard.", "Quita un artículo a otro mago.",
                          "WW-7.3")
        if _carried(st, who.seat, thing.name) is None:
            return refuse(f"{who.name} does not carry {thing.name}.",
                          f"{who.name} no lleva {thing.name}.", "WW-7.3")
        return None

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        who, thing = ctx.targets
        card = _carried(st, who.seat, thing.name)
        if card is None:
            return
        vocab.say(st, "yoink", "WW-X15",
                  f"{st.colours[ctx.seat]} takes {st.keys[card]} from {who.name}.",
                  f"{st.colours[ctx.seat]} le quita {st.keys[card]} a {who.name}.")
        obj = vocab.drop_item(st, who.seat, card, rule="WW-X15")   # it changes hands
        vocab.pick_up_item(st, ctx.seat, obj, rule="WW-X15")


def _carried(st: WizWarState, seat: int, name: str) -> int | None:
    """The lowest carried item instance of `seat` named `item:<key>`."""
    found = sorted(c for c in st.wizards[seat].items if f"item:{st.keys[c]}" == name)
    return found[0] if found else None


# ---- neutral spells --------------------------------------------------------------------------
@register("gravity")
class Gravity(Script):
    """Global, temporary: every wizard drops what he carries (items become objects, WW-X15;
    treasures lie in his square, WW-X14); while it lasts nobody picks anything up."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = ()
    uses_energy: ClassVar[bool] = True

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        vocab.say(st, "gravity", "WW-X16", "Gravity grows heavy: everyone drops everything.",
                  "La gravedad aumenta: todos sueltan todo lo que llevan.")
        for wiz in st.wizards:
            if not wiz.alive:
                continue
            for index in list(wiz.treasures):
                vocab.drop_treasure(st, wiz.seat, index)
            for card in list(wiz.items):
                vocab.drop_item(st, wiz.seat, card)

    def can_pick_up(self, st: WizWarState, h: Holder, seat: int, thing: str) -> bool:
        return False


def _edge_at(st: WizWarState, ctx: Ctx) -> tuple[int, int]:
    t = ctx.targets[0]
    return t.square, t.side


def _door_reason(st: WizWarState, sq: int, d: int, name: str) -> IllegalAction | None:
    edge = st.board.peek_edge(sq, d)
    if edge is None or edge.kind != "door":
        return refuse(f"{name} is not a door.", f"{name} no es una puerta.", "WW-10.3")
    return None


def _doors_in_los(st: WizWarState, ctx: Ctx) -> Iterator[tuple[str, int, int]]:
    for name in vocab.targets_in_range(st, ctx, EDGE):
        sq, d = vocab.parse_edge(st, name)
        edge = st.board.peek_edge(sq, d)
        if edge is not None and edge.kind == "door" and not edge.sealed:
            yield name, sq, d


@register("pass-through-wall")
class PassThroughWall(Script):
    """A wall in LOS opens for one crossing by the caster this turn (1 MP as a step), as the
    engine's one-passage openings do for doors (WW-X4). Doors are not walls; the outer border
    has nothing beyond it."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (EDGE,)

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        own = st.wizards[ctx.seat].square
        for name in vocab.targets_in_range(st, ctx, EDGE):
            sq, d = vocab.parse_edge(st, name)
            edge = st.board.peek_edge(sq, d)
            beyond = st.board.beyond(sq, d)
            near = min(st.board.distance(own, sq), st.board.distance(own, beyond or sq))
            if edge is not None and edge.kind in WALL_KINDS and near < st.turn.mp:
                yield (name,)

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        sq, d = _edge_at(st, ctx)
        name = ctx.targets[0].name
        if st.board.beyond(sq, d) is None:
            return refuse("Nothing lies beyond the outer wall.",
                          "No hay nada más allá del muro exterior.", "WW-X3")
        edge = st.board.peek_edge(sq, d)
        if edge is None or edge.kind not in WALL_KINDS:
            return refuse(f"{name} holds no wall (doors are not walls).",
                          f"{name} no tiene muro (las puertas no son muros).", "WW-10.1")
        return None

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        if st.active == ctx.seat:
            st.turn.unlocked = (*st.turn.unlocked, _edge_at(st, ctx))
            st.changed()
        name = ctx.targets[0].name
        vocab.say(st, "unlock", "WW-X3", f"{name} may be crossed once this turn.",
                  f"{name} puede cruzarse una vez este turno.")


@register("seal-door")
class SealDoor(Script):
    """Maintained: a door in LOS is sealed; nobody opens or unlocks it (its owner neither) while
    the spell lasts (WW-X4). It can still be broken; ending the spell lifts the seal."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (EDGE,)

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        return ((name,) for name, _, _ in _doors_in_los(st, ctx))

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        sq, d = _edge_at(st, ctx)
        reason = _door_reason(st, sq, d, ctx.targets[0].name)
        if reason is not None:
            return reason
        edge = st.board.peek_edge(sq, d)
        if edge is not None and edge.sealed:
            return refuse("That door is already sealed.", "Esa puerta ya está sellada.",
                          "WW-X4")
        return None

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        sq, d = _edge_at(st, ctx)
        _set_seal(st, sq, d, True)
        if ctx.spell is not None:
            ctx.spell.data["edge"] = ctx.targets[0].name

    def on_end(self, st: WizWarState, spell: SpellInPlay) -> None:
        name = spell.data.get("edge")
        if isinstance(name, str):
            sq, d = st.board.parse_edge(name)
            _set_seal(st, sq, d, False)


def _set_seal(st: WizWarState, sq: int, d: int, sealed: bool) -> None:
    """Seal or unseal the door on an edge (nothing if the door is gone)."""
    edge = st.board.edge(sq, d)              # this board's own copy: safe to change
    if edge is None or edge.kind != "door" or edge.sealed == sealed:
        return
    edge.sealed = sealed
    st.changed()
    name = st.board.edge_name(sq, d)
    if sealed:
        vocab.say(st, "seal", "WW-X4", f"{name} is sealed.", f"{name} queda sellada.")
    else:
        vocab.say(st, "unseal", "WW-X16", f"The seal on {name} is lifted.",
                  f"Se levanta el sello de {name}.")


# ---- items -----------------------------------------------------------------------------------
@register("master-key")
class MasterKey(Script):
    """Item: `use master-key <door>` opens a door in LOS for the carrier's next passage this
    turn, as Pick Lock does (WW-X4); any number of times. Sealed doors stay shut. Using an
    item is no spell, so nothing counters it."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = ()
    use_slots: ClassVar[tuple[frozenset[str], ...]] = (EDGE,)

    def use_candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        mine = st.colours[ctx.seat]
        for name, sq, d in _doors_in_los(st, ctx):
            edge = st.board.peek_edge(sq, d)
            if edge is not None and edge.colour != mine and not st.door_unlocked(sq, d):
                yield (name,)

    def check_use(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        sq, d = _edge_at(st, ctx)
        reason = _door_reason(st, sq, d, ctx.targets[0].name)
        if reason is not None:
            return reason
        edge = st.board.peek_edge(sq, d)
        assert edge is not None
        if edge.sealed:
            return refuse("A sealed door opens for no one.", "Una puerta sellada no se abre.",
                          "WW-X4")
        if edge.colour == st.colours[ctx.seat]:
            return refuse("Your own doors already let you through.",
                          "Tus propias puertas ya te dejan pasar.", "WW-X4")
        if st.door_unlocked(sq, d):
            return refuse("That door is already open for your next passage.",
                          "Esa puerta ya está abierta para tu siguiente paso.", "WW-X4")
        return None

    def use(self, st: WizWarState, ctx: Ctx) -> None:
        st.turn.unlocked = (*st.turn.unlocked, _edge_at(st, ctx))
        st.changed()
        name = ctx.targets[0].name
        vocab.say(st, "unlock", "WW-X4", f"{name} is unlocked for one passage.",
                  f"{name} queda abierta para un paso.")


ENERGIES = tuple(str(n) for n in range(1, 7))


@register("wizardblade")
class Wizardblade(Script):
    """Item, weapon: as the turn's attack (WW-X9), discard a hand card with energy value N
    (`energy=N`; a plain energy card first, else the lowest copy) for N magical damage to a
    wizard, object, wall or door within reach; walls, doors and objects get 1 crack per point
    (WW-X7)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = ()
    use_slots: ClassVar[tuple[frozenset[str], ...]] = (HITTABLE,)
    use_is_attack: ClassVar[bool] = True
    use_options: ClassVar[dict[str, tuple[str, ...]]] = {"energy": ENERGIES}

    def use_candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        return ((c,) for c in vocab.targets_in_range(st, ctx, WIZARD))

    def check_use(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        if "energy" not in ctx.options:
            return refuse("Say which energy value you discard: energy=N.",
                          "Indica qué valor de energía descartas: energy=N.", "WW-7.8")
        if self._fuel(st, ctx) is None:
            return refuse(f"You hold no card of energy value {ctx.option('energy')}.",
                          f"No tienes ninguna carta de valor energético {ctx.option('energy')}.",
                          "WW-7.8")
        return None

    def use(self, st: WizWarState, ctx: Ctx) -> None:
        card = self._fuel(st, ctx)
        if card is None:                     # the card left the hand while answers were asked
            vocab.say(st, "fizzle", "WW-7.8", "The blade has no energy to channel.",
                      "La espada no tiene energía que canalizar.")
            return
        amount = st.card_of(card).energy
        vocab.discard_card(st, ctx.seat, card, "WW-7.8")
        target = ctx.targets[0]
        if target.kind == "wizard":
            vocab.damage(st, Damage(target.seat, amount, "magical", frozenset(), ctx.seat,
                                    ctx.card.key, attack=True))
        elif target.kind == "edge":
            vocab.crack_edge(st, target.square, target.side, amount, per_point=True)
        else:
            obj = vocab.find_object(st, target.index)
            if obj is not None:
                vocab.damage_object(st, obj, amount, per_point=True)

    @staticmethod
    def _fuel(st: WizWarState, ctx: Ctx) -> int | None:
        """The hand card spent: energy value `energy`, plain energy cards first."""
        want = int(ctx.option("energy", "0"))
        found = [c for c in st.wizards[ctx.seat].hand if st.card_of(c).energy == want]
        found.sort(key=lambda c: (st.card_of(c).types != ("energy",), c))
        return found[0] if found else None
