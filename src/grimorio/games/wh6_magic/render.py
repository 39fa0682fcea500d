"""A plain-text panel of a wh6-magic view: turn, pools, wizards, units, the attempt, the decision.

Reads only the view's "state" (the state document), so it shows exactly what a seat may see. No
square brackets: the command line prints through rich, which would read them as markup.
"""

from __future__ import annotations

from typing import Any

LABELS = {
    "en": {"turn": "Turn", "phase": "phase", "of": "of", "casting": "casting",
           "power": "Power dice", "dispel": "Dispel dice", "score": "Score", "side": "Side",
           "models": "models", "engaged": "engaged", "fleeing": "fleeing",
           "destroyed": "destroyed", "slain": "SLAIN", "level": "L", "spells": "spells",
           "lost": "lost", "tried": "tried", "bans": "cannot cast", "toughness": "T",
           "with": "with", "dice": "dice",
           "items": "items", "in": "in", "at": "at", "attempt": "Attempt", "pending": "Decision",
           "in_play": "Spells in play", "wounds": "W", "mount": "mount", "none": "none",
           "stage": "stage", "over": "The battle is over"},
    "es": {"turn": "Turno", "phase": "fase", "of": "de", "casting": "lanza",
           "power": "Dados de energía", "dispel": "Dados de dispersión", "score": "Puntos",
           "side": "Bando", "models": "miniaturas", "engaged": "trabada", "fleeing": "huyendo",
           "destroyed": "destruida", "slain": "MUERTO", "level": "N", "spells": "hechizos",
           "lost": "perdidos", "tried": "intentados", "bans": "no puede lanzar",
           "items": "objetos", "in": "en", "at": "en", "attempt": "Intento",
           "pending": "Decisión", "in_play": "Hechizos en juego", "wounds": "H",
           "mount": "montura", "none": "ninguno", "stage": "etapa", "toughness": "R",
           "with": "con", "dice": "dados",
           "over": "La batalla ha terminado"},
}
STAGES = {"es": {"recovery": "recuperación", "casting": "lanzamiento",
                  "remains": "hechizos en juego", "over": "fin"}}
DECISIONS = {
    "en": {"Recovery": "roll recovery dice (recover)", "Casting": "cast, bound or end",
           "Reroll": "re-roll or keep the dice", "DispelWindow": "dispel, scroll or nodispel",
           "FreeCast": "free spell of miscast 4 (free / nofree)",
           "RemainsDispel": "dispel remains-in-play spells (dispel spell=… / done)"},
    "es": {"Recovery": "tirar recuperación (recover)", "Casting": "lanzar, portahechizos o end",
           "Reroll": "repetir o conservar los dados",
           "DispelWindow": "dispersar, pergamino o nodispel",
           "FreeCast": "hechizo gratuito de la disfunción 4 (free / nofree)",
           "RemainsDispel": "dispersar hechizos que permanecen en juego (dispel spell=… / done)"},
}


def render(view: dict[str, Any], lang: str) -> str:
    """The panel for `view` in `lang` ("en" or "es")."""
    doc = view["state"]
    lang = "es" if lang == "es" else "en"
    t = LABELS[lang]
    lines = _header(doc, t, lang)
    for side in (0, 1):
        lines += _side(doc, side, t, lang)
    lines += _in_play(doc, t, lang)
    lines += _attempt(doc, t, lang)
    lines += _pending(doc, t, lang)
    return "\n".join(lines)


def _name(entry: dict[str, Any], lang: str) -> str:
    return str(entry["name"][lang])


def _header(doc: dict[str, Any], t: dict[str, str], lang: str) -> list[str]:
    sides = doc["sides"]
    active = doc["active_side"]
    title = f"{doc['scenario'][lang]} — {t['turn']} {doc['turn']}/{doc['options']['turns']}, " \
            f"{t['phase']} {doc['phase'] + 1} {t['of']} {doc['phases']}"
    if doc["stage"] == "over":
        return [title, t["over"],
                f"{t['score']}: {_name(sides[0], lang)} {doc['score'][0]:g} – "
                f"{_name(sides[1], lang)} {doc['score'][1]:g}", ""]
    stage = STAGES.get(lang, {}).get(doc["stage"], doc["stage"])
    return [
        title,
        f"{_name(sides[active], lang)} {t['casting']} ({t['stage']}: {stage})",
        f"{t['power']}: {doc['pools']['power']}   {t['dispel']} "
        f"({_name(sides[1 - active], lang)}): {doc['pools']['dispel']}",
        f"{t['score']}: {_name(sides[0], lang)} {doc['score'][0]:g} – "
        f"{_name(sides[1], lang)} {doc['score'][1]:g}", "",
    ]


