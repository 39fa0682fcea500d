"""The elemental school. Fireball is here as the engine's proof of an attack spell; the other
elemental cards are added by the school's own scripts.

* fireball: 5 magical fire damage to a wizard, an object, or a wall or door (cracks, WW-X7).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar

from grimorio.games.wiz_war.effects import vocab
from grimorio.games.wiz_war.effects.registry import Ctx, Script, register

if TYPE_CHECKING:
    from grimorio.games.wiz_war.state import WizWarState

FIRE = frozenset({"fire"})


@register("fireball")
class Fireball(Script):
    """Attack: 5 magical fire damage to one target in LOS."""

    slots: ClassVar[tuple[frozenset[str], ...] | None] = (
        frozenset({"wizard", "object", "edge"}),)

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        # Menus offer enemy wizards only; walls and objects stay legal by notation.
        return ((c,) for c in vocab.targets_in_range(st, ctx, frozenset({"wizard"})))

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        vocab.strike(st, ctx.seat, ctx.targets[0], 5, "magical", FIRE, ctx.card.key)
