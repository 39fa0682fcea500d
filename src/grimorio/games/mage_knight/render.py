"""A plain-text panel of a mage-knight view: a scaled map of the battlefield and the tables.

Reads only the view (the state document a seat may see, docs/games/mage-knight.md, "State
document") and static data (figure names in Spanish, ability names, terrain template names), so
it can show nothing the view hides: another seat's army list and its warriors stay out of it
until they are deployed (MK-X12), and a warrior shows only its current click's values and
abilities, never another click (MK-24.1, MK-X12). No square brackets anywhere: the command line
prints through rich, which would read them as markup.

The map is a grid of `COLS` columns, each cell about 0.6 in wide and twice as tall, so that the
square table looks square in a terminal; north (the far edge, y = H) is at the top and x grows
to the right (MK-G1). A cell shows the terrain its centre lies in (MK-14.1, MK-15.1, MK-16.1 to
MK-16.7; a low wall wherever it passes through the cell, MK-G17), and each warrior on the table
is drawn as its id starting at the cell of its base centre, followed by an arrow of its facing
when the next cell is free (MK-G1, MK-G3). Under it: the legend, the terrain pieces, the figures
with their current values, the players, and the pending decision.
"""

from __future__ import annotations

import math
import re
import textwrap
from typing import Any

from grimorio.games.mage_knight import data, geometry, terrain
from grimorio.games.mage_knight.notation import fmt, fmt_angle, wid_key

COLS = 64                    # map columns; rows follow from the table's proportions
MAX_ROWS = 48
MARGIN = 5                   # the y-axis labels left of the map: "  30|"
NAME_WIDTH = 15
TABLE_WIDTH = 76             # at most this wide: the panel fits an 80-column terminal

LABELS: dict[str, dict[str, str]] = {
    "en": {"title": "Mage Knight Rebellion", "phase": "phase", "turn": "turn",
           "round": "round", "of": "of", "first": "first player", "over": "the game is over",
           "winners": "winners", "legend": "Legend", "clear": "clear",
           "warrior": "warrior, arrow = facing", "terrain": "Terrain", "no_terrain": "none",
           "pile": "Pile", "figures": "Figures", "no_figures": "no figures to show",
           "players": "Players", "you": "you", "team": "team", "actions": "actions left",
           "vp": "VP now", "eliminations": "eliminations", "captives": "captives",
           "survivors": "survivors", "withdrawn": "withdrawn", "out": "out of the game",
           "army": "army", "hidden_army": "army hidden until deployed", "custom": "custom",
           "points": "points", "not_chosen": "no army yet", "decision": "Decision",
           "candidates": "candidate actions", "off_table": "off the table",
           "eliminated": "eliminated", "captive_of": "captive of", "holds": "holds",
           "tokens": "tokens", "abilities": "abilities", "none": "none", "edge": "edge",
           "unseen": "warriors not shown (army hidden)", "id": "id", "owner": "P",
           "name": "name", "rank": "rank", "pts": "pts", "pos": "position", "face": "face",
           "spd": "spd", "att": "att", "def": "def", "dmg": "dmg", "rng": "rng",
           "zone": "deployment zone", "spent": "spent", "ladder": "ladder",
           "on_elevated": "on top"},
    "es": {"title": "Mage Knight Rebellion", "phase": "fase", "turn": "turno",
           "round": "ronda", "of": "de", "first": "jugador inicial",
           "over": "la partida ha terminado", "winners": "ganan", "legend": "Leyenda",
           "clear": "despejado", "warrior": "guerrero, flecha = orientación",
           "terrain": "Terreno", "no_terrain": "ninguno", "pile": "Reserva",
           "figures": "Figuras", "no_figures": "no hay figuras que mostrar",
           "players": "Jugadores", "you": "tú", "team": "equipo",
           "actions": "acciones restantes", "vp": "PV ahora", "eliminations": "eliminaciones",
           "captives": "prisioneros", "survivors": "supervivientes", "withdrawn": "retirado",
           "out": "fuera de la partida", "army": "ejército",
           "hidden_army": "ejército oculto hasta desplegarlo", "custom": "a medida",
           "points": "puntos", "not_chosen": "sin ejército aún", "decision": "Decisión",
           "candidates": "acciones candidatas", "off_table": "fuera de la mesa",
           "eliminated": "eliminado", "captive_of": "prisionero de", "holds": "retiene a",
           "tokens": "fichas", "abilities": "habilidades", "none": "ninguna", "edge": "borde",
           "unseen": "guerreros no mostrados (ejército oculto)", "id": "id", "owner": "J",
           "name": "nombre", "rank": "rango", "pts": "pts", "pos": "posición",
           "face": "orient", "spd": "vel", "att": "ata", "def": "def", "dmg": "daño",
           "rng": "alc", "zone": "zona de despliegue", "spent": "gastado",
           "ladder": "escalera", "on_elevated": "encima"},
}

