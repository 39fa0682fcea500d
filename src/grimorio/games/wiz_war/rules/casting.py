"""Playing cards (WW-7.1 to WW-7.11, WW-9.1, WW-10.1, WW-X16 to WW-X18): plays, counters, item
uses, ending spells, card questions; the cast stack and its resolution; the card menus."""

from __future__ import annotations

from itertools import islice, product
from typing import TYPE_CHECKING

from grimorio.core.errors import IllegalAction
from grimorio.games.wiz_war.actions import Choose, Counter, EndSpell, Play, Use
from grimorio.games.wiz_war.decisions import Choice, CounterWindow, ForcedDiscard
from grimorio.games.wiz_war.effects import registry, vocab
from grimorio.games.wiz_war.effects.registry import Ctx
from grimorio.games.wiz_war.effects.vocab import Refusal, Target, later, refuse, say
from grimorio.games.wiz_war.model import Cast, SpellInPlay
from grimorio.games.wiz_war.rules import shared
from grimorio.games.wiz_war.rules.turn import windows_order

if TYPE_CHECKING:
    from grimorio.games.wiz_war.cards import Card
    from grimorio.games.wiz_war.state import WizWarState

RANGE_RULE = {"caster": "WW-9.2", "adjacent": "WW-9.3", "los": "WW-9.4", "anywhere": "WW-9.5"}
PLAYS_PER_CARD = 16
CHECKS_PER_CARD = 48     # plays checked per card for the menu (bounds the legal list's cost)
_play, _counter, _use = shared(Play), shared(Counter), shared(Use)


def main_phase(st: WizWarState) -> IllegalAction | None:
    """Cards are played by the active player in Move and Cast, with no decision pending
    (WW-5.7, WW-7.11)."""
    if st.stack.top is not None:
        return refuse("Answer the pending decision first.", "Responde antes a la decisión "
                      "pendiente.", "WW-7.6")
    if st.phase != "move":
        return refuse("Cards are played in Move and Cast.", "Las cartas se juegan en la fase "
                      "de mover y lanzar.", "WW-5.7")
    return None


# ---- building a play ---------------------------------------------------------------------------
def read_targets(st: WizWarState, raw: tuple[str, ...]) -> tuple[Target | None, ...]:
    return tuple([vocab.read_target(st, text) for text in raw])


def boost_instances(st: WizWarState, seat: int, card: int | None,
                    boosts: tuple[str, ...]) -> list[int] | IllegalAction:
    """The hand cards spent on a play (WW-7.7, WW-7.8, WW-X17): one, or as many as the card's
    script allows (`boost_cards`: Add combines two)."""
    limit = 1 if card is None else registry.script(st.card_of(card).effect).boost_cards
    if len(boosts) > limit:
        return refuse("Only one card may boost a spell (Add combines two).",
                      "Solo una carta puede potenciar un hechizo (Sumar combina dos).", "WW-X17")
    chosen: list[int] = []
    for key in boosts:
        found = [c for c in st.wizards[seat].hand
                 if st.keys[c] == key and c != card and c not in chosen]
        if not found:
            return refuse(f"You hold no other {key} to spend.",
                          f"No tienes otra {key} que gastar.", "WW-7.8")
        instance = min(found)
        if st.card_of(instance).energy <= 0:
            return refuse(f"{key} has no energy value.", f"{key} no tiene valor de energía.",
                          "WW-7.8")
        chosen.append(instance)
    return chosen


def make_ctx(st: WizWarState, seat: int, instance: int, raw: tuple[str, ...],
             boosts: list[int], options: tuple[tuple[str, str], ...], verb: str) -> Ctx:
    card = st.card_of(instance)
    targets = tuple([t for t in read_targets(st, raw) if t is not None])
    energy = sum([vocab.card_energy(st, seat, b) for b in boosts])
    energy += added_energy(st, seat, instance, verb)
    return Ctx(seat, card, instance, raw, targets, energy, len(boosts), dict(options),
               verb=verb)


