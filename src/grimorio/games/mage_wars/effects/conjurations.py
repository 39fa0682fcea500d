"""Conjuration scripts (Core Set, issue 8): what a conjuration does beyond its data.

Walls, Zone Exclusive, spawnpoints, familiars and Spellbind are rules the engine runs from the
cards' traits (rules/walls.py, rules/conjurations.py, rules/casters.py); arena-wide grants and
Channeling +X to the controller are data (traits.py, registry.DATA_ONLY). The scripts here add
the rest: what a spawnpoint may take (`holds`), mana its card gains, traits it works out, a mage
chosen when it is cast.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from grimorio.core.i18n import Text
from grimorio.games.mage_wars import data
from grimorio.games.mage_wars.effects.registry import Script, Targets, action_room, register
from grimorio.games.mage_wars.flow import Ask, MWAction, act

if TYPE_CHECKING:
    from grimorio.games.mage_wars.model import Obj
    from grimorio.games.mage_wars.state import MageWarsState

U = data.TraitUse


def _school(card: data.Card, school: str) -> bool:
    return any(name == school for name, _ in card.school)


@register("lair")
class Lair(Script):
    """Beastmaster's portal, a spawnpoint with channeling 2 for creature spells (data): it takes
    animal creatures only (MW-5.52, MW-5.57)."""

    def holds(self, st: MageWarsState, oid: int, card: data.Card) -> bool:
        return "animal" in card.subtypes


@register("gate-to-voltari")
class GateToVoltari(Script):
    """Wizard's portal, channeling 1 (data). It watches the enemy mage (with two players, the
    only one): each spell that mage casts and resolves puts 1 mana on the Gate. In Deployment,
    holding 3 mana or more, it may bring in one Corporeal Arcane creature (MW-5.52). With three
    or four seats its controller names one standing enemy mage when it comes into play (`name
    o2`, asked only when there is a choice, MW-B35), and another when that mage's player goes
    out (`rewatch_gates`); only the named mage's spells count."""

    def holds(self, st: MageWarsState, oid: int, card: data.Card) -> bool:
        return (card.type == "creature" and _school(card, "arcane")
                and not card.has("incorporeal") and st.obj(oid).mana >= 3)

    def after_cast(self, st: MageWarsState, caster: int, card: data.Card) -> None:
        if len(st.players) <= 2:
            return
        new = [o for o in st.objs.values() if o.card == card.id and WATCHED not in o.memo]
        if not new:
            return
        gate = max(new, key=lambda o: o.oid)
        _name_foe(st, gate)

    def spell_cast(self, st: MageWarsState, oid: int, caster: int, card: data.Card) -> None:
        gate = st.obj(oid)
        who = st.objs.get(caster)
        if who is None or who.kind != "mage" or st.allied(who.controller, gate.controller):
            return          # an enemy mage only: a team-mate is none (MW-9.8)
        if len(st.players) > 2 and gate.memo.get(WATCHED) != who.controller:
            return          # not the mage it named (MW-B35)
        gate.mana += 1
        st.changed()
        st.emit("gate-mana", "MW-X-10.7", Text(f"o{oid} gains 1 mana from the enemy mage's "
                                               f"spell ({gate.mana}).",
                                               f"o{oid} gana 1 de maná por el hechizo del mago "
                                               f"enemigo ({gate.mana})."),
                oid=oid, mana=gate.mana)


WATCHED = "watched"     # Obj.memo: the seat whose mage a Gate to Voltari named (3+ seats)


def standing_foes(st: MageWarsState, seat: int) -> list[int]:
    """The enemy seats whose mage still stands: its player is in the game and the mage has not
    fallen in the turn, window or step under way (MW-B29, MW-B35)."""
    from grimorio.games.mage_wars.rules import damage

    down = set(damage.fallen(st))
    return [s for s in st.enemies(seat) if s not in down]


def _name_foe(st: MageWarsState, gate: Obj) -> None:
    """The Gate names a standing enemy mage: at once when there is one, asked of its controller
    when there are several (MW-B35)."""
    foes = standing_foes(st, gate.controller)
    if len(foes) == 1:
        watch(st, gate.oid, foes[0])
    elif foes:
        st.frames.append(NameMageAsk(gate.controller, gate.oid, tuple(foes)))


