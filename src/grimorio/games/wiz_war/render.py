"""A plain-text panel of a wiz-war view: the maze, the wizards, the piles, the turn, the hand.

Reads only the view (the state document a seat may see): the board is rebuilt from the view's
board document, and the only other source is the static card data, for card names in the chosen
language. No square brackets anywhere: the command line prints through rich, which would read
them as markup.

Marks in the maze (``maze_text`` draws the walls, doors and portals): a living wizard is the upper
case initial of his colour (``B`` ``R`` ``Y`` ``G``), a treasure on the floor the lower case
initial of its colour and its number (``r1``), an object a one-character glyph (`GLYPHS`). When a
square holds more than its three characters show, the mark ends in ``+`` and the "squares" list
under the maze says everything that is there.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from grimorio.games.wiz_war import maze_text
from grimorio.games.wiz_war.board import Board
from grimorio.games.wiz_war.cards import Card, load_cards

WIDTH = 3  # characters per square in the maze
GLYPHS = {"item": "i", "rosebush": "*", "thornbush": "x", "stone-block": "=",
          "dust-cloud": "~", "tacks": ".", "trap": "!", "homunculus": "h"}

LABELS = {
    "en": {"round": "Round", "of": "of", "turn": "turn", "over": "The game is over",
           "winner": "winner", "draw": "a draw", "squares": "Squares", "wizard": "wizard",
           "seat": "seat", "life": "life", "vp": "VP", "stun": "stun", "hand": "hand",
           "dead": "dead", "items": "items", "treasures": "treasures", "spells": "spells",
           "deck": "Deck", "discard": "discard pile", "top": "top", "empty": "empty",
           "your_hand": "Your hand", "mp": "MP", "attack_used": "attack used",
           "attack_free": "attack available", "boosted": "speed boost used",
           "stunned": "stunned", "stopped": "picked up a treasure: no more movement",
           "corner": "Around the Corner ready", "unlocked": "doors unlocked",
           "casting": "Being cast", "countered": "countered", "by": "by", "decision": "Decision",
           "treasure": "treasure", "tokens": "tokens",
           "cards": "cards", "key": "Key",
           "legend": "B R Y G wizards · r1 treasure · i item · * rosebush · x thornbush · "
           "= stone block · ~ dust cloud · . tacks · ! trap · h homunculus · Hb home · "
           "@ portal"},
    "es": {"round": "Ronda", "of": "de", "turn": "turno", "over": "La partida ha terminado",
           "winner": "gana", "draw": "empate", "squares": "Casillas", "wizard": "mago",
           "seat": "asiento", "life": "vida", "vp": "PV", "stun": "aturd.", "hand": "mano",
           "dead": "muerto", "items": "artículos", "treasures": "tesoros", "spells": "hechizos",
           "deck": "Mazo", "discard": "descartes", "top": "arriba", "empty": "vacía",
           "your_hand": "Tu mano", "mp": "PM", "attack_used": "ataque usado",
           "attack_free": "ataque disponible", "boosted": "impulso de velocidad usado",
           "stunned": "aturdido", "stopped": "recogió un tesoro: no puede moverse más",
           "corner": "Doblar la esquina preparado", "unlocked": "puertas abiertas",
           "casting": "Lanzándose", "countered": "contrarrestado", "by": "de",
           "decision": "Decisión", "treasure": "tesoro", "tokens": "fichas",
           "cards": "cartas", "key": "Leyenda",
           "legend": "B R Y G magos · r1 tesoro · i artículo · * rosal · x espino · "
           "= bloque de piedra · ~ nube de polvo · . tachuelas · ! trampa · h homúnculo · "
           "Hb hogar · @ portal"},
}
PHASES = {"en": {"move": "Move and Cast", "discard": "Discard and Draw: discard",
                 "draw": "Discard and Draw: draw"},
          "es": {"move": "Mover y lanzar", "discard": "Descartar y robar: descarte",
                 "draw": "Descartar y robar: robo"}}
DECISIONS = {
    "en": {"CounterWindow": "may counter the cast (counter … / pass)",
           "ForcedDiscard": "is over the hand limit: discard one card",
           "Choice": "chooses (choose …)"},
    "es": {"CounterWindow": "puede contrarrestar (counter … / pass)",
           "ForcedDiscard": "supera el límite de mano: descarta una carta",
           "Choice": "elige (choose …)"},
}


@cache
def _cards() -> dict[str, Card]:
    return load_cards()


def card_name(key: str, lang: str) -> str:
    """A card's name in `lang` (the key itself for an unknown card)."""
    card = _cards().get(key)
    return key if card is None else card.name.get(lang)


