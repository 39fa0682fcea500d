"""Experience cards (section 13): what each card of data/experience.yaml does, by its effect verb,
and the card windows inside a combat.

For ENGINE: `windows(st, timing, seat)` lists the plays a seat may make in a window (exact
options, `play <card> [<targets>]`) and `play(st, seat, action)` carries one out. Outside combat
ENGINE opens the windows (Haste and Cripple as a Movement phase opens, Call to Arms when an enemy
unit walks in on workers, Town Portal before the combats, Renew, Resources, Summon Building,
Victory Point); inside a combat this module does (`push_window`), defenders first (WC-11.16),
and only for players with a fighting unit (WC-11.15). A window opens on public facts only (the
seat holds cards, and its deck has copies not yet seen of a card for that moment), so that the
hands stay secret (WC-3.7); it may then offer nothing but `pass`.

Notation (docs/games/warcraft.md): `play call_to_arms <zone>`, `play dispel_magic`, `play
invisibility <player>`, `play polymorph <owner> <kind> <zone>`, `play faerie_fire`, `play
marksmanship`, `play moon_glaive`, `play renew <zone>`, `play devour <owner> <kind> <zone>`,
`play ensnare`, `play envenomed_spears`, `play pillage`, `play cripple <zone>`, `play curse`,
`play summon_building <kind>`, `play web`, `play haste <zone>`, `play resources gold|wood`,
`play town_portal <from> <to>` then `portal <kind> <zone>` for each unit that does not fit,
`play victory_point`, and `pass`. Players are `p1`..`p4`, the neutrals `neutral`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from grimorio.core.i18n import Text
from grimorio.games.warcraft import data
from grimorio.games.warcraft.actions import Ask, Frame, WCAction, act
from grimorio.games.warcraft.model import BUILDING_KINDS, NEUTRAL, UNIT_KINDS
from grimorio.games.warcraft.rules.combat import (
    ATT,
    DEF,
    STACK,
    Battle,
    battle,
    check_end,
    clamp_polymorph,
    fighters,
    groups,
    in_fight,
    label,
    name,
    nombre,
    polymorphed,
    score,
    seat_of,
)

if TYPE_CHECKING:
    from grimorio.games.warcraft.state import WarcraftState

PASS = act("pass")
Options = Callable[["WarcraftState", int, data.Card], list[WCAction]]
Effect = Callable[["WarcraftState", int, data.Card, tuple[str, ...]], None]


def could_hold(st: WarcraftState, seat: int, timing: str) -> bool:
    """Public facts only: the seat might hold a card for this moment (rules/turn.py)."""
    from grimorio.games.warcraft.rules import turn

    return seat != NEUTRAL and turn.could_hold(st, seat, timing)


# ---------------------------------------------------------------------------- for ENGINE

def windows(st: WarcraftState, timing: str, seat: int) -> list[WCAction]:
    """Every play `seat` may make now with a card of `timing` in his hand (WC-13.3)."""
    if seat == NEUTRAL:
        return []
    out: list[WCAction] = []
    for card_id in sorted(set(st.players[seat].hand)):
        card = st.card(card_id)
        if card.timing != timing or not _may_use(st, seat, card):
            continue
        out += OPTIONS[card.effect.verb](st, seat, card)
    return out


def _may_use(st: WarcraftState, seat: int, card: data.Card) -> bool:
    """Combat cards need a combat under way and a fighting unit of the player (WC-11.15)."""
    if not card.in_combat:
        return True
    b = st.battle
    return b is not None and not b.over and in_fight(st, b, seat)


def play(st: WarcraftState, seat: int, action: WCAction) -> None:
    """Play a listed card: it goes to the discards (Victory Points are laid face up), then
    takes effect; in combat, after the opponents' chance to Dispel it (WC-13.3, WC-13.6)."""
    words = action.text.split()
    card, args = st.card(words[1]), tuple(words[2:])
    player = st.players[seat]
    player.hand.remove(card.id)
    (player.laid if card.effect.verb == "victory_point" else player.discard).append(card.id)
    st.emit("card", card.rule, Text(f"{name(seat)} plays {card.name.en}.",
                                    f"{nombre(seat)} juega {card.name.es}."),
            seat=seat, card=card.id, args=list(args))
    if st.battle is not None and card.in_combat:
        _queue(st, st.battle, seat, card, args)
    else:
        EFFECTS[card.effect.verb](st, seat, card, args)


