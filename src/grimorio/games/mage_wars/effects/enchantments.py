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

from typing import TYPE_CHECKING, Any

from grimorio.core.i18n import Text
from grimorio.games.mage_wars.effects.registry import Script, register

if TYPE_CHECKING:
    from grimorio.games.mage_wars import data
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
