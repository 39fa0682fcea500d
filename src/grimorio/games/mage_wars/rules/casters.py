"""Casters other than the mage and spells held by objects: familiars (MW-5.40-MW-5.45,
MW-A26), spawnpoints and the Deployment step (MW-5.52-MW-5.57, MW-3.22, MW-A11), Spellbind
(MW-5.113-MW-5.118) and the mana counters such objects channel (MW-3.10, MW-X-12.1).

No apprentice card is a familiar or a spawnpoint or has Spellbind, so everything is read from
the card data: the printed traits `familiar`, `spawnpoint` and `spellbind` (each with an optional
`spell_type`, the only type of spell it takes) and `channeling` (keywords.yaml); the tests use
test-only cards.

Where the spells are (model.Player): `assigned` (holder oid -> the spell a familiar or spawnpoint
got in Planning, MW-3.19), `bound` (holder oid -> the spell bound by Spellbind, MW-5.113) and
`shown` (holders whose bound spell was cast once and is face up, MW-5.114). That a holder holds a
spell, and whose it is, is public; which spell is not, until it is cast (MW-3.20).

Notation: `assign o7 <card>` in Planning; a familiar casts with its action menu's `cast <card>
<targets…>`; `deploy o7 <card> <targets…>` or `pass` in Deployment; `bind <card>` or `bind none`
when a Spellbind object comes into play; a bound spell is cast by the mage with `cast <card>
<targets…> bound=o9` (or `quickcast … bound=o9`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from grimorio.core.i18n import Text
from grimorio.games.mage_wars import data
from grimorio.games.mage_wars.effects import mages
from grimorio.games.mage_wars.flow import Ask, Frame, MWAction, act
from grimorio.games.mage_wars.model import Obj, Player
from grimorio.games.mage_wars.rules.round import Choice, name, order

if TYPE_CHECKING:
    from grimorio.games.mage_wars.rules.casting import Cast
    from grimorio.games.mage_wars.state import MageWarsState

HOLDER_TRAITS = ("familiar", "spawnpoint")      # objects given a spell in Planning (MW-3.19)
STAYS_BOUND = ("attack", "incantation")         # bound spells that are never discarded (MW-5.116)


# ---------------------------------------------------------------------------- what an object is

def printed(st: MageWarsState, oid: int, keyword: str) -> data.TraitUse | None:
    """The card's printed use of `keyword` (familiar, spawnpoint, spellbind), if face up."""
    obj = st.objs.get(oid)
    if obj is None or not obj.face_up:
        return None
    return next((t for t in st.card(obj.card).traits if t.keyword == keyword), None)


def holder_kind(st: MageWarsState, oid: int) -> data.TraitUse | None:
    """The familiar or spawnpoint trait of an object, if it has one (MW-5.40, MW-5.52)."""
    for keyword in HOLDER_TRAITS:
        use = printed(st, oid, keyword)
        if use is not None:
            return use
    return None


def fits(st: MageWarsState, use: data.TraitUse, card_id: str, holder: int | None = None
         ) -> bool:
    """Whether a spell meets the holder's limit (MW-5.41, MW-5.52, MW-5.113): the spell type it
    names, if any, and what the holder's card (object `holder`) adds (hooks.holds); a mage spell
    never goes to anything but a mage (MW-X-11.6)."""
    from grimorio.games.mage_wars import hooks

    card = st.card(card_id)
    if card.has("mage-spell") and use.keyword != "spellbind":
        return False
    if holder is not None and holder in st.objs and not hooks.holds(st, holder, card):
        return False
    return use.spell_type is None or card.type == use.spell_type


def may_cast(st: MageWarsState, oid: int) -> bool:
    """A mage casts (MW-5.8); so does a familiar holding its assigned spell (MW-5.42)."""
    obj = st.objs.get(oid)
    if obj is None:
        return False
    return obj.kind == "mage" or oid in st.player(obj.controller).assigned


def hides_choices(st: MageWarsState, obj: Obj) -> bool:
    """Whether the action menu of `obj` depends on hidden spells (a mage's planned spells, a
    familiar's assigned one), so it is always shown rather than skipped when only `end` is
    possible: skipping would tell the opponent the spell cannot be cast (MW-3.20)."""
    return may_cast(st, obj.oid)