def _queue(st: WarcraftState, b: Battle, seat: int, card: data.Card,
           args: tuple[str, ...]) -> None:
    """A combat card waits while the other side may answer with Dispel Magic (WC-13.6)."""
    token = b.plays
    b.plays += 1
    if card.effect.verb == "cancel_card":
        args = (str(b.pending[-1][0]),)
    elif card.effect.verb == "steal_training_cost" and b.last_loss is not None:
        victim, kind = b.last_loss
        args, b.last_loss = (label(victim), kind), None
    b.pending = (*b.pending, (token, seat))
    st.frames.append(Resolve(token, seat, card.id, args))
    enemies = [s for s in fighters(st, b) if st.enemies(s, seat)]
    push_window(st, "combat_after_card_played", enemies)


@dataclass(slots=True)
class Resolve(Frame):
    """A combat card takes effect, unless Dispel Magic cancelled it (WC-13.6)."""

    token: int
    seat: int
    card: str
    args: tuple[str, ...]
    rule = "WC-13.3"

    def step(self, st: WarcraftState) -> None:
        st.frames.pop()
        b = battle(st)
        b.pending = tuple(p for p in b.pending if p[0] != self.token)
        card = st.card(self.card)
        if self.token in b.cancelled:
            st.emit("dispelled", "WC-13.6", Text(f"{card.name.en} is dispelled.",
                                                 f"{card.name.es} queda disipada."),
                    card=card.id, seat=self.seat)
            return
        if not b.over:
            EFFECTS[card.effect.verb](st, self.seat, card, self.args)


# ---------------------------------------------------------------------------- combat windows

def push_window(st: WarcraftState, timing: str, seats: list[int]) -> None:
    """Offer a combat window to these seats in order (defenders first, WC-11.16)."""
    if seats:
        st.frames.append(CombatWindow(tuple((s, (timing,)) for s in seats)))


def push_after_roll(st: WarcraftState, b: Battle) -> None:
    """One window after a volley's roll for everything of that instant: Moon Glaive for the
    rollers, Curse for their opponents, Invisibility before the first casualty (WC-13.7,
    WC-13.11, WC-13.18); defenders first, the attackers having seen their cards (WC-11.16)."""
    rolled = set(b.hits)
    queue = []
    for seat in fighters(st, b):
        timings = ["combat_before_casualties"]
        if seat in rolled:
            timings.append("combat_after_own_roll")
        if any(st.enemies(seat, s) for s in rolled):
            timings.append("combat_after_opponent_roll")
        queue.append((seat, tuple(timings)))
    st.frames.append(CombatWindow(tuple(queue)))


@dataclass(slots=True)
class CombatWindow(Frame):
    """Each (seat, timings) in turn may play cards; skipped when the seat could not hold one
    for these moments as far as the others can tell, or has no unit fighting any more."""

    queue: tuple[tuple[int, tuple[str, ...]], ...]
    rule = "WC-11.16"

    def step(self, st: WarcraftState) -> None:
        b = st.battle
        if b is None or b.over or not self.queue:
            st.frames.pop()
            return
        (seat, timings), self.queue = self.queue[0], self.queue[1:]
        if in_fight(st, b, seat) and any(could_hold(st, seat, t) for t in timings):
            st.frames.append(PlayAsk(seat, timings))


