"""The conjuring school (WW-2.7): creations and blunt magic. Behaviour in our own words:

* booby-trap: four face-down tokens on four empty squares anywhere; the caster then picks, in
  secret, the one that is the trap. An enemy stepping on a token turns it up: a blank goes, the
  trap deals 4 magical damage (no attack, no kill credit) and the whole spell ends.
* create-door: a door of the caster's colour on an open edge line or a stone wall in LOS;
  it is his to pass and locked for the others. Ending the spell puts back what was there.
* dust-cloud: dust fills an empty square in LOS: it stops LOS, a wizard inside sees only his
  own square, and every step out of it goes in a random direction (a bump costs the MP).
* fire-darts: one dart per point of energy, 1 magical fire damage each, at targets in LOS
  named one per dart (the last named target takes the darts left over).
* glue: a lying object or treasure in LOS cannot be picked up while the spell lasts.
* handful-of-tacks: item; scattered on an adjacent empty square, anyone entering it takes
  3 physical damage (no attack, never evaded).
* ka-bong: 4 physical damage to a wizard or an object in LOS; a wizard hurt by it gets 1 stun.
* rosebush / thornbush: a bush on an empty square in LOS; it blocks LOS, not movement; entering
  costs 3 physical damage (rosebush) or 1 damage, a stun token and the rest of one's movement
  (thornbush). One crack or any fire destroys it, and the spell ends with it.
* swap: the caster and a wizard in LOS trade squares; the caster moves no more this turn.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import islice
from typing import TYPE_CHECKING, ClassVar

from grimorio.core.errors import IllegalAction
from grimorio.games.wiz_war.effects import vocab
from grimorio.games.wiz_war.effects.creation import (
    Creation,
    empty_in_range,
    empty_square,
)
from grimorio.games.wiz_war.effects.registry import Ctx, Holder, Script, register
from grimorio.games.wiz_war.effects.vocab import Damage, refuse

if TYPE_CHECKING:
    from grimorio.games.wiz_war.model import BoardObject, SpellInPlay
    from grimorio.games.wiz_war.state import WizWarState

WIZARD = frozenset({"wizard"})
SQUARE = frozenset({"square"})
EDGE = frozenset({"edge"})
HIT = frozenset({"wizard", "object"})
TRAP_TOKENS = 4


# ---- shared helpers ------------------------------------------------------------------------------
def _lingering(st: WizWarState, seat: int, amount: int, kind: str, card: str) -> int:
    """Damage from something left on the board: no attack, never evaded, no kill credit
    (WW-X11)."""
    return vocab.damage(st, Damage(seat, amount, kind, frozenset(), None, card, attack=False))


# ---- the cards ----------------------------------------------------------------------------------
@register("rosebush")
class Rosebush(Creation):
    """A rosebush on an empty square in LOS: blocks LOS, not movement; entering it deals
    3 physical damage (not an attack, never evaded)."""

    kind: ClassVar[str] = "rosebush"

    def on_enter(self, st: WizWarState, h: Holder, seat: int, sq: int) -> None:
        if self.entered(st, h, sq):
            vocab.say(st, "thorns", "WW-X21", f"{st.colours[seat]} pushes into the rosebush.",
                      f"{st.colours[seat]} se mete en el rosal.")
            _lingering(st, seat, 3, "physical", "rosebush")


@register("thornbush")
class Thornbush(Creation):
    """A thornbush on an empty square in LOS: blocks LOS, not movement; entering it deals 1
    physical damage and 1 stun token, and on the wizard's own turn his movement ends there."""

    kind: ClassVar[str] = "thornbush"

    def on_enter(self, st: WizWarState, h: Holder, seat: int, sq: int) -> None:
        if not self.entered(st, h, sq):
            return
        colour = st.colours[seat]
        vocab.say(st, "thorns", "WW-X21", f"{colour} is caught in the thornbush.",
                  f"{colour} queda atrapado en el arbusto espinoso.")
        if st.active == seat and st.phase == "move":
            st.turn.stopped = True                       # like a treasure pickup (WW-X14)
        _lingering(st, seat, 1, "physical", "thornbush")
        vocab.stun(st, seat, 1)


