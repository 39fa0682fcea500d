"""Combat (section 11): battlefields and flanks, rounds of three steps, dice against Strength,
casualties removed alternately, the end of a combat and its reward.

ENGINE's end of movement calls `push_combats(st, mover)` (WC-7.1 to WC-7.3). The `Combats` frame
then fights every contested zone in the mover's order (`battle <zone>` when there is a choice;
`battle <zone> <side>` when three sides share a zone, WC-A36) and looks at the whole board again
after each combat.

One combat is a `Combat` frame plus `st.battle`, a `Battle` holding what lasts while it is fought
(sides, round and step effects, cards waiting for Dispel Magic). Units have no identity beyond
owner, type and zone (WC-2.2), so a casualty is named by those: `casualty <kind> <zone>`, with the
owner (`p2`, `neutral`) when the side has several players and `polymorphed` when that unit must
be told from its twins (WC-13.8). Kinds are melee, ranged, flying and militia (workers called
to arms, WC-13.5, WC-A34).

Order of play inside a step, for scripted dice: defenders roll before attackers (WC-11.16's
order, used everywhere the seed leaves it open), each player's dice in one roll, his Bloodlust die
last (WC-12.6). Card windows: rules/experience.py; abilities: rules/abilities.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from grimorio.core.i18n import Text
from grimorio.games.warcraft.actions import Ask, Frame, WCAction, act
from grimorio.games.warcraft.model import NEUTRAL

if TYPE_CHECKING:
    from grimorio.games.warcraft.state import WarcraftState

ATT, DEF = 0, 1                       # side indices: attackers, defenders (WC-11.3)
STEPS = ("ranged", "flying", "melee")  # WC-11.5
KINDS = ("melee", "militia", "ranged", "flying")   # what a casualty can be (WC-11.9)
STACK = 3                             # units per zone (WC-5.1)
YES, NO = act("join", "yes"), act("join", "no")


def name(seat: int) -> str:
    return "the neutrals" if seat == NEUTRAL else f"P{seat + 1}"


def nombre(seat: int) -> str:
    return "los neutrales" if seat == NEUTRAL else f"J{seat + 1}"


def label(seat: int) -> str:
    """A seat in the notation: `p1`..`p4`, or `neutral`."""
    return "neutral" if seat == NEUTRAL else f"p{seat + 1}"


def seat_of(text: str) -> int:
    return NEUTRAL if text == "neutral" else int(text[1:]) - 1


# ---------------------------------------------------------------------------- the battle

@dataclass(slots=True)
class Battle:
    """What lasts while one combat is fought. Fields change in place; `copy` clones."""

    zone: str
    sides: tuple[tuple[int, ...], tuple[int, ...]]   # (attackers, defenders), each clockwise
    chiefs: tuple[int, int]            # the seat attacking and the seat attacked (WC-11.3)
    pickers: tuple[int, int]           # who picks each side's casualties (WC-A14, WC-A28)
    flanks_out: frozenset[int] = frozenset()   # partners keeping flank units out (WC-A14)
    round: int = 0
    step: str = ""
    volley: tuple[int, ...] = ()       # seats rolling in the current part of the step
    hits: dict[int, int] = field(default_factory=dict)       # seat -> hits this volley
    hit_dice: dict[int, int] = field(default_factory=dict)   # seat -> hitting dice (WC-A23)
    due: list[int] = field(default_factory=lambda: [0, 0])   # casualties left, per side
    saves: list[int] = field(default_factory=lambda: [0, 0])  # Invisibility, this step
    cursed: list[int] = field(default_factory=lambda: [0, 0])  # Curse, this volley
    healed: list[bool] = field(default_factory=lambda: [False, False])  # Heal used this step
    roll_mod: dict[int, int] = field(default_factory=dict)   # Faerie Fire, this step
    step_cards: dict[int, frozenset[str]] = field(default_factory=dict)   # step-long cards
    poison: dict[int, frozenset[str]] = field(default_factory=dict)  # strike-ahead steps
    polymorphed: tuple[tuple[int, str, str], ...] = ()      # (seat, zone, kind), this round
    devoured: tuple[tuple[int, str, str, int], ...] = ()    # (seat, zone, kind, devourer)
    snared: frozenset[int] = frozenset()                     # flyers eligible in melee
    raised: dict[int, int] = field(default_factory=dict)    # Raise Dead arrivals per seat
    pending: tuple[tuple[int, int], ...] = ()   # (token, seat) of cards played and not yet
    #                                             resolved, for Dispel Magic (WC-13.6)
    cancelled: frozenset[int] = frozenset()
    plays: int = 0
    marksman: int | None = None        # picks the next casualty (Marksmanship)
    last_loss: tuple[int, str] | None = None   # (owner, kind) just removed (Pillage)
    over: bool = False
    winner: int | None = None          # side index, None for an empty battlefield

    def copy(self) -> Battle:
        return Battle(self.zone, self.sides, self.chiefs, self.pickers, self.flanks_out,
                      self.round, self.step, self.volley, dict(self.hits),
                      dict(self.hit_dice), list(self.due), list(self.saves), list(self.cursed),
                      list(self.healed), dict(self.roll_mod), dict(self.step_cards),
                      dict(self.poison), self.polymorphed, self.devoured, self.snared,
                      dict(self.raised), self.pending, self.cancelled, self.plays,
                      self.marksman, self.last_loss, self.over, self.winner)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key in self.__slots__:
            value = getattr(self, key)
            if isinstance(value, dict):
                value = {str(k): sorted(v) if isinstance(v, frozenset) else v
                         for k, v in sorted(value.items())}
            elif isinstance(value, frozenset):
                value = sorted(value)
            elif isinstance(value, tuple):
                value = [list(v) if isinstance(v, tuple) else v for v in value]
            out[key] = value
        return out

    def side_of(self, seat: int) -> int | None:
        return ATT if seat in self.sides[ATT] else DEF if seat in self.sides[DEF] else None

    def seats(self) -> tuple[int, ...]:
        """Defenders, then attackers: the order of every declaration (WC-11.16)."""
        return (*self.sides[DEF], *self.sides[ATT])


def battle(st: WarcraftState) -> Battle:
    assert st.battle is not None, "no combat is being fought"
    return st.battle


# ---------------------------------------------------------------------------- who fights

def reaches(st: WarcraftState, b: Battle, seat: int, zone: str, kind: str) -> bool:
    """Whether `seat`'s units of `kind` in `zone` fight: the battlefield always; a flank (an
    adjacent zone, WC-11.1) unless the partner kept his flanks out (WC-A14) or a wall lies
    between for a unit that is not a flyer (WC-18.3); Mountains change nothing (WC-11.17)."""
    if zone == b.zone:
        return True
    if seat in b.flanks_out or zone not in st.board.zones[b.zone].adjacent:
        return False
    return kind == "flying" or not st.board.walled(zone, b.zone)


def zones_of(st: WarcraftState, b: Battle) -> tuple[str, ...]:
    """The battlefield, then its flanks (WC-11.1)."""
    return (b.zone, *sorted(st.board.zones[b.zone].adjacent))


def groups(st: WarcraftState, b: Battle, seat: int) -> list[tuple[str, str, int]]:
    """`seat`'s fighting units as (zone, kind, count), battlefield first (WC-11.2); workers
    only when called to arms (militia)."""
    out = []
    for zone in zones_of(st, b):
        force = st.zones[zone].get(seat)
        if force is None:
            continue
        for kind in KINDS:
            n = force.count(kind)
            if n and reaches(st, b, seat, zone, kind):
                out.append((zone, kind, n))
    return out


def in_fight(st: WarcraftState, b: Battle, seat: int) -> bool:
    """A player with a fighting unit: he draws (WC-11.4) and may play cards (WC-11.15)."""
    return b.side_of(seat) is not None and bool(groups(st, b, seat))


def fighters(st: WarcraftState, b: Battle) -> list[int]:
    return [s for s in b.seats() if in_fight(st, b, s)]


def polymorphed(b: Battle, seat: int, zone: str, kind: str) -> int:
    return b.polymorphed.count((seat, zone, kind))


def step_kinds(step: str) -> tuple[str, ...]:
    """Militia fight as melee units with the melee card (WC-13.5, WC-A34)."""
    return ("melee", "militia") if step == "melee" else (step,)


def dice_count(st: WarcraftState, b: Battle, seat: int, step: str) -> int:
    """One die per fighting unit of the step's type, flanks included (WC-11.7), Polymorphed
    units excepted (WC-13.8)."""
    kinds = step_kinds(step)
    return sum(n - min(n, polymorphed(b, seat, zone, kind))
               for zone, kind, n in groups(st, b, seat) if kind in kinds)


def present(st: WarcraftState, b: Battle, side: int) -> bool:
    """The side keeps a unit in the battlefield; flanks do not count (WC-11.12)."""
    return any(st.units(b.zone, s) for s in b.sides[side])


def check_end(st: WarcraftState, b: Battle) -> bool:
    """The combat is over once one side, or nobody, is left in the battlefield (WC-11.12,
    WC-A12); called after a batch of casualties and after Devour."""
    if b.over:
        return True
    here = (present(st, b, ATT), present(st, b, DEF))
    if all(here):
        return False
    b.over = True
    b.winner = ATT if here[ATT] else DEF if here[DEF] else None
    return True


# ---------------------------------------------------------------------------- the combats

def push_combats(st: WarcraftState, mover: int) -> None:
    """Fight every contested zone, in the mover's order (WC-7.1 to WC-7.3)."""
    st.frames.append(Combats(mover))