@dataclass(slots=True)
class PlayAsk(Ask):
    """`play <card> ...` or `pass` in a combat window (WC-13.3, WC-11.15)."""

    seat: int
    timings: tuple[str, ...]
    rule = "WC-13.3"

    def options(self, st: WarcraftState) -> list[WCAction]:
        found = [a for t in self.timings for a in windows(st, t, self.seat)]
        return [*dict.fromkeys(found), PASS]

    def answer(self, st: WarcraftState, action: WCAction) -> None:
        st.frames.pop()
        if action == PASS:
            return
        # The same window opens again once this card is done, for a further card.
        st.frames.append(CombatWindow(((self.seat, self.timings),)))
        play(st, self.seat, action)


# ---------------------------------------------------------------------------- targets

def _plain(st: WarcraftState, seat: int, card: data.Card) -> list[WCAction]:
    return [act("play", card.id)]


def _enemy_groups(st: WarcraftState, seat: int, kinds: tuple[str, ...]
                  ) -> list[tuple[int, str, str]]:
    """Enemy fighting units as (owner, kind, zone), in the fight (WC-13.8, WC-13.13)."""
    b = battle(st)
    return [(s, kind, zone) for s in fighters(st, b) if st.enemies(s, seat)
            for zone, kind, n in groups(st, b, s)
            if kind in kinds and n > polymorphed(b, s, zone, kind)]


def _call_to_arms(st: WarcraftState, seat: int, card: data.Card) -> list[WCAction]:
    """The zone an enemy unit just walked into, where this seat has workers (WC-13.5)."""
    entered = st.memo.get("entered")
    if not entered:
        return []
    zone = entered[0]
    force = st.zones[zone].get(seat)
    if force is None or not force.workers or not st.enemy_units(zone, seat):
        return []
    return [act("play", card.id, zone)]


def _dispel(st: WarcraftState, seat: int, card: data.Card) -> list[WCAction]:
    b = battle(st)
    if not b.pending or not st.enemies(seat, b.pending[-1][1]):
        return []
    return _plain(st, seat, card)


def _invisibility(st: WarcraftState, seat: int, card: data.Card) -> list[WCAction]:
    """Any player in the fight may be relieved, normally oneself (WC-A23)."""
    return [act("play", card.id, label(s)) for s in fighters(st, battle(st))]


def _polymorph(st: WarcraftState, seat: int, card: data.Card) -> list[WCAction]:
    kinds = ("melee", "militia", "ranged", "flying")
    return [act("play", card.id, label(s), kind, zone)
            for s, kind, zone in _enemy_groups(st, seat, kinds)]


def _devour(st: WarcraftState, seat: int, card: data.Card) -> list[WCAction]:
    """An enemy melee or ranged unit; called-up workers fight as melee (WC-13.13, WC-A34)."""
    kinds = (*card.effect.unit_types, "militia")
    return [act("play", card.id, label(s), kind, zone)
            for s, kind, zone in _enemy_groups(st, seat, kinds)]


def _step_card(st: WarcraftState, seat: int, card: data.Card) -> list[WCAction]:
    """Faerie Fire and Envenomed Spears: once a step, for a player about to roll."""
    b = battle(st)
    if card.id in b.step_cards.get(seat, frozenset()) or seat not in b.volley:
        return []
    return _plain(st, seat, card)


def _marksmanship(st: WarcraftState, seat: int, card: data.Card) -> list[WCAction]:
    b = battle(st)
    return _plain(st, seat, card) if b.marksman is None and b.hits.get(seat) else []


def _moon_glaive(st: WarcraftState, seat: int, card: data.Card) -> list[WCAction]:
    b = battle(st)
    if card.id in b.step_cards.get(seat, frozenset()) or not b.hits.get(seat):
        return []
    return _plain(st, seat, card)


def _snare(st: WarcraftState, seat: int, card: data.Card) -> list[WCAction]:
    b = battle(st)
    enemies = {s for s in fighters(st, b) if st.enemies(s, seat)}
    return [] if enemies <= b.snared else _plain(st, seat, card)