# ---------------------------------------------------------------------------- Planning

def assign_options(st: MageWarsState, seat: int) -> list[MWAction]:
    """`assign o7 <card>`: one spell from the book for each familiar and spawnpoint the seat
    controls that has none yet (MW-3.19, MW-5.41, MW-5.52); none for a banished familiar, which
    can cast nothing while away (MW-S12)."""
    from grimorio.games.mage_wars.effects import incantations

    player = st.player(seat)
    out: list[MWAction] = []
    for obj in sorted(st.objs.values(), key=lambda o: o.oid):
        use = holder_kind(st, obj.oid)
        if use is None or obj.controller != seat or obj.oid in player.assigned \
                or incantations.banished(st, obj.oid):
            continue
        out += [act("assign", f"o{obj.oid}", card) for card in sorted(set(player.book))
                if fits(st, use, card, obj.oid)]
    return out


def assign(st: MageWarsState, seat: int, text: str) -> None:
    """Lay the spell face down beside its holder: the opponent learns the holder, not the
    spell (MW-3.19, MW-3.20, MW-5.43: a bluff is allowed)."""
    _, holder, card = text.split()
    oid = int(holder[1:])
    player = st.player(seat)
    player.book.remove(card)
    player.assigned[oid] = card
    st.changed()
    st.emit("assign", "MW-3.19", Text(f"{name(seat)} assigns a spell to o{oid}.",
                                      f"{name(seat)} asigna un hechizo a o{oid}."),
            seat=seat, holder=oid)
    said = Text(f"You assign {card} to o{oid}.", f"Asignas {card} a o{oid}.") \
        if len(st.players) == 2 else Text(f"{name(seat)} assigns {card} to o{oid}.",
                                          f"{name(seat)} asigna {card} a o{oid}.")  # MW-B32
    st.emit("assign-secret", "MW-3.19", said,
            visible_to=frozenset({seat}), seat=seat, holder=oid, card=card)


def return_assigned(st: MageWarsState) -> None:
    """At the start of Planning, spells assigned last round and not cast go back to the book
    (MW-3.21, MW-5.45, MW-5.53, MW-A26)."""
    for player in st.players:
        for oid, card in sorted(player.assigned.items()):
            st.to_book(card, player.seat)
            st.emit("unassigned", "MW-5.45", Text(
                f"The spell o{oid} held goes back to {name(player.seat)}'s spellbook.",
                f"El hechizo que tenía o{oid} vuelve al libro de {name(player.seat)}."),
                seat=player.seat, holder=oid)
        player.assigned = {}
    st.changed()


# ---------------------------------------------------------------------------- casting

def castable(st: MageWarsState, caster: int) -> list[tuple[str, int]]:
    """(card, Spellbind holder or 0) the caster may cast now: a mage its planned spells
    (MW-3.18) and its player's bound spells not cast yet this round (MW-5.114); a familiar
    or spawnpoint only the spell assigned to it (MW-5.8, MW-5.41, MW-5.52)."""
    obj = st.obj(caster)
    player = st.player(obj.controller)
    if obj.kind != "mage":
        card = player.assigned.get(caster)
        return [] if card is None else [(card, 0)]
    out = [(card, 0) for card in sorted(set(player.planned))]
    out += [(card, 0) for card in mages.innate_castable(st, player.seat)]  # MW-B15
    return out + [(card, oid) for oid, card in sorted(player.bound.items())
                  if bound_ready(st, player, oid)]


def bound_ready(st: MageWarsState, player: Player, oid: int) -> bool:
    """A bound spell is castable while its holder is in play under its player's control, once
    per round (MW-5.114, MW-5.118)."""
    holder = st.objs.get(oid)
    return holder is not None and holder.controller == player.seat \
        and ("bound", oid) not in st.once


def any_bound_ready(st: MageWarsState, seat: int) -> bool:
    """Public: the seat has a bound spell it may still cast this round (offers a quickcast)."""
    player = st.player(seat)
    return any(bound_ready(st, player, oid) for oid in player.bound)


