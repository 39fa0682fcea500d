"""A standalone SVG picture of a wiz-war view (for the web client).

`svg(view, lang)` draws what the view holds and nothing else: the squares (tinted by sector), the
home and treasure start squares, walls (cracks in their tooltip), doors in their colour (sealed
doors crossed), Walls of Earth and Fire, the portals at the outer openings, spells in play aimed
at edges, treasures on the floor, objects (a glyph with a tooltip) and the living wizards (a
circle in their colour showing their life). Every text is escaped; the output depends only on
the view, so the same view always gives the same bytes.
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape, quoteattr

from grimorio.games.wiz_war.board import Board, Edge
from grimorio.games.wiz_war.render import GLYPHS, card_name

CELL = 40  # pixels per square
MARGIN = 24  # room for the column letters and row numbers
FILL = {"blue": "#2f6fd0", "red": "#d0342c", "yellow": "#e2b714", "green": "#2e9e44"}
TINT = {"blue": "#e3ecfa", "red": "#fae4e3", "yellow": "#fbf4dc", "green": "#e2f4e6"}
EDGE_STYLE = {"wall": ("#222222", 4), "outer": ("#000000", 6), "earth": ("#8b5a2b", 6),
              "fire": ("#ff6a00", 5)}
WORDS = {
    "en": {"wall": "wall", "outer": "outer wall", "earth": "Wall of Earth",
           "fire": "Wall of Fire", "door": "door", "sealed": "sealed", "cracks": "cracks",
           "portal": "portal to", "home": "home of", "start": "treasure start of",
           "treasure": "treasure", "life": "life", "vp": "VP", "stun": "stun", "by": "by",
           "object": "object", "square": "square", "title": "Wiz-War board"},
    "es": {"wall": "muro", "outer": "muro exterior", "earth": "Muro de tierra",
           "fire": "Muro de fuego", "door": "puerta", "sealed": "sellada", "cracks": "grietas",
           "portal": "portal a", "home": "hogar de", "start": "inicio de tesoro de",
           "treasure": "tesoro", "life": "vida", "vp": "PV", "stun": "aturd.", "by": "de",
           "object": "objeto", "square": "casilla", "title": "Tablero de Wiz-War"},
}


def svg(view: dict[str, Any], lang: str = "en") -> str:
    """The SVG document (a string) of `view`'s board and pieces, labelled in `lang`."""
    doc = view["state"]
    lang = "es" if lang == "es" else "en"
    w = WORDS[lang]
    board = Board.from_document(doc["board"])
    width, height = board.width * CELL + 2 * MARGIN, board.height * CELL + 2 * MARGIN
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
             f"<title>{escape(w['title'])}</title>"]
    parts += _squares(board, w)
    parts += _labels(board)
    parts += _edges(board, w)
    parts += _portals(board, w)
    parts += _spell_edges(board, doc, w, lang)
    parts += _treasures(board, doc, w)
    parts += _objects(board, doc, w, lang)
    parts += _wizards(board, doc, w)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _corner(board: Board, sq: int) -> tuple[int, int]:
    """The pixel position of a square's north-west corner."""
    row, col = divmod(sq, board.width)
    return MARGIN + col * CELL, MARGIN + row * CELL


def _centre(board: Board, sq: int) -> tuple[int, int]:
    x, y = _corner(board, sq)
    return x + CELL // 2, y + CELL // 2


def _title(text: str) -> str:
    return f"<title>{escape(text)}</title>"


# ---- squares ---------------------------------------------------------------------------------
def _squares(board: Board, w: dict[str, str]) -> list[str]:
    homes = {board.home(p.colour): p.colour for p in board.sectors}
    starts = {sq: p.colour for p in board.sectors for sq in board.treasure_starts(p.colour)}
    out = []
    for sq in board.squares():
        colour = board.sectors[board.sector_of(sq)].colour
        x, y = _corner(board, sq)
        name = board.square_name(sq)
        fill = FILL[colour] if sq in homes else TINT.get(colour, "#eeeeee")
        opacity = ' fill-opacity="0.45"' if sq in homes else ""
        tip = f"{w['square']} {name}"
        if sq in homes:
            tip += f" · {w['home']} {colour}"
        if sq in starts:
            tip += f" · {w['start']} {starts[sq]}"
        out.append(f'<rect class="square" x="{x}" y="{y}" width="{CELL}" height="{CELL}" '
                   f'fill="{fill}"{opacity} stroke="#cccccc" stroke-width="0.5">'
                   f"{_title(tip)}</rect>")
        if sq in starts:
            out.append(f'<rect class="treasure-start" x="{x + 4}" y="{y + 4}" '
                       f'width="{CELL - 8}" height="{CELL - 8}" fill="none" '
                       f'stroke="{FILL.get(starts[sq], "#888888")}" stroke-dasharray="3 3"/>')
    return out