PHASES = {"en": {"army": "army choice", "pile": "terrain pile", "terrain": "terrain placement",
                 "deploy": "deployment", "play": "battle", "over": "over"},
          "es": {"army": "elección de ejército", "pile": "reserva de terreno",
                 "terrain": "colocación del terreno", "deploy": "despliegue",
                 "play": "batalla", "over": "terminada"}}

EDGES = {"en": {"south": "south", "west": "west", "north": "north", "east": "east"},
         "es": {"south": "sur", "west": "oeste", "north": "norte", "east": "este"}}

END_REASONS = {
    "en": {"one_side": "one side left", "no_side": "no side left",
           "agreement": "the players agreed to end", "round_limit": "round limit reached",
           "no_players": "no players left"},
    "es": {"one_side": "solo queda un bando", "no_side": "no queda ningún bando",
           "agreement": "los jugadores acordaron terminar",
           "round_limit": "se alcanzó el límite de rondas", "no_players": "no quedan jugadores"},
}

KIND_NAMES = {
    "en": {"hindering": "hindering", "blocking": "blocking", "elevated": "elevated",
           "steep": "steep elevated", "shallow": "shallow water", "deep": "deep water",
           "low_wall": "low wall"},
    "es": {"hindering": "difícil", "blocking": "infranqueable", "elevated": "elevado",
           "steep": "elevado escarpado", "shallow": "agua poco profunda",
           "deep": "agua profunda", "low_wall": "muro bajo"},
}

GLYPHS = {"hindering": "░", "blocking": "█", "elevated": "▒", "steep": "▓", "shallow": "~",
          "deep": "≈", "low_wall": "="}
"""One character per terrain kind (MK-14.1); clear ground is `CLEAR`."""
CLEAR = "."
ZONE = ","
"""A clear cell of a deployment zone, shown while players deploy (MK-3.9, MK-G18)."""

LAYERS = ("elevated", "steep", "shallow", "deep", "hindering", "blocking", "low_wall")
"""Drawing order: a zone on top of an elevated piece (MK-15.3) covers it."""

ARROWS = "→↗↑↖←↙↓↘"
"""Facing arrows by 45° sectors from 0° (+x), counter-clockwise (MK-G1)."""

DECISIONS = {
    "en": {"ArmyAsk": "chooses an army (army …)", "PileAsk": "adds a piece to the pile (pile …)",
           "PlaceAsk": "places a terrain piece (place … at X,Y rotate D)",
           "DeployAsk": "deploys a warrior (deploy … at X,Y facing D)",
           "TurnAsk": "plays the turn (move, shoot, fight, heal, levitate, raise, regenerate, "
                      "pass, end, offer-end, withdraw)",
           "AgreeAsk": "agrees to end the game or not (agree yes / agree no)",
           "SpinAsk": "may spin a warrior freely (spin … D / spin … no)",
           "FaceAsk": "faces the warrior that failed to escape (face … D)",
           "CaptiveAsk": "sets the captive down (captive … at X,Y facing D)",
           "HealAsk": "chooses how much Healing heals (heal value / heal roll)"},
    "es": {"ArmyAsk": "elige un ejército (army …)",
           "PileAsk": "añade una pieza a la reserva (pile …)",
           "PlaceAsk": "coloca una pieza de terreno (place … at X,Y rotate D)",
           "DeployAsk": "despliega un guerrero (deploy … at X,Y facing D)",
           "TurnAsk": "juega el turno (move, shoot, fight, heal, levitate, raise, regenerate, "
                      "pass, end, offer-end, withdraw)",
           "AgreeAsk": "acepta o no terminar la partida (agree yes / agree no)",
           "SpinAsk": "puede girar libremente un guerrero (spin … D / spin … no)",
           "FaceAsk": "orienta al guerrero que no logró escapar (face … D)",
           "CaptiveAsk": "deja al prisionero (captive … at X,Y facing D)",
           "HealAsk": "elige cuánto cura Curación (heal value / heal roll)"},
}