def _pillage(st: WarcraftState, seat: int, card: data.Card) -> list[WCAction]:
    """Right after an enemy with tokens gave up a unit (WC-13.16)."""
    loss = battle(st).last_loss
    if loss is None or loss[0] == NEUTRAL or not st.enemies(seat, loss[0]):
        return []
    victim = st.players[loss[0]]
    return _plain(st, seat, card) if victim.piles and (victim.gold or victim.wood) else []


def _curse(st: WarcraftState, seat: int, card: data.Card) -> list[WCAction]:
    b = battle(st)
    if card.id in b.step_cards.get(seat, frozenset()) or not _enemy_hit_dice(st, b, seat):
        return []
    return _plain(st, seat, card)


def _enemy_hit_dice(st: WarcraftState, b: Battle, seat: int) -> int:
    return sum(n for s, n in b.hit_dice.items() if st.enemies(seat, s))


def _renew(st: WarcraftState, seat: int, card: data.Card) -> list[WCAction]:
    """A Forest with a depletion token (WC-13.12)."""
    return [act("play", card.id, z) for z in sorted(st.depletion)
            if st.board.zones[z].type == "forest"]


def _movement(st: WarcraftState, seat: int, card: data.Card) -> list[WCAction]:
    """Haste: a zone with pieces of one's own; Cripple: a zone with enemy pieces that move
    (WC-13.17, WC-13.21)."""
    own = card.effect.target == "own_zone"
    mark = "haste" if own else "cripple"
    out = []
    for zone in sorted(st.zones):
        owners = [s for s, f in st.zones[zone].items() if s != NEUTRAL
                  and (f.units or f.workers or f.necromancers)
                  and (s == seat if own else st.enemies(s, seat))]
        if any(mark not in st.move_mods.get((s, zone), frozenset()) for s in owners):
            out.append(act("play", card.id, zone))
    return out


def _summon(st: WarcraftState, seat: int, card: data.Card) -> list[WCAction]:
    from grimorio.games.warcraft.rules import scenarios, spending

    if scenarios.no_train_or_build(st, seat):
        return []
    return [act("play", card.id, k) for k in BUILDING_KINDS
            if spending.can_build(st, seat, k, worker=False)]


def _resources(st: WarcraftState, seat: int, card: data.Card) -> list[WCAction]:
    """Only a player with resource piles can take them (WC-13.22; Nordrassil, WC-19.2)."""
    if not st.players[seat].piles:
        return []
    return [act("play", card.id, r) for r in card.effect.choice]


def _town_portal(st: WarcraftState, seat: int, card: data.Card) -> list[WCAction]:
    """From a zone with units of one's own, not sealed (WC-9.5), to one's Town Hall or a zone
    with a finished outpost, when every unit can be placed (WC-13.23, WC-A20)."""
    homes = portal_homes(st, seat)
    out = []
    for frm in sorted(st.zones):
        force = st.zones[frm].get(seat)
        if force is None or frm in st.sealed:
            continue
        units = _portal_units(st, seat, frm)
        if not sum(units.values()):
            continue
        out += [act("play", card.id, frm, to) for to in homes
                if to != frm and portal_fits(st, seat, frm, to, units)]
    return out


OPTIONS: dict[str, Options] = {
    "workers_fight_as_melee": _call_to_arms, "cancel_card": _dispel,
    "reduce_casualties": _invisibility, "prevent_attack": _polymorph,
    "modify_attack_rolls": _step_card, "choose_inflicted_casualty": _marksmanship,
    "extra_dice_per_hit": _moon_glaive, "remove_depletion": _renew, "devour": _devour,
    "flyers_melee_casualties": _snare, "reroll_misses": _step_card,
    "steal_training_cost": _pillage, "modify_movement": _movement,
    "prevent_casualties_roll": _curse, "build_without_worker": _summon,
    "gain_resources": _resources, "town_portal": _town_portal, "victory_point": _plain,
}


# ---------------------------------------------------------------------------- Town Portal