def clockwise(st: WarcraftState, seat: int) -> list[int]:
    n = len(st.players)
    return [(seat + i) % n for i in range(n)] if seat != NEUTRAL else [NEUTRAL]


def armed(st: WarcraftState, zone: str) -> list[int]:
    return [s for s, f in st.zones[zone].items() if f.units]


def portal_seats(st: WarcraftState, zone: str) -> list[int]:
    """Players whose Town Portal brought units into `zone` this movement (WC-A16, WC-A20)."""
    return [s for s, z in st.memo.get("portal", ()) if z == zone]


def attacker_in(st: WarcraftState, zone: str, mover: int) -> int | None:
    """Who attacks in a contested zone: the Town Portal player whose card made the fight, else
    the mover's side (WC-11.3, WC-A16); the seat of that side first clockwise from him with
    units there. None when neither is there (a deployment fight waits for its sides to move,
    WC-A16, WC-A37)."""
    here = armed(st, zone)
    for seat in (*portal_seats(st, zone), mover):
        mine = [s for s in clockwise(st, seat) if s in here and st.allied(s, seat)]
        if mine and any(st.enemies(s, seat) for s in here):
            return mine[0]
    return None


def defenders_in(st: WarcraftState, zone: str, attacker: int) -> list[int]:
    """One seat per opposing side in the zone, the first clockwise from the attacker with
    units there; three sides give two (WC-A36)."""
    here = armed(st, zone)
    order = [*(s for s in clockwise(st, attacker) if s in here), *(
        [NEUTRAL] if NEUTRAL in here else [])]
    out: list[int] = []
    for seat in order:
        if st.enemies(seat, attacker) and not any(st.allied(seat, d) for d in out):
            out.append(seat)
    return out


