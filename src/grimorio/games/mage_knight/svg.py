"""A standalone SVG picture of a mage-knight view (for the web client).

`svg(view, lang)` draws what the view holds and nothing else, to scale: the battlefield
rectangle (MK-G1, north at the top), each seat's deployment zone lightly (the area its base
centres may take, MK-3.9, MK-G18), the terrain pieces as polygons styled by kind (MK-14.1; a
zone on an elevated piece drawn over it, MK-15.3; a low wall at its true thickness, MK-G17;
ladders on steep pieces, MK-16.10, MK-G20), and each warrior on the table as a circle of the base
radius (MK-G2) with its front arc as a wedge and a line along its facing (MK-G3), its id, its
tokens as dots (MK-5.1) and a dashed link from a captor to its captive (MK-12.4). When the last
combat action in the view's log was a ranged one, its lines of fire are drawn from each attacker
to each target (MK-8.2, MK-8.8, MK-13.13). Each warrior's tooltip gives only its current values
and abilities (MK-24.1, MK-X12); warriors the view hides (an undeployed army, MK-X12) are not in
the view, so not in the picture. Every text is escaped; the same view always gives the same
bytes.
"""

from __future__ import annotations

import math
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from grimorio.games.mage_knight.notation import fmt, fmt_angle
from grimorio.games.mage_knight.render import (
    KIND_NAMES,
    LABELS,
    LAYERS,
    ability_name,
    decision,
    decision_text,
    deploy_box,
    figure_name,
    lang_of,
    on_table,
    pieces,
    provisional_vp,
    rank_name,
    seat_label,
    table_size,
    template_name,
)

SIZE = 800.0           # pixels of the battlefield's longer side
MARGIN = 24.0
LEGEND = 96.0          # height of the legend strip under the battlefield
SEAT_COLOURS = ("#c0392b", "#2f6fd0", "#1e8449", "#8e44ad")
KIND_FILL = {"hindering": "#9ccc65", "blocking": "#616161", "elevated": "#d7ccc8",
             "steep": "#a1887f", "shallow": "#81d4fa", "deep": "#1e88e5", "low_wall": "#6d4c41"}
KIND_STROKE = {"hindering": "#558b2f", "blocking": "#212121", "elevated": "#8d6e63",
               "steep": "#4e342e", "shallow": "#0288d1", "deep": "#0d47a1",
               "low_wall": "#3e2723"}
RANGED_PLANS = ("ranged", "magic_heal")
WORDS = {"en": {"title": "Mage Knight battlefield", "zone": "deployment zone",
                "lof": "line of fire", "captive": "captive link"},
         "es": {"title": "Campo de batalla de Mage Knight", "zone": "zona de despliegue",
                "lof": "línea de fuego", "captive": "enlace de prisionero"}}