# ---- shared helpers (svg.py uses them too) ----------------------------------------------------
def lang_of(lang: str) -> str:
    return "es" if lang == "es" else "en"


def clean(text: str) -> str:
    """Text safe for rich markup: no square brackets."""
    return text.replace("[", "(").replace("]", ")")


def seat_label(seat: int, lang: str) -> str:
    """`P1` in English, `J1` in Spanish (jugador)."""
    return f"{LABELS[lang]['owner']}{seat + 1}"


def table_size(doc: dict[str, Any]) -> tuple[float, float]:
    """Width and height of the battlefield (MK-G1)."""
    field = doc.get("terrain")
    if isinstance(field, dict) and "width" in field:
        return float(field["width"]), float(field["height"])
    side = float(doc.get("battlefield", 39.37))
    return side, side


def pieces(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """The terrain pieces on the table, as JSON (TerrainPiece.to_json)."""
    field = doc.get("terrain")
    if isinstance(field, dict):
        return list(field.get("pieces", ()))
    return []


def on_table(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """The warriors of the view that stand on the battlefield (captives included), id order."""
    return [w for _, w in sorted(doc["warriors"].items(), key=lambda kv: wid_key(kv[0]))
            if w.get("placed") and not w.get("eliminated")]


def figure_name(warrior: dict[str, Any], lang: str) -> str:
    """The figure's name in `lang` (static data; the view's English name otherwise)."""
    if lang == "es":
        fig = data.library().figures.get(int(warrior["number"]))
        if fig is not None and fig.name_es:
            return fig.name_es
    return str(warrior["name"])


def rank_name(rank: str, lang: str) -> str:
    found = data.library().ranks.get(rank)
    return rank if found is None else found.name.get(lang)


def ability_name(key: str, lang: str) -> str:
    found = data.library().abilities.get(key)
    return key if found is None else found.name.get(lang)


def template_name(key: str | None, lang: str) -> str | None:
    if key is None:
        return None
    found = terrain.templates().get(key)
    return None if found is None else found.name.get(lang)


def deploy_box(edge: str, width: float, height: float) -> tuple[float, float, float, float]:
    """The area base centres may take when deploying from `edge` (MK-3.9, MK-G18): within 3 in
    of the edge line and at least 8 in from each other edge line (x0, y0, x1, y1)."""
    depth, gap = terrain.DEPLOY_DEPTH, terrain.DEPLOY_CLEARANCE
    boxes = {"south": (gap, 0.0, width - gap, depth),
             "north": (gap, height - depth, width - gap, height),
             "west": (0.0, gap, depth, height - gap),
             "east": (width - depth, gap, width, height - gap)}
    return boxes[edge]


def arrow(facing: float) -> str:
    """The arrow nearest a facing (MK-G1: 0° = +x, counter-clockwise)."""
    return ARROWS[int(((facing % 360.0) + 22.5) // 45.0) % 8]


def provisional_vp(doc: dict[str, Any]) -> list[dict[str, int]]:
    """Each player's VP if the game ended now, from the view alone (MK-22.2 to MK-22.5):
    eliminations so far, twice each opposing captive held, own figures on the table and not
    captive."""
    out = [{"eliminated": int(p.get("vp_eliminated", 0)), "captives": 0, "survivors": 0}
           for p in doc["players"]]
    warriors = doc["warriors"]
    for w in on_table(doc):
        row = out[int(w["owner"])]
        captive = w.get("captive")
        if captive is not None and captive in warriors:
            row["captives"] += 2 * int(warriors[captive]["points"])
        if w.get("captor") is None:
            row["survivors"] += int(w["points"])
    for row in out:
        row["total"] = row["eliminated"] + row["captives"] + row["survivors"]
    return out


def decision(doc: dict[str, Any]) -> tuple[int, str] | None:
    """The seat that decides now and the name of its decision frame, if any."""
    frames = doc.get("frames") or []
    if doc.get("over") or not frames or "seat" not in frames[-1]:
        return None
    return int(frames[-1]["seat"]), str(frames[-1]["frame"])


def decision_text(frame: str, lang: str) -> str:
    """What a decision frame asks, in `lang` (a readable name for a frame not listed)."""
    known = DECISIONS[lang].get(frame)
    if known:
        return known
    words = re.findall(r"[A-Z][a-z0-9]*", frame) or [frame]
    if len(words) > 1 and words[-1] == "Ask":
        words = words[:-1]
    return " ".join(w.lower() for w in words)


# ---- the panel ---------------------------------------------------------------------------------
def render(view: dict[str, Any], lang: str) -> str:
    """The panel for `view` in `lang` ("en" or "es")."""
    doc = view["state"]
    lang = lang_of(lang)
    lines = _header(doc, lang)
    lines += battle_map(doc, lang)
    lines += _legend(doc, lang)
    lines += _terrain(doc, lang)
    lines += _figures(view, doc, lang)
    lines += _players(view, doc, lang)
    lines += _decision(view, doc, lang)
    return clean("\n".join(lines))


def _header(doc: dict[str, Any], lang: str) -> list[str]:
    t = LABELS[lang]
    phase = PHASES[lang].get(str(doc["phase"]), str(doc["phase"]))
    head = f"{t['title']} · {t['phase']} {phase} · {t['turn']} {doc['turn']} · "
    if not doc.get("over"):
        # `round` counts the rounds completed; the one being played is the next (MK-X9).
        head += f"{t['round']} {int(doc['round']) + 1} · "
    head += f"{t['first']} {seat_label(int(doc['first_player']), lang)}"
    if not doc.get("over"):
        return [head]
    winners = ", ".join(seat_label(int(s), lang) for s in doc.get("winners") or [])
    reason = END_REASONS[lang].get(str(doc.get("end_reason")), str(doc.get("end_reason", "")))
    return [head, f"{t['over']} ({reason}) · {t['winners']}: {winners}"]


# ---- the map -----------------------------------------------------------------------------------
class Grid:
    """The map's cells: `cols` × `rows` over a `width` × `height` table, north at the top."""

    def __init__(self, width: float, height: float) -> None:
        self.width, self.height = width, height
        self.cols = COLS
        self.rows = max(8, min(MAX_ROWS, round(COLS * height / width / 2)))
        self.cw = width / self.cols
        self.ch = height / self.rows
        self.cells = [[CLEAR] * self.cols for _ in range(self.rows)]

    def cell_of(self, x: float, y: float) -> tuple[int, int]:
        """(row, column) of the cell holding point (x, y), clamped to the map."""
        col = min(self.cols - 1, max(0, math.floor(x / self.cw)))
        row = min(self.rows - 1, max(0, math.floor((self.height - y) / self.ch)))
        return row, col

    def centre(self, row: int, col: int) -> tuple[float, float]:
        return (col + 0.5) * self.cw, self.height - (row + 0.5) * self.ch


def map_cell(doc: dict[str, Any], x: float, y: float) -> tuple[int, int]:
    """(row, column) of the map cell of table point (x, y): tests use it to find a warrior."""
    width, height = table_size(doc)
    return Grid(width, height).cell_of(x, y)


def battle_map(doc: dict[str, Any], lang: str) -> list[str]:
    """The scaled map with its rulers and the edges' owners."""
    width, height = table_size(doc)
    grid = Grid(width, height)
    if doc.get("phase") == "deploy":
        _paint_zones(grid, doc)
    _paint_terrain(grid, pieces(doc))
    _paint_warriors(grid, on_table(doc))
    return _frame(grid, doc, lang)


def _paint_zones(grid: Grid, doc: dict[str, Any]) -> None:
    """Each player's deployment zone: the cells whose centre a base centre could take."""
    for p in doc["players"]:
        if str(p["edge"]) not in EDGES["en"]:
            continue
        x0, y0, x1, y1 = deploy_box(str(p["edge"]), grid.width, grid.height)
        for row in range(grid.rows):
            for col in range(grid.cols):
                x, y = grid.centre(row, col)
                if x0 <= x <= x1 and y0 <= y <= y1:
                    grid.cells[row][col] = ZONE


def _paint_terrain(grid: Grid, found: list[dict[str, Any]]) -> None:
    order = {kind: i for i, kind in enumerate(LAYERS)}
    layered = sorted(found, key=lambda p: (bool(p.get("on_elevated")),
                                           order.get(str(p["kind"]), 0)))
    for piece in layered:
        kind = str(piece["kind"])
        ring = [(float(x), float(y)) for x, y in piece["outline"]]
        xs, ys = [p[0] for p in ring], [p[1] for p in ring]
        top, left = grid.cell_of(min(xs), max(ys))
        bottom, right = grid.cell_of(max(xs), min(ys))
        reach = min(grid.cw, grid.ch) / 2
        for row in range(top, bottom + 1):
            for col in range(left, right + 1):
                x, y = grid.centre(row, col)
                inside = geometry.point_in_polygon(x, y, ring)
                # A low wall is thinner than a cell: mark every cell it passes through (MK-G17).
                if inside or (kind == "low_wall"
                              and geometry.boundary_distance(x, y, ring) <= reach):
                    grid.cells[row][col] = GLYPHS.get(kind, "?")


def _paint_warriors(grid: Grid, warriors: list[dict[str, Any]]) -> None:
    """Ids first (each from the cell of its centre, moved aside only when another id is
    there), then the facing arrows where the next cell is free."""
    taken: set[tuple[int, int]] = set()
    placed: list[tuple[int, int, int, str]] = []
    for w in warriors:
        row, col = grid.cell_of(float(w["x"]), float(w["y"]))
        spot = _free_spot(grid, taken, row, col, len(w["id"]))
        if spot is None:
            continue
        row, col = spot
        for i, ch in enumerate(w["id"]):
            grid.cells[row][col + i] = ch
            taken.add((row, col + i))
        placed.append((row, col, len(w["id"]), arrow(float(w["facing"]))))
    for row, col, length, mark in placed:
        for spot in ((row, col + length), (row, col - 1)):
            if 0 <= spot[1] < grid.cols and spot not in taken:
                grid.cells[spot[0]][spot[1]] = mark
                taken.add(spot)
                break


def _free_spot(grid: Grid, taken: set[tuple[int, int]], row: int, col: int,
               length: int) -> tuple[int, int] | None:
    col = min(col, grid.cols - length)
    for dr, dc in ((0, 0), (0, 1), (0, -1), (-1, 0), (1, 0), (0, 2), (0, -2), (-1, 1), (1, 1),
                   (-1, -1), (1, -1)):
        r, c = row + dr, col + dc
        if 0 <= r < grid.rows and 0 <= c <= grid.cols - length and not any(
                (r, c + i) in taken for i in range(length)):
            return r, c
    return None


def _edge_owners(doc: dict[str, Any], lang: str) -> dict[str, str]:
    """`north` -> `north · P2`: each edge with the player who deploys there (MK-X8)."""
    names = {edge: EDGES[lang][edge] for edge in EDGES[lang]}
    for p in doc["players"]:
        edge = str(p["edge"])
        names[edge] = f"{EDGES[lang].get(edge, edge)} · {seat_label(int(p['seat']), lang)}"
    return names


def _frame(grid: Grid, doc: dict[str, Any], lang: str) -> list[str]:
    edges = _edge_owners(doc, lang)
    pad = " " * MARGIN
    inner = grid.cols
    lines = [pad + edges["north"].center(inner + 2).rstrip(), pad + " " + _ruler(grid)]
    border = pad[:-1] + " +" + "-" * inner + "+"
    lines.append(border)
    for row, cells in enumerate(grid.cells):
        label = _y_label(grid, row)
        lines.append(f"{label:>{MARGIN - 1}} |{''.join(cells)}|")
    lines.append(border)
    lines.append(pad + edges["south"].center(inner + 2).rstrip())
    sides = [f"← {edges['west']}" if "·" in edges["west"] else "",
             f"{edges['east']} →" if "·" in edges["east"] else ""]
    if any(sides):
        lines.append(pad + sides[0] + " " * max(1, inner + 2 - len(sides[0]) - len(sides[1]))
                     + sides[1])
    return lines


def _y_label(grid: Grid, row: int) -> str:
    """The multiple of 5 in (the row's bottom, its top], if any; 0 on the bottom row."""
    high = grid.height - row * grid.ch
    low = high - grid.ch
    mark = math.floor(high / 5.0) * 5
    if mark > low or (row == grid.rows - 1 and mark == 0):
        return str(mark)
    return ""


def _ruler(grid: Grid) -> str:
    """x labels every 10 in (every 5 on a small table) at their columns."""
    step = 5 if grid.width < 30 else 10 if grid.width < 120 else 50
    out = [" "] * (grid.cols + 6)
    x = 0
    while x <= grid.width:
        col = min(grid.cols - 1, math.floor(x / grid.cw))
        text = str(x)
        if all(ch == " " for ch in out[col:col + len(text) + 1]):
            out[col:col + len(text)] = list(text)
        x += step
    return "".join(out).rstrip()


def _legend(doc: dict[str, Any], lang: str) -> list[str]:
    t = LABELS[lang]
    kinds = {str(p["kind"]) for p in pieces(doc)}
    entries = [f"{CLEAR} {t['clear']}"]
    if doc.get("phase") == "deploy":
        entries.append(f"{ZONE} {t['zone']}")
    entries += [f"{GLYPHS[k]} {KIND_NAMES[lang][k]}" for k in LAYERS if k in kinds]
    entries.append(f"a1→ {t['warrior']}")
    return wrap(f"{t['legend']}: ", entries)


def wrap(head: str, entries: list[str], sep: str = " · ") -> list[str]:
    """`head` and the entries joined by `sep`, wrapped at TABLE_WIDTH."""
    lines, line = [], head
    for entry in entries:
        joined = entry if line == head else sep + entry
        # room for the entry and for the separator that ends the line if the next one wraps
        if len(line) + len(joined) + len(sep.rstrip()) > TABLE_WIDTH and line != head:
            lines.append(line + sep.rstrip())
            line = "    " + entry
        else:
            line += joined
    return [*lines, line]


def _terrain(doc: dict[str, Any], lang: str) -> list[str]:
    """Each piece on the table (kind, template, ladders) and the pile still to place."""
    t = LABELS[lang]
    entries = []
    for piece in pieces(doc):
        kind = KIND_NAMES[lang].get(str(piece["kind"]), str(piece["kind"]))
        name = template_name(piece.get("template"), lang)
        text = f"{piece['id']} {name} ({kind})" if name else f"{piece['id']} ({kind})"
        extras = []
        if piece.get("on_elevated"):
            extras.append(t["on_elevated"])
        if piece.get("thickness"):
            extras.append(f"{fmt(float(piece['thickness']))} in")
        for a, b in piece.get("ladders", ()):
            extras.append(f"{t['ladder']} {fmt(a[0])},{fmt(a[1])}-{fmt(b[0])},{fmt(b[1])}")
        if extras:
            text += " " + ", ".join(extras)
        entries.append(text)
    lines = wrap(f"{t['terrain']}: ", entries or [t["no_terrain"]])
    pile = doc.get("pile") or []
    if pile:
        lines += wrap(f"{t['pile']}: ", [
            f"{e['piece']} {template_name(e['template'], lang) or e['template']} "
            f"({seat_label(int(e['seat']), lang)})" for e in pile])
    return lines


# ---- figures -----------------------------------------------------------------------------------
def _figures(view: dict[str, Any], doc: dict[str, Any], lang: str) -> list[str]:
    """One row per warrior in the view, with a second line for abilities, tokens and captive
    links; only the current click's values (MK-24.1, MK-X12)."""
    t = LABELS[lang]
    out = ["", f"{t['figures']}:"]
    warriors = sorted(doc["warriors"].values(), key=lambda w: wid_key(str(w["id"])))
    if not warriors:
        return [*out, "  " + t["no_figures"]]
    out.append(_row(t["id"], t["owner"], t["name"], t["rank"], t["pts"], t["pos"], t["face"],
                    (t["spd"], t["att"], t["def"], t["dmg"]), t["rng"]))
    for w in warriors:
        out += _warrior_lines(w, lang)
    hidden = [p for p in doc["players"] if p.get("chosen") and "army" not in p]
    if hidden:
        seats = ", ".join(seat_label(int(p["seat"]), lang) for p in hidden)
        out.append(f"  {t['unseen']}: {seats}")
    return out


def _row(wid: str, owner: str, name: str, rank: str, pts: str, pos: str, face: str,
         stats: tuple[str, str, str, str], rng: str) -> str:
    short = name if len(name) <= NAME_WIDTH else name[:NAME_WIDTH - 1] + "…"
    values = "".join(f"{s:>4}" for s in stats)
    return (f" {wid:<4}{owner:<3}{short:<{NAME_WIDTH}} {rank:<8}{pts:>3} {pos:>11} "
            f"{face:>8}{values} {rng:>3}").rstrip()


def _warrior_lines(w: dict[str, Any], lang: str) -> list[str]:
    t = LABELS[lang]
    notes = []
    if w.get("eliminated"):
        pos, face = "-", ""
        notes.append(t["eliminated"])
    elif not w.get("placed"):
        pos, face = "-", ""
        notes.append(t["off_table"])
    else:
        pos = f"{fmt(float(w['x']))},{fmt(float(w['y']))}"
        face = f"{fmt_angle(float(w['facing']))}° {arrow(float(w['facing']))}"
    if "speed" in w:
        stats = (str(w["speed"]), str(w["attack"]), str(w["defense"]), str(w["damage"]))
    else:
        stats = ("-", "-", "-", "-")
    rng = str(w["range"]) + (f"×{w['targets']}" if int(w.get("targets", 1)) > 1 else "")
    lines = [_row(str(w["id"]), seat_label(int(w["owner"]), lang), figure_name(w, lang),
                  rank_name(str(w["rank"]), lang), str(w["points"]), pos, face, stats, rng)]
    abilities = [ability_name(k, lang) for k in w.get("abilities", ())]
    if abilities:
        notes.append(f"{t['abilities']}: " + ", ".join(abilities))
    if int(w.get("tokens", 0)):
        notes.append(f"{t['tokens']} {w['tokens']}")
    if w.get("captor"):
        notes.append(f"{t['captive_of']} {w['captor']}")
    if w.get("captive"):
        notes.append(f"{t['holds']} {w['captive']}")
    if notes:
        lines += wrap("        ", notes, "; ")
    return lines


# ---- players and the decision --------------------------------------------------------------------
def _players(view: dict[str, Any], doc: dict[str, Any], lang: str) -> list[str]:
    """Each player: edge, team (when some are allied), actions left, VP if the game ended now
    (MK-22.5) and the army list when the view holds it (MK-X12)."""
    t = LABELS[lang]
    vp = provisional_vp(doc)
    teams = [p.get("team") for p in doc["players"]]
    shared = len(set(teams)) < len(teams)
    out = ["", f"{t['players']}:"]
    for p in doc["players"]:
        seat = int(p["seat"])
        head = seat_label(seat, lang)
        if view.get("seat") == seat:
            head += f" ({t['you']})"
        parts = [head, f"{t['edge']} {EDGES[lang].get(str(p['edge']), str(p['edge']))}"]
        if shared:
            parts.append(f"{t['team']} {p['team']}")
        parts.append(f"{t['actions']} {p['actions_left']}")
        if p.get("withdrawn"):
            parts.append(t["withdrawn"])
        elif p.get("out"):
            parts.append(t["out"])
        row = vp[seat]
        out.append("  " + " · ".join(parts))
        out.append(f"      {t['vp']} {row['total']}: {t['eliminations']} {row['eliminated']}, "
                   f"{t['captives']} {row['captives']}, {t['survivors']} {row['survivors']}")
        out += textwrap.wrap(_army_text(p, lang), TABLE_WIDTH, initial_indent="      ",
                             subsequent_indent="        ")
    return out


def _army_text(p: dict[str, Any], lang: str) -> str:
    """The army list when the view holds it; otherwise only that it is hidden (MK-X12)."""
    t = LABELS[lang]
    if not p.get("chosen"):
        return t["not_chosen"]
    if "army" not in p:
        return t["hidden_army"]
    army_id = p.get("army_id")
    name = t["custom"]
    if army_id:
        found = data.library().armies.get(str(army_id))
        name = found.name.get(lang) if found is not None else str(army_id)
    figures = ", ".join(str(n) for n in p["army"])
    return f"{t['army']} {name}: {figures} · {t['spent']} {p['points_spent']} {t['points']}"


def _decision(view: dict[str, Any], doc: dict[str, Any], lang: str) -> list[str]:
    found = decision(doc)
    if found is None:
        return []
    t = LABELS[lang]
    seat, frame = found
    text = f"{t['decision']}: {seat_label(seat, lang)} {decision_text(frame, lang)}"
    lines = ["", *textwrap.wrap(text, TABLE_WIDTH, subsequent_indent="    ")]
    legal = view.get("legal_actions")
    if legal:
        lines.append(f"  {t['candidates']}: {len(legal)}")
    return lines
