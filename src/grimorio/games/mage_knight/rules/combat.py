"""Combat actions: `shoot`, `fight` and `heal`, and the attacks that end a Charge or Bound move.

The turn (rules/turn.py) hands these verbs to `check(st, seat, cmd)` and `start(st, seat, cmd)`.
Checking builds a `Plan` (rules/plan.py; ranged.py and close.py do the work), which is the
exact legality test; starting builds it again, records the action for every warrior that
takes part (MK-4.4, MK-5.1, MK-13.4) and resolves it (`resolve`):

1. the dispute die for borderline lines of fire, when the option is on (MK-24.3, MK-A44);
2. one 2d6 roll for the whole action (MK-8.6, MK-8.10, MK-9.2); a natural 2 fails against
   everything and hurts the actor, a natural 12 succeeds against everything (MK-10.1 to
   MK-10.7);
3. each figure struck is hit when the total reaches its modified defense;
4. damage per figure hit through the pipeline of MK-11.3 (`abilities.clicks`), dealt by
   `damage.deal`; a capture instead takes the target prisoner (MK-12.3); Vampirism heals the
   attacker (MK-19.7); healings heal through `damage.heal`, Healing after the player picks the
   amount (`HealAsk`: `heal value` | `heal roll`, MK-19.1).

Pushing is the turn's `AfterAction`, once the whole action (Charge and Bound moves included)
has resolved (MK-5.3, MK-A16). Candidates for the turn's decision are in
`combat_candidates.candidates` (re-exported here).

MOVE's hand-off after a Charge or Bound move: `check_charge_attack` / `check_bound_shot` judge
the attack on the current positions (place the mover first), `start_charge_attack` /
`start_bound_shot` resolve it after the move, the free spins and Polearm (MK-7.11, MK-17.2,
MK-17.8, MK-A16). They record no action (the move did) and may push a `HealAsk`, so the caller
must return from its step and finish in a later one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from grimorio.core.errors import IllegalAction
from grimorio.core.i18n import Text
from grimorio.games.mage_knight import notation as nt
from grimorio.games.mage_knight.frames import Ask
from grimorio.games.mage_knight.notation import MKAction
from grimorio.games.mage_knight.rules import abilities as ab
from grimorio.games.mage_knight.rules import close, damage, ranged, turn
from grimorio.games.mage_knight.rules.abilities import reduce
from grimorio.games.mage_knight.rules.plan import (
    BY_D6,
    BY_ONE,
    CLOSE,
    HEAL,
    MAGIC_HEAL,
    Plan,
    Strike,
    refuse,
)

if TYPE_CHECKING:
    from grimorio.games.mage_knight.state import MageKnightState

__all__ = ["HealAsk", "candidates", "check", "check_bound_shot", "check_charge_attack",
           "plan_command", "reduce", "resolve", "start", "start_bound_shot",
           "start_charge_attack"]


# ------------------------------------------------------------------------------ the verbs

def plan_command(st: MageKnightState, seat: int, cmd: nt.Command) -> Plan | IllegalAction:
    """The plan of a `shoot`, `fight` or `heal` command, or why it is not legal now. The turn
    has already checked the primary warrior with `turn.may_act` and the actions left."""
    wid = getattr(cmd, "wid", None)
    if wid is None or wid not in st.warriors or st.warriors[wid].owner != seat:
        return refuse("MK-4.7", "Give combat actions to your own warriors.",
                      "Da acciones de combate a tus propios guerreros.")
    if isinstance(cmd, nt.Shoot):
        return ranged.plan_shot(st, seat, cmd.wid, cmd.targets, members=cmd.members,
                                use=cmd.use, shockwave=cmd.shockwave)
    if isinstance(cmd, nt.Fight):
        return close.plan_fight(st, seat, cmd.wid, cmd.target, members=cmd.members,
                                capture=cmd.capture,
                                weapon_master=cmd.use == "weapon_master")
    if isinstance(cmd, nt.Heal):
        if cmd.magic:
            return ranged.plan_magic_heal(st, cmd.wid, cmd.target)
        return close.plan_heal(st, cmd.wid, cmd.target)
    return refuse("MK-4.5", f"'{cmd.text()}' is not a combat action.",
                  f"'{cmd.text()}' no es una acción de combate.")


def check(st: MageKnightState, seat: int, cmd: nt.Command) -> IllegalAction | None:
    """None when the combat command is legal now, else the refusal with its rule."""
    plan = plan_command(st, seat, cmd)
    return plan if isinstance(plan, IllegalAction) else None


def start(st: MageKnightState, seat: int, cmd: nt.Command) -> None:
    """Carry out a legal combat command: every warrior taking part receives the action
    (MK-4.4, MK-5.1, MK-13.4), then the plan is resolved."""
    plan = plan_command(st, seat, cmd)
    assert not isinstance(plan, IllegalAction), plan
    for wid in plan.everyone:
        turn.record_action(st, wid, True)
    _announce(st, plan, cmd.text())
    resolve(st, seat, plan)


def _announce(st: MageKnightState, plan: Plan, text: str) -> None:
    st.emit("combat", plan.rule, Text(f"{text}", f"{text}"), actor=plan.actor,
            members=list(plan.members), plan=plan.kind,
            targets=[s.wid for s in plan.strikes])


# ------------------------------------------------------------------------------ Charge, Bound

def plan_charge(st: MageKnightState, seat: int, attacker: str, target: str,
                capture: bool) -> Plan | IllegalAction:
    """The close combat action that ends a Charge move (MK-17.1, MK-17.2, MK-A16): an attack
    or capture on an opposing figure, or Healing on a friendly one."""
    if target in st.warriors and st.friendly(attacker, target) and not capture \
            and st.has(attacker, ab.HEALING):
        return close.plan_heal(st, attacker, target)
    return close.plan_fight(st, seat, attacker, target, capture=capture)


def plan_bound(st: MageKnightState, seat: int, shooter: str,
               targets: tuple[str, ...]) -> Plan | IllegalAction:
    """The ranged action that ends a Bound move (MK-17.8, MK-A16): a shot, or Magic Healing on
    one friendly figure."""
    if len(targets) == 1 and targets[0] in st.warriors \
            and st.friendly(shooter, targets[0]) and st.has(shooter, ab.MAGIC_HEALING):
        return ranged.plan_magic_heal(st, shooter, targets[0])
    return ranged.plan_shot(st, seat, shooter, targets)


def check_charge_attack(st: MageKnightState, seat: int, attacker: str, target: str,
                        capture: bool) -> IllegalAction | None:
    plan = plan_charge(st, seat, attacker, target, capture)
    return plan if isinstance(plan, IllegalAction) else None


def check_bound_shot(st: MageKnightState, seat: int, shooter: str,
                     targets: tuple[str, ...]) -> IllegalAction | None:
    plan = plan_bound(st, seat, shooter, targets)
    return plan if isinstance(plan, IllegalAction) else None


def start_charge_attack(st: MageKnightState, seat: int, attacker: str, target: str,
                        capture: bool) -> None:
    """Resolve the attack declared with a Charge move, once the move, the free spins and
    Polearm are done (MK-7.11, MK-17.2). If it is no longer possible (a failed escape left the
    attacker out of reach, Polearm eliminated it), it is lost."""
    _follow_up(st, seat, plan_charge(st, seat, attacker, target, capture),
               f"charge {attacker} at {target}", "MK-17.2")


def start_bound_shot(st: MageKnightState, seat: int, shooter: str,
                     targets: tuple[str, ...]) -> None:
    """Resolve the shot declared with a Bound move, from where the shooter now stands
    (MK-17.8, MK-A16); lost if no longer possible."""
    _follow_up(st, seat, plan_bound(st, seat, shooter, tuple(targets)),
               f"bound {shooter} at {','.join(targets)}", "MK-17.8")


def _follow_up(st: MageKnightState, seat: int, plan: Plan | IllegalAction, text: str,
               rule: str) -> None:
    if isinstance(plan, IllegalAction):
        st.emit("attack_lost", plan.rule or rule, Text(
            f"The attack after the move is lost: {plan.text.en}",
            f"El ataque tras el movimiento se pierde: {plan.text.es}"), action=text)
        return
    _announce(st, plan, text)
    resolve(st, seat, plan)


# ------------------------------------------------------------------------------ resolution

def resolve(st: MageKnightState, seat: int, plan: Plan) -> None:
    """Roll and apply a plan (module docstring, steps 1 to 4)."""
    strikes, bonus = _disputes(st, plan)
    if plan.strikes and not strikes:
        st.emit("no_target", "MK-24.3", Text("No target is left: the action does nothing.",
                                             "No queda ningún objetivo: la acción no hace "
                                             "nada."), actor=plan.actor)
        return
    dice = st.roll(2, Text(f"{plan.actor}'s {plan.kind} roll",
                           f"tirada de {plan.actor} ({plan.kind})"), plan.rule, actor=plan.actor)
    natural = sum(dice)
    total = natural + _attack_value(st, plan) + bonus
    if natural == 2:
        _critical_miss(st, plan)
        return
    critical = natural == 12
    if critical:
        st.emit("critical_hit", "MK-10.3", Text("A natural 12: a critical success.",
                                                "Un 12 natural: un éxito crítico."),
                actor=plan.actor)
    hits = [s for s in strikes if _compare(st, plan, s, natural, total, critical)]
    if plan.kind == HEAL:
        if hits:
            st.frames.append(HealAsk(seat, plan.actor, hits[0].wid, critical))
        return
    if plan.kind == MAGIC_HEAL:
        if hits:
            _magic_heal(st, plan, hits[0].wid, critical)
        return
    for strike in hits:
        if not st.warriors[plan.actor].on_table:
            break
        if plan.capture:
            _capture(st, plan, strike.wid, critical)
        else:
            _damage(st, plan, strike.wid, critical)


def _attack_value(st: MageKnightState, plan: Plan) -> int:
    return st.click_of(plan.actor).attack


def _disputes(st: MageKnightState, plan: Plan) -> tuple[list[Strike], int]:
    """The dispute die for each borderline LOF (MK-24.3, MK-A44): 1 to 3 refuses it, so the
    target is dropped (a member's LOF: the member adds nothing); 4 to 6 lets it stand. The
    action stays spent either way."""
    strikes = list(plan.strikes)
    bonus = plan.bonus
    for strike in plan.strikes:
        if strike.dispute and not _dispute_roll(st, f"{plan.actor}-{strike.wid}"):
            strikes.remove(strike)
    for member in plan.member_disputes:
        if not _dispute_roll(st, f"{member}-{plan.strikes[0].wid}"):
            bonus -= 1
    return strikes, bonus


def _dispute_roll(st: MageKnightState, what: str) -> bool:
    (die,) = st.roll(1, Text(f"dispute over the line of fire {what}",
                             f"disputa sobre la línea de fuego {what}"), "MK-24.3")
    ok = die >= 4
    st.emit("dispute", "MK-24.3", Text(
        f"The line of fire {what} is {'allowed' if ok else 'refused'}.",
        f"La línea de fuego {what} se {'admite' if ok else 'rechaza'}."), lof=what, die=die,
        allowed=ok)
    return ok


def _compare(st: MageKnightState, plan: Plan, strike: Strike, natural: int, total: int,
             critical: bool) -> bool:
    hit = critical or total >= strike.defense
    rule = "MK-10.3" if critical else plan.rule
    word_en, word_es = ("hits", "alcanza a") if hit else ("misses", "falla contra")
    st.emit("hit" if hit else "miss", rule, Text(
        f"{plan.actor} {word_en} {strike.wid}: {total} against defense {strike.defense}.",
        f"{plan.actor} {word_es} {strike.wid}: {total} contra defensa {strike.defense}."),
        actor=plan.actor, target=strike.wid, natural=natural, total=total,
        defense=strike.defense, parts=[list(p) for p in strike.parts], hit=hit)
    return hit


def _critical_miss(st: MageKnightState, plan: Plan) -> None:
    """A natural 2 fails against every target and deals 1 unreduced click to the actor, the
    primary attacker alone in a formation (MK-10.2, MK-10.7, MK-10.8, MK-13.19, MK-A20)."""
    rule = "MK-13.19" if plan.members else "MK-10.2"
    st.emit("critical_miss", rule, Text(
        f"A natural 2: {plan.actor}'s action fails and it is hurt by its own weapon.",
        f"Un 2 natural: la acción de {plan.actor} falla y se hiere con su propia arma."),
        actor=plan.actor)
    damage.deal(st, plan.actor, 1, by=plan.actor, by_seat=None, rule=rule)


def _base(st: MageKnightState, plan: Plan, value: int) -> int:
    """Step 1 of MK-11.3: the damage value, 1, or a d6 rolled for this hit."""
    if plan.base == BY_ONE:
        return 1
    if plan.base == BY_D6:
        rule = "MK-19.2" if plan.kind == CLOSE else "MK-19.3"
        (die,) = st.roll(1, Text(f"{plan.actor}'s damage die", f"dado de daño de {plan.actor}"),
                         rule, actor=plan.actor)
        return die
    return value


def _damage(st: MageKnightState, plan: Plan, target: str, critical: bool) -> None:
    """One hit's damage (MK-11.3), then Vampirism for close combat (MK-19.7)."""
    base = _base(st, plan, st.click_of(plan.actor).damage)
    blow = ab.Blow(base, enhanced=plan.enhancer is not None, shockwave=plan.shockwave,
                   critical=critical)
    amount = ab.clicks(st, target, blow)
    st.emit("blow", "MK-11.3", Text(
        f"{target} is owed {amount} click(s) (base {base}).",
        f"{target} debe recibir {amount} clic(s) (base {base})."),
        target=target, base=base, enhanced=ab.enhancement_lands(st, target, blow),
        enhancer=plan.enhancer, critical=critical, clicks=amount)
    owner = st.warriors[plan.actor].owner
    dealt = damage.deal(st, target, amount, by=plan.actor, by_seat=owner, rule=plan.rule)
    if plan.kind == CLOSE:
        ab.vampirism(st, plan.actor, dealt)


def _capture(st: MageKnightState, plan: Plan, target: str, critical: bool) -> None:
    """The target becomes the primary attacker's captive and takes no damage (MK-12.3,
    MK-12.4, MK-12.13, MK-10.6)."""
    captor = st.warriors[plan.actor]
    prisoner = st.warriors[target]
    captor.captive, prisoner.captor = target, plan.actor
    rule = "MK-10.6" if critical else ("MK-12.13" if plan.members else "MK-12.3")
    st.emit("captured", rule, Text(f"{plan.actor} takes {target} prisoner.",
                                   f"{plan.actor} hace prisionero a {target}."),
            captor=plan.actor, captive=target)


def _magic_heal(st: MageKnightState, plan: Plan, target: str, critical: bool) -> None:
    """Magic Healing heals a d6, 1 more on a natural 12 (MK-19.8, MK-10.5)."""
    (die,) = st.roll(1, Text(f"{plan.actor}'s Magic Healing", f"Curación mágica de "
                                                              f"{plan.actor}"), "MK-19.8")
    damage.heal(st, target, die + (1 if critical else 0), rule="MK-19.8")


# ------------------------------------------------------------------------------ Healing amount

HEAL_VALUE = MKAction("heal value")
HEAL_ROLL = MKAction("heal roll")


@dataclass(slots=True)
class HealAsk(Ask):
    """After a successful Healing the player heals the healer's damage value, or a d6
    (`heal value` | `heal roll`); a natural 12 adds 1 (MK-19.1, MK-10.5, MK-A25)."""

    seat: int
    healer: str
    target: str
    critical: bool = False
    rule = "MK-19.1"

    def options(self, st: MageKnightState) -> list[Any]:
        return [HEAL_VALUE, HEAL_ROLL]

    def answer(self, st: MageKnightState, action: MKAction) -> None:
        st.frames.pop()
        if action.text == HEAL_VALUE.text:
            amount = st.click_of(self.healer).damage
        else:
            (amount,) = st.roll(1, Text(f"{self.healer}'s Healing", f"Curación de "
                                                                    f"{self.healer}"),
                                "MK-19.1")
        extra = 1 if self.critical else 0
        st.emit("heal_choice", "MK-19.1", Text(
            f"{self.healer} heals {self.target} for {amount + extra}.",
            f"{self.healer} cura a {self.target} {amount + extra}."),
            healer=self.healer, target=self.target, amount=amount, critical=self.critical)
        damage.heal(st, self.target, amount + extra, rule="MK-10.5" if extra else "MK-19.1")


def candidates(st: MageKnightState, seat: int) -> list[MKAction]:
    """Every useful legal combat action of `seat` now (combat_candidates.py)."""
    from grimorio.games.mage_knight.rules import combat_candidates

    return combat_candidates.candidates(st, seat)