@register("dust-cloud")
class DustCloud(Creation):
    """Dust on an empty square in LOS: it blocks LOS, a wizard inside sees only his own square,
    and each step out of it goes in a random direction (the object kind's `blinds` and
    `scatters`, applied by the engine)."""

    kind: ClassVar[str] = "dust-cloud"


@register("ka-bong")
class KaBong(Script):
    """Attack: 4 physical damage to a wizard or an object in LOS; a wizard who takes any of
    it gets 1 stun token."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (HIT,)

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        return ((c,) for c in vocab.targets_in_range(st, ctx, WIZARD))

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        target = ctx.targets[0]
        if target.kind != "wizard":
            vocab.strike(st, ctx.seat, target, 4, "physical", card=ctx.card.key)
            return
        taken = vocab.damage(st, Damage(target.seat, 4, "physical", frozenset(), ctx.seat,
                                        ctx.card.key, attack=True))
        if taken > 0:
            vocab.stun(st, target.seat, 1)


@register("fire-darts")
class FireDarts(Script):
    """Attack: as many darts as the spell's energy, 1 magical fire damage each, each its own
    source. The play names one target per dart (repeats allowed); darts beyond the named
    targets go to the last one, so `play fire-darts red with energy-5` sends all five at red."""

    uses_energy: ClassVar[bool] = True

    def play_slots(self, ctx: Ctx) -> tuple[frozenset[str], ...]:
        return (HIT,) * max(1, len(ctx.raw))

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        return ((c,) for c in vocab.targets_in_range(st, ctx, WIZARD))

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        if ctx.energy <= 0:
            return refuse("Fire Darts shoots one dart per energy: boost it with a card.",
                          "Dardos de fuego lanza un dardo por energía: poténcialo con una carta.",
                          "WW-X17")
        if len(ctx.raw) > ctx.energy:
            return refuse(f"Only {ctx.energy} dart(s): name no more targets.",
                          f"Solo hay {ctx.energy} dardo(s): no nombres más objetivos.",
                          "WW-X17")
        return None

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        aims = list(ctx.raw) + [ctx.raw[-1]] * (ctx.energy - len(ctx.raw))
        for aim in aims:
            target = vocab.read_target(st, aim)             # a target may be gone by now
            if target is None:
                continue
            vocab.strike(st, ctx.seat, target, 1, "magical", frozenset({"fire"}),
                         ctx.card.key)


@register("swap")
class Swap(Script):
    """The caster and a wizard in LOS trade squares (both enter their new square); the caster
    may not move again this turn."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (WIZARD,)

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        t = ctx.targets[0]
        if t.seat == ctx.seat:
            return refuse("Swap with another wizard.", "Intercambia con otro mago.", "WW-7.3")
        return None

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        other = ctx.targets[0].seat
        mine, theirs = st.wizards[ctx.seat].square, st.wizards[other].square
        if st.active == ctx.seat:
            st.turn.mp = 0
            st.turn.stopped = True
        vocab.move_wizard(st, ctx.seat, theirs, "WW-7.2")
        if st.wizards[other].alive and not st.over:
            vocab.move_wizard(st, other, mine, "WW-7.2")


