"""What a seat's client is sent: the board as its player's view shows it (``Game.view``).

Everything here is computed from a :class:`~mtgengine.agents.view.View` and nothing else, so a
client can't be told what its player may not know (CR 400.2, 708.5): the opponent's hand is
its size and its objects' ids (a hidden object has no card in a view), libraries are sizes,
face-down cards the viewer doesn't control are "a face-down card". The view's ``unseen``
(the names of the opponent's unseen cards, an open deck list) is never sent.

A card is a text frame: name, mana cost, type line, rules text, P/T or loyalty, and the
status the board shows (tapped, counters, damage, attachments, summoning sickness, combat).
Each option of the pending decision comes with its label in words and the objects or players
it names, so the page can make those clickable.
"""
from __future__ import annotations

import re
from typing import Any

from ..agents.decisions import Decision, player_of
from ..agents.view import View
from ..core.enums import Zone

_HAND, _LIBRARY, _GRAVEYARD, _EXILE, _COMMAND = Zone.HAND, Zone.LIBRARY, Zone.GRAVEYARD, Zone.EXILE, Zone.COMMAND
#: The zones shown for each player, besides the battlefield and the stack.
PLAYER_ZONES = (_HAND, _GRAVEYARD, _EXILE, _COMMAND)
_CITATION = re.compile(r"^\[CR ([0-9][0-9a-z.]*)\]\s*")


def board(view: View, log_from: int = 0) -> dict[str, Any]:
    """The message a seat is sent after each change: the whole board, the decision if it is
    the seat's, and the log lines from ``log_from`` on."""
    g = view.state
    me = view.player
    objects: dict[str, Any] = {}
    zones: list[dict[str, list[int]]] = []
    for p in range(len(g.players)):
        mine: dict[str, list[int]] = {}
        for zone in PLAYER_ZONES:
            ids = list(g.zones[(p, zone)])
            mine[zone.value] = ids
            for oid in ids:
                objects[str(oid)] = frame(view, oid)
        zones.append(mine)
    for oid in [*g.battlefield, *g.stack]:
        objects[str(oid)] = frame(view, oid)
    d = view.decision
    log = list(g.log)
    return {
        "type": "board",
        "you": me,
        "turn": g.turn,
        "active": g.active,
        "step": g.step.value,
        "players": [_player(view, p) for p in range(len(g.players))],
        "zones": zones,
        "battlefield": list(g.battlefield),
        "stack": list(g.stack),
        "objects": objects,
        "decision": None if d is None else decision(view, d),
        "waiting_for": view.waiting_for,
        "over": _outcome(view) if g.over else None,
        "log_from": log_from,
        "log": [split_citation(line) for line in log[log_from:]],
        "log_size": len(log),
    }


def _player(view: View, p: int) -> dict[str, Any]:
    g = view.state
    pl = g.players[p]
    return {
        "name": pl.name, "life": pl.life, "poison": pl.poison,
        "counters": dict(sorted(pl.counters.items())),
        "pool": {k: v for k, v in pl.pool.items() if v},
        "hand": len(g.zones[(p, _HAND)]), "library": len(g.zones[(p, _LIBRARY)]),
        "lost": pl.lost,
    }


def _outcome(view: View) -> dict[str, Any]:
    g = view.state
    if g.winner is not None:
        text = f"{g.players[g.winner].name} wins on turn {g.turn}"
    elif g.draw:
        text = f"a draw on turn {g.turn}"
    else:
        text = f"the turn cap stopped the game on turn {g.turn}"
    return {"winner": g.winner, "draw": g.draw, "text": text}


def split_citation(line: str) -> dict[str, Any]:
    """A log line as ``{"rule": "704.5g", "text": ...}`` (rule None for a line citing none)."""
    m = _CITATION.match(line)
    if m is None:
        return {"rule": None, "text": line}
    return {"rule": m.group(1).rstrip("."), "text": line[m.end():]}


