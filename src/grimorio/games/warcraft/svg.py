"""A standalone SVG picture of a warcraft view (for the web client).

`svg(view, lang)` draws what the view holds and nothing else: the scenario's board cell by cell
(WC-2.3, WC-X3, WC-X5), each cell coloured by its zone's type (a turned Town Hall by its new
type, WC-3.1), borders between zones, walls (WC-18.3), depletion as hatching (WC-2.10), marked
Town Halls (WC-7.6), quest tokens (WC-2.16), and each side's pieces as labelled tokens in the
seat's colour (``M2``: two melee units; the tooltip says their level). A side panel gives the
turn, phase, First Player, the pending decision and each player's gold, wood, VP, unit levels,
buildings and hand: by name only in its owner's view, a count otherwise (WC-3.7). Every text is
escaped; the same view always gives the same bytes. Hex boards (The Elf Gate) are drawn as
bricks: odd rows shifted half a cell, which keeps every neighbour of the hex grid.
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape, quoteattr

from grimorio.games.warcraft import data
from grimorio.games.warcraft.render import (
    DECISIONS,
    LABELS,
    NEUTRAL,
    PHASES,
    board,
    cards_text,
    decision_name,
    force_text,
    glyph,
    lang_of,
    levels_text,
    scenario,
    seat_name,
    teams,
    token_text,
    vp_of,
    vp_target,
    zone_title,
)

CELL = 72            # pixels per cell
MARGIN = 16
PANEL = 440          # width of the players' panel
LINE = 15            # panel line height
TOKEN_W, TOKEN_H = 30, 15
SLOTS = ((4, 20), (37, 20), (4, 37), (37, 37), (4, 54), (37, 54))   # token corners in a cell
TYPE_FILL = {"town_hall": "#d7b377", "gold_mine": "#f2d46b", "forest": "#79b26f",
             "mountain": "#a3a3a3", "objective": "#e3a4a4", "empty": "#f1ece0"}
RACE_COLOURS = {"blue": "#2f6fd0", "red": "#c0392b", "purple": "#8e44ad", "green": "#1e8449"}
NEUTRAL_COLOUR = "#616a6b"
LETTERS = {"melee": "M", "ranged": "R", "flying": "F", "militia": "X", "workers": "W",
           "necromancers": "N", "outposts": "O", "building": "B"}
KIND_ORDER = ("melee", "ranged", "flying", "militia", "workers", "necromancers", "outposts",
              "building")
WORDS = {"en": {"title": "Warcraft board", "more": "more pieces", "wall": "wall",
                "letters": "M melee · R ranged · F flying · X militia · W workers · "
                           "N Necromancers · O outpost · B outpost being built"},
         "es": {"title": "Tablero de Warcraft", "more": "piezas más", "wall": "muro",
                "letters": "M cuerpo a cuerpo · R a distancia · F voladoras · X milicia · "
                           "W trabajadores · N nigromantes · O puesto · B puesto en obra"}}


def svg(view: dict[str, Any], lang: str = "en") -> str:
    """The SVG document (a string) of `view`'s board and players, labelled in `lang`."""
    doc = view["state"]
    lang = lang_of(lang)
    b = board(doc)
    rows = len(b.rows)
    cols = max(len(r) for r in b.rows)
    board_w = cols * CELL + (CELL // 2 if b.grid_kind == "hex" else 0)
    width = board_w + 3 * MARGIN + PANEL
    panel = _panel(view, doc, board_w + 2 * MARGIN, lang)
    height = max(rows * CELL + 2 * MARGIN + 20, MARGIN + LINE * (len(panel) + 1))
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
             _title(WORDS[lang]["title"]), _defs()]
    parts += _cells(doc, b, lang)
    parts += _edges(b, lang)
    parts += _pieces(doc, b, lang)
    parts.append(f'<text x="{MARGIN}" y="{rows * CELL + MARGIN + 14}" font-size="10" '
                 f'fill="#555555">{escape(WORDS[lang]["letters"])}</text>')
    parts += [_panel_line(x, y, text, cls, colour) for x, y, text, cls, colour in panel if text]
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _title(text: str) -> str:
    return f"<title>{escape(text)}</title>"


