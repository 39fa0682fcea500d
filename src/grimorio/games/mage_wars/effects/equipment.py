"""Equipment scripts (MW-5.104-MW-5.112): what a worn item does beyond its `grants` and its
attack bars.

Data-only equipment (registry.DATA_ONLY): Bearskin, Demonhide Armor (Armor +2 and its Damage
Barrier, 1 die of Critical Damage, Ethereal: traits.barrier and combat's step 8, MW-6.45,
MW-S2), Dragonscale Hauberk, Elemental Cloak, Lash of Hellfire, Leather Gloves, Regrowth Belt,
Staff of Asyra, Staff of the Arcanum and Wind Wyvern Hide; of the Core Set, Deflection Bracers
(a `defense` field), Gauntlets of Strength, Leather Boots, Moonglow Amulet (Channeling +1, read
by round.mage_channeling), Mage Staff and Ivarium Longbow (both hands: casting.wear_slots).
Equipment is always face up (MW-5.104); it works for the mage wearing it, its controller
(MW-5.107). Moloch's Torment's behaviour comes from the OCTGN card databases (MW-S11).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from grimorio.core.i18n import Text
from grimorio.games.mage_wars.effects.enchantments import first_time, named, param
from grimorio.games.mage_wars.effects.registry import Script, action_room, in_reach, register
from grimorio.games.mage_wars.flow import Ask, MWAction, act

if TYPE_CHECKING:
    from grimorio.games.mage_wars import data
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


# ---------------------------------------------------------------------------- Core Set (issue 8)

def _bar(st: MageWarsState, atk: Any) -> Any:
    """The attack bar of `atk`: an attack spell's, or the attacker's `index`-th bar (None for a
    Damage Barrier or a collision)."""
    from grimorio.games.mage_wars import traits

    if atk.spell is not None:
        return st.card(atk.spell).attacks[0]
    if atk.attacker is None or atk.attacker not in st.objs or atk.index < 1:
        return None
    refs = traits.attacks(st, atk.attacker)
    return refs[atk.index - 1].attack if atk.index <= len(refs) else None


class TypedRing(Script):
    """A ring whose Melee +1 and Ranged +1 go only on its wearer's attacks of one damage type
    (the grant's `damage_type`; traits.py leaves such grants out of the wearer's own traits).
    Melee +X on melee attacks (MW-X-4.2), Ranged +X on ranged ones, attack spells included
    (MW-5.19, MW-X-4.1), never on zone attacks (MW-6.81); in a multiple-attack action only on
    the first strike (MW-X-1.7)."""

    def attack_dice(self, st: MageWarsState, oid: int, atk: Any) -> int:
        ring = st.obj(oid)
        if ring.host is None or atk.attacker != ring.host or not atk.first_of_action \
                or atk.zone_attack or atk.kind not in ("melee", "ranged"):
            return 0
        bar = _bar(st, atk)
        total = 0
        for grant in st.card(ring.card).grants:
            if bar is None or grant.damage_type != bar.damage_type:
                continue
            total += sum(use.value or 0 for use in grant.traits if use.keyword == atk.kind)
        return total


for _ring in ("dawnbreaker-ring", "fireshaper-ring", "lightning-ring"):
    register(_ring)(TypedRing)          # one instance per card (scripts are singletons)


class DiscountRing(Script):
    """A ring that takes `discount` mana (1) off one casting or reveal of its wearer each
    round (MW-5.12, MW-5.86): `fits` says which. An enchantment is cast for its fixed 2 mana
    (MW-5.75), so rings that name "cast or reveal" discount an enchantment only when it is
    revealed. `hooks.discount` keeps the once-a-round mark."""

    def fits(self, st: MageWarsState, oid: int, card: data.Card, host: int | None,
             reveal: bool) -> bool:
        return False

    def discount(self, st: MageWarsState, oid: int, caster: int, card: data.Card,
                 host: int | None, reveal: bool) -> int:
        ring = st.obj(oid)
        if ring.host is None or caster != ring.host \
                or not self.fits(st, oid, card, host, reveal):
            return 0
        return param(st, oid, "discount")


def _cast_or_reveal(card: data.Card, reveal: bool) -> bool:
    """Enchantments on their reveal, other spells on their casting."""
    return reveal == (card.type == "enchantment")


@register("arcane-ring")
class ArcaneRing(DiscountRing):
    """Wizard only: metamagic and mana spells."""

    def fits(self, st: MageWarsState, oid: int, card: data.Card, host: int | None,
             reveal: bool) -> bool:
        return _cast_or_reveal(card, reveal) and bool({"metamagic", "mana"} & set(card.subtypes))


@register("ring-of-asyra")
class RingOfAsyra(DiscountRing):
    """Priestess only: Holy enchantments (revealed) and incantations."""

    def fits(self, st: MageWarsState, oid: int, card: data.Card, host: int | None,
             reveal: bool) -> bool:
        return _cast_or_reveal(card, reveal) and card.type in ("enchantment", "incantation") \
            and any(school == "holy" for school, _ in card.school)


@register("ring-of-curses")
class RingOfCurses(DiscountRing):
    """Warlock only: curses."""

    def fits(self, st: MageWarsState, oid: int, card: data.Card, host: int | None,
             reveal: bool) -> bool:
        return _cast_or_reveal(card, reveal) and "curse" in card.subtypes


@register("ring-of-beasts")
class RingOfBeasts(DiscountRing):
    """Beastmaster only: animal creature spells."""

    def fits(self, st: MageWarsState, oid: int, card: data.Card, host: int | None,
             reveal: bool) -> bool:
        return not reveal and card.type == "creature" and "animal" in card.subtypes


@register("enchanters-ring")
class EnchantersRing(DiscountRing):
    """Enchantments cast on a creature its wearer's controller controls (the casting's 2)."""

    def fits(self, st: MageWarsState, oid: int, card: data.Card, host: int | None,
             reveal: bool) -> bool:
        return not reveal and card.type == "enchantment" and host is not None \
            and host in st.objs and st.obj(host).is_creature \
            and st.allied(st.obj(host).controller, st.obj(oid).controller)   # MW-9.8


REBIND = "rebind"


class Wand(Script):
    """A wand with Spellbind (MW-5.113): it takes a non-Epic spell of its printed type when it
    comes into play (casters.BindAsk); as a quick spell costing `rebind_cost` (3) its wearer
    swaps the bound spell for another of the book that fits, the old one going back to the
    spellbook. Action: `ability rebind o<wand> opt=<card>`, with the mage's quick action
    (MW-4.9) or as its quickcast (`quickcast ability rebind …`, MW-3.24, MW-3.25)."""

    def holds(self, st: MageWarsState, oid: int, card: data.Card) -> bool:
        return not card.has("epic")

    def extra_options(self, st: MageWarsState, oid: int, actor: int) -> list[MWAction]:
        quick, _ = action_room(st, actor)
        return self._uses(st, oid, actor) if quick else []

    def quick_powers(self, st: MageWarsState, oid: int, seat: int) -> list[MWAction]:
        wand = st.obj(oid)
        return self._uses(st, oid, wand.host) if wand.controller == seat else []

    def _uses(self, st: MageWarsState, oid: int, actor: int | None) -> list[MWAction]:
        from grimorio.games.mage_wars.rules import casters

        wand = st.obj(oid)
        player = st.player(wand.controller)
        use = casters.printed(st, oid, "spellbind")
        if actor is None or wand.host != actor or use is None \
                or player.mana < param(st, oid, "rebind_cost"):
            return []
        held = player.bound.get(oid)
        return [act("ability", REBIND, f"o{oid}", f"opt={card}")
                for card in sorted(set(player.book))
                if card != held and casters.fits(st, use, card, oid)]

    def ability(self, st: MageWarsState, oid: int, actor: int, action: MWAction) -> None:
        from grimorio.games.mage_wars import hooks

        wand = st.obj(oid)
        card = action.text.split()[3].split("=", 1)[1]
        player = st.player(wand.controller)
        cost = param(st, oid, "rebind_cost")
        player.mana -= cost
        old = player.bound.pop(oid, None)
        if old is not None:
            player.book.append(old)
            player.book.sort()
            player.shown = player.shown - {oid}
        player.book.remove(card)
        player.bound[oid] = card
        st.changed()
        me = named(st, oid)
        st.emit("ability", "MW-5.113", Text(
            f"o{actor} pays {cost} and binds another spell to {me.en}.",
            f"o{actor} paga {cost} y agrega otro hechizo a {me.es}."),
            oid=oid, actor=actor, cost=cost, seat=wand.controller)
        who = f"P{wand.controller + 1}"     # with 3-4 seats a team-mate reads it too (MW-B32)
        st.emit("bind-secret", "MW-5.113", Text(
            f"You bind {card} to o{oid}" + (f"; {old} goes back to your book." if old else "."),
            f"Agregas {card} a o{oid}" + (f"; {old} vuelve a tu libro." if old else "."))
            if len(st.players) == 2 else Text(
            f"{who} binds {card} to o{oid}" + (f"; {old} goes back to its book." if old else "."),
            f"{who} agrega {card} a o{oid}" + (f"; {old} vuelve a su libro." if old else ".")),
            visible_to=frozenset({wand.controller}), holder=oid, card=card)
        hooks.after_cast(st, actor, st.card(wand.card))      # it is a spell (Magebane)


for _wand in ("elemental-wand", "mage-wand"):
    register(_wand)(Wand)


@register("helm-of-fear")
class HelmOfFear(Script):
    """Warlock-only helmet. When a Living attacker without Psychic Immunity declares a melee
    attack on the wearer (counterstrikes aside), the effect die is rolled (MW-X-3.20); on
    `cancel_roll` (9) or more the attack is cancelled (MW-X-3.19; the action stays spent,
    MW-6.18) and the attacker's controller may aim the same attack at another legal target
    (`attack <n> o9`) or `no-attack`."""

    def attack_declared(self, st: MageWarsState, oid: int, atk: Any) -> list[Any] | None:
        from grimorio.games.mage_wars import traits
        from grimorio.games.mage_wars.rules import activation

        helm = st.obj(oid)
        attacker = atk.attacker
        if helm.host is None or atk.defender != helm.host or atk.kind != "melee" \
                or atk.is_counterstrike or atk.zone_attack or atk.spell is not None \
                or attacker is None or attacker not in st.objs:
            return None
        t = traits.traits(st, attacker)
        if not t.has("living") or t.has("psychic-immunity") or t.immune("psychic"):
            return None
        me = named(st, oid)
        roll = st.roll(1, Text(f"{me.en}: fear roll", f"{me.es}: tirada de miedo"),
                       "MW-X-3.20", sides=12)[0]
        scared = roll >= param(st, oid, "cancel_roll")
        st.emit("card-effect", "MW-X-3.19", Text(
            f"{me.en}: o{attacker} rolls {roll}" + (" and does not dare attack." if scared
                                                     else " and attacks anyway."),
            f"{me.es}: o{attacker} saca {roll}" + (" y no se atreve a atacar." if scared
                                                    else " y ataca igualmente.")),
            oid=oid, attacker=attacker, roll=roll, cancelled=scared)
        if not scared:
            return None
        refs = traits.attacks(st, attacker)
        if not 1 <= atk.index <= len(refs):
            return []
        others = tuple(int(x) for x in activation.attack_targets(st, attacker,
                                                                  refs[atk.index - 1])
                       if isinstance(x, int) and x != helm.host)
        if not others:
            return []
        return [FearRetarget(st.obj(attacker).controller, attacker, atk.index, others)]


@dataclass(slots=True)
class FearRetarget(Ask):
    """After the Helm of Fear cancels a melee attack: `attack <n> o9` aims the same attack at
    another legal target (a new Declare Attack, MW-6.11), or `no-attack`."""

    seat: int
    attacker: int
    index: int
    targets: tuple[int, ...]
    rule = "MW-6.11"

    def options(self, st: MageWarsState) -> list[MWAction]:
        return [*(act("attack", self.index, f"o{t}") for t in self.targets
                  if t in st.objs and self.attacker in st.objs), act("no-attack")]

    def answer(self, st: MageWarsState, action: MWAction) -> None:
        from grimorio.games.mage_wars import traits
        from grimorio.games.mage_wars.rules import combat

        st.frames.pop()
        words = action.text.split()
        if words[0] != "attack":
            return
        ref = traits.attacks(st, self.attacker)[self.index - 1]
        combat.start_attack(st, self.attacker, ref, int(words[2][1:]))


ARMOR_TOKEN = "armor-token"


@register("crown-of-protection")
class CrownOfProtection(Script):
    """Priestess-only helmet. Once a round (its ready marker, MW-3.8) the wearer may use a
    quick 2-mana power, a quick spell, on a Living non-mage creature at range 0-1 in line of
    sight: it gets an Armor +1 token (`Obj.memo["armor-tokens"]`, read by traits.py; tokens
    add up and stay). Action: `ability armor-token o5` with the mage's quick action (MW-4.9)
    or as its quickcast (`quickcast ability armor-token o5`, MW-3.24, MW-3.25)."""

    def extra_options(self, st: MageWarsState, oid: int, actor: int) -> list[MWAction]:
        quick, _ = action_room(st, actor)
        return self._uses(st, oid, actor) if quick else []

    def quick_powers(self, st: MageWarsState, oid: int, seat: int) -> list[MWAction]:
        crown = st.obj(oid)
        return self._uses(st, oid, crown.host) if crown.controller == seat else []

    def _uses(self, st: MageWarsState, oid: int, actor: int | None) -> list[MWAction]:
        from grimorio.games.mage_wars import traits

        crown = st.obj(oid)
        if actor is None or crown.host != actor or ARMOR_TOKEN in crown.used:
            return []
        ability = st.card(crown.card).abilities[0]
        if st.player(crown.controller).mana < (ability.cost or 0):
            return []
        return [act("ability", ARMOR_TOKEN, f"o{o.oid}")
                for o in sorted(st.objs.values(), key=lambda o: o.oid)
                if o.kind == "creature" and o.zone is not None
                and traits.is_living(st, o.oid) and in_reach(st, actor, o.oid, ability.range)]

    def ability(self, st: MageWarsState, oid: int, actor: int, action: MWAction) -> None:
        from grimorio.games.mage_wars import hooks, traits

        crown = st.obj(oid)
        ability = st.card(crown.card).abilities[0]
        target = int(action.text.split()[2][1:])
        cost = ability.cost or 0
        st.player(crown.controller).mana -= cost
        crown.used = crown.used | {ARMOR_TOKEN}
        host = st.obj(target)
        host.memo[traits.ARMOR_TOKENS] = host.memo.get(traits.ARMOR_TOKENS, 0) + 1
        st.changed()
        me = named(st, oid)
        st.emit("ability", "MW-4.9", Text(
            f"o{actor} pays {cost} and uses {me.en}: o{target} gets an Armor +1 token.",
            f"o{actor} paga {cost} y usa {me.es}: o{target} recibe una ficha de Armadura +1."),
            oid=oid, actor=actor, target=target, cost=cost)
        hooks.after_cast(st, actor, st.card(crown.card))     # it is a spell (Magebane)


TORMENT = "torment"


def tormented(st: MageWarsState, oid: int) -> list[int]:
    """Creatures in the arena carrying at least one revealed curse of the controller of the
    amulet `oid` (a face-down one does nothing and stays secret, MW-5.83; a banished creature
    is out of reach: MW-S12, MW-S14)."""
    seat = st.obj(oid).controller
    hosts = {o.host for o in st.objs.values() if o.kind == "enchantment" and o.face_up
             and o.host is not None and o.controller == seat
             and "curse" in st.card(o.card).subtypes}
    return sorted(h for h in hosts if h is not None and h in st.objs
                  and st.obj(h).is_creature and st.obj(h).zone is not None)


@register("molochs-torment")
class MolochsTorment(Script):
    """Warlock's amulet. In its Upkeep effect its controller may pay 1 mana for each creature
    carrying one of that player's revealed curses, to deal it 1 direct damage (no damage type),
    choosing creature by creature: `torment o7`, then `torment done` (MW-S11, MW-S14)."""

    def upkeep(self, st: MageWarsState, oid: int) -> None:
        amulet = st.obj(oid)
        victims = tormented(st, oid)
        if amulet.host is not None and victims \
                and st.player(amulet.controller).mana >= param(st, oid, "torment_cost"):
            st.frames.append(TormentAsk(amulet.controller, oid, tuple(victims)))


@dataclass(slots=True)
class TormentAsk(Ask):
    """`torment o7` (pay 1 mana: 1 direct damage to that creature, once each) or `torment
    done` (MW-S14). The creatures and the amulet are public: asking leaks nothing."""

    seat: int
    oid: int
    left: tuple[int, ...]
    rule = "MW-3.14"

    def options(self, st: MageWarsState) -> list[MWAction]:
        out = [act(TORMENT, "done")]
        if self.oid not in st.objs \
                or st.player(self.seat).mana < param(st, self.oid, "torment_cost"):
            return out
        return [*(act(TORMENT, f"o{v}") for v in self.left if v in st.objs), *out]

    def answer(self, st: MageWarsState, action: MWAction) -> None:
        from grimorio.games.mage_wars.rules import damage

        word = action.text.split()[1]
        if word == "done":
            st.frames.pop()
            return
        victim = int(word[1:])
        cost, hurt = param(st, self.oid, "torment_cost"), param(st, self.oid, "torment_damage")
        st.player(self.seat).mana -= cost
        self.left = tuple(v for v in self.left if v != victim)
        st.changed()
        me = named(st, self.oid)
        st.emit("card-effect", "MW-3.14", Text(f"{me.en}: its controller pays {cost} mana to "
                                               f"torment o{victim}.",
                                               f"{me.es}: su controlador paga {cost} de maná "
                                               f"para atormentar a o{victim}."),
                oid=self.oid, target=victim, cost=cost)
        damage.deal(st, victim, hurt, source=self.oid, direct=True, rule="MW-6.97",
                    check=False)          # the Upkeep step settles the end (MW-A9)
        if self.options(st) == [act(TORMENT, "done")]:
            st.frames.pop()             # nothing left to pay for, or no mana left