def rewatch_gates(st: MageWarsState) -> None:
    """Players just went out (MW-B29): a Gate to Voltari whose named mage's player is out names
    another standing enemy mage at once (MW-B35), each Gate in the order of its oid."""
    if len(st.players) <= 2:
        return
    gates = [o for o in sorted(st.objs.values(), key=lambda o: o.oid)
             if o.card == "gate-to-voltari" and WATCHED in o.memo
             and st.players[o.memo[WATCHED]].out and st.in_game(o.controller)]
    for gate in reversed(gates):        # pushed from the last, so the lowest oid asks first
        _name_foe(st, gate)


def watch(st: MageWarsState, oid: int, seat: int) -> None:
    """The Gate `oid` names the mage of `seat` (MW-B35)."""
    st.obj(oid).memo[WATCHED] = seat
    st.changed()
    mage = st.player(seat).mage
    st.emit("gate-names", "MW-B35", Text(f"o{oid} names the enemy mage o{mage}.",
                                         f"o{oid} elige al mago enemigo o{mage}."),
            oid=oid, mage=mage, seat=seat)


@dataclass(slots=True)
class NameMageAsk(Ask):
    """`name o2`: which enemy mage a new Gate to Voltari watches (MW-B35). Leaves `st.ret`
    alone: the casting that brought it reports there."""

    seat: int
    oid: int
    foes: tuple[int, ...]
    rule = "MW-B35"

    def options(self, st: MageWarsState) -> list[MWAction]:
        return [act("name", f"o{st.player(s).mage}") for s in self.foes]

    def answer(self, st: MageWarsState, action: MWAction) -> None:
        st.frames.pop()
        mage = int(action.text.split()[1][1:])
        seat = next(s for s in self.foes if st.player(s).mage == mage)
        if self.oid in st.objs:
            watch(st, self.oid, seat)


@register("temple-of-asyra")
class TempleOfAsyra(Script):
    """Holy portal, channeling 1 (data). Up to twice a round a friendly cleric may spend its
    full action to put 1 mana on the temple (`ability offer o7`); in Deployment, holding 2 mana
    or more, it may summon one Holy creature (MW-5.52)."""

    def holds(self, st: MageWarsState, oid: int, card: data.Card) -> bool:
        return card.type == "creature" and _school(card, "holy") and st.obj(oid).mana >= 2

    def extra_options(self, st: MageWarsState, oid: int, actor: int) -> list[MWAction]:
        from grimorio.games.mage_wars import traits

        me, temple = st.obj(actor), st.obj(oid)
        if not st.allied(me.controller, temple.controller) \
                or "cleric" not in traits.subtypes(st, actor):      # friendly (MW-9.8)
            return []
        if sum(1 for key in st.once if key[:2] == ("asyra-offer", oid)) >= 2:
            return []
        _, full = action_room(st, actor)
        return [act("ability", "offer", f"o{oid}")] if full else []

    def ability(self, st: MageWarsState, oid: int, actor: int, action: MWAction) -> None:
        temple = st.obj(oid)
        uses = sum(1 for key in st.once if key[:2] == ("asyra-offer", oid))
        st.once = st.once | {("asyra-offer", oid, uses)}
        temple.mana += 1
        st.changed()
        st.emit("ability", "MW-4.9", Text(f"o{actor} offers its action: o{oid} gains 1 mana "
                                          f"({temple.mana}).",
                                          f"o{actor} ofrece su acción: o{oid} gana 1 de maná "
                                          f"({temple.mana})."),
                oid=oid, actor=actor, mana=temple.mana)