def portal_homes(st: WarcraftState, seat: int) -> list[str]:
    """The seat's Town Hall zone and zones with its finished outposts (WC-13.23, WC-A31 a):
    ENGINE's arrival zones of Deployment."""
    from grimorio.games.warcraft.rules import deployment

    return deployment.arrival_zones(st, seat)


def _portal_units(st: WarcraftState, seat: int, zone: str) -> dict[str, int]:
    """The units that travel; workers, called up or not, stay (WC-A20)."""
    force = st.zones[zone].get(seat)
    return {k: 0 if force is None else force.count(k) for k in UNIT_KINDS}


def room(st: WarcraftState, seat: int, zone: str) -> int:
    return max(0, STACK - st.side_units(zone, seat))


def overflow_zones(st: WarcraftState, seat: int, frm: str, to: str, kind: str) -> list[str]:
    """Zones next to the destination a unit of `kind` may be placed in: not the zone left, no
    Mountain for non-flyers, the scenario's barriers obeyed (WC-6.4, WC-A20)."""
    from grimorio.games.warcraft.rules import scenarios

    return [z for z in sorted(st.board.zones[to].adjacent)
            if z != frm and (kind == "flying" or st.board.zones[z].type != "mountain")
            and scenarios.may_step(st, seat, kind, to, z) and room(st, seat, z)]


def portal_fits(st: WarcraftState, seat: int, frm: str, to: str, units: dict[str, int]
                ) -> bool:
    """Whether every unit can be placed: the destination takes what it can, ground units first,
    the rest fits around it (a flyer may go wherever a ground unit may)."""
    total = sum(units.values())
    ground = total - units["flying"]
    free = room(st, seat, to)
    ground_room = sum(room(st, seat, z) for z in overflow_zones(st, seat, frm, to, "melee"))
    all_room = sum(room(st, seat, z) for z in overflow_zones(st, seat, frm, to, "flying"))
    return max(0, ground - free) <= ground_room and max(0, total - free) <= all_room


def _do_town_portal(st: WarcraftState, seat: int, card: data.Card,
                    args: tuple[str, ...]) -> None:
    frm, to = args
    units = _portal_units(st, seat, frm)
    if sum(units.values()) <= room(st, seat, to):
        for kind, n in units.items():
            if n:
                portal_move(st, seat, frm, to, kind, n)
        return
    st.frames.append(PortalAsk(seat, frm, to))


def portal_move(st: WarcraftState, seat: int, frm: str, to: str, kind: str, n: int) -> None:
    """Units jump; arriving among enemy units in a zone with no fight yet makes a combat the
    card's player attacks (WC-13.23, WC-A16, WC-A20)."""
    fought = st.contested(to)
    st.force(frm, seat).add(kind, -n)
    st.prune(frm)
    st.force(to, seat).add(kind, n)
    st.emit("portal", "WC-13.23", Text(f"{name(seat)}'s {n} {kind} unit(s) jump from {frm} "
                                       f"to {to}.", f"{n} unidad(es) ({kind}) de "
                                       f"{nombre(seat)} saltan de {frm} a {to}."),
            seat=seat, frm=frm, to=to, piece=kind, n=n)
    if st.enemy_units(to, seat) and not fought:
        marks = tuple(st.memo.get("portal", ()))
        if (seat, to) not in marks:
            st.memo["portal"] = (*marks, (seat, to))