def _defs() -> str:
    """Hatch patterns for depleted zones (WC-2.10): sparse for partial, dense for complete."""
    return ('<defs><pattern id="partial" width="12" height="12" patternUnits="userSpaceOnUse" '
            'patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="12" '
            'stroke="#5d4037" stroke-width="2" stroke-opacity="0.45"/></pattern>'
            '<pattern id="complete" width="6" height="6" patternUnits="userSpaceOnUse" '
            'patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="6" '
            'stroke="#3e2723" stroke-width="2.5" stroke-opacity="0.6"/></pattern></defs>')


def _corner(b: data.Board, r: int, c: int) -> tuple[int, int]:
    """The pixel position of a cell's north-west corner."""
    shift = CELL // 2 if b.grid_kind == "hex" and r % 2 else 0
    return MARGIN + c * CELL + shift, MARGIN + r * CELL


def _grid(b: data.Board) -> list[list[data.Zone | None]]:
    by_glyph = {z.glyph: z for z in b.zones.values()}
    return [[by_glyph.get(g) for g in row] for row in b.rows]


def colour_of(doc: dict[str, Any], seat: int) -> str:
    """A seat's colour: its race's (WC-1.1); grey for the neutrals."""
    if seat == NEUTRAL:
        return NEUTRAL_COLOUR
    race = doc["players"][seat]["race"]
    return RACE_COLOURS.get(data.library().races[race].colour, "#333333")


# ---- cells and borders -----------------------------------------------------------------------
def _cells(doc: dict[str, Any], b: data.Board, lang: str) -> list[str]:
    t = LABELS[lang]
    out = []
    seen: set[str] = set()
    depletion = doc.get("depletion", {})
    marks, sealed = set(doc.get("marks", ())), set(doc.get("sealed", ()))
    for r, row in enumerate(_grid(b)):
        for c, zone in enumerate(row):
            if zone is None:
                continue
            x, y = _corner(b, r, c)
            tip = f"{zone.id} ({glyph(zone)}, {zone_title(zone, lang)})"
            out.append(f'<rect class="cell {zone.type}" data-zone="{zone.id}" x="{x}" y="{y}" '
                       f'width="{CELL}" height="{CELL}" fill="{TYPE_FILL[zone.type]}">'
                       f"{_title(tip)}</rect>")
            state = depletion.get(zone.id)
            if state in ("partial", "complete"):
                out.append(f'<rect class="depletion {state}" x="{x}" y="{y}" width="{CELL}" '
                           f'height="{CELL}" fill="url(#{state})">'
                           f"{_title(zone.id + ' ' + t[state])}</rect>")
            if zone.id in seen:
                continue
            seen.add(zone.id)
            out.append(f'<text class="glyph" x="{x + 4}" y="{y + 13}" font-size="11" '
                       f'font-weight="bold" fill="#3b3b3b">{escape(glyph(zone))}'
                       f"{_title(tip)}</text>")
            flags = [t["marked"]] if zone.id in marks else []
            flags += [t["sealed"]] if zone.id in sealed else []
            if flags:
                out.append(f'<circle class="mark" cx="{x + CELL - 9}" cy="{y + 9}" r="6" '
                           f'fill="#b71c1c">{_title(zone.id + ": " + ", ".join(flags))}'
                           "</circle>")
            out += _tokens_in(doc, zone.id, x + CELL - 22, y + 4, lang)
    return out


def _tokens_in(doc: dict[str, Any], zone: str, x: int, y: int, lang: str) -> list[str]:
    """Quest tokens (WC-2.16) as small diamonds; a destroyed one hollow."""
    out = []
    here = [tok for tok in doc.get("tokens", ()) if tok["zone"] == zone]
    for i, token in enumerate(here):
        cx, cy = x - 10 * i, y + 5
        fill = "#f39c12" if token.get("alive", True) else "none"
        out.append(f'<path class="quest {escape(token["kind"])}" d="M {cx} {cy - 5} L {cx + 5} '
                   f'{cy} L {cx} {cy + 5} L {cx - 5} {cy} Z" fill="{fill}" stroke="#7e5109" '
                   f'stroke-width="1.5">{_title(token_text(token, lang))}</path>')
    return out