def render(view: dict[str, Any], lang: str) -> str:
    """The panel for `view` in `lang` ("en" or "es")."""
    doc = view["state"]
    lang = "es" if lang == "es" else "en"
    t = LABELS[lang]
    board = Board.from_document(doc["board"])
    lines = _header(doc, t, lang)
    lines += maze_text.draw(board, marks(board, doc), WIDTH)
    lines += _wrapped(f"{t['key']}: ", t["legend"].split(" · "))
    lines += _contents(board, doc, t, lang)
    lines += _wizards(doc, t, lang)
    lines += _piles(doc, t, lang)
    lines += _casts(doc, t, lang)
    lines += _decision(doc, lang)
    lines += _own_hand(view, doc, t, lang)
    return "\n".join(lines)


# ---- header ----------------------------------------------------------------------------------
def _header(doc: dict[str, Any], t: dict[str, str], lang: str) -> list[str]:
    wizards = doc["wizards"]
    shown = min(doc["round"], doc["turn_limit"])  # past the last round once the limit ends it
    title = f"Wiz-War · {t['round']} {shown} {t['of']} {doc['turn_limit']}"
    if doc["over"]:
        winner = doc["winner"]
        who = t["draw"] if winner is None else \
            f"{t['winner']}: {wizards[winner]['colour']} (P{winner + 1})"
        return [f"{title} · {t['over']} · {who}"]
    active = wizards[doc["active"]]
    return [f"{title} · {t['turn']} {active['colour']} (P{active['seat'] + 1}) · "
            f"{PHASES[lang].get(doc['phase'], doc['phase'])}", _turn_line(doc, t)]


def _turn_line(doc: dict[str, Any], t: dict[str, str]) -> str:
    turn = doc["turn"]
    parts = [f"{t['mp']} {turn['mp']}", t["attack_used"] if turn["attacked"] else
             t["attack_free"]]
    parts += [t[flag] for flag in ("boosted", "stunned", "stopped", "corner") if turn[flag]]
    if turn["unlocked"]:
        parts.append(f"{t['unlocked']}: {len(turn['unlocked'])}")
    return "  " + " · ".join(parts)


# ---- the maze --------------------------------------------------------------------------------
def _square_things(board: Board, doc: dict[str, Any]) -> dict[int, list[tuple[str, str]]]:
    """Per square, its contents in display order as (mark, notation) pairs."""
    found: dict[int, list[tuple[str, str]]] = {}
    for wiz in doc["wizards"]:
        if wiz["alive"]:
            found.setdefault(board.parse_square(wiz["square"]), []).append(
                (wiz["colour"][0].upper(), wiz["colour"]))
    for treasure in doc["treasures"]:
        if treasure["square"] is not None and treasure["carrier"] is None \
                and not treasure["scored"]:
            name = treasure["name"]
            found.setdefault(board.parse_square(treasure["square"]), []).append(
                (name[0] + name[-1], f"treasure:{name}"))
    for obj in doc["objects"]:
        name = obj["card"] if obj["kind"] == "item" and obj["card"] else obj["kind"]
        found.setdefault(board.parse_square(obj["square"]), []).append(
            (GLYPHS.get(obj["kind"], "?"), str(name)))
    return found


def marks(board: Board, doc: dict[str, Any]) -> dict[int, str]:
    """The mark of every occupied square (at most `WIDTH` characters, ``+`` when cut)."""
    out: dict[int, str] = {}
    for sq, things in _square_things(board, doc).items():
        text = "".join(mark for mark, _ in things)
        out[sq] = text if len(text) <= WIDTH else text[:WIDTH - 1] + "+"
    return out


def _contents(board: Board, doc: dict[str, Any], t: dict[str, str], lang: str) -> list[str]:
    things = _square_things(board, doc)
    if not things:
        return []
    entries = []
    for sq in sorted(things):
        names = [_thing_name(name, t, lang) for _, name in things[sq]]
        entries.append(f"{board.square_name(sq)} {', '.join(names)}")
    return _wrapped(f"{t['squares']}: ", entries)


def _thing_name(notation: str, t: dict[str, str], lang: str) -> str:
    if notation.startswith("treasure:"):
        return f"{t['treasure']} {notation.partition(':')[2]}"
    card = _cards().get(notation)
    return notation if card is None else card.name.get(lang)