@register("mana-siphon")
class ManaSiphon(Script):
    """Incorporeal portal: cast with the mage it drains (`cast mana-siphon B1 opt=o2`, any mage
    within 2 zones of the target zone and in its line of sight); that mage has Channeling -2
    wherever it goes while the Siphon stands (MW-X-12.2)."""

    def spell_targets(self, st: MageWarsState, caster: int, card: data.Card
                      ) -> list[Targets] | None:
        from grimorio.games.mage_wars.rules import casting

        out: list[Targets] = []
        for (zone,) in casting.generic_targets(st, caster, card):
            for mage in sorted(st.objs.values(), key=lambda o: o.oid):
                if mage.kind != "mage" or mage.zone is None:
                    continue
                if st.arena.distance(zone, mage.zone) <= 2 and st.arena.los(
                        zone, mage.zone, from_flying=False):
                    out.append((zone, f"opt=o{mage.oid}"))
        return out

    def grants(self, st: MageWarsState, oid: int) -> list[tuple[int, Any]]:
        from grimorio.games.mage_wars.rules.casting import OPT

        mage = st.obj(oid).memo.get(OPT)
        return [] if mage is None else [(mage, U("channeling-modifier", -2))]


# Traits a Beastmaster's mage borrows from each kind of animal its player controls.
KINSHIP: tuple[tuple[str, data.TraitUse], ...] = (
    ("canine", U("melee", 1)), ("reptile", U("armor", 1)), ("bear", U("tough", -2)),
    ("ape", U("climber")), ("cat", U("elusive")))


@register("animal-kinship")
class AnimalKinship(Script):
    """Beastmaster totem: its controller's mage has Melee +1 while that player controls a
    canine, Armor +1 with a reptile, Tough -2 with a bear, Climber with an ape, Elusive with a
    cat (once per kind, MW-3.16)."""

    def grants(self, st: MageWarsState, oid: int) -> list[tuple[int, Any]]:
        seat = st.obj(oid).controller
        kinds: set[str] = set()
        for o in st.objs.values():
            if o.controller == seat and o.kind == "creature" and o.zone is not None:
                found = st.card(o.card).subtypes
                if "animal" in found:
                    kinds.update(found)
        mage = st.mage_of(seat).oid
        return [(mage, use) for kind, use in KINSHIP if kind in kinds]


@register("pentagram")
class Pentagram(Script):
    """Warlock's rune, channeling 1 (data). Each time a friendly creature's attack damages an
    enemy creature not yet counted this round, the rune gains 1 mana, at most 2 a round. In
    Deployment, holding 2 mana or more, it may summon one Dark Living creature (MW-5.52)."""

    def holds(self, st: MageWarsState, oid: int, card: data.Card) -> bool:
        living = not (card.has("nonliving") or card.has("incorporeal"))
        return (card.type == "creature" and _school(card, "dark") and living
                and st.obj(oid).mana >= 2)

    def attack_damaged(self, st: MageWarsState, oid: int, atk: Any, defender: Obj,
                       dealt: int) -> None:
        rune = st.obj(oid)
        attacker = st.objs.get(atk.attacker) if atk.attacker is not None else None
        if attacker is None or not attacker.is_creature \
                or not st.allied(attacker.controller, rune.controller):   # friendly (MW-9.8)
            return
        if not defender.is_creature or st.allied(defender.controller, rune.controller):
            return
        counted = [key for key in st.once if key[:2] == ("pentagram", oid)]
        if len(counted) >= 2 or ("pentagram", oid, defender.oid) in st.once:
            return
        st.once = st.once | {("pentagram", oid, defender.oid)}
        rune.mana += 1
        st.changed()
        st.emit("rune-mana", "MW-X-10.7", Text(f"o{oid} gains 1 mana: o{defender.oid} was "
                                               f"damaged ({rune.mana}).",
                                               f"o{oid} gana 1 de maná: o{defender.oid} "
                                               f"recibió daño ({rune.mana})."),
                oid=oid, mana=rune.mana)


@register("suppression-orb")
class SuppressionOrb(Script):
    """Legendary artifact: before any creature that is not a mage takes a move action, its
    controller pays 1 mana (step 2 of the move, MW-4.20); a creature whose controller cannot
    pay is offered no move (MW-A14)."""

    def move_cost(self, st: MageWarsState, oid: int, mover: int) -> int:
        found = st.objs.get(mover)
        return 1 if found is not None and found.kind == "creature" else 0

    def moving(self, st: MageWarsState, oid: int, mover: int) -> None:
        if not self.move_cost(st, oid, mover):
            return
        player = st.player(st.obj(mover).controller)
        paid = min(1, player.mana)
        player.mana -= paid
        st.changed()
        st.emit("move-toll", "MW-4.20", Text(f"o{mover} moves: its controller pays {paid} mana "
                                             f"to o{oid}'s toll.",
                                             f"o{mover} se mueve: su controlador paga {paid} "
                                             f"de maná por o{oid}."),
                oid=oid, mover=mover, mana=paid)