def candidates(st: WarcraftState, mover: int) -> list[tuple[str, int, int]]:
    """Every combat that could be fought now: (battlefield, attacker, defender)."""
    out = []
    stalled_zones = st.memo.get("stalled", ())
    for zone in sorted(st.zones):
        if not st.contested(zone) or zone in stalled_zones:
            continue
        attacker = attacker_in(st, zone, mover)
        if attacker is not None:
            out += [(zone, attacker, d) for d in defenders_in(st, zone, attacker)]
    return out


def battle_action(cands: list[tuple[str, int, int]], zone: str, defender: int) -> WCAction:
    several = sum(1 for z, _, _ in cands if z == zone) > 1
    return act("battle", zone, label(defender) if several else None)


@dataclass(slots=True)
class Combats(Frame):
    """The mover's combats, one at a time, the board checked again after each (WC-7.2,
    WC-7.3, WC-11.18)."""

    mover: int
    rule = "WC-7.2"

    def step(self, st: WarcraftState) -> None:
        cands = candidates(st, self.mover)
        if not cands:
            st.frames.pop()
            st.memo.pop("portal", None)
            st.memo.pop("stalled", None)
            return
        if len(cands) == 1:
            st.frames.append(Combat(*cands[0]))
            return
        st.frames.append(ChooseBattle(self.mover))


