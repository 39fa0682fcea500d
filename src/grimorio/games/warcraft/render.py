"""A plain-text panel of a warcraft view: the board, what stands in each zone, the players.

Reads only the view (the state document a seat may see, docs/games/warcraft.md, "State
document") and the static data (the scenario's board, the races' unit cards, the experience
cards' names), so it can show nothing the view hides: another player's hand is a count, and only
the viewer's own hand is named (WC-3.7). No square brackets anywhere: the command line prints
through rich, which would read them as markup.

The grid is the board's cell map (WC-2.3, WC-X3, WC-X5): each cell shows its zone's glyph, the
first cell of a zone also the sides with pieces there (seat digits, ``n`` for the neutrals); a
``|`` or a ``-`` line separates two zones, ``#`` is a wall (WC-18.3). A Town Hall zone turned to
its other side in the two-player layout shows as ``t`` (WC-3.1). Hex boards (The Elf Gate) shift
every odd row half a cell to the right. Under it, a legend of glyphs and zone ids, each zone with
something in it, each player, and the pending decision.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from grimorio.games.warcraft import data

CELL = 5            # characters per cell: the glyph, a space and two of occupants
WIDTH = 96          # wrap width of the legend
NEUTRAL = -1

LABELS = {
    "en": {"title": "Warcraft", "turn": "turn", "of": "of", "phase": "phase",
           "first": "first player", "over": "the game is over", "winners": "winners",
           "draw": "a draw", "zones": "Zones", "you": "you", "town_hall": "Town Hall",
           "none": "none", "gold": "gold", "wood": "wood", "vp": "VP", "no_piles": "no piles",
           "units": "units", "buildings": "buildings", "constructing": "under construction",
           "with_worker": "with worker", "no_worker": "no worker", "training": "training",
           "hand": "hand", "cards": "cards", "deck": "deck", "discard": "discard",
           "laid": "laid", "aside": "set aside", "dead": "waiting to return",
           "eliminated": "eliminated", "marked": "marked", "sealed": "sealed",
           "partial": "partly depleted", "complete": "depleted", "moved": "moved",
           "builders": "building", "decision": "Decision", "team": "Team",
           "combat": "Combat in", "against": "against", "round": "round", "step": "step",
           "token": "token", "destroyed": "destroyed", "neutral": "Neutrals",
           "prisoner": "prisoner", "nordrassil": "Nordrassil", "special": "special",
           "spawn": "free unit", "free_upgrade": "free upgrade", "effects": "effects",
           "from": "from", "empty_board": "no pieces on the board", "top": "top",
           "level": "L", "strength": "S", "panel": "no panel"},
    "es": {"title": "Warcraft", "turn": "turno", "of": "de", "phase": "fase",
           "first": "jugador inicial", "over": "la partida ha terminado", "winners": "ganan",
           "draw": "empate", "zones": "Zonas", "you": "tú", "town_hall": "Ayuntamiento",
           "none": "ninguno", "gold": "oro", "wood": "madera", "vp": "PV",
           "no_piles": "sin reservas", "units": "unidades", "buildings": "edificios",
           "constructing": "en construcción", "with_worker": "con trabajador",
           "no_worker": "sin trabajador", "training": "entrenando", "hand": "mano",
           "cards": "cartas", "deck": "mazo", "discard": "descartes", "laid": "bajadas",
           "aside": "apartadas", "dead": "esperando volver", "eliminated": "eliminado",
           "marked": "marcado", "sealed": "sellado", "partial": "agotamiento parcial",
           "complete": "agotada", "moved": "movidas", "builders": "construyendo",
           "decision": "Decisión", "team": "Equipo", "combat": "Combate en",
           "against": "contra", "round": "ronda", "step": "paso", "token": "ficha",
           "destroyed": "destruida", "neutral": "Neutrales", "prisoner": "prisionero",
           "nordrassil": "Nordrassil", "special": "especial", "spawn": "unidad gratuita",
           "free_upgrade": "mejora gratuita", "effects": "efectos", "from": "desde",
           "empty_board": "no hay piezas en el tablero", "top": "encima", "level": "N",
           "strength": "F", "panel": "sin panel"},
}

RACES = {"en": {"human": "Humans", "orc": "Orcs", "undead": "Undead",
                "night_elf": "Night Elves"},
         "es": {"human": "Humanos", "orc": "Orcos", "undead": "No Muertos",
                "night_elf": "Elfos Nocturnos"}}
KINDS = {"en": {"melee": "melee", "ranged": "ranged", "flying": "flying",
                "workers": "workers", "necromancers": "Necromancers", "militia": "militia",
                "outposts": "outposts", "building": "outposts being built"},
         "es": {"melee": "cuerpo a cuerpo", "ranged": "a distancia", "flying": "voladoras",
                "workers": "trabajadores", "necromancers": "nigromantes",
                "militia": "milicia", "outposts": "puestos",
                "building": "puestos en construcción"}}
TYPES = {"en": {"town_hall": "Town Hall", "gold_mine": "Gold Mine", "forest": "Forest",
                "mountain": "Mountain", "objective": "Objective", "empty": "Empty"},
         "es": {"town_hall": "Ayuntamiento", "gold_mine": "Mina de oro", "forest": "Bosque",
                "mountain": "Montaña", "objective": "Objetivo", "empty": "Vacía"}}
PHASES = {"en": {"movement": "movement", "harvest": "harvest", "deployment": "deployment",
                 "spending": "spending"},
          "es": {"movement": "movimiento", "harvest": "recolección",
                 "deployment": "despliegue", "spending": "gastos"}}
ABILITIES = {"en": {"area_attack": "Area Attack", "heal": "Heal", "poison": "Poison",
                    "bloodlust": "Bloodlust", "raise_dead": "Raise Dead"},
             "es": {"area_attack": "Ataque de Área", "heal": "Curar", "poison": "Veneno",
                    "bloodlust": "Sed de Sangre", "raise_dead": "Levantar a los Muertos"}}
STEPS = {"en": {"ranged": "ranged", "flying": "flying", "melee": "melee"},
         "es": {"ranged": "a distancia", "flying": "voladoras", "melee": "cuerpo a cuerpo"}}
PIECE_ORDER = ("melee", "ranged", "flying", "militia", "workers", "necromancers", "outposts")

DECISIONS = {
    "en": {"MoveAsk": "moves (move … / done)", "DeployAsk": "deploys (deploy … / finish … / "
           "done)", "SpendAsk": "spends (train … / build … / outpost … / upgrade … / done)",
           "GiveAsk": "may give a resource to the partner (give … / done)",
           "CardWindow": "may play a card (play … / pass)",
           "PlayAsk": "may play a card (play … / pass)",
           "BuilderAsk": "chooses how many builders gather (harvest …)",
           "PortalAsk": "chooses where Town Portal leads",
           "RespawnAsk": "chooses where killed units come back (respawn …)",
           "FreeUpgradeAsk": "takes a free upgrade (upgrade …)",
           "ChooseBattle": "chooses the next battlefield (battle …)",
           "JoinAsk": "joins the combat or not (join yes / join no)",
           "CasualtyAsk": "picks a casualty (casualty …)",
           "PoisonAsk": "uses Poison or not", "RaiseAsk": "uses Raise Dead or not"},
    "es": {"MoveAsk": "mueve (move … / done)", "DeployAsk": "despliega (deploy … / finish … / "
           "done)", "SpendAsk": "gasta (train … / build … / outpost … / upgrade … / done)",
           "GiveAsk": "puede dar un recurso al compañero (give … / done)",
           "CardWindow": "puede jugar una carta (play … / pass)",
           "PlayAsk": "puede jugar una carta (play … / pass)",
           "BuilderAsk": "elige cuántos constructores recolectan (harvest …)",
           "PortalAsk": "elige adónde lleva la Puerta del Ayuntamiento",
           "RespawnAsk": "elige dónde vuelven las unidades muertas (respawn …)",
           "FreeUpgradeAsk": "toma una mejora gratuita (upgrade …)",
           "ChooseBattle": "elige el siguiente campo de batalla (battle …)",
           "JoinAsk": "se une o no al combate (join yes / join no)",
           "CasualtyAsk": "elige una baja (casualty …)",
           "PoisonAsk": "usa Veneno o no", "RaiseAsk": "usa Levantar a los Muertos o no"},
}


TIMINGS = {
    "en": {"own_movement_start": "start of own movement",
           "opponent_movement_start": "start of an opponent's movement",
           "enemy_enters_workers_zone": "enemies enter a zone with own workers",
           "movement_end_before_combat": "end of movement, before combat",
           "own_harvest_start": "start of own harvest",
           "own_spending_start": "start of own spending",
           "own_building_purchase": "buying a building", "combat_round_start": "combat round",
           "combat_melee_step_start": "melee step", "combat_before_own_roll": "before rolling",
           "combat_after_own_roll": "after rolling",
           "combat_after_opponent_roll": "after the opponent's roll",
           "combat_before_casualties": "before casualties",
           "combat_before_inflicted_casualty_removed": "before a casualty is removed",
           "combat_after_enemy_casualty": "after an enemy casualty",
           "combat_after_card_played": "after a card is played", "any_time": "end of turn"},
    "es": {"own_movement_start": "inicio del movimiento propio",
           "opponent_movement_start": "inicio del movimiento de un rival",
           "enemy_enters_workers_zone": "enemigos entran en una zona con trabajadores propios",
           "movement_end_before_combat": "fin del movimiento, antes del combate",
           "own_harvest_start": "inicio de la recolección propia",
           "own_spending_start": "inicio de los gastos propios",
           "own_building_purchase": "compra de un edificio",
           "combat_round_start": "ronda de combate", "combat_melee_step_start": "paso cuerpo a "
           "cuerpo", "combat_before_own_roll": "antes de tirar",
           "combat_after_own_roll": "después de tirar",
           "combat_after_opponent_roll": "después de la tirada del rival",
           "combat_before_casualties": "antes de las bajas",
           "combat_before_inflicted_casualty_removed": "antes de retirar una baja",
           "combat_after_enemy_casualty": "después de una baja enemiga",
           "combat_after_card_played": "después de jugarse una carta",
           "any_time": "fin del turno"},
}


# ---- shared helpers (svg.py uses them too) ----------------------------------------------------
def lang_of(lang: str) -> str:
    return "es" if lang == "es" else "en"


def board(doc: dict[str, Any]) -> data.Board:
    """The board the view's scenario is played on (turned Town Halls included, WC-3.1)."""
    return data.scenario(str(doc["scenario"])).board


