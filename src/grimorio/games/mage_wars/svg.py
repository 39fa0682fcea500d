"""A standalone SVG picture of a mage-wars view (for the web client).

`svg(view, lang)` draws what the view holds and nothing else: the zones (MW-2.3), the perimeter
(MW-5.65) and the walls on inner borders (MW-5.58), each standing object as a token in its
controller's colour (o-id inside, name under it, a damage/life bar, condition markers, a dashed
ring for Guard, faded when inactive), enchantments and equipment as small cards beside their host
(an opponent's face-down enchantment as a blank card: the view carries no card for it, MW-5.78),
and a side panel with each mage's life, mana, channeling, quickcast, planned spells (named only in
their owner's view, MW-3.20) and discard pile. A banished creature, in play but in no zone
(MW-S12), is drawn in a strip under the arena with its Banish tokens left and its spells, as the
text board lists it. Every text is escaped; the same view always gives the same bytes.
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape, quoteattr

from grimorio.games.mage_wars import data
from grimorio.games.mage_wars.render import (
    LABELS,
    banished,
    card_name,
    class_name,
    condition_name,
    element_text,
    lang_of,
    object_life,
    planned_text,
    short_name,
    standing,
)

CELL = 150           # pixels per zone
MARGIN = 24          # room for the row letters and column numbers
PANEL = 290          # width of the mages' panel
SLOT = 48            # token spacing inside a zone
PER_ROW = 3
MAX_TOKENS = 6       # tokens drawn per zone; more show as "+n"
COLOURS = ("#c0392b", "#2f6fd0", "#2e8b57", "#b8860b")   # one per seat, green and yellow
#                                                         for the extra players (MW-9.10)
MARKER_COLOURS = {"burn": "#e67e22", "stun": "#8e44ad", "daze": "#f1c40f", "weak": "#7f8c8d",
                  "cripple": "#6d4c41", "rot": "#27ae60", "sleep": "#34495e"}
BANISHED_ROW = 70     # height of a banished creature's row in the strip under the arena
WORDS = {"en": {"title": "Mage Wars arena", "zone": "zone", "wall": "wall",
                "perimeter": "perimeter wall", "more": "more objects", "banished": "banished",
                "tokens": "Banish tokens"},
         "es": {"title": "Arena de Mage Wars", "zone": "zona", "wall": "muro",
                "perimeter": "muro perimetral", "more": "más objetos",
                "banished": "desterradas", "tokens": "fichas de Destierro"}}


def svg(view: dict[str, Any], lang: str = "en") -> str:
    """The SVG document (a string) of `view`'s arena and mages, labelled in `lang`."""
    doc = view["state"]
    lang = lang_of(lang)
    rows, cols = _shape(doc)
    width = cols * CELL + 2 * MARGIN + PANEL
    away = banished(doc)
    strip = 0 if not away else 24 + BANISHED_ROW * len(away)
    height = max(rows * CELL + 2 * MARGIN + strip, 60 + 190 * len(doc["players"]))
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
             _title(WORDS[lang]["title"])]
    parts += _zones(rows, cols, lang)
    parts += _walls(doc, rows, cols, lang)
    parts += _zone_enchantments(doc, lang)
    parts += _tokens(doc, lang)
    parts += _banished_strip(doc, away, rows * CELL + 2 * MARGIN, lang)
    parts += _panel(view, doc, cols, lang)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _shape(doc: dict[str, Any]) -> tuple[int, int]:
    arena = data.shipped().arenas.get(doc["arena"])
    return arena.rows, arena.columns


def _title(text: str) -> str:
    return f"<title>{escape(text)}</title>"


def _zone_corner(zone: str) -> tuple[int, int]:
    """The pixel position of a zone's north-west corner."""
    row, col = ord(zone[0]) - ord("A"), int(zone[1:]) - 1
    return MARGIN + col * CELL, MARGIN + row * CELL


def _zone_name(row: int, col: int) -> str:
    return f"{chr(ord('A') + row)}{col + 1}"


# ---- zones and walls -------------------------------------------------------------------------
def _zones(rows: int, cols: int, lang: str) -> list[str]:
    out = []
    for r in range(rows):
        for c in range(cols):
            zone = _zone_name(r, c)
            x, y = _zone_corner(zone)
            fill = "#f3efe6" if (r + c) % 2 == 0 else "#ebe5d8"
            out.append(f'<rect class="zone" data-zone="{zone}" x="{x}" y="{y}" width="{CELL}" '
                       f'height="{CELL}" fill="{fill}" stroke="#b8b0a0" stroke-width="1">'
                       f"{_title(WORDS[lang]['zone'] + ' ' + zone)}</rect>")
            out.append(f'<text x="{x + 5}" y="{y + 14}" font-size="12" fill="#7a705c">'
                       f"{zone}</text>")
    w, h = cols * CELL, rows * CELL
    out.append(f'<rect class="perimeter" x="{MARGIN}" y="{MARGIN}" width="{w}" height="{h}" '
               f'fill="none" stroke="#000000" stroke-width="6">'
               f"{_title(WORDS[lang]['perimeter'])}</rect>")
    return out