@dataclass(slots=True)
class ChooseBattle(Ask):
    """The mover picks the next combat (WC-7.2): `battle <zone> [<side>]`."""

    seat: int
    rule = "WC-7.2"

    def options(self, st: WarcraftState) -> list[WCAction]:
        cands = candidates(st, self.seat)
        return [battle_action(cands, z, d) for z, _, d in cands]

    def answer(self, st: WarcraftState, action: WCAction) -> None:
        st.frames.pop()
        cands = candidates(st, self.seat)
        chosen = next(c for c in cands if battle_action(cands, c[0], c[2]) == action)
        st.frames.append(Combat(*chosen))


# ---------------------------------------------------------------------------- one combat

OPEN, DRAW, ROUND, RANGED, FLYING, MELEE, CLOSE = range(7)


@dataclass(slots=True)
class Combat(Frame):
    """One combat from its start to its reward (WC-11.1 to WC-11.14)."""

    zone: str
    attacker: int
    defender: int
    stage: int = OPEN
    rule = "WC-11.1"

    def step(self, st: WarcraftState) -> None:
        if DRAW < self.stage < CLOSE and battle(st).over:
            self.stage = CLOSE
        stage, self.stage = self.stage, self.stage + 1
        if stage == OPEN:
            open_battle(st, self.zone, self.attacker, self.defender)
        elif stage == DRAW:
            combat_draws(st, battle(st))
        elif stage == ROUND:
            start_round(st, battle(st))
        elif stage in (RANGED, FLYING, MELEE):
            st.frames.append(Step(STEPS[stage - RANGED]))
            if stage == MELEE:
                self.stage = ROUND
        else:
            st.frames.pop()
            close_battle(st, battle(st))


def side_seats(st: WarcraftState, chief: int) -> tuple[int, ...]:
    """A side: the chief and his partners still in the game, clockwise (WC-11.3, WC-15.5)."""
    return tuple(s for s in clockwise(st, chief) if st.allied(s, chief) and st.alive(s))


def left_of(st: WarcraftState, seat: int) -> int:
    """The next player clockwise still in the game (WC-4.3, WC-16.4)."""
    return next(s for s in clockwise(st, seat)[1:] if st.alive(s))


def open_battle(st: WarcraftState, zone: str, attacker: int, defender: int) -> None:
    """The battlefield, its sides and who picks casualties; partners with flank units say
    whether those join (WC-11.2, WC-11.3, WC-15.5, WC-A14, WC-A28)."""
    picker = left_of(st, attacker) if defender == NEUTRAL else defender
    b = Battle(zone, (side_seats(st, attacker), side_seats(st, defender)),
               (attacker, defender), (attacker, picker))
    st.battle = b
    st.emit("combat", "WC-11.1",
            Text(f"Combat in {zone}: {name(attacker)} attacks {name(defender)}.",
                 f"Combate en {zone}: {nombre(attacker)} ataca a {nombre(defender)}."),
            zone=zone, attacker=attacker, defender=defender)
    for seat in reversed(b.seats()):
        if seat not in b.chiefs and any(z != zone for z, _, _ in groups(st, b, seat)):
            st.frames.append(JoinAsk(seat))


@dataclass(slots=True)
class JoinAsk(Ask):
    """A partner says whether all his flank units join the fight (`join yes|no`, WC-15.5,
    WC-A14); his battlefield units fight anyway."""

    seat: int
    rule = "WC-15.5"

    def options(self, st: WarcraftState) -> list[WCAction]:
        return [YES, NO]

    def answer(self, st: WarcraftState, action: WCAction) -> None:
        st.frames.pop()
        b = battle(st)
        if action == NO:
            b.flanks_out = b.flanks_out | {self.seat}
        word = "join" if action == YES else "stay out"
        st.emit("join", "WC-A14",
                Text(f"{name(self.seat)}'s flank units {word}.",
                     f"Las unidades de flanco de {nombre(self.seat)} "
                     f"{'se unen' if action == YES else 'se quedan fuera'}."),
                seat=self.seat, joins=action == YES)


