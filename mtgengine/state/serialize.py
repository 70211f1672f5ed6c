"""Save and load a game state as JSON, exactly (issue 2: "save/load round-trips exactly").

Values are encoded generically: dataclasses by class name and fields, sets and tuples
tagged, cards by name (the card database restores them), mana costs by text.
"""
from __future__ import annotations

import dataclasses
from enum import Enum
from typing import Any

from ..cards import vocabulary
from ..core.enums import Step, Zone
from ..core.mana import ManaCost
from ..core.rng import Rng
from .game_log import GameLog
from .game_state import GameState
from .objects import GameObject, Player


def _registry() -> dict[str, type]:
    from ..effects import events, layers, triggers
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
    if isinstance(data, list):
        return [decode(v, reg) for v in data]
    if not isinstance(data, dict):
        return data
    if "__enum__" in data:
        return _ENUMS[data["__enum__"]](data["v"])
    if "__tuple__" in data:
        return tuple(decode(v, reg) for v in data["__tuple__"])
    if "__set__" in data:
        return frozenset(decode(v, reg) for v in data["__set__"])
    if "__dict__" in data:
        return {decode(k, reg): decode(v, reg) for k, v in data["__dict__"]}
    if "__mana__" in data:
        return ManaCost.parse(data["__mana__"])
    if "__card__" in data:
        from ..cards.database import card_db
        return card_db().get(data["__card__"])
    if "__dc__" in data:
        cls = reg[data["__dc__"]]
        return cls(**{k: decode(v, reg) for k, v in data["f"].items()})
    raise ValueError(f"unknown saved value {data!r}")


def state_to_json(g: GameState) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for slot in GameState.__slots__:
        if slot in ("_gen", "_chars", "_legal"):
            continue
        value = getattr(g, slot)
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


def state_from_json(data: dict[str, Any]) -> GameState:
    reg = _registry()
    g = GameState.__new__(GameState)
    g._gen = object()
    g._chars = {}
    g._legal = None
    for slot in GameState.__slots__:
        if slot in ("_gen", "_chars", "_legal"):
            continue
        value = data[slot]
        if slot == "players":
            players = []
            for pd in value:
                p = Player(0, "")       # a count added since the save was made starts at its default
                for s, v in pd.items():
                    setattr(p, s, decode(v, reg))
                p._gen = g._gen
                players.append(p)
            setattr(g, slot, players)
        elif slot == "objects":
            objects = {}
            for od in value:
                o = GameObject.__new__(GameObject)
                for s, v in od.items():
                    setattr(o, s, decode(v, reg))
                o._gen = g._gen
                objects[o.id] = o
            g.objects = objects
        elif slot == "log":
            g.log = GameLog(list(value))
        elif slot == "rng":
            rng = Rng(0)
            rng.setstate(tuple(value))
            g.rng = rng
        else:
            setattr(g, slot, decode(value, reg))
    return g