def _labels(board: Board) -> list[str]:
    out = []
    for col in range(board.width):
        x = MARGIN + col * CELL + CELL // 2
        out.append(f'<text x="{x}" y="{MARGIN - 8}" font-size="12" '
                   f'text-anchor="middle">{chr(97 + col)}</text>')
    for row in range(board.height):
        y = MARGIN + row * CELL + CELL // 2 + 4
        out.append(f'<text x="{MARGIN - 6}" y="{y}" font-size="12" '
                   f'text-anchor="end">{row + 1}</text>')
    return out


# ---- edges -----------------------------------------------------------------------------------
def _sides(board: Board) -> list[tuple[int, int]]:
    """Every side to draw once: the north and west sides of each square, plus the south and
    east sides on the outer border (an outer wall or a portal opening)."""
    return [(sq, d) for sq in board.squares() for d in range(4)
            if d in (0, 3) or board.beyond(sq, d) is None or board.through_portal(sq, d)]


def _segment(board: Board, sq: int, d: int) -> tuple[int, int, int, int]:
    """The pixel line of side `d` of `sq`."""
    x, y = _corner(board, sq)
    return {0: (x, y, x + CELL, y), 1: (x + CELL, y, x + CELL, y + CELL),
            2: (x, y + CELL, x + CELL, y + CELL), 3: (x, y, x, y + CELL)}[d]


def _edges(board: Board, w: dict[str, str]) -> list[str]:
    out = []
    for sq, d in _sides(board):
        edge = board.peek_edge(sq, d)
        if edge is not None:
            out.append(_edge(board, sq, d, edge, w))
    return out


def _edge(board: Board, sq: int, d: int, edge: Edge, w: dict[str, str]) -> str:
    x1, y1, x2, y2 = _segment(board, sq, d)
    name = board.edge_name(sq, d)
    if edge.kind == "door":
        colour = edge.colour or "grey"
        tip = f"{name}: {w['door']} {colour}" + (f" ({w['sealed']})" if edge.sealed else "")
        stroke, width, extra = FILL.get(colour, "#888888"), 6, ' stroke-dasharray="8 4"'
    else:
        stroke, width = EDGE_STYLE.get(edge.kind, ("#555555", 4))
        tip, extra = f"{name}: {w.get(edge.kind, edge.kind)}", ""
    if edge.cracks:
        tip += f" ({edge.cracks} {w['cracks']})"
    line = (f'<line class="edge {edge.kind}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" '
            f'stroke="{stroke}" stroke-width="{width}" stroke-linecap="square"{extra}>'
            f"{_title(tip)}</line>")
    if edge.sealed:
        mx, my = (x1 + x2) // 2, (y1 + y2) // 2
        line += (f'<path class="sealed" d="M{mx - 5} {my - 5}L{mx + 5} {my + 5}M{mx - 5} '
                 f'{my + 5}L{mx + 5} {my - 5}" stroke="#000000" stroke-width="2"/>')
    return line


def _portals(board: Board, w: dict[str, str]) -> list[str]:
    out = []
    for sq in board.squares():
        for d in range(4):
            beyond = board.beyond(sq, d)
            if beyond is None or not board.through_portal(sq, d):
                continue
            x1, y1, x2, y2 = _segment(board, sq, d)
            tip = f"{board.edge_name(sq, d)}: {w['portal']} {board.square_name(beyond)}"
            out.append(f'<circle class="portal" cx="{(x1 + x2) // 2}" cy="{(y1 + y2) // 2}" '
                       f'r="6" fill="#9b59b6" stroke="#4a235a">{_title(tip)}</circle>')
    return out