def added_energy(st: WizWarState, seat: int, instance: int, verb: str) -> int:
    """The energy Add left for the active player's next spell this turn (WW-X17), if this play
    is that spell."""
    if not st.turn.added or verb != "play" or seat != st.active:
        return 0
    card = st.card_of(instance)
    if not card.is_spell or registry.script(card.effect).boost_cards > 1:
        return 0
    return st.turn.added


def check_targets(st: WizWarState, ctx: Ctx, slots: tuple[frozenset[str], ...],
                  ranged: bool) -> IllegalAction | None:
    """The number, kinds and range of the targets (WW-7.3, WW-9.1, WW-10.1)."""
    if len(ctx.raw) != len(slots):
        return refuse(f"{ctx.card.key} takes {len(slots)} target(s).",
                      f"{ctx.card.key} lleva {len(slots)} objetivo(s).", "WW-7.3")
    if len(ctx.targets) != len(ctx.raw):
        return refuse("That target is not on the board.", "Ese objetivo no está en juego.",
                      "WW-7.3")
    if not slots:
        return None
    corner = st.turn.corner and ctx.seat == st.active
    origin = vocab.cast_origin(st, ctx.seat, ctx.card) if ctx.verb == "play" else None
    for target, kinds in zip(ctx.targets, slots, strict=True):
        if target.kind not in kinds:
            return refuse(f"{ctx.card.key} cannot target a {target.kind}.",
                          f"{ctx.card.key} no puede tener como objetivo: {target.kind}.",
                          "WW-7.3")
        if ranged and not vocab.in_range(st, ctx.seat, ctx.card.range, target, corner, origin) \
                and not (ctx.card.range == "los" and ctx.card.is_spell
                         and vocab.spell_sees(st, ctx.seat, target)):
            return refuse(f"{target.name} is out of range ({ctx.card.range}).",
                          f"{target.name} está fuera de alcance ({ctx.card.range}).",
                          RANGE_RULE[ctx.card.range])
    return None


def check_options(ctx: Ctx, allowed: dict[str, tuple[str, ...]]) -> IllegalAction | None:
    """Known keys with allowed values; a key allowing `()` takes any value (the script's
    `check` reads it, e.g. a path)."""
    for key, value in ctx.options.items():
        if key not in allowed or (allowed[key] and value not in allowed[key]):
            return refuse(f"{ctx.card.key} does not take {key}={value}.",
                          f"{ctx.card.key} no admite {key}={value}.", "WW-7.3")
    return None


def attack_reason(st: WizWarState, seat: int) -> IllegalAction | None:
    """Whether the active player may attack now (WW-5.5, WW-5.6, WW-7.4, WW-7.5, WW-X13)."""
    why = _attack_refusal(st, seat)
    return None if why is None else why()


def attack_allowed(st: WizWarState, seat: int) -> bool:
    """`attack_reason(...) is None`, without writing the refusal (for menus)."""
    return _attack_refusal(st, seat) is None


_FIRST_TURN = later("No attack in your first turn.", "No se ataca en el primer turno.", "WW-5.6")
_ATTACKED = later("You have already attacked this turn.", "Ya has atacado este turno.",
                  "WW-5.5")
_STUNNED_MOVED = later("Stunned: you moved, so you may not attack.",
                       "Aturdido: te has movido, así que no puedes atacar.", "WW-X13")
_NO_ATTACKING = later("A spell stops you attacking.", "Un hechizo te impide atacar.", "WW-5.5")


def _attack_refusal(st: WizWarState, seat: int) -> Refusal | None:
    if st.wizards[seat].turns <= 1:
        return _FIRST_TURN
    allowance = vocab.attack_allowance(st, seat)     # 1, or more (Adrenaline)
    if vocab.attacks_made(st) >= allowance:
        return _ATTACKED
    if st.turn.stunned and st.turn.moved and vocab.attacks_made(st) >= allowance - 1:
        return _STUNNED_MOVED
    if not vocab.may_attack(st, seat):
        return _NO_ATTACKING
    return None


