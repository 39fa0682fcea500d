"""Special abilities that shape an attack or a healing, and Command at the start of a turn.

Combat (rules/combat.py) asks these questions while it builds an action: how much damage gets
through (the pipeline of MK-11.3 with Toughness and Invulnerability, MK-20.4, MK-20.7, MK-A20,
MK-A21), which defense a figure uses (Defend, Battle Armor, Invulnerability: MK-20.1, MK-20.5,
MK-20.7, MK-A40), whether a shot is enhanced (MK-18.3, MK-A22), who may capture or be captured
(MK-12.11), how much Vampirism heals (MK-19.7, MK-A27). `command_start` carries out Command at
the start of a turn (MK-18.8, MK-18.9, MK-A24); the turn sequence calls it.

Abilities are read through `st.abilities(wid)`, which is empty for a captive (MK-12.16, MK-A36),
so a captive never defends, enhances or commands anyone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from grimorio.core.i18n import Text
from grimorio.games.mage_knight.rules import damage

if TYPE_CHECKING:
    from grimorio.games.mage_knight.state import MageKnightState

# ability keys (data/abilities.yaml)
TOUGHNESS = "toughness"
INVULNERABILITY = "invulnerability"
BATTLE_ARMOR = "battle_armor"
DEFEND = "defend"
MAGIC_ENHANCEMENT = "magic_enhancement"
MAGIC_IMMUNITY = "magic_immunity"
BERSERK = "berserk"
BATTLE_FURY = "battle_fury"
DEMORALIZED = "demoralized"
COMMAND = "command"
HEALING = "healing"
MAGIC_HEALING = "magic_healing"
WEAPON_MASTER = "weapon_master"
MAGIC_BLAST = "magic_blast"
FLAME = "flame_lightning"
SHOCKWAVE = "shockwave"
VAMPIRISM = "vampirism"
STEALTH = "stealth"

NO_CAPTURE = (BERSERK, BATTLE_FURY, INVULNERABILITY)
"""Abilities that keep a warrior from capturing and from being captured (MK-12.11)."""

_NO_CAPTURE_RULE = {BERSERK: "MK-18.2", BATTLE_FURY: "MK-18.4", INVULNERABILITY: "MK-20.7"}


# ------------------------------------------------------------------------------ damage

def reduce(st: MageKnightState, wid: str, amount: int) -> int:
    """`amount` of normal damage after the warrior's reductions: Toughness takes off 1,
    Invulnerability 2, never below 0 (MK-20.4, MK-20.7, MK-A20). Callers never pass the
    critical-hit click, pushing or the critical-miss click, which nothing reduces."""
    cut = (1 if st.has(wid, TOUGHNESS) else 0) + (2 if st.has(wid, INVULNERABILITY) else 0)
    return max(0, amount - cut)


@dataclass(frozen=True, slots=True)
class Blow:
    """What one hit brings to one figure before the figure's own reductions (MK-11.3):
    `base` is step 1 (damage value, 1, or a d6), `enhanced` step 2, `shockwave` skips step 3,
    `critical` is step 4."""

    base: int
    enhanced: bool = False
    shockwave: bool = False
    critical: bool = False


def enhancement_lands(st: MageKnightState, wid: str, blow: Blow) -> bool:
    """Whether the Magic Enhancement click reaches `wid`: not on a Magic Immune figure (MK-20.3,
    MK-A22), except under a Shockwave, which ignores the struck figures' defense abilities, and
    Magic Immunity is one (MK-19.5, Table 9), just as Toughness is."""
    return blow.enhanced and (blow.shockwave or not st.has(wid, MAGIC_IMMUNITY))


def clicks(st: MageKnightState, wid: str, blow: Blow) -> int:
    """The clicks a hit deals to `wid`, built in the order of MK-11.3 (MK-A21): the base, +1
    for Magic Enhancement unless the figure is Magic Immune (MK-20.3, MK-A22; not against
    Shockwave), then Toughness and Invulnerability (skipped by Shockwave, MK-19.5), floored at
    0, then the critical click, which nothing reduces (MK-A20)."""
    amount = blow.base
    if enhancement_lands(st, wid, blow):
        amount += 1
    if not blow.shockwave:
        amount = reduce(st, wid, amount)
    return amount + (1 if blow.critical else 0)


# ------------------------------------------------------------------------------ defense

def base_defense(st: MageKnightState, wid: str, *, healing: bool = False,
                 shockwave: bool = False) -> tuple[int, str | None]:
    """The defense a figure opposes before modifiers and who lent it: its dial defense, or a
    touching Defend warrior's (MK-20.5, MK-A40). Defend is used whenever it helps its
    controller (MK-A49): against an attack when it is higher; against a friend's healing when
    it is lower, since then it makes the healing easier (MK-A25). Shockwave ignores it, being
    a defense ability of the struck figure (MK-19.5, MK-A26)."""
    own = st.click_of(wid).defense
    if shockwave:
        return own, None
    lent = defend_value_for(st, wid, lowest=healing)
    if lent is None:
        return own, None
    value, by = lent
    better = value < own if healing else value > own
    return (value, by) if better else (own, None)


def defend_value_for(st: MageKnightState, wid: str, *, lowest: bool
                     ) -> tuple[int, str] | None:
    """The (defense, Defend warrior) pair that best suits the defended figure's side."""
    found: list[tuple[int, str]] = []
    for other in st.touching(wid):
        if other != wid and st.friendly(other, wid) and st.has(other, DEFEND):
            found.append((st.click_of(other).defense, other))
    if not found:
        return None
    found.sort(key=lambda pair: (pair[0] if lowest else -pair[0], pair[1]))
    return found[0]