@register("wall-of-fire")
class WallOfFire(Script):
    """Incorporeal wall of flame with a Passage Attack (data: rules/walls.py, MW-X-7.13);
    Hydro attacks against it count as Ethereal (MW-X-4.14)."""

    def ethereal_against(self, st: MageWarsState, oid: int, bar: Any) -> bool:
        return bool(bar.damage_type == "hydro")


@register("wall-of-thorns")
class WallOfThorns(Script):
    """Living wall of thorns (Regenerate 2, LoS Obstructed, Extendable: data). A creature
    crossing it meets one Sharp Thorns attack for each level above 1 (none for a level 1
    creature, MW-5.62), and a creature of level 2 or more crosses only with its full action
    (`cross B1` in its menu)."""

    def passage_attacks(self, st: MageWarsState, oid: int, mover: int) -> int:
        from grimorio.games.mage_wars import traits

        return max(0, traits.level(st, mover) - 1)

    def full_action_to_cross(self, st: MageWarsState, oid: int, mover: int) -> bool:
        from grimorio.games.mage_wars import traits

        return traits.level(st, mover) >= 2


@register("tanglevine")
class Tanglevine(Script):
    """A Living vine attached to a Corporeal creature (MW-5.49): while it lives the creature is
    Restrained and Unmovable (its `bearer` grants, traits.py). It cannot go on a Flying or
    Uncontainable creature; ranged attacks and attack spells never target it, being attached
    (combat.ranged_targets, casting.kind_fits); melee attacks in the zone may (combat)."""

    def spell_targets(self, st: MageWarsState, caster: int, card: data.Card
                      ) -> list[Targets] | None:
        from grimorio.games.mage_wars import traits
        from grimorio.games.mage_wars.rules import casting

        out: list[Targets] = []
        for found in casting.generic_targets(st, caster, card):
            oid = int(found[0][1:])
            t = traits.traits(st, oid)
            if not (traits.is_flying(st, oid) or t.has("flying") or t.has("uncontainable")):
                out.append(found)
        return out


READY = "ready"          # Obj.used: the conjuration's ready marker is spent this round (MW-3.8)


def _ready(st: MageWarsState, oid: int, seat: int) -> bool:
    obj = st.obj(oid)
    return obj.controller == seat and READY not in obj.used


def _spend(st: MageWarsState, oid: int) -> None:
    obj = st.obj(oid)
    obj.used = obj.used | {READY}
    st.changed()


@register("hand-of-bim-shalla")
class HandOfBimShalla(Script):
    """Temple. Once a round, right before or right after one of its controller's creatures
    takes its action turn, the controller picks a Living creature: Armor +1 or Melee +1 for
    the rest of the round, or 1 damage healed (`ability bless o9 opt=armor|melee|heal`; the
    ready marker tracks the use, MW-3.8)."""

    def ready_powers(self, st: MageWarsState, oid: int, seat: int) -> list[MWAction]:
        from grimorio.games.mage_wars import traits

        if not _ready(st, oid, seat):
            return []
        out: list[MWAction] = []
        for o in sorted(st.objs.values(), key=lambda o: o.oid):
            if o.is_creature and o.zone is not None and traits.is_living(st, o.oid):
                out += [act("ability", "bless", f"o{o.oid}", f"opt={gift}")
                        for gift in ("armor", "melee", *(("heal",) if o.damage else ()))]
        return out

    def ability(self, st: MageWarsState, oid: int, actor: int, action: MWAction) -> None:
        from grimorio.games.mage_wars import traits
        from grimorio.games.mage_wars.rules import damage

        _, _, target, opt = action.text.split()
        gift, creature = opt.split("=")[1], int(target[1:])
        _spend(st, oid)
        st.emit("ability", "MW-4.9", Text(f"o{oid} blesses {target} ({gift}).",
                                          f"o{oid} bendice a {target} ({gift})."),
                oid=oid, target=creature, gift=gift)
        if gift == "heal":
            damage.heal(st, creature, 1, "MW-6.99")
        else:
            traits.add_temp(st, creature, gift, 1, traits.TEMP_UNTIL_ROUND)


