"""A plain-text panel of a mage-wars view: the arena, what stands in each zone, the mages.

Reads only the view (the state document a seat may see, docs/games/mage-wars.md) and the static
card data for names in the chosen language, so it can show nothing the view hides: the opponent's
face-down enchantments carry no card in the view and print as "hidden" (MW-5.78), its planned
spells and spellbook as counts (MW-3.20, MW-5.7). No square brackets anywhere: the command line
prints through rich, which would read them as markup.

The grid draws each zone as a box holding its zone name and the o-ids standing there; an inner
wall is a border of ``#`` (MW-5.58), the frame round the grid is the perimeter (MW-5.65). Under
it, each zone lists its objects in full, then each mage's status, then the pending decision.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from grimorio.core.i18n import Text
from grimorio.games.mage_wars import data

CELL = 16          # characters inside a zone's box

LABELS = {
    "en": {"title": "Mage Wars", "round": "Round", "of": "of", "initiative": "initiative",
           "over": "The game is over", "winner": "winner", "draw": "a draw",
           "arena": "Arena", "walls": "walls", "none": "none", "mage": "mage",
           "damage": "damage", "life": "life", "mana": "mana", "channeling": "channeling",
           "quickcast": "quickcast", "ready": "ready", "used": "used", "active": "active",
           "inactive": "inactive", "guard": "guard", "hidden": "hidden enchantment",
           "face_down": "face down", "equipment": "equipment", "enchantments": "enchantments",
           "planned": "planned", "unseen": "unseen", "book": "spellbook", "cards": "cards",
           "discard": "discard", "empty": "empty", "decision": "Decision", "you": "you",
           "passed": "passed", "zone_ench": "on the zone", "acting": "acting",
           "counters": "mana", "empty_arena": "nothing in play", "held": "held spells",
           "bound": "bound", "team": "team", "out": "out of the game",
           "winners": "winners", "element": "element"},
    "es": {"title": "Mage Wars", "round": "Ronda", "of": "de", "initiative": "iniciativa",
           "over": "La partida ha terminado", "winner": "gana", "draw": "empate",
           "arena": "Arena", "walls": "muros", "none": "ninguno", "mage": "mago",
           "damage": "daño", "life": "vida", "mana": "maná", "channeling": "canalización",
           "quickcast": "lanzamiento rápido", "ready": "listo", "used": "usado",
           "active": "activo", "inactive": "inactivo", "guard": "guardia",
           "hidden": "encantamiento oculto", "face_down": "boca abajo",
           "equipment": "equipo", "enchantments": "encantamientos", "planned": "preparados",
           "unseen": "sin ver", "book": "libro", "cards": "cartas", "discard": "descartes",
           "empty": "vacío", "decision": "Decisión", "you": "tú", "passed": "ha pasado",
           "zone_ench": "en la zona", "acting": "actuando", "counters": "maná",
           "empty_arena": "nada en juego", "held": "hechizos asignados",
           "bound": "agregado", "team": "equipo", "out": "fuera de la partida",
           "winners": "ganan", "element": "elemento"},
}


@cache
def _names() -> dict[str, Text]:
    d = data.shipped()
    out = {c.id: c.name for c in d.cards}
    out.update({f"class:{k.id}": k.name for k in d.apprentice.classes})
    return out


@cache
def _conditions() -> dict[str, Text]:
    return {k.id: k.name for k in data.shipped().keywords if k.kind == "condition"}


def card_name(card: str | None, lang: str) -> str:
    """A card's name in `lang` (the id itself for an unknown card)."""
    if card is None:
        return "?"
    text = _names().get(card)
    return card if text is None else text.get(lang)


def condition_name(marker: str, lang: str) -> str:
    text = _conditions().get(marker)
    return marker if text is None else text.get(lang)


def class_name(mage_class: str, lang: str) -> str:
    text = _names().get(f"class:{mage_class}")
    return mage_class if text is None else text.get(lang)


def element_text(player: dict[str, Any], lang: str) -> str | None:
    """The Wizard's chosen element, public as it decides his training (MW-7.31): "element
    fire" / "elemento fuego"; None for a player with none."""
    element = player.get("element")
    if not element:
        return None
    from grimorio.games.mage_wars.spellbook import SCHOOL_NAMES

    text = SCHOOL_NAMES.get(element)
    return f"{LABELS[lang]['element']} {element if text is None else text.get(lang)}"