def ranged_armour(st: MageKnightState, wid: str) -> list[tuple[int, str]]:
    """Defense abilities against ranged attacks: Battle Armor +2 (MK-20.1) and
    Invulnerability +2 (MK-20.7), as (bonus, rule) pairs."""
    out = []
    if st.has(wid, BATTLE_ARMOR):
        out.append((2, "MK-20.1"))
    if st.has(wid, INVULNERABILITY):
        out.append((2, "MK-20.7"))
    return out


# ------------------------------------------------------------------------------ enhancement

def enhancer(st: MageKnightState, shooter: str) -> str | None:
    """A friendly warrior touching `shooter` that shows Magic Enhancement, or None
    (MK-18.3). Several still give a single click (MK-A22); the shooter itself never counts
    ("a friendly figure touching this warrior"). A Magic Immune shooter may be enhanced: the
    click lands on the target (MK-A22)."""
    for other in sorted(st.touching(shooter)):
        if other != shooter and st.friendly(other, shooter) and st.has(other,
                                                                        MAGIC_ENHANCEMENT):
            return other
    return None


# ------------------------------------------------------------------------------ capture

def capture_barrier(st: MageKnightState, wid: str) -> str | None:
    """The rule that keeps `wid` from capturing or being captured (MK-12.11), or None."""
    for key in NO_CAPTURE:
        if st.has(wid, key):
            return _NO_CAPTURE_RULE[key]
    return None


# ------------------------------------------------------------------------------ healing

def vampirism(st: MageKnightState, attacker: str, dealt: int) -> int:
    """Vampirism after a close combat hit: 1 click healed on the attacker (the primary
    attacker of a formation) when at least 1 click really got through (MK-19.7, MK-A27).
    Invulnerability stops it, through `damage.heal` (MK-11.4)."""
    if dealt < 1 or not st.has(attacker, VAMPIRISM):
        return 0
    w = st.warriors[attacker]
    if not w.on_table:
        return 0
    return damage.heal(st, attacker, 1, rule="MK-19.7")


# ------------------------------------------------------------------------------ Command

def command_start(st: MageKnightState, seat: int) -> None:
    """Command as `seat`'s turn begins (MK-18.8, MK-18.9, MK-A24): one d6 for each warrior he
    controls that shows Command, each 6 an extra action this turn; then each friendly
    Demoralized figure touching his Command warriors heals 1 click per such warrior.
    Captives show no abilities (MK-A36), so they neither roll nor heal."""
    commanders = [wid for wid, w in st.warriors.items()
                  if w.owner == seat and w.on_table and w.captor is None
                  and st.has(wid, COMMAND)]
    if not commanders:
        return
    _command_actions(st, seat, commanders)
    _command_heals(st, commanders)


def _command_actions(st: MageKnightState, seat: int, commanders: list[str]) -> None:
    extra = 0
    for wid in commanders:
        (die,) = st.roll(1, Text(f"Command of {wid}", f"Orden de {wid}"), "MK-18.8",
                         warrior=wid)
        extra += die == 6
    if extra:
        st.players[seat].actions_left += extra
        st.emit("command", "MK-18.8",
                Text(f"Command gives {extra} extra action(s) this turn",
                     f"Orden da {extra} acción(es) extra este turno"), seat=seat, extra=extra)


def _command_heals(st: MageKnightState, commanders: list[str]) -> None:
    owed: dict[str, int] = {}
    for cmd in commanders:
        for other in st.touching(cmd):
            if other != cmd and st.friendly(other, cmd) and st.has(other, DEMORALIZED):
                owed[other] = owed.get(other, 0) + 1
    for wid in sorted(owed):
        healed = damage.heal(st, wid, owed[wid], rule="MK-18.9")
        st.emit("command_heal", "MK-18.9",
                Text(f"Command heals {wid} {healed} click(s)",
                     f"Orden cura {healed} clic(s) a {wid}"), warrior=wid, clicks=healed)