def scenario(doc: dict[str, Any]) -> data.Scenario:
    return data.scenario(str(doc["scenario"]))


@cache
def _card_names() -> dict[str, Any]:
    return {c.id: c.name for c in data.library().experience.cards.values()}


def card_name(card: str, lang: str) -> str:
    """An experience card's name in `lang` (the id for an unknown card)."""
    text = _card_names().get(card)
    return card if text is None else str(text.get(lang))


def race_name(race: str, lang: str) -> str:
    return RACES[lang].get(race, race)


def player_entry(doc: dict[str, Any], seat: int) -> dict[str, Any] | None:
    if seat == NEUTRAL:
        neutral: dict[str, Any] | None = doc.get("neutral")
        return neutral
    players: list[dict[str, Any]] = doc["players"]
    return players[seat] if 0 <= seat < len(players) else None


def seat_name(doc: dict[str, Any], seat: int, lang: str) -> str:
    """``P1 Humans``; the neutrals as ``Neutrals (Night Elves)``."""
    entry = player_entry(doc, seat)
    race = race_name(entry["race"], lang) if entry else "?"
    if seat == NEUTRAL:
        return f"{LABELS[lang]['neutral']} ({race})"
    return f"P{seat + 1} {race}"


def seat_mark(seat: int) -> str:
    """One character per side on the grid: the seat digit, ``n`` for the neutrals."""
    return "n" if seat == NEUTRAL else str(seat + 1)