@register("create-door")
class CreateDoor(Script):
    """A door of the caster's colour on an open edge line or a stone wall in LOS (never the
    outer border, an earth or fire wall, or a door). While the spell lasts the door is his
    (WW-X4); ending it puts back the wall or the opening."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (EDGE,)

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        for name in vocab.targets_in_range(st, ctx, EDGE):
            sq, d = vocab.parse_edge(st, name)
            edge = st.board.peek_edge(sq, d)
            if edge is not None and edge.kind == "wall":
                yield (name,)

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        t = ctx.targets[0]
        edge = st.board.peek_edge(t.square, t.side)
        if st.board.beyond(t.square, t.side) is None or (edge is not None
                                                          and edge.kind != "wall"):
            return refuse(f"{t.name} is neither an open edge nor a stone wall.",
                          f"{t.name} no es un borde libre ni un muro de piedra.", "WW-10.1")
        return None

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        t = ctx.targets[0]
        edge = st.board.peek_edge(t.square, t.side)
        if ctx.spell is not None:
            ctx.spell.data.update({"edge": t.name, "was": "open" if edge is None else edge.kind,
                                   "cracks": 0 if edge is None else edge.cracks})
        vocab.make_edge(st, t.square, t.side, "door", ctx.seat, st.colours[ctx.seat],
                        rule="WW-10.1")

    def _door(self, st: WizWarState, spell: SpellInPlay) -> tuple[int, int] | None:
        """The door this spell made, if it still stands."""
        name = spell.data.get("edge")
        if not isinstance(name, str):
            return None
        sq, d = st.board.parse_edge(name)
        edge = st.board.peek_edge(sq, d)
        mine = (edge is not None and edge.kind == "door" and edge.created_by == spell.caster
                and edge.colour == st.colours[spell.caster])
        return (sq, d) if mine else None

    def on_end(self, st: WizWarState, spell: SpellInPlay) -> None:
        found = self._door(st, spell)
        if found is None:
            return
        sq, d = found
        if spell.data.get("was") == "wall":
            vocab.make_edge(st, sq, d, "wall", None, rule="WW-X16")
            wall = st.board.peek_edge(sq, d)
            if wall is not None:
                wall.cracks = int(spell.data.get("cracks", 0))
        else:
            vocab.remove_edge(st, sq, d, "WW-X16")

    def on_time_passes(self, st: WizWarState, h: Holder) -> None:
        """A door broken down (WW-X7) leaves nothing to maintain: the spell ends."""
        if h.spell is not None and self._door(st, h.spell) is None:
            vocab.end_spell(st, h.spell, "WW-X7")


@register("glue")
class Glue(Script):
    """Temporary: an object or a treasure lying on the board in LOS cannot be picked up while
    the spell lasts."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (frozenset({"object", "treasure"}),)
    uses_energy: ClassVar[bool] = True          # temporary: it lasts its energy in turns

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        kinds = frozenset({"treasure", "object"})
        for name in vocab.targets_in_range(st, ctx, kinds):
            t = vocab.read_target(st, name)
            if t is not None and t.seat < 0:
                yield (name,)

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        t = ctx.targets[0]
        if t.kind == "treasure" and t.seat >= 0:
            return refuse(f"{t.name} is carried: only a lying treasure can be glued.",
                          f"{t.name} va encima de alguien: solo se pega un tesoro en el suelo.",
                          "WW-7.3")
        return None

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        t = ctx.targets[0]
        if ctx.spell is not None:
            ctx.spell.data["glued"] = f"{t.kind}:{t.index}"
        vocab.say(st, "glue", "WW-X21", f"{t.name} is glued in place.",
                  f"{t.name} queda pegado en su sitio.")

    def can_pick_up(self, st: WizWarState, h: Holder, seat: int, thing: str) -> bool:
        if h.spell is None:
            return True
        kind, _, index = str(h.spell.data.get("glued", "")).partition(":")
        if not index.lstrip("-").isdigit():
            return True
        if kind == "treasure":
            return thing != f"treasure:{st.treasures[int(index)].name}"
        obj = vocab.find_object(st, int(index))
        if obj is None:
            return True
        here = obj.square == st.wizards[seat].square
        named = thing in (f"item:{vocab.object_name(st, obj)}", f"object:{obj.oid}")
        return not (named and (here or thing.startswith("object:")))