def svg(view: dict[str, Any], lang: str = "en") -> str:
    """The SVG document (a string) of `view`'s battlefield, labelled in `lang`."""
    doc = view["state"]
    lang = lang_of(lang)
    width, height = table_size(doc)
    scale = SIZE / max(width, height)
    page = _Page(width, height, scale)
    total_w = width * scale + 2 * MARGIN
    total_h = height * scale + 2 * MARGIN + LEGEND
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(total_w)}" '
             f'height="{num(total_h)}" viewBox="0 0 {num(total_w)} {num(total_h)}" '
             f'font-family="sans-serif">', _title(WORDS[lang]["title"])]
    parts.append(f'<rect class="battlefield" x="{num(MARGIN)}" y="{num(MARGIN)}" '
                 f'width="{num(width * scale)}" height="{num(height * scale)}" fill="#ede6d3" '
                 f'stroke="#333333" stroke-width="2"/>')
    parts += _zones(doc, page, lang)
    parts += _terrain(doc, page, lang)
    parts += _captive_links(doc, page, lang)
    parts += _lines_of_fire(view, doc, page, lang)
    radius = float(doc.get("base_radius", 0.625))
    parts += [_warrior(doc, w, page, radius, lang) for w in on_table(doc)]
    parts += _legend(view, doc, page, lang)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def num(value: float) -> str:
    """A pixel value with at most 2 decimals, no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _title(text: str) -> str:
    return f"<title>{escape(text)}</title>"


class _Page:
    """Table inches to page pixels: x to the right, y up (MK-G1), north at the top."""

    def __init__(self, width: float, height: float, scale: float) -> None:
        self.width, self.height, self.scale = width, height, scale

    def x(self, x: float) -> float:
        return MARGIN + x * self.scale

    def y(self, y: float) -> float:
        return MARGIN + (self.height - y) * self.scale

    def point(self, x: float, y: float) -> str:
        return f"{num(self.x(x))},{num(self.y(y))}"


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


# ---- deployment zones and terrain -------------------------------------------------------------
def _zones(doc: dict[str, Any], page: _Page, lang: str) -> list[str]:
    out = []
    for p in doc["players"]:
        edge, seat = str(p["edge"]), int(p["seat"])
        if edge not in ("south", "north", "west", "east"):
            continue
        x0, y0, x1, y1 = deploy_box(edge, page.width, page.height)
        tip = f"{WORDS[lang]['zone']} {seat_label(seat, lang)}"
        out.append(f'<rect class="deploy-zone" data-seat="{seat}" x="{num(page.x(x0))}" '
                   f'y="{num(page.y(y1))}" width="{num((x1 - x0) * page.scale)}" '
                   f'height="{num((y1 - y0) * page.scale)}" fill="{seat_colour(seat)}" '
                   f'fill-opacity="0.12" stroke="{seat_colour(seat)}" stroke-opacity="0.4" '
                   f'stroke-dasharray="6 4">{_title(tip)}</rect>')
    return out


def _terrain(doc: dict[str, Any], page: _Page, lang: str) -> list[str]:
    """Pieces by layer (a zone on an elevated piece last, MK-15.3), then ladders (MK-G20)."""
    order = {kind: i for i, kind in enumerate(LAYERS)}
    found = sorted(pieces(doc), key=lambda p: (bool(p.get("on_elevated")),
                                               order.get(str(p["kind"]), 0)))
    out, ladders = [], []
    for piece in found:
        kind = str(piece["kind"])
        points = " ".join(page.point(float(x), float(y)) for x, y in piece["outline"])
        name = template_name(piece.get("template"), lang)
        tip = f"{piece['id']} {KIND_NAMES[lang].get(kind, kind)}"
        if name:
            tip += f" ({name})"
        extra = ""
        if piece.get("thickness"):
            extra = f' data-thickness="{fmt(float(piece["thickness"]))}"'
            tip += f" {fmt(float(piece['thickness']))} in"
        out.append(f'<polygon class="terrain {escape(kind)}" data-piece={quoteattr(piece["id"])}'
                   f'{extra} points="{points}" fill="{KIND_FILL.get(kind, "#bdbdbd")}" '
                   f'fill-opacity="{0.95 if kind == "low_wall" else 0.75}" '
                   f'stroke="{KIND_STROKE.get(kind, "#424242")}" stroke-width="1.5">'
                   f"{_title(tip)}</polygon>")
        for a, b in piece.get("ladders", ()):
            ladders.append(_ladder(page, piece["id"], a, b, lang))
    return out + ladders


def _ladder(page: _Page, piece: str, a: list[float], b: list[float], lang: str) -> str:
    """A ladder on a steep piece's outline (MK-16.10, MK-G20): two rails and rungs."""
    x1, y1, x2, y2 = page.x(a[0]), page.y(a[1]), page.x(b[0]), page.y(b[1])
    coords = f'x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}"'
    tip = f"{LABELS[lang]['ladder']} {piece}"
    return (f'<g class="ladder" data-piece={quoteattr(piece)}>{_title(tip)}'
            f'<line {coords} stroke="#ffca28" stroke-width="7"/>'
            f'<line {coords} stroke="#5d4037" stroke-width="7" stroke-dasharray="2 4"/></g>')