def card_reason(st: WizWarState, seat: int, card: Card) -> IllegalAction | None:
    """What the card's type and script allow before looking at targets."""
    why = _card_refusal(st, seat, card)
    return None if why is None else why()


_ENERGY_SPENT = later("Energy is spent (boost, or with a spell), not played.",
                      "La energía se gasta (boost o with), no se juega.", "WW-7.7")
_COUNTER_ANSWERS = later("A counter spell is played in answer to a cast (counter).",
                         "Un contrahechizo se juega en respuesta (counter).", "WW-7.6")
_NO_CASTING = later("A spell stops you casting that.", "Un hechizo te impide lanzar eso.",
                    "WW-7.2")


def _card_refusal(st: WizWarState, seat: int, card: Card) -> Refusal | None:
    if card.types == ("energy",):
        return _ENERGY_SPENT
    if card.types == ("counter",):
        return _COUNTER_ANSWERS
    if not registry.implemented(card.effect):
        return later(f"{card.key} has no effect scripted yet: spend it for energy.",
                     f"{card.key} aún no tiene efecto: gástala como energía.", "WW-7.3")
    if card.is_a("attack"):
        why = _attack_refusal(st, seat)
        if why is not None:
            return why
    for script, holder in vocab.fold(st, "can_cast"):
        if not script.can_cast(st, holder, seat, card):
            return _NO_CASTING
    return None


# ---- play ----------------------------------------------------------------------------------
def play_reason(st: WizWarState, action: Play) -> IllegalAction | None:
    reason = main_phase(st)
    if reason is not None:
        return reason
    seat = st.active
    instance = st.find_in_hand(seat, action.card)
    if instance is None:
        return refuse(f"You hold no {action.card}.", f"No tienes {action.card}.", "WW-7.2")
    card = st.card_of(instance)
    reason = card_reason(st, seat, card)
    if reason is not None:
        return reason
    return _ctx_reason(st, seat, instance, action.targets, action.boosts, action.options,
                       "play")


def _ctx_reason(st: WizWarState, seat: int, instance: int, raw: tuple[str, ...],
                boosts: tuple[str, ...], options: tuple[tuple[str, str], ...],
                verb: str, answering: Cast | None = None) -> IllegalAction | None:
    spent = _spent(st, seat, instance, boosts, verb)
    if isinstance(spent, IllegalAction):
        return spent
    return _checked(st, seat, instance, raw, spent, options, verb, answering)


def _spent(st: WizWarState, seat: int, instance: int, boosts: tuple[str, ...],
           verb: str) -> list[int] | IllegalAction:
    """The hand cards a play spends, or why it cannot spend them (WW-7.8, WW-X17); the menus
    work this out once per card, as it does not depend on the targets."""
    spent = boost_instances(st, seat, instance, boosts)
    if isinstance(spent, IllegalAction):
        return spent
    if spent and added_energy(st, seat, instance, verb):
        return refuse("Add already gives this spell its energy.",
                      "Sumar ya da su energía a este hechizo.", "WW-X17")
    return spent


def _checked(st: WizWarState, seat: int, instance: int, raw: tuple[str, ...], spent: list[int],
             options: tuple[tuple[str, str], ...], verb: str,
             answering: Cast | None = None) -> IllegalAction | None:
    """The checks of a play whose spent cards are known: targets, options, the card's own."""
    ctx = make_ctx(st, seat, instance, raw, spent, options, verb)
    ctx.answering = answering
    script = registry.script(ctx.card.effect)
    return (check_targets(st, ctx, script.play_slots(ctx), script.ranged)
            or check_options(ctx, script.options) or script.check(st, ctx))


