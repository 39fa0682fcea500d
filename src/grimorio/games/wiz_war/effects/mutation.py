"""The mutation school: the caster's body changes. Behaviour in our own words:

* absorb-spell: counter; a spell being cast is cancelled and its card goes to the absorber's hand
  (the cards spent on it stay discarded; he may then have to discard down, WW-6.5).
* adrenaline: temporary; the target wizard (the caster or one in LOS) may attack twice a turn.
* big-man-form: form; base move 3, punch 3, his square blocks LOS and entry, he pushes the
  wizards in the square he steps into one square further the same way.
* disease: attack, temporary, on the caster; each square he enters, every other wizard there
  takes 3 physical damage, once per victim and turn.
* extra-arms: maintained; carried items leave the hand limit, a treasure picked up does not end
  movement (one treasure at most), and `use extra-arms` punches every wizard within reach.
* golem-form: form; base move 2, punch 2, 2 less damage taken, counters only, a treasure costs
  1 MP to pick up instead of ending movement.
* heave-ho: mundane attack; a carried treasure is thrown at a wizard, object or empty square in
  LOS, for physical damage equal to the squares it flew, and lands there.
* mad-dash: the MP left this turn are doubled; the caster drops his treasures and picks up none
  for the rest of the turn.
* slime-form: form; base move 3, oozes through doors (treasures stay behind a closed door),
  1 physical damage to every wizard in each square he enters, no attacks, counters only.
* strength: temporary; the caster's physical damage is doubled, and `use strength` tries to
  wrench a treasure or item from a wizard in his square (an attack, d4 2-4).
* stretch: in LOS, one of: pick up a treasure or dropped item (`mode=pickup`), put down a carried
  thing in a square (`mode=drop`), or punch (`mode=punch`, the turn's attack).
* wallivore: eat a stone wall on a side of the caster's square and gain 2 life.
* werewolf-form: form; base move 4, a punch deals the d4 roll, counters only.

Forms (grimorio's reading): a wizard has one form at a time; a new form ends the old one
(`end_other_forms`, which Gnome Form and Mist Body call too). A form's base move counts from
the caster's next turn (the MP of the turn he transforms in are already given). "Counters only"
forms forbid every spell but counters; items and energy stay playable, and the caster may end
the form himself (WW-X16).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import islice
from typing import TYPE_CHECKING, ClassVar

from grimorio.core.errors import IllegalAction
from grimorio.games.wiz_war.effects import vocab
from grimorio.games.wiz_war.effects.registry import Ctx, Holder, Script, register
from grimorio.games.wiz_war.effects.vocab import Damage, Target, refuse

if TYPE_CHECKING:
    from grimorio.games.wiz_war.cards import Card
    from grimorio.games.wiz_war.model import Cast, SpellInPlay
    from grimorio.games.wiz_war.state import WizWarState

WIZARD = frozenset({"wizard"})
EDGE = frozenset({"edge"})
TREASURE = frozenset({"treasure"})
FORMS = frozenset({"golem-form", "werewolf-form", "slime-form", "big-man-form", "gnome-form",
                   "mist-body"})
PHYSICAL = "physical"


# ---- shared helpers ----------------------------------------------------------------------------
def turn_mark(st: WizWarState) -> str:
    """Names the turn now being played (round and active seat)."""
    return f"{st.round}:{st.active}"


def credit(st: WizWarState, spell: SpellInPlay) -> int | None:
    """Kill credit for damage a lasting spell deals: its caster on the turn he cast it, nobody
    later (lingering, WW-X11)."""
    return spell.caster if spell.data.get("cast") == turn_mark(st) else None


def end_other_forms(st: WizWarState, seat: int, keep: SpellInPlay | None) -> None:
    """One form at a time: the wizard's other form spells end (grimorio's reading)."""
    for spell in [s for s in st.spells if s.caster == seat and s.key in FORMS and s is not keep]:
        vocab.end_spell(st, spell, "WW-X16")


def _mine(h: Holder, seat: int) -> bool:
    return h.seat == seat


def _carried_things(st: WizWarState, seat: int) -> list[str]:
    wiz = st.wizards[seat]
    return ([f"treasure:{st.treasures[i].name}" for i in wiz.treasures]
            + [f"item:{k}" for k in sorted({st.keys[c] for c in wiz.items})])


def _mark_attack(st: WizWarState) -> None:
    """A card mode that is an attack uses the turn's attack when it resolves (WW-5.5)."""
    st.turn.attacked = True
    st.turn.attacks += 1
    st.changed()


