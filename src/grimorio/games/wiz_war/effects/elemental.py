"""The elemental school. Behaviour in our own words (grimorio's readings in cards.yaml notes):

* fireball: 5 magical fire damage to a wizard, an object, or a wall or door (cracks, WW-X7).
* fire-cloak: item; the carrier's punch deals 2 more; whoever hurts him from his square or a
  neighbouring one takes 2 magical fire damage back; water damage destroys the cloak first.
* fog: temporary, global; no LOS reaches farther than 1 square (every square stops LOS
  beyond itself, through the `blocks_los` hook, so every LOS card and the punch obey it).
* lightning-bolt: a bolt runs from the caster along a row or column for its energy in
  squares, hitting every wizard in each square it enters for 3 (magical, lightning); a
  movement blocker turns it back into its own square; each wizard it hurts gets 1 stun token.
* mist-body: maintained on the caster; he passes every edge but stone walls (stone blocks still
  stop him), may not attack, and every attack on him misses.
* stone-block: maintained; a stone block fills an empty square in LOS while it lasts.
* stone-spikes: temporary; while it lasts `use stone-spikes <target>` throws a spike (the
  turn's attack) at a wizard or object in LOS for 3 physical damage.
* wall-of-fire: maintained; a fire barrier on an open edge in LOS burns whoever crosses it for 4
  (not an attack). As a counter (`counter wall-of-fire`) it cancels a water spell being cast.
* waterbolt: attack on oneself, a wizard or an object in LOS (or a Wall of Fire edge): the
  energy is split between water damage and knock-back squares (`push=N`), fire on the target
  ends.
* windrider: the caster flies up to the spell's energy in squares in one direction (`dir=`),
  stopped by walls, doors, objects and wizards, spending no MP.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, ClassVar

from grimorio.core.errors import IllegalAction
from grimorio.games.wiz_war.effects import mutation, vocab
from grimorio.games.wiz_war.effects.creation import Creation
from grimorio.games.wiz_war.effects.registry import Ctx, Holder, Script, register
from grimorio.games.wiz_war.effects.vocab import DIRS, Damage, Target, refuse

if TYPE_CHECKING:
    from grimorio.games.wiz_war.model import Cast, SpellInPlay
    from grimorio.games.wiz_war.state import WizWarState

FIRE = frozenset({"fire"})
WATER = frozenset({"water"})
LIGHTNING = frozenset({"lightning"})
WIZARD = frozenset({"wizard"})
EDGE = frozenset({"edge"})
SQUARE = frozenset({"square"})
BLOCKING_EDGES = ("wall", "door", "outer", "earth")   # what stops a body (fire does not)
PUSH_VALUES = tuple(str(n) for n in range(8))


# ---- shared helpers -------------------------------------------------------------------------
def _needs_energy(ctx: Ctx, en: str, es: str) -> IllegalAction | None:
    """Cards whose effect is their energy refuse a play without a boost (WW-X17)."""
    return None if ctx.energy > 0 else refuse(en, es, "WW-X17")


def _enemies_in_los(st: WizWarState, ctx: Ctx) -> Iterator[str]:
    """Enemy wizards the caster sees (the menus' targets for LOS attacks)."""
    corner = st.turn.corner and st.active == ctx.seat
    for wiz in st.wizards:
        if wiz.alive and wiz.seat != ctx.seat:
            t = vocab.read_target(st, wiz.colour)
            if t is not None and vocab.in_range(st, ctx.seat, "los", t, corner):
                yield wiz.colour


def _edge_stops(st: WizWarState, sq: int, d: int) -> bool:
    """Whether a body leaving `sq` by side `d` is stopped there: the outer wall, a wall, a
    door of any colour or an earth wall (a fire barrier lets it through)."""
    edge = st.board.peek_edge(sq, d)
    return st.board.beyond(sq, d) is None or (edge is not None and edge.kind in BLOCKING_EDGES)


def _square_stops(st: WizWarState, sq: int) -> bool:
    """Whether an object in `sq` blocks movement (a stone block, WW-X21)."""
    return any(vocab.OBJECT_KINDS.get(o.kind, vocab.OBJECT_KINDS["item"]).blocks_move
               for o in vocab.objects_at(st, sq))


def _direction(option: str) -> int:
    return DIRS.index(option)


def _dir_text(d: int) -> tuple[str, str]:
    return vocab.DIR_NAMES[d]


# ---- Fireball -------------------------------------------------------------------------------
@register("fireball")
class Fireball(Script):
    """Attack: 5 magical fire damage to one target in LOS."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (
        frozenset({"wizard", "object", "edge"}),)

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        # Menus offer enemy wizards only; walls and objects stay legal by notation.
        return ((c,) for c in vocab.targets_in_range(st, ctx, WIZARD))

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        vocab.strike(st, ctx.seat, ctx.targets[0], 5, "magical", FIRE, ctx.card.key)


# ---- Fire Cloak -----------------------------------------------------------------------------
@register("fire-cloak")
class FireCloak(Script):
    """Item. Punches deal 2 more; a wizard who damages the carrier from his square or a square
    sharing a side with it (walls ignored) takes 2 magical fire damage back (not an attack, no
    kill credit). Water damage to the carrier destroys the cloak, and it strikes no one."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = ()

    def punch_damage(self, st: WizWarState, h: Holder, seat: int, value: int) -> int:
        return value + 2 if seat == h.seat else value

    def on_damaged(self, st: WizWarState, h: Holder, dmg: Damage, taken: int) -> None:
        if h.seat is None or dmg.victim != h.seat or h.card not in st.wizards[h.seat].items:
            return
        if "water" in dmg.tags:
            vocab.destroy_item(st, h.seat, h.card, rule="WW-X15")
            return
        source = dmg.source
        if source is None or source == h.seat or not st.wizards[source].alive:
            return
        own = st.wizards[h.seat].square
        near = {own} | {sq for _, sq in st.board.neighbours(own)}
        if st.wizards[source].square not in near:
            return
        vocab.say(st, "fire-cloak", "WW-X10", f"The fire cloak burns {st.colours[source]}.",
                  f"La capa de fuego quema a {st.colours[source]}.")
        vocab.damage(st, Damage(source, 2, "magical", FIRE, None, "fire-cloak", attack=False))


# ---- Fog ------------------------------------------------------------------------------------
@register("fog")
class Fog(Script):
    """Temporary, global: every square stops LOS beyond itself, so a wizard sees his square and
    the first square of each of his four lines, no farther (WW-X5, WW-9.4)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = ()
    uses_energy: ClassVar[bool] = True

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        vocab.say(st, "fog", "WW-X5", "Fog covers the board: LOS reaches 1 square.",
                  "La niebla cubre el tablero: la LOS alcanza 1 casilla.")

    def blocks_los(self, st: WizWarState, h: Holder, sq: int) -> bool:
        return True


# ---- Lightning Bolt -------------------------------------------------------------------------
@register("lightning-bolt")
class LightningBolt(Script):
    """Attack. The target is the neighbouring square that names the bolt's direction. The bolt
    travels its energy in squares; entering a square it deals 3 magical lightning damage to each
    wizard there. At a movement blocker (wall, door, earth wall, outer wall, stone block) it
    turns back and re-enters the square it is in (one square of travel: the caster can be hit).
    It follows portals. Each wizard it hurt gets 1 stun token when it is spent."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (SQUARE,)
    ranged: ClassVar[bool] = False
    uses_energy: ClassVar[bool] = True

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        own = st.wizards[ctx.seat].square
        for d in range(4):
            beyond = st.board.beyond(own, d)
            if beyond is not None and not _edge_stops(st, own, d):
                yield (st.board.square_name(beyond),)

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        if _bolt_direction(st, ctx) is None:
            return refuse("Name a square next to yours: the bolt's direction.",
                          "Indica una casilla junto a la tuya: la dirección del rayo.",
                          "WW-9.3")
        return _needs_energy(ctx, "The bolt travels its energy in squares: boost it.",
                             "El rayo recorre tantas casillas como su energía: poténcialo.")

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        d = _bolt_direction(st, ctx)
        assert d is not None
        hurt: list[int] = []
        sq = st.wizards[ctx.seat].square
        for _ in range(ctx.energy):
            if _edge_stops(st, sq, d) or _square_stops(st, _beyond(st, sq, d)):
                d = (d + 2) % 4                    # turned back: it re-enters its square
                vocab.say(st, "bolt", "WW-X5", "The bolt turns back.", "El rayo rebota.")
            else:
                sq = _beyond(st, sq, d)
            for seat in vocab.wizards_at(st, sq):
                taken = vocab.damage(st, Damage(seat, 3, "magical", LIGHTNING, ctx.seat,
                                                ctx.card.key, attack=True))
                if taken > 0 and seat not in hurt:
                    hurt.append(seat)
            if st.over:
                return
        for seat in hurt:
            vocab.stun(st, seat, 1)


def _beyond(st: WizWarState, sq: int, d: int) -> int:
    beyond = st.board.beyond(sq, d)
    return sq if beyond is None else beyond


def _bolt_direction(st: WizWarState, ctx: Ctx) -> int | None:
    own = st.wizards[ctx.seat].square
    target = ctx.targets[0].square
    return next((d for d in range(4) if st.board.beyond(own, d) == target), None)


# ---- Mist Body ------------------------------------------------------------------------------
@register("mist-body")
class MistBody(Script):
    """Maintained on the caster: he passes doors (any colour, sealed too), earth and fire walls;
    stone walls and stone blocks still stop him. He may not attack, and attacks on him miss
    (non-attack damage such as a fire barrier still hurts). A form: it ends his other forms
    (`mutation.end_other_forms`)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = ()

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        if any(s.key == ctx.card.key and s.caster == ctx.seat for s in st.spells):
            return refuse("You are mist already.", "Ya eres niebla.", "WW-X16")
        return None

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        mutation.end_other_forms(st, ctx.seat, ctx.spell)
        colour = st.colours[ctx.seat]
        vocab.say(st, "mist", "WW-10.7", f"{colour} turns into mist.",
                  f"{colour} se convierte en niebla.")

    def can_pass_edge(self, st: WizWarState, h: Holder, seat: int, sq: int,
                      d: int) -> bool | None:
        if seat != h.seat:
            return None
        edge = st.board.peek_edge(sq, d)
        if edge is None or edge.kind in ("wall", "outer"):
            return None                            # open, or stone: the usual rules
        return True

    def can_attack(self, st: WizWarState, h: Holder, seat: int) -> bool:
        return seat != h.seat

    def evades(self, st: WizWarState, h: Holder, dmg: Damage) -> bool:
        return dmg.attack and dmg.victim == h.seat


# ---- Stone Block ----------------------------------------------------------------------------
@register("stone-block")
class StoneBlock(Creation):
    """Maintained: a stone block (object: blocks movement and LOS, 8 cracks) in an empty square
    in LOS (a creation: ending the spell removes it, breaking it ends the spell)."""

    kind: ClassVar[str] = "stone-block"

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        # Squares next to enemy wizards first (blocking a corridor), then any other.
        enemies = [w.square for w in st.wizards if w.alive and w.seat != ctx.seat]
        near = {sq for e in enemies for sq in vocab.adjacent_squares(st, e)}
        names = [n for n in vocab.targets_in_range(st, ctx, SQUARE)
                 if vocab.is_empty(st, st.board.parse_square(n))]
        names.sort(key=lambda n: st.board.parse_square(n) not in near)
        return ((n,) for n in names[:vocab.CANDIDATE_CAP])



# ---- Stone Spikes ---------------------------------------------------------------------------
@register("stone-spikes")
class StoneSpikes(Script):
    """Temporary: while it lasts the caster may `use stone-spikes <target>`: a spike thrown at a
    wizard or object in LOS for 3 physical damage; each throw is the turn's attack (WW-X9)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = ()
    ranged: ClassVar[bool] = False                 # the throw checks LOS itself
    uses_energy: ClassVar[bool] = True
    use_is_attack: ClassVar[bool] = True
    use_slots: ClassVar[tuple[frozenset[str], ...]] = (frozenset({"wizard", "object"}),)

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        colour = st.colours[ctx.seat]
        vocab.say(st, "spikes", "WW-X16", f"{colour} can throw stone spikes.",
                  f"{colour} puede lanzar púas de piedra.")

    def use_candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        return ((c,) for c in _enemies_in_los(st, ctx))

    def check_use(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        if not any(s.key == ctx.card.key and s.caster == ctx.seat for s in st.spells):
            return refuse("Stone spikes are thrown while the spell is in play.",
                          "Las púas se lanzan mientras el hechizo está en juego.", "WW-X16")
        t = ctx.targets[0]
        corner = st.turn.corner and st.active == ctx.seat
        if t.kind == "wizard" and t.seat == ctx.seat:
            return refuse("Throw the spike at someone else.", "Lanza la púa a otro.", "WW-7.3")
        if not vocab.in_range(st, ctx.seat, "los", t, corner):
            return refuse(f"{t.name} is not in your LOS.", f"{t.name} no está a tu vista.",
                          "WW-9.4")
        return None

    def use(self, st: WizWarState, ctx: Ctx) -> None:
        vocab.strike(st, ctx.seat, ctx.targets[0], 3, "physical", card=ctx.card.key)


# ---- Wall of Fire ---------------------------------------------------------------------------
@register("wall-of-fire")
class WallOfFire(Script):
    """Maintained: a fire barrier on an open edge in LOS; whoever crosses it (a step, a push, a
    flight) takes 4 magical fire damage, not an attack, never evaded, no kill credit (a
    lingering effect, WW-X11). It does not block LOS or movement. As a counter it cancels a
    water spell being cast; nothing stays in play then."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (EDGE,)

    def play_slots(self, ctx: Ctx) -> tuple[frozenset[str], ...]:
        return () if ctx.verb == "counter" else (EDGE,)

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        if ctx.verb == "counter":
            yield ()
            return
        # Open edges of enemy wizards' squares: crossing them will hurt.
        enemies = {w.square for w in st.wizards if w.alive and w.seat != ctx.seat}
        for name in vocab.targets_in_range(st, ctx, EDGE):
            sq, d = st.board.parse_edge(name)
            if st.board.peek_edge(sq, d) is None and (
                    sq in enemies or st.board.beyond(sq, d) in enemies):
                yield (name,)

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        if ctx.verb == "counter":
            return None
        t = ctx.targets[0]
        if st.board.peek_edge(t.square, t.side) is not None or \
                st.board.beyond(t.square, t.side) is None:
            return refuse(f"{t.name} is not an open edge line.",
                          f"{t.name} no es una línea de borde libre.", "WW-10.1")
        return None

    def answers(self, st: WizWarState, seat: int, cast: Cast) -> bool:
        card = st.cards[cast.key]
        return cast.seat != seat and card.is_spell and "water" in card.tags

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        if ctx.verb == "counter":
            if ctx.answering is not None:
                vocab.counter_cast(st, ctx.answering.cid)
            if ctx.spell is not None:              # a counter leaves nothing in play
                vocab.end_spell(st, ctx.spell, "WW-7.6")
            return
        t = ctx.targets[0]
        vocab.make_edge(st, t.square, t.side, "fire", ctx.seat, rule="WW-10.1")
        if ctx.spell is not None:
            ctx.spell.data["edge"] = st.board.edge_name(t.square, t.side)

    def on_end(self, st: WizWarState, spell: SpellInPlay) -> None:
        found = _fire_edge(st, spell)
        if found is not None:
            vocab.remove_edge(st, found[0], found[1], "WW-X16")

    def on_cross(self, st: WizWarState, h: Holder, seat: int, sq: int, d: int) -> None:
        spell = h.spell
        if spell is None or spell.data.get("edge") != st.board.edge_name(sq, d):
            return
        if _fire_edge(st, spell) is None:
            return
        vocab.say(st, "burn", "WW-X10", f"{st.colours[seat]} crosses the wall of fire.",
                  f"{st.colours[seat]} cruza el muro de fuego.")
        vocab.damage(st, Damage(seat, 4, "magical", FIRE, None, "wall-of-fire", attack=False))


def _fire_edge(st: WizWarState, spell: SpellInPlay) -> tuple[int, int] | None:
    """The edge a Wall of Fire spell made, if its barrier still stands there."""
    name = spell.data.get("edge")
    if not isinstance(name, str):
        return None
    sq, d = st.board.parse_edge(name)
    edge = st.board.peek_edge(sq, d)
    if edge is None or edge.kind != "fire" or edge.created_by != spell.caster:
        return None
    return sq, d


# ---- Waterbolt ------------------------------------------------------------------------------
@register("waterbolt")
class Waterbolt(Script):
    """Attack on oneself, a wizard or an object in LOS, or a Wall of Fire edge. `push=N` of the
    energy knocks a wizard back N squares (away from the caster along their line; `dir=` when
    there is no straight line: himself, his own square, around a corner), the rest is magical
    water damage. Fire spells aimed at a wizard hit and his fire items end first; a fire object
    or a fire barrier hit is destroyed, tacks are washed away."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (
        frozenset({"wizard", "object", "edge"}),)
    uses_energy: ClassVar[bool] = True
    options: ClassVar[dict[str, tuple[str, ...]]] = {
        "push": PUSH_VALUES, "dir": ("away", "n", "e", "s", "w")}

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        return ((c,) for c in _enemies_in_los(st, ctx))

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        t = ctx.targets[0]
        push = int(ctx.option("push", "0"))
        reason = _needs_energy(ctx, "Waterbolt's effect is its energy: boost it.",
                               "El efecto del proyectil es su energía: poténcialo.")
        if reason is not None:
            return reason
        if push > ctx.energy:
            return refuse(f"push={push} is more than the spell's energy {ctx.energy}.",
                          f"push={push} supera la energía del hechizo ({ctx.energy}).",
                          "WW-X17")
        if t.kind == "edge" and _fire_spell_at(st, t) is None and not _is_fire_edge(st, t):
            return refuse(f"{t.name} holds no wall of fire.",
                          f"{t.name} no tiene muro de fuego.", "WW-7.3")
        if push and t.kind != "wizard":
            return refuse("Only a wizard can be knocked back.",
                          "Solo se puede hacer retroceder a un mago.", "WW-7.3")
        return _check_dir(st, ctx, push)

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        t = ctx.targets[0]
        push = int(ctx.option("push", "0"))
        if t.kind == "edge":
            _douse_edge(st, t)
        elif t.kind == "object":
            _douse_object(st, ctx, t, ctx.energy)
        else:
            _douse_wizard(st, t.seat)
            vocab.strike(st, ctx.seat, t, ctx.energy - push, "magical", WATER, ctx.card.key)
            d = _push_direction(st, ctx)
            if push and d is not None and st.wizards[t.seat].alive and not st.over:
                vocab.push(st, t.seat, d, push, "WW-7.3")


def _line_direction(st: WizWarState, seat: int, sq: int) -> int | None:
    """The direction in which `seat`'s wizard sees `sq` along a straight line (None: none)."""
    own = st.wizards[seat].square
    blocks = st.blocker_fn()
    return next((d for d in range(4) if sq in st.board.line(own, d, blocks)), None)


def _check_dir(st: WizWarState, ctx: Ctx, push: int) -> IllegalAction | None:
    """`dir=away` (the default) needs a straight line from the caster to the target; an
    explicit direction is for when there is none, with a knock-back."""
    away = ctx.option("dir", "away") == "away"
    if not push:
        return None if away else refuse("dir= only steers a knock-back (push=N).",
                                        "dir= solo orienta un retroceso (push=N).", "WW-7.3")
    line = _line_direction(st, ctx.seat, ctx.targets[0].square)
    if away and line is None:
        return refuse("No straight line from you to the target: say dir=n, e, s or w.",
                      "No hay línea recta hasta el objetivo: indica dir=n, e, s u o (w).",
                      "WW-X5")
    if not away and line is not None:
        return refuse("The knock-back goes away from you: use dir=away.",
                      "El retroceso te aleja del objetivo: usa dir=away.", "WW-X5")
    return None


def _push_direction(st: WizWarState, ctx: Ctx) -> int | None:
    option = ctx.option("dir", "away")
    if option != "away":
        return _direction(option)
    return _line_direction(st, ctx.seat, ctx.targets[0].square)


def _fire_spell_at(st: WizWarState, t: Target) -> SpellInPlay | None:
    """The Wall of Fire spell whose barrier stands on edge `t`."""
    name = st.board.edge_name(t.square, t.side)
    return next((s for s in st.spells if s.data.get("edge") == name
                 and "fire" in st.cards[s.key].tags), None)


def _is_fire_edge(st: WizWarState, t: Target) -> bool:
    edge = st.board.peek_edge(t.square, t.side)
    return edge is not None and edge.kind == "fire"


def _douse_edge(st: WizWarState, t: Target) -> None:
    spell = _fire_spell_at(st, t)
    if spell is not None:
        vocab.end_spell(st, spell, "WW-X16")
    if _is_fire_edge(st, t):
        vocab.remove_edge(st, t.square, t.side, "WW-X21")


def _douse_object(st: WizWarState, ctx: Ctx, t: Target, amount: int) -> None:
    obj = vocab.find_object(st, t.index)
    if obj is None:
        return
    if obj.kind == "tacks" or (obj.card is not None and "fire" in st.card_of(obj.card).tags):
        vocab.destroy_object(st, obj, "WW-X21")        # doused, or washed away
        return
    vocab.strike(st, ctx.seat, t, amount, "magical", WATER, ctx.card.key)


def _douse_wizard(st: WizWarState, seat: int) -> None:
    """Fire spells aimed at the wizard end; his carried fire items are destroyed."""
    colour = st.colours[seat]
    for spell in [s for s in st.spells if "fire" in st.cards[s.key].tags
                  and colour in s.targets]:
        vocab.end_spell(st, spell, "WW-X16")
    wiz = st.wizards[seat]
    for card in [c for c in wiz.items if "fire" in st.card_of(c).tags]:
        vocab.destroy_item(st, seat, card)


# ---- Windrider ------------------------------------------------------------------------------
@register("windrider")
class Windrider(Script):
    """The caster flies `dir=n|e|s|w` for the spell's energy in squares, spending no MP. He
    stops before a wall, a door (his own colour too), an earth wall, an object or a wizard;
    fire barriers and portals are crossed."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = ()
    uses_energy: ClassVar[bool] = True
    options: ClassVar[dict[str, tuple[str, ...]]] = {"dir": ("n", "e", "s", "w")}

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        if "dir" not in ctx.options:
            return refuse("Say the direction: dir=n, e, s or w.",
                          "Indica la dirección: dir=n, e, s u o (w).", "WW-7.3")
        reason = _needs_energy(ctx, "Windrider flies its energy in squares: boost it.",
                               "Jinete del viento vuela tantas casillas como su energía: "
                               "poténcialo.")
        if reason is not None:
            return reason
        if _flight_stops(st, ctx.seat, st.wizards[ctx.seat].square, _direction(ctx.option("dir"))):
            return refuse("Something blocks that way at once.",
                          "Algo bloquea ese camino de inmediato.", "WW-X3")
        return None

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        d = _direction(ctx.option("dir"))
        en, es = _dir_text(d)
        colour = st.colours[ctx.seat]
        vocab.say(st, "fly", "WW-X2", f"{colour} flies {en}.", f"{colour} vuela al {es}.")
        for _ in range(ctx.energy):
            wiz = st.wizards[ctx.seat]
            if not wiz.alive or st.over or _flight_stops(st, ctx.seat, wiz.square, d):
                return
            beyond = st.board.beyond(wiz.square, d)
            assert beyond is not None
            rule = "WW-X6" if st.board.through_portal(wiz.square, d) else "WW-X2"
            vocab.move_wizard(st, ctx.seat, beyond, rule, step=True, side=d)


def _flight_stops(st: WizWarState, seat: int, sq: int, d: int) -> bool:
    """Whether a flight from `sq` toward `d` is stopped before the next square."""
    if _edge_stops(st, sq, d):
        return True
    beyond = st.board.beyond(sq, d)
    assert beyond is not None
    return bool(vocab.objects_at(st, beyond) or vocab.wizards_at(st, beyond)
                or not vocab.can_enter(st, seat, beyond))
