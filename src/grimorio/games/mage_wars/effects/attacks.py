"""Attack spells (MW-5.19, MW-6.71-MW-6.81) that need more than their attack bar.

Every other attack spell is data only (registry `DATA_ONLY`): `rules/casting.py` resolves it as
a ranged attack through `rules/combat.py` at the target chosen when casting, a zone attack when
its target is a zone (MW-6.74-MW-6.79; the caster too unless `excludes_caster`, MW-B10), with its
effect band, its bonuses against Flying or Nonliving targets (MW-6.29), and Jet Stream's push
away from the caster's zone (MW-X-7.17).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from grimorio.core.i18n import Text
from grimorio.games.mage_wars import traits
from grimorio.games.mage_wars.effects.registry import Script, Targets, register
from grimorio.games.mage_wars.flow import Ask, Frame, MWAction, act
from grimorio.games.mage_wars.rules import combat

if TYPE_CHECKING:
    from grimorio.games.mage_wars import data
    from grimorio.games.mage_wars.state import MageWarsState

CHAIN = "chain-lightning"
ATTACK, STRUCK, CHOSEN = range(3)


@register(CHAIN)
class ChainLightning(Script):
    """A lightning bolt that jumps: after each attack that damages its defender the caster may
    attack a new object within 0-1 zones of that defender and in its line of sight, never one
    already attacked by this casting; each jump rolls 1 die fewer and takes 1 more off the effect
    roll than the one before (at least 1 die, MW-X-1.5). Each attack is a whole ranged attack
    of its own (MW-6.71, MW-6.73), so one defender's modifiers do not carry to the next."""

    def resolve(self, st: MageWarsState, caster: int, card: data.Card, targets: Targets,
                opts: dict[str, str]) -> bool:
        seat = st.obj(caster).controller
        st.frames.append(ChainFrame(caster, seat, int(targets[0][1:]), st.acting != caster))
        return True


@dataclass(slots=True)
class ChainFrame(Frame):
    """The chain of attacks of one Chain Lightning casting."""

    caster: int
    seat: int
    target: int
    out_of_turn: bool
    stage: int = ATTACK
    jump: int = 0                   # 0: the first attack; n: the n-th jump
    done: tuple[int, ...] = ()      # every object this casting attacked
    zone: str = ""                  # where the last defender stood when attacked
    flying: bool = False            # whether it was flying then (line of sight, MW-5.74)
    rule = "MW-6.71"

    def public(self) -> dict[str, Any]:
        return self.to_json()

    def step(self, st: MageWarsState) -> None:
        if self.stage == ATTACK:
            self._attack(st)
        elif self.stage == STRUCK:
            self._struck(st)
        else:
            choice = st.ret
            st.ret = None
            if isinstance(choice, int) and choice in st.objs and self.caster in st.objs:
                self.target, self.jump = choice, self.jump + 1
                st.emit("chain-jump", "MW-5.19",
                        Text(f"Chain Lightning jumps to o{choice}.",
                             f"Rayos Encadenados salta a o{choice}."),
                        target=choice, jump=self.jump)
                self._attack(st)
            else:
                st.frames.pop()

    def _attack(self, st: MageWarsState) -> None:
        card = st.card(CHAIN)
        # a wall stands on a border in no zone (MW-5.58): the jump measures from either side
        self.zone = st.zone_of(self.target) or "-".join(st.objs[self.target].border)
        self.flying = traits.is_flying(st, self.target)
        self.done = (*self.done, self.target)
        self.stage = STRUCK
        mods = (-card.param("dice_step") * self.jump, -card.param("effect_step") * self.jump)
        st.frames.append(combat.AttackFrame(self.caster, CHAIN, 0, 0, self.target, "ranged",
                                            spell=CHAIN, out_of_turn=self.out_of_turn,
                                            mods=mods))

    def _struck(self, st: MageWarsState) -> None:
        result = st.ret
        st.ret = None
        damaged = isinstance(result, tuple) and len(result) == 3 and result[2] > 0
        found = self.next_targets(st) if damaged and not st.over \
            and self.caster in st.objs else []
        if not found:
            st.frames.pop()
            return
        self.stage = CHOSEN
        st.frames.append(ChainAsk(self.seat, tuple(found)))

    def next_targets(self, st: MageWarsState) -> list[int]:
        """Objects with life within `chain_range_max` zones of the last defender's zone and
        in its line of sight, not yet attacked by this casting (MW-5.70, MW-5.74); never the
        caster, as for the spell's first target (an attack spell's targets, MW-6.72)."""
        reach = st.card(CHAIN).param("chain_range_max")
        origins = [z for z in self.zone.split("-") if z]
        out = []
        for o in sorted(st.objs.values(), key=lambda o: o.oid):
            if not o.has_life or o.zone is None or o.host is not None or o.oid in self.done \
                    or o.oid == self.caster:
                continue
            if any(st.arena.distance(z, o.zone) <= reach and st.arena.los(
                    z, o.zone, from_flying=self.flying, to_flying=traits.is_flying(st, o.oid))
                   for z in origins):
                out.append(o.oid)
        return out


@dataclass(slots=True)
class ChainAsk(Ask):
    """`choose o<N>`: the next object the lightning jumps to, or `choose stop`; st.ret = the
    oid, or 0 to stop."""

    seat: int
    oids: tuple[int, ...]
    rule = "MW-5.19"

    def options(self, st: MageWarsState) -> list[MWAction]:
        return [*(act("choose", f"o{oid}") for oid in self.oids), act("choose", "stop")]

    def answer(self, st: MageWarsState, action: MWAction) -> None:
        st.frames.pop()
        word = action.text.split()[1]
        st.ret = int(word[1:]) if word.startswith("o") else 0