def _attack_reason(st: WizWarState, seat: int) -> IllegalAction | None:
    from grimorio.games.wiz_war.rules.casting import attack_reason  # rules import the registry
    return attack_reason(st, seat)


# ---- forms ---------------------------------------------------------------------------------------
class Form(Script):
    """A transformation of the caster (maintained): a base move, ending any other form."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = ()
    move: ClassVar[int] = 3
    name_en: ClassVar[str] = ""
    name_es: ClassVar[str] = ""

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        if any(s.caster == ctx.seat and s.key == ctx.card.key for s in st.spells):
            return refuse(f"You already are a {self.name_en}.", f"Ya eres un {self.name_es}.",
                          "WW-7.3")
        return None

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        end_other_forms(st, ctx.seat, ctx.spell)
        if ctx.spell is not None:
            ctx.spell.data["cast"] = turn_mark(st)
        colour = st.colours[ctx.seat]
        vocab.say(st, "form", "WW-X16", f"{colour} turns into a {self.name_en}.",
                  f"{colour} se convierte en {self.name_es}.", seat=ctx.seat)

    def base_move(self, st: WizWarState, h: Holder, seat: int, value: int) -> int:
        return self.move if _mine(h, seat) else value


class CountersOnly(Form):
    """A form whose wizard casts no spell but counters (items and energy stay playable)."""

    def can_cast(self, st: WizWarState, h: Holder, seat: int, card: Card) -> bool:
        return not _mine(h, seat) or not card.is_spell or card.is_a("counter")


@register("golem-form")
class GolemForm(CountersOnly):
    """Golem: base move 2, punch 2, every damage taken 2 lower, counters only; a treasure costs
    1 MP to pick up and does not end his movement."""

    move: ClassVar[int] = 2
    name_en: ClassVar[str] = "golem"
    name_es: ClassVar[str] = "gólem"

    def punch_damage(self, st: WizWarState, h: Holder, seat: int, value: int) -> int:
        return 2 if _mine(h, seat) else value

    def damage_taken(self, st: WizWarState, h: Holder, dmg: Damage) -> int:
        return max(0, dmg.amount - 2) if _mine(h, dmg.victim) else dmg.amount

    def can_pick_up(self, st: WizWarState, h: Holder, seat: int, thing: str) -> bool:
        # the treasure's 1 MP must be there to pay
        return not (_mine(h, seat) and thing.startswith("treasure:") and st.turn.mp < 1)

    def on_pick_up_treasure(self, st: WizWarState, h: Holder, seat: int, name: str) -> None:
        if _mine(h, seat) and st.active == seat and st.turn.stopped and st.turn.mp >= 1:
            st.turn.stopped = False
            st.turn.mp -= 1
            st.changed()
            vocab.say(st, "golem-pickup", "WW-X14", "The golem pays 1 MP and may move on.",
                      "El gólem paga 1 PM y puede seguir moviéndose.", seat=seat)


@register("werewolf-form")
class WerewolfForm(CountersOnly):
    """Werewolf: base move 4, counters only; his punch deals the d4 roll (`punch_roll`, rolled
    as the punch lands; walls and doors too)."""

    move: ClassVar[int] = 4
    name_en: ClassVar[str] = "werewolf"
    name_es: ClassVar[str] = "hombre lobo"

    def punch_damage(self, st: WizWarState, h: Holder, seat: int, value: int) -> int:
        return 0 if _mine(h, seat) else value        # the roll is all of it

    def punch_roll(self, st: WizWarState, h: Holder, seat: int) -> int:
        if not _mine(h, seat):
            return 0
        return vocab.roll_d4(st, "Werewolf punch", "Puñetazo de hombre lobo", "WW-X8")


@register("slime-form")
class SlimeForm(CountersOnly):
    """Slime: base move 3; passes doors (a closed one keeps his treasures on the near side);
    each square he enters hurts every other wizard there for 1 physical damage (not an attack,
    never evaded); he cannot attack and casts counters only."""

    move: ClassVar[int] = 3
    name_en: ClassVar[str] = "slime"
    name_es: ClassVar[str] = "limo"

    def can_pass_edge(self, st: WizWarState, h: Holder, seat: int, sq: int,
                      d: int) -> bool | None:
        edge = st.board.peek_edge(sq, d)
        return True if _mine(h, seat) and edge is not None and edge.kind == "door" else None

    def can_attack(self, st: WizWarState, h: Holder, seat: int) -> bool:
        return not _mine(h, seat)

    def on_cross(self, st: WizWarState, h: Holder, seat: int, sq: int, d: int) -> None:
        edge = st.board.peek_edge(sq, d)
        if not _mine(h, seat) or edge is None or edge.kind != "door":
            return
        if edge.colour != st.colours[seat] or edge.sealed:        # closed for him
            for index in list(st.wizards[seat].treasures):
                vocab.drop_treasure(st, seat, index, "WW-X14", sq=sq)

    def on_enter(self, st: WizWarState, h: Holder, seat: int, sq: int) -> None:
        if not _mine(h, seat) or h.spell is None:
            return
        source = credit(st, h.spell)
        for victim in vocab.wizards_at(st, sq):
            if victim != seat:
                vocab.damage(st, Damage(victim, 1, PHYSICAL, frozenset(), source,
                                        "slime-form", attack=False))


@register("big-man-form")
class BigManForm(Form):
    """Big Man: base move 3, punch 3; nobody sees past or enters his square; stepping into a
    square pushes the wizards there one square on the same way (a step they cannot make is
    refused to him)."""

    move: ClassVar[int] = 3
    name_en: ClassVar[str] = "big man"
    name_es: ClassVar[str] = "grandullón"

    def punch_damage(self, st: WizWarState, h: Holder, seat: int, value: int) -> int:
        return 3 if _mine(h, seat) else value

    def blocks_los(self, st: WizWarState, h: Holder, sq: int) -> bool:
        return h.seat is not None and st.wizards[h.seat].alive and st.wizards[h.seat].square == sq

    def can_enter(self, st: WizWarState, h: Holder, seat: int, sq: int) -> bool:
        if h.seat is None or not st.wizards[h.seat].alive:
            return True
        if not _mine(h, seat):
            return st.wizards[h.seat].square != sq
        d = _direction(st, st.wizards[seat].square, sq)
        return d is None or all(_pushable(st, v, sq, d) for v in vocab.wizards_at(st, sq)
                                if v != seat)

    def on_cross(self, st: WizWarState, h: Holder, seat: int, sq: int, d: int) -> None:
        if not _mine(h, seat):
            return
        here = st.wizards[seat].square
        for victim in [v for v in vocab.wizards_at(st, here) if v != seat]:
            vocab.push(st, victim, d, 1, "WW-X2")


def _direction(st: WizWarState, a: int, b: int) -> int | None:
    """The side of `a` whose neighbour is `b` (None when they are not neighbours)."""
    return next((d for d in range(4) if st.board.beyond(a, d) == b), None)


def _pushable(st: WizWarState, seat: int, sq: int, d: int) -> bool:
    """Whether a push can move `seat` from `sq` one square in direction `d` (as `vocab.push`)."""
    edge = st.board.peek_edge(sq, d)
    beyond = st.board.beyond(sq, d)
    return (beyond is not None and (edge is None or edge.kind == "fire")
            and vocab.can_enter(st, seat, beyond))


# ---- lasting spells on the caster ----------------------------------------------------------------
@register("disease")
class Disease(Script):
    """Attack on the caster himself (the attack is used only on the turn he casts it); while it
    lasts, each square he enters costs every other wizard there 3 physical damage, once per
    victim and turn (not an attack, never evaded)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = ()
    uses_energy: ClassVar[bool] = True

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        if ctx.spell is not None:
            ctx.spell.data.update({"cast": turn_mark(st), "turn": turn_mark(st), "hit": []})
        colour = st.colours[ctx.seat]
        vocab.say(st, "disease", "WW-7.4", f"{colour} carries a disease.",
                  f"{colour} porta una enfermedad.", seat=ctx.seat)

    def on_enter(self, st: WizWarState, h: Holder, seat: int, sq: int) -> None:
        spell = h.spell
        if not _mine(h, seat) or spell is None:
            return
        if spell.data.get("turn") != turn_mark(st):              # a new turn: all may be hit
            spell.data["turn"], spell.data["hit"] = turn_mark(st), []
        hit = list(spell.data.get("hit", []))
        for victim in vocab.wizards_at(st, sq):
            if victim != seat and victim not in hit:
                hit.append(victim)
                spell.data["hit"] = hit
                vocab.damage(st, Damage(victim, 3, PHYSICAL, frozenset(), credit(st, spell),
                                        "disease", attack=False))