@register("sacrificial-altar")
class SacrificialAltar(Script):
    """Once a round, right before or right after one of its controller's creatures takes its
    action turn, the controller may destroy a creature it controls and owns (not its mage):
    a friendly creature then has Melee +X and Piercing +X on its melee attacks for the rest
    of the round, X being the sacrificed creature's level (`ability sacrifice o7 o8`)."""

    def ready_powers(self, st: MageWarsState, oid: int, seat: int) -> list[MWAction]:
        if not _ready(st, oid, seat):
            return []
        friends = sorted(o.oid for o in st.objs.values() if o.is_creature
                         and o.zone is not None and st.allied(o.controller, seat))  # MW-9.8
        return [act("ability", "sacrifice", f"o{victim}", f"o{gainer}")
                for victim in friends if st.obj(victim).owner == seat
                and st.obj(victim).controller == seat and st.obj(victim).kind != "mage"
                for gainer in friends if gainer != victim]

    def ability(self, st: MageWarsState, oid: int, actor: int, action: MWAction) -> None:
        from grimorio.games.mage_wars import traits
        from grimorio.games.mage_wars.rules import damage

        _, _, victim_word, gainer_word = action.text.split()
        victim, gainer = int(victim_word[1:]), int(gainer_word[1:])
        x = traits.level(st, victim)
        _spend(st, oid)
        st.emit("ability", "MW-4.9", Text(f"o{oid}: o{victim} is sacrificed; o{gainer} gains "
                                          f"Melee +{x} and Piercing +{x} this round.",
                                          f"o{oid}: o{victim} es sacrificada; o{gainer} gana "
                                          f"Cuerpo a cuerpo +{x} y Perforante +{x} esta "
                                          "ronda."), oid=oid, victim=victim, gainer=gainer)
        damage.destroy(st, victim, "MW-X-8.2")
        if gainer in st.objs:
            traits.add_temp(st, gainer, "melee", x, traits.TEMP_UNTIL_ROUND)
            traits.add_temp(st, gainer, "piercing", x, traits.TEMP_MELEE_ROUND)


def temples(st: MageWarsState, seat: int) -> int:
    """The temples a player controls (Temple of Light's X)."""
    return sum(1 for o in st.objs.values() if o.controller == seat and o.zone is not None
               and o.kind == "conjuration" and "temple" in st.card(o.card).subtypes)


@register("temple-of-light")
class TempleOfLight(Script):
    """Temple. Once a round, right before or right after one of its controller's creatures
    takes its action turn, the controller picks X from 1 to the temples it controls and pays
    X mana: the temple makes its Light Blast (ranged, range and sight from the temple) with X
    dice, adding X to the effect roll (`ability light-blast o7 x=2`; ready marker)."""

    def ready_powers(self, st: MageWarsState, oid: int, seat: int) -> list[MWAction]:
        from grimorio.games.mage_wars.rules import combat

        if not _ready(st, oid, seat):
            return []
        most = min(temples(st, seat), st.player(seat).mana)
        ref = self._ref(st, oid)
        return [act("ability", "light-blast", f"o{target}", f"x={x}")
                for target in combat.ranged_targets(st, oid, ref)
                for x in range(1, most + 1)]

    @staticmethod
    def _ref(st: MageWarsState, oid: int) -> Any:
        from grimorio.games.mage_wars import traits

        card = st.card(st.obj(oid).card)
        return traits.AttackRef(0, card.id, 0, oid, card.attacks[0])

    def ability(self, st: MageWarsState, oid: int, actor: int, action: MWAction) -> None:
        from grimorio.games.mage_wars.rules import combat

        _, _, target, xword = action.text.split()
        x = int(xword.split("=")[1])
        seat = st.obj(oid).controller
        st.player(seat).mana -= x
        _spend(st, oid)
        st.emit("ability", "MW-4.9", Text(f"o{oid} pays {x} mana for its Light Blast at "
                                          f"{target}.",
                                          f"o{oid} paga {x} de maná por su Destello de Luz "
                                          f"contra {target}."), oid=oid, target=target, x=x)
        combat.start_attack(st, oid, self._ref(st, oid), int(target[1:]), out_of_turn=True)
        frame = st.frames[-1]
        assert isinstance(frame, combat.AttackFrame)
        frame.mods = (x, x)                 # X dice (the bar prints none) and +X effect roll