def _spell_edges(board: Board, doc: dict[str, Any], w: dict[str, str], lang: str) -> list[str]:
    """Spells in play aimed at an edge (Create Wall, Wall of Fire, Seal Door…): a dotted line
    in the caster's colour over that edge."""
    out = []
    for spell in doc["spells"]:
        caster = doc["wizards"][spell["caster"]]["colour"]
        for target in spell["targets"]:
            try:
                sq, d = board.parse_edge(target)
            except ValueError:
                continue
            x1, y1, x2, y2 = _segment(board, sq, d)
            tip = f"{card_name(spell['card'], lang)} ({w['by']} {caster}): {target}"
            out.append(f'<line class="spell-edge" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" '
                       f'stroke="{FILL.get(caster, "#888888")}" stroke-width="2" '
                       f'stroke-dasharray="2 3">{_title(tip)}</line>')
    return out


# ---- pieces ----------------------------------------------------------------------------------
def _treasures(board: Board, doc: dict[str, Any], w: dict[str, str]) -> list[str]:
    out = []
    for treasure in doc["treasures"]:
        if treasure["square"] is None or treasure["carrier"] is not None or treasure["scored"]:
            continue
        x, y = _centre(board, board.parse_square(treasure["square"]))
        x, y = x + 10, y - 10
        out.append(f'<path class="treasure" d="M{x} {y - 7}L{x + 7} {y}L{x} {y + 7}L{x - 7} '
                   f'{y}Z" fill="{FILL.get(treasure["colour"], "#888888")}" stroke="#000000">'
                   f"{_title(w['treasure'] + ' ' + treasure['name'])}</path>")
    return out


def _objects(board: Board, doc: dict[str, Any], w: dict[str, str], lang: str) -> list[str]:
    out = []
    seen: dict[str, int] = {}
    for obj in doc["objects"]:
        x, y = _centre(board, board.parse_square(obj["square"]))
        shift = seen.get(obj["square"], 0)   # several objects in a square: side by side
        seen[obj["square"]] = shift + 1
        x += 12 * (shift % 3)
        key = obj["card"] if obj["kind"] == "item" and obj["card"] else obj["kind"]
        tip = f"{w['object']}: {card_name(str(key), lang)}"
        if obj["owner"] is not None:
            tip += f" ({w['by']} {doc['wizards'][obj['owner']]['colour']})"
        if obj["cracks"]:
            tip += f" ({obj['cracks']} {w['cracks']})"
        glyph = GLYPHS.get(obj["kind"], "?")
        out.append(f'<g class="object" data-kind={quoteattr(str(obj["kind"]))}>{_title(tip)}'
                   f'<rect x="{x - 18}" y="{y + 4}" width="14" height="14" fill="#ffffff" '
                   f'stroke="#555555"/><text x="{x - 11}" y="{y + 15}" font-size="11" '
                   f'text-anchor="middle">{escape(glyph)}</text></g>')
    return out


def _wizards(board: Board, doc: dict[str, Any], w: dict[str, str]) -> list[str]:
    out = []
    seen: dict[str, int] = {}
    for wiz in doc["wizards"]:
        if not wiz["alive"]:
            continue
        x, y = _centre(board, board.parse_square(wiz["square"]))
        shift = seen.get(wiz["square"], 0)   # wizards sharing a square overlap a little
        seen[wiz["square"]] = shift + 1
        x, y = x - 4 + 8 * shift, y - 4 + 8 * shift
        colour = wiz["colour"]
        tip = (f"{colour} (P{wiz['seat'] + 1}): {w['life']} {wiz['life']}, {w['vp']} "
               f"{wiz['vp']}, {w['stun']} {wiz['stun']}")
        if wiz["treasures"]:
            tip += f", {w['treasure']} {' '.join(wiz['treasures'])}"
        out.append(f'<g class="wizard" data-colour={quoteattr(colour)}>{_title(tip)}'
                   f'<circle cx="{x}" cy="{y}" r="13" fill="{FILL.get(colour, "#888888")}" '
                   f'stroke="#000000" stroke-width="1.5"/><text x="{x}" y="{y + 5}" '
                   f'font-size="13" font-weight="bold" fill="#ffffff" '
                   f'text-anchor="middle">{wiz["life"]}</text></g>')
    return out