@dataclass(slots=True)
class PortalAsk(Ask):
    """`portal <kind> <zone>`: where the next unit goes; the destination fills first, the rest
    goes next to it, each placement keeping the others placeable (WC-13.23, WC-A20)."""

    seat: int
    frm: str
    to: str
    rule = "WC-13.23"

    def options(self, st: WarcraftState) -> list[WCAction]:
        units = _portal_units(st, self.seat, self.frm)
        out = []
        for kind in UNIT_KINDS:
            if not units[kind]:
                continue
            rest = {**units, kind: units[kind] - 1}
            for zone in self._spots(st, kind):
                if self._after(st, zone, rest):
                    out.append(act("portal", kind, zone))
        return out

    def _spots(self, st: WarcraftState, kind: str) -> list[str]:
        if room(st, self.seat, self.to):
            return [self.to]
        return overflow_zones(st, self.seat, self.frm, self.to, kind)

    def _after(self, st: WarcraftState, zone: str, rest: dict[str, int]) -> bool:
        force = st.force(zone, self.seat)
        force.melee += 1                       # try the placement, then take it back
        fits = portal_fits(st, self.seat, self.frm, self.to, rest)
        force.melee -= 1
        st.prune(zone)
        return fits

    def answer(self, st: WarcraftState, action: WCAction) -> None:
        _, kind, zone = action.text.split()
        portal_move(st, self.seat, self.frm, zone, kind, 1)
        if not sum(_portal_units(st, self.seat, self.frm).values()):
            st.frames.pop()


# ---------------------------------------------------------------------------- effects

def _do_call_to_arms(st: WarcraftState, seat: int, card: data.Card,
                     args: tuple[str, ...]) -> None:
    """The workers there fight as melee units until the Movement phase is over; a builder
    called up loses his outpost (WC-13.5, WC-A34, WC-10.14)."""
    zone = args[0]
    force = st.force(zone, seat)
    if force.building:
        st.emit("outpost-lost", "WC-A34",
                Text(f"{name(seat)}'s builder takes up arms: {force.building} unfinished "
                     f"outpost(s) in {zone} lost.", f"El constructor de {nombre(seat)} toma "
                     f"las armas: se pierde(n) {force.building} puesto(s) en {zone}."),
                seat=seat, zone=zone, n=force.building)
        force.building = 0
    force.militia, force.workers = force.militia + force.workers, 0
    st.emit("call-to-arms", "WC-13.5",
            Text(f"{name(seat)}'s workers in {zone} fight as melee units.",
                 f"Los trabajadores de {nombre(seat)} en {zone} luchan como unidades cuerpo a "
                 f"cuerpo."), seat=seat, zone=zone, n=force.militia)


def _do_dispel(st: WarcraftState, seat: int, card: data.Card, args: tuple[str, ...]) -> None:
    b = battle(st)
    b.cancelled = b.cancelled | {int(args[0])}


def _do_invisibility(st: WarcraftState, seat: int, card: data.Card,
                     args: tuple[str, ...]) -> None:
    b = battle(st)
    side = b.side_of(seat_of(args[0]))
    if side is not None:
        b.saves[side] += card.effect.amount


def _do_polymorph(st: WarcraftState, seat: int, card: data.Card,
                  args: tuple[str, ...]) -> None:
    """The unit makes no attack this round, yet stays and may be a casualty (WC-13.8)."""
    b = battle(st)
    owner, kind, zone = seat_of(args[0]), args[1], args[2]
    b.polymorphed = (*b.polymorphed, (owner, zone, kind))
    clamp_polymorph(st, b)


def _do_faerie_fire(st: WarcraftState, seat: int, card: data.Card,
                    args: tuple[str, ...]) -> None:
    """Every die of the player this step counts lower (WC-13.9, WC-A17)."""
    b = battle(st)
    b.roll_mod[seat] = b.roll_mod.get(seat, 0) + card.effect.amount
    _mark_step(b, seat, card.id)


def _do_step_card(st: WarcraftState, seat: int, card: data.Card,
                  args: tuple[str, ...]) -> None:
    _mark_step(battle(st), seat, card.id)


def _mark_step(b: Battle, seat: int, card_id: str) -> None:
    b.step_cards[seat] = b.step_cards.get(seat, frozenset()) | {card_id}


def _do_marksmanship(st: WarcraftState, seat: int, card: data.Card,
                     args: tuple[str, ...]) -> None:
    battle(st).marksman = seat


