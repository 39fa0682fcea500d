"""Combat (Chapter VI): the ten-step attack sequence as a frame, attack spells, zone attacks,
Defenses, Damage Barriers, counterstrikes, guards and the legal targets of attacks.

`start_attack` pushes an `AttackFrame`; when it pops, `st.ret` is `("attack", hit, damage)`.
The frame never ends an action turn itself: the caller that made the attack its creature's own
action ends the turn (MW-6.69); counterstrikes, Damage Barrier attacks, collisions and attacks
made out of the attacker's turn close nothing (MW-B9).

Stages follow the steps (MW-6.9, MW-X-13.4): 1 Declare, 2 Pay Costs, 3 Roll to Miss, 4 Avoid
Attack, 5 Roll Dice with 6 Apply Damage and Effects, 7 Additional Strikes, 8 Damage Barrier,
9 Counterstrike, 10 End Attack. A Damage Barrier attack and a collision start at stage 5 and end
after it (MW-6.48, MW-B2, MW-C14); a zone attack runs stages 5-6 once per defender (MW-B11).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from grimorio.core.i18n import Text
from grimorio.games.mage_wars import conditions, data, hooks, traits
from grimorio.games.mage_wars.effects import mages
from grimorio.games.mage_wars.flow import Ask, Frame, MWAction, act
from grimorio.games.mage_wars.model import Obj
from grimorio.games.mage_wars.rules import damage, mandatory, walls
from grimorio.games.mage_wars.traits import AttackRef

if TYPE_CHECKING:
    from grimorio.games.mage_wars.state import MageWarsState

DECLARE, COSTS, MISS, AVOID, DEFENDED, ROLL, STRIKES, BARRIER, COUNTER, COUNTERED, END = (
    1, 2, 3, 4, 41, 5, 7, 8, 9, 91, 10)
TRIGGERED = 42          # step 4 after the defender's mandatory Defenses came out (MW-5.97)
NEXT_DEFENDER, ORDERED = 11, 111
SWEEP, SWEPT = 12, 121  # Sweeping's second attack: its target, then a new step 1 (MW-X-3.10)
FURIED = 131            # Battle Fury's follow-up attack chosen: a new step 1 (issue 8)
REROLLED_DEFENSE = 43   # step 4 after a re-roll of a failed Defense was offered (Dawnbreaker)
REROLLED = 51           # step 5 after a re-roll of the attack dice or effect was offered
FURY = "battle_fury"    # Obj.memo: the round Battle Fury lets the creature follow up a melee attack
DAZE_MISS = 6           # MW-6.23: 6 or less on the d12 misses
COLLIDE = "collide"     # pseudo card of the collision attack (MW-X-7.22, MW-C14)
COLLIDE_ATTACK = data.Attack(Text("Collision", "Choque"), None, "collide", None, 3, None, (),
                             (data.TraitUse("unavoidable"),), (), False)


@dataclass(frozen=True, slots=True)
class AttackInfo:
    """What card scripts see of an attack (hooks.attack_dice, hooks.declare_cost)."""

    attacker: int | None        # None: a Damage Barrier or a collision
    defender: int               # 0 while a zone attack has not picked one
    card: str                   # the card of the attack bar (spell, creature, equipment…)
    index: int                  # 1-based attack index of the attacker (0: spell, barrier…)
    kind: str                   # melee | ranged | barrier | collide
    spell: str | None
    zone_attack: bool
    strike: int
    is_counterstrike: bool
    first_of_action: bool
    zone: str | None = None     # the target zone of a zone attack


@dataclass(frozen=True, slots=True)
class Defense:
    """A Defense a creature may use (MW-6.82): avoid on `threshold`+ on the d12; `once`: 1x per
    round (MW-6.85); `vs`: None, or the only attack kind it works against (MW-6.89)."""

    source: int
    threshold: int
    once: bool
    vs: str | None = None


def defense_sources(st: MageWarsState, oid: int) -> list[Defense]:
    """The Defenses of a creature: a `defense` field on its card, its equipment or its revealed
    enchantments (no apprentice card has one; scripts may replace this function)."""
    o = st.objs[oid]
    holders = [o, *(x for x in st.attached(oid) if x.kind == "equipment"
                    or (x.kind == "enchantment" and x.face_up))]
    found = []
    for holder in holders:
        spec: Any = getattr(st.card(holder.card), "defense", None)
        if spec is not None:
            found.append(Defense(holder.oid, int(spec.threshold), bool(spec.once),
                                 getattr(spec, "vs", None)))
    return found


# ------------------------------------------------------------------------------- entry points

def spell_ref(st: MageWarsState, card: str) -> AttackRef:
    """The attack bar of an attack spell (MW-6.8, MW-6.72)."""
    return AttackRef(0, card, 0, None, st.card(card).attacks[0])


def start_attack(st: MageWarsState, attacker_oid: int, attack_ref: AttackRef | None,
                 target: int | str, *, spell: str | None = None,
                 out_of_turn: bool = False) -> None:
    """Push a whole attack (MW-6.9). `target` is an oid, or a zone for a zone attack."""
    ref = attack_ref if attack_ref is not None else spell_ref(st, str(spell))
    kind = "ranged" if spell is not None else ref.attack.kind     # MW-5.19, MW-6.73
    st.frames.append(AttackFrame(attacker_oid, ref.card, ref.bar, ref.index, target, kind,
                                 spell=spell, out_of_turn=out_of_turn))


def collide(st: MageWarsState, oid: int) -> None:
    """A pushed creature hits a Passage Blocked wall: an Unavoidable 3-die typeless attack
    with no creature as its source (MW-X-7.22, MW-C14)."""
    st.frames.append(AttackFrame(None, COLLIDE, 0, 0, oid, "collide", stage=ROLL,
                                 out_of_turn=True, defender=oid))


# ------------------------------------------------------------------------------- the frame

@dataclass(slots=True)
class AttackFrame(Frame):
    """One attack action (MW-6.3) from Declare Attack to End Attack."""

    attacker: int | None
    card: str
    bar: int
    index: int
    target: int | str
    kind: str                       # melee | ranged | barrier | collide
    spell: str | None = None
    out_of_turn: bool = False
    counter: bool = False           # a counterstrike: skips step 9 (MW-6.61)
    stage: int = DECLARE
    defender: int = 0
    defenders: tuple[int, ...] = ()  # a zone attack's defenders still to attack
    strike: int = 1
    first: bool = True              # the first attack of the action (MW-X-1.7)
    missed: bool = False            # the roll to miss failed (MW-6.22)
    avoided: bool = False           # this strike was avoided (MW-6.26)
    hit: bool = False               # a strike on this defender reached step 6 (MW-6.32)
    any_hit: bool = False
    total: int = 0                  # damage dealt by the whole action
    drained: bool = False           # Mana Drain already used (MW-C6)
    shield: tuple[str, int, int] | None = None   # the defender's barrier at the first hit
    marks: tuple[int, int] = (0, 0)  # relocation stamps of attacker and defender (MW-6.19)
    origin: str | None = None       # the attacker's zone: where a push comes from
    mods: tuple[int, int] = (0, 0)  # (dice, effect roll) set by a card script (Chain Lightning)
    swept: tuple[int, ...] = ()     # Sweeping: the targets already attacked (MW-X-3.10)
    defended_with: int = 0          # the Defense's source just rolled (for a re-roll)
    # a roll waiting for a re-roll choice (Dawnbreaker): dice, effect modifier, faces, effect
    rolled: tuple[int, int, tuple[int, ...], int | None] | None = None
    rule = "MW-6.9"

    def public(self) -> dict[str, Any]:
        return self.to_json()

    # ---- helpers
    def attack(self, st: MageWarsState) -> data.Attack:
        return COLLIDE_ATTACK if self.card == COLLIDE else traits.bar_of(st, self.card, self.bar)

    @property
    def zone_attack(self) -> bool:
        return isinstance(self.target, str)

    def info(self, st: MageWarsState) -> AttackInfo:
        return AttackInfo(self.attacker, self.defender, self.card, self.index, self.kind,
                          self.spell, self.zone_attack, self.strike, self.counter,
                          self.first and self.strike == 1,
                          self.target if isinstance(self.target, str) else None)

    def step(self, st: MageWarsState) -> None:
        _STAGES[self.stage](self, st)

    def go(self, stage: int) -> None:
        self.stage = stage


# ---- step 1: Declare Attack

def _declare(f: AttackFrame, st: MageWarsState) -> None:
    """MW-6.11: the attack and its target are named; the player is committed (MW-6.18)."""
    if f.attacker is not None and f.attacker not in st.objs:
        _cancel(f, st, "MW-6.19")
        return
    att = st.objs[f.attacker] if f.attacker is not None else None
    f.origin = att.zone if att is not None else None
    if f.zone_attack:
        f.defenders = _zone_defenders(st, f)
    else:
        f.defender = int(f.target)
    f.marks = (_stamp(st, f.attacker), _stamp(st, f.defender))
    if att is not None:
        _lock_flight(st, f, att)
    who = f"o{f.attacker}" if f.attacker is not None else "-"
    st.emit("attack", "MW-6.11", Text(f"{who} attacks {_name(f.target)} ({f.card}).",
                                      f"{who} ataca a {_name(f.target)} ({f.card})."),
            attacker=f.attacker, target=f.target, card=f.card, index=f.index,
            counterstrike=f.counter)
    follow = hooks.attack_declared(st, f.info(st)) if f.attacker is not None else None
    if follow is not None:              # a card cancels it now (Helm of Fear, MW-X-3.19)
        _cancel(f, st, "MW-X-3.19")
        st.frames.extend(follow)
        return
    f.go(COSTS)
    _reveal(st, "MW-5.84")


def _lock_flight(st: MageWarsState, f: AttackFrame, att: Obj) -> None:
    """Flying is fixed for the whole attack (MW-5.31); a flyer's melee attack on a non-flyer
    grounds it until the attack ends (MW-5.30, MW-6.16, MW-B24)."""
    flying = traits.is_flying(st, att.oid)
    if flying and f.kind == "melee" and not f.zone_attack and f.defender in st.objs \
            and not traits.is_flying(st, f.defender):
        flying = False
    att.memo["fly_lock"] = int(flying)
    st.changed()


def _zone_defenders(st: MageWarsState, f: AttackFrame) -> tuple[int, ...]:
    """Every creature and conjuration in the zone, friends and the attacker included unless
    the card spares its caster (MW-6.78, MW-B10, MW-C21, MW-X-3.5)."""
    spare = f.attack(st).excludes_caster
    return tuple(o.oid for o in st.in_zone(str(f.target))
                 if o.has_life and not (spare and o.oid == f.attacker))


# ---- step 2: Pay Costs

def _costs(f: AttackFrame, st: MageWarsState) -> None:
    """MW-6.20: costs a script asks for are paid now, or the attack is cancelled."""
    if _moved(f, st):
        _cancel(f, st, "MW-6.19")
        return
    cost = hooks.declare_cost(st, f.info(st)) if f.attacker is not None else 0
    if cost > 0:
        player = st.players[st.objs[f.attacker].controller] if f.attacker is not None else None
        if player is None or player.mana < cost:
            _cancel(f, st, "MW-6.20")
            return
        player.mana -= cost
        st.emit("attack-cost", "MW-6.20", Text(f"P{player.seat + 1} pays {cost} mana to attack.",
                                               f"P{player.seat + 1} paga {cost} de maná para "
                                               "atacar."), seat=player.seat, mana=cost)
        st.changed()
    f.go(MISS)


# ---- step 3: Roll to Miss

def _miss(f: AttackFrame, st: MageWarsState) -> None:
    """A Dazed attacker rolls the d12 once, however many Daze markers (MW-6.23, MW-X-6.9,
    MW-B8, MW-C4); once for a whole zone attack (MW-6.24, MW-6.77, MW-X-6.10)."""
    att = st.objs.get(f.attacker) if f.attacker is not None else None
    if att is not None and att.count("daze"):
        roll = st.roll(1, Text(f"o{att.oid} is dazed: roll to miss",
                               f"o{att.oid} está confuso: tirada para fallar"), "MW-6.23",
                       sides=12)[0]
        f.missed = roll <= DAZE_MISS
        if f.missed:
            st.emit("miss", "MW-6.22", Text(f"o{att.oid} misses.", f"o{att.oid} falla."),
                    attacker=att.oid)
    f.go(NEXT_DEFENDER if f.zone_attack else AVOID)


# ---- step 4: Avoid Attack

def _avoid(f: AttackFrame, st: MageWarsState) -> None:
    """The defender may use one Defense, deciding before the dice (MW-6.25, MW-6.84)."""
    f.avoided = False
    if _moved(f, st) or f.defender not in st.objs:
        _cancel(f, st, "MW-6.19")
        return
    if f.missed and (f.strike == 1 or _option(st, "daze_multistrike") == "all_miss"):
        f.go(STRIKES)          # MW-6.22, MW-X-6.14, MW-C23
        return
    if _avoidable(st, f) and mandatory.defense_trigger(st, f.defender, f.kind):
        f.go(TRIGGERED)        # MW-5.97: its mandatory Defenses must come out first
        return
    _choose_defense(f, st)


def _choose_defense(f: AttackFrame, st: MageWarsState) -> None:
    """The defender picks one usable Defense or none (MW-6.84, MW-6.87); a paid mandatory
    Defense just revealed is used on this attack (MW-5.97), the defender's pick if several."""
    if f.defender not in st.objs or _moved(f, st):
        mandatory.forced(st, [])        # drop the marks of Defenses paid for this attack
        _cancel(f, st, "MW-6.19")
        return
    usable = usable_defenses(st, f)
    forced = mandatory.forced(st, [d.source for d in usable])
    if not usable:
        f.go(ROLL)
        _reveal(st, "MW-5.84")
        return
    f.go(DEFENDED)
    seat = st.objs[f.defender].controller
    if len(forced) == 1:
        st.ret = forced[0]
        return
    st.frames.append(DefenseAsk(seat, tuple(forced or (d.source for d in usable)),
                                must=bool(forced)))