def _walls(doc: dict[str, Any], rows: int, cols: int, lang: str) -> list[str]:
    """A thick line on each walled border (MW-5.58); its tooltip names the border."""
    out = []
    for wall in sorted(sorted(w) for w in doc.get("walls", ())):
        a, b = wall
        (ax, ay), (bx, by) = _zone_corner(a), _zone_corner(b)
        if ay == by:        # side by side: the vertical line between them
            x = max(ax, bx)
            x1, y1, x2, y2 = x, ay, x, ay + CELL
        else:
            y = max(ay, by)
            x1, y1, x2, y2 = ax, y, ax + CELL, y
        out.append(f'<line class="wall" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" '
                   f'stroke="#5d4037" stroke-width="8" stroke-linecap="square">'
                   f"{_title(WORDS[lang]['wall'] + ' ' + a + '|' + b)}</line>")
    return out


# ---- objects ---------------------------------------------------------------------------------
def _tokens(doc: dict[str, Any], lang: str) -> list[str]:
    out = []
    for zone, objs in sorted(standing(doc).items()):
        x0, y0 = _zone_corner(zone)
        for i, obj in enumerate(objs[:MAX_TOKENS]):
            cx = x0 + 26 + SLOT * (i % PER_ROW)
            cy = y0 + 44 + 62 * (i // PER_ROW)
            out.append(_token(doc, obj, cx, cy, lang))
        if len(objs) > MAX_TOKENS:
            more = len(objs) - MAX_TOKENS
            out.append(f'<text class="more" x="{x0 + CELL - 6}" y="{y0 + 14}" font-size="11" '
                       f'text-anchor="end">+{more}{_title(f"{more} " + WORDS[lang]["more"])}'
                       "</text>")
    return out


def _banished_strip(doc: dict[str, Any], away: list[dict[str, Any]], y: int, lang: str
                    ) -> list[str]:
    """Under the arena, one row per banished creature (MW-S12): its token (with its spells
    beside it, a hidden one blank) and a caption in its controller's colour with the Banish
    tokens left before it comes back."""
    if not away:
        return []
    words = WORDS[lang]
    out = ['<g class="banished">',
           f'<text x="{MARGIN}" y="{y + 4}" font-size="12" font-weight="bold" '
           f'fill="#7a705c">{escape(words["banished"].capitalize())}</text>']
    for i, obj in enumerate(away):
        cx, cy = MARGIN + 40, y + 30 + BANISHED_ROW * i
        tokens = (obj.get("memo") or {}).get("banish")
        caption = f"o{obj['oid']} {short_name(doc, obj, lang)} P{obj['controller'] + 1}"
        if tokens:
            caption += f" · {tokens} {words['tokens']}"
        colour = COLOURS[obj["controller"] % len(COLOURS)]
        out.append(_token(doc, obj, cx, cy, lang))
        out.append(f'<text class="banished-caption" data-oid="{obj["oid"]}" x="{cx + 30}" '
                   f'y="{cy + 4}" font-size="11" fill="{colour}">{escape(caption)}</text>')
    out.append("</g>")
    return out


def _token(doc: dict[str, Any], obj: dict[str, Any], cx: int, cy: int, lang: str) -> str:
    t = LABELS[lang]
    name = short_name(doc, obj, lang)
    life = object_life(doc, obj)
    tip = _token_tip(doc, obj, name, life, lang)
    colour = COLOURS[obj["controller"] % len(COLOURS)]
    faded = "" if obj.get("active") or obj["kind"] not in ("mage", "creature") \
        else ' fill-opacity="0.45"'
    stroke = ' stroke="#d4ac0d" stroke-width="3"' if obj["kind"] == "mage" \
        else ' stroke="#000000" stroke-width="1"'
    parts = [f'<g class="token {escape(obj["kind"])}" data-oid="{obj["oid"]}">{_title(tip)}',
             f'<circle cx="{cx}" cy="{cy}" r="15" fill="{colour}"{faded}{stroke}/>',
             f'<text x="{cx}" y="{cy + 4}" font-size="10" font-weight="bold" fill="#ffffff" '
             f'text-anchor="middle">o{obj["oid"]}</text>',
             f'<text x="{cx}" y="{cy + 26}" font-size="8" text-anchor="middle">'
             f"{escape(_cut(_token_label(doc, obj, name, lang), 10))}</text>"]
    if obj.get("guard"):
        parts.append(f'<circle class="guard" cx="{cx}" cy="{cy}" r="19" fill="none" '
                     f'stroke="#2c3e50" stroke-width="2" stroke-dasharray="4 2">'
                     f"{_title(t['guard'])}</circle>")
    if life:
        parts.append(_life_bar(cx - 16, cy + 30, 32, obj.get("damage", 0), life))
    parts += _marker_dots(obj, cx + 15, cy - 16, lang)
    parts += _cards_beside(doc, obj, cx - 22, cy - 15, lang)
    parts.append("</g>")
    return "".join(parts)


def _token_label(doc: dict[str, Any], obj: dict[str, Any], name: str, lang: str) -> str:
    """The caption under a token: a mage by its class alone, to fit."""
    if obj["kind"] != "mage":
        return name
    player = next(p for p in doc["players"] if p["mage"] == obj["oid"])
    return class_name(player["class"], lang)


def _token_tip(doc: dict[str, Any], obj: dict[str, Any], name: str, life: int | None,
               lang: str) -> str:
    t = LABELS[lang]
    tip = f"o{obj['oid']} {name} P{obj['controller'] + 1}"
    if life is not None:
        tip += f" · {t['damage']} {obj.get('damage', 0)}/{life}"
    if obj["kind"] in ("mage", "creature"):
        tip += f" · {t['active'] if obj.get('active') else t['inactive']}"
    if obj.get("guard"):
        tip += f" · {t['guard']}"
    return tip


def _cut(text: str, n: int) -> str:
    return text if len(text) <= n else text[:n - 1] + "…"


def _life_bar(x: int, y: int, width: int, damage: int, life: int) -> str:
    """Green for life left, red for damage (MW-5.25)."""
    left = max(0, life - damage)
    green = round(width * left / life) if life else 0
    return (f'<rect class="life" x="{x}" y="{y}" width="{width}" height="4" fill="#c0392b"/>'
            f'<rect x="{x}" y="{y}" width="{green}" height="4" fill="#27ae60"/>')


def _marker_dots(obj: dict[str, Any], x: int, y: int, lang: str) -> list[str]:
    out = []
    for i, (name, n) in enumerate(sorted(obj.get("markers", {}).items())):
        if not n:
            continue
        colour = MARKER_COLOURS.get(name, "#95a5a6")
        cy = y + 9 * i
        out.append(f'<g class="marker" data-marker={quoteattr(name)}>'
                   f"{_title(f'{condition_name(name, lang)} {n}')}"
                   f'<circle cx="{x}" cy="{cy}" r="4.5" fill="{colour}"/>'
                   f'<text x="{x}" y="{cy + 3}" font-size="7" fill="#ffffff" '
                   f'text-anchor="middle">{n}</text></g>')
    return out


def _attached(doc: dict[str, Any], oid: int) -> list[dict[str, Any]]:
    found = [o for o in doc["objects"] if o.get("host") == oid]
    return sorted(found, key=lambda o: (o.get("order", 0), o["oid"]))


def _cards_beside(doc: dict[str, Any], obj: dict[str, Any], x: int, y: int,
                  lang: str) -> list[str]:
    """Small cards for what hangs on the object: one column left of the token."""
    return [_mini_card(o, x, y + 11 * i, lang) for i, o in enumerate(_attached(doc, obj["oid"]))]


def _mini_card(obj: dict[str, Any], x: int, y: int, lang: str) -> str:
    """A card 7 by 10: face up in its controller's colour, face down dark (named in the tooltip
    only when the view names it, i.e. for its controller)."""
    t = LABELS[lang]
    hidden = obj.get("card") is None
    face_down = hidden or not obj.get("face_up", True)
    name = t["hidden"] if hidden else card_name(obj["card"], lang)
    tip = f"o{obj['oid']} {name} P{obj['controller'] + 1}"
    if face_down and not hidden:
        tip += f" ({t['face_down']})"
    fill = "#2d2d2d" if face_down else COLOURS[obj["controller"] % len(COLOURS)]
    return (f'<rect class="card {escape(obj["kind"])}{" face-down" if face_down else ""}" '
            f'data-oid="{obj["oid"]}" x="{x}" y="{y}" width="7" height="10" rx="1" '
            f'fill="{fill}" stroke="#ffffff" stroke-width="0.5">{_title(tip)}</rect>')


def _zone_enchantments(doc: dict[str, Any], lang: str) -> list[str]:
    out = []
    seen: dict[str, int] = {}
    for obj in doc["objects"]:
        if obj["kind"] != "enchantment" or obj.get("host") is not None or not obj.get("zone"):
            continue
        x0, y0 = _zone_corner(obj["zone"])
        i = seen.get(obj["zone"], 0)
        seen[obj["zone"]] = i + 1
        out.append(_mini_card(obj, x0 + CELL - 12 - 10 * i, y0 + CELL - 14, lang))
    return out


# ---- the mages' panel ------------------------------------------------------------------------
def _panel(view: dict[str, Any], doc: dict[str, Any], cols: int, lang: str) -> list[str]:
    x = cols * CELL + 2 * MARGIN
    out = []
    objs = {o["oid"]: o for o in doc["objects"]}
    for i, player in enumerate(doc["players"]):
        out += _mage_panel(view, doc, player, objs.get(player["mage"]), x, MARGIN + 190 * i,
                           lang)
    return out


def _mage_panel(view: dict[str, Any], doc: dict[str, Any], player: dict[str, Any],
                mage: dict[str, Any] | None, x: int, y: int, lang: str) -> list[str]:
    t = LABELS[lang]
    seat = player["seat"]
    damage = mage.get("damage", 0) if mage else 0
    life = player["life"]
    head = f"P{seat + 1} {class_name(player['class'], lang)} o{player['mage']}"
    if view.get("seat") == seat:
        head += f" ({t['you']})"
    side = []                               # a line of its own: the heading has no room
    element = element_text(player, lang)    # the Wizard's (MW-7.31)
    if element:
        side.append(element)
    if player.get("team", -1) in (0, 1):    # a team game of four (MW-9.6)
        side.append(f"{t['team']} {'AB'[player['team']]}")
    if player.get("out"):                   # its mage fell (MW-B29)
        side.append(t["out"])
    lines = [f"{t['life']} {max(0, life - damage)}/{life} · {t['mana']} {player['mana']}",
             f"{t['channeling']} {player['channeling']} · {t['quickcast']} "
             f"{t['ready'] if player.get('quickcast') else t['used']}",
             planned_text(player, lang),
             f"{t['book']}: {player.get('book_size', 0)} · {t['discard']}: "
             f"{len(player.get('discard', ()))}", *([" · ".join(side)] if side else [])]
    out = [f'<g class="mage-panel" data-seat="{seat}">',
           f'<text x="{x}" y="{y + 12}" font-size="13" font-weight="bold" '
           f'fill="{COLOURS[seat % len(COLOURS)]}">{escape(head)}</text>',
           _life_bar(x, y + 18, PANEL - 30, damage, life)]
    out += [f'<text x="{x}" y="{y + 40 + 15 * i}" font-size="11">{escape(_cut(line, 44))}'
            f"{_title(line)}</text>" for i, line in enumerate(lines)]
    out += _panel_cards(doc, player, mage, x, y + 110, lang)
    out.append("</g>")
    return out


def _panel_cards(doc: dict[str, Any], player: dict[str, Any], mage: dict[str, Any] | None,
                 x: int, y: int, lang: str) -> list[str]:
    """The mage's equipment and enchantments as cards with a caption; hidden ones blank."""
    if mage is None:
        return []
    out = []
    t = LABELS[lang]
    for i, obj in enumerate(_attached(doc, mage["oid"])[:12]):
        cx, cy = x + 21 * (i % 6), y + 34 * (i // 6)
        hidden = obj.get("card") is None
        face_down = hidden or not obj.get("face_up", True)
        label = "?" if hidden else _cut(card_name(obj["card"], lang), 3)
        name = t["hidden"] if hidden else card_name(obj["card"], lang)
        tip = f"o{obj['oid']} {name} P{obj['controller'] + 1}"
        if face_down and not hidden:
            tip += f" ({t['face_down']})"
        fill = "#2d2d2d" if face_down else "#fdfefe"
        ink = "#ffffff" if face_down else "#000000"
        out.append(f'<g class="card {escape(obj["kind"])}{" face-down" if face_down else ""}" '
                   f'data-oid="{obj["oid"]}">{_title(tip)}'
                   f'<rect x="{cx}" y="{cy}" width="18" height="28" rx="2" fill="{fill}" '
                   f'stroke="#555555"/><text x="{cx + 9}" y="{cy + 17}" font-size="7" '
                   f'fill="{ink}" text-anchor="middle">{escape(label)}</text></g>')
    return out