def mana_for(st: MageWarsState, caster: int) -> int:
    """Mana a caster can spend: a familiar or spawnpoint its own counters and then its
    controller's pool (MW-5.44, MW-5.56); a mage its pool (MW-5.12)."""
    obj = st.obj(caster)
    own = obj.mana if obj.kind != "mage" else 0
    return own + st.player(obj.controller).mana


def spend(st: MageWarsState, caster: int, cost: int) -> None:
    """Pay a spell: the caster's own counters first, then the pool (MW-5.12, MW-5.44)."""
    obj = st.obj(caster)
    own = min(obj.mana, cost) if obj.kind != "mage" else 0
    obj.mana -= own
    st.player(obj.controller).mana -= cost - own
    st.changed()


SHOWN = "shown"     # Obj.memo key: a face-down enchantment cast as a shown bound spell


def take(st: MageWarsState, f: Cast) -> None:
    """Step 1 takes the spell from where it waits: the planned spells, the holder's assigned
    spell, or (bound) the holder, marking its once-per-round use and showing it the first time
    (MW-5.114)."""
    player = st.player(f.seat)
    if f.bound:
        st.once = st.once | {("bound", f.bound)}
        if f.bound not in player.shown:
            player.shown = player.shown | {f.bound}
            st.emit("bound-shown", "MW-5.114", Text(
                f"The spell bound to o{f.bound} is {f.card}; it stays face up.",
                f"El hechizo agregado a o{f.bound} es {f.card}; queda boca arriba."),
                holder=f.bound, card=f.card)
    elif player.assigned.get(f.caster) == f.card:
        del player.assigned[f.caster]
    elif f.card in mages.INNATE_IDS:        # a full mage's own spell (MW-7.20, MW-7.40)
        mages.take_innate(st, f.seat, f.card)
    else:
        player.planned.remove(f.card)
    st.changed()


def spent(st: MageWarsState, f: Cast, card: data.Card, resolved: bool) -> bool:
    """Whether the card goes to the discard pile now (MW-5.1, MW-5.16). A bound attack or
    incantation stays bound, and so does any bound spell that was countered (MW-5.116); a
    bound object spell that resolved is in play now and leaves its holder."""
    if f.bound:
        player = st.player(f.card_owner())
        if resolved and card.type not in STAYS_BOUND and f.bound in player.bound:
            del player.bound[f.bound]
            player.shown = player.shown - {f.bound}
            st.changed()
        return False
    if card.id in mages.INNATE_IDS:         # never discarded (MW-7.20, MW-7.40)
        return False
    return not resolved or card.type in STAYS_BOUND


def after_resolve(st: MageWarsState, f: Cast, card: data.Card) -> None:
    """A Spellbind object just came into play: its controller may bind a spell now
    (MW-5.113). The newest object is the one this spell made (object ids only grow)."""
    newest = st.objs.get(st.next_oid - 1)
    if newest is not None and newest.card == card.id \
            and printed(st, newest.oid, "spellbind") is not None:
        st.frames.append(BindAsk(newest.controller, newest.oid))


@dataclass(slots=True)
class BindAsk(Ask):
    """`bind <card>`: a spell of the book meeting the object's condition goes face down under
    it; `bind none` leaves it empty (MW-5.113). It leaves `st.ret` alone (the casting's)."""

    seat: int
    holder: int
    rule = "MW-5.113"

    def options(self, st: MageWarsState) -> list[MWAction]:
        use = printed(st, self.holder, "spellbind")
        books = sorted(set(st.player(self.seat).book))
        found = [] if use is None else [act("bind", c) for c in books
                                        if fits(st, use, c, self.holder)]
        return [*found, act("bind", "none")]

    def answer(self, st: MageWarsState, action: MWAction) -> None:
        st.frames.pop()
        card = action.text.split()[1]
        if card == "none" or self.holder not in st.objs:
            return
        player = st.player(self.seat)
        player.book.remove(card)
        player.bound[self.holder] = card
        st.changed()
        st.emit("bind", "MW-5.113", Text(f"{name(self.seat)} binds a spell to o{self.holder}.",
                                         f"{name(self.seat)} agrega un hechizo a "
                                         f"o{self.holder}."), seat=self.seat,
                holder=self.holder)
        text = Text(f"You bind {card} to o{self.holder}.", f"Agregas {card} a o{self.holder}.") \
            if len(st.players) == 2 else Text(       # a team-mate reads it too (MW-B32)
                f"{name(self.seat)} binds {card} to o{self.holder}.",
                f"{name(self.seat)} agrega {card} a o{self.holder}.")
        st.emit("bind-secret", "MW-5.113", text,
                visible_to=frozenset({self.seat}), holder=self.holder, card=card)