# ---- links and lines of fire ------------------------------------------------------------------
def _captive_links(doc: dict[str, Any], page: _Page, lang: str) -> list[str]:
    """A dashed line from each captor to its captive (MK-12.4)."""
    here = {str(w["id"]): w for w in on_table(doc)}
    out = []
    for w in here.values():
        captive = here.get(str(w.get("captive")))
        if captive is None:
            continue
        out.append(f'<line class="captive-link" data-captor={quoteattr(w["id"])} '
                   f'data-captive={quoteattr(captive["id"])} '
                   f'x1="{num(page.x(w["x"]))}" y1="{num(page.y(w["y"]))}" '
                   f'x2="{num(page.x(captive["x"]))}" y2="{num(page.y(captive["y"]))}" '
                   f'stroke="#000000" stroke-width="2" stroke-dasharray="4 3">'
                   f'{_title(WORDS[lang]["captive"] + " " + w["id"] + " - " + captive["id"])}'
                   "</line>")
    return out


def last_ranged(view: dict[str, Any]) -> tuple[list[str], list[str]] | None:
    """Attackers and targets of the last combat action in the log, when it was ranged."""
    for entry in reversed(view.get("log") or []):
        if entry.get("kind") != "combat":
            continue
        info = entry.get("data") or {}
        if info.get("plan") not in RANGED_PLANS:
            return None
        shooters = [str(info.get("actor")), *(str(m) for m in info.get("members") or [])]
        return shooters, [str(t) for t in info.get("targets") or []]
    return None


def _lines_of_fire(view: dict[str, Any], doc: dict[str, Any], page: _Page,
                   lang: str) -> list[str]:
    found = last_ranged(view)
    if found is None:
        return []
    here = {str(w["id"]): w for w in on_table(doc)}
    out = []
    for shooter in found[0]:
        for target in found[1]:
            a, b = here.get(shooter), here.get(target)
            if a is None or b is None:
                continue
            out.append(f'<line class="lof" data-from={quoteattr(shooter)} '
                       f'data-to={quoteattr(target)} x1="{num(page.x(a["x"]))}" '
                       f'y1="{num(page.y(a["y"]))}" x2="{num(page.x(b["x"]))}" '
                       f'y2="{num(page.y(b["y"]))}" stroke="#ff6f00" stroke-width="2" '
                       f'stroke-opacity="0.8">'
                       f'{_title(WORDS[lang]["lof"] + " " + shooter + " - " + target)}</line>')
    return out


# ---- warriors ----------------------------------------------------------------------------------
def wedge(cx: float, cy: float, r: float, facing: float, arc: float) -> str:
    """The path of a front arc (MK-G3) on the page: centre, then the arc of width `arc`
    degrees around `facing` (counter-clockwise, y up on the table, so y down on the page)."""
    if arc >= 360.0:
        return (f"M {num(cx - r)},{num(cy)} A {num(r)} {num(r)} 0 1 0 {num(cx + r)},{num(cy)} "
                f"A {num(r)} {num(r)} 0 1 0 {num(cx - r)},{num(cy)} Z")
    a1 = math.radians(facing - arc / 2.0)
    a2 = math.radians(facing + arc / 2.0)
    x1, y1 = cx + r * math.cos(a1), cy - r * math.sin(a1)
    x2, y2 = cx + r * math.cos(a2), cy - r * math.sin(a2)
    large = 1 if arc > 180.0 else 0
    # Counter-clockwise on the table is counter-clockwise on the page too (sweep flag 0).
    return (f"M {num(cx)},{num(cy)} L {num(x1)},{num(y1)} "
            f"A {num(r)} {num(r)} 0 {large} 0 {num(x2)},{num(y2)} Z")


def _tooltip(w: dict[str, Any], lang: str) -> str:
    """Id, name, rank, points, position, facing and the current click only (MK-24.1)."""
    t = LABELS[lang]
    text = (f"{w['id']} {figure_name(w, lang)} ({rank_name(str(w['rank']), lang)}, "
            f"{w['points']} {t['pts']}) {seat_label(int(w['owner']), lang)} · "
            f"{fmt(float(w['x']))},{fmt(float(w['y']))} · {fmt_angle(float(w['facing']))}°")
    if "speed" in w:
        text += (f" · {t['spd']} {w['speed']} {t['att']} {w['attack']} {t['def']} "
                 f"{w['defense']} {t['dmg']} {w['damage']} {t['rng']} {w['range']}")
    abilities = [ability_name(k, lang) for k in w.get("abilities", ())]
    if abilities:
        text += " · " + ", ".join(abilities)
    if int(w.get("tokens", 0)):
        text += f" · {t['tokens']} {w['tokens']}"
    if w.get("captor"):
        text += f" · {t['captive_of']} {w['captor']}"
    if w.get("captive"):
        text += f" · {t['holds']} {w['captive']}"
    return text


