"""Creations: maintained spells that put one object on an empty square (WW-X16, WW-X21).

Ending the spell removes its object; destroying the object ends the spell (`data["object"]`,
see `vocab.destroy_object`). Conjuring's bushes and dust, elemental's stone block and
alchemy's homunculus are all creations.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, ClassVar

from grimorio.core.errors import IllegalAction
from grimorio.games.wiz_war.effects import vocab
from grimorio.games.wiz_war.effects.registry import Ctx, Holder, Script
from grimorio.games.wiz_war.effects.vocab import refuse

if TYPE_CHECKING:
    from grimorio.games.wiz_war.model import BoardObject, SpellInPlay
    from grimorio.games.wiz_war.state import WizWarState

SQUARE = frozenset({"square"})


def empty_square(st: WizWarState, ctx: Ctx, index: int = 0) -> IllegalAction | None:
    """Creations need an empty square: no object, treasure or wizard (WW-10.9, WW-A14)."""
    t = ctx.targets[index]
    if not vocab.is_empty(st, t.square):
        return refuse(f"{t.name} is not empty.", f"{t.name} no está vacía.", "WW-10.9")
    return None


def empty_in_range(st: WizWarState, ctx: Ctx) -> Iterator[str]:
    """Empty squares within the card's range, nearest the enemies first (menus)."""
    names = [n for n in vocab.targets_in_range(st, ctx, SQUARE)
             if vocab.is_empty(st, vocab.parse_square(st, n))]
    enemies = [w.square for w in st.wizards if w.alive and w.seat != ctx.seat]
    if enemies:
        names.sort(key=lambda n: min(st.board.distance(vocab.parse_square(st, n), e)
                                     for e in enemies))
    return iter(names)


def made_object(st: WizWarState, spell: SpellInPlay) -> BoardObject | None:
    oid = spell.data.get("object")
    return vocab.find_object(st, oid) if isinstance(oid, int) else None


class Creation(Script):
    """A maintained spell that puts one object of `kind` on an empty square in LOS; ending the
    spell removes it, destroying it ends the spell (`data["object"]`, WW-X16, WW-X21)."""

    kind: ClassVar[str] = ""
    slots: ClassVar[tuple[frozenset[str], ...] | None] = (SQUARE,)

    def candidates(self, st: WizWarState, ctx: Ctx) -> Iterable[tuple[str, ...]]:
        return ((n,) for n in empty_in_range(st, ctx))

    def check(self, st: WizWarState, ctx: Ctx) -> IllegalAction | None:
        return empty_square(st, ctx)

    def resolve(self, st: WizWarState, ctx: Ctx) -> None:
        if not vocab.is_empty(st, ctx.targets[0].square):   # filled while the window was open
            if ctx.spell is not None:
                vocab.end_spell(st, ctx.spell, "WW-10.9")
            return
        obj = vocab.create_object(st, self.kind, ctx.targets[0].square, ctx.seat,
                                  rule="WW-X21")
        if ctx.spell is not None:
            ctx.spell.data["object"] = obj.oid

    def on_end(self, st: WizWarState, spell: SpellInPlay) -> None:
        obj = made_object(st, spell)
        if obj is not None:
            vocab.destroy_object(st, obj, "WW-X16")

    def entered(self, st: WizWarState, h: Holder, sq: int) -> bool:
        """Whether `sq` is where this spell's object stands."""
        if h.spell is None:
            return False
        obj = made_object(st, h.spell)
        return obj is not None and obj.square == sq
