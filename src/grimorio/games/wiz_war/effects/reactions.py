"""Reactions: the cards that answer an attack, a treasure pickup or damage, and the two energy
cards that change how much a spent card is worth. Behaviour in our own words:

* teleport: jump to a square at most 4 steps away, ignoring walls, doors and objects; on your
  own turn you cannot move again. As a counter when attacked: the same jump, and the attack
  misses if the attacker no longer sees you.
* invisible: temporary; every attack on you is evaded on a d4 roll of 2-4.
* gnome-form: maintained transformation; base move 2, attacks on you evaded on a d4 of 1-2.
* pain-link: temporary; damage an attack deals you is dealt to the attacker too (not an attack).
* featherweight: counter, temporary; each point of damage you would take pushes you a square
  away from its source instead; what is left when you cannot move is taken normally.
* flood: global water spell, temporary; ends every fire spell, destroys fire items, objects and
  walls; nobody may play fire cards while it lasts; as a counter it also stops a fire attack.
* wall-of-earth: counter to any attack; an earth wall rises for a moment on an open edge in LOS:
  if the attacker no longer reaches the target, the attack is blocked; the wall then falls.
* null-powder: item; discarded as a counter it cancels a spell aimed at you; discarded on your
  turn (`use`) it ends one spell in play.
* ward: counter when another wizard picks up one of your treasures: 3 magical damage to him,
  then his d4 roll of 1-2 drops the treasure.
* shield: counter when attacked; the damage that attack deals you is reduced by the spell's
  energy plus 2 (it lasts while that attack resolves).
* add: spend two cards together; their energy goes to your next spell this turn (WW-X17).
* powerstone: item, magic stone; each card you spend for energy is worth 1 more; fire damage to
  you destroys your magic stones.

Every "when you are attacked" counter asks `vocab.attacked_by(st, cast, seat)`, so it answers an
attack spell, a punch (WW-X8) or an attack with an item (WW-X9) alike.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar

from grimorio.core.errors import IllegalAction
from grimorio.games.wiz_war.effects import mutation, vocab
from grimorio.games.wiz_war.effects.registry import Ctx, Holder, Script, register
from grimorio.games.wiz_war.effects.vocab import Damage, refuse, say

if TYPE_CHECKING:
    from grimorio.games.wiz_war.cards import Card
    from grimorio.games.wiz_war.model import Cast, SpellInPlay
    from grimorio.games.wiz_war.state import WizWarState

NONE: tuple[frozenset[str], ...] = ()
SQUARE = frozenset({"square"})
WIZARD = frozenset({"wizard"})
EDGE = frozenset({"edge"})
SPELL = frozenset({"spell"})
TELEPORT_STEPS = 4
TELEPORT_CHOICES = 6


def _caster(h: Holder) -> int:
    """The seat a self-spell protects (its caster)."""
    return -1 if h.seat is None else h.seat


def _answering_attack(st: WizWarState, seat: int, cast: Cast) -> bool:
    """A "when you are attacked" counter: `cast` is an attack on `seat` (WW-X18)."""
    return vocab.attacked_by(st, cast, seat)


def _roll_evade(st: WizWarState, h: Holder, dmg: Damage, low: int, high: int,
                en: str, es: str) -> bool:
    """Roll the d4 for an evasion (WW-X19): evaded on low..high."""
    if dmg.victim != _caster(h):
        return False
    return low <= vocab.roll_d4(st, en, es) <= high


# ---- teleport -----------------------------------------------------------------------------------
def within_steps(st: WizWarState, start: int, steps: int) -> dict[int, int]:
    """Squares at most `steps` orthogonal steps away, walls ignored, portals followed
    (distance per square)."""
    dist = {start: 0}
    frontier = [start]
    for step in range(1, steps + 1):
        nxt: list[int] = []
        for sq in frontier:
            for _d, beyond in st.board.neighbours(sq):
                if beyond not in dist:
                    dist[beyond] = step
                    nxt.append(beyond)
        frontier = nxt
    return dist


@register("teleport")
class Teleport(Script):
    """Jump up to 4 steps away (walls, doors, objects ignored) onto a square you may enter; on
    your own turn you may not move again. As a counter when attacked: jump, and the attack misses
    if the attacker no longer sees you (WW-X5)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (SQUARE,)
    ranged: ClassVar[bool] = False

    def answers(self, st: WizWarState, seat: int, cast: Cast) -> bool:
        return _answering_attack(st, seat, cast)

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        # Squares out of sight of the attacker (or of every enemy) first, farthest first.
        own = st.wizards[ctx.seat].square
        watchers = ([ctx.answering.seat] if ctx.answering is not None else
                    [w.seat for w in st.wizards if w.alive and w.seat != ctx.seat])
        ranked = sorted(((any(vocab.sees(st, w, sq) for w in watchers), -dist, sq)
                         for sq, dist in within_steps(st, own, TELEPORT_STEPS).items()
                         if sq != own and vocab.can_enter(st, ctx.seat, sq)))
        return [(st.board.square_name(sq),) for _seen, _d, sq in ranked[:TELEPORT_CHOICES]]

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        sq = ctx.targets[0].square
        own = st.wizards[ctx.seat].square
        if sq == own or sq not in within_steps(st, own, TELEPORT_STEPS):
            return refuse("Teleport to another square at most 4 steps away.",
                          "Teletranspórtate a otra casilla a 4 pasos o menos.", "WW-9.2")
        if not vocab.can_enter(st, ctx.seat, sq):
            return refuse("Something fills that square.", "Algo llena esa casilla.", "WW-X21")
        return None

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        sq = ctx.targets[0].square
        vocab.move_wizard(st, ctx.seat, sq, "WW-7.6" if ctx.verb == "counter" else "WW-7.2")
        if ctx.verb == "play" and st.active == ctx.seat:
            st.turn.stopped = True                     # no more moving this turn
        attack = ctx.answering
        if attack is not None and st.wizards[ctx.seat].square == sq \
                and not vocab.sees(st, attack.seat, sq):
            vocab.counter_cast(st, attack.cid, "WW-X18")
            say(st, "evade", "WW-X18", f"{st.colours[ctx.seat]} is out of sight: the attack "
                "misses.", f"{st.colours[ctx.seat]} queda fuera de la vista: el ataque falla.")