def combat_draws(st: WarcraftState, b: Battle) -> None:
    """Each player with a fighting unit draws a card (WC-11.4); neutrals never do (WC-A28)."""
    for seat in fighters(st, b):
        if seat != NEUTRAL and not st.over:
            st.draw(seat, 1, "WC-11.4")


def start_round(st: WarcraftState, b: Battle) -> None:
    """A new round: round-long effects are gone (WC-11.5); a fight nobody can lose stops
    (WC-A40); Poison, Polymorph and Devour come first (rules/abilities.py,
    rules/experience.py)."""
    from grimorio.games.warcraft.rules import abilities, experience

    b.polymorphed, b.poison = (), {}
    if stalled(st, b):
        return
    b.round += 1
    st.emit("round", "WC-11.5", Text(f"Round {b.round} in {b.zone}.",
                                     f"Asalto {b.round} en {b.zone}."), round=b.round)
    experience.push_window(st, "combat_round_start", fighters(st, b))
    abilities.push_poison(st, b)


def most_hits(st: WarcraftState, b: Battle, seat: int, step: str) -> int:
    """The most casualties a player's dice can inflict in a step, cards aside: every die a
    natural 1 (WC-11.7, WC-12.2, WC-12.6)."""
    from grimorio.games.warcraft.rules import abilities

    n = dice_count(st, b, seat, step)
    if not n:
        return 0
    n += abilities.bloodlust(st, b, seat)
    return n * (2 if abilities.area_attack(st, seat, step) else 1)


def can_lose(st: WarcraftState, b: Battle, side: int) -> bool:
    """Whether some step of a round could cost the side a unit: the opponents' most hits beat
    its Heal savings (WC-12.3) and one of its units can be picked then (WC-11.10)."""
    from grimorio.games.warcraft.rules import abilities

    saves = sum(1 for s in b.sides[side] if abilities.carrying(st, b, s, "heal"))
    return any(sum(most_hits(st, b, s, step) for s in b.sides[1 - side]) > saves
               and eligible(st, b, side, step) for step in STEPS)


def stalled(st: WarcraftState, b: Battle) -> bool:
    """A combat neither side can lose, whatever the dice, ends with no winner and its zone is
    not fought again this Movement phase (WC-A40, WC-A13)."""
    if can_lose(st, b, ATT) or can_lose(st, b, DEF):
        return False
    b.over, b.winner = True, None
    st.memo["stalled"] = (*st.memo.get("stalled", ()), b.zone)
    st.emit("stalemate", "WC-A40",
            Text(f"Neither side can lose a unit in {b.zone}: the combat stops.",
                 f"Ningún bando puede perder unidades en {b.zone}: el combate se detiene."),
            zone=b.zone)
    return True


# ---------------------------------------------------------------------------- steps

@dataclass(slots=True)
class Step(Frame):
    """One step (WC-11.5, WC-11.6): the melee-step window, then one simultaneous volley, or
    two when one side strikes ahead with Poison (WC-12.4, WC-12.5, WC-A18)."""

    kind: str
    stage: int = 0
    rule = "WC-11.6"

    def step(self, st: WarcraftState) -> None:
        from grimorio.games.warcraft.rules import abilities, experience

        b = battle(st)
        if self.stage == 0:
            self.stage = 1
            begin_step(b, self.kind)
            if not rollers(st, b, b.seats()):
                self.stage = 3                        # nobody attacks: nothing happens
            elif self.kind == "melee":
                experience.push_window(st, "combat_melee_step_start", fighters(st, b))
        elif self.stage == 1 and not b.over:
            self.stage = 2
            ahead = abilities.strike_ahead(st, b, self.kind)
            st.frames.append(Volley(ahead or b.seats()))
        elif self.stage == 2 and not b.over and b.volley != b.seats():
            self.stage = 3
            rest = tuple(s for s in b.seats() if s not in b.volley)
            st.frames.append(Volley(rest))
        else:
            st.frames.pop()
            b.step = ""


def begin_step(b: Battle, kind: str) -> None:
    """Step-long effects start afresh (WC-11.6)."""
    b.step, b.volley = kind, ()
    b.saves, b.healed = [0, 0], [False, False]
    b.roll_mod, b.step_cards = {}, {}


