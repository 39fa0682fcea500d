"""Table geometry (WH6-X15): bases as circles, units and terrain as axis-aligned rectangles.

Distances are in cm between the closest points of two shapes. Only used when a spell resolves
(WH6-3.1) and for the thrown wizard of miscast 3 (WH6-11.2, WH6-A21); never shown beforehand.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Shape:
    """A circle (`radius`, 0 for a point) or a rectangle (`half_w`, `half_d`) centred on x, y."""

    x: float
    y: float
    radius: float = 0.0
    half_w: float = 0.0
    half_d: float = 0.0

    @property
    def is_rect(self) -> bool:
        return self.half_w > 0 or self.half_d > 0

    def contains(self, x: float, y: float) -> bool:
        if self.is_rect:
            return abs(x - self.x) <= self.half_w and abs(y - self.y) <= self.half_d
        return math.hypot(x - self.x, y - self.y) <= self.radius


def rect(x: float, y: float, width: float, depth: float) -> Shape:
    return Shape(x, y, half_w=width / 2, half_d=depth / 2)


def circle(x: float, y: float, radius: float) -> Shape:
    return Shape(x, y, radius=radius)


def gap(a: Shape, b: Shape) -> float:
    """The distance between the closest points of `a` and `b` (0 when they touch or overlap)."""
    if a.is_rect and b.is_rect:
        dx = max(0.0, abs(a.x - b.x) - a.half_w - b.half_w)
        dy = max(0.0, abs(a.y - b.y) - a.half_d - b.half_d)
        return math.hypot(dx, dy)
    if a.is_rect or b.is_rect:
        box, disc = (a, b) if a.is_rect else (b, a)
        dx = max(0.0, abs(disc.x - box.x) - box.half_w)
        dy = max(0.0, abs(disc.y - box.y) - box.half_d)
        return max(0.0, math.hypot(dx, dy) - disc.radius)
    return max(0.0, math.hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius)


def clock_direction(face: int) -> tuple[float, float]:
    """A unit vector for a d12 face read as a clock hour, 12 pointing north (+y) (WH6-A7)."""
    angle = math.radians(30 * (face % 12))
    return math.sin(angle), math.cos(angle)


def entry_distance(x: float, y: float, ux: float, uy: float, radius: float,
                   shape: Shape) -> float | None:
    """How far a disc of `radius` travels from (x, y) along (ux, uy) before touching `shape`;
    None if it never does. A disc already touching it meets it at 0 if it moves inwards."""
    grown = (Shape(shape.x, shape.y, half_w=shape.half_w + radius, half_d=shape.half_d + radius)
             if shape.is_rect else Shape(shape.x, shape.y, radius=shape.radius + radius))
    if grown.contains(x, y):
        return 0.0 if (shape.x - x) * ux + (shape.y - y) * uy > 0 else None
    if shape.is_rect:
        return _enter_box(x, y, ux, uy, shape.x, shape.y, shape.half_w + radius,
                          shape.half_d + radius)
    return _enter_disc(x, y, ux, uy, shape.x, shape.y, shape.radius + radius)


def _enter_box(x: float, y: float, ux: float, uy: float, cx: float, cy: float, hw: float,
               hd: float) -> float | None:
    low, high = 0.0, math.inf
    for start, step, centre, half in ((x, ux, cx, hw), (y, uy, cy, hd)):
        if abs(step) < 1e-12:
            if abs(start - centre) > half:
                return None
            continue
        t1, t2 = (centre - half - start) / step, (centre + half - start) / step
        low, high = max(low, min(t1, t2)), min(high, max(t1, t2))
    return low if low <= high else None


def _enter_disc(x: float, y: float, ux: float, uy: float, cx: float, cy: float,
                reach: float) -> float | None:
    fx, fy = x - cx, y - cy
    c = fx * fx + fy * fy - reach * reach
    if c <= 0:
        return 0.0
    b = fx * ux + fy * uy
    disc = b * b - c
    if b >= 0 or disc < 0:
        return None
    return -b - math.sqrt(disc)


def edge_distance(x: float, y: float, ux: float, uy: float, width: float,
                  height: float) -> float:
    """How far a point can travel along (ux, uy) before leaving the table."""
    limits = []
    for start, step, size in ((x, ux, width), (y, uy, height)):
        if step > 1e-12:
            limits.append((size - start) / step)
        elif step < -1e-12:
            limits.append(-start / step)
    return max(0.0, min(limits)) if limits else math.inf