def _neighbours(b: data.Board, r: int, c: int) -> list[tuple[str, int, int, int, int, int, int]]:
    """Each side of a cell: (side, neighbour row, column, x1, y1, x2, y2). Hex (brick) cells
    have their top and bottom split in halves, one per neighbour."""
    x, y = _corner(b, r, c)
    if b.grid_kind != "hex":
        return [("top", r - 1, c, x, y, x + CELL, y), ("left", r, c - 1, x, y, x, y + CELL),
                ("right", r, c + 1, x + CELL, y, x + CELL, y + CELL),
                ("bottom", r + 1, c, x, y + CELL, x + CELL, y + CELL)]
    s, h = r % 2, CELL // 2
    return [("top", r - 1, c - 1 + s, x, y, x + h, y), ("top", r - 1, c + s, x + h, y, x + CELL, y),
            ("left", r, c - 1, x, y, x, y + CELL),
            ("right", r, c + 1, x + CELL, y, x + CELL, y + CELL),
            ("bottom", r + 1, c - 1 + s, x, y + CELL, x + h, y + CELL),
            ("bottom", r + 1, c + s, x + h, y + CELL, x + CELL, y + CELL)]


def _edges(b: data.Board, lang: str) -> list[str]:
    """Zone borders (and the board's edge), then walls on top (WC-18.3)."""
    grid = _grid(b)
    borders, walls = [], []
    for r, row in enumerate(grid):
        for c, zone in enumerate(row):
            if zone is None:
                continue
            for side, rr, cc, x1, y1, x2, y2 in _neighbours(b, r, c):
                other = grid[rr][cc] if 0 <= rr < len(grid) and 0 <= cc < len(grid[rr]) \
                    else None
                if other is not None and (other.id == zone.id or side in ("top", "left")):
                    continue
                coords = f'x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"'
                if other is not None and b.walled(zone.id, other.id):
                    pair = "|".join(sorted((zone.id, other.id)))
                    walls.append(f'<line class="wall" {coords} stroke="#4e342e" '
                                 f'stroke-width="7" stroke-linecap="round">'
                                 f"{_title(WORDS[lang]['wall'] + ' ' + pair)}</line>")
                else:
                    borders.append(f'<line class="border" {coords} stroke="#2b2b2b" '
                                   f'stroke-width="2"/>')
    return borders + walls


# ---- pieces ----------------------------------------------------------------------------------
def _pieces(doc: dict[str, Any], b: data.Board, lang: str) -> list[str]:
    """Each side's pieces in a zone as tokens ``M2`` in the seat's colour, laid out over the
    zone's cells; what does not fit shows as ``+n``."""
    cells = b.cells()
    out = []
    for zone in b.zones.values():
        sides = doc["zones"].get(zone.id)
        if not sides:
            continue
        tokens = []
        for key in sorted(sides, key=int):
            seat, force = int(key), sides[key]
            for kind in KIND_ORDER:
                if force.get(kind):
                    tokens.append((seat, kind, int(force[kind]), force))
        spots = [(_corner(b, r, c), slot) for r, c in cells[zone.id] for slot in SLOTS]
        for ((x, y), (dx, dy)), token in zip(spots, tokens, strict=False):
            out.append(_token(doc, zone.id, x + dx, y + dy, token, lang))
        if len(tokens) > len(spots):
            more = len(tokens) - len(spots)
            (x, y), _ = spots[-1]
            out.append(f'<text class="more" x="{x + CELL - 4}" y="{y + CELL - 4}" '
                       f'font-size="10" text-anchor="end">+{more}'
                       f"{_title(f'{more} ' + WORDS[lang]['more'])}</text>")
    return out


def _token(doc: dict[str, Any], zone: str, x: int, y: int,
           token: tuple[int, str, int, dict[str, int]], lang: str) -> str:
    seat, kind, n, force = token
    tip = f"{zone}: {seat_name(doc, seat, lang)}: {force_text(doc, seat, {kind: n}, lang)}"
    if kind == "workers" and force.get("building"):
        tip += f" ({force['building']} {LABELS[lang]['builders']})"
    moved = force.get(f"moved_{kind}")
    if moved:
        tip += f" ({moved} {LABELS[lang]['moved']})"
    colour = colour_of(doc, seat)
    outpost = kind in ("outposts", "building")
    fill = "#ffffff" if kind == "building" else colour
    ink = colour if kind == "building" else "#ffffff"
    rx = 1 if outpost else 7
    return (f'<g class="piece {kind}" data-seat="{seat}" data-zone="{zone}">{_title(tip)}'
            f'<rect x="{x}" y="{y}" width="{TOKEN_W}" height="{TOKEN_H}" rx="{rx}" '
            f'fill="{fill}" stroke="{colour}" stroke-width="1.5"/>'
            f'<text x="{x + TOKEN_W // 2}" y="{y + 11}" font-size="10" font-weight="bold" '
            f'fill="{ink}" text-anchor="middle">{LETTERS[kind]}{n}</text></g>')


