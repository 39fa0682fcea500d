"""The alchemy school. Behaviour in our own words (Add, Powerstone and Null Powder are scripted by
the engine's own helper):

* magic stones (every card tagged `magic-stone`): when their carrier takes fire damage, every
  magic stone he carries is destroyed (`shatter_stones`, driven by the tag, so a stone whose
  script derives from `MagicStone` triggers it and every stone, whatever its script, is lost).
* acid-bath: temporary curse; the target wizard takes 2 magical damage in each of the caster's
  Time Passes; water damage to him washes it off.
* bloodshard: item; each dose of damage its carrier takes is 1 lower.
* boomstone: item, magic stone; thrown as the turn's attack for 4 magical fire damage, then
  discarded; each one lost to fire blows up on its carrier for 4 magical fire damage.
* brainstone: item, magic stone; hand limit +2; draws 2 the first time a wizard comes to carry
  the copy (cast, picked up, taken); when it leaves its carrier he discards 2 hand cards of his
  choice.
* fools-gold: maintained on the caster's home sector; an enemy who picks up a treasure there
  takes 3 magical damage.
* homunculus: maintained; a homunculus object in an empty square, which its caster may move one
  square at the start of each of his turns; no card may target it.
* lifestone: item, magic stone; +1 life at the start of each of its carrier's turns.
* mightstone: item, magic stone; each punch deals a d4 more physical damage.
* speedstone: item, magic stone; base move +1.
* spellstone: item, magic stone; one extra card at the start of each of its carrier's turns,
  if his hand limit allows it.
* stone-dead: attack; magical damage = energy + the target's carried magic stones.
* universal-solvent: item; thrown (not an attack) at an object, wall or door in LOS: both are
  destroyed.
* visionstone: item, magic stone; its carrier's LOS spells may reach through one wall or door.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import islice
from typing import TYPE_CHECKING, ClassVar

from grimorio.core.errors import IllegalAction
from grimorio.games.wiz_war.effects import vocab
from grimorio.games.wiz_war.effects.creation import Creation, made_object
from grimorio.games.wiz_war.effects.mentalism import hand_order
from grimorio.games.wiz_war.effects.registry import Ctx, Holder, Script, register
from grimorio.games.wiz_war.effects.vocab import Damage, refuse, say

if TYPE_CHECKING:
    from grimorio.games.wiz_war.model import BoardObject
    from grimorio.games.wiz_war.state import WizWarState

WIZARD = frozenset({"wizard"})
FIRE = frozenset({"fire"})
MAGIC_STONE = "magic-stone"
LOS_WALLS = ("wall", "door", "earth")       # edges that stop LOS and can be seen through


# ---- shared helpers ----------------------------------------------------------------------------
def magic_stones(st: WizWarState, seat: int) -> list[int]:
    """The magic stones (items tagged `magic-stone`) the wizard carries."""
    return [c for c in st.wizards[seat].items if MAGIC_STONE in st.card_of(c).tags]


def lose_item(st: WizWarState, seat: int, card: int, rule: str, en: str, es: str,
              notify: bool = True) -> None:
    """A carried item is used up or destroyed: it goes to the discard pile (not to the board).
    `notify` tells the item's script it left (Brainstone's discards)."""
    wiz = st.wizards[seat]
    if card not in wiz.items:
        return
    wiz.items.remove(card)
    st.discard.append(card)
    st.changed()
    key = st.keys[card]
    say(st, "item-lost", rule, f"{wiz.colour}'s {key} {en}.", f"{key} de {wiz.colour} {es}.",
        seat=seat, card=key)
    if notify:
        st.script_of(key).on_item_lost(st, seat, card)


def shatter_stones(st: WizWarState, seat: int, source: int | None) -> None:
    """Fire damage destroys every magic stone the wizard carries (the magic stone rule printed
    on each stone); each Boomstone lost so blows up on him for 4 magical fire damage, credited
    to `source` (the fire's own source, WW-X11). The blasts cannot chain: the stones are gone."""
    stones = magic_stones(st, seat)
    for card in stones:
        lose_item(st, seat, card, "WW-X10", "is destroyed by fire",
                  "queda destruida por el fuego", notify=False)
    for card in stones:
        if st.keys[card] == "boomstone":
            vocab.damage(st, Damage(seat, 4, "magical", FIRE, source, "boomstone", False))
    for card in stones:
        st.script_of(st.keys[card]).on_item_lost(st, seat, card)


def carries(h: Holder, seat: int) -> bool:
    """Whether the hook's card is an item carried by `seat` (a dropped one does nothing)."""
    return h.kind == "item" and h.seat == seat


class MagicStone(Script):
    """A carried item tagged `magic-stone`: fire damage to its carrier destroys all his magic
    stones. Playing it only puts it in front of its owner (no target)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = ()

    def on_damaged(self, st: WizWarState, h: Holder, dmg: Damage, taken: int) -> None:
        if (carries(h, dmg.victim) and "fire" in dmg.tags and taken > 0
                and h.card in st.wizards[dmg.victim].items):
            shatter_stones(st, dmg.victim, dmg.source)


# ---- acid bath ---------------------------------------------------------------------------------
@register("acid-bath")
class AcidBath(Script):
    """Temporary curse (an attack only when cast): 2 magical damage to the target in each of
    the caster's Time Passes (step 1, WW-4.2, so also on the turn its last token goes, WW-4.6);
    lingering, so no kill credit (WW-X11). Water damage to the target ends it."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (WIZARD,)
    uses_energy: ClassVar[bool] = True

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        return ((c,) for c in vocab.targets_in_range(st, ctx, WIZARD))

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        who = ctx.targets[0].name
        say(st, "curse", "WW-X16", f"{who} is drenched in acid.", f"{who} queda bañado en ácido.")

    def on_time_passes(self, st: WizWarState, h: Holder) -> None:
        spell = h.spell
        if h.kind != "spell" or spell is None:
            return
        target = vocab.read_target(st, spell.targets[0])
        if target is None or target.kind != "wizard":
            vocab.end_spell(st, spell, "WW-7.3")       # its wizard is dead: nothing to burn
            return
        vocab.damage(st, Damage(target.seat, 2, "magical", frozenset(), None, self.key, False),
                     "WW-4.2")

    def on_damaged(self, st: WizWarState, h: Holder, dmg: Damage, taken: int) -> None:
        spell = h.spell
        if (h.kind == "spell" and spell is not None and "water" in dmg.tags
                and spell.targets[0] == st.colours[dmg.victim]):
            say(st, "washed", "WW-X16", "Water washes the acid off.", "El agua lava el ácido.")
            vocab.end_spell(st, spell, "WW-X16")


# ---- bloodshard --------------------------------------------------------------------------------
@register("bloodshard")
class Bloodshard(Script):
    """Item: every dose of damage its carrier takes is 1 lower (each source separately)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = ()

    def damage_taken(self, st: WizWarState, h: Holder, dmg: Damage) -> int:
        if carries(h, dmg.victim):
            return dmg.amount - 1
        return dmg.amount


# ---- boomstone ---------------------------------------------------------------------------------
@register("boomstone")
class Boomstone(MagicStone):
    """Item, magic stone: `use boomstone <wizard|object>` throws it as the turn's attack (WW-X9)
    for 4 magical fire damage to a target in LOS; it is then discarded. Lost to fire, it blows
    up on its carrier (see `shatter_stones`)."""

    use_slots: ClassVar[tuple[frozenset[str], ...]] = (frozenset({"wizard", "object"}),)
    use_is_attack: ClassVar[bool] = True

    def use_candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        return ((c,) for c in vocab.targets_in_range(st, ctx, WIZARD))

    def check_use(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        return _not_homunculus(st, ctx)

    def use(self, st: WizWarState, ctx: Ctx) -> None:
        vocab.strike(st, ctx.seat, ctx.targets[0], 4, "magical", FIRE, self.key)
        lose_item(st, ctx.seat, ctx.instance, "WW-X9", "is spent", "se gasta")


def _not_homunculus(st: WizWarState, ctx: Ctx) -> IllegalAction | None:
    """A homunculus is never a valid target (the card's own reading, WW-10.5)."""
    t = ctx.targets[0]
    obj = vocab.find_object(st, t.index) if t.kind == "object" else None
    if obj is not None and obj.kind == "homunculus":
        return refuse("A homunculus cannot be targeted.",
                      "Un homúnculo no puede ser objetivo.", "WW-10.5")
    return None


# ---- brainstone --------------------------------------------------------------------------------
@register("brainstone")
class Brainstone(MagicStone):
    """Item, magic stone: hand limit +2 (WW-6.7) while carried; the first time a wizard comes
    to carry this copy (cast, picked up, taken by Yoink) he draws 2 cards (WW-6.4 applies): the
    copies he has carried are remembered in his `data["brainstone"]`, forgotten by everyone when
    the copy is cast again (a new play always draws); when it leaves its carrier (dropped,
    made to drop, taken, lost to fire) he discards 2 hand cards of his choice, one `choose` at
    a time (fewer if his hand is short)."""

    def hand_limit(self, st: WizWarState, h: Holder, seat: int, value: int) -> int:
        return value + 2 if carries(h, seat) else value

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        for wiz in st.wizards:             # cast anew: who carried it before no longer counts
            had = wiz.data.get("brainstone", [])
            if ctx.instance in had:
                wiz.data["brainstone"] = [c for c in had if c != ctx.instance]
        self._first_time(st, ctx.seat, ctx.instance)

    def on_item_gained(self, st: WizWarState, seat: int, card: int) -> None:
        self._first_time(st, seat, card)

    def _first_time(self, st: WizWarState, seat: int, card: int) -> None:
        """Draw 2 unless this wizard has carried this copy before."""
        if not self._remember(st, seat, card):
            vocab.draw(st, seat, 2, "WW-6.7")

    @staticmethod
    def _remember(st: WizWarState, seat: int, card: int) -> bool:
        """Note that `seat` carries copy `card`; whether he had carried it before."""
        data = st.wizards[seat].data
        had = data.get("brainstone", [])
        if card not in had:
            data["brainstone"] = sorted([*had, card])      # a new list: copies share old ones
        return card in had

    def on_item_lost(self, st: WizWarState, seat: int, card: int) -> None:
        wiz = st.wizards[seat]
        self._remember(st, seat, card)       # carried from the setup: he has had it too
        if wiz.alive and wiz.life > 0:
            self._discard(st, Ctx(seat, st.card_of(card), card), 2)

    def _discard(self, st: WizWarState, ctx: Ctx, n: int) -> None:
        """Discard `n` hand cards: ask which while there is a choice. The question names places
        in the sorted hand (`choose 2`), never keys, like Brain Burn (WW-2.9); it is asked
        whenever the hand is longer than `n`, so whether it is asked tells nothing either."""
        hand = st.wizards[ctx.seat].hand
        if n <= 0 or not hand:
            return
        if len(hand) <= n:
            for c in sorted(hand)[:n]:
                vocab.discard_card(st, ctx.seat, c, "WW-6.7")
            return
        vocab.ask(st, ctx.seat, ctx, str(n), [str(i) for i in range(1, len(hand) + 1)])

    def on_choice(self, st: WizWarState, ctx: Ctx, tag: str, option: str) -> None:
        hand = hand_order(st, ctx.seat)
        if not option.isdigit() or not 1 <= int(option) <= len(hand) \
                or not st.wizards[ctx.seat].alive:
            return
        vocab.discard_card(st, ctx.seat, hand[int(option) - 1], "WW-6.7")
        self._discard(st, ctx, int(tag) - 1)


# ---- fool's gold -------------------------------------------------------------------------------
@register("fools-gold")
class FoolsGold(Script):
    """Maintained on the caster's own home sector: an enemy wizard who picks up a treasure
    lying in it takes 3 magical damage (a trap: not an attack, no kill credit, WW-X11)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (frozenset({"sector"}),)

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        return [(f"sector:{st.colours[ctx.seat]}",)]

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        if ctx.targets[0].name != f"sector:{st.colours[ctx.seat]}":
            return refuse("Fool's Gold goes on your own home sector.",
                          "Oro de los tontos va sobre tu propio sector base.", "WW-10.6")
        return None

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        say(st, "trap", "WW-X16", f"The {st.colours[ctx.seat]} treasures are trapped.",
            f"Los tesoros de {st.colours[ctx.seat]} quedan con trampa.")

    def on_pick_up_treasure(self, st: WizWarState, h: Holder, seat: int, name: str) -> None:
        spell = h.spell
        if h.kind != "spell" or spell is None or seat == spell.caster:
            return
        sector = vocab.read_target(st, spell.targets[0])
        if sector is not None and st.board.sector_of(st.wizards[seat].square) == sector.index:
            say(st, "trap", "WW-X16", f"The treasure {name} was fool's gold.",
                f"El tesoro {name} era oro de los tontos.")
            vocab.damage(st, Damage(seat, 3, "magical", frozenset(), None, self.key, False))


# ---- homunculus --------------------------------------------------------------------------------
@register("homunculus")
class Homunculus(Creation):
    """Maintained: a homunculus object (5 life, in `data`) in an empty square in LOS (WW-10.9,
    WW-X21). At the start of each of the caster's turns (Time Passes step 1) he may move it one
    square (`choose n|e|s|w|stay`), through edges he himself could cross, never into a square
    that blocks movement. It blocks nothing, makes its square non-empty, and no card may target
    it (the alchemy cards refuse it; other damage finds no crack limit to fill). Ending the
    spell removes it."""

    kind: ClassVar[str] = "homunculus"

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        own = st.wizards[ctx.seat].square
        empty = (sq for sq in sorted(st.visible_from(own), key=lambda s: st.board.distance(own, s))
                 if vocab.is_empty(st, sq))
        return [(st.board.square_name(sq),) for sq in islice(empty, 4)]

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        super().resolve(st, ctx)
        obj = None if ctx.spell is None else made_object(st, ctx.spell)
        if obj is not None:
            obj.data["life"] = 5

    def on_time_passes(self, st: WizWarState, h: Holder) -> None:
        spell = h.spell
        if spell is None:
            return
        obj = made_object(st, spell)
        if obj is None:                          # destroyed by some other card: it is over
            vocab.end_spell(st, spell, "WW-X16")
            return
        options = [vocab.DIRS[d] for d in _homunculus_steps(st, spell.caster, obj)]
        if options:
            ctx = Ctx(spell.caster, st.cards[spell.key], spell.card, spell.targets,
                      spell=spell)
            vocab.ask(st, spell.caster, ctx, "move", [*options, "stay"])

    def on_choice(self, st: WizWarState, ctx: Ctx, tag: str, option: str) -> None:
        obj = None if ctx.spell is None else made_object(st, ctx.spell)
        if obj is None or option not in vocab.DIRS:
            return
        d = vocab.DIRS.index(option)
        beyond = st.board.beyond(obj.square, d)
        if d in _homunculus_steps(st, ctx.seat, obj) and beyond is not None:
            obj.square = beyond
            st.changed()
            where = st.board.square_name(beyond)
            say(st, "object-moves", "WW-X21", f"The homunculus walks to {where}.",
                f"El homúnculo camina hasta {where}.")


def _homunculus_steps(st: WizWarState, caster: int, obj: BoardObject) -> Iterator[int]:
    """Directions the homunculus may step: an edge its caster could cross, into a square that
    does not block movement (WW-X3, WW-X4, WW-X21)."""
    for d in range(4):
        beyond = st.board.beyond(obj.square, d)
        if beyond is not None and vocab.edge_blocks(st, caster, obj.square, d) is None \
                and vocab.can_enter(st, caster, beyond):
            yield d


# ---- the simple stones -------------------------------------------------------------------------
@register("lifestone")
class Lifestone(MagicStone):
    """Item, magic stone: its carrier heals 1 at the start of each of his turns (Time Passes
    step 1), never above 20 (WW-X10)."""

    def on_time_passes(self, st: WizWarState, h: Holder) -> None:
        if h.kind == "item" and h.seat is not None:
            vocab.heal(st, h.seat, 1, "WW-4.2")


@register("mightstone")
class Mightstone(MagicStone):
    """Item, magic stone: each punch of its carrier (at a wizard, a wall, a door or an object)
    deals extra physical damage equal to a d4 rolled as the punch is thrown (the engine's
    `punch_roll` hook, WW-X8)."""

    def punch_roll(self, st: WizWarState, h: Holder, seat: int) -> int:
        if not carries(h, seat):
            return 0
        return vocab.roll_d4(st, "Mightstone", "Piedra de fuerza", "WW-X8")


@register("speedstone")
class Speedstone(MagicStone):
    """Item, magic stone: its carrier's base move is 1 higher (WW-5.2)."""

    def base_move(self, st: WizWarState, h: Holder, seat: int, value: int) -> int:
        return value + 1 if carries(h, seat) else value


@register("spellstone")
class Spellstone(MagicStone):
    """Item, magic stone: at the start of each of its carrier's turns (Time Passes step 1) he
    draws 1 extra card, if that keeps him within his maximum hand size (WW-6.2, WW-A5)."""

    def on_time_passes(self, st: WizWarState, h: Holder) -> None:
        seat = h.seat
        if h.kind == "item" and seat is not None \
                and vocab.hand_count(st, seat) < vocab.hand_limit(st, seat):
            vocab.draw(st, seat, 1, "WW-6.2")


@register("visionstone")
class Visionstone(MagicStone):
    """Item, magic stone: its carrier's LOS spells (not thrown items, not punches) may reach a
    target beyond one wall or door: the line of sight goes on past the first wall or door it
    meets in each direction (WW-9.4, WW-X5). Menus list only targets in plain LOS."""

    def spell_sees(self, st: WizWarState, h: Holder, seat: int, sq: int) -> bool:
        return carries(h, seat) and sq in through_one_wall(st, st.wizards[seat].square)


def through_one_wall(st: WizWarState, sq: int) -> set[int]:
    """Squares seen from `sq` once the first wall or door on each of its four lines is ignored
    (an object that stops LOS still stops it)."""
    board = st.board
    blockers = st.blockers()
    blocks = st.blocker_fn()
    out: set[int] = set()
    for d in range(4):
        seen = board.line(sq, d, blocks)
        last = seen[-1] if seen else sq
        edge = board.peek_edge(last, d)
        beyond = board.beyond(last, d)
        if (last in blockers and last != sq) or edge is None or edge.kind not in LOS_WALLS \
                or beyond is None:
            continue
        out.add(beyond)
        if beyond not in blockers:
            out.update(board.line(beyond, d, blocks))
    return out


# ---- stone dead ----------------------------------------------------------------------------------
@register("stone-dead")
class StoneDead(Script):
    """Attack: magical damage to a wizard in LOS equal to the spell's energy (WW-X17) plus 1 per
    magic stone he carries when it resolves."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (WIZARD,)
    uses_energy: ClassVar[bool] = True

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        return ((c,) for c in vocab.targets_in_range(st, ctx, WIZARD))

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        if ctx.energy <= 0 and not magic_stones(st, ctx.targets[0].seat):
            return refuse("With no energy and no magic stones to count it would do nothing.",
                          "Sin energía ni piedras mágicas que contar no haría nada.", "WW-X17")
        return None

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        target = ctx.targets[0]
        amount = ctx.energy + len(magic_stones(st, target.seat))
        vocab.strike(st, ctx.seat, target, amount, "magical", card=self.key)


# ---- universal solvent -------------------------------------------------------------------------
@register("universal-solvent")
class UniversalSolvent(Script):
    """Item: `use universal-solvent <object|edge>` on your turn, not an attack: an object in LOS
    (a dropped item, a bush, a block...), or a wall or door (never the outer wall, never a
    treasure or a homunculus) is destroyed, and so is the solvent (WW-X9, WW-10.5)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = ()
    use_slots: ClassVar[tuple[frozenset[str], ...]] = (frozenset({"object", "edge"}),)

    def use_candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        walls = (n for n in vocab.targets_in_range(st, ctx, frozenset({"edge"}))
                 if _dissolvable_edge(st, n))
        things = (n for n in vocab.targets_in_range(st, ctx, frozenset({"object"}))
                  if not n.endswith(":homunculus"))
        return [(n,) for n in [*islice(things, 6), *islice(walls, 6)]]

    def check_use(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        t = ctx.targets[0]
        if t.kind == "edge" and not _dissolvable_edge(st, t.name):
            return refuse(f"{t.name} holds no wall or door the solvent can eat.",
                          f"{t.name} no tiene muro ni puerta que el disolvente pueda comer.",
                          "WW-X3")
        return _not_homunculus(st, ctx)

    def use(self, st: WizWarState, ctx: Ctx) -> None:
        t = ctx.targets[0]
        if t.kind == "edge":
            vocab.remove_edge(st, t.square, t.side, "WW-10.5")
        else:
            obj = vocab.find_object(st, t.index)
            if obj is not None:
                vocab.destroy_object(st, obj, "WW-10.5")
        lose_item(st, ctx.seat, ctx.instance, "WW-X9", "is used up", "se agota")


def _dissolvable_edge(st: WizWarState, name: str) -> bool:
    sq, d = st.board.parse_edge(name)
    edge = st.board.peek_edge(sq, d)
    return edge is not None and edge.kind in vocab.EDGE_CRACKS
