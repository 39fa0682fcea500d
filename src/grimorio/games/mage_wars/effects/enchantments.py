"""Enchantment scripts (MW-5.75-MW-5.97): what the face-up card does beyond its `grants`.

Every hook here runs only while the enchantment is face up: `providers` skips face-down ones and
`hooks.upkeep` is only called for face-up objects (MW-5.83). An enchantment revealed in the
middle of an attack counts from the next step on (MW-5.87, MW-5.89, MW-5.90): the dice are
counted in the Roll Dice step and costs are paid in the Pay Costs step, each after a reveal
window.

Data-only enchantments (registry.DATA_ONLY): Bear Strength, Cheetah Speed, Divine Protection,
Enfeeble, Essence Drain (Upkeep +2 on the creature, MW-X-12.3), Force Hold (Restrained and
Unmovable, its own Upkeep +3, MW-X-6.29-MW-X-6.35), Regrowth, Rhino Hide, Sacred Ground (a zone
aura) and Vampirism.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from grimorio.core.i18n import Text
from grimorio.games.mage_wars import data
from grimorio.games.mage_wars.effects.registry import Script, Targets, register
from grimorio.games.mage_wars.flow import MWAction, act
from grimorio.games.mage_wars.rules.round import Choice

if TYPE_CHECKING:
    from grimorio.games.mage_wars.model import Obj
    from grimorio.games.mage_wars.state import MageWarsState

ATTACK_KINDS = ("melee", "ranged")


def param(st: MageWarsState, oid: int, name: str) -> int:
    """A number of the object's card (`params` in cards.yaml)."""
    return dict(st.card(st.obj(oid).card).params)[name]


def named(st: MageWarsState, oid: int) -> Text:
    """`<card name> (o<oid>)` in both languages."""
    name = st.card(st.obj(oid).card).name
    return Text(f"{name.en} (o{oid})", f"{name.es} (o{oid})")


def first_time(st: MageWarsState, key: tuple[Any, ...]) -> bool:
    """True the first time `key` is seen this round (then marked; Reset clears the marks,
    MW-3.6)."""
    if key in st.once:
        return False
    st.once = st.once | {key}
    return True


@register("agony")
class Agony(Script):
    """Curse: each melee or ranged attack of the enchanted creature that is not a spell rolls
    2 dice fewer, every attack of a multiple attack too (MW-X-1.5, MW-X-1.8); at least 1 die
    is rolled (combat's dice count)."""

    def attack_dice(self, st: MageWarsState, oid: int, atk: Any) -> int:
        host = st.obj(oid).host
        if host is None or atk.attacker != host or atk.kind not in ATTACK_KINDS \
                or atk.spell is not None:
            return 0
        return -param(st, oid, "attack_dice_penalty")


@register("marked-for-death")
class MarkedForDeath(Script):
    """Curse: the first attack each creature makes against the enchanted creature in a round
    rolls 1 more die (MW-X-1.5). Marked when the dice are counted (Roll Dice step)."""

    def attack_dice(self, st: MageWarsState, oid: int, atk: Any) -> int:
        host = st.obj(oid).host
        if host is None or atk.attacker is None or atk.defender != host \
                or atk.kind not in ATTACK_KINDS:
            return 0
        if not first_time(st, ("marked-for-death", oid, atk.attacker)):
            return 0
        me = named(st, oid)
        st.emit("card-effect", "MW-X-1.5", Text(
            f"{me.en}: o{atk.attacker} rolls 1 more die on its first attack this round "
            f"against o{host}.",
            f"{me.es}: o{atk.attacker} tira 1 dado más en su primer ataque de la ronda "
            f"contra o{host}."), oid=oid, attacker=atk.attacker, target=host)
        return param(st, oid, "attack_dice_bonus")


