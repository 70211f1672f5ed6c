"""Save and load a game state as JSON, exactly (issue 2: "save/load round-trips exactly").

Values are encoded generically: dataclasses by class name and fields, sets and tuples
tagged, cards by name (the card database restores them), mana costs by text.
"""
from __future__ import annotations

import dataclasses
from enum import Enum
from typing import Any

from ..cards import vocabulary
from ..cards.database import UnknownCardError, card_db
from ..core.enums import Step, Zone
from ..core.errors import GameStateError, quote
from ..core.mana import ManaCost
from ..core.rng import Rng
from ..effects import events, layers, triggers
from .game_log import GameLog
from .game_state import GameState
from .objects import GameObject, Player


def _registry() -> dict[str, type]:
    out: dict[str, type] = {}
    for module in (vocabulary, events, layers, triggers):
        for name in dir(module):
            obj = getattr(module, name)
            if isinstance(obj, type) and dataclasses.is_dataclass(obj):
                out[name] = obj
    return out


_ENUMS = {"Zone": Zone, "Step": Step}


def encode(value: Any) -> Any:
    if isinstance(value, Enum):      # before str: our enums are str subclasses
        return {"__enum__": type(value).__name__, "v": value.value}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, tuple):
        return {"__tuple__": [encode(v) for v in value]}
    if isinstance(value, (set, frozenset)):
        return {"__set__": sorted((encode(v) for v in value), key=repr)}
    if isinstance(value, dict):
        return {"__dict__": [[encode(k), encode(v)] for k, v in value.items()]}
    if isinstance(value, ManaCost):
        return {"__mana__": str(value)}
    if type(value).__name__ == "CardData":
        return {"__card__": value.name}
    if dataclasses.is_dataclass(value):
        return {"__dc__": type(value).__name__,
                "f": {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}}
    raise TypeError(f"can't save a value of type {type(value).__name__}")


def decode(data: Any, reg: dict[str, type]) -> Any:
    """The value ``encode`` wrote. A value no save holds (tampered, damaged) raises ValueError,
    KeyError (an unknown card name: ``UnknownCardError``) or TypeError, naming it."""
    if isinstance(data, list):
        return [decode(v, reg) for v in data]
    if not isinstance(data, dict):
        return data
    if "__enum__" in data:
        enum = _ENUMS.get(data["__enum__"])
        if enum is None:
            raise ValueError(f"unknown kind of value {quote(data['__enum__'])} (a Zone or a Step)")
        return enum(data.get("v"))
    if "__tuple__" in data:
        return tuple(decode(v, reg) for v in data["__tuple__"])
    if "__set__" in data:
        return frozenset(decode(v, reg) for v in data["__set__"])
    if "__dict__" in data:
        out = {}
        for item in data["__dict__"]:
            if not isinstance(item, list) or len(item) != 2:
                raise ValueError(f"a saved mapping holds [key, value] pairs, got {quote(item)}")
            out[decode(item[0], reg)] = decode(item[1], reg)
        return out
    if "__mana__" in data:
        return ManaCost.parse(data["__mana__"])
    if "__card__" in data:
        if not isinstance(data["__card__"], str):
            raise ValueError(f"a card is saved by its name, got {quote(data['__card__'])}")
        return card_db().get(data["__card__"])
    if "__dc__" in data:
        cls = reg.get(data["__dc__"]) if isinstance(data["__dc__"], str) else None
        if cls is None or not isinstance(data.get("f"), dict):
            raise ValueError(f"unknown kind of saved value {quote(data['__dc__'])}")
        return cls(**{k: decode(v, reg) for k, v in data["f"].items()})
    raise ValueError(f"unknown saved value {quote(data)}")


def state_to_json(g: GameState) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for slot in GameState.__slots__:
        if slot in ("_gen", "_chars", "_legal"):
            continue
        value = getattr(g, slot)
        if slot in SAVED_IF_SET and value == SAVED_IF_SET[slot]:
            continue
        if slot == "players":
            out[slot] = [{s: encode(getattr(p, s)) for s in Player.__slots__ if s != "_gen"} for p in value]
        elif slot == "objects":
            out[slot] = [{s: encode(getattr(o, s)) for s in GameObject.__slots__ if s != "_gen"}
                         for o in value.values()]
        elif slot == "rng":
            out[slot] = list(value.getstate())
        elif slot == "log":
            out[slot] = list(value)
        else:
            out[slot] = encode(value)
    return out


#: Slots saved only when they differ from their default (which a save without them loads with):
#: a game that doesn't opt in saves exactly as before they existed.
SAVED_IF_SET: dict[str, Any] = {"allow_unimplemented": False, "monarch": None, "initiative": None, "dungeons": (),
                                 "completed_dungeons": (), "blessed": (), "phased_out": [],
                                 "day_night": None, "last_turn_spells": None,
                                 "speeds": (),
                                 "land_plays": ()}