# ---- evasion spells -----------------------------------------------------------------------------
@register("invisible")
class Invisible(Script):
    """Temporary: each attack on the caster is evaded on a d4 roll of 2-4. Cast as a counter it
    already covers the attack that triggered it (it is in play when that attack resolves)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = NONE
    uses_energy: ClassVar[bool] = True

    def answers(self, st: WizWarState, seat: int, cast: Cast) -> bool:
        return _answering_attack(st, seat, cast)

    def evades(self, st: WizWarState, h: Holder, dmg: Damage) -> bool:
        return _roll_evade(st, h, dmg, 2, 4, "Invisible: evade on 2-4", "Invisible: esquiva "
                           "con 2-4")


@register("gnome-form")
class GnomeForm(Script):
    """Maintained transformation: the caster's base move is 2 and each attack on him is evaded
    on a d4 roll of 1-2. Also a counter when attacked. A form: it ends his other forms
    (`mutation.end_other_forms`)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = NONE

    def answers(self, st: WizWarState, seat: int, cast: Cast) -> bool:
        return _answering_attack(st, seat, cast)

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        if any(s.key == "gnome-form" and s.caster == ctx.seat for s in st.spells):
            return refuse("You already are a gnome.", "Ya eres un gnomo.", "WW-7.3")
        return None

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        mutation.end_other_forms(st, ctx.seat, ctx.spell)

    def base_move(self, st: WizWarState, h: Holder, seat: int, value: int) -> int:
        return 2 if seat == h.seat else value

    def evades(self, st: WizWarState, h: Holder, dmg: Damage) -> bool:
        return _roll_evade(st, h, dmg, 1, 2, "Gnome: evade on 1-2", "Gnomo: esquiva con 1-2")


# ---- pain link ----------------------------------------------------------------------------------
def _turn_id(st: WizWarState) -> list[int]:
    return [st.round, st.active]


