"""The changing parts of a battle: units, characters, item instances, spells in play, attempts.

Every class copies itself with `copy()`. Collections inside them are tuples or frozensets, so a
copy of the attribute values is a full, independent copy (no deepcopy needed).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from grimorio.core.i18n import Text
from grimorio.games.wh6_magic.data import MountDef, Profile


@dataclass(frozen=True, slots=True)
class Ban:
    """Something that stops a wizard casting. `until` is the last phase index it covers
    (None: until a recovery roll for `hurled`, or for the rest of the battle otherwise)."""

    kind: str
    until: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "until_phase": self.until}


class Unit:
    """A unit (rank and file). Lone characters are Characters, treated as units for targeting."""

    __slots__ = ("characters", "damage", "depth", "engaged", "fleeing", "id", "magic_resistance",
                 "models", "name", "points", "profile", "side", "start_models", "width", "x", "y")

    id: str
    side: int
    name: Text
    profile: Profile
    points: float
    start_models: int
    models: int
    damage: int
    x: float
    y: float
    width: float
    depth: float
    engaged: bool
    fleeing: bool
    magic_resistance: int
    characters: tuple[str, ...]

    @property
    def destroyed(self) -> bool:
        return self.models <= 0

    def copy(self) -> Unit:
        twin = Unit.__new__(Unit)
        twin.characters, twin.damage, twin.depth = self.characters, self.damage, self.depth
        twin.engaged, twin.fleeing, twin.id = self.engaged, self.fleeing, self.id
        twin.magic_resistance, twin.models = self.magic_resistance, self.models
        twin.name, twin.points, twin.profile = self.name, self.points, self.profile
        twin.side, twin.start_models, twin.width = self.side, self.start_models, self.width
        twin.x, twin.y = self.x, self.y
        return twin

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id, "side": self.side, "name": self.name.to_json(),
            "models": self.models, "start_models": self.start_models,
            "wounds_per_model": self.profile.wounds, "damage": self.damage,
            "toughness": self.profile.toughness, "armour": self.profile.armour,
            "ward": self.profile.ward, "regeneration": self.profile.regeneration,
            "points_per_model": self.points, "magic_resistance": self.magic_resistance,
            "position": {"x": self.x, "y": self.y}, "width": self.width, "depth": self.depth,
            "engaged": self.engaged, "fleeing": self.fleeing, "destroyed": self.destroyed,
            "characters": list(self.characters),
        }


class Character:
    """A character; a wizard when `wizard` is true. Static profile data is shared, not copied."""

    __slots__ = ("attempted", "bans", "base", "cast_bonus", "contacts", "dispel_bonus",
                 "dispel_dice", "engaged", "fleeing", "generates_dice", "id", "in_unit", "level",
                 "lore", "lost", "magic_resistance", "mount", "mount_slain", "mount_wounds_lost",
                 "name", "points", "profile", "prone_until", "side", "slain", "spells",
                 "start_level", "wizard", "wounds_lost", "x", "y")

    id: str
    side: int
    name: Text
    profile: Profile
    points: float
    wizard: bool
    level: int
    start_level: int
    lore: str | None
    spells: tuple[str, ...]
    lost: frozenset[str]
    attempted: frozenset[str]
    bans: tuple[Ban, ...]
    wounds_lost: int
    slain: bool
    x: float
    y: float
    base: float
    in_unit: str | None
    fleeing: bool
    engaged: bool
    mount: MountDef | None
    mount_wounds_lost: int
    mount_slain: bool
    contacts: tuple[str, ...]
    dispel_bonus: int
    cast_bonus: int
    dispel_dice: int
    magic_resistance: int
    generates_dice: bool
    prone_until: int | None

    def copy(self) -> Character:
        twin = Character.__new__(Character)
        twin.attempted, twin.bans, twin.base = self.attempted, self.bans, self.base
        twin.cast_bonus, twin.contacts = self.cast_bonus, self.contacts
        twin.dispel_bonus, twin.dispel_dice = self.dispel_bonus, self.dispel_dice
        twin.engaged, twin.fleeing = self.engaged, self.fleeing
        twin.generates_dice, twin.id, twin.in_unit = self.generates_dice, self.id, self.in_unit
        twin.level, twin.lore, twin.lost = self.level, self.lore, self.lost
        twin.magic_resistance, twin.mount = self.magic_resistance, self.mount
        twin.mount_slain, twin.mount_wounds_lost = self.mount_slain, self.mount_wounds_lost
        twin.name, twin.points, twin.profile = self.name, self.points, self.profile
        twin.prone_until, twin.side, twin.slain = self.prone_until, self.side, self.slain
        twin.spells, twin.start_level, twin.wizard = self.spells, self.start_level, self.wizard
        twin.wounds_lost, twin.x, twin.y = self.wounds_lost, self.x, self.y
        return twin

    @property
    def mount_kind(self) -> str:
        return self.mount.kind if self.mount is not None else "none"

    @property
    def has_live_mount(self) -> bool:
        return self.mount is not None and self.mount.profile is not None and not self.mount_slain

    def has_ban(self, kind: str) -> bool:
        return any(ban.kind == kind for ban in self.bans)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id, "side": self.side, "name": self.name.to_json(),
            "wizard": self.wizard, "level": self.level, "start_level": self.start_level,
            "lore": self.lore, "spells": list(self.spells), "spells_lost": sorted(self.lost),
            "attempted": sorted(self.attempted), "bans": [b.to_json() for b in self.bans],
            "generates_dice": self.generates_dice, "wounds": self.profile.wounds,
            "wounds_lost": self.wounds_lost, "toughness": self.profile.toughness,
            "armour": self.profile.armour, "ward": self.profile.ward,
            "regeneration": self.profile.regeneration, "points": self.points,
            "slain": self.slain, "position": {"x": self.x, "y": self.y}, "base": self.base,
            "in_unit": self.in_unit, "fleeing": self.fleeing, "engaged": self.engaged,
            "contacts": list(self.contacts), "dispel_bonus": self.dispel_bonus,
            "cast_bonus": self.cast_bonus, "dispel_dice": self.dispel_dice,
            "magic_resistance": self.magic_resistance, "prone_until_phase": self.prone_until,
            "mount": None,
        }
        if self.mount is not None:
            out["mount"] = {"kind": self.mount.kind, "name": self.mount.name.to_json(),
                            "shared_with": self.mount.shared_with,
                            "wounds": self.mount.profile.wounds if self.mount.profile else None,
                            "wounds_lost": self.mount_wounds_lost, "slain": self.mount_slain}
        return out


class ItemState:
    """One magic item carried by a unit or character: `id` is ``<bearer>.<item>``."""

    __slots__ = ("bearer", "id", "item", "side", "used_phase", "uses_left")

    id: str
    item: str
    bearer: str
    side: int
    uses_left: int | None
    used_phase: int

    def copy(self) -> ItemState:
        twin = ItemState.__new__(ItemState)
        twin.id, twin.item, twin.bearer = self.id, self.item, self.bearer
        twin.side, twin.uses_left, twin.used_phase = self.side, self.uses_left, self.used_phase
        return twin

    @property
    def spent(self) -> bool:
        return self.uses_left is not None and self.uses_left <= 0

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "item": self.item, "bearer": self.bearer, "side": self.side,
                "uses_left": self.uses_left, "used_phase": self.used_phase}


@dataclass(frozen=True, slots=True)
class InPlay:
    """A spell whose effect lasts: a remains-in-play spell (WH6-X7) or a timed buff/hex."""

    id: str
    spell: str
    caster: str
    side: int
    target: str
    phase: int
    remains_in_play: bool
    expires: int | None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "spell": self.spell, "caster": self.caster, "side": self.side,
                "target": self.target, "cast_phase": self.phase,
                "remains_in_play": self.remains_in_play, "expires_phase": self.expires}


@dataclass(frozen=True, slots=True)
class DispelRoll:
    """A dispel roll kept while its side decides on a re-roll (WH6-A5)."""

    dice: tuple[int, ...]
    bonus: int
    needed: int
    seat: int


class Attempt:
    """The spell being worked now: a casting attempt, a bound item, or the miscast-4 free spell."""

    __slots__ = ("caster", "dice", "extra_dice", "irresistible", "item", "items", "kind",
                 "miscast_roll", "modifier", "natural", "needed", "outcome", "pool_dice",
                 "rerolled", "result", "rip", "side", "spell", "target")

    def __init__(self, kind: str, side: int, caster: str, spell: str, target: str) -> None:
        self.kind = kind  # "spell" | "bound" | "free" | "rip" (a remains-in-play spell dispelled)
        self.side = side
        self.caster = caster
        self.spell = spell
        self.target = target
        self.item = ""
        self.items: tuple[str, ...] = ()
        self.pool_dice = 0
        self.extra_dice = 0
        self.dice: tuple[int, ...] = ()
        self.rerolled = False
        self.modifier = 0
        self.natural = 0
        self.result = 0
        self.needed = 0
        self.outcome = "declared"
        self.irresistible = False
        self.miscast_roll = 0
        self.rip = ""

    def copy(self) -> Attempt:
        twin = Attempt.__new__(Attempt)
        twin.caster, twin.dice, twin.extra_dice = self.caster, self.dice, self.extra_dice
        twin.irresistible, twin.item, twin.items = self.irresistible, self.item, self.items
        twin.kind, twin.miscast_roll, twin.modifier = self.kind, self.miscast_roll, self.modifier
        twin.natural, twin.needed, twin.outcome = self.natural, self.needed, self.outcome
        twin.pool_dice, twin.rerolled, twin.result = self.pool_dice, self.rerolled, self.result
        twin.rip, twin.side, twin.spell = self.rip, self.side, self.spell
        twin.target = self.target
        return twin

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "side": self.side, "caster": self.caster,
                "spell": self.spell, "target": self.target, "item": self.item,
                "items": list(self.items), "power_dice": self.pool_dice,
                "extra_dice": self.extra_dice, "dice": list(self.dice),
                "rerolled": self.rerolled, "modifier": self.modifier, "natural": self.natural,
                "result": self.result, "dispel_needs": self.needed, "outcome": self.outcome,
                "irresistible": self.irresistible, "miscast_roll": self.miscast_roll or None,
                "rip": self.rip or None}