# -- cards --------------------------------------------------------------------------------------
def frame(view: View, oid: int) -> dict[str, Any]:
    """One object as its frame (module docstring); a hidden one as what can be seen of it."""
    g = view.state
    o = g.objects.get(oid)
    if o is None:
        return {"id": oid, "hidden": True, "name": "a card you can't see"}
    out: dict[str, Any] = {"id": oid, "owner": o.owner, "controller": o.controller, "zone": o.zone.value}
    status = _status(view, o)
    if o.ability is not None:
        text = getattr(o.ability, "text", "") or ""
        out.update(name=f"Ability of {o.source_name}", ability=True, type_line="Ability", text=text,
                   source=o.source_id)
    elif o.card is None:
        out.update(hidden=True, face_down=o.face_down,
                   name="a face-down card" if o.face_down else "a hidden card")
        if o.face_down and o.zone is Zone.BATTLEFIELD:
            out.update(pt="2/2", type_line="Creature")          # CR 708.2a
    else:
        out.update(_printed(view, oid, o))
    out.update(status)
    return out


def _printed(view: View, oid: int, o: Any) -> dict[str, Any]:
    """Name, cost, type line, text, P/T and loyalty: the characteristics now where the layers
    can say (CR 613), else the card's printed face."""
    card = o.card
    face_index = min(o.face, len(card.faces) - 1)
    face = card.faces[face_index]
    out = dict(_face_frame(card, face_index))
    out["face_down"] = o.face_down
    out["token"] = o.token
    if o.face_down:
        out["name"] = face.name
        out["face_down_known"] = True         # the viewer may look at it (CR 708.5)
    try:
        from ..effects.layers import characteristics
        ch = characteristics(view.state, oid)
    except Exception:       # (a view may lack a card a characteristic depends on)
        return out
    if ch.name != out["name"]:
        out["name"] = ch.name
    if ch.mana_cost is not face.mana_cost:
        out["cost"] = _cost(ch.mana_cost)
    if (set(ch.types), set(ch.subtypes), set(ch.supertypes)) != (set(face.types), set(face.subtypes),
                                                                    set(face.supertypes)):
        types = [*sorted(ch.supertypes), *_ordered_types(ch.types)]     # changed by an effect (CR 613.1d)
        out["type_line"] = " ".join(types) + (" — " + " ".join(sorted(ch.subtypes)) if ch.subtypes else "")
    out["types"] = _sorted(ch.types)
    if ch.power is not None and ch.toughness is not None:
        out["pt"] = f"{ch.power}/{ch.toughness}"
    elif "Creature" not in ch.types:
        out["pt"] = None
    if ch.loyalty is not None:
        out["loyalty"] = ch.loyalty
    out["colors"] = _sorted(ch.colors)
    return out


_SORTED: dict[frozenset[str], list[str]] = {}


def _sorted(values: frozenset[str]) -> list[str]:
    """Sorted, once per set of words (types, colors: a handful of sets in a game)."""
    out = _SORTED.get(values)
    if out is None:
        out = _SORTED[values] = sorted(values)
    return out


#: The printed part of each card face's frame, made once (every board shows each card again).
_FACES: dict[tuple[int, int], tuple[Any, dict[str, Any]]] = {}


def _face_frame(card: Any, index: int) -> dict[str, Any]:
    key = (id(card), index)
    cached = _FACES.get(key)
    if cached is not None and cached[0] is card:
        return cached[1]
    face = card.faces[index]
    out: dict[str, Any] = {
        "name": card.name, "cost": _cost(face.mana_cost), "type_line": face.type_line, "text": face.oracle_text,
        "pt": f"{face.power}/{face.toughness}" if face.power is not None else None, "loyalty": face.loyalty,
    }
    if len(card.faces) > 1:
        out["faces"] = [{"name": f.name, "cost": _cost(f.mana_cost), "type_line": f.type_line,
                         "text": f.oracle_text} for f in card.faces]
    _FACES[key] = (card, out)           # (the card kept: its id can't be reused while cached)
    return out