def do_play(st: WizWarState, action: Play) -> None:
    seat = st.active
    instance = st.find_in_hand(seat, action.card)
    assert instance is not None
    card = st.card_of(instance)
    if card.is_a("attack"):
        st.turn.attacked = True                       # even if countered (WW-A17)
        st.turn.attacks += 1
    if card.range in ("los", "adjacent") and card.is_spell:
        st.turn.corner = False                        # Around the Corner is used up
        st.turn.origin = None                         # so is an Astral Projection
    start_cast(st, seat, instance, action.targets, action.boosts, action.options, "play", None)


def start_cast(st: WizWarState, seat: int, instance: int, raw: tuple[str, ...],
               boosts: tuple[str, ...], options: tuple[tuple[str, str], ...], verb: str,
               answers: int | None) -> None:
    """Take the card (and its boosts) from the hand, put the cast on the stack and open its
    counter window (WW-X18; mundane cards and non-spells, i.e. items, open none)."""
    wiz = st.wizards[seat]
    spent = boost_instances(st, seat, instance, boosts)
    assert not isinstance(spent, IllegalAction)
    energy = sum(vocab.card_energy(st, seat, b) for b in spent)
    added = added_energy(st, seat, instance, verb)
    if added:
        energy += added
        st.turn.added = 0                              # Add is used up (WW-X17)
    if instance in wiz.hand:
        wiz.hand.remove(instance)
    else:
        wiz.items.remove(instance)                     # a carried item used as a counter
    for b in spent:
        wiz.hand.remove(b)
        st.discard.append(b)
    card = st.card_of(instance)
    cast = Cast(st.new_id(), seat, instance, card.key, verb, raw, energy, options, answers)
    st.casts.append(cast)
    st.changed()
    if not st.quiet:
        text = f"{card.key}" + "".join(f" {t}" for t in raw)
        boost = f" (energy {energy})" if spent else ""
        say(st, "cast", "WW-7.2" if verb == "play" else "WW-7.6",
            f"{wiz.colour} plays {text}{boost}.", f"{wiz.colour} juega {text}{boost}.",
            seat=seat, card=card.key)
    closed = card.mundane or not card.is_spell or registry.script(card.effect).uncounterable
    asked = () if closed else windows_order(st, seat)
    if asked:
        st.stack.push(CounterWindow(asked[0], cast.cid, asked[1:]))


def resolve_top(st: WizWarState) -> None:
    """The top cast's window closed: it resolves, or fizzles if countered (WW-X18). Spells that
    last only while it resolves (`data["until_cast"]`) end afterwards."""
    cast = st.casts.pop()
    st.changed()
    if cast.verb in ACTION_VERBS:
        _resolve_action(st, cast)
    else:
        _resolve_card(st, cast)
    vocab.end_with_cast(st, cast.cid)


def _resolve_card(st: WizWarState, cast: Cast) -> None:
    card = st.card_of(cast.card)
    if cast.countered:
        st.discard.append(cast.card)
        say(st, "countered", "WW-7.6", f"{card.key} is countered.",
            f"{card.key} queda contrarrestada.", card=card.key)
        return
    ctx = Ctx(cast.seat, card, cast.card, cast.targets, (), cast.energy, 0,
              dict(cast.options), cast.cid, verb=cast.verb)
    targets = read_targets(st, cast.targets)
    if any(t is None for t in targets) or not st.wizards[cast.seat].alive:
        st.discard.append(cast.card)
        say(st, "fizzle", "WW-7.3", f"{card.key} has no target any more.",
            f"{card.key} ya no tiene objetivo.")
        return
    ctx.targets = tuple(t for t in targets if t is not None)
    if cast.answers is not None:
        ctx.answering = next((c for c in st.casts if c.cid == cast.answers), None)
    _place_card(st, ctx, cast)
    registry.script(card.effect).resolve(st, ctx)
    st.changed()


ACTION_VERBS = ("punch", "use", "trigger")