#: What a save's state must hold; the other slots (added to the engine since some saves were
#: made) start at their defaults when a save has none, as a player's or an object's fields do.
REQUIRED_SLOTS = ("players", "objects", "zones", "battlefield", "stack", "turn", "active", "step", "priority",
                  "rng", "next_id", "next_timestamp", "log", "marker")
_NOT_SAVED = ("_gen", "_chars", "_legal")
_DECODE_ERRORS = (KeyError, ValueError, TypeError, AttributeError, IndexError)


def _decoded(value: Any, reg: dict[str, type], where: str, field: str = "") -> Any:
    """``decode(value)``; a fault raises GameStateError at ``where`` (``.field``)."""
    try:
        return decode(value, reg)
    except RecursionError:
        raise _bad(where + (f".{field}" if field else ""), "it nests too deeply") from None
    except _DECODE_ERRORS as exc:
        if field:
            where = f"{where}.{field}"
        if isinstance(exc, KeyError) and not isinstance(exc, UnknownCardError):
            reason = f"missing {quote(exc.args[0] if exc.args else '')}"
        else:
            reason = str(exc)
        raise _bad(where, reason if len(reason) <= 300 else reason[:300] + "…") from None


def _bad(where: str, problem: str) -> GameStateError:
    return GameStateError(f"not a valid saved game: {where}: {problem}")


_PLAIN = frozenset({int, str, bool, float, type(None)})
_PLAYER_FIELDS = frozenset(Player.__slots__) - {"_gen"}
_OBJECT_FIELDS = frozenset(GameObject.__slots__) - {"_gen"}


def _fields(record: Any, template: Any, fields: frozenset[str], reg: dict[str, type], where: str) -> None:
    """Sets the saved fields of ``record`` on ``template`` (an object at its defaults)."""
    if not isinstance(record, dict):
        raise _bad(where, f"expected a mapping of fields, got {quote(record)}")
    for s, v in record.items():
        if s not in fields:
            raise _bad(where, f"unknown field {quote(s)}")
        setattr(template, s, v if v.__class__ in _PLAIN else _decoded(v, reg, where, s))


def state_from_json(data: dict[str, Any]) -> GameState:
    """The state ``state_to_json`` saved, checked (``invariants.check_state``): a tampered or
    damaged save raises GameStateError naming the field and the fault."""
    if not isinstance(data, dict):
        raise _bad("base", f"expected the game state (a mapping), got {quote(data)}")
    for slot in data:
        if slot not in GameState.__slots__ or slot in _NOT_SAVED:
            raise _bad("base", f"unknown field {quote(slot)}")
    for slot in REQUIRED_SLOTS:
        if slot not in data:
            raise _bad("base", f"the field {slot!r} is missing")
    reg = _registry()
    defaults = GameState([], 0)
    g = GameState.__new__(GameState)
    g._gen = object()
    g._chars = {}
    g._legal = None
    for slot in GameState.__slots__:
        if slot in _NOT_SAVED:
            continue
        if slot not in data:
            setattr(g, slot, getattr(defaults, slot))
            continue
        value = data[slot]
        if slot == "players":
            if not isinstance(value, list):
                raise _bad("base.players", f"expected a list of players, got {quote(value)}")
            players = []
            for i, pd in enumerate(value):
                p = Player(0, "")       # a count added since the save was made starts at its default
                _fields(pd, p, _PLAYER_FIELDS, reg, f"base.players[{i}]")
                p._gen = g._gen
                players.append(p)
            setattr(g, slot, players)
        elif slot == "objects":
            if not isinstance(value, list):
                raise _bad("base.objects", f"expected a list of objects, got {quote(value)}")
            objects = {}
            for i, od in enumerate(value):
                o = GameObject(0, None, 0, Zone.LIBRARY, 0)     # (likewise a field added since)
                _fields(od, o, _OBJECT_FIELDS, reg, f"base.objects[{i}]")
                o._gen = g._gen
                if o.id in objects:
                    raise _bad(f"base.objects[{i}]", f"two objects have the id {quote(o.id)}")
                objects[o.id] = o
            g.objects = objects
        elif slot == "log":
            if not isinstance(value, list):
                raise _bad("base.log", "expected a list of log lines")
            g.log = GameLog(list(value))
        elif slot == "rng":
            rng = Rng(0)
            try:
                rng.setstate(tuple(value))
            except (TypeError, ValueError) as exc:
                raise _bad("base.rng", f"not the generator's state ({quote(str(exc), 120)})") from None
            g.rng = rng
        else:
            setattr(g, slot, _decoded(value, reg, f"base.{slot}"))
    from .invariants import check_state      # (at first use: only a loaded state is checked; keeps startup fast)
    check_state(g)
    return g