@register("pain-link")
class PainLink(Script):
    """Temporary: damage an attack by a wizard deals the caster is dealt to that attacker too
    (not an attack, never evaded). It scores a kill only in the turn it was cast (WW-X11)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = NONE
    uses_energy: ClassVar[bool] = True

    def answers(self, st: WizWarState, seat: int, cast: Cast) -> bool:
        return _answering_attack(st, seat, cast)

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        if ctx.spell is not None:
            ctx.spell.data["cast_turn"] = _turn_id(st)

    def on_damaged(self, st: WizWarState, h: Holder, dmg: Damage, taken: int) -> None:
        source = dmg.source
        if dmg.victim != h.seat or not dmg.attack or source is None or source == dmg.victim:
            return
        if not st.wizards[source].alive or taken <= 0:
            return
        fresh = h.spell is not None and h.spell.data.get("cast_turn") == _turn_id(st)
        say(st, "pain-link", "WW-X10", f"Pain Link: {st.colours[source]} feels it too.",
            f"Vínculo de dolor: {st.colours[source]} también lo sufre.")
        vocab.damage(st, Damage(source, taken, dmg.kind, dmg.tags,
                                dmg.victim if fresh else None, "pain-link", attack=False))


# ---- featherweight ------------------------------------------------------------------------------
def _away_from(st: WizWarState, victim: int, source: int | None) -> int:
    """The direction straight away from the damage's source, or a random one (WW-X19) when
    there is no source wizard on the same row or column."""
    width = st.board.width
    here = st.wizards[victim].square
    if source is not None and source != victim and st.wizards[source].alive:
        there = st.wizards[source].square
        (row, col), (srow, scol) = divmod(here, width), divmod(there, width)
        if row == srow and col != scol:
            return 1 if col > scol else 3
        if col == scol and row != srow:
            return 2 if row > srow else 0
    return vocab.random_direction(st)


@register("featherweight")
class Featherweight(Script):
    """Counter when attacked; temporary. Each point of damage the caster would take pushes him
    one square straight away from its source instead (grimorio's reading: no turning at
    junctions); what is left when he cannot move further is taken normally."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = NONE

    def answers(self, st: WizWarState, seat: int, cast: Cast) -> bool:
        return _answering_attack(st, seat, cast)

    def damage_taken(self, st: WizWarState, h: Holder, dmg: Damage) -> int:
        if dmg.victim != h.seat:
            return dmg.amount
        d = _away_from(st, dmg.victim, dmg.source)
        moved = vocab.push(st, dmg.victim, d, dmg.amount, "WW-X10")
        say(st, "featherweight", "WW-X10",
            f"Featherweight: {st.colours[dmg.victim]} is blown {moved} square(s) away.",
            f"Peso pluma: {st.colours[dmg.victim]} sale despedido {moved} casilla(s).")
        return dmg.amount - moved


# ---- flood --------------------------------------------------------------------------------------
def _fire(card: Card | None) -> bool:
    return card is not None and "fire" in card.tags