def _wrapped(head: str, entries: list[str], width: int = 76) -> list[str]:
    """`head` then the entries separated by " · ", wrapped at `width` characters (the command
    line's panel fits an 80-column terminal)."""
    lines: list[str] = []
    line = head
    for entry in entries:
        piece = entry if line == head else f" · {entry}"
        if len(line) + len(piece) > width and line != head:
            lines.append(line)
            line = "  " + entry
        else:
            line += piece
    return [*lines, line]


# ---- wizards, piles, casts -------------------------------------------------------------------
def _wizards(doc: dict[str, Any], t: dict[str, str], lang: str) -> list[str]:
    head = f"{t['wizard']:<8}{t['seat']:>7}{t['life']:>6}{t['vp']:>4}{t['stun']:>7}{t['hand']:>6}"
    lines = ["", head]
    for wiz in doc["wizards"]:
        name = wiz["colour"] if wiz["alive"] else f"{wiz['colour']} †"
        row = (f"{name:<8}{'P' + str(wiz['seat'] + 1):>7}{wiz['life']:>6}{wiz['vp']:>4}"
               f"{wiz['stun']:>7}{wiz['hand_size']:>6}")
        if not wiz["alive"]:
            row += f"  ({t['dead']})"
        lines.append(row)
        lines += _carried(doc, wiz, t, lang)
    return lines


def _carried(doc: dict[str, Any], wiz: dict[str, Any], t: dict[str, str],
             lang: str) -> list[str]:
    """The wizard's public belongings: items, treasures, spells in play (WW-X15, WW-X16)."""
    out = []
    if wiz["items"]:
        out.append(f"    {t['items']}: {', '.join(card_name(k, lang) for k in wiz['items'])}")
    if wiz["treasures"]:
        out.append(f"    {t['treasures']}: {', '.join(wiz['treasures'])}")
    spells = [_spell(s, t, lang) for s in doc["spells"] if s["caster"] == wiz["seat"]]
    if spells:
        out.append(f"    {t['spells']}: {'; '.join(spells)}")
    return out


def _spell(spell: dict[str, Any], t: dict[str, str], lang: str) -> str:
    text = card_name(spell["card"], lang)
    if spell["targets"]:
        text += f" → {' '.join(spell['targets'])}"
    if spell["tokens"] is not None:
        text += f" ({spell['tokens']} {t['tokens']})"
    return text


def _piles(doc: dict[str, Any], t: dict[str, str], lang: str) -> list[str]:
    deck = doc["deck"]
    size = deck if isinstance(deck, int) else len(deck)
    discard = doc["discard"]
    top = card_name(discard[-1], lang) if discard else t["empty"]
    return ["", f"{t['deck']}: {size} {t['cards']} · {t['discard']}: {len(discard)}, "
                f"{t['top']}: {top}"]


def _casts(doc: dict[str, Any], t: dict[str, str], lang: str) -> list[str]:
    out = []
    for cast in doc["casts"]:
        colour = doc["wizards"][cast["seat"]]["colour"]
        text = f"{t['casting']}: {card_name(cast['card'], lang)} {t['by']} {colour}"
        if cast["targets"]:
            text += f" → {' '.join(cast['targets'])}"
        if cast["countered"]:
            text += f" ({t['countered']})"
        out.append(text)
    return out


def _decision(doc: dict[str, Any], lang: str) -> list[str]:
    if not doc["decisions"]:
        return []
    top = doc["decisions"][-1]
    colour = doc["wizards"][top["seat"]]["colour"]
    what = DECISIONS[lang].get(top["kind"], top["kind"])
    label = LABELS[lang]["decision"]
    if top["kind"] == "Choice":
        what += f": {', '.join(str(o) for o in top.get('options', ()))}"
    return [f"{label}: {colour} (P{top['seat'] + 1}) {what}"]


def _own_hand(view: dict[str, Any], doc: dict[str, Any], t: dict[str, str],
              lang: str) -> list[str]:
    """The viewer's own hand: the only wizard entry of a view that carries `hand`."""
    seat = view.get("seat")
    for wiz in doc["wizards"]:
        if wiz["seat"] == seat and "hand" in wiz:
            names = ", ".join(card_name(k, lang) for k in wiz["hand"]) or t["empty"]
            return [f"{t['your_hand']} ({wiz['colour']}): {names}"]
    return []
