"""Creature scripts: abilities of creature cards beyond their printed attacks and traits.

The auras and conditional traits of creatures are data that traits.py carries out by itself
(registry.DATA_ONLY): the Highland Unicorn's Regenerate 1 to friendly Living creatures in its
zone, Redclaw's Armor +1 and Melee +1 to the other friendly canines in its zone, Goran's extra
Bloodthirsty +1 in its mage's zone (MW-3.16, MW-X-1.2, MW-X-4.8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grimorio.core.i18n import Text
from grimorio.games.mage_wars import data
from grimorio.games.mage_wars.effects.enchantments import named
from grimorio.games.mage_wars.effects.registry import Script, action_room, in_reach, register
from grimorio.games.mage_wars.flow import MWAction, act

if TYPE_CHECKING:
    from grimorio.games.mage_wars.state import MageWarsState

HEALING_LIGHT = "healing-light"
REDEEMING_SACRIFICE = "redeeming-sacrifice"
TAKE_FLIGHT = "take-flight"
BLINK = "blink"
RAVENS_EYE = "ravens-eye"


@register("asyran-cleric")
class AsyranCleric(Script):
    """Healing Light: as a full action the cleric heals one Living creature at range 0-1 in
    its line of sight by the total of 1 attack die (MW-4.9, MW-6.99, MW-6.104). Healing is not
    an attack: no attack rule applies. Action: `ability healing-light o5`."""

    def extra_options(self, st: MageWarsState, oid: int, actor: int) -> list[MWAction]:
        from grimorio.games.mage_wars import traits

        if actor != oid:
            return []
        _, full = action_room(st, actor)
        if not full:
            return []
        ability = st.card(st.obj(oid).card).abilities[0]
        return [act("ability", HEALING_LIGHT, f"o{o.oid}")
                for o in sorted(st.objs.values(), key=lambda o: o.oid)
                if o.is_creature and o.zone is not None and traits.is_living(st, o.oid)
                and in_reach(st, oid, o.oid, ability.range)]

    def ability(self, st: MageWarsState, oid: int, actor: int, action: MWAction) -> None:
        from grimorio.games.mage_wars.rules import damage

        target = int(action.text.split()[2][1:])
        ability = st.card(st.obj(oid).card).abilities[0]
        me = named(st, oid)
        st.emit("ability", "MW-6.104", Text(f"{me.en} casts its healing light on o{target}.",
                                            f"{me.es} lanza su luz sanadora sobre "
                                            f"o{target}."), oid=oid, target=target)
        amount = damage.dice_total(st, ability.dice or 1,
                                   Text(f"{me.en}: healing die", f"{me.es}: dado de curación"),
                                   "MW-6.104")
        damage.heal(st, target, amount, "MW-6.104")


@register("gray-angel")
class GrayAngel(Script):
    """Redeeming Sacrifice: as a full action the angel gives itself up: a Living creature
    anywhere in the arena (range 0-8 covers every arena; no line of sight asked, by the card)
    heals the total of 6 attack dice, then the angel is destroyed (MW-4.9, MW-6.99, MW-6.104,
    MW-X-8.2). Action: `ability redeeming-sacrifice o5`."""

    def extra_options(self, st: MageWarsState, oid: int, actor: int) -> list[MWAction]:
        from grimorio.games.mage_wars import traits

        if actor != oid or not action_room(st, actor)[1]:
            return []
        return [act("ability", REDEEMING_SACRIFICE, f"o{o.oid}")
                for o in sorted(st.objs.values(), key=lambda o: o.oid)
                if o.oid != oid and o.is_creature and o.zone is not None
                and traits.is_living(st, o.oid)]

    def ability(self, st: MageWarsState, oid: int, actor: int, action: MWAction) -> None:
        from grimorio.games.mage_wars.rules import damage

        target = int(action.text.split()[2][1:])
        ability = st.card(st.obj(oid).card).abilities[0]
        me = named(st, oid)
        st.emit("ability", "MW-6.104", Text(f"{me.en} gives itself up to heal o{target}.",
                                            f"{me.es} se sacrifica para curar a o{target}."),
                oid=oid, target=target)
        amount = damage.dice_total(st, ability.dice or 6,
                                   Text(f"{me.en}: healing dice", f"{me.es}: dados de curación"),
                                   "MW-6.104")
        damage.heal(st, target, amount, "MW-6.104")
        damage.destroy(st, oid, "MW-X-8.2")


@register("tarok-the-skyhunter")
class Tarok(Script):
    """Its Defense (7+, once a round, melee only: data) works only against a melee attack made
    by a flying creature (MW-6.89). Our reading: the attacker counts as flying if it has Flying
    as a creature, even though a flyer's melee attack on a grounded Tarok keeps it on the
    ground for that attack (MW-5.30)."""

    def defense_usable(self, st: MageWarsState, oid: int, atk: Any) -> bool:
        from grimorio.games.mage_wars import traits

        att = st.objs.get(atk.attacker) if atk.attacker is not None else None
        if att is None or atk.kind != "melee":
            return False
        lock = att.memo.pop("fly_lock", None)
        st.changed()
        flying = traits.is_flying(st, att.oid)
        if lock is not None:
            att.memo["fly_lock"] = lock
            st.changed()
        return flying


class _PaidOnActivation(Script):
    """A creature whose controller may pay mana (the card's `param`) when it is activated,
    before it does anything, for an effect lasting the round (the rest of that Action Phase).
    Paying spends no action: `ability <ability_id> o3`, then the creature's menu again."""

    ability_id = ""
    param = ""

    def gained(self, st: MageWarsState, oid: int) -> bool:
        """The effect is on already."""
        return False

    def gain(self, st: MageWarsState, oid: int) -> Text:
        """Give the effect; what to tell."""
        raise NotImplementedError

    def price(self, st: MageWarsState, oid: int) -> int:
        return int(dict(st.card(st.obj(oid).card).params).get(self.param, 1))

    def extra_options(self, st: MageWarsState, oid: int, actor: int) -> list[MWAction]:
        if actor != oid or st.acting != oid or st.turn_log or self.gained(st, oid):
            return []
        frame = _activation(st, oid)
        if frame is None or frame.moves \
                or st.player(st.obj(oid).controller).mana < self.price(st, oid):
            return []
        return [act("ability", self.ability_id, f"o{oid}")]

    def ability(self, st: MageWarsState, oid: int, actor: int, action: MWAction) -> None:
        from grimorio.games.mage_wars.rules import activation

        price = self.price(st, oid)
        st.player(st.obj(oid).controller).mana -= price
        told = self.gain(st, oid)
        st.changed()
        st.emit("ability", "MW-4.9", told, oid=oid, mana=price)
        frame = _activation(st, oid)
        if frame is not None:          # no action was spent: back to its menu
            frame.stage, frame.last = activation.MENU, ""


@register("necropian-vampiress")
class NecropianVampiress(_PaidOnActivation):
    """When she is activated her controller may pay 1 mana (the card's number): Flying until
    the end of her action turn (MW-5.26, MW-3.35). Action: `ability take-flight o3`."""

    ability_id, param = TAKE_FLIGHT, "flying_cost"

    def gained(self, st: MageWarsState, oid: int) -> bool:
        from grimorio.games.mage_wars import traits

        return traits.is_flying(st, oid) or any(t[0] == "flying" for t in st.obj(oid).temp)

    def gain(self, st: MageWarsState, oid: int) -> Text:
        from grimorio.games.mage_wars import traits

        traits.add_temp(st, oid, "flying", None, traits.TEMP_TURN)
        me = named(st, oid)
        return Text(f"{me.en} takes flight.", f"{me.es} alza el vuelo.")


@register("blue-gremlin")
class BlueGremlin(_PaidOnActivation):
    """When it is activated its controller may pay 1 mana (the card's number): until the end
    of the round it is Fast (MW-X-7.8) and each of its move actions is a teleport to an
    adjacent zone (rules/movement.py `teleport_moves`, MW-X-7.25). Action: `ability blink o3`."""

    ability_id, param = BLINK, "activation_cost"

    def gained(self, st: MageWarsState, oid: int) -> bool:
        from grimorio.games.mage_wars.rules import movement

        return movement.teleport_moves(st, oid)

    def gain(self, st: MageWarsState, oid: int) -> Text:
        from grimorio.games.mage_wars import traits
        from grimorio.games.mage_wars.rules import movement

        traits.add_temp(st, oid, "fast", None, traits.TEMP_UNTIL_ROUND)
        st.obj(oid).memo[movement.TELEPORT_MOVES] = st.round
        me = named(st, oid)
        return Text(f"{me.en} turns Fast and blinks from zone to zone this round.",
                    f"{me.es} se vuelve Veloz y salta de zona en zona esta ronda.")


def _activation(st: MageWarsState, oid: int) -> Any:
    from grimorio.games.mage_wars.rules import activation

    return next((f for f in reversed(st.frames)
                 if isinstance(f, activation.Activation) and f.oid == oid), None)


@register("valshalla-lightning-angel")
class Valshalla(Script):
    """Wrath: once a round, when an enemy creature's attack (an attack spell counts as its
    caster's) destroys a creature of her controller, she takes a Wrath token, up to 4 (the
    card's number); each token is Melee +1 (MW-X-4.2), kept in `memo["wrath"]`."""

    def attack_damaged(self, st: MageWarsState, oid: int, atk: Any, defender: Any,
                       dealt: int) -> None:
        me = st.obj(oid)
        att = st.objs.get(atk.attacker) if atk.attacker is not None else None
        cap = int(dict(st.card(me.card).params).get("max_wrath", 4))
        if defender.oid in st.objs or defender.oid == oid or not defender.is_creature \
                or not st.allied(defender.controller, me.controller) or att is None \
                or not att.is_creature or st.allied(att.controller, me.controller) \
                or ("wrath", oid) in st.once or int(me.memo.get("wrath", 0)) >= cap:
            return
        st.once = st.once | {("wrath", oid)}
        me.memo["wrath"] = int(me.memo.get("wrath", 0)) + 1
        name = named(st, oid)
        st.emit("wrath", "MW-X-4.2", Text(f"{name.en} takes a Wrath token "
                                          f"({me.memo['wrath']}).",
                                          f"{name.es} gana una ficha de Ira "
                                          f"({me.memo['wrath']})."), oid=oid,
                wrath=me.memo["wrath"])
        st.changed()

    def grants(self, st: MageWarsState, oid: int) -> list[tuple[int, Any]]:
        n = int(st.obj(oid).memo.get("wrath", 0))
        return [(oid, data.TraitUse("melee", n))] if n else []


@register("huginn-raven-familiar")
class Huginn(Script):
    """A familiar that takes only incantations (data) of level 2 or less (the card's number,
    MW-5.41). Raven's Eye, a quick action: it looks at an enemy face-down enchantment within
    2 zones in its line of sight, which stays face down (MW-5.78); from then on its
    controller's views name that card and a resample keeps it (`state.SEEN_BY`). Action:
    `ability ravens-eye o12`."""

    def holds(self, st: MageWarsState, oid: int, card: data.Card) -> bool:
        most = int(dict(st.card(st.obj(oid).card).params).get("max_spell_level", 2))
        return card.level <= most

    def extra_options(self, st: MageWarsState, oid: int, actor: int) -> list[MWAction]:
        from grimorio.games.mage_wars.state import side_seen

        if actor != oid or not action_room(st, actor)[0]:
            return []
        seat = st.obj(oid).controller
        span = st.card(st.obj(oid).card).abilities[0].range
        return [act("ability", RAVENS_EYE, f"o{o.oid}")
                for o in sorted(st.face_down(), key=lambda o: o.oid)
                if not st.allied(o.controller, seat) and not side_seen(st, o, seat)  # MW-9.8
                and in_reach(st, oid, o.oid, span)]

    def ability(self, st: MageWarsState, oid: int, actor: int, action: MWAction) -> None:
        from grimorio.games.mage_wars.state import SEEN_BY

        target = int(action.text.split()[2][1:])
        seat = st.obj(oid).controller
        seen = st.obj(target)
        seen.memo[SEEN_BY] = seen.memo.get(SEEN_BY, 0) | 1 << seat
        st.reveal()                    # new information for that seat: undo stops here
        st.changed()
        me = named(st, oid)
        st.emit("ability", "MW-5.78", Text(f"{me.en} looks at the hidden enchantment "
                                           f"o{target}.",
                                           f"{me.es} mira el encantamiento oculto o{target}."),
                oid=oid, target=target)
        card = st.card(seen.card).name
        st.emit("looked", "MW-5.78", Text(f"o{target} is {card.en}.", f"o{target} es {card.es}."),
                visible_to=frozenset({seat}), oid=target, card=seen.card)


@register("malacoda")
class Malacoda(Script):
    """Legendary, Slow demon with Poison Immunity (data). In each Upkeep, 2 direct poison
    damage to every Living creature in its zone, friend or foe, mages included; it is immune
    itself (MW-S11). Banished, it stands in no zone and poisons nothing (MW-S12)."""

    def upkeep(self, st: MageWarsState, oid: int) -> None:
        from grimorio.games.mage_wars.effects.conjurations import upkeep_poison
        from grimorio.games.mage_wars.effects.enchantments import param

        zone = st.obj(oid).zone
        if zone is not None:
            upkeep_poison(st, oid, zone, param(st, oid, "upkeep_zone_damage"))