@register("flood")
class Flood(Script):
    """Global, temporary. When cast, every fire spell ends and every fire item, fire object and
    fire wall is destroyed; while it lasts nobody may play fire cards. Also a counter when
    attacked; as a counter it also stops the attack if that is a fire card."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = NONE
    uses_energy: ClassVar[bool] = True

    def answers(self, st: WizWarState, seat: int, cast: Cast) -> bool:
        return _answering_attack(st, seat, cast)

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        say(st, "flood", "WW-7.2", "Water floods the maze.", "El agua inunda el laberinto.")
        for spell in [s for s in st.spells if _fire(st.cards[s.key])]:
            vocab.end_spell(st, spell, "WW-7.2")
        for wiz in st.wizards:
            for card in [c for c in wiz.items if _fire(st.card_of(c))]:
                vocab.destroy_item(st, wiz.seat, card, "WW-7.2")
        for obj in [o for o in st.objects if o.card is not None and _fire(st.card_of(o.card))]:
            if obj in st.objects:
                vocab.destroy_object(st, obj, "WW-7.2")
        board = st.board
        for sq in board.squares():
            for d in (1, 2):
                edge = board.peek_edge(sq, d)
                if edge is not None and edge.kind == "fire":
                    vocab.remove_edge(st, sq, d, "WW-7.2")
        attack = ctx.answering
        if attack is not None and _fire(vocab.cast_card(st, attack)):
            vocab.counter_cast(st, attack.cid)

    def can_cast(self, st: WizWarState, h: Holder, seat: int, card: Card) -> bool:
        return not _fire(card)


# ---- wall of earth ------------------------------------------------------------------------------
def _attack_range(st: WizWarState, cast: Cast) -> str:
    card = vocab.cast_card(st, cast)
    return "adjacent" if card is None else card.range


@register("wall-of-earth")
class WallOfEarth(Script):
    """Counter to any attack: an earth wall rises on an open edge in LOS. If the attacker then
    reaches none of the attack's targets (its LOS line, or reach for a punch, crosses the wall)
    the attack is blocked; either way the wall falls at once (it stands for that one attack)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (EDGE,)

    def answers(self, st: WizWarState, seat: int, cast: Cast) -> bool:
        return vocab.is_attack(st, cast) and not cast.countered

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        # Open edges of the attacked squares (those that can cut the attack's line).
        attack = ctx.answering
        squares: set[int] = set()
        if attack is not None:
            for text in attack.targets:
                t = vocab.read_target(st, text)
                squares.update(vocab.target_squares(t, st) or [] if t is not None else [])
        out: list[tuple[str, ...]] = []
        for name in vocab.targets_in_range(st, ctx, EDGE):
            sq, d = st.board.parse_edge(name)
            beyond = st.board.beyond(sq, d)
            if st.board.peek_edge(sq, d) is None and (sq in squares or beyond in squares):
                out.append((name,))
        return out

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        t = ctx.targets[0]
        if st.board.beyond(t.square, t.side) is None \
                or st.board.peek_edge(t.square, t.side) is not None:
            return refuse(f"{t.name} is not an open edge.", f"{t.name} no es un borde libre.",
                          "WW-A15")
        return None

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        t = ctx.targets[0]
        attack = ctx.answering
        if st.board.peek_edge(t.square, t.side) is not None:
            return
        vocab.make_edge(st, t.square, t.side, "earth", ctx.seat, rule="WW-X21")
        if attack is not None and not attack.countered:
            rng = _attack_range(st, attack)
            reached = [tt for tt in (vocab.read_target(st, x) for x in attack.targets)
                       if tt is not None and vocab.in_range(st, attack.seat, rng, tt)]
            if attack.targets and not reached:
                vocab.counter_cast(st, attack.cid, "WW-X18")
                say(st, "blocked", "WW-X18", "The earth wall blocks the attack.",
                    "El muro de tierra detiene el ataque.")
        vocab.remove_edge(st, t.square, t.side, "WW-X18")


# ---- null powder --------------------------------------------------------------------------------
def _spell_at(st: WizWarState, seat: int, cast: Cast) -> bool:
    """A spell (not mundane) cast by another player with `seat`'s wizard as a target."""
    card = vocab.cast_card(st, cast)
    return (card is not None and cast.seat != seat and card.is_spell and not card.mundane
            and st.colours[seat] in cast.targets)


@register("null-powder")
class NullPowder(Script):
    """Item. Carried, it may be discarded as a counter to cancel a spell aimed at its carrier,
    or discarded on his turn (`use null-powder spell:...`) to end one spell in play."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = NONE
    use_slots: ClassVar[tuple[frozenset[str], ...]] = (SPELL,)
    ranged: ClassVar[bool] = False

    def answers(self, st: WizWarState, seat: int, cast: Cast) -> bool:
        return _spell_at(st, seat, cast)

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        if ctx.verb == "counter" and ctx.answering is not None:
            vocab.counter_cast(st, ctx.answering.cid)

    def use_candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        return [(vocab.spell_notation(st, s),) for s in st.spells if s.caster != ctx.seat]

    def check_use(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        return None

    def use(self, st: WizWarState, ctx: Ctx) -> None:
        spell = vocab.find_spell(st, ctx.targets[0].index)
        wiz = st.wizards[ctx.seat]
        if ctx.instance in wiz.items:
            wiz.items.remove(ctx.instance)
            st.discard.append(ctx.instance)
            st.changed()
            say(st, "discard", "WW-7.9", f"{wiz.colour} discards null-powder.",
                f"{wiz.colour} descarta null-powder.", seat=ctx.seat, card="null-powder")
        if spell is not None:
            vocab.end_spell(st, spell, "WW-7.9")


# ---- ward ---------------------------------------------------------------------------------------
@register("ward")
class Ward(Script):
    """Counter when another wizard picks up one of your treasures: he takes 3 magical damage,
    then rolls the d4: on 1-2 he drops that treasure in his square."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (WIZARD,)
    ranged: ClassVar[bool] = False

    def answers(self, st: WizWarState, seat: int, cast: Cast) -> bool:
        if cast.verb != "trigger" or cast.key != "pickup" or cast.seat == seat:
            return False
        t = vocab.read_target(st, cast.targets[0]) if cast.targets else None
        return t is not None and st.treasures[t.index].colour == st.colours[seat]

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        return [] if ctx.answering is None else [(st.colours[ctx.answering.seat],)]

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        if ctx.answering is None or ctx.targets[0].seat != ctx.answering.seat:
            return refuse("Ward strikes the wizard who picked up your treasure.",
                          "Salvaguarda golpea al mago que recogió tu tesoro.", "WW-7.3")
        return None

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        victim = ctx.targets[0].seat
        vocab.damage(st, Damage(victim, 3, "magical", frozenset(), ctx.seat, "ward"))
        attack = ctx.answering
        if attack is None or not st.wizards[victim].alive:
            return
        t = vocab.read_target(st, attack.targets[0])
        if t is None or t.index not in st.wizards[victim].treasures:
            return
        if vocab.roll_d4(st, "Ward: drop the treasure on 1-2", "Salvaguarda: suelta el tesoro "
                         "con 1-2") <= 2:
            vocab.drop_treasure(st, victim, t.index, "WW-7.6")


