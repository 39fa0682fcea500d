"""The cantrip school (12 cards, in every deck: WW-2.7, WW-A25). Behaviour in our own words:

* drop-object: the target wizard drops one treasure or carried item the caster names.
* pick-lock: a door in LOS opens for the caster's next passage this turn (mundane).
* create-wall: a stone wall rises on an empty edge in LOS.
* rotate-sector: a sector in LOS turns 90° either way or 180° (`turn=1|2|3` quarters clockwise).
* zot: magical damage equal to the spell's energy (`mode=damage`), or 2 stun tokens
  (`mode=stun`), to a wizard (damage may also hit an object or a wall).
* full-shield: counter; cancels a spell aimed at its holder as it is cast.
* large-rock: item; thrown (an attack) for 2 physical damage, then lies in the target's square.
* dispel: ends a spell in play and the spells aimed at it.
* energy-6: energy only (no script: energy cards are spent, WW-7.7).
* destroy-wall: removes a wall or door (not an outer wall); wizards beside it take 2 physical
  damage (not an attack, never evaded).
* around-the-corner: the caster's next spell this turn may trace LOS around one corner.
* negate-neutral: counter; cancels a neutral spell as it is cast.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar

from grimorio.core.errors import IllegalAction
from grimorio.games.wiz_war.effects import vocab
from grimorio.games.wiz_war.effects.registry import Ctx, Script, register
from grimorio.games.wiz_war.effects.vocab import refuse

if TYPE_CHECKING:
    from grimorio.games.wiz_war.model import Cast, SpellInPlay
    from grimorio.games.wiz_war.state import WizWarState

WIZARD = frozenset({"wizard"})
EDGE = frozenset({"edge"})
HITTABLE = frozenset({"wizard", "object", "edge"})


@register("drop-object")
class DropObject(Script):
    """Target wizard, then the treasure or item he must drop."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (
        WIZARD, frozenset({"treasure", "item"}))

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        for colour in vocab.targets_in_range(st, ctx, WIZARD):
            wiz = st.wizards[st.colours.index(colour)]
            yield from ((colour, f"treasure:{st.treasures[i].name}") for i in wiz.treasures)
            yield from ((colour, f"item:{k}") for k in sorted({st.keys[c] for c in wiz.items}))

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        who, thing = ctx.targets
        wiz = st.wizards[who.seat]
        if thing.kind == "treasure" and thing.index in wiz.treasures:
            return None
        if thing.kind == "item" and any(f"item:{st.keys[c]}" == thing.name for c in wiz.items):
            return None
        return refuse(f"{who.name} does not carry {thing.name}.",
                      f"{who.name} no lleva {thing.name}.", "WW-7.3")

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        who, thing = ctx.targets
        wiz = st.wizards[who.seat]
        if thing.kind == "treasure" and thing.index in wiz.treasures:
            vocab.drop_treasure(st, who.seat, thing.index)
            return
        items = sorted(c for c in wiz.items if f"item:{st.keys[c]}" == thing.name)
        if items:
            vocab.drop_item(st, who.seat, items[0])


def _door(st: WizWarState, ctx: Ctx) -> IllegalAction | None:
    t = ctx.targets[0]
    edge = st.board.peek_edge(t.square, t.side)
    if edge is None or edge.kind != "door":
        return refuse(f"{t.name} is not a door.", f"{t.name} no es una puerta.", "WW-10.3")
    return None


@register("pick-lock")
class PickLock(Script):
    """The door opens for one passage of the caster this turn (WW-X4)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (EDGE,)

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        for name in vocab.targets_in_range(st, ctx, EDGE):
            sq, d = vocab.parse_edge(st, name)
            edge = st.board.peek_edge(sq, d)
            if edge is not None and edge.kind == "door" and edge.colour != st.colours[ctx.seat]:
                yield (name,)

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        return _door(st, ctx)

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        t = ctx.targets[0]
        if st.active == ctx.seat:
            st.turn.unlocked = (*st.turn.unlocked, st.board.parse_edge(t.name))
        vocab.say(st, "unlock", "WW-X4", f"{t.name} is unlocked for one passage.",
                  f"{t.name} queda abierta para un paso.")


@register("create-wall")
class CreateWall(Script):
    """A stone wall on an empty edge line (WW-10.1, WW-A15: an occupied edge is refused). The
    card is a maintained spell: the wall stays while the spell does (WW-X16)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (EDGE,)

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        # Offer the edges of enemy wizards' squares (walling them in) and of the caster's own.
        squares = {w.square for w in st.wizards if w.alive}
        for name in vocab.targets_in_range(st, ctx, EDGE):
            sq, d = vocab.parse_edge(st, name)
            beyond = st.board.beyond(sq, d)
            if st.board.peek_edge(sq, d) is None and (sq in squares or beyond in squares):
                yield (name,)

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        t = ctx.targets[0]
        if st.board.peek_edge(t.square, t.side) is not None:
            return refuse(f"{t.name} already holds a wall or door.",
                          f"{t.name} ya tiene un muro o una puerta.", "WW-A15")
        return None

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        t = ctx.targets[0]
        vocab.make_edge(st, t.square, t.side, "wall", ctx.seat, rule="WW-10.1")
        if ctx.spell is not None:
            ctx.spell.data["edge"] = t.name

    def on_end(self, st: WizWarState, spell: SpellInPlay) -> None:
        name = spell.data.get("edge")
        if not isinstance(name, str):
            return
        sq, d = st.board.parse_edge(name)
        edge = st.board.peek_edge(sq, d)
        if edge is not None and edge.kind == "wall" and edge.created_by == spell.caster:
            vocab.remove_edge(st, sq, d, "WW-X16")