# ---------------------------------------------------------------------------- leaving play

def holder_gone(st: MageWarsState, obj: Obj, *, to_book: bool) -> None:
    """An object left play: the spell it held shares its fate. Destroyed, an assigned spell
    (MW-5.45, MW-5.54, MW-A26) or a bound one (MW-5.117) goes to the discard pile; an item
    sent back to the spellbook takes its bound spell with it (MW-5.117)."""
    for player in st.players:
        card = player.assigned.pop(obj.oid, None) or player.bound.pop(obj.oid, None)
        if card is None:
            continue
        seen = obj.oid in player.shown
        player.shown = player.shown - {obj.oid}
        if to_book:
            st.to_book(card, player.seat)
        else:
            st.to_discard(card, player.seat)
        where = Text("its owner's spellbook", "el libro de su dueño") if to_book \
            else Text("the discard pile", "la pila de descartes")
        rule = "MW-5.117" if to_book else "MW-A26"
        if to_book and not seen:        # back to the book unseen: it stays secret (MW-3.20)
            st.emit("held-spell-gone", rule, Text(
                f"The spell o{obj.oid} held goes to {where.en}.",
                f"El hechizo que tenía o{obj.oid} va a {where.es}."),
                holder=obj.oid, seat=player.seat)
            st.emit("held-spell-gone-secret", rule, Text(
                f"Your spell {card} goes back to your spellbook with o{obj.oid}.",
                f"Tu hechizo {card} vuelve a tu libro con o{obj.oid}.")
                if len(st.players) == 2 else Text(      # a team-mate reads it too (MW-B32)
                f"{name(player.seat)}'s spell {card} goes back to its spellbook with "
                f"o{obj.oid}.",
                f"El hechizo {card} de {name(player.seat)} vuelve a su libro con o{obj.oid}."),
                visible_to=frozenset({player.seat}), holder=obj.oid, card=card,
                seat=player.seat)
        else:
            st.emit("held-spell-gone", rule, Text(
                f"The spell o{obj.oid} held goes to {where.en}: {card}.",
                f"El hechizo que tenía o{obj.oid} va a {where.es}: {card}."),
                holder=obj.oid, card=card, seat=player.seat)
        st.changed()


# ---------------------------------------------------------------------------- Deployment

def spawnpoints(st: MageWarsState, seat: int) -> list[int]:
    """The seat's spawnpoints holding an assigned spell (a public fact), by oid."""
    player = st.player(seat)
    return [oid for oid in sorted(player.assigned)
            if oid in st.objs and printed(st, oid, "spawnpoint") is not None]


def deployment(st: MageWarsState) -> None:
    """Step 6 (MW-3.22, MW-A11, MW-X-13.1): the initiative player casts all the spells their
    spawnpoints hold, in the order they choose, then the other player."""
    held = any(printed(st, o.oid, "spawnpoint") is not None for o in st.objs.values())
    st.emit("deployment", "MW-3.22",
            Text("Deployment: spawnpoints may cast, initiative player first.",
                 "Despliegue: los puntos de aparición pueden lanzar, primero el jugador con "
                 "la iniciativa.") if held else
            Text("Deployment: no spawnpoint in play.",
                 "Despliegue: ningún punto de aparición en juego."))
    for seat in reversed(order(st)):      # every seat in turn order (MW-9.4): the first
        st.frames.append(Deploy(seat))      # pushed deploys last


def deploy_options(st: MageWarsState, seat: int) -> list[MWAction]:
    """`deploy o7 <card> <targets…>`: each spawnpoint's spell at its legal targets, range and
    line of sight from the spawnpoint (MW-5.56), affordable with its counters and the pool
    (MW-A14)."""
    from grimorio.games.mage_wars import hooks
    from grimorio.games.mage_wars.rules import casting

    out: list[MWAction] = []
    for oid in spawnpoints(st, seat):
        card = st.card(st.player(seat).assigned[oid])
        if st.obj(oid).zone is None or not casting.allowed(st, oid, card) \
                or not hooks.holds(st, oid, card):      # the holder's own limit now
            continue
        for targets in casting.spell_targets(st, oid, card):
            cost = casting.spell_cost(st, oid, card, targets)
            if cost is not None and cost <= mana_for(st, oid):
                out.append(act("deploy", f"o{oid}", card.id, *targets))
    return out