def units_of(force: dict[str, int]) -> int:
    """Units for control and VP (militia fight as melee, WC-13.5)."""
    return sum(int(force.get(k, 0)) for k in ("melee", "ranged", "flying", "militia"))


def teams(doc: dict[str, Any]) -> list[list[int]]:
    """The sides as lists of seats (section 15): the scenario's teams, else one seat each."""
    races = [p["race"] for p in doc["players"]]
    out: list[list[int]] = []
    for team in scenario(doc).teams:
        members = [s for s, r in enumerate(races) if r in team]
        if members:
            out.append(members)
    listed = {s for team in out for s in team}
    out += [[s] for s in range(len(races)) if s not in listed]
    return sorted(out)


def _unit_track(race: str, kind: str) -> data.UnitTrack:
    return data.library().races[race].units[kind]


def vp_target(doc: dict[str, Any]) -> tuple[int, bool] | None:
    """The VP goal (points, counted per team) when the scenario uses VP (WC-1.3, WC-1.4)."""
    sc = scenario(doc)
    if not sc.uses_vp:
        return None
    goal = next((c for c in sc.victory if c.kind == "vp"), None)
    return None if goal is None else (goal.points, goal.team)


def vp_of(doc: dict[str, Any], seats: list[int]) -> int:
    """VP of a player or a team from the view: laid Victory Point cards, fully upgraded unit
    types, and Objectives and Town Halls where one of `seats` keeps a unit, each counted once
    (WC-14.1, WC-14.5, WC-A15)."""
    lib = data.library()
    value = int(lib.constants.victory["fully_upgraded_type_vp"].value)
    total = 0
    for seat in seats:
        player = doc["players"][seat]
        total += sum(lib.experience.cards[c].effect.amount for c in player["laid"]
                     if c in lib.experience.cards)
        for kind, level in player["levels"].items():
            if level >= _unit_track(player["race"], kind).top_level.value:
                total += value
    zones = board(doc).zones
    keys = {str(s) for s in seats}
    for zone_id, sides in doc["zones"].items():
        if zones[zone_id].vp and any(units_of(f) for k, f in sides.items() if k in keys):
            total += zones[zone_id].vp
    return total