def _avoidable(st: MageWarsState, f: AttackFrame) -> bool:
    """A Defense could avoid this strike: a melee or ranged attack on one object that is not
    Unavoidable (MW-6.90, MW-6.76, MW-6.51)."""
    return (f.kind in ("melee", "ranged") and not f.zone_attack
            and not f.attack(st).has("unavoidable"))


def usable_defenses(st: MageWarsState, f: AttackFrame) -> list[Defense]:
    """Defenses the defender may use against this strike: none against Unavoidable attacks
    (MW-6.90, MW-6.76, MW-6.51) or when Incapacitated (MW-6.91, MW-X-6.37); a 1x Defense once
    per round (MW-6.85), an unlimited one once per strike (MW-6.86, MW-B5); some only against
    melee or ranged attacks (MW-6.89)."""
    if not _avoidable(st, f):
        return []
    down = traits.is_incapacitated(st, f.defender)   # only mandatory Defenses then (MW-X-6.37)
    return [d for d in defense_sources(st, f.defender)
            if not (d.once and ("defense", d.source) in st.once)
            and (d.vs is None or d.vs == f.kind)
            and hooks.defense_usable(st, d.source, f.info(st))
            and not (down and not _mandatory_source(st, d.source)
                     and not _steady(st, d.source))]