# ---- shield -------------------------------------------------------------------------------------
@register("shield")
class Shield(Script):
    """Counter when attacked: the damage that attack deals the caster is reduced by the spell's
    energy plus 2. It stays in play only while that attack resolves (`data["until_cast"]`)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = NONE

    def answers(self, st: WizWarState, seat: int, cast: Cast) -> bool:
        return _answering_attack(st, seat, cast)

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        attack = ctx.answering
        if ctx.spell is None:
            return
        if attack is None:
            vocab.end_spell(st, ctx.spell, "WW-7.6")
            return
        ctx.spell.data.update(until_cast=attack.cid, source=attack.seat, left=ctx.energy + 2)
        say(st, "shield", "WW-7.6", f"A shield takes off up to {ctx.energy + 2} damage.",
            f"Un escudo quita hasta {ctx.energy + 2} de daño.")

    def damage_taken(self, st: WizWarState, h: Holder, dmg: Damage) -> int:
        spell = h.spell
        if spell is None or dmg.victim != h.seat or dmg.source != spell.data.get("source"):
            return dmg.amount
        left = int(spell.data.get("left", 0))
        cut = min(left, dmg.amount)
        spell.data["left"] = left - cut          # one source: the pool covers all its doses
        return dmg.amount - cut


# ---- energy: add, powerstone --------------------------------------------------------------------
@register("add")
class Add(Script):
    """Spend two cards together (`play add with a+b`): their energy, summed, is the energy of
    your next spell this turn (WW-X17); unused, it is lost when the turn ends."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = NONE
    boost_cards: ClassVar[int] = 2

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        if ctx.boosts != 2:
            return refuse("Add combines two cards: play add with a+b.",
                          "Sumar combina dos cartas: play add with a+b.", "WW-X17")
        if st.turn.added:
            return refuse("Add's energy already waits for your next spell.",
                          "La energía de Sumar ya espera a tu siguiente hechizo.", "WW-X17")
        return None

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        if st.active == ctx.seat:
            st.turn.added = ctx.energy
            say(st, "add", "WW-X17", f"Your next spell this turn gets energy {ctx.energy}.",
                f"Tu siguiente hechizo de este turno tendrá energía {ctx.energy}.")


@register("powerstone")
class Powerstone(Script):
    """Item, magic stone: every card its carrier spends for energy (speed boost or spell) is
    worth 1 more (WW-X17). Fire damage to him destroys all his magic stones."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = NONE

    def card_energy(self, st: WizWarState, h: Holder, seat: int, value: int) -> int:
        return value + 1 if seat == h.seat else value

    def on_damaged(self, st: WizWarState, h: Holder, dmg: Damage, taken: int) -> None:
        if dmg.victim != h.seat or "fire" not in dmg.tags or taken <= 0:
            return
        wiz = st.wizards[dmg.victim]
        for card in [c for c in wiz.items if "magic-stone" in st.card_of(c).tags]:
            vocab.destroy_item(st, wiz.seat, card, "WW-X10")


def shield_spells(st: WizWarState, seat: int) -> list[SpellInPlay]:
    """The shields protecting `seat` now (tests, menus)."""
    return [s for s in st.spells if s.key == "shield" and s.caster == seat]