def glyph(zone: data.Zone) -> str:
    """The glyph a zone is drawn with: a turned Town Hall shows ``t`` (WC-3.1)."""
    if zone.glyph[0] == "T" and zone.type != "town_hall":
        return "t" + zone.glyph[1:]
    return zone.glyph


def zone_title(zone: data.Zone, lang: str) -> str:
    """``Objective 2 VP``, ``Town Hall 3 VP``."""
    t = LABELS[lang]
    text = TYPES[lang][zone.type]
    vp = data.TOWN_HALL_VP if zone.type == "town_hall" else zone.vp
    if vp:
        text += f" {vp} {t['vp']}"
    if zone.label:
        text += f" {zone.label}"
    return text


def render(view: dict[str, Any], lang: str) -> str:
    """The panel for `view` in `lang` ("en" or "es")."""
    doc = view["state"]
    lang = lang_of(lang)
    lines = _header(doc, lang)
    lines += grid(doc)
    lines += _legend(doc, lang)
    lines += _zones(doc, lang)
    lines += _players(view, doc, lang)
    lines += _battle(doc, lang)
    lines += _decision(doc, lang)
    return "\n".join(lines)


# ---- header ----------------------------------------------------------------------------------
def _header(doc: dict[str, Any], lang: str) -> list[str]:
    t = LABELS[lang]
    title = (f"{t['title']} · {scenario(doc).name.get(lang)} · {t['turn']} {doc['turn']} "
             f"{t['of']} {doc['turn_limit']}")
    if doc.get("over"):
        winners = doc.get("winners") or []
        who = (f"{t['winners']}: " + ", ".join(seat_name(doc, s, lang) for s in winners)
               if winners else t["draw"])
        return [f"{title} · {t['over']} · {who}"]
    return [f"{title} · {t['phase']} {PHASES[lang].get(doc['phase'], doc['phase'])} · "
            f"{t['first']} {seat_name(doc, doc['first_player'], lang)}"]


# ---- the grid --------------------------------------------------------------------------------
def _occupants(doc: dict[str, Any]) -> dict[str, str]:
    """Zone -> the marks of the sides with pieces there (at most two characters)."""
    out = {}
    for zone_id, sides in doc["zones"].items():
        marks = "".join(seat_mark(int(s)) for s in sorted(sides, key=int) if sides[s])
        out[zone_id] = marks if len(marks) <= 2 else marks[0] + "+"
    return out