def _steady(st: MageWarsState, oid: int) -> bool:
    """A Defense its creature may use at full value Incapacitated, Restrained or Dazed (Force
    Orb, Force Sword: their scripts' `steady_defense`)."""
    from grimorio.games.mage_wars.effects import registry

    s = registry.script(st.objs[oid].card) if oid in st.objs else None
    return s is not None and s.steady_defense


def _reverses(st: MageWarsState, oid: int) -> bool:
    """A Defense that turns the attack back on its attacker (Reverse Attack's script)."""
    from grimorio.games.mage_wars.effects import registry

    s = registry.script(st.objs[oid].card) if oid in st.objs else None
    return s is not None and s.reverses_attack


def _reverse(f: AttackFrame, st: MageWarsState) -> None:
    """The attack misses its target and comes back at the attacker, now the defender for the
    Roll Dice and Apply Damage steps (Reverse Attack, MW-6.26); a self-attack has no
    counterstrike (MW-6.119)."""
    if f.attacker is None or f.attacker not in st.objs:
        return
    st.emit("reversed", "MW-6.26", Text(f"The attack on o{f.defender} turns back on "
                                        f"o{f.attacker}.",
                                        f"El ataque contra o{f.defender} se vuelve contra "
                                        f"o{f.attacker}."), oid=f.defender, attacker=f.attacker)
    f.avoided = False
    f.defender = f.attacker
    f.marks = (f.marks[0], _stamp(st, f.attacker))


def _mandatory_source(st: MageWarsState, oid: int) -> bool:
    return oid in st.objs and mandatory.is_mandatory(st.card(st.objs[oid].card))


def _defended(f: AttackFrame, st: MageWarsState) -> None:
    """Roll the chosen Defense: d12 − 2 per Daze marker − 2 if Restrained (MW-6.83, MW-6.91,
    MW-X-6.11, MW-X-6.32, MW-C7)."""
    choice = st.ret
    st.ret = None
    if isinstance(choice, int) and choice and f.defender in st.objs:
        defense = next(d for d in usable_defenses(st, f) if d.source == choice)
        f.avoided = roll_defense(st, f.defender, defense)
        if f.avoided and _reverses(st, defense.source):
            _reverse(f, st)
        mandatory.used(st, defense.source)          # a one-use Defense is spent (MW-5.93)
        giver = hooks.reroll_source(st, f.defender)
        if not f.avoided and defense.threshold > 0 and giver is not None:
            f.defended_with = defense.source        # Dawnbreaker: re-roll the Defense?
            st.frames.append(RerollAsk(st.objs[giver].controller, giver, ("defense",)))
            f.go(REROLLED_DEFENSE)
            return
    _after_defense(f, st)


def _rerolled_defense(f: AttackFrame, st: MageWarsState) -> None:
    """The answer to a re-roll of a failed Defense (Temple of the Dawnbreaker)."""
    choice, st.ret = st.ret, None
    found = [d for d in defense_sources(st, f.defender) if d.source == f.defended_with] \
        if f.defender in st.objs else []
    if isinstance(choice, str) and choice.startswith("reroll") and found:
        hooks.use_reroll(st, int(choice.split()[2][1:]))
        f.avoided = roll_defense(st, f.defender, found[0])
        if f.avoided and _reverses(st, found[0].source):
            _reverse(f, st)
    _after_defense(f, st)


def _after_defense(f: AttackFrame, st: MageWarsState) -> None:
    if f.avoided:
        f.go(STRIKES)          # MW-6.26
    else:
        f.go(ROLL)
    _reveal(st, "MW-5.84")


def roll_defense(st: MageWarsState, oid: int, defense: Defense) -> bool:
    """One Defense roll; a 1x Defense turns its ready marker (MW-6.85, MW-X-2.11). A Defense
    of 0 avoids with no roll (a Block-like card)."""
    if defense.once:
        st.once = st.once | {("defense", defense.source)}
    if defense.threshold <= 0:
        st.emit("defense", "MW-6.83", Text(f"o{oid} avoids the attack with o{defense.source}.",
                                           f"o{oid} evita el ataque con o{defense.source}."),
                oid=oid, roll=None, modifier=0, threshold=0, avoided=True)
        st.changed()
        return True
    roll = st.roll(1, Text(f"o{oid} defends with o{defense.source}",
                           f"o{oid} se defiende con o{defense.source}"), "MW-6.83", sides=12)[0]
    o = st.objs[oid]
    mod = -2 * o.count("daze") - (2 if traits.is_restrained(st, oid) else 0)
    if _steady(st, defense.source):
        mod = 0                       # Force Orb, Force Sword: at full value
    ok = roll + mod >= defense.threshold
    st.emit("defense", "MW-6.83",
            Text(f"Defense roll {roll}{mod:+d} against {defense.threshold}: "
                 + ("avoided." if ok else "failed."),
                 f"Tirada de defensa {roll}{mod:+d} contra {defense.threshold}: "
                 + ("evitado." if ok else "fallida.")),
            oid=oid, roll=roll, modifier=mod, threshold=defense.threshold, avoided=ok)
    st.changed()
    return ok