def _resolve_action(st: WizWarState, cast: Cast) -> None:
    """A punch (WW-X8), an attack with an item (WW-X9) or a trigger event (nothing left to do:
    it happened; the window was for the answers) whose window closed."""
    if cast.verb == "trigger":
        return
    if cast.countered or not st.wizards[cast.seat].alive:
        say(st, "miss", "WW-X18", f"The {cast.key} attack of {st.colours[cast.seat]} misses.",
            f"El ataque ({cast.key}) de {st.colours[cast.seat]} falla.", card=cast.key)
        return
    target = vocab.read_target(st, cast.targets[0]) if cast.targets else None
    if cast.verb == "punch":
        if target is None or not vocab.in_range(st, cast.seat, "adjacent", target):
            say(st, "miss", "WW-X8", "The punch finds no one within reach.",
                "El puñetazo no alcanza a nadie.")
            return
        from grimorio.games.wiz_war.rules.combat import land_punch
        land_punch(st, cast.seat, target)
        return
    wiz = st.wizards[cast.seat]
    if cast.card not in wiz.items and all(s.card != cast.card for s in st.spells):
        return                                         # the item is gone: nothing is thrown
    ctx = make_ctx(st, cast.seat, cast.card, cast.targets, [], cast.options, "use")
    if len(ctx.targets) != len(cast.targets):
        say(st, "fizzle", "WW-7.3", f"{cast.key} has no target any more.",
            f"{cast.key} ya no tiene objetivo.")
        return
    ctx.cast = cast.cid
    registry.script(ctx.card.effect).use(st, ctx)


def _place_card(st: WizWarState, ctx: Ctx, cast: Cast) -> None:
    """Where the card goes: carried (item, WW-7.9), in play (lasting spell, WW-X16) or the
    discard pile (instant; also a carried item discarded as a counter, Null Powder)."""
    card = ctx.card
    if card.is_a("item") and cast.verb == "counter":
        st.discard.append(cast.card)
    elif card.is_a("item"):
        st.wizards[ctx.seat].items.append(cast.card)
        say(st, "item", "WW-X15", f"{st.colours[ctx.seat]} now carries {card.key}.",
            f"{st.colours[ctx.seat]} lleva ahora {card.key}.")
    elif card.lasting:
        tokens = max(1, cast.energy) if card.duration == "temporary" else None
        spell = SpellInPlay(st.new_id(), cast.card, card.key, ctx.seat, cast.targets,
                            cast.energy, tokens)
        st.spells.append(spell)
        ctx.spell = spell
    else:
        st.discard.append(cast.card)


# ---- counter -------------------------------------------------------------------------------
def counter_reason(st: WizWarState, action: Counter) -> IllegalAction | None:
    top = st.stack.top
    if not isinstance(top, CounterWindow):
        return refuse("There is nothing to counter now.", "Ahora no hay nada que "
                      "contrarrestar.", "WW-7.6")
    seat = top.seat
    instance = counter_instance(st, seat, action.card)
    if instance is None:
        return refuse(f"You hold no {action.card}.", f"No tienes {action.card}.", "WW-7.6")
    card = st.card_of(instance)
    cast = next(c for c in st.casts if c.cid == top.cid)
    if not card.is_a("counter") or not registry.script(card.effect).answers(st, seat, cast):
        return refuse(f"{action.card} cannot answer {cast.key}.",
                      f"{action.card} no puede responder a {cast.key}.", "WW-7.6")
    if card.is_a("item") and instance in st.wizards[seat].hand:
        return refuse(f"{action.card} must be carried (played) before it can answer.",
                      f"{action.card} debe llevarse (jugada antes) para responder.", "WW-7.9")
    return _ctx_reason(st, seat, instance, action.targets, action.boosts, action.options,
                       "counter", cast)


def counter_instance(st: WizWarState, seat: int, key: str) -> int | None:
    """The card `counter <key>` names: in hand, else a carried item that is also a counter
    (discarded as a counter, e.g. Null Powder)."""
    found = st.find_in_hand(seat, key)
    if found is None:
        found = carried(st, seat, key)
        if found is not None and not st.card_of(found).is_a("counter"):
            return None
    return found