def grid(doc: dict[str, Any]) -> list[str]:
    """The cell map: glyphs, occupants in a zone's first cell, borders and walls."""
    b = board(doc)
    by_glyph = {z.glyph: z for z in b.zones.values()}
    occupants = _occupants(doc)
    rows = [[by_glyph.get(g) for g in row] for row in b.rows]
    hexes = b.grid_kind == "hex"
    seen: set[str] = set()
    lines = []
    for r, row in enumerate(rows):
        if not hexes:
            lines.append(_rule(rows, r - 1, b))
        line = " " * (CELL // 2 + 1) if hexes and r % 2 else ""
        for c, zone in enumerate(row):
            left = row[c - 1] if c else None
            line += _edge(left, zone, b)
            if zone is None:
                line += " " * CELL
                continue
            mark = ""
            if zone.id not in seen:
                seen.add(zone.id)
                mark = occupants.get(zone.id, "")
            line += f"{glyph(zone)} {mark:<{CELL - 3}}"
        line += _edge(row[-1], None, b)
        lines.append(line.rstrip())
    if not hexes:
        lines.append(_rule(rows, len(rows) - 1, b))
    return lines


def _edge(a: data.Zone | None, b: data.Zone | None, bd: data.Board) -> str:
    if a is None and b is None:
        return " "
    if a is not None and b is not None:
        if a.id == b.id:
            return " "
        if bd.walled(a.id, b.id):
            return "#"
    return "|"


def _rule(rows: list[list[data.Zone | None]], r: int, bd: data.Board) -> str:
    """The line under row `r` (above row 0 when `r` is -1) of a square grid."""
    width = max(len(row) for row in rows)
    above = rows[r] if r >= 0 else []
    below = rows[r + 1] if r + 1 < len(rows) else []
    line = ""
    for c in range(width):
        a = above[c] if c < len(above) else None
        b = below[c] if c < len(below) else None
        edge = _edge(a, b, bd)
        fill = {" ": " ", "#": "#", "|": "-"}[edge]
        line += "+" + fill * CELL
    return (line + "+").rstrip()


def _legend(doc: dict[str, Any], lang: str) -> list[str]:
    t = LABELS[lang]
    entries = [f"{glyph(z)} {z.id}" for z in board(doc).zones.values()]
    lines, line = [], f"{t['zones']}:"
    for entry in entries:
        if len(line) + len(entry) + 2 > WIDTH:
            lines.append(line + ",")
            line = "  " + entry
        else:
            line += (" " if line.endswith(":") else ", ") + entry
    return [*lines, line]


# ---- zones -----------------------------------------------------------------------------------
def levels_of(doc: dict[str, Any], seat: int) -> dict[str, int]:
    entry = player_entry(doc, seat)
    return {} if entry is None else dict(entry.get("levels", {}))


def force_text(doc: dict[str, Any], seat: int, force: dict[str, int], lang: str) -> str:
    """``2 melee L1, 3 workers (1 building), 1 outposts``; moved pieces in parentheses."""
    t = LABELS[lang]
    levels = levels_of(doc, seat)
    parts = []
    for kind in PIECE_ORDER:
        n = int(force.get(kind, 0))
        if not n:
            continue
        text = f"{n} {KINDS[lang][kind]}"
        level_kind = "melee" if kind == "militia" else kind
        if level_kind in levels:
            text += f" {t['level']}{levels[level_kind]}"
        extra = []
        if kind == "workers" and force.get("building"):
            extra.append(f"{force['building']} {t['builders']}")
        if force.get(f"moved_{kind}"):
            extra.append(f"{force[f'moved_{kind}']} {t['moved']}")
        if extra:
            text += " (" + ", ".join(extra) + ")"
        parts.append(text)
    return ", ".join(parts)


def _zone_notes(doc: dict[str, Any], zone: data.Zone, lang: str) -> list[str]:
    t = LABELS[lang]
    notes = []
    if zone.id in doc.get("marks", ()):
        notes.append(t["marked"])
    if zone.id in doc.get("sealed", ()):
        notes.append(t["sealed"])
    depletion = doc.get("depletion", {}).get(zone.id)
    if depletion:
        notes.append(t[depletion])
    for token in doc.get("tokens", ()):
        if token["zone"] == zone.id:
            notes.append(token_text(token, lang))
    return notes


def token_text(token: dict[str, Any], lang: str) -> str:
    """A quest token (WC-2.16): kind, whose leader or what it gives, destroyed or not."""
    t = LABELS[lang]
    text = f"{t['token']} {t.get(token['kind'], token['kind'])}"
    if token.get("race"):
        text += f" ({race_name(token['race'], lang)})"
    ability = token.get("ability")
    if ability:
        what = t.get(ability, ability)
        if token.get("unit"):
            what += f" {KINDS[lang].get(token['unit'], token['unit'])}"
        if token.get("amount"):
            what += f" {token['amount']}"
        text += f": {what}"
    if not token.get("alive", True):
        text += f" ({t['destroyed']})"
    return text


def _zones(doc: dict[str, Any], lang: str) -> list[str]:
    t = LABELS[lang]
    b = board(doc)
    mods: dict[str, list[str]] = {}
    for seat, zone, effects in doc.get("move_mods", ()):
        names = ", ".join(card_name(e, lang) for e in effects)
        mods.setdefault(zone, []).append(f"{t['effects']} P{seat + 1}: {names}")
    out = [""]
    for zone in b.zones.values():
        sides = doc["zones"].get(zone.id, {})
        notes = _zone_notes(doc, zone, lang) + mods.get(zone.id, [])
        if not sides and not notes:
            continue
        head = f"{zone.id} ({glyph(zone)}, {zone_title(zone, lang)})"
        out.append(" · ".join([head, *notes]))
        for key in sorted(sides, key=int):
            seat = int(key)
            out.append(f"    {seat_name(doc, seat, lang)}: "
                       f"{force_text(doc, seat, sides[key], lang)}")
    if len(out) == 1:
        out.append(t["empty_board"])
    return out


# ---- players ---------------------------------------------------------------------------------
def levels_text(entry: dict[str, Any], lang: str) -> str:
    """``melee L1/3 S2 · ranged L2/3 S3 Heal``: each stack's top card (WC-2.13, WC-10.17)."""
    t = LABELS[lang]
    parts = []
    for kind in data.UNIT_TYPES:
        level = entry.get("levels", {}).get(kind)
        if level is None:
            continue
        track = _unit_track(entry["race"], kind)
        card = track.card(level)
        text = (f"{KINDS[lang][kind]} {t['level']}{level}/{track.top_level.value} "
                f"{t['strength']}{card.strength.value}")
        if card.ability.value != "none":
            text += f" {ABILITIES[lang].get(card.ability.value, card.ability.value)}"
        if card.is_top:
            text += f" {t['vp']}"
        parts.append(text)
    return " · ".join(parts)


def buildings_text(entry: dict[str, Any], lang: str) -> str:
    """Finished buildings by kind (the panel's printed melee one counted, WC-2.11), those under
    construction and the pieces in training."""
    t = LABELS[lang]
    built = dict(entry.get("buildings", {}))
    if entry.get("panel"):
        built["melee"] = built.get("melee", 0) + 1
    parts = [f"{t['buildings']}: " + (", ".join(f"{KINDS[lang][k]} {n}"
                                                for k, n in sorted(built.items()) if n)
                                      or t["none"])]
    if entry.get("constructing"):
        items = [f"{KINDS[lang][k]} ({t['with_worker'] if w else t['no_worker']})"
                 for k, w in entry["constructing"]]
        parts.append(f"{t['constructing']}: " + ", ".join(items))
    if entry.get("training"):
        parts.append(f"{t['training']}: " + ", ".join(
            f"{n} {KINDS[lang].get(k, k)}" for k, n in sorted(entry["training"].items())))
    return " · ".join(parts)


def hand_text(entry: dict[str, Any], lang: str) -> str:
    """The hand by name only in its owner's view (WC-3.7); its size otherwise."""
    t = LABELS[lang]
    text = f"{t['hand']} {entry.get('hand_size', 0)}"
    if "hand" in entry:
        names = ", ".join(card_name(c, lang) for c in entry["hand"])
        if names:
            text += f": {names}"
    return text


def cards_text(entry: dict[str, Any], lang: str) -> str:
    t = LABELS[lang]
    parts = [hand_text(entry, lang), f"{t['deck']} {entry.get('deck_size', 0)}"]
    discard = entry.get("discard", [])
    text = f"{t['discard']} {len(discard)}"
    if discard:
        text += f" ({t['top']}: {card_name(discard[-1], lang)})"
    parts.append(text)
    if entry.get("laid"):
        parts.append(f"{t['laid']}: " + ", ".join(card_name(c, lang) for c in entry["laid"]))
    if entry.get("aside_size"):
        text = f"{t['aside']} {entry['aside_size']}"
        if entry.get("aside"):
            text += ": " + ", ".join(card_name(c, lang) for c in entry["aside"])
        parts.append(text)
    return " · ".join(parts)


def _players(view: dict[str, Any], doc: dict[str, Any], lang: str) -> list[str]:
    t = LABELS[lang]
    goal = vp_target(doc)
    out = [""]
    for entry in doc["players"]:
        seat = entry["seat"]
        head = seat_name(doc, seat, lang)
        if view.get("seat") == seat:
            head += f" ({t['you']})"
        parts = [head]
        if entry.get("eliminated"):
            parts.append(t["eliminated"])
        if entry.get("town_hall"):
            parts.append(f"{t['town_hall']} {entry['town_hall']}")
        if entry.get("piles", True):
            parts.append(f"{t['gold']} {entry['gold']} · {t['wood']} {entry['wood']}")
        else:
            parts.append(t["no_piles"])
        if goal is not None:
            parts.append(f"{t['vp']} {vp_of(doc, [seat])}" +
                         ("" if goal[1] else f"/{goal[0]}"))
        out.append(" · ".join(parts))
        out.append(f"    {levels_text(entry, lang)}")
        if entry.get("panel"):
            out.append(f"    {buildings_text(entry, lang)}")
        out.append(f"    {cards_text(entry, lang)}")
        if entry.get("dead"):
            out.append(f"    {t['dead']}: " + ", ".join(
                f"{n} {k}" for k, n in sorted(entry["dead"].items())))
    if goal is not None and goal[1]:
        for team in teams(doc):
            members = "+".join(f"P{s + 1}" for s in team)
            out.append(f"{t['team']} {members}: {t['vp']} {vp_of(doc, team)}/{goal[0]}")
    neutral = doc.get("neutral")
    if neutral:
        out.append(f"{seat_name(doc, NEUTRAL, lang)} · {levels_text(neutral, lang)}")
    return out


# ---- combat and the pending decision ---------------------------------------------------------
def _battle(doc: dict[str, Any], lang: str) -> list[str]:
    fight = doc.get("battle")
    if not fight or doc.get("over"):
        return []
    t = LABELS[lang]
    attackers, defenders = fight["sides"]
    text = (f"{t['combat']} {fight['zone']}: "
            + "+".join(seat_name(doc, s, lang) for s in attackers) + f" {t['against']} "
            + "+".join(seat_name(doc, s, lang) for s in defenders))
    if fight.get("round"):
        text += f" · {t['round']} {fight['round']}"
    if fight.get("step"):
        text += f" · {t['step']} {STEPS[lang].get(fight['step'], fight['step'])}"
    return ["", text]


def _decision(doc: dict[str, Any], lang: str) -> list[str]:
    frames = doc.get("frames") or []
    if doc.get("over") or not frames or "seat" not in frames[-1]:
        return []
    t = LABELS[lang]
    frame = str(frames[-1]["frame"])
    what = DECISIONS[lang].get(frame) or decision_name(frame)
    timing = frames[-1].get("timing")
    if timing:
        what += f" · {TIMINGS[lang].get(timing, timing)}"
    return ["", f"{t['decision']}: {seat_name(doc, int(frames[-1]['seat']), lang)} · {what}"]


def decision_name(frame: str) -> str:
    """A readable name for a decision frame (``CasualtyAsk`` → ``casualty``)."""
    words = re.findall(r"[A-Z][a-z0-9]*", frame) or [frame]
    if len(words) > 1 and words[-1] == "Ask":
        words = words[:-1]
    return " ".join(w.lower() for w in words)