@dataclass(slots=True)
class DefenseAsk(Ask):
    """`defend o<source>` or `no-defense` (MW-6.25, MW-6.87); st.ret = the source or 0.
    `must`: paid mandatory Defenses, one of which is used (MW-5.97, MW-6.84)."""

    seat: int
    sources: tuple[int, ...]
    must: bool = False
    rule = "MW-6.25"

    def options(self, st: MageWarsState) -> list[MWAction]:
        optional = () if self.must else (act("no-defense"),)
        return [*(act("defend", f"o{s}") for s in self.sources), *optional]

    def answer(self, st: MageWarsState, action: MWAction) -> None:
        st.frames.pop()
        words = action.text.split()
        st.ret = int(words[1][1:]) if words[0] == "defend" else 0


# ---- steps 5 and 6: Roll Dice, Apply Damage and Effects

def _roll(f: AttackFrame, st: MageWarsState) -> None:
    if f.kind in ("melee", "ranged") and (_moved(f, st) or f.defender not in st.objs):
        _cancel(f, st, "MW-6.19")
        return
    if f.defender in st.objs and strike(st, f):
        return                               # a re-roll is offered first (REROLLED)
    f.go(STRIKES if f.kind in ("melee", "ranged") else END)


def _rerolled(f: AttackFrame, st: MageWarsState) -> None:
    """The answer to a re-roll of the attack dice or of the effect die (Temple of the
    Dawnbreaker), then step 6 with the rolls kept."""
    choice, st.ret = st.ret, None
    assert f.rolled is not None
    dice, mod, faces, effect = f.rolled
    f.rolled = None
    if isinstance(choice, str) and choice.startswith("reroll"):
        what, source = choice.split()[1], int(choice.split()[2][1:])
        hooks.use_reroll(st, source)
        if what == "dice":
            faces = damage.attack_dice(st, dice, Text(f"Attack on o{f.defender} (re-roll)",
                                                      f"Ataque a o{f.defender} (repetida)"),
                                       "MW-6.27")[2]
        else:
            effect = st.roll(1, Text("Effect die (re-roll)", "Dado de efecto (repetido)"),
                             "MW-6.30", sides=12)[0] + mod
    if f.defender in st.objs:
        bar = f.attack(st)
        _apply(st, f, bar, traits.attack_traits(st, f.attacker, bar), faces, effect)
    f.go(STRIKES if f.kind in ("melee", "ranged") else END)


@dataclass(slots=True)
class RerollAsk(Ask):
    """`reroll <what> o<source>` or `keep` (Temple of the Dawnbreaker); st.ret = the text."""

    seat: int
    source: int
    what: tuple[str, ...]
    rule = "MW-6.27"

    def options(self, st: MageWarsState) -> list[MWAction]:
        return [*(act("reroll", w, f"o{self.source}") for w in self.what), act("keep")]

    def answer(self, st: MageWarsState, action: MWAction) -> None:
        st.frames.pop()
        st.ret = action.text


def strike(st: MageWarsState, f: AttackFrame) -> bool:
    """Roll the attack dice and the effect die, then apply damage and effects (MW-6.27-
    MW-6.42). True when a re-roll is offered first (the frame goes on at REROLLED)."""
    bar = f.attack(st)
    dt = traits.traits(st, f.defender)
    if dt.immune(bar.damage_type):           # MW-6.114, MW-X-9.1
        st.emit("immune", "MW-6.114", Text(f"o{f.defender} is immune to this attack.",
                                           f"o{f.defender} es inmune a este ataque."),
                oid=f.defender)
        return False
    atr = traits.attack_traits(st, f.attacker, bar)
    dice, effect_mod = dice_count(st, f, bar, atr)
    _, _, faces = damage.attack_dice(
        st, dice, Text(f"Attack on o{f.defender}", f"Ataque a o{f.defender}"), "MW-6.27")
    effect = None
    mod = effect_mod - abs(dt.value("tough"))               # Tough -X (MW-X-4.6)
    if bar.effects:                          # MW-6.30
        effect = st.roll(1, Text("Effect die", "Dado de efecto"), "MW-6.30", sides=12)[0]
        effect += mod
    f.hit = f.any_hit = True                 # MW-6.32, MW-X-3.1
    if f.shield is None and f.kind == "melee":
        f.shield = traits.barrier(st, f.defender)
    giver = hooks.reroll_source(st, f.defender)
    if giver is not None:                    # Dawnbreaker: re-roll the dice or the effect?
        f.rolled = (dice, mod, tuple(faces), effect)
        what = ("dice", "effect") if effect is not None else ("dice",)
        st.frames.append(RerollAsk(st.objs[giver].controller, giver, what))
        f.go(REROLLED)
        return True
    _apply(st, f, bar, atr, faces, effect)
    return False


def dice_count(st: MageWarsState, f: AttackFrame, bar: data.Attack, atr: traits.Traits
               ) -> tuple[int, int]:
    """(attack dice, effect-roll modifier) (MW-6.27, MW-X-1.5): the bar's dice, the
    attacker's Melee, Charge and Bloodthirsty bonuses on the first strike, bonuses against the
    defender, its damage-type modifiers and Aegis, Weak markers and script modifiers; at least
    one die (MW-6.28, MW-6.111)."""
    d = st.objs[f.defender]
    dt = traits.traits(st, f.defender)
    n = bar.dice + dt.dmg_mod(bar.damage_type) - dt.value("aegis")   # MW-6.109, MW-X-4.5
    effect_mod = dt.dmg_mod(bar.damage_type)
    vs = bonus_vs(st, bar, f.defender)                                # MW-6.29
    n += vs + _attacker_bonus(st, f, bar, d) + hooks.attack_dice(st, f.info(st)) + f.mods[0]
    return max(1, n), effect_mod + vs + f.mods[1]


def bonus_vs(st: MageWarsState, bar: data.Attack, oid: int) -> int:
    """'+N vs <trait>' (MW-6.29): Flying targets, Nonliving creatures, Incorporeal objects,
    Nonliving or Dark creatures (our reading: a Dark creature is one of the Dark school's
    spells; a mage is of no school)."""
    total = 0
    o = st.objs[oid]
    for bonus in bar.bonus_vs:
        if bonus.against == "flying":
            fits = traits.is_flying(st, oid)
        elif bonus.against == "incorporeal":
            fits = traits.traits(st, oid).has("incorporeal")
        elif bonus.against == "nonliving-or-dark-creatures":
            fits = o.is_creature and (not traits.is_living(st, oid) or (
                o.kind != "mage" and "dark" in dict(st.card(o.card).school)))
        else:                                                            # nonliving-creatures
            fits = o.is_creature and not traits.is_living(st, oid)
        total += bonus.value if fits else 0
    return total