@register("pacify")
class Pacify(Script):
    """Psychic curse on a non-mage creature: the first melee or ranged attack it declares each
    round (counterstrikes aside) costs its controller 2 mana in the Pay Costs step, or the
    attack is cancelled (MW-6.20). Revealed after Declare Attack, it already taxes that
    attack (MW-5.84 d, MW-5.90). `attack_cost` only asks; `declare_cost` marks (MW-A14)."""

    def attack_cost(self, st: MageWarsState, oid: int, atk: Any) -> int:
        host = st.obj(oid).host
        if host is None or atk.attacker != host or atk.kind not in ATTACK_KINDS \
                or atk.is_counterstrike or atk.spell is not None or ("pacify", oid) in st.once:
            return 0
        return param(st, oid, "attack_cost")

    def declare_cost(self, st: MageWarsState, oid: int, atk: Any) -> int:
        cost = self.attack_cost(st, oid, atk)
        if cost:
            first_time(st, ("pacify", oid))
        return cost


@register("magebane")
class Magebane(Script):
    """Curse: each time the enchanted creature casts a spell that resolves, it takes 1 direct
    damage (MW-6.97)."""

    def spell_cast(self, st: MageWarsState, oid: int, caster: int, card: data.Card) -> None:
        from grimorio.games.mage_wars.rules import damage

        host = st.obj(oid).host
        if host is None or caster != host or host not in st.objs:
            return
        me = named(st, oid)
        if card.type == "enchantment":      # cast face down: not named (MW-5.78)
            st.emit("card-effect", "MW-6.97", Text(
                f"{me.en}: o{host} cast a spell and takes direct damage.",
                f"{me.es}: o{host} lanzó un hechizo y recibe daño directo."),
                oid=oid, target=host)
        else:
            st.emit("card-effect", "MW-6.97", Text(
                f"{me.en}: o{host} cast {card.id} and takes direct damage.",
                f"{me.es}: o{host} lanzó {card.id} y recibe daño directo."),
                oid=oid, target=host, card=card.id)
        damage.deal(st, host, param(st, oid, "direct_damage"), source=oid, direct=True,
                    rule="MW-6.97")


@register("ghoul-rot")
class GhoulRot(Script):
    """Poison curse: Finite Life comes from its grant (MW-X-8.8); in each Upkeep step the
    enchanted creature takes 2 direct poison damage (MW-3.14, MW-6.97, MW-S8)."""

    def upkeep(self, st: MageWarsState, oid: int) -> None:
        from grimorio.games.mage_wars.rules import damage

        host = st.obj(oid).host
        if host is None or host not in st.objs:
            return
        me = named(st, oid)
        st.emit("card-effect", "MW-3.14", Text(f"{me.en} eats at o{host}.",
                                               f"{me.es} corroe a o{host}."),
                oid=oid, target=host)
        damage.deal(st, host, param(st, oid, "upkeep_direct_damage"), source=oid,
                    direct=True, rule="MW-6.97", dtype="poison", check=False)   # MW-A9


@register("death-link")
class DeathLink(Script):
    """Curse (Unique, mage spell, Dark mages only: casting.allowed, MW-S4, MW-S5): in each
    Upkeep step the controlling mage heals 2, then the enchanted creature takes as much direct
    damage as the mage really healed (MW-3.14, MW-6.97, MW-6.102)."""

    def upkeep(self, st: MageWarsState, oid: int) -> None:
        from grimorio.games.mage_wars.rules import damage

        link = st.obj(oid)
        host = link.host
        mage = st.player(link.controller).mage
        if host is None or host not in st.objs or mage not in st.objs:
            return
        healed = damage.heal(st, mage, param(st, oid, "upkeep_heal"), "MW-6.99")
        me = named(st, oid)
        st.emit("card-effect", "MW-3.14", Text(
            f"{me.en}: o{mage} heals {healed}, o{host} takes as much.",
            f"{me.es}: o{mage} se cura {healed}, o{host} recibe lo mismo."),
            oid=oid, mage=mage, target=host, healed=healed)
        if healed > 0:
            damage.deal(st, host, healed, source=oid, direct=True, rule="MW-6.97",
                        check=False)        # the Upkeep step checks the end (MW-A9)


# ---------------------------------------------------------------------------- Core Set (issue 8)