@register("adrenaline")
class Adrenaline(Script):
    """Temporary: the target wizard (the caster or one in LOS) may attack twice a turn; when
    stunned, once and move, or twice without moving (see `rules.casting.attack_reason`)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (WIZARD,)
    uses_energy: ClassVar[bool] = True

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        yield (st.colours[ctx.seat],)
        yield from ((c,) for c in vocab.targets_in_range(st, ctx, WIZARD))

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        if any(s.key == "adrenaline" and ctx.raw[0] in s.targets for s in st.spells):
            return refuse(f"{ctx.raw[0]} already has Adrenaline.",
                          f"{ctx.raw[0]} ya tiene Adrenalina.", "WW-7.3")
        return None

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        vocab.say(st, "adrenaline", "WW-5.5", f"{ctx.raw[0]} may attack twice a turn.",
                  f"{ctx.raw[0]} puede atacar dos veces por turno.")

    def attack_allowance(self, st: WizWarState, h: Holder, seat: int, value: int) -> int:
        assert h.spell is not None
        return max(value, 2) if st.colours[seat] in h.spell.targets else value


@register("strength")
class Strength(Script):
    """Temporary: the caster's physical damage is doubled; `use strength <wizard> <thing>`
    tries, as an attack, to wrench a treasure or item from a wizard in his square (d4: 2-4)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = ()
    uses_energy: ClassVar[bool] = True
    ranged: ClassVar[bool] = False
    use_slots: ClassVar[tuple[frozenset[str], ...]] = (WIZARD, frozenset({"treasure", "item"}))
    use_is_attack: ClassVar[bool] = True

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        colour = st.colours[ctx.seat]
        vocab.say(st, "strength", "WW-X10", f"{colour} grows very strong.",
                  f"{colour} se vuelve muy fuerte.", seat=ctx.seat)

    def damage_dealt(self, st: WizWarState, h: Holder, dmg: Damage) -> int:
        return dmg.amount * 2 if dmg.source == h.seat and dmg.kind == PHYSICAL else dmg.amount

    def use_candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        here = st.wizards[ctx.seat].square
        for victim in vocab.wizards_at(st, here):
            if victim != ctx.seat:
                yield from ((st.colours[victim], t) for t in _carried_things(st, victim))

    def check_use(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        who, thing = ctx.targets
        if who.seat == ctx.seat or who.square != st.wizards[ctx.seat].square:
            return refuse("Wrench only from another wizard in your square.",
                          "Solo puedes arrancar algo a otro mago de tu casilla.", "WW-9.2")
        if thing.name not in _carried_things(st, who.seat):
            return refuse(f"{who.name} does not carry {thing.name}.",
                          f"{who.name} no lleva {thing.name}.", "WW-7.3")
        if thing.kind == "treasure" and st.wizards[ctx.seat].treasures:
            return refuse("You already carry a treasure: you cannot wrench another.",
                          "Ya llevas un tesoro: no puedes arrancar otro.", "WW-X14")
        return None

    def use(self, st: WizWarState, ctx: Ctx) -> None:
        who, thing = ctx.targets
        roll = vocab.roll_d4(st, "Strength: wrench", "Fuerza: arrancar", "WW-X8")
        if roll < 2:
            vocab.say(st, "wrench-fails", "WW-X8", f"{who.name} keeps {thing.name}.",
                      f"{who.name} conserva {thing.name}.")
            return
        _take_from(st, ctx.seat, who.seat, thing)


def _take_from(st: WizWarState, seat: int, victim: int, thing: Target) -> None:
    """`seat` takes a treasure or item that `victim` carries in the same square."""
    if thing.kind == "treasure":
        vocab.drop_treasure(st, victim, thing.index, "WW-X14")
        vocab.pick_up_treasure(st, seat, thing.index, "WW-X14")
        return
    key = thing.name.partition(":")[2]
    card = min(c for c in st.wizards[victim].items if st.keys[c] == key)
    obj = vocab.drop_item(st, victim, card)
    vocab.pick_up_item(st, seat, obj)


@register("extra-arms")
class ExtraArms(Script):
    """Maintained: carried items leave the hand limit; picking up a treasure does not end
    movement but only one treasure may be carried; `use extra-arms` is a punch at every other
    wizard within reach (the turn's attack): each of them is attacked (the attack window asks
    him, WW-X18), and one punch's damage, `punch_roll` hooks such as Mightstone's included, hits
    each one still within reach when it lands (WW-X8)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = ()
    use_is_attack: ClassVar[bool] = True

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        if any(s.caster == ctx.seat and s.key == "extra-arms" for s in st.spells):
            return refuse("You already have extra arms.", "Ya tienes brazos extra.", "WW-7.3")
        return None

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        colour = st.colours[ctx.seat]
        vocab.say(st, "extra-arms", "WW-X16", f"{colour} grows extra arms.",
                  f"A {colour} le salen brazos extra.", seat=ctx.seat)

    def hand_limit(self, st: WizWarState, h: Holder, seat: int, value: int) -> int:
        return value + len(st.wizards[seat].items) if _mine(h, seat) else value

    def can_pick_up(self, st: WizWarState, h: Holder, seat: int, thing: str) -> bool:
        return not (_mine(h, seat) and thing.startswith("treasure:")
                    and bool(st.wizards[seat].treasures))

    def on_pick_up_treasure(self, st: WizWarState, h: Holder, seat: int, name: str) -> None:
        if _mine(h, seat) and st.active == seat and st.turn.stopped:
            st.turn.stopped = False
            st.changed()

    def check_use(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        if not _reach(st, ctx.seat):
            return refuse("No wizard is within your reach.", "No hay ningún mago a tu alcance.",
                          "WW-X8")
        return None

    def use(self, st: WizWarState, ctx: Ctx) -> None:
        if not ctx.targets:
            # Announced: the victims become the targets of a cast whose attack window asks
            # them (WW-X18); it comes back here with those targets. Rules import this module.
            from grimorio.games.wiz_war.model import Cast
            from grimorio.games.wiz_war.rules.casting import attacked_seats
            victims = tuple(st.colours[s] for s in _reach(st, ctx.seat))
            cast = Cast(st.new_id(), ctx.seat, ctx.instance, ctx.card.key, "use", victims, 0,
                        tuple(sorted(ctx.options.items())))
            asked = attacked_seats(st, cast)
            if asked:
                vocab.open_window(st, cast, asked)
                return
        reach = _reach(st, ctx.seat)
        hit = [t for t in ctx.targets if t.seat in reach]
        if not hit:
            vocab.say(st, "miss", "WW-X8", "The punch finds no one within reach.",
                      "El puñetazo no alcanza a nadie.")
            return
        amount = vocab.punch_damage(st, ctx.seat)        # one punch: one Mightstone roll
        amount += sum(s.punch_roll(st, h, ctx.seat) for s, h in vocab.fold(st, "punch_roll"))
        for target in hit:
            vocab.strike(st, ctx.seat, target, amount, PHYSICAL, frozenset(), None, attack=True)


def _reach(st: WizWarState, seat: int) -> list[int]:
    """Other living wizards a punch reaches: same square or adjacent in LOS (WW-X8)."""
    near = vocab.adjacent_squares(st, st.wizards[seat].square)
    return [w.seat for w in st.wizards if w.alive and w.seat != seat and w.square in near]


# ---- instants --------------------------------------------------------------------------------
@register("absorb-spell")
class AbsorbSpell(Script):
    """Counter: a spell another player is casting is cancelled and its card joins the hand."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = ()

    def answers(self, st: WizWarState, seat: int, cast: Cast) -> bool:
        card = st.cards[cast.key]
        return cast.seat != seat and card.is_spell and not card.mundane

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        if ctx.answering is not None:
            vocab.take_cast(st, ctx.answering.cid, ctx.seat)


@register("heave-ho")
class HeaveHo(Script):
    """Mundane attack: throw a carried treasure along a line of sight at a wizard, an object
    or an empty square; physical damage = the squares it flew; it lands in that square."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (
        frozenset({"wizard", "object", "square"}), TREASURE)

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        things = [f"treasure:{st.treasures[i].name}" for i in st.wizards[ctx.seat].treasures]
        for colour in vocab.targets_in_range(st, ctx, WIZARD):
            yield from ((colour, t) for t in things[:1])

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        target, thing = ctx.targets
        if thing.seat != ctx.seat:
            return refuse(f"You do not carry {thing.name}.", f"No llevas {thing.name}.",
                          "WW-7.3")
        if target.kind == "square" and not vocab.is_empty(st, target.square):
            return refuse(f"{target.name} is not empty.", f"{target.name} no está vacía.",
                          "WW-10.9")
        if target.kind == "wizard" and target.seat == ctx.seat:
            return refuse("You cannot throw it at yourself.", "No puedes lanzártelo.", "WW-7.3")
        if flight(st, st.wizards[ctx.seat].square, target.square) is None:
            return refuse(f"{target.name} is not on a line you see.",
                          f"{target.name} no está en una línea que veas.", "WW-9.4")
        return None

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        target, thing = ctx.targets
        if thing.seat != ctx.seat:
            return
        squares = flight(st, st.wizards[ctx.seat].square, target.square) or 0
        vocab.drop_treasure(st, ctx.seat, thing.index, "WW-X14", sq=target.square)
        if target.kind != "square":
            vocab.strike(st, ctx.seat, target, squares, PHYSICAL, card="heave-ho")


def flight(st: WizWarState, start: int, sq: int) -> int | None:
    """How many squares a thrown thing flies from `start` to `sq` along a line of sight (0 in
    the same square; None when `sq` is on no line seen from `start`)."""
    if start == sq:
        return 0
    blocks = st.blocker_fn()
    for d in range(4):
        line = st.board.line(start, d, blocks)
        if sq in line:
            return line.index(sq) + 1
    return None


@register("mad-dash")
class MadDash(Script):
    """The MP left this turn are doubled; the caster drops every treasure he carries and picks
    up none for the rest of the turn (a `turn` effect, `Turn.effects`)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = ()

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        if st.active != ctx.seat:
            return
        st.turn.mp *= 2
        st.turn.effects = (*st.turn.effects, ctx.instance)
        st.changed()
        colour = st.colours[ctx.seat]
        vocab.say(st, "mad-dash", "WW-5.2", f"{colour} dashes: {st.turn.mp} MP.",
                  f"{colour} corre: {st.turn.mp} PM.", seat=ctx.seat)
        for index in list(st.wizards[ctx.seat].treasures):
            vocab.drop_treasure(st, ctx.seat, index, "WW-X14")

    def can_pick_up(self, st: WizWarState, h: Holder, seat: int, thing: str) -> bool:
        return not (h.kind == "turn" and _mine(h, seat) and thing.startswith("treasure:"))


@register("stretch")
class Stretch(Script):
    """In LOS, one of three: `mode=pickup` a treasure or dropped item (1 MP for an item; a
    treasure ends movement), `mode=drop` a carried thing in a square (asked which when he
    carries several), `mode=punch` a wizard, object or wall (the turn's attack)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (
        frozenset({"wizard", "object", "edge", "square", "treasure"}),)
    options: ClassVar[dict[str, tuple[str, ...]]] = {"mode": ("pickup", "drop", "punch")}

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        yield from ((c,) for c in vocab.targets_in_range(st, ctx, WIZARD))
        yield from ((c,) for c in _lying_in_sight(st, ctx))
        if _carried_things(st, ctx.seat):
            home = st.board.square_name(st.board.home(st.colours[ctx.seat]))
            yield from ((c,) for c in islice(vocab.targets_in_range(
                st, ctx, frozenset({"square"})), 3))
            yield (home,)

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        mode, target = ctx.option("mode"), ctx.targets[0]
        if mode == "pickup":
            return _pickup_reason(st, ctx.seat, target)
        if mode == "drop":
            if target.kind != "square":
                return refuse("Say the square to put it down in.",
                              "Indica la casilla donde dejarlo.", "WW-7.3")
            if not _carried_things(st, ctx.seat):
                return refuse("You carry nothing to put down.", "No llevas nada que dejar.",
                              "WW-X15")
            return None
        if mode == "punch":
            if target.kind not in ("wizard", "object", "edge") or target.seat == ctx.seat:
                return refuse("Punch a wizard, an object, a wall or a door.",
                              "Golpea a un mago, un objeto, un muro o una puerta.", "WW-X8")
            return _attack_reason(st, ctx.seat)
        return refuse("Say mode=pickup, mode=drop or mode=punch.",
                      "Indica mode=pickup, mode=drop o mode=punch.", "WW-7.3")

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        mode, target = ctx.option("mode"), ctx.targets[0]
        if mode == "pickup" and _pickup_reason(st, ctx.seat, target) is None:
            _stretch_pickup(st, ctx.seat, target)
        elif mode == "drop":
            things = _carried_things(st, ctx.seat)
            if len(things) == 1:
                _put_down(st, ctx.seat, things[0], target.square)
            elif things:
                vocab.ask(st, ctx.seat, ctx, "drop", things)
        elif mode == "punch":
            _mark_attack(st)
            from grimorio.games.wiz_war.rules.combat import land_punch  # rules import us
            land_punch(st, ctx.seat, target)

    def on_choice(self, st: WizWarState, ctx: Ctx, tag: str, option: str) -> None:
        if option in _carried_things(st, ctx.seat):
            _put_down(st, ctx.seat, option, st.board.parse_square(ctx.raw[0]))


def _lying_in_sight(st: WizWarState, ctx: Ctx) -> Iterator[str]:
    """Treasures and dropped items lying in squares the caster sees."""
    seen = st.visible_from(st.wizards[ctx.seat].square)
    for t in st.treasures:
        if t.square is not None and t.carrier is None and not t.scored and t.square in seen:
            yield f"treasure:{t.name}"
    for obj in st.objects:
        if obj.kind == "item" and obj.square in seen:
            yield vocab.object_notation(st, obj)


def _thing_name(st: WizWarState, target: Target) -> str | None:
    """`treasure:x` / `item:key` for a lying treasure or dropped item (None: neither)."""
    if target.kind == "treasure" and target.seat < 0 and target.square >= 0:
        return target.name
    obj = vocab.find_object(st, target.index) if target.kind == "object" else None
    if obj is not None and obj.kind == "item":
        return f"item:{vocab.object_name(st, obj)}"
    return None


def _pickup_reason(st: WizWarState, seat: int, target: Target) -> IllegalAction | None:
    """Stretch's pick-up: a lying treasure (free, ends movement) or dropped item (1 MP)."""
    thing = _thing_name(st, target)
    if thing is None:
        return refuse("Pick up a treasure or a dropped item lying in sight.",
                      "Recoge un tesoro o un artículo caído que veas.", "WW-X15")
    if thing.startswith("item:") and st.turn.mp < 1:
        return refuse("Picking up an item costs 1 MP.", "Recoger un objeto cuesta 1 PM.",
                      "WW-X15")
    for script, holder in vocab.fold(st, "can_pick_up"):
        if not script.can_pick_up(st, holder, seat, thing):
            return refuse("A spell stops you picking that up.",
                          "Un hechizo te impide recogerlo.", "WW-X14")
    return None


def _stretch_pickup(st: WizWarState, seat: int, target: Target) -> None:
    if target.kind == "treasure":
        if st.active == seat:
            st.turn.stopped = True                 # a treasure ends movement (WW-X14)
        vocab.pick_up_treasure(st, seat, target.index)
        return
    obj = vocab.find_object(st, target.index)
    if obj is not None:
        st.turn.mp -= 1
        vocab.pick_up_item(st, seat, obj)


def _put_down(st: WizWarState, seat: int, thing: str, sq: int) -> None:
    kind, _, name = thing.partition(":")
    wiz = st.wizards[seat]
    if kind == "treasure":
        index = next(i for i in wiz.treasures if st.treasures[i].name == name)
        vocab.drop_treasure(st, seat, index, "WW-X14", sq=sq)
    else:
        card = min(c for c in wiz.items if st.keys[c] == name)
        vocab.drop_item(st, seat, card, sq)


@register("wallivore")
class Wallivore(Script):
    """Eat a stone wall on a side of the caster's square (printed or created; not the outer
    border, a door, an earth or fire wall): it is destroyed and he heals 2 (at most 20)."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (EDGE,)

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        sq = st.wizards[ctx.seat].square
        for d in range(4):
            edge = st.board.peek_edge(sq, d)
            if edge is not None and edge.kind == "wall" and st.board.beyond(sq, d) is not None:
                yield (st.board.edge_name(sq, d),)

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        t = ctx.targets[0]
        edge = st.board.peek_edge(t.square, t.side)
        if edge is None or edge.kind != "wall":
            return refuse(f"{t.name} is no stone wall.", f"{t.name} no es un muro de piedra.",
                          "WW-X7")
        if st.wizards[ctx.seat].square not in (vocab.target_squares(t, st) or []):
            return refuse("Only a wall on a side of your own square can be eaten.",
                          "Solo puedes comerte un muro de un lado de tu casilla.", "WW-9.3")
        return None

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        t = ctx.targets[0]
        vocab.remove_edge(st, t.square, t.side, "WW-X7")
        vocab.heal(st, ctx.seat, 2)