def _attacker_bonus(st: MageWarsState, f: AttackFrame, bar: data.Attack, d: Obj) -> int:
    """The attacking creature's own modifiers: Melee +X, Charge +X, Bloodthirsty +X only on the
    first strike of the action (MW-6.46, MW-X-1.7, MW-X-4.2, MW-X-4.3, MW-X-4.8, MW-C6); Weak on
    every attack that is not a spell (MW-X-6.15, MW-X-6.16). Ranged +X goes on the first
    ranged strike of the action, never on a zone attack (MW-X-4.1, MW-X-3.6, MW-C6); our
    reading: an attack spell is its caster's ranged attack, so the caster's Ranged +X counts.
    Rage markers add Melee +1 each, limited like Melee +X (MW-X-8.12)."""
    if f.attacker is None or f.attacker not in st.objs or f.kind not in ("melee", "ranged"):
        return 0
    att = st.objs[f.attacker]
    at = traits.traits(st, f.attacker)
    n = 0 if f.spell is not None else -att.count("weak")
    if not (f.first and f.strike == 1):
        return n
    if f.kind == "ranged":
        return n + (0 if f.zone_attack else at.value("ranged"))
    n += at.value("melee") + rage(st, f.attacker)
    if st.charging(f.attacker) and not f.counter:
        n += at.value("charge")
    if d.is_creature and d.damage > 0 and traits.is_living(st, d.oid):
        n += at.value("bloodthirsty")
    return n


def _apply(st: MageWarsState, f: AttackFrame, bar: data.Attack, atr: traits.Traits,
           faces: tuple[int, ...], effect: int | None) -> None:
    """Step 6: normal points minus armor (lowered by Piercing) plus critical points
    (MW-6.33-MW-6.36); then Vampiric, Mana Drain and the effect box (MW-6.38-MW-6.42)."""
    d = st.objs[f.defender]
    dt = traits.traits(st, f.defender)
    ghost = dt.has("incorporeal") and not atr.has("ethereal") \
        and not hooks.ethereal_against(st, d.oid, bar)              # MW-5.37, MW-X-9.6
    normal, critical = _points(faces, ghost, atr.has("critical-damage"))
    shield = max(0, traits.armor(st, f.defender) - atr.value("piercing"))
    amount = max(0, normal - shield) + critical
    st.emit("hit", "MW-6.35", Text(
        f"o{f.defender} is hit: {normal} normal (armor {shield}) + {critical} critical.",
        f"o{f.defender} recibe el golpe: {normal} normales (armadura {shield}) + "
        f"{critical} críticos."), oid=f.defender, normal=normal, critical=critical,
        armor=shield, damage=amount, effect=effect)
    living = d.is_creature and traits.is_living(st, d.oid)
    left = damage.remaining_life(st, d.oid)
    enemy = f.attacker is not None and f.attacker in st.objs \
        and not st.allied(st.objs[f.attacker].controller, d.controller)    # MW-9.8
    controller = d.controller
    amount = mages.shield(st, d.oid, amount)        # Voltaric Shield (MW-7.33)
    dealt = damage.deal(st, d.oid, amount, source=f.attacker, direct=False, rule="MW-6.37")
    mages.blood_pact(st, f.attacker, dealt, d)      # MW-7.28
    f.total += dealt
    if dealt > 0 and enemy and f.kind in ("melee", "ranged") and d.oid in st.objs \
            and f.attacker in st.objs and st.objs[f.attacker].is_creature:
        _enrage(st, d.oid)
    if dealt > 0 and f.attacker is not None:
        hooks.attack_damaged(st, f.info(st), d, dealt)              # Pentagram counts it
        _drain(st, f, atr, controller, enemy and d.is_creature, dealt)
        if living and atr.has("vampiric") and f.first and f.strike == 1:
            damage.vampiric_heal(st, f.attacker, dealt, left)
    if effect is not None and not ghost and d.oid in st.objs:
        _effects(st, f, bar.effect_for(effect))


def rage(st: MageWarsState, oid: int) -> int:
    """The Rage markers on a creature (MW-X-8.11), kept in `memo["rage"]`."""
    o = st.objs.get(oid)
    return int(o.memo.get("rage", 0)) if o is not None else 0


def _enrage(st: MageWarsState, oid: int) -> None:
    """Rage +X, gaining: an enemy creature's attack (an attack spell counts as its caster's)
    that damaged this creature gives it a Rage marker, up to X (MW-X-8.11, MW-C15); barriers,
    collisions and conjurations give none (the caller checks)."""
    cap = traits.traits(st, oid).value("rage")
    o = st.objs[oid]
    if cap <= 0 or rage(st, oid) >= cap:
        return
    o.memo["rage"] = rage(st, oid) + 1
    st.emit("rage", "MW-X-8.11", Text(f"o{oid} takes a Rage marker ({o.memo['rage']}).",
                                      f"o{oid} gana un marcador de Rabia ({o.memo['rage']})."),
            oid=oid, rage=o.memo["rage"])
    st.changed()


def _points(faces: tuple[int, ...], ghost: bool, all_critical: bool) -> tuple[int, int]:
    """Normal and critical points of the faces: against an Incorporeal object only 1s count
    (MW-5.37); Critical Damage makes every point critical (MW-S2)."""
    normal = critical = 0
    for face in faces:
        n, c = damage.ATTACK_FACES[face]
        if ghost:
            n, c = (n if n == 1 else 0), (c if c == 1 else 0)
        normal += n
        critical += c
    return (0, normal + critical) if all_critical else (normal, critical)


def _drain(st: MageWarsState, f: AttackFrame, atr: traits.Traits, seat: int,
           enemy_creature: bool, dealt: int) -> None:
    """Mana Drain +X: the first attack of the action that damages an enemy creature takes X
    mana from its controller's pool (MW-X-4.12, MW-C6). Mana Transfer +X drains the same way
    and the attacker's controller gains exactly what was lost (MW-X-4.13)."""
    transfer = atr.value("mana-transfer")
    x = atr.value("mana-drain") + transfer
    if x <= 0 or f.drained or not enemy_creature or dealt <= 0:
        return
    f.drained = True
    player = st.players[seat]
    lost = min(x, player.mana)
    player.mana -= lost
    st.emit("mana-drain", "MW-X-4.12", Text(f"P{seat + 1} loses {lost} mana.",
                                            f"P{seat + 1} pierde {lost} de maná."),
            seat=seat, mana=lost)
    if transfer > 0 and f.attacker in st.objs:
        gainer = st.players[st.objs[f.attacker].controller]
        gainer.mana += lost
        st.emit("mana-transfer", "MW-X-4.13",
                Text(f"P{gainer.seat + 1} gains the {lost} mana.",
                     f"P{gainer.seat + 1} gana esos {lost} de maná."),
                seat=gainer.seat, mana=lost)
    st.changed()


def _effects(st: MageWarsState, f: AttackFrame, words: tuple[str, ...]) -> None:
    """The effect band's conditions and effects (MW-6.38, MW-6.40, MW-6.41, MW-B12). A
    condition the acting creature gets from a barrier or counterstrike waits (MW-X-5.8)."""
    late = (f.kind == "barrier" or f.counter) and st.acting == f.defender
    for word, n in Counter(words).items():
        if word == "push":
            from grimorio.games.mage_wars.rules import displace

            origin = f.origin if f.origin is not None else st.objs[f.defender].zone
            att = st.objs.get(f.attacker) if f.attacker is not None else None
            displace.push(st, f.defender, origin or "", "MW-X-7.17",
                          seat=att.controller if att is not None else None)
        elif word in conditions.CONDITIONS:
            placed = conditions.add(st, f.defender, word, n, "MW-6.40", late=late)
            if word == "taunt" and placed and f.attacker is not None:
                st.objs[f.defender].memo["taunt_by"] = f.attacker      # MW-X-6.26