def do_counter(st: WizWarState, action: Counter) -> None:
    window = st.stack.pop()
    assert isinstance(window, CounterWindow)
    if window.rest:
        st.stack.push(CounterWindow(window.rest[0], window.cid, window.rest[1:]))
    instance = counter_instance(st, window.seat, action.card)
    assert instance is not None
    start_cast(st, window.seat, instance, action.targets, action.boosts, action.options,
               "counter", window.cid)


def do_pass(st: WizWarState) -> None:
    window = st.stack.pop()
    assert isinstance(window, CounterWindow)
    if window.rest:
        st.stack.push(CounterWindow(window.rest[0], window.cid, window.rest[1:]))


# ---- items -----------------------------------------------------------------------------------
def carried(st: WizWarState, seat: int, key: str) -> int | None:
    found = [c for c in st.wizards[seat].items if st.keys[c] == key]
    return min(found) if found else None


def usable(st: WizWarState, seat: int, key: str) -> int | None:
    """What `use <key>` names: a carried item, else one of the seat's spells in play (a spell
    that grants an action while it lasts, e.g. Stone Spikes; others refuse in `check_use`)."""
    found = carried(st, seat, key)
    if found is None:
        spell = own_spell(st, seat, key)
        found = None if spell is None else spell.card
    return found


def use_reason(st: WizWarState, action: Use) -> IllegalAction | None:
    reason = main_phase(st)
    if reason is not None:
        return reason
    seat = st.active
    instance = usable(st, seat, action.item)
    if instance is None:
        return refuse(f"You carry no {action.item}.", f"No llevas {action.item}.", "WW-7.9")
    script = registry.script(st.card_of(instance).effect)
    if script.use_is_attack:
        reason = attack_reason(st, seat)
        if reason is not None:
            return reason
    ctx = make_ctx(st, seat, instance, action.targets, [], action.options, "use")
    return (check_targets(st, ctx, script.use_slots, script.ranged)
            or check_options(ctx, script.options | script.use_options)
            or script.check_use(st, ctx))


def do_use(st: WizWarState, action: Use) -> None:
    seat = st.active
    instance = usable(st, seat, action.item)
    assert instance is not None
    script = registry.script(st.card_of(instance).effect)
    if script.use_is_attack:
        st.turn.attacked = True
        st.turn.attacks += 1
    ctx = make_ctx(st, seat, instance, action.targets, [], action.options, "use")
    say(st, "use", "WW-7.9", f"{st.colours[seat]} uses {action.item}.",
        f"{st.colours[seat]} usa {action.item}.", seat=seat, card=action.item)
    if script.use_is_attack:
        cast = Cast(st.new_id(), seat, instance, ctx.card.key, "use", action.targets, 0,
                    action.options)
        asked = attacked_seats(st, cast)
        if asked:                 # an attack window first (WW-X9, WW-X18); resolves later
            vocab.open_window(st, cast, asked)
            return
    script.use(st, ctx)


def attacked_seats(st: WizWarState, cast: Cast) -> tuple[int, ...]:
    """Who is asked in the window of an attack that is not a spell (a punch, an item): every
    living wizard it attacks, in turn order (WW-X18), whatever he holds. Asking only those who
    could answer would tell the attacker that the victim holds a counter (hidden information,
    WW-2.9); spell windows ask everyone for the same reason."""
    return tuple(s for s in windows_order(st, cast.seat)
                 if st.wizards[s].alive and vocab.attacked_by(st, cast, s))


# ---- ending spells, choices ------------------------------------------------------------------
def own_spell(st: WizWarState, seat: int, key: str) -> SpellInPlay | None:
    found = [s for s in st.spells if s.caster == seat and s.key == key]
    return min(found, key=lambda s: s.sid) if found else None