def _warrior(doc: dict[str, Any], w: dict[str, Any], page: _Page, radius: float,
             lang: str) -> str:
    seat = int(w["owner"])
    colour = seat_colour(seat)
    cx, cy, r = page.x(float(w["x"])), page.y(float(w["y"])), radius * page.scale
    facing = float(w["facing"])
    arc = float(w.get("front_arc", 90.0))
    held = bool(w.get("captor"))
    dash = ' stroke-dasharray="3 2"' if held else ""
    fx = cx + 1.5 * r * math.cos(math.radians(facing))
    fy = cy - 1.5 * r * math.sin(math.radians(facing))
    parts = [f'<g class="warrior{" captive" if held else ""}" data-id={quoteattr(w["id"])} '
             f'data-seat="{seat}">{_title(_tooltip(w, lang))}',
             f'<circle class="base" cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" '
             f'fill="#ffffff" stroke="{colour}" stroke-width="2"{dash}/>',
             f'<path class="front-arc" d="{wedge(cx, cy, r, facing, arc)}" fill="{colour}" '
             f'fill-opacity="0.45" stroke="none"/>',
             f'<line class="facing" x1="{num(cx)}" y1="{num(cy)}" x2="{num(fx)}" '
             f'y2="{num(fy)}" stroke="{colour}" stroke-width="2"/>',
             f'<text class="label" x="{num(cx)}" y="{num(cy + 3)}" font-size="9" '
             f'font-weight="bold" text-anchor="middle" fill="#000000">{escape(w["id"])}</text>']
    for i in range(int(w.get("tokens", 0))):
        parts.append(f'<circle class="token" cx="{num(cx + r + 4 + 7 * i)}" '
                     f'cy="{num(cy - r)}" r="3" fill="#f9a825" stroke="#5d4037"/>')
    parts.append("</g>")
    return "".join(parts)


# ---- legend ------------------------------------------------------------------------------------
def _legend(view: dict[str, Any], doc: dict[str, Any], page: _Page, lang: str) -> list[str]:
    """Terrain kinds present, the players' colours with their VP now (MK-22.5), and the
    pending decision."""
    t = LABELS[lang]
    top = MARGIN * 1.5 + page.height * page.scale
    out = []
    x = MARGIN
    kinds = {str(p["kind"]) for p in pieces(doc)}
    for kind in (k for k in LAYERS if k in kinds):
        name = KIND_NAMES[lang][kind]
        out.append(f'<rect class="legend-swatch {kind}" x="{num(x)}" y="{num(top)}" '
                   f'width="14" height="14" fill="{KIND_FILL[kind]}" '
                   f'stroke="{KIND_STROKE[kind]}"/>')
        out.append(f'<text class="legend" x="{num(x + 18)}" y="{num(top + 11)}" '
                   f'font-size="11">{escape(name)}</text>')
        x += 26 + 6.5 * len(name)
    vp = provisional_vp(doc)
    y = top + 28
    x = MARGIN
    for p in doc["players"]:
        seat = int(p["seat"])
        text = f"{seat_label(seat, lang)} {t['vp']} {vp[seat]['total']}"
        if view.get("seat") == seat:
            text += f" ({t['you']})"
        out.append(f'<circle class="legend-seat" cx="{num(x + 7)}" cy="{num(y + 7)}" r="7" '
                   f'fill="{seat_colour(seat)}"/>')
        out.append(f'<text class="legend" x="{num(x + 18)}" y="{num(y + 11)}" '
                   f'font-size="11">{escape(text)}</text>')
        x += 30 + 6.5 * len(text)
    found = decision(doc)
    text = ""
    if doc.get("over"):
        winners = ", ".join(seat_label(int(s), lang) for s in doc.get("winners") or [])
        text = f"{t['over']} · {t['winners']}: {winners}"
    elif found is not None:
        text = f"{t['decision']}: {seat_label(found[0], lang)} {decision_text(found[1], lang)}"
    if text:
        out.append(f'<text class="decision" x="{num(MARGIN)}" y="{num(y + 36)}" '
                   f'font-size="11">{escape(text)}</text>')
    return out