# ---- the panel -------------------------------------------------------------------------------
PanelLine = tuple[int, int, str, str, str]


def _panel(view: dict[str, Any], doc: dict[str, Any], x: int, lang: str) -> list[PanelLine]:
    """The lines of the side panel: (x, y, text, class, colour)."""
    t = LABELS[lang]
    lines: list[tuple[str, str, str]] = []
    head = f"{scenario(doc).name.get(lang)} · {t['turn']} {doc['turn']} {t['of']} " \
           f"{doc['turn_limit']}"
    lines.append((head, "heading", "#000000"))
    if doc.get("over"):
        winners = doc.get("winners") or []
        who = (f"{t['winners']}: " + ", ".join(seat_name(doc, s, lang) for s in winners)
               if winners else t["draw"])
        lines.append((f"{t['over']} · {who}", "status", "#000000"))
    else:
        lines.append((f"{t['phase']} {PHASES[lang].get(doc['phase'], doc['phase'])} · "
                      f"{t['first']} {seat_name(doc, doc['first_player'], lang)}", "status",
                      "#000000"))
        decision = _decision(doc, lang)
        if decision:
            lines.append((decision, "decision", "#000000"))
    goal = vp_target(doc)
    for entry in doc["players"]:
        seat = entry["seat"]
        colour = colour_of(doc, seat)
        name = seat_name(doc, seat, lang)
        if view.get("seat") == seat:
            name += f" ({t['you']})"
        if entry.get("eliminated"):
            name += f" · {t['eliminated']}"
        lines.append(("", "gap", colour))
        lines.append((name, "player", colour))
        parts = []
        if entry.get("piles", True):
            parts.append(f"{t['gold']} {entry['gold']} · {t['wood']} {entry['wood']}")
        if goal is not None:
            parts.append(f"{t['vp']} {vp_of(doc, [seat])}" + ("" if goal[1] else
                                                              f"/{goal[0]}"))
        if parts:
            lines.append((" · ".join(parts), "resources", "#000000"))
        lines.append((levels_text(entry, lang), "levels", "#000000"))
        lines.append((cards_text(entry, lang), "cards", "#000000"))
    if goal is not None and goal[1]:
        lines.append(("", "gap", "#000000"))
        for team in teams(doc):
            members = "+".join(f"P{s + 1}" for s in team)
            lines.append((f"{t['team']} {members}: {t['vp']} {vp_of(doc, team)}/{goal[0]}",
                          "team", "#000000"))
    if doc.get("neutral"):
        lines.append(("", "gap", "#000000"))
        lines.append((seat_name(doc, NEUTRAL, lang), "player", NEUTRAL_COLOUR))
        lines.append((levels_text(doc["neutral"], lang), "levels", "#000000"))
    return [(x, MARGIN + 12 + LINE * i, text, cls, colour)
            for i, (text, cls, colour) in enumerate(lines)]


def _decision(doc: dict[str, Any], lang: str) -> str:
    frames = doc.get("frames") or []
    if not frames or "seat" not in frames[-1]:
        return ""
    frame = str(frames[-1]["frame"])
    what = DECISIONS[lang].get(frame) or decision_name(frame)
    return f"{LABELS[lang]['decision']}: {seat_name(doc, int(frames[-1]['seat']), lang)} · {what}"


def _panel_line(x: int, y: int, text: str, cls: str, colour: str) -> str:
    weight = ' font-weight="bold"' if cls in ("heading", "player") else ""
    size = 13 if cls in ("heading", "player") else 11
    shown = text if len(text) <= 78 else text[:77] + "…"
    return (f'<text class={quoteattr(cls)} x="{x}" y="{y}" font-size="{size}"{weight} '
            f'fill="{colour}">{escape(shown)}{_title(text) if shown != text else ""}</text>')