@dataclass(slots=True)
class ZoneAsk(Choice):
    """`choose <zone>`: where a card's controller sends a creature by teleport (Teleport Trap,
    Divine Intervention; MW-X-7.25)."""

    seat: int
    oid: int
    zones: tuple[str, ...]
    why: str
    rule = "MW-X-7.25"

    def options(self, st: MageWarsState) -> list[MWAction]:
        return [act("choose", z) for z in self.zones]

    def answer(self, st: MageWarsState, action: MWAction) -> None:
        from grimorio.games.mage_wars.rules import displace

        st.frames.pop()
        if self.oid in st.objs and st.obj(self.oid).zone is not None:
            displace.teleport(st, self.oid, action.text.split()[1], self.why)


def _ask_zone(st: MageWarsState, seat: int, oid: int, zones: list[str], why: str) -> None:
    if zones:
        st.frames.append(ZoneAsk(seat, oid, tuple(zones), why))


@register("chains-of-agony")
class ChainsOfAgony(Script):
    """Curse: each move action of the enchanted creature deals it 1 direct damage, in step 2 of
    the move (MW-4.20, MW-6.97)."""

    def moving(self, st: MageWarsState, oid: int, mover: int) -> None:
        from grimorio.games.mage_wars.rules import damage

        if st.obj(oid).host != mover:
            return
        me = named(st, oid)
        st.emit("card-effect", "MW-6.97", Text(f"{me.en}: o{mover} moves and takes direct "
                                               "damage.",
                                               f"{me.es}: o{mover} se mueve y recibe daño "
                                               "directo."), oid=oid, target=mover)
        damage.deal(st, mover, param(st, oid, "move_damage"), source=oid, direct=True,
                    rule="MW-6.97")


@register("decoy")
class Decoy(Script):
    """A bluff on a zone or an object: revealed, it is destroyed at once; destroyed in any way,
    hidden or not, it gives its controller 2 mana (MW-X-8.2, MW-X-12.1)."""

    def spell_targets(self, st: MageWarsState, caster: int, card: data.Card
                      ) -> list[Targets] | None:
        from grimorio.games.mage_wars.rules import casting

        zones: list[Targets] = [(z,) for z in casting.zones_in_sight(st, caster, card.range)
                                if casting.zone_ok(st, caster, card, z)]
        seen = casting.objects_in_sight(st, caster, card, "creature-or-conjuration")
        objs: list[Targets] = [(f"o{o}",) for o in seen
                               if casting.object_ok(st, caster, card, st.obj(o))]
        return zones + objs

    def on_reveal(self, st: MageWarsState, oid: int) -> None:
        from grimorio.games.mage_wars.rules import damage

        damage.destroy(st, oid, "MW-X-8.2")

    def on_destroy(self, st: MageWarsState, obj: Obj) -> None:
        if obj.kind != "enchantment":
            return
        gain = dict(st.card(obj.card).params)["mana_if_destroyed"]
        player = st.player(obj.controller)
        player.mana += gain
        st.changed()
        st.emit("card-effect", "MW-X-12.1", Text(
            f"Decoy (o{obj.oid}) is destroyed: P{obj.controller + 1} gains {gain} mana.",
            f"Señuelo (o{obj.oid}) es destruido: P{obj.controller + 1} gana {gain} de maná."),
            oid=obj.oid, seat=obj.controller, mana=gain)


@register("divine-intervention")
class DivineIntervention(Script):
    """Revealed, its controller may teleport the enchanted creature to any zone of the arena
    (`choose <zone>`, its own zone to stay), then it is destroyed (one use, MW-5.93). Revealed
    during an attack on the creature, the teleport takes it out of that attack (combat cancels
    an attack whose defender moved, MW-6.19)."""

    def on_reveal(self, st: MageWarsState, oid: int) -> None:
        from grimorio.games.mage_wars.rules import damage

        me = st.obj(oid)
        host = me.host
        seat = me.controller
        damage.destroy(st, oid, "MW-5.93")
        if host is not None and host in st.objs:
            _ask_zone(st, seat, host, list(st.arena.zones), "MW-X-7.25")