# ---- step 7: Additional Strikes

def _strikes(f: AttackFrame, st: MageWarsState) -> None:
    """Doublestrike and Triplestrike: more strikes on the same target, each with only steps
    4-6, even after a miss (MW-6.43, MW-6.44, MW-X-3.8)."""
    bar = f.attack(st)
    extra = 2 if bar.has("triplestrike") else 1 if bar.has("doublestrike") else 0
    if f.strike <= extra and f.defender in st.objs and not f.zone_attack:
        f.strike += 1
        f.go(AVOID)
        return
    f.go(BARRIER if f.kind == "melee" else END)     # MW-6.10, MW-6.49, MW-6.62, MW-B1


# ---- step 8: Damage Barrier

def _barrier(f: AttackFrame, st: MageWarsState) -> None:
    """A melee attack that hit meets the defender's Damage Barrier once, after every strike
    (MW-6.45, MW-6.47, MW-6.57, MW-B3, MW-C9); it attacks even if its creature fell (MW-6.55)."""
    f.go(COUNTER)
    att = st.objs.get(f.attacker) if f.attacker is not None else None
    if not f.hit or f.shield is None or att is None:
        return
    card, bar, src = f.shield
    owner = _owner_seat(st, f)
    if _option(st, "damage_barrier_targets") == "enemy" and owner is not None \
            and st.allied(att.controller, owner):          # a team-mate is no enemy (MW-9.8)
        return
    key = ("barrier", src, att.oid)
    if _option(st, "damage_barrier_limit") == "per_round":
        if key in st.once:
            return
        st.once = st.once | {key}
    st.emit("barrier", "MW-6.47", Text(f"The Damage Barrier of o{f.defender} strikes back.",
                                       f"La protección mágica de o{f.defender} responde."),
            source=src, attacker=att.oid)
    st.frames.append(AttackFrame(None, card, bar, 0, att.oid, "barrier", stage=ROLL,
                                 out_of_turn=True, defender=att.oid))


def _owner_seat(st: MageWarsState, f: AttackFrame) -> int | None:
    """The seat the barrier works for: the defender's controller (None once it fell: a fallen
    creature's barrier still answers, MW-6.55)."""
    if f.defender in st.objs:
        return st.objs[f.defender].controller
    return None


# ---- step 9: Counterstrike

def _counter(f: AttackFrame, st: MageWarsState) -> None:
    """The defender may answer a melee attack with a quick melee attack that has
    Counterstrike, at the attacker only (MW-6.59-MW-6.67, MW-B6)."""
    f.go(COUNTERED)
    if f.counter or f.kind != "melee" or f.attacker == f.defender:    # self-attack: MW-6.119
        return
    options = counterstrikes(st, f.defender, f.attacker)
    if options:
        seat = st.objs[f.defender].controller
        st.frames.append(CounterAsk(seat, tuple(r.index for r in options)))


def counterstrikes(st: MageWarsState, defender: int, attacker: int | None) -> list[AttackRef]:
    """The defender's attacks usable to counterstrike now: quick melee attacks with
    Counterstrike (printed, or from its Guard marker, MW-6.64, MW-6.116), if it can act
    (MW-X-6.37) and may melee-attack the original attacker (MW-B6)."""
    if attacker is None or defender not in st.objs or attacker not in st.objs:
        return []
    if st.objs[defender].memo.get("destroyed"):     # a mage fallen with 3-4 seats stays on the
        return []                                   # table until its player is out (MW-B29)
    if traits.is_incapacitated(st, defender):
        return []
    return [r for r in traits.attacks(st, defender)
            if r.attack.kind == "melee" and r.attack.speed == "quick"
            and traits.attack_traits(st, defender, r.attack).has("counterstrike")
            and attacker in _melee_reach(st, defender, r)]


@dataclass(slots=True)
class CounterAsk(Ask):
    """`counterstrike <n>` or `no-counterstrike` (MW-6.66); st.ret = n or 0."""

    seat: int
    indexes: tuple[int, ...]
    rule = "MW-6.59"

    def options(self, st: MageWarsState) -> list[MWAction]:
        return [*(act("counterstrike", n) for n in self.indexes), act("no-counterstrike")]

    def answer(self, st: MageWarsState, action: MWAction) -> None:
        st.frames.pop()
        words = action.text.split()
        st.ret = int(words[1]) if words[0] == "counterstrike" else 0


def _countered(f: AttackFrame, st: MageWarsState) -> None:
    """Start the chosen counterstrike; a guard attacked in melee loses its marker at the end of
    step 9 (MW-6.63, MW-6.121), after that counterstrike."""
    choice = st.ret
    st.ret = None
    f.go(END)
    if f.kind == "melee" and f.defender in st.objs and st.objs[f.defender].guard:
        st.objs[f.defender].guard = False
        st.emit("guard-lost", "MW-6.63", Text(f"o{f.defender} loses its Guard marker.",
                                              f"o{f.defender} pierde su ficha de guardia."),
                oid=f.defender)
        st.changed()
    if isinstance(choice, int) and choice and f.attacker in st.objs:
        ref = traits.attacks(st, f.defender)[choice - 1]
        st.emit("counterstrike", "MW-6.59", Text(f"o{f.defender} counterstrikes.",
                                                 f"o{f.defender} contraataca."),
                oid=f.defender, target=f.attacker)
        st.frames.append(AttackFrame(f.defender, ref.card, ref.bar, ref.index,
                                     int(f.attacker or 0), "melee", out_of_turn=True,
                                     counter=True))


# ---- step 10: End Attack

def _end(f: AttackFrame, st: MageWarsState) -> None:
    """MW-6.68: a zone attack goes on with its next defender; a Sweeping attack makes its
    second attack (MW-X-3.10); otherwise the attack is over."""
    if f.zone_attack and f.defenders:
        f.go(NEXT_DEFENDER)
        return
    if (not f.zone_attack and not f.swept and not f.counter and f.kind == "melee"
            and f.attack(st).has("sweeping") and f.attacker in st.objs):
        f.go(SWEEP)
        return
    if _fury(f, st):
        return
    _finish(f, st)


# ---- Battle Fury (issue 8)