def rollers(st: WarcraftState, b: Battle, seats: tuple[int, ...]) -> list[int]:
    """Who rolls in this step: a side with no unit of the type rolls nothing (WC-11.8)."""
    return [s for s in seats if dice_count(st, b, s, b.step) > 0]


@dataclass(slots=True)
class Volley(Frame):
    """Some players roll together, then the casualties they inflict are removed: the before-roll
    window, the rolls, Raise Dead, the after-roll window, then the removals (WC-11.6,
    WC-11.7, WC-11.9)."""

    seats: tuple[int, ...]
    stage: int = 0
    rule = "WC-11.7"

    def step(self, st: WarcraftState) -> None:
        from grimorio.games.warcraft.rules import abilities, experience

        b = battle(st)
        stage, self.stage = self.stage, self.stage + 1
        if stage == 0:
            b.volley, b.hits, b.hit_dice, b.cursed = self.seats, {}, {}, [0, 0]
            experience.push_window(st, "combat_before_own_roll", rollers(st, b, self.seats))
        elif stage == 1:
            ones = {seat: attack(st, b, seat, b.step) for seat in rollers(st, b, self.seats)}
            abilities.offer_raise(st, b, ones)
        elif stage == 2:
            experience.push_after_roll(st, b)
        elif stage == 3:
            settle_due(st, b)
            st.frames.append(Removals())
        else:
            st.frames.pop()
            check_end(st, b)


# ---------------------------------------------------------------------------- dice

def purpose(st: WarcraftState, b: Battle, seat: int, step: str, n: int) -> Text:
    """The roll's message; the neutrals' dice are thrown by the attacker's left-hand
    neighbour (WC-16.4)."""
    if seat == NEUTRAL:
        by = left_of(st, b.chiefs[ATT]) + 1
        return Text(f"The neutrals attack with {n} {step} dice (thrown by P{by})",
                    f"Los neutrales atacan con {n} dados ({step}; los tira J{by})")
    return Text(f"{name(seat)} attacks with {n} {step} dice",
                f"{nombre(seat)} ataca con {n} dados ({step})")


def attack(st: WarcraftState, b: Battle, seat: int, step: str) -> int:
    """Roll one die per fighting unit of the step's type, plus the Bloodlust die (WC-11.7,
    WC-12.6); each die at or under the type's Strength hits (Faerie Fire lowers the dice,
    WC-13.9); Envenomed Spears rolls the misses again (WC-13.15). Returns the natural 1s
    rolled (Raise Dead, WC-12.7)."""
    from grimorio.games.warcraft.rules import abilities

    n = dice_count(st, b, seat, step) + abilities.bloodlust(st, b, seat)
    faces = st.roll(n, purpose(st, b, seat, step, n), "WC-11.7", seat=seat, step=step)
    if "envenomed_spears" in b.step_cards.get(seat, frozenset()):
        faces = reroll_misses(st, b, seat, step, faces)
    score(st, b, seat, step, faces)
    return faces.count(1)


def hit_value(st: WarcraftState, b: Battle, seat: int, step: str, face: int) -> int:
    """Casualties one die inflicts: 1 at or under Strength after modifiers, 2 for a natural
    1 with Area Attack (WC-11.7, WC-12.2, WC-A17)."""
    from grimorio.games.warcraft.rules import abilities

    if face + b.roll_mod.get(seat, 0) > st.strength(seat, step):
        return 0
    return 2 if face == 1 and abilities.area_attack(st, seat, step) else 1


def score(st: WarcraftState, b: Battle, seat: int, step: str, faces: tuple[int, ...]) -> int:
    """Add the dice's hits to the seat's volley total; returns the hits."""
    values = [hit_value(st, b, seat, step, f) for f in faces]
    hits = sum(values)
    b.hits[seat] = b.hits.get(seat, 0) + hits
    b.hit_dice[seat] = b.hit_dice.get(seat, 0) + sum(1 for v in values if v)
    st.emit("hits", "WC-11.7", Text(f"{name(seat)} scores {hits} hit(s).",
                                    f"{nombre(seat)} logra {hits} impacto(s)."),
            seat=seat, step=step, hits=hits, faces=list(faces))
    return hits