def end_spell_reason(st: WizWarState, action: EndSpell) -> IllegalAction | None:
    top = st.stack.top
    if isinstance(top, ForcedDiscard):
        seat = top.seat
        if st.wizards[seat].hand:
            return refuse("Discard hand cards first.", "Descarta antes cartas de la mano.",
                          "WW-A6")
    elif top is not None or st.phase == "draw":
        return refuse("You may end your spells in your turn.", "Puedes terminar tus hechizos "
                      "en tu turno.", "WW-X16")
    else:
        seat = st.active
    if own_spell(st, seat, action.card) is None:
        return refuse(f"You maintain no {action.card}.", f"No mantienes {action.card}.",
                      "WW-X16")
    return None


def do_end_spell(st: WizWarState, action: EndSpell) -> None:
    top = st.stack.top
    seat = top.seat if isinstance(top, ForcedDiscard) else st.active
    spell = own_spell(st, seat, action.card)
    assert spell is not None
    vocab.end_spell(st, spell, "WW-X16")
    if isinstance(top, ForcedDiscard):
        st.stack.pop()


def choose_reason(st: WizWarState, action: Choose) -> IllegalAction | None:
    top = st.stack.top
    if not isinstance(top, Choice):
        return refuse("No card is asking anything.", "Ninguna carta pregunta nada.", "WW-7.2")
    if action.option not in top.options:
        return refuse(f"Choose one of: {', '.join(top.options)}.",
                      f"Elige una de: {', '.join(top.options)}.", "WW-7.2")
    return None


def do_choose(st: WizWarState, action: Choose) -> None:
    top = st.stack.pop()
    assert isinstance(top, Choice)
    ctx = st.pending_ctx.pop(top.ref)
    if ctx.spell is not None:
        ctx.spell = vocab.find_spell(st, ctx.spell.sid)
    registry.script(ctx.card.effect).on_choice(st, ctx, top.tag, action.option)


# ---- menus -----------------------------------------------------------------------------------
def best_boost(st: WizWarState, seat: int, exclude: int) -> str | None:
    """The hand card with the most energy (energy cards first on ties), for boosted menus."""
    best: str | None = None
    best_rank: tuple[int, bool] = (0, False)
    for c in st.wizards[seat].hand:
        card = st.card_of(c)
        rank = (card.energy, card.types == ("energy",))
        if c != exclude and card.energy > 0 and rank > best_rank:
            best, best_rank = card.key, rank
    return best


def best_boosts(st: WizWarState, seat: int, exclude: int, n: int) -> tuple[str, ...]:
    """The `n` hand cards with the most energy (for Add's menu), or () if fewer are held."""
    cards = sorted((c for c in st.wizards[seat].hand
                    if c != exclude and st.card_of(c).energy > 0),
                   key=lambda c: (-st.card_of(c).energy, c))
    return tuple(st.keys[c] for c in cards[:n]) if len(cards) >= n else ()


def play_menu(st: WizWarState) -> list[Play]:
    """Every distinct card in the active hand, with each useful target and boost choice."""
    seat = st.active
    out: list[Play] = []
    seen: set[str] = set()
    for instance in sorted(st.wizards[seat].hand):
        card = st.card_of(instance)
        if card.key in seen:
            continue
        seen.add(card.key)
        if _card_refusal(st, seat, card) is None:
            out += islice(_card_plays(st, seat, instance, card), PLAYS_PER_CARD)
    return out


def _card_plays(st: WizWarState, seat: int, instance: int, card: Card) -> list[Play]:
    script = registry.script(card.effect)
    ctx = Ctx(seat, card, instance)
    variants: list[tuple[tuple[str, ...], list[int] | IllegalAction]] | None = None
    opts = _option_sets(script)
    out: list[Play] = []
    checks = 0
    for candidate in script.candidates(st, ctx):
        if variants is None:          # at the first candidate: many cards have none
            variants = [(boosts, _spent(st, seat, instance, boosts, "play"))
                        for boosts in _boost_choices(st, seat, instance, script)]
        raw, named = _split_candidate(candidate)
        for options, (boosts, spent) in product(opts, variants):
            chosen = tuple(sorted(options + named)) if options or named else ()
            if not isinstance(spent, IllegalAction) and _checked(
                    st, seat, instance, raw, spent, chosen, "play") is None:
                out.append(_play(card.key, raw, boosts, chosen))
            checks += 1
            if checks >= CHECKS_PER_CARD:
                break
        # Enough for the menu, or too many refused candidates: the menu stops here (the
        # parser still accepts any legal play).
        if len(out) >= PLAYS_PER_CARD or checks >= CHECKS_PER_CARD:
            break
    return out