def _do_moon_glaive(st: WarcraftState, seat: int, card: data.Card,
                    args: tuple[str, ...]) -> None:
    """One more die per hit, at the step's Strength, Faerie Fire included; what those dice
    hit earns nothing more (WC-13.11, WC-A17)."""
    b = battle(st)
    _mark_step(b, seat, card.id)
    n = b.hits.get(seat, 0) * card.effect.amount
    faces = st.roll(n, Text(f"{name(seat)}'s Moon Glaive: {n} more dice",
                            f"Sable Lunar de {nombre(seat)}: {n} dados más"), "WC-13.11",
                    seat=seat, step=b.step)
    score(st, b, seat, b.step, faces)


def _do_devour(st: WarcraftState, seat: int, card: data.Card, args: tuple[str, ...]) -> None:
    """The unit leaves the board until the combat ends; the combat may end now (WC-13.13,
    WC-A22)."""
    b = battle(st)
    owner, kind, zone = seat_of(args[0]), args[1], args[2]
    st.force(zone, owner).add(kind, -1)
    st.prune(zone)
    clamp_polymorph(st, b)
    b.devoured = (*b.devoured, (owner, zone, kind, seat))
    st.emit("devour", "WC-13.13", Text(f"{name(owner)}'s {kind} unit in {zone} is devoured.",
                                       f"La unidad ({kind}) de {nombre(owner)} en {zone} es "
                                       f"devorada."), seat=owner, zone=zone, piece=kind)
    check_end(st, b)


def release_devoured(st: WarcraftState, b: Battle) -> None:
    """Devoured units die if the Devour player's side won, else come back (WC-13.13, WC-A22)."""
    for owner, zone, kind, devourer in b.devoured:
        if b.winner is not None and devourer in b.sides[b.winner]:
            st.force(zone, owner).add(kind, 1)       # back for a moment, to die as a casualty
            st.remove_units(zone, owner, kind, 1, "WC-13.13")
            st.emit("devoured", "WC-13.13", Text(f"The devoured {kind} unit dies.",
                                                 f"La unidad devorada ({kind}) muere."),
                    seat=owner, zone=zone, piece=kind)
        else:
            st.force(zone, owner).add(kind, 1)
            st.emit("devoured", "WC-13.13", Text(f"The devoured {kind} unit returns to {zone}.",
                                                 f"La unidad devorada ({kind}) vuelve a "
                                                 f"{zone}."), seat=owner, zone=zone, piece=kind)
    b.devoured = ()


def _do_snare(st: WarcraftState, seat: int, card: data.Card, args: tuple[str, ...]) -> None:
    """The opponents' flyers are melee-step casualties until the combat ends (WC-13.14,
    WC-13.20, WC-A21)."""
    b = battle(st)
    b.snared = b.snared | {s for s in b.seats() if st.enemies(s, seat)}


def _do_pillage(st: WarcraftState, seat: int, card: data.Card, args: tuple[str, ...]) -> None:
    """The unit's training cost, or all the victim has of a resource (WC-13.16)."""
    from grimorio.games.warcraft.rules import spending

    victim, kind = st.players[seat_of(args[0])], args[1]
    cost = spending.training_cost(st, victim.seat, "workers" if kind == "militia" else kind)
    gold, wood = min(cost.gold, victim.gold), min(cost.wood, victim.wood)
    victim.gold, victim.wood = victim.gold - gold, victim.wood - wood
    player = st.players[seat]
    player.gold, player.wood = player.gold + gold, player.wood + wood
    st.emit("pillage", "WC-13.16", Text(f"{name(seat)} takes {gold} gold and {wood} wood.",
                                        f"{nombre(seat)} toma {gold} de oro y {wood} de "
                                        f"madera."), seat=seat, gold=gold, wood=wood)