def reroll_misses(st: WarcraftState, b: Battle, seat: int, step: str,
                  faces: tuple[int, ...]) -> tuple[int, ...]:
    """Each missing die is thrown once more and the new face kept (WC-13.15)."""
    missed = [i for i, f in enumerate(faces) if not hit_value(st, b, seat, step, f)]
    if not missed:
        return faces
    again = st.roll(len(missed), Text(f"{name(seat)} rolls the misses again",
                                      f"{nombre(seat)} repite los fallos"), "WC-13.15",
                    seat=seat, step=step)
    out = list(faces)
    for index, face in zip(missed, again, strict=True):
        out[index] = face
    return tuple(out)


# ---------------------------------------------------------------------------- casualties

def settle_due(st: WarcraftState, b: Battle) -> None:
    """Each side owes what the other side's rollers hit, less Curse's saves, Heal (once per
    step, WC-12.3, WC-A18) and Invisibility (WC-13.7)."""
    from grimorio.games.warcraft.rules import abilities

    for side in (DEF, ATT):
        owed = sum(b.hits.get(s, 0) for s in b.sides[1 - side])
        owed = max(0, owed - b.cursed[side])
        if owed and not b.healed[side]:
            owed -= abilities.heal(st, b, side, owed)
        saved = min(owed, b.saves[side])
        b.saves[side] -= saved
        b.due[side] = owed - saved


@dataclass(slots=True)
class Removals(Frame):
    """Casualties go one at a time, defender first, alternating; a side that is done lets the
    other finish; with nothing eligible left the rest are dropped (WC-11.9 to WC-11.11)."""

    turn: int = DEF
    rule = "WC-11.9"

    def step(self, st: WarcraftState) -> None:
        b = battle(st)
        if not any(b.due):
            st.frames.pop()
            return
        side = self.turn if b.due[self.turn] else 1 - self.turn
        self.turn = 1 - side
        if not eligible(st, b, side):
            drop(st, b, side)
            return
        st.frames.append(RemoveOne(side))


def drop(st: WarcraftState, b: Battle, side: int) -> None:
    rule = "WC-11.10" if b.step == "melee" else "WC-11.11"
    st.emit("dropped", rule, Text(f"{b.due[side]} casualty(ies) cannot be taken and are "
                                  f"dropped.", f"{b.due[side]} baja(s) no se pueden asignar y "
                                  f"se ignoran."), side=side, n=b.due[side])
    b.due[side] = 0


def eligible(st: WarcraftState, b: Battle, side: int, step: str | None = None
             ) -> list[tuple[int, str, str, bool]]:
    """The side's possible casualties as (seat, zone, kind, polymorphed): any fighting unit,
    no workers, no flyer in a melee step unless Ensnare or Web (WC-11.9, WC-11.10, WC-A21);
    a Polymorphed unit is told apart from its twins (WC-13.8)."""
    step = b.step if step is None else step
    out = []
    for seat in b.sides[side]:
        for zone, kind, n in groups(st, b, seat):
            if kind == "flying" and step == "melee" and seat not in b.snared:
                continue
            poly = min(n, polymorphed(b, seat, zone, kind))
            if n > poly:
                out.append((seat, zone, kind, False))
            if poly:
                out.append((seat, zone, kind, True))
    return out


def casualty_action(b: Battle, side: int, choice: tuple[int, str, str, bool],
                    choices: list[tuple[int, str, str, bool]]) -> WCAction:
    seat, zone, kind, poly = choice
    owner = label(seat) if len(b.sides[side]) > 1 else None
    twin = (seat, zone, kind, not poly) in choices
    return act("casualty", kind, zone, owner, "polymorphed" if poly and twin else None)


@dataclass(slots=True)
class RemoveOne(Frame):
    """One casualty: the Marksmanship window of the side that inflicted it, the pick, then
    the Pillage window (WC-13.10, WC-13.16)."""

    side: int
    stage: int = 0
    rule = "WC-11.9"

    def step(self, st: WarcraftState) -> None:
        from grimorio.games.warcraft.rules import experience

        b = battle(st)
        stage, self.stage = self.stage, self.stage + 1
        enemies = [s for s in fighters(st, b) if s in b.sides[1 - self.side]]
        if stage == 0:
            experience.push_window(st, "combat_before_inflicted_casualty_removed", enemies)
        elif stage == 1:
            pick(st, b, self.side)
        elif stage == 2:
            experience.push_window(st, "combat_after_enemy_casualty", enemies)
        else:
            st.frames.pop()