def banished(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """The banished creatures of a view's document (MW-S12): in play, in no zone and on no
    host, in the document's order (the text board and svg.py both list them)."""
    return [o for o in doc["objects"]
            if o["kind"] == "creature" and o.get("zone") is None and o.get("host") is None]


def lang_of(lang: str) -> str:
    return "es" if lang == "es" else "en"


def render(view: dict[str, Any], lang: str) -> str:
    """The panel for `view` in `lang` ("en" or "es")."""
    doc = view["state"]
    lang = lang_of(lang)
    t = LABELS[lang]
    lines = _header(doc, t, lang)
    lines += grid(doc)
    lines += _zones(doc, t, lang)
    lines += _mages(view, doc, t, lang)
    lines += _decision(doc, t, lang)
    return "\n".join(lines)


# ---- header ----------------------------------------------------------------------------------
def _header(doc: dict[str, Any], t: dict[str, str], lang: str) -> list[str]:
    title = f"{t['title']} · {t['round']} {doc['round']} {t['of']} {doc.get('round_limit', '?')}"
    if doc.get("over"):
        winner = doc.get("winner")
        who = t["draw"] if winner is None else f"{t['winner']}: {_seat(doc, winner, lang)}"
        if len(doc.get("winners") or ()) > 1:       # a team wins (MW-9.7)
            who = f"{t['winners']}: " + ", ".join(_seat(doc, s, lang) for s in doc["winners"])
        elif doc.get("drawn"):                      # the last mages fell together (MW-B30)
            who = f"{t['draw']}: " + ", ".join(_seat(doc, s, lang) for s in doc["drawn"])
        return [f"{title} · {t['over']} · {who}"]
    return [f"{title} · {t['initiative']}: {_seat(doc, doc['initiative'], lang)}"]


def _seat(doc: dict[str, Any], seat: int, lang: str) -> str:
    player = doc["players"][seat]
    team = player.get("team", -1)           # a team game of four (MW-9.6)
    tag = f" ({LABELS[lang]['team']} {'AB'[team]})" if team in (0, 1) else ""
    return f"P{seat + 1} {class_name(player['class'], lang)}{tag}"


# ---- the grid --------------------------------------------------------------------------------
def _shape(doc: dict[str, Any]) -> tuple[int, int]:
    arena = data.shipped().arenas.get(doc["arena"])
    return arena.rows, arena.columns


def _zone(row: int, col: int) -> str:
    return f"{chr(ord('A') + row)}{col + 1}"


def _walls(doc: dict[str, Any]) -> set[frozenset[str]]:
    return {frozenset(w) for w in doc.get("walls", ())}


def standing(doc: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Objects standing in each zone (not attached, not zone enchantments), by oid."""
    out: dict[str, list[dict[str, Any]]] = {}
    for obj in doc["objects"]:
        if obj.get("zone") and obj.get("host") is None and obj["kind"] != "enchantment":
            out.setdefault(obj["zone"], []).append(obj)
    return out


def grid(doc: dict[str, Any]) -> list[str]:
    """The arena as boxes: zone name and o-ids inside, ``#`` for inner walls (MW-5.58)."""
    rows, cols = _shape(doc)
    walls = _walls(doc)
    there = standing(doc)
    lines = [_rule(-1, cols, walls)]
    for r in range(rows):
        cells = [_cell_lines(_zone(r, c), there.get(_zone(r, c), [])) for c in range(cols)]
        height = max(len(cell) for cell in cells)
        for i in range(height):
            line = "|"
            for c, cell in enumerate(cells):
                text = cell[i] if i < len(cell) else ""
                wall = c + 1 < cols and frozenset({_zone(r, c), _zone(r, c + 1)}) in walls
                line += f" {text:<{CELL - 1}}" + ("#" if wall else "|")
            lines.append(line)
        lines.append(_rule(r, cols, walls, last=r == rows - 1))
    return lines


def _rule(row: int, cols: int, walls: set[frozenset[str]], last: bool = False) -> str:
    """The horizontal line under `row` (above row 0 when row is -1)."""
    line = "+"
    for c in range(cols):
        inner = row >= 0 and not last
        wall = inner and frozenset({_zone(row, c), _zone(row + 1, c)}) in walls
        line += ("#" if wall else "-") * CELL + "+"
    return line


def _cell_lines(zone: str, objs: list[dict[str, Any]]) -> list[str]:
    """The zone name, then its o-ids wrapped to the box; a guard is marked with ``g``."""
    lines, line = [zone], ""
    for obj in objs:
        mark = f"o{obj['oid']}" + ("g" if obj.get("guard") else "")
        if line and len(line) + 1 + len(mark) > CELL - 2:
            lines.append(line)
            line = ""
        line = f"{line} {mark}".strip()
    return [*lines, line] if line else [*lines, ""]


# ---- zones and objects -----------------------------------------------------------------------
def _zones(doc: dict[str, Any], t: dict[str, str], lang: str) -> list[str]:
    walls = sorted("|".join(sorted(w)) for w in _walls(doc))
    out = [f"{t['arena']} {doc['arena']} · {t['walls']}: {', '.join(walls) or t['none']}"]
    rows, cols = _shape(doc)
    there = standing(doc)
    on_zone = _zone_enchantments(doc)
    for zone in (_zone(r, c) for r in range(rows) for c in range(cols)):
        if zone not in there and zone not in on_zone:
            continue
        out.append(f"{zone}:")
        for obj in there.get(zone, []):
            out.append("  " + describe(doc, obj, lang))
            if obj["kind"] != "mage":       # a mage's cards are in its status below
                out += _attached_lines(doc, obj, t, lang, indent="      ")
        for ench in on_zone.get(zone, []):
            out.append(f"  {t['zone_ench']}: {_attachment(ench, t, lang)}")
    for obj in doc["objects"]:              # walls stand on borders, in no zone (MW-5.58)
        if obj.get("border"):
            out.append(f"{'-'.join(obj['border'])}: " + describe(doc, obj, lang))
    for obj in banished(doc):               # out of the arena (MW-S12)
        away = "desterrada" if lang == "es" else "banished"
        tokens = (obj.get("memo") or {}).get("banish")      # when it comes back
        left = "" if not tokens else (f" · {tokens} fichas de Destierro" if lang == "es"
                                      else f" · {tokens} Banish tokens")
        out.append(f"{away}: " + describe(doc, obj, lang) + left)
        out += _attached_lines(doc, obj, t, lang, indent="      ")   # its spells stay
    if len(out) == 1:
        out.append(f"  {t['empty_arena']}")
    return out


def _zone_enchantments(doc: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    for obj in doc["objects"]:
        if obj["kind"] == "enchantment" and obj.get("host") is None and obj.get("zone"):
            out.setdefault(obj["zone"], []).append(obj)
    return out


def object_life(doc: dict[str, Any], obj: dict[str, Any]) -> int | None:
    """An object's life: the view's own figure if it carries one, else the printed value (a
    mage's from its player, MW-1.6)."""
    if obj.get("life") is not None:
        return int(obj["life"])
    if obj["kind"] == "mage":
        return int(next(p["life"] for p in doc["players"] if p["mage"] == obj["oid"]))
    card = obj.get("card")
    if card is None:
        return None
    try:
        printed = data.shipped().card(card).life
    except KeyError:
        return None
    return printed


def short_name(doc: dict[str, Any], obj: dict[str, Any], lang: str) -> str:
    """What to call an object: its card, a mage by its class, a hidden card as hidden."""
    if obj["kind"] == "mage":
        player = next(p for p in doc["players"] if p["mage"] == obj["oid"])
        return f"{class_name(player['class'], lang)} ({LABELS[lang]['mage']})"
    if obj.get("card") is None:
        return LABELS[lang]["hidden"]
    return card_name(obj["card"], lang)


def describe(doc: dict[str, Any], obj: dict[str, Any], lang: str) -> str:
    """One line for a standing object: o-id, name, controller, damage/life, state, markers."""
    t = LABELS[lang]
    parts = [f"o{obj['oid']} {short_name(doc, obj, lang)} P{obj['controller'] + 1}"]
    life = object_life(doc, obj)
    if life is not None:
        parts.append(f"{t['damage']} {obj.get('damage', 0)}/{life}")
    if obj["kind"] in ("mage", "creature"):
        parts.append(t["active"] if obj.get("active") else t["inactive"])
    if obj.get("guard"):
        parts.append(t["guard"])
    if doc.get("acting") == obj["oid"]:
        parts.append(t["acting"])
    parts += markers(obj, lang)
    if obj["kind"] != "mage" and obj.get("mana"):
        parts.append(f"{t['counters']} {obj['mana']}")
    return " · ".join(parts)


def markers(obj: dict[str, Any], lang: str) -> list[str]:
    return [f"{condition_name(name, lang)} {n}"
            for name, n in sorted(obj.get("markers", {}).items()) if n]


def _attached(doc: dict[str, Any], oid: int, kind: str) -> list[dict[str, Any]]:
    found = [o for o in doc["objects"] if o.get("host") == oid and o["kind"] == kind]
    return sorted(found, key=lambda o: (o.get("order", 0), o["oid"]))


def _attachment(obj: dict[str, Any], t: dict[str, str], lang: str) -> str:
    """An enchantment or equipment: hidden for the opponent (no card in the view, MW-5.78);
    its controller sees the name and that it is still face down."""
    if obj.get("card") is None:
        return f"o{obj['oid']} {t['hidden']} P{obj['controller'] + 1}"
    text = f"o{obj['oid']} {card_name(obj['card'], lang)} P{obj['controller'] + 1}"
    if not obj.get("face_up", True):
        text += f" ({t['face_down']})"
    return text


def _attached_lines(doc: dict[str, Any], obj: dict[str, Any], t: dict[str, str], lang: str,
                    indent: str) -> list[str]:
    out = []
    for kind, label in (("equipment", "equipment"), ("enchantment", "enchantments")):
        items = [_attachment(o, t, lang) for o in _attached(doc, obj["oid"], kind)]
        if items:
            out.append(f"{indent}{t[label]}: {', '.join(items)}")
    return out


# ---- mages -----------------------------------------------------------------------------------
def _mages(view: dict[str, Any], doc: dict[str, Any], t: dict[str, str],
           lang: str) -> list[str]:
    out = [""]
    objs = {o["oid"]: o for o in doc["objects"]}
    for player in doc["players"]:
        out += _mage(view, doc, player, objs.get(player["mage"]), t, lang)
    return out


def _mage(view: dict[str, Any], doc: dict[str, Any], player: dict[str, Any],
          mage: dict[str, Any] | None, t: dict[str, str], lang: str) -> list[str]:
    seat = player["seat"]
    you = f" ({t['you']})" if view.get("seat") == seat else ""
    damage = mage.get("damage", 0) if mage else 0
    element = element_text(player, lang)       # the Wizard's (MW-7.31)
    head = (f"{_seat(doc, seat, lang)}{you} o{player['mage']}"
            f"{f' · {element}' if element else ''} · {t['life']} "
            f"{max(0, player['life'] - damage)}/{player['life']} · {t['mana']} {player['mana']}")
    status = (f"    {t['channeling']} {player['channeling']} · {t['quickcast']} "
              f"{t['ready'] if player.get('quickcast') else t['used']}")
    if player.get("passed"):
        status += f" · {t['passed']}"
    if player.get("out"):                   # its mage fell (MW-B29)
        status += f" · {t['out']}"
    memo = (mage or {}).get("memo", {})
    if memo.get("shield"):                  # a full Wizard's Voltaric Shield (MW-7.32)
        status += " · " + ("Escudo voltárico activo" if lang == "es" else "Voltaric Shield on")
    if memo.get("bond") is not None:        # the Pet / Bloodreaper token (MW-7.11, MW-7.24)
        status += f" · {'vínculo' if lang == 'es' else 'bond'} o{memo['bond']}"
    out = [head, status]
    if mage is not None:
        out += _attached_lines(doc, mage, t, lang, indent="    ")
    out.append("    " + planned_text(player, lang))
    held = held_text(player, lang)
    if held:
        out.append("    " + held)
    discard = ", ".join(card_name(c, lang) for c in player.get("discard", ())) or t["empty"]
    out.append(f"    {t['book']}: {player.get('book_size', 0)} {t['cards']} · "
               f"{t['discard']}: {discard}")
    return out


def planned_text(player: dict[str, Any], lang: str) -> str:
    """Planned spells by name only in their owner's view (MW-3.20); a count otherwise."""
    t = LABELS[lang]
    if "planned" in player:
        names = ", ".join(card_name(c, lang) for c in player["planned"]) or t["none"]
        return f"{t['planned']}: {names}"
    return f"{t['planned']}: {player.get('planned_count', 0)} {t['unseen']}"


def held_text(player: dict[str, Any], lang: str) -> str:
    """Spells held by familiars, spawnpoints (MW-3.19) and Spellbind items (MW-5.113): by name
    for their owner or once shown (MW-5.114), "unseen" otherwise; "" when there are none."""
    t = LABELS[lang]
    mine = {**player.get("assigned", {}), **player.get("bound", {})}
    shown = player.get("bound_shown", {})
    holders = sorted({*player.get("assigned_to", ()), *player.get("bound_to", ())})
    parts = []
    for oid in holders:
        card = mine.get(str(oid)) or shown.get(str(oid))
        tag = f" ({t['bound']})" if oid in player.get("bound_to", ()) else ""
        parts.append(f"o{oid}{tag}: " + (card_name(card, lang) if card else t["unseen"]))
    return f"{t['held']}: " + ", ".join(parts) if parts else ""


# ---- the pending decision --------------------------------------------------------------------
DECISIONS = {
    "en": {"InitiativeAsk": "goes first or second (initiative first / second)",
           "PlanAsk": "plans spells (plan … / plan done)",
           "UpkeepAsk": "pays or skips an upkeep cost (upkeep pay / skip …)",
           "UpkeepOrderAsk": "orders upkeep effects (upkeep first …)",
           "TurnAsk": "takes an action turn (activate … / pass)",
           "QuickcastAsk": "may quickcast (quickcast … / pass)",
           "MenuAsk": "acts with", "RevealAsk": "may reveal an enchantment (reveal … / pass)",
           "RevealWindow": "may reveal an enchantment (reveal … / pass)",
           "DefenseAsk": "may defend (defend … / no-defense)",
           "CounterAsk": "may counterstrike (counterstrike … / no-counterstrike)",
           "PushAsk": "chooses the push direction (push …)",
           "OrderAsk": "picks the next defender (choose …)",
           "ChainAsk": "picks where the lightning jumps (choose …)",
           "DeployAsk": "may cast with a spawnpoint (deploy … / pass)",
           "BindAsk": "may bind a spell (bind … / bind none)",
           "ShieldAsk": "may switch the Voltaric Shield on (shield on / off)",
           "BondAsk": "may bond the new creature (bond … / bond none)",
           "PowerAsk": "may use a conjuration's power (ability … / pass)",
           "RerollAsk": "may have a roll made again (reroll … / keep)",
           "Choice": "chooses (choose …)"},
    "es": {"InitiativeAsk": "juega primero o segundo (initiative first / second)",
           "PlanAsk": "prepara hechizos (plan … / plan done)",
           "UpkeepAsk": "paga o no un coste de mantenimiento (upkeep pay / skip …)",
           "UpkeepOrderAsk": "ordena los efectos de mantenimiento (upkeep first …)",
           "TurnAsk": "juega un turno de acción (activate … / pass)",
           "QuickcastAsk": "puede lanzar rápido (quickcast … / pass)",
           "MenuAsk": "actúa con",
           "RevealAsk": "puede revelar un encantamiento (reveal … / pass)",
           "RevealWindow": "puede revelar un encantamiento (reveal … / pass)",
           "DefenseAsk": "puede defenderse (defend … / no-defense)",
           "CounterAsk": "puede contraatacar (counterstrike … / no-counterstrike)",
           "PushAsk": "elige la dirección del empujón (push …)",
           "OrderAsk": "elige el siguiente defensor (choose …)",
           "ChainAsk": "elige adónde salta el rayo (choose …)",
           "DeployAsk": "puede lanzar con un punto de aparición (deploy … / pass)",
           "BindAsk": "puede agregar un hechizo (bind … / bind none)",
           "ShieldAsk": "puede activar el Escudo voltárico (shield on / off)",
           "BondAsk": "puede vincular la criatura nueva (bond … / bond none)",
           "PowerAsk": "puede usar el poder de un conjuro (ability … / pass)",
           "RerollAsk": "puede repetir una tirada (reroll … / keep)",
           "Choice": "elige (choose …)"},
}


def _decision(doc: dict[str, Any], t: dict[str, str], lang: str) -> list[str]:
    frames = doc.get("frames") or []
    if doc.get("over") or not frames or "seat" not in frames[-1]:
        return []
    frame = str(frames[-1]["frame"])
    what = DECISIONS[lang].get(frame) or decision_name(frame)
    if frame == "InitiativeAsk" and len(doc["players"]) > 2:      # MW-B31
        what = ("elige quién tiene la iniciativa (initiative p1…)" if lang == "es"
                else "chooses who holds the initiative (initiative p1…)")
    if frame == "MenuAsk" and doc.get("acting") is not None:
        acting = next((o for o in doc["objects"] if o["oid"] == doc["acting"]), None)
        if acting is not None:
            what += f" o{acting['oid']} {short_name(doc, acting, lang)}"
    return ["", f"{t['decision']}: {_seat(doc, frames[-1]['seat'], lang)} · {what}"]


def decision_name(frame: str) -> str:
    """A readable name for a decision frame (``PlanAsk`` → ``plan``)."""
    words = re.findall(r"[A-Z][a-z0-9]*", frame) or [frame]
    if len(words) > 1 and words[-1] == "Ask":
        words = words[:-1]
    return " ".join(w.lower() for w in words)
