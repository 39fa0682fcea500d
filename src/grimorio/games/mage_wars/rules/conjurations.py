"""Conjurations (MW-5.46-MW-5.51, MW-X-10.4, MW-X-10.12, MW-X-10.13): objects with life that take
no actions. Most stand in a zone; some attach to an object and go where it goes (`attach`), and
are destroyed with it (rules/damage.py) or when it is teleported (rules/displace.py, MW-X-7.26,
MW-X-7.27). A zone holds one conjuration of a name, and at most one Zone Exclusive conjuration of
any name (`zone_ok`). Their lasting effects cover the whole arena (MW-5.50: traits.py reads a
conjuration's `grants` to animals everywhere). Walls are conjurations too (rules/walls.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimorio.core.i18n import Text

if TYPE_CHECKING:
    from grimorio.games.mage_wars import data
    from grimorio.games.mage_wars.state import MageWarsState


def exclusive(st: MageWarsState, card_id: str) -> bool:
    return st.card(card_id).has("zone-exclusive")


def zone_ok(st: MageWarsState, card: data.Card, zone: str) -> bool:
    """A conjuration may target a zone without a conjuration of its name attached (MW-5.48)
    and, if it is Zone Exclusive, without another Zone Exclusive one (MW-5.51,
    MW-X-10.13)."""
    here = [o for o in st.in_zone(zone) if o.kind == "conjuration"]
    if any(o.card == card.id for o in here):
        return False
    return not (card.has("zone-exclusive") and any(exclusive(st, o.card) for o in here))


def attach(st: MageWarsState, seat: int, card: data.Card, host: int) -> None:
    """The conjuration attaches to its object and moves with it (MW-5.49, MW-X-10.12)."""
    obj = st.new_obj(card.id, "conjuration", seat, seat, host=host)
    st.emit("summon", "MW-5.49", Text(f"{card.id} (o{obj.oid}) is attached to o{host}.",
                                      f"{card.id} (o{obj.oid}) queda unido a o{host}."),
            oid=obj.oid, card=card.id, host=host)