def pick(st: WarcraftState, b: Battle, side: int) -> None:
    """The picker chooses when there is a choice (WC-11.9); Marksmanship hands one pick to the
    card's player (WC-13.10)."""
    choices = eligible(st, b, side)
    if not choices:
        drop(st, b, side)
        return
    picker = b.pickers[side] if b.marksman is None else b.marksman
    b.marksman = None
    if len(choices) == 1:
        remove(st, b, choices[0])
    else:
        st.frames.append(CasualtyAsk(picker, side))


@dataclass(slots=True)
class CasualtyAsk(Ask):
    """`casualty <kind> <zone> [<owner>] [polymorphed]` (WC-11.9)."""

    seat: int
    side: int
    rule = "WC-11.9"

    def options(self, st: WarcraftState) -> list[WCAction]:
        b = battle(st)
        choices = eligible(st, b, self.side)
        return [casualty_action(b, self.side, c, choices) for c in choices]

    def answer(self, st: WarcraftState, action: WCAction) -> None:
        st.frames.pop()
        b = battle(st)
        choices = eligible(st, b, self.side)
        remove(st, b, next(c for c in choices
                            if casualty_action(b, self.side, c, choices) == action))


def remove(st: WarcraftState, b: Battle, choice: tuple[int, str, str, bool]) -> None:
    """A casualty returns to its owner's reserve (WC-11.9): ENGINE's `remove_units` sends
    called-up workers back as workers (WC-A34) and holds Nordrassil's Undead aside (WC-19.6)."""
    seat, zone, kind, poly = choice
    side = b.side_of(seat)
    assert side is not None
    st.remove_units(zone, seat, kind, 1, "WC-11.9")
    b.due[side] -= 1
    b.last_loss = (seat, kind)
    if poly:
        drop_polymorph(b, seat, zone, kind)
    clamp_polymorph(st, b)
    st.emit("casualty", "WC-11.9",
            Text(f"{name(seat)} loses a {kind} unit in {zone}.",
                 f"{nombre(seat)} pierde una unidad ({kind}) en {zone}."),
            seat=seat, zone=zone, piece=kind)


def drop_polymorph(b: Battle, seat: int, zone: str, kind: str) -> None:
    entries = list(b.polymorphed)
    entries.remove((seat, zone, kind))
    b.polymorphed = tuple(entries)


def clamp_polymorph(st: WarcraftState, b: Battle) -> None:
    """Never more Polymorphed units in a group than units left in it."""
    out: list[tuple[int, str, str]] = []
    for entry in b.polymorphed:
        seat, zone, kind = entry
        force = st.zones[zone].get(seat)
        if force is not None and out.count(entry) < force.count(kind):
            out.append(entry)
    b.polymorphed = tuple(out)


# ---------------------------------------------------------------------------- the end

def close_battle(st: WarcraftState, b: Battle) -> None:
    """The winner's players still in the battlefield draw (WC-11.14, WC-A13, WC-A14); then
    devoured units die or come back (WC-13.13, WC-A22), raised units beyond the limit return
    (WC-12.7), and Nordrassil's dead rise (WC-19.6)."""
    from grimorio.games.warcraft.rules import abilities, experience, scenarios

    winners = [] if b.winner is None else [
        s for s in b.sides[b.winner] if s != NEUTRAL and st.units(b.zone, s)]
    who = "nobody" if b.winner is None else name(b.chiefs[b.winner])
    st.emit("combat-end", "WC-11.14" if b.winner is not None else "WC-A13",
            Text(f"The combat in {b.zone} is over: {who} wins.",
                 f"El combate en {b.zone} ha terminado: gana "
                 f"{'nadie' if b.winner is None else nombre(b.chiefs[b.winner])}."),
            zone=b.zone, winner=None if b.winner is None else b.chiefs[b.winner])
    experience.release_devoured(st, b)
    abilities.trim_raised(st, b)
    st.battle = None
    for seat in winners:
        if not st.over:
            st.draw(seat, 1, "WC-11.14")
    scenarios.after_combat(st)