OPEN = "open"            # Obj.memo: Gate to Hell has been opened (once per game)


@register("gate-to-hell")
class GateToHell(Script):
    """Warlock's portal: every demon creature has Melee +1 (data, traits.py). It enters play
    closed. Once per game its controller's mage may spend a full action and 12 mana to open it
    (`ability open-gate o7`): its Open the Gate bar then attacks each creature in the arena
    that is not flying, friend or foe. Once open, demons that mage, or a spawnpoint or familiar
    of the same player, summons may appear in the Gate's zone, whatever the range."""

    def extra_options(self, st: MageWarsState, oid: int, actor: int) -> list[MWAction]:
        gate = st.obj(oid)
        me = st.obj(actor)
        if gate.memo.get(OPEN) or me.kind != "mage" or me.controller != gate.controller:
            return []
        _, full = action_room(st, actor)
        if not full or st.player(me.controller).mana < 12:
            return []
        return [act("ability", "open-gate", f"o{oid}")]

    def ability(self, st: MageWarsState, oid: int, actor: int, action: MWAction) -> None:
        from grimorio.games.mage_wars import traits
        from grimorio.games.mage_wars.rules import combat

        gate = st.obj(oid)
        st.player(gate.controller).mana -= 12
        gate.memo[OPEN] = 1
        st.changed()
        st.emit("ability", "MW-4.9", Text(f"The gate o{oid} opens.",
                                          f"La puerta o{oid} se abre."), oid=oid)
        victims = sorted(o.oid for o in st.objs.values() if o.is_creature
                         and o.zone is not None and not traits.is_flying(st, o.oid))
        for victim in reversed(victims):        # the first pushed runs last
            st.frames.append(combat.AttackFrame(oid, gate.card, 0, 0, victim, "special",
                                                out_of_turn=True))

    def summon_zones(self, st: MageWarsState, oid: int, caster: int, card: data.Card
                     ) -> list[str]:
        gate = st.obj(oid)
        who = st.objs.get(caster)
        if not gate.memo.get(OPEN) or who is None or who.controller != gate.controller \
                or card.type != "creature" or "demon" not in card.subtypes or gate.zone is None:
            return []
        return [gate.zone]


@register("temple-of-the-dawnbreaker")
class TempleOfTheDawnbreaker(Script):
    """Temple. Once a round its controller may re-roll one roll just made when one of its
    creatures defends: a failed Defense roll, or the attacker's dice or effect roll
    (`reroll defense o7`, `reroll dice o7`, `reroll effect o7` or `keep`, asked by combat;
    the ready marker tracks the use). Our reading: no escape roll exists in this set."""

    def offers_reroll(self, st: MageWarsState, oid: int, defender: int) -> bool:
        temple = st.obj(oid)        # a friendly creature defends: the side (MW-9.8)
        return st.allied(temple.controller, st.obj(defender).controller) \
            and READY not in temple.used

    def use_reroll(self, st: MageWarsState, oid: int) -> None:
        _spend(st, oid)
        st.emit("ability", "MW-3.8", Text(f"o{oid} grants a re-roll.",
                                          f"o{oid} concede repetir la tirada."), oid=oid)


# ---------------------------------------------------------------------------- the last seven
# Poison Gas Cloud, Idol of Pestilence and Mordok's Obelisk (with Malacoda, Banish, Moloch's
# Torment and Fellella): behaviour from the public OCTGN card databases (MW-S11).