def _fury(f: AttackFrame, st: MageWarsState) -> bool:
    """Battle Fury: the creature's first melee attack this round that is no counterstrike may
    be followed, within the same attack action, by a quick melee attack (`attack <n> o9` or
    `no-attack`); True when that choice is asked."""
    att = st.objs.get(f.attacker) if f.attacker is not None else None
    if att is None or f.counter or f.kind != "melee" or f.zone_attack \
            or att.memo.get(FURY) != st.round:
        return False
    att.memo[FURY] = 0                   # spent on this attack, whatever is chosen
    st.changed()
    choices = tuple(f"{r.index} o{t}" for r in traits.attacks(st, att.oid)
                    if r.attack.kind == "melee" and r.attack.speed == "quick"
                    for t in melee_targets(st, att.oid, r) if t != att.oid)
    if not choices:
        return False
    f.go(FURIED)
    st.frames.append(FuryAsk(att.controller, choices))
    return True


def _furied(f: AttackFrame, st: MageWarsState) -> None:
    """The follow-up attack starts from step 1 on its own target; it is not the first attack
    of the action (MW-X-1.7)."""
    choice = st.ret
    st.ret = None
    att = st.objs.get(int(f.attacker or 0))
    if not isinstance(choice, str) or att is None:
        _finish(f, st)
        return
    index, target = choice.split()
    ref = next((r for r in traits.attacks(st, att.oid) if r.index == int(index)), None)
    oid = int(target[1:])
    if ref is None or oid not in st.objs:
        _finish(f, st)
        return
    att.memo.pop("fly_lock", None)
    st.changed()
    st.emit("battle-fury", "MW-6.9", Text(f"o{att.oid} follows up with another attack on "
                                          f"o{oid}.",
                                          f"o{att.oid} encadena otro ataque contra o{oid}."),
            attacker=att.oid, target=oid)
    f.card, f.bar, f.index = ref.card, ref.bar, ref.index
    f.target, f.defender, f.first, f.strike = oid, 0, False, 1
    f.missed = f.avoided = f.hit = False
    f.shield, f.swept = None, ()
    f.go(DECLARE)


@dataclass(slots=True)
class FuryAsk(Ask):
    """`attack <n> o9` (a quick melee attack and its target) or `no-attack`; st.ret = "n o9"
    or None."""

    seat: int
    choices: tuple[str, ...]
    rule = "MW-6.9"

    def options(self, st: MageWarsState) -> list[MWAction]:
        return [*(act("attack", *c.split()) for c in self.choices), act("no-attack")]

    def answer(self, st: MageWarsState, action: MWAction) -> None:
        st.frames.pop()
        words = action.text.split()
        st.ret = f"{words[1]} {words[2]}" if words[0] == "attack" else None


# ---- Sweeping

def sweep_targets(st: MageWarsState, f: AttackFrame) -> list[int]:
    """The second target of a Sweeping attack: another legal melee target in the attacker's
    zone, never the first one nor the attacker itself; enemy guards it cannot ignore still
    come first (MW-X-3.10, MW-6.134)."""
    att = int(f.attacker or 0)
    ref = next((r for r in traits.attacks(st, att) if (r.card, r.bar) == (f.card, f.bar)), None)
    if ref is None:
        return []
    done = {*f.swept, int(f.target)}
    return [t for t in melee_targets(st, att, ref)
            if t != att and t not in done and st.objs[t].zone is not None]


def _sweep(f: AttackFrame, st: MageWarsState) -> None:
    """Sweeping: once the first attack is over, a new attack sequence starts at step 1
    against another target in the zone; with none, the second attack is cancelled
    (MW-X-3.10, MW-X-3.9)."""
    options = sweep_targets(st, f)
    f.swept = (int(f.target),)
    if not options:
        st.emit("attack-cancelled", "MW-X-3.10", Text(
            "No other target: the second sweep is cancelled.",
            "No hay otro objetivo: el segundo barrido se cancela."), attacker=f.attacker)
        _finish(f, st)
        return
    f.go(SWEPT)
    if len(options) == 1:
        st.ret = options[0]
        return
    st.frames.append(SweepAsk(st.objs[int(f.attacker or 0)].controller, tuple(options)))


def _swept(f: AttackFrame, st: MageWarsState) -> None:
    choice = st.ret
    st.ret = None
    if not isinstance(choice, int) or choice not in st.objs:
        _finish(f, st)
        return
    att = st.objs.get(int(f.attacker or 0))
    if att is not None:
        att.memo.pop("fly_lock", None)
        st.changed()
    f.target, f.defender, f.first, f.strike = choice, 0, False, 1
    f.missed = f.avoided = f.hit = False
    f.shield = None
    f.go(DECLARE)           # MW-X-3.10: a new sequence from step 1


def _finish(f: AttackFrame, st: MageWarsState) -> None:
    st.frames.pop()
    att = st.objs.get(f.attacker) if f.attacker is not None else None
    if att is not None:
        att.memo.pop("fly_lock", None)
        st.changed()
        if f.kind == "melee":          # Vampiric Strike lasts one melee attack
            traits.drop_temp(st, att.oid, traits.TEMP_UNTIL_MELEE)
    st.ret = ("attack", f.any_hit, f.total)


def _cancel(f: AttackFrame, st: MageWarsState, rule: str) -> None:
    """A cancelled attack has no further result (MW-6.18, MW-6.19, MW-6.20, MW-X-3.19)."""
    st.emit("attack-cancelled", rule, Text("The attack is cancelled.", "El ataque se cancela."),
            attacker=f.attacker, target=f.target)
    f.defenders = ()
    _finish(f, st)


# ---- zone attacks

def _next_defender(f: AttackFrame, st: MageWarsState) -> None:
    """The attacker takes the zone's defenders one at a time in the order it chooses
    (MW-6.79); a miss on the roll to miss spares the whole zone (MW-6.77)."""
    left = tuple(oid for oid in f.defenders if oid in st.objs
                 and st.objs[oid].zone == f.target)
    if f.missed or not left:
        f.defenders = ()
        _finish(f, st)
        return
    if f.defender:
        f.first = False
    if len(left) == 1 or f.attacker not in st.objs:
        _take(f, left[0], left)
        return
    f.defenders = left
    f.go(ORDERED)
    st.frames.append(OrderAsk(st.objs[int(f.attacker or 0)].controller, left))


def _ordered(f: AttackFrame, st: MageWarsState) -> None:
    choice = st.ret
    st.ret = None
    pick = choice if isinstance(choice, int) and choice in f.defenders else f.defenders[0]
    _take(f, pick, f.defenders)


def _take(f: AttackFrame, oid: int, left: tuple[int, ...]) -> None:
    f.defender = oid
    f.defenders = tuple(x for x in left if x != oid)
    f.hit = False
    f.go(ROLL)          # MW-B11: steps 5 and 6 for each defender


@dataclass(slots=True)
class OrderAsk(Ask):
    """`choose o<oid>`: the next defender of a zone attack (MW-6.79); st.ret = the oid."""

    seat: int
    oids: tuple[int, ...]
    rule = "MW-6.79"

    def options(self, st: MageWarsState) -> list[MWAction]:
        return [act("choose", f"o{oid}") for oid in self.oids]

    def answer(self, st: MageWarsState, action: MWAction) -> None:
        st.frames.pop()
        st.ret = int(action.text.split()[1][1:])