def _do_curse(st: WarcraftState, seat: int, card: data.Card, args: tuple[str, ...]) -> None:
    """A die per enemy hitting die; each at or under the threshold spares a casualty
    (WC-13.18, WC-A23)."""
    b = battle(st)
    _mark_step(b, seat, card.id)
    n = _enemy_hit_dice(st, b, seat)
    faces = st.roll(n, Text(f"{name(seat)}'s Curse", f"Maldición de {nombre(seat)}"),
                    "WC-13.18", seat=seat)
    spared = sum(1 for f in faces if f <= card.effect.threshold)
    side = b.side_of(seat)
    assert side is not None
    b.cursed[side] += spared
    st.emit("curse", "WC-13.18", Text(f"Curse spares {spared} casualty(ies).",
                                      f"La Maldición evita {spared} baja(s)."),
            seat=seat, spared=spared)


def _do_renew(st: WarcraftState, seat: int, card: data.Card, args: tuple[str, ...]) -> None:
    st.depletion.pop(args[0], None)
    st.emit("renew", "WC-13.12", Text(f"The depletion token leaves {args[0]}.",
                                      f"La ficha de agotamiento sale de {args[0]}."),
            zone=args[0])


def _do_movement(st: WarcraftState, seat: int, card: data.Card,
                 args: tuple[str, ...]) -> None:
    """Haste marks the seat's pieces in the zone, Cripple every enemy's; the marks last the
    turn (WC-13.17, WC-13.21, WC-A19, WC-A33)."""
    zone, own = args[0], card.effect.target == "own_zone"
    mark = "haste" if own else "cripple"
    owners = [s for s in st.zones[zone] if s != NEUTRAL
              and (s == seat if own else st.enemies(s, seat))]
    for owner in owners:
        st.move_mods[(owner, zone)] = st.move_mods.get((owner, zone), frozenset()) | {mark}
    st.emit(mark, card.rule, Text(f"{card.name.en} on {zone}.", f"{card.name.es} en {zone}."),
            seat=seat, zone=zone)


def _do_summon(st: WarcraftState, seat: int, card: data.Card, args: tuple[str, ...]) -> None:
    """A building begun with no worker; still paid, still finished at Deployment (WC-13.19)."""
    from grimorio.games.warcraft.rules import spending

    spending.start_building(st, seat, args[0], worker=False)


def _do_resources(st: WarcraftState, seat: int, card: data.Card,
                  args: tuple[str, ...]) -> None:
    player = st.players[seat]
    if args[0] == "gold":
        player.gold += card.effect.amount
    else:
        player.wood += card.effect.amount
    st.emit("resources", "WC-13.22", Text(f"{name(seat)} takes {card.effect.amount} {args[0]}.",
                                          f"{nombre(seat)} toma {card.effect.amount} de "
                                          f"{'oro' if args[0] == 'gold' else 'madera'}."),
            seat=seat, resource=args[0], n=card.effect.amount)


def _do_victory_point(st: WarcraftState, seat: int, card: data.Card,
                      args: tuple[str, ...]) -> None:
    st.emit("victory-point", "WC-13.24", Text(f"{name(seat)} lays a Victory Point card.",
                                              f"{nombre(seat)} baja una carta de Punto de "
                                              f"victoria."), seat=seat)


EFFECTS: dict[str, Effect] = {
    "workers_fight_as_melee": _do_call_to_arms, "cancel_card": _do_dispel,
    "reduce_casualties": _do_invisibility, "prevent_attack": _do_polymorph,
    "modify_attack_rolls": _do_faerie_fire, "choose_inflicted_casualty": _do_marksmanship,
    "extra_dice_per_hit": _do_moon_glaive, "remove_depletion": _do_renew,
    "devour": _do_devour, "flyers_melee_casualties": _do_snare,
    "reroll_misses": _do_step_card, "steal_training_cost": _do_pillage,
    "modify_movement": _do_movement, "prevent_casualties_roll": _do_curse,
    "build_without_worker": _do_summon, "gain_resources": _do_resources,
    "town_portal": _do_town_portal, "victory_point": _do_victory_point,
}

__all__ = ["ATT", "DEF", "EFFECTS", "OPTIONS", "play", "push_window", "windows"]