_TYPE_ORDER = ("Kindred", "Enchantment", "Artifact", "Land", "Creature", "Battle", "Planeswalker", "Instant",
               "Sorcery")


def _ordered_types(types: Any) -> list[str]:
    """Card types in the order type lines print them (Artifact Creature, Enchantment Creature)."""
    return sorted(types, key=lambda t: (_TYPE_ORDER.index(t) if t in _TYPE_ORDER else len(_TYPE_ORDER), t))


def _cost(cost: Any) -> str | None:
    return None if cost is None else str(cost)


def _status(view: View, o: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if o.zone is Zone.BATTLEFIELD:
        out.update(tapped=o.tapped, damage=o.damage, sick=o.sick, attached_to=o.attached_to,
                   attacking=_ref(o.attacking), blocking=list(o.blocking), token=o.token)
    if o.counters:
        out["counters"] = dict(sorted(o.counters.items()))
    if o.zone is Zone.STACK:
        out["targets"] = [_ref(t) for t in o.targets]
        if o.x:
            out["x"] = o.x
    return out


def _ref(value: Any) -> Any:
    """A target or what an attacker attacks, as an option value: an object id, or a player
    (``player_ref``, negative)."""
    if isinstance(value, (tuple, list)) and len(value) == 2 and value[0] == "player":
        return -(int(value[1]) + 1)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return None


# -- the decision -------------------------------------------------------------------------------
def decision(view: View, d: Decision) -> dict[str, Any]:
    """The pending decision with each option labelled and the objects it names."""
    options = plain(d.options)
    return {
        "kind": d.kind, "prompt": d.prompt, "min": d.min, "max": d.max, "multi": d.multi,
        "info": plain(d.info),
        "options": [{"value": value, "label": label(view, value), "refs": refs(value)} for value in options],
    }


def plain(value: Any) -> Any:
    """A JSON value: options and answers are JSON values already (tuples made lists here)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    return str(value)


def refs(value: Any) -> list[int]:
    """The objects and players an option names (ids; players negative), to click on."""
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, dict):
        return [value["object"]] if isinstance(value.get("object"), int) else []
    if isinstance(value, list):
        return [v for v in value if isinstance(v, int) and not isinstance(v, bool)]
    return []


def object_name(view: View, oid: int) -> str:
    o = view.state.objects.get(oid)
    if o is None:
        return "a card you can't see"
    if o.ability is not None:
        return f"ability of {o.source_name}"
    if o.card is None:
        return "a face-down card" if o.face_down else "a hidden card"
    try:
        from ..effects.layers import object_name as named
        return named(view.state, oid)
    except Exception:
        return o.card.name


def label(view: View, value: Any) -> str:
    """An option in words, as the page shows it on its button."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        player = player_of(value)
        if player is not None:
            players = view.state.players
            return players[player].name if player < len(players) else f"player {player + 1}"
        return object_name(view, value)
    if isinstance(value, dict) and "action" in value:
        act = value["action"]
        if act == "pass":
            return "Pass"
        words = [act.replace("_", " ").capitalize()]
        if isinstance(value.get("object"), int):
            words.append(object_name(view, value["object"]))
        if act == "activate" and isinstance(value.get("ability"), int):
            words.append(_ability_text(view, value["object"], value["ability"]))
        extra = {k: v for k, v in value.items() if k not in ("action", "object", "ability")}
        if extra:
            words.append("(" + ", ".join(f"{k.replace('_', ' ')}: {v}" for k, v in extra.items()) + ")")
        return " ".join(words)
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return f"{label(view, value[0])} → {label(view, value[1])}"
    return str(value)


def _ability_text(view: View, oid: int, index: int) -> str:
    """The activated ability's text, for an activate option (its index among the object's
    activated abilities)."""
    try:
        from ..effects.layers import characteristics
        abilities = characteristics(view.state, oid).script.activated
        text = getattr(abilities[index], "text", "")
    except Exception:
        text = ""
    return f"— {text}" if text else f"(ability {index + 1})"


__all__ = ["board", "decision", "frame", "label", "refs", "split_citation"]