@register("rotate-sector")
class RotateSector(Script):
    """Turn a sector a quarter either way or half a turn (`turn` = quarters clockwise)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (frozenset({"sector"}),)
    options: ClassVar[dict[str, tuple[str, ...]]] = {"turn": ("1", "2", "3")}

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        if "turn" not in ctx.options:
            return refuse("Say how far: turn=1, 2 or 3 quarters clockwise.",
                          "Indica cuánto: turn=1, 2 o 3 cuartos en sentido horario.", "WW-10.6")
        return None

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        vocab.rotate_sector(st, ctx.targets[0].index, int(ctx.option("turn")), "WW-10.6")


@register("zot")
class Zot(Script):
    """Damage equal to the energy spent on it, or two stun tokens."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (HITTABLE,)
    options: ClassVar[dict[str, tuple[str, ...]]] = {"mode": ("damage", "stun")}
    uses_energy: ClassVar[bool] = True

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        return ((c,) for c in vocab.targets_in_range(st, ctx, WIZARD))

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        mode = ctx.option("mode", "damage")
        if mode == "stun" and ctx.targets[0].kind != "wizard":
            return refuse("Only a wizard can be stunned.", "Solo se aturde a un mago.", "WW-X13")
        if mode == "damage" and ctx.energy <= 0:
            return refuse("Zot! deals its energy in damage: boost it with a card.",
                          "¡Zot! hace tanto daño como su energía: poténciala con una carta.",
                          "WW-X17")
        if mode == "stun" and ctx.boosts:
            return refuse("The stun needs no energy.", "El aturdimiento no necesita energía.",
                          "WW-X17")
        return None

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        target = ctx.targets[0]
        if ctx.option("mode", "damage") == "stun":
            vocab.stun(st, target.seat, 2)
        else:
            vocab.strike(st, ctx.seat, target, ctx.energy, "magical", card=ctx.card.key)


def _answers_spell(st: WizWarState, seat: int, cast: Cast) -> bool:
    return cast.seat != seat and st.cards[cast.key].is_spell and not st.cards[cast.key].mundane


@register("full-shield")
class FullShield(Script):
    """Counter: a spell aimed at the holder is cancelled as it is cast."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = ()

    def answers(self, st: WizWarState, seat: int, cast: Cast) -> bool:
        return _answers_spell(st, seat, cast) and st.colours[seat] in cast.targets

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        if ctx.answering is not None:
            vocab.counter_cast(st, ctx.answering.cid)


@register("negate-neutral")
class NegateNeutral(Script):
    """Counter: a neutral spell is cancelled as it is cast."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = ()

    def answers(self, st: WizWarState, seat: int, cast: Cast) -> bool:
        return _answers_spell(st, seat, cast) and st.cards[cast.key].is_a("neutral")

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        if ctx.answering is not None:
            vocab.counter_cast(st, ctx.answering.cid)


@register("large-rock")
class LargeRock(Script):
    """Item. Thrown as an attack for 2 physical damage; it then lies in the target's square."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = ()
    use_slots: ClassVar[tuple[frozenset[str], ...]] = (frozenset({"wizard", "object"}),)
    use_is_attack: ClassVar[bool] = True

    def use_candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        return ((c,) for c in vocab.targets_in_range(st, ctx, WIZARD))

    def check_use(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        return None

    def use(self, st: WizWarState, ctx: Ctx) -> None:
        target = ctx.targets[0]
        vocab.strike(st, ctx.seat, target, 2, "physical", card=ctx.card.key)
        vocab.drop_item(st, ctx.seat, ctx.instance, target.square, rule="WW-X9")


@register("dispel")
class Dispel(Script):
    """End one spell in play, and every spell aimed at it (WW-10.8)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (frozenset({"spell"}),)
    ranged: ClassVar[bool] = False

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        spell = vocab.find_spell(st, ctx.targets[0].index)
        if spell is not None:
            vocab.end_spell(st, spell, "WW-10.8")


@register("destroy-wall")
class DestroyWall(Script):
    """Remove a wall or door; wizards on either side take 2 physical damage (not an attack)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (EDGE,)

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        for name in vocab.targets_in_range(st, ctx, EDGE):
            sq, d = vocab.parse_edge(st, name)
            edge = st.board.peek_edge(sq, d)
            if edge is not None and edge.kind in vocab.EDGE_CRACKS:
                yield (name,)

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        t = ctx.targets[0]
        edge = st.board.peek_edge(t.square, t.side)
        if edge is None or edge.kind not in vocab.EDGE_CRACKS:
            return refuse(f"{t.name} holds no wall or door that can break.",
                          f"{t.name} no tiene muro ni puerta que se pueda romper.", "WW-X7")
        return None

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        t = ctx.targets[0]
        beside = vocab.target_squares(t, st) or []
        vocab.remove_edge(st, t.square, t.side, "WW-X7")
        for seat in [s for sq in beside for s in vocab.wizards_at(st, sq)]:
            vocab.damage(st, vocab.Damage(seat, 2, "physical", frozenset(), ctx.seat,
                                          ctx.card.key, attack=False))


@register("around-the-corner")
class AroundTheCorner(Script):
    """The caster's next spell this turn may see around one corner (see `vocab.in_range`)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = ()

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        if st.turn.corner:
            return refuse("Around the Corner is already waiting for a spell.",
                          "Doblar la esquina ya espera a un hechizo.", "WW-9.4")
        return None

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        if st.active == ctx.seat:
            st.turn.corner = True