@dataclass(slots=True)
class SweepAsk(OrderAsk):
    """`choose o<oid>`: the second target of a Sweeping attack (MW-X-3.10); st.ret = the oid."""

    rule = "MW-X-3.10"


_STAGES = {DECLARE: _declare, COSTS: _costs, MISS: _miss, AVOID: _avoid, DEFENDED: _defended,
           TRIGGERED: _choose_defense,
           ROLL: _roll, STRIKES: _strikes, BARRIER: _barrier, COUNTER: _counter,
           COUNTERED: _countered, END: _end, NEXT_DEFENDER: _next_defender, ORDERED: _ordered,
           SWEEP: _sweep, SWEPT: _swept, FURIED: _furied,
           REROLLED_DEFENSE: _rerolled_defense, REROLLED: _rerolled}


# ------------------------------------------------------------------------------- small helpers

def _stamp(st: MageWarsState, oid: int | None) -> int:
    return st.stamps.get(oid, 0) if oid else 0


def _moved(f: AttackFrame, st: MageWarsState) -> bool:
    """The attacker or the defender was relocated since the declaration (MW-6.19)."""
    if f.zone_attack:
        return _stamp(st, f.attacker) != f.marks[0]
    return (_stamp(st, f.attacker), _stamp(st, f.defender)) != f.marks


def _option(st: MageWarsState, name: str) -> Any:
    return st.game.options.get(name)


def _name(target: int | str) -> str:
    return target if isinstance(target, str) else f"o{target}"


def _reveal(st: MageWarsState, rule: str) -> None:
    """A reveal window after a step of the attack (MW-5.84 d, MW-5.85, MW-5.90)."""
    from grimorio.games.mage_wars.rules import casting

    casting.push_reveal_window(st, rule)


# ------------------------------------------------------------------------------- legal targets

def _melee_reach(st: MageWarsState, attacker: int, ref: AttackRef) -> list[int]:
    """Objects with life in the attacker's zone that this melee attack can reach, guards
    aside: a flyer only with Reach or by a flyer (MW-5.29, MW-X-3.18)."""
    me = st.objs[attacker]
    reach = ref.attack.has("reach") or traits.is_flying(st, attacker)
    here = st.in_zone(me.zone or "")
    near = [*here, *st.attached(attacker)]
    near += [x for o in here if o.oid != attacker for x in st.attached(o.oid)
             if x.kind == "conjuration"]      # a conjuration on a creature there (MW-5.49)
    return [o.oid for o in near if o.has_life and o.oid != attacker
            and (reach or not traits.is_flying(st, o.oid))] + walls.beside(st, me.zone or "")


def guards(st: MageWarsState, attacker: int) -> list[int]:
    """Enemy guards in the attacker's zone it may not ignore (MW-6.13, MW-6.117): Restrained
    and Incapacitated guards can be ignored (MW-6.131, MW-6.132, MW-X-6.30, MW-X-6.41)."""
    me = st.objs[attacker]
    return [o.oid for o in st.in_zone(me.zone or "")
            if o.guard and o.is_creature and not st.allied(o.controller, me.controller)
            and not traits.is_restrained(st, o.oid) and not traits.is_incapacitated(st, o.oid)
            and not traits.traits(st, o.oid).has("pest")
            and not traits.traits(st, attacker).has("elusive")]


def melee_targets(st: MageWarsState, attacker: int, attack_ref: AttackRef) -> list[int]:
    """Legal targets of a melee attack (MW-6.12, MW-6.13): objects in its zone; with enemy
    guards it may not ignore, one of them, a flying target (no guard shields a flyer,
    MW-5.32, MW-6.135) or something attached to the attacker itself (MW-6.119)."""
    reach = _melee_reach(st, attacker, attack_ref)
    wall = set(guards(st, attacker))
    if wall:
        reach = [oid for oid in reach if oid in wall or traits.is_flying(st, oid)
                 or st.objs[oid].host == attacker]
    # MW-6.119: it may always attack itself, guards or not. Our reading of such an attack:
    # it runs like any melee attack (Defenses, its own Damage Barrier, MW-6.47) except that
    # there is no counterstrike (`_counter`): MW-6.59 and MW-6.67 answer another creature.
    return [*reach, attacker]


def ranged_targets(st: MageWarsState, attacker: int, attack_ref: AttackRef) -> list[int]:
    """Legal targets of a ranged attack: objects with life within range and in line of sight
    (MW-6.14, MW-5.70), guards ignored (MW-6.118); a flyer in the attacker's own zone always
    (MW-5.29, MW-6.15, MW-X-3.3)."""
    me = st.objs[attacker]
    span = attack_ref.attack.range or data.Span(0, 0)
    fly = traits.is_flying(st, attacker)
    out = []
    for o in st.objs.values():
        if o.border and walls.in_reach(st, str(me.zone), o, span, fly):     # MW-5.68
            out.append(o.oid)
        if not o.has_life or o.zone is None or o.host is not None or o.oid == attacker:
            continue
        to_fly = traits.is_flying(st, o.oid)
        dist = st.arena.distance(me.zone, o.zone)
        if (dist in span or (dist == 0 and to_fly)) and st.arena.los(
                me.zone, o.zone, from_flying=fly, to_flying=to_fly):
            out.append(o.oid)
    return out


def targets(st: MageWarsState, attacker: int, attack_ref: AttackRef) -> list[int]:
    """The legal targets of one of the creature's attacks (MW-6.11)."""
    if attack_ref.attack.kind == "melee":
        return melee_targets(st, attacker, attack_ref)
    return ranged_targets(st, attacker, attack_ref)


def forced_melee_targets(st: MageWarsState, oid: int) -> list[int]:
    """Bloodthirsty: wounded Living enemy creatures in its zone that one of its melee attacks
    can legally target; while any exists it must melee-attack one of them (MW-X-4.9,
    MW-C10). Empty when not Bloodthirsty or when guards or Flying rule them all out.
    Taunt: the creature that Taunted it, when in its zone and a legal melee target, is forced
    too; with several forced targets the controller picks (MW-X-6.27, MW-C17)."""
    me = st.objs[oid]
    taunter = me.memo.get("taunt_by") if me.count("taunt") else None
    if traits.is_incapacitated(st, oid) or not (
            taunter is not None or traits.traits(st, oid).has("bloodthirsty")):
        return []
    found: set[int] = set()
    for ref in traits.attacks(st, oid):
        if ref.attack.kind == "melee":
            found.update(melee_targets(st, oid, ref))
    out = {t for t in found if st.objs[t].is_creature
           and not st.allied(st.objs[t].controller, me.controller)
           and st.objs[t].damage > 0 and traits.is_living(st, t)} \
        if traits.traits(st, oid).has("bloodthirsty") else set()
    if taunter in found:
        out.add(int(taunter))
    return sorted(out)