@register("force-orb")
class ForceOrb(Script):
    """Its Defense (8+, once a round, ranged attacks only) comes from its data; Incapacitated,
    Restrained or Dazed, the creature may still use it at full value (`steady_defense`,
    combat.usable_defenses, MW-6.91)."""

    steady_defense = True


@register("force-sword")
class ForceSword(Script):
    """As Force Orb, against melee attacks only (MW-6.89, MW-6.91)."""

    steady_defense = True


@register("maim-wings")
class MaimWings(Script):
    """Curse: the enchanted creature loses Flying (a `flightless` grant, traits layer 6,
    MW-5.28)."""

    def grants(self, st: MageWarsState, oid: int) -> list[tuple[int, Any]]:
        host = st.obj(oid).host
        return [] if host is None else [(host, data.TraitUse("flightless"))]


@register("retaliate")
class Retaliate(Script):
    """The enchanted creature's quick melee attacks gain Counterstrike (a flag grant: combat
    adds Counterstrike to quick melee bars only, MW-6.116); once it has made its first
    counterstrike (its Pay Costs step), Retaliate is destroyed (one use, MW-5.93)."""

    def grants(self, st: MageWarsState, oid: int) -> list[tuple[int, Any]]:
        host = st.obj(oid).host
        return [] if host is None else [(host, data.TraitUse("counterstrike"))]

    def declare_cost(self, st: MageWarsState, oid: int, atk: Any) -> int:
        from grimorio.games.mage_wars.rules import damage

        if atk.is_counterstrike and atk.attacker == st.obj(oid).host:
            damage.destroy(st, oid, "MW-5.93")
        return 0


@register("teleport-trap")
class TeleportTrap(Script):
    """Trap (MW-X-7.15): set off and paid, its controller teleports the creature that came in
    to a zone at most 2 zones from the trap (`choose <zone>`), then it is discarded (one use,
    MW-5.93, rules/traps.py)."""

    def on_reveal(self, st: MageWarsState, oid: int) -> None:
        me = st.obj(oid)
        victim = me.memo.get("victim")
        if victim is None or victim not in st.objs or me.zone is None:
            return
        reach = param(st, oid, "teleport_range")
        zones = [z for z in st.arena.zones if st.arena.distance(me.zone, z) <= reach]
        _ask_zone(st, me.controller, victim, zones, "MW-X-7.25")


@register("turn-to-stone")
class TurnToStone(Script):
    """Incapacitated and Armor +6 (its grants), Upkeep +4 (its trait, MW-X-12.3); its
    controller may not reveal it in the middle of an action: an attack or a spell being cast
    (MW-5.84)."""

    def may_reveal(self, st: MageWarsState, oid: int) -> bool:
        from grimorio.games.mage_wars.rules import casting, combat

        return not any(isinstance(f, (combat.AttackFrame, casting.Cast)) for f in st.frames)


@register("harmonize")
class Harmonize(Script):
    """Goes only on an object with a channeling value (a mage, or an object with Channeling,
    MW-X-12.1), which gains Channeling +1 from its grant (MW-X-12.2); Magebind +2 (data)."""

    def spell_targets(self, st: MageWarsState, caster: int, card: data.Card
                      ) -> list[Targets] | None:
        from grimorio.games.mage_wars import traits
        from grimorio.games.mage_wars.rules import casting

        return [t for t in casting.generic_targets(st, caster, card)
                if st.obj(int(t[0][1:])).kind == "mage"
                or traits.traits(st, int(t[0][1:])).value("channeling") > 0]


def _aimed_at(targets: Targets, oid: int | None) -> bool:
    return oid is not None and f"o{oid}" in targets


def _enemy_spell_on_host(st: MageWarsState, oid: int, caster: int, card: data.Card,
                        targets: Targets) -> bool:
    """What sets off Nullify and Reverse Magic: an incantation or an enchantment of the other
    side aimed at the creature the enchantment `oid` is attached to (MW-5.13, MW-9.8)."""
    me = st.obj(oid)
    return card.type in ("incantation", "enchantment") and _aimed_at(targets, me.host) \
        and not st.allied(st.obj(caster).controller, me.controller)