@dataclass(slots=True)
class Deploy(Frame):
    """One player's part of Deployment: while a spawnpoint holds a spell, ask; each `deploy`
    runs the casting sequence with the spawnpoint as caster (MW-3.22, MW-5.53)."""

    seat: int
    stage: int = 0
    rule = "MW-3.22"

    def step(self, st: MageWarsState) -> None:
        from grimorio.games.mage_wars.rules.casting import Cast

        if self.stage == 1 and st.ret != "pass":
            words = str(st.ret).split()
            self.stage = 0
            st.frames.append(Cast(int(words[1][1:]), self.seat, words[2], tuple(words[3:]),
                                  False, "MW-3.22"))
        elif self.stage == 0 and spawnpoints(st, self.seat) and not st.over:
            self.stage = 1
            st.frames.append(DeployAsk(self.seat))
        else:
            st.frames.pop()


@dataclass(slots=True)
class DeployAsk(Choice):
    """`deploy o7 <card> <targets…>` or `pass` (the rest stay uncast, MW-5.53). Asked
    whenever a spawnpoint holds a spell, castable or not, so asking leaks nothing."""

    seat: int
    rule = "MW-3.22"

    def options(self, st: MageWarsState) -> list[MWAction]:
        return [*deploy_options(st, self.seat), act("pass")]


# ---------------------------------------------------------------------------- quick powers

def quick_power(st: MageWarsState, seat: int, text: str) -> None:
    """`quickcast ability …`: a power that is a quick spell used as the mage's quickcast
    (MW-3.24, MW-3.25; Staff of Beasts): the marker turns over and the power works."""
    from grimorio.games.mage_wars import hooks

    player = st.player(seat)
    player.quickcast = False
    st.changed()
    st.emit("quickcast-power", "MW-3.24", Text(f"{name(seat)} uses its quickcast for a power.",
                                               f"{name(seat)} usa su lanzamiento rápido para "
                                               "un poder."), seat=seat)
    hooks.ability(st, player.mage, MWAction(text.split(" ", 1)[1]))


# ---------------------------------------------------------------------------- documents

def public_json(player: Player) -> dict[str, Any]:
    """What every seat sees: which objects hold a spell of this player (MW-3.19, MW-3.20) and
    the bound spells already shown (MW-5.114)."""
    return {"assigned_to": sorted(player.assigned), "bound_to": sorted(player.bound),
            "bound_shown": {str(oid): card for oid, card in sorted(player.bound.items())
                            if oid in player.shown}}


def private_json(player: Player) -> dict[str, Any]:
    """What the player alone sees: the spells themselves."""
    return {"assigned": {str(k): v for k, v in sorted(player.assigned.items())},
            "bound": {str(k): v for k, v in sorted(player.bound.items())}}


def redraw(st: MageWarsState, player: Player, pool: list[str], rng: random.Random) -> None:
    """Resample: each hidden held spell becomes a card of the hidden pool meeting its holder's
    limit; the shown bound spells stay (MW-3.20, MW-5.114). `pool` already holds them."""
    slots = [(oid, player.assigned, holder_kind(st, oid)) for oid in sorted(player.assigned)]
    slots += [(oid, player.bound, printed(st, oid, "spellbind"))
              for oid in sorted(player.bound) if oid not in player.shown]
    for oid, where, use in slots:
        rng.shuffle(pool)
        found = next((c for c in pool
                      if use is None or fits(st, use, c, oid)), None)
        if found is not None:       # else nothing fits any more: the spell stays as it is
            pool.remove(found)
            where[oid] = found


def hidden_pool(player: Player) -> list[str]:
    """The held spells the opponent cannot place (for `_redraw_player`)."""
    return list(player.assigned.values()) + [c for oid, c in player.bound.items()
                                             if oid not in player.shown]
