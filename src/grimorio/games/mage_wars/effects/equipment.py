"""Equipment scripts (MW-5.104-MW-5.112): what a worn item does beyond its `grants` and its
attack bars.

Data-only equipment (registry.DATA_ONLY): Bearskin, Demonhide Armor (Armor +2 and its Damage
Barrier, 1 die of Critical Damage, Ethereal: traits.barrier and combat's step 8, MW-6.45,
MW-S2), Dragonscale Hauberk, Elemental Cloak, Lash of Hellfire, Leather Gloves, Regrowth Belt,
Staff of Asyra, Staff of the Arcanum and Wind Wyvern Hide. Equipment is always face up
(MW-5.104); it works for the mage wearing it, its controller (MW-5.107).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grimorio.core.i18n import Text
from grimorio.games.mage_wars.effects.enchantments import first_time, named, param
from grimorio.games.mage_wars.effects.registry import Script, action_room, in_reach, register
from grimorio.games.mage_wars.flow import MWAction, act

if TYPE_CHECKING:
    from grimorio.games.mage_wars.state import MageWarsState

BEAST_COMMAND = "beast-command"
CHOICES = ("melee", "heal")         # Melee +2 until the end of the round, or 2 healing dice


@register("suppression-cloak")
class SuppressionCloak(Script):
    """Wizard-only cloak: the first melee attack each creature makes on the wearer in a round
    (counterstrikes aside) costs its controller 2 mana in the Pay Costs step, or the attack is
    cancelled (MW-6.20). `attack_cost` only asks; `declare_cost` marks (MW-A14)."""

    def attack_cost(self, st: MageWarsState, oid: int, atk: Any) -> int:
        wearer = st.obj(oid).host
        if wearer is None or atk.attacker is None or atk.defender != wearer \
                or atk.kind != "melee" or atk.is_counterstrike \
                or ("suppression-cloak", oid, atk.attacker) in st.once:
            return 0
        return param(st, oid, "attack_cost")

    def declare_cost(self, st: MageWarsState, oid: int, atk: Any) -> int:
        cost = self.attack_cost(st, oid, atk)
        if cost:
            first_time(st, ("suppression-cloak", oid, atk.attacker))
        return cost


@register("staff-of-beasts")
class StaffOfBeasts(Script):
    """Beastmaster-only staff. Besides its attack bar, once per round (its ready marker,
    MW-3.8) the wearer may use a quick 2-mana power, a quick spell, on an animal creature at
    range 0-1 in line of sight: Melee +2 until the end of the round, or healing of 2 attack
    dice (MW-6.99). Action: `ability beast-command o5 opt=melee|heal`, with the mage's quick
    action (MW-4.9), or, being a quick spell, as its quickcast (`quickcast ability
    beast-command o5 opt=…`, MW-3.24, MW-3.25)."""

    def extra_options(self, st: MageWarsState, oid: int, actor: int) -> list[MWAction]:
        quick, _ = action_room(st, actor)
        return self._uses(st, oid, actor) if quick else []

    def quick_powers(self, st: MageWarsState, oid: int, seat: int) -> list[MWAction]:
        staff = st.obj(oid)
        return self._uses(st, oid, staff.host) if staff.controller == seat else []

    def _uses(self, st: MageWarsState, oid: int, actor: int | None) -> list[MWAction]:
        """The power's actions for the wearer `actor`: ready, affordable, at animals in
        range and sight."""
        from grimorio.games.mage_wars import traits

        staff = st.obj(oid)
        if actor is None or staff.host != actor or BEAST_COMMAND in staff.used:
            return []
        ability = st.card(staff.card).abilities[0]
        if st.player(staff.controller).mana < (ability.cost or 0):
            return []
        return [act("ability", BEAST_COMMAND, f"o{o.oid}", f"opt={choice}")
                for o in sorted(st.objs.values(), key=lambda o: o.oid)
                if o.is_creature and o.zone is not None
                and "animal" in traits.subtypes(st, o.oid)
                and in_reach(st, actor, o.oid, ability.range)
                for choice in CHOICES]

    def ability(self, st: MageWarsState, oid: int, actor: int, action: MWAction) -> None:
        from grimorio.games.mage_wars import hooks, traits
        from grimorio.games.mage_wars.rules import damage

        staff = st.obj(oid)
        ability = st.card(staff.card).abilities[0]
        words = action.text.split()
        target, choice = int(words[2][1:]), words[3].split("=", 1)[1]
        player = st.player(staff.controller)
        cost = ability.cost or 0
        player.mana -= cost
        staff.used = staff.used | {BEAST_COMMAND}
        st.changed()
        me = named(st, oid)
        st.emit("ability", "MW-4.9", Text(
            f"o{actor} pays {cost} and uses {me.en} on o{target} ({choice}).",
            f"o{actor} paga {cost} y usa {me.es} sobre o{target} ({choice})."),
            oid=oid, actor=actor, target=target, choice=choice, cost=cost)
        if choice == "melee":
            traits.add_temp(st, target, "melee", param(st, oid, "melee_bonus"),
                            traits.TEMP_UNTIL_ROUND)
            st.emit("card-effect", "MW-X-4.2", Text(
                f"o{target} has Melee +2 until the end of the round.",
                f"o{target} tiene Cuerpo a cuerpo +2 hasta el final de la ronda."),
                oid=target)
        else:
            amount = damage.dice_total(st, param(st, oid, "heal_dice"),
                                       Text(f"{me.en}: healing dice",
                                            f"{me.es}: dados de curación"), "MW-6.99")
            damage.heal(st, target, amount, "MW-6.99")
        hooks.after_cast(st, actor, st.card(staff.card))    # it is a spell (Magebane)