@register("nullify")
class Nullify(Script):
    """Mandatory, one use: when a spell of the other side, an incantation or an enchantment,
    targets the enchanted creature, Nullify must be turned up at the Counter step (MW-5.13,
    MW-5.94); paid, the spell is countered (discarded, its mana lost), and Nullify is spent
    (MW-5.93)."""

    def counter_trigger(self, st: MageWarsState, oid: int, caster: int, card: data.Card,
                        targets: Targets) -> bool:
        return _enemy_spell_on_host(st, oid, caster, card, targets)

    def on_reveal(self, st: MageWarsState, oid: int) -> None:
        from grimorio.games.mage_wars.rules import casting

        casting.counter(st, "counter")


@register("jinx")
class Jinx(Script):
    """Mandatory, one use: when the enchanted creature casts a quick spell, Jinx must be turned
    up at the Counter step (MW-5.13, MW-5.94); paid, the spell is cancelled: back to its
    owner's spellbook, its mana refunded; Jinx is spent (MW-5.93). A level 1 animal is a quick
    spell for the Beastmaster in every respect (Quick Summoning, MW-7.9)."""

    def counter_trigger(self, st: MageWarsState, oid: int, caster: int, card: data.Card,
                        targets: Targets) -> bool:
        from grimorio.games.mage_wars.effects import mages

        quick = card.speed == "quick" or mages.quick_summon(st, caster, card, "quick")
        return quick and st.obj(oid).host == caster

    def on_reveal(self, st: MageWarsState, oid: int) -> None:
        from grimorio.games.mage_wars.rules import casting

        casting.counter(st, "cancel")


@register("reverse-magic")
class ReverseMagic(Script):
    """Mandatory, one use: set off like Nullify, at the Counter step, by an incantation or an
    enchantment of the other side that targets the enchanted creature (MW-5.13, MW-5.94).
    Paid, its controller takes the spell over (`take_over`) and Reverse Magic is spent
    (MW-5.93)."""

    def counter_trigger(self, st: MageWarsState, oid: int, caster: int, card: data.Card,
                        targets: Targets) -> bool:
        return _enemy_spell_on_host(st, oid, caster, card, targets)

    def on_reveal(self, st: MageWarsState, oid: int) -> None:
        me = st.obj(oid)
        if me.host is not None:
            take_over(st, me.controller, me.host)


def take_over(st: MageWarsState, seat: int, host: int) -> None:
    """Reverse Magic: `seat` takes over the spell being cast at `host` (MW-5.13). Our reading:
    its mage becomes the spell's caster and controller, the old caster takes `host`'s place
    among the targets wherever it stands (no range nor line of sight: `casting.redirected`)
    and the card keeps its owner (MW-5.16). The other choices are made anew from the new
    caster (`choose …` when there are several), paying only what they cost beyond what was
    already paid (MW-5.12). A mage may not take over a spell it could not cast (MW-8.18); a
    spell already countered has nothing to take; when the old caster is no legal target of
    the spell (a Non-Mage spell on a mage, an immunity, MW-5.5, MW-S8) or no choice is
    affordable, the spell is countered (MW-5.15). Both seats know the card from then on."""
    from grimorio.games.mage_wars.rules import casters, casting

    f = next((x for x in reversed(st.frames) if isinstance(x, casting.Cast)), None)
    word = f"o{host}"
    if f is None or word not in f.targets:
        return
    card = st.card(f.card)
    mage = st.mage_of(seat).oid
    if any(len(m) == 4 and m[:3] == (casting.COUNTERED, f.caster, f.targets) for m in st.once):
        return                              # Nullify came first: nothing left to take
    if not casting.allowed(st, mage, card):
        st.emit("take-over-barred", "MW-8.18", Text(
            f"P{seat + 1} may not control {card.id}: the spell goes on as cast.",
            f"P{seat + 1} no puede controlar {card.id}: el hechizo sigue como se lanzó."),
            seat=seat, card=card.id)
        return
    index, victim = f.targets.index(word), f.caster
    if f.owner < 0:
        f.owner = f.seat
    f.seat, f.caster, f.redirect = seat, mage, victim
    turned = tuple(f"o{victim}" if i == index else w for i, w in enumerate(f.targets))
    st.emit("take-over", "MW-5.13", Text(
        f"P{seat + 1} takes over {card.id} and turns it on o{victim}.",
        f"P{seat + 1} se queda con {card.id} y lo vuelve contra o{victim}."),
        seat=seat, card=card.id, target=victim)
    mana = casters.mana_for(st, mage)
    choices = tuple(t for t in casting.spell_targets(st, mage, card)
                    if len(t) > index and t[index] == f"o{victim}"
                    and _extra(st, f, card, t) is not None
                    and (_extra(st, f, card, t) or 0) <= mana)
    if not choices:
        f.targets = turned
        st.emit("take-over-fails", "MW-5.15", Text(
            f"{card.id} cannot be turned on o{victim}: it is countered.",
            f"{card.id} no puede volverse contra o{victim}: se contrarresta."), card=card.id)
        casting.counter(st, "counter")
        return
    if len(choices) == 1:
        redirect(st, choices[0])
    else:
        st.frames.append(TakeOverAsk(seat, choices))