def _side(doc: dict[str, Any], side: int, t: dict[str, str], lang: str) -> list[str]:
    lines = [f"{t['side']} {side}: {_name(doc['sides'][side], lang)}"]
    items = [i for i in doc["items"].values() if i["side"] == side]
    for c in doc["characters"].values():
        if c["side"] == side:
            lines.append("  " + _character(c, items, t, lang))
    for u in doc["units"].values():
        if u["side"] == side:
            lines.append("  " + _unit(u, items, t, lang))
    return [*lines, ""]


def _character(c: dict[str, Any], items: list[dict[str, Any]], t: dict[str, str],
               lang: str) -> str:
    where = f"{t['in']} {c['in_unit']}" if c["in_unit"] else \
        f"{t['at']} ({c['position']['x']:g}, {c['position']['y']:g})"
    text = f"{c['id']} {_name(c, lang)}"
    if c["wizard"]:
        text += f" {t['level']}{c['level']}"
        if c["spells"]:
            text += f" {t['spells']}: {', '.join(c['spells'])}"
        if c["spells_lost"]:
            text += f" ({t['lost']}: {', '.join(c['spells_lost'])})"
        if c["attempted"]:
            text += f" ({t['tried']}: {', '.join(c['attempted'])})"
        if c["bans"]:
            text += f" ({t['bans']}: {', '.join(b['kind'] for b in c['bans'])})"
    text += f" {t['wounds']} {c['wounds'] - c['wounds_lost']}/{c['wounds']} {where}"
    if c["mount"]:
        text += f" ({t['mount']}: {_name(c['mount'], lang)})"
    for flag in ("engaged", "fleeing"):
        if c[flag]:
            text += f" {t[flag]}"
    if c["slain"]:
        text += f" {t['slain']}"
    return text + _items(c["id"], items, t)


def _unit(u: dict[str, Any], items: list[dict[str, Any]], t: dict[str, str], lang: str) -> str:
    text = (f"{u['id']} {_name(u, lang)} {u['models']}/{u['start_models']} {t['models']}"
            f" ({t['wounds']}{u['wounds_per_model']}"
            + (f", -{u['damage']}" if u["damage"] else "")
            + f") {t['toughness']}{u['toughness']} {t['at']} "
            f"({u['position']['x']:g}, {u['position']['y']:g})")
    if u["characters"]:
        text += f" ({t['with']} {', '.join(u['characters'])})"
    for flag in ("engaged", "fleeing", "destroyed"):
        if u[flag]:
            text += f" {t[flag]}"
    return text + _items(u["id"], items, t)


def _items(bearer: str, items: list[dict[str, Any]], t: dict[str, str]) -> str:
    mine = [f"{i['item']}" + ("" if i["uses_left"] is None else f"×{i['uses_left']}")
            for i in items if i["bearer"] == bearer]
    return f" {{{t['items']}: {', '.join(mine)}}}" if mine else ""


def _in_play(doc: dict[str, Any], t: dict[str, str], lang: str) -> list[str]:
    if not doc["in_play"]:
        return []
    lines = [f"{t['in_play']}:"]
    for e in doc["in_play"]:
        rip = " (RIP)" if e["remains_in_play"] else ""
        lines.append(f"  {e['id']} {e['spell']} {e['caster']} → {e['target']}{rip}")
    return [*lines, ""]


OUTCOMES = {
    "en": {"declared": "declared", "cast": "cast", "irresistible": "Irresistible Force",
           "miscast": "miscast", "failed": "failed", "dispelled": "dispelled",
           "no_effect": "no effect", "resolved": "resolved"},
    "es": {"declared": "declarado", "cast": "lanzado", "irresistible": "Fuerza Irresistible",
           "miscast": "disfunción", "failed": "fallido", "dispelled": "dispersado",
           "no_effect": "sin efecto", "resolved": "resuelto"},
}


def _attempt(doc: dict[str, Any], t: dict[str, str], lang: str) -> list[str]:
    a = doc["attempt"]
    if a is None:
        return []
    dice = "+".join(map(str, a["dice"])) or "-"
    # The result is only worked out once the casting roll has been evaluated (WH6-4.8).
    total = "" if a["outcome"] == "declared" else f" = {a['result']}"
    outcome = OUTCOMES[lang].get(a["outcome"], a["outcome"])
    return [f"{t['attempt']}: {a['caster']} {a['spell']} → {a['target']} "
            f"({t['dice']} {dice}{total}; {outcome})"]


def _pending(doc: dict[str, Any], t: dict[str, str], lang: str) -> list[str]:
    if not doc["pending"]:
        return []
    top = doc["pending"][-1]
    what = DECISIONS[lang].get(top["kind"], top["kind"])
    return [f"{t['pending']}: {t['side']} {top['seat']} — {what}"]