def upkeep_poison(st: MageWarsState, oid: int, zone: str | None, amount: int) -> None:
    """The Upkeep effect of `oid`: `amount` direct poison damage to every Living creature
    standing in `zone` (None: anywhere in the arena), mages and its own side's included; an
    immune one takes none (Nonliving objects are all Poison Immune: MW-6.97, MW-6.98,
    MW-X-8.10). A banished creature, in no zone, is out of reach (MW-S12). Dealt without the
    end check: the Upkeep step settles the end (MW-A9)."""
    from grimorio.games.mage_wars import traits
    from grimorio.games.mage_wars.effects.enchantments import named
    from grimorio.games.mage_wars.rules import damage

    victims = [o.oid for o in sorted(st.objs.values(), key=lambda o: o.oid)
               if o.is_creature and o.zone is not None and (zone is None or o.zone == zone)
               and traits.is_living(st, o.oid)]
    if not victims:
        return
    me = named(st, oid)
    where = Text("in the arena", "de la arena") if zone is None \
        else Text(f"in {zone}", f"de {zone}")
    st.emit("card-effect", "MW-3.14", Text(f"{me.en} poisons every Living creature {where.en}.",
                                           f"{me.es} envenena a cada criatura viva "
                                           f"{where.es}."), oid=oid, targets=victims)
    for victim in victims:
        damage.deal(st, victim, amount, source=oid, direct=True, rule="MW-6.97",
                    dtype="poison", check=False)


GASSED = "poison-gas-cloud"      # st.once mark (GASSED, creature): it moved out of a Cloud's zone


@register("poison-gas-cloud")
class PoisonGasCloud(Script):
    """Incorporeal cloud (Wind +2: data). In each Upkeep, 2 direct poison damage to every Living
    creature in its zone. A Living creature standing in its zone, or that took a move action
    out of it this round, may take only one move action in its turn (MW-S11, MW-S13)."""

    def upkeep(self, st: MageWarsState, oid: int) -> None:
        from grimorio.games.mage_wars.effects.enchantments import param

        zone = st.obj(oid).zone
        if zone is not None:
            upkeep_poison(st, oid, zone, param(st, oid, "upkeep_zone_damage"))

    def moving(self, st: MageWarsState, oid: int, mover: int) -> None:
        from grimorio.games.mage_wars import traits

        zone = st.obj(oid).zone
        if zone is not None and st.obj(mover).zone == zone and traits.is_living(st, mover) \
                and (GASSED, mover) not in st.once:
            st.once = st.once | {(GASSED, mover)}
            st.changed()

    def move_limit(self, st: MageWarsState, oid: int, mover: int) -> int | None:
        from grimorio.games.mage_wars import traits
        from grimorio.games.mage_wars.effects.enchantments import param

        zone = st.obj(oid).zone
        inside = zone is not None and st.obj(mover).zone == zone
        if (inside or (GASSED, mover) in st.once) and traits.is_living(st, mover):
            return param(st, oid, "max_moves")
        return None


@register("idol-of-pestilence")
class IdolOfPestilence(Script):
    """Legendary, Epic artifact (Zone Exclusive: data). In each Upkeep, 1 direct poison damage
    to every Living creature in the arena, whoever controls it (MW-S11)."""

    def upkeep(self, st: MageWarsState, oid: int) -> None:
        from grimorio.games.mage_wars.effects.enchantments import param

        upkeep_poison(st, oid, None, param(st, oid, "upkeep_arena_damage"))


@register("mordoks-obelisk")
class MordoksObelisk(Script):
    """Legendary, Epic obelisk (Zone Exclusive: data). Every creature in the arena that is not
    a mage, on either side, has Upkeep +1: the Upkeep step asks its controller to pay or lose
    it (MW-3.14, MW-X-12.3, MW-S11); a banished one is out of reach (MW-S12)."""

    def grants(self, st: MageWarsState, oid: int) -> list[tuple[int, Any]]:
        from grimorio.games.mage_wars.effects.enchantments import param

        extra = U("upkeep", param(st, oid, "creature_upkeep"))
        return [(o.oid, extra) for o in st.objs.values()
                if o.kind == "creature" and o.zone is not None]