def _extra(st: MageWarsState, f: Any, card: data.Card, targets: Targets) -> int | None:
    """What the new choices cost beyond what the spell's caster already paid (MW-5.12)."""
    from grimorio.games.mage_wars.rules import casting

    cost = casting.spell_cost(st, f.caster, card, targets)
    return None if cost is None else max(0, cost - f.cost)


def redirect(st: MageWarsState, targets: Targets) -> None:
    """The taken-over spell gets its new targets: any extra cost is paid, the new targets'
    places are noted (MW-5.15) and what is attached to them may answer it now (Nullify, another
    Reverse Magic: `mandatory.spell_trigger`, MW-5.13)."""
    from grimorio.games.mage_wars.rules import casters, casting, mandatory

    f = next(x for x in reversed(st.frames) if isinstance(x, casting.Cast))
    card = st.card(f.card)
    extra = _extra(st, f, card, targets) or 0
    if extra:
        casting.spell_cost(st, f.caster, card, targets, mark=True)
        casters.spend(st, f.caster, extra)
    f.targets = targets
    f.places = tuple((oid, st.zone_of(oid) or "", st.stamps.get(oid, 0))
                     for oid in casting.object_targets(targets) if oid in st.objs)
    st.changed()
    shown = " ".join(targets)
    st.emit("redirect", "MW-5.13", Text(f"{card.id} now goes at {shown} (P{f.seat + 1} pays "
                                        f"{extra} more).",
                                        f"{card.id} va ahora contra {shown} (P{f.seat + 1} "
                                        f"paga {extra} más)."),
            seat=f.seat, card=card.id, targets=list(targets), cost=extra)
    mandatory.spell_trigger(st, f.caster, card, targets, retarget=True)


@dataclass(slots=True)
class TakeOverAsk(Choice):
    """`choose <targets…>`: the new controller of a taken-over spell makes its choices anew
    (Reverse Magic; MW-5.10)."""

    seat: int
    choices: tuple[Targets, ...]
    rule = "MW-5.10"

    def options(self, st: MageWarsState) -> list[MWAction]:
        return [act("choose", *t) for t in self.choices]

    def answer(self, st: MageWarsState, action: MWAction) -> None:
        st.frames.pop()
        redirect(st, next(t for t in self.choices if act("choose", *t).text == action.text))


@register("reverse-attack")
class ReverseAttack(Script):
    """Mandatory, one use: a Defense of 0 (its data, like Block) that comes out when the
    creature is attacked (MW-5.97); paid, the attack misses the creature and comes back at the
    attacker, who is the defender for Roll Dice and Apply Damage (`reverses_attack`,
    rules/combat.py); then it is spent (MW-5.93). An Unavoidable attack sets off no Defense
    (MW-6.90)."""

    reverses_attack = True