@register("handful-of-tacks")
class HandfulOfTacks(Script):
    """Item. `use handful-of-tacks <square>` scatters the tacks on an adjacent empty square
    (free, not an attack); anyone entering it then takes 3 physical damage (not an attack,
    never evaded)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = ()
    use_slots: ClassVar[tuple[frozenset[str], ...]] = (SQUARE,)

    def use_candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        return ((n,) for n in islice(empty_in_range(st, ctx), 4))

    def check_use(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        return empty_square(st, ctx)

    def use(self, st: WizWarState, ctx: Ctx) -> None:
        st.wizards[ctx.seat].items.remove(ctx.instance)
        st.changed()
        vocab.create_object(st, "tacks", ctx.targets[0].square, ctx.seat, ctx.instance,
                            rule="WW-X21")

    def on_enter(self, st: WizWarState, h: Holder, seat: int, sq: int) -> None:
        if h.kind != "object":                         # carried tacks do nothing
            return
        obj = vocab.find_object(st, h.oid)
        if obj is not None and obj.square == sq:
            vocab.say(st, "tacks", "WW-X21", f"{st.colours[seat]} treads on the tacks.",
                      f"{st.colours[seat]} pisa las chinchetas.")
            _lingering(st, seat, 3, "physical", "handful-of-tacks")


@register("booby-trap")
class BoobyTrap(Script):
    """Four face-down tokens on four different empty squares anywhere; the caster then chooses
    in secret which one is the trap (`choose <square>`, a question only he sees answered). An
    enemy entering a token's square turns it up: a blank is removed; the trap deals 4 magical
    damage (not an attack, no kill credit) and every token goes with the spell. Whether a
    token is the trap is `data["secret"]`, which only its owner's view shows."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (SQUARE,) * TRAP_TOKENS
    ranged: ClassVar[bool] = False

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        # The squares around the enemies' homes and their treasures: where they must walk.
        names: list[str] = []
        for wiz in st.wizards:
            if wiz.seat == ctx.seat or not wiz.alive:
                continue
            home = st.board.home(wiz.colour)
            for sq in [home, *(b for _, b in st.board.neighbours(home))]:
                if vocab.is_empty(st, sq) and st.board.square_name(sq) not in names:
                    names.append(st.board.square_name(sq))
        if len(names) >= TRAP_TOKENS:
            yield tuple(names[:TRAP_TOKENS])

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        if len({t.square for t in ctx.targets}) != TRAP_TOKENS:
            return refuse("The four tokens go on four different squares.",
                          "Las cuatro fichas van en cuatro casillas distintas.", "WW-7.3")
        for index in range(TRAP_TOKENS):
            reason = empty_square(st, ctx, index)
            if reason is not None:
                return reason
        return None

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        if ctx.spell is None:
            return
        free = [t.square for t in ctx.targets if vocab.is_empty(st, t.square)]
        if not free:
            vocab.end_spell(st, ctx.spell, "WW-10.9")
            return
        sid = ctx.spell.sid
        for sq in free:
            obj = vocab.create_object(st, "trap", sq, ctx.seat, rule="WW-X21")
            obj.data.update({"group": sid, "secret": False})
        vocab.ask(st, ctx.seat, ctx, "trap", [st.board.square_name(sq) for sq in free])

    def on_choice(self, st: WizWarState, ctx: Ctx, tag: str, option: str) -> None:
        if ctx.spell is None:
            return
        for obj in self._tokens(st, ctx.spell):
            if st.board.square_name(obj.square) == option:
                obj.data["secret"] = True
                st.changed()
        vocab.say(st, "trap-armed", "WW-X21", f"The trap token lies in {option}.",
                  f"La ficha trampa está en {option}.", visible_to=frozenset({ctx.seat}))

    def _tokens(self, st: WizWarState, spell: SpellInPlay) -> list[BoardObject]:
        return [o for o in st.objects if o.kind == "trap" and o.data.get("group") == spell.sid]

    def on_end(self, st: WizWarState, spell: SpellInPlay) -> None:
        for obj in self._tokens(st, spell):
            vocab.destroy_object(st, obj, "WW-X16")

    def on_enter(self, st: WizWarState, h: Holder, seat: int, sq: int) -> None:
        spell = h.spell
        if spell is None or seat == spell.caster:
            return
        for obj in self._tokens(st, spell):
            if obj.square == sq and spell in st.spells:
                self._spring(st, spell, obj, seat)

    def _spring(self, st: WizWarState, spell: SpellInPlay, obj: BoardObject, seat: int) -> None:
        where = st.board.square_name(obj.square)
        if not obj.data.get("secret"):
            vocab.say(st, "trap-blank", "WW-X21", f"The token in {where} is blank.",
                      f"La ficha de {where} está en blanco.")
            vocab.destroy_object(st, obj, "WW-X21")
            return
        vocab.say(st, "trap-sprung", "WW-X21", f"The token in {where} is the trap!",
                  f"¡La ficha de {where} es la trampa!")
        _lingering(st, seat, 4, "magical", "booby-trap")
        vocab.end_spell(st, spell, "WW-X21")
