"""Creature scripts: abilities of creature cards beyond their printed attacks and traits.

The auras and conditional traits of creatures are data that traits.py carries out by itself
(registry.DATA_ONLY): the Highland Unicorn's Regenerate 1 to friendly Living creatures in its
zone, Redclaw's Armor +1 and Melee +1 to the other friendly canines in its zone, Goran's extra
Bloodthirsty +1 in its mage's zone (MW-3.16, MW-X-1.2, MW-X-4.8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimorio.core.i18n import Text
from grimorio.games.mage_wars.effects.enchantments import named
from grimorio.games.mage_wars.effects.registry import Script, action_room, in_reach, register
from grimorio.games.mage_wars.flow import MWAction, act

if TYPE_CHECKING:
    from grimorio.games.mage_wars.state import MageWarsState

HEALING_LIGHT = "healing-light"


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