def _boost_choices(st: WizWarState, seat: int, instance: int,
                   script: registry.Script) -> list[tuple[str, ...]]:
    """The boosts the menu offers with a card: the best card and none, or none only; Add's
    two best cards together."""
    if script.boost_cards > 1:
        pair = best_boosts(st, seat, instance, script.boost_cards)
        return [pair] if pair else []
    boost = best_boost(st, seat, instance) if script.uses_energy else None
    return [()] if boost is None else [(boost,), ()]


_OPTION_SETS: dict[str, list[tuple[tuple[str, str], ...]]] = {}


def _option_sets(script: registry.Script) -> list[tuple[tuple[str, str], ...]]:
    """Every combination of the script's options with listed values (free-form keys come from
    the candidates); [()] without any. Fixed per script: worked out once."""
    found = _OPTION_SETS.get(script.key)
    if found is None:
        fixed = {k: v for k, v in script.options.items() if v}
        found = _OPTION_SETS[script.key] = [tuple(zip(fixed, values, strict=True))
                                            for values in product(*fixed.values())] or [()]
    return found


def _split_candidate(candidate: tuple[str, ...]) -> tuple[tuple[str, ...],
                                                         tuple[tuple[str, str], ...]]:
    """A candidate's targets, and the `key=value` options it names (free-form options)."""
    raw: list[str] = []
    named: list[tuple[str, str]] = []
    for word in candidate:
        if "=" in word:
            key, _, value = word.partition("=")
            named.append((key, value))
        else:
            raw.append(word)
    return tuple(raw), tuple(named)


def counter_menu(st: WizWarState, window: CounterWindow) -> list[Counter]:
    seat = window.seat
    cast = next(c for c in st.casts if c.cid == window.cid)
    out: list[Counter] = []
    seen: set[str] = set()
    wiz = st.wizards[seat]
    carried_counters = [c for c in wiz.items if st.card_of(c).is_a("counter")]
    for instance in sorted(wiz.hand) + sorted(carried_counters):
        card = st.card_of(instance)
        if card.key in seen or not card.is_a("counter"):
            continue
        seen.add(card.key)
        script = registry.script(card.effect)
        if (card.is_a("item") and instance in wiz.hand) or not script.answers(st, seat, cast):
            continue
        ctx = Ctx(seat, card, instance, verb="counter", answering=cast)
        for raw in islice(script.candidates(st, ctx), PLAYS_PER_CARD):
            action = _counter(card.key, raw)
            if _ctx_reason(st, seat, instance, raw, (), (), "counter", cast) is None:
                out.append(action)
    return out


def use_menu(st: WizWarState) -> list[Use]:
    seat = st.active
    out: list[Use] = []
    seen: set[str] = set()
    spells = sorted(s.card for s in st.spells if s.caster == seat)   # usable spells too
    for instance in sorted(st.wizards[seat].items) + spells:
        card = st.card_of(instance)
        if card.key in seen:
            continue
        seen.add(card.key)
        script = registry.script(card.effect)
        if not registry.has_use(script) or (script.use_is_attack
                                            and not attack_allowed(st, seat)):
            continue                    # `use_reason` would refuse every use of it
        ctx = Ctx(seat, card, instance, verb="use")
        opts = [tuple(sorted(zip(script.use_options, values, strict=True)))
                for values in product(*script.use_options.values())] or [()]
        for raw in islice(script.use_candidates(st, ctx), PLAYS_PER_CARD):
            for options in opts:            # an item's use may carry options (Wizardblade)
                action = _use(card.key, raw, options)
                if use_reason(st, action) is None:
                    out.append(action)
    return out

