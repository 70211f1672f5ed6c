"""The JSON Schema of the scenario format, made from the table the validator reads
(:mod:`mtgengine.scenario.fields`), so that the two can't drift apart. Editors use it to complete
and check scenario files (YAML language servers read JSON Schemas): ``mtg schema > scenario.schema.json``,
or the copy shipped as ``mtgengine/data/scenario.schema.json``.

The schema states the form of each value; what needs the game (a card name that exists, a
reference that matches one object, an answer that fits the decision) is left to ``mtg run``,
so a file the schema accepts may still FAIL, never the other way round.
"""
from __future__ import annotations

from typing import Any

from . import fields
from .fields import MAX_AMOUNT, MAX_NAME_CHARS, MAX_PASSES, MAX_PLAYERS, MAX_TURN, Field

SCHEMA_ID = "urn:mtgengine:scenario:1"
_NON_BLANK = "\\S"


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}]}


def _whole(low: int | None = None, high: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "integer"}
    if low is not None:
        out["minimum"] = low
    if high is not None:
        out["maximum"] = high
    return out


_TEXT = {"anyOf": [{"type": "string", "pattern": _NON_BLANK, "maxLength": MAX_NAME_CHARS}, {"type": "integer"}]}
_COUNT = _whole(0)
_STRINGS = {"type": "array", "items": {"type": ["string", "number"]}}

#: Each kind of ``fields`` as a schema (``$ref`` to ``$defs`` for the structures).
_KINDS: dict[str, dict[str, Any]] = {
    "title": {"type": "string", "pattern": _NON_BLANK},
    "string": {"type": ["string", "integer"]},
    "text": _TEXT,
    "flag": {"type": "boolean"},
    "count": _COUNT,
    "number": {"type": ["integer", "null"]},
    "amount": _whole(0, MAX_AMOUNT),
    "life": _whole(-MAX_AMOUNT, MAX_AMOUNT),
    "seed": _whole(0, 2**64 - 1),
    "turn_number": _whole(1, MAX_TURN),
    "cards": _nullable({"type": "array", "items": {"$ref": "#/$defs/card_entry"}}),
    "mana": {"type": "string"},
    "counters": _nullable({"type": "object", "additionalProperties": _whole(0, MAX_AMOUNT)}),
    "rules": _nullable({"type": "array", "items": {"type": ["string", "number"]}}),
    "players": {"$ref": "#/$defs/players"},
    "turn": _nullable({"$ref": "#/$defs/turn"}),
    "step": {"enum": list(fields.STEPS)},
    "script": _nullable({"type": "array", "items": {"$ref": "#/$defs/step"}}),
    "expect": _nullable({"$ref": "#/$defs/checks"}),
    "attack": _nullable({"anyOf": [{"type": "array", "items": _TEXT},
                                   {"type": "object", "additionalProperties": _TEXT}]}),
    "block": {"type": "object", "additionalProperties": {"anyOf": [_TEXT, {"type": "array", "items": _TEXT}]}},
    "pass": {"anyOf": [_whole(0, MAX_PASSES), {"enum": ["stack", "turn", *fields.STEPS]}]},
    "modes": {"type": "array", "minItems": 1, "items": _whole(1, MAX_AMOUNT)},
    "ability": {"anyOf": [_whole(1, MAX_AMOUNT), {"type": "string", "pattern": _NON_BLANK}]},
    "illegal": {"anyOf": [{"type": "boolean"}, {"type": "string", "pattern": _NON_BLANK}]},
    "kicked": {"anyOf": [{"type": "boolean"}, {"type": "array", "items": {"type": "string"}}]},
    "strings": _nullable(_STRINGS),
    "player_numbers": _nullable({"type": "object", "additionalProperties": {"type": "integer"}}),
    "player_counts": _nullable({"type": "object", "additionalProperties": _COUNT}),
    "player_counters": _nullable({"type": "object", "additionalProperties": _nullable(
        {"type": "object", "additionalProperties": _COUNT})}),
    "player_mana": _nullable({"type": "object", "additionalProperties": {"type": "string"}}),
    "player_texts": _nullable({"type": "object", "additionalProperties": {"anyOf": [_TEXT, {"type": "null"}]}}),
    "zones": _nullable({"type": "object", "additionalProperties": _nullable(
        {"type": "object", "additionalProperties": {"anyOf": [_STRINGS, _COUNT, {"type": "null"}]}})}),
    "object_checks": _nullable({"type": "array", "items": {"$ref": "#/$defs/object_check"}}),
    "teams": _nullable({"type": "array", "items": {"type": "array", "items": _TEXT}}),
    "commander_damage": _nullable({"type": "object", "additionalProperties": _nullable(
        {"type": "object", "additionalProperties": _whole(0, MAX_AMOUNT)})}),
    "commander_tax": _nullable({"type": "object", "additionalProperties": _whole(0, MAX_AMOUNT)}),
    "any": {},
}


def _object(table: dict[str, Field], required: tuple[str, ...] = ()) -> dict[str, Any]:
    """A mapping of ``table``'s keys, no other key allowed (the validator refuses unknown keys)."""
    properties = {key: {**_KINDS[f.kind], "description": f.doc} for key, f in table.items()}
    out: dict[str, Any] = {"type": "object", "properties": properties, "additionalProperties": False}
    if required:
        out["required"] = list(required)
    return out


def _step_schema() -> dict[str, Any]:
    """A script step: exactly one verb, with that verb's options."""
    branches = []
    for verb, f in fields.VERBS.items():
        branch = _object({verb: f, **fields.STEP_OPTIONS[verb]}, required=(verb,))
        branch["title"] = verb
        branches.append(branch)
    return {"type": "object", "oneOf": branches}


def scenario_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of one scenario document."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "mtgengine scenario",
        "description": "A game position, a script of actions and answers, and checks "
                       "(docs/SCENARIO-FORMAT.md). A file may hold several, as YAML documents.",
        **_object(fields.TOP, required=fields.REQUIRED_TOP),
        "$defs": {
            "players": {"type": "object", "minProperties": 1, "maxProperties": MAX_PLAYERS,
                        "additionalProperties": _nullable({"$ref": "#/$defs/player"})},
            "player": _object(fields.PLAYER),
            "card_entry": {"anyOf": [
                {"type": "string", "pattern": _NON_BLANK,
                 "description": "'Name', 'Name x6' or 'Name as alias'"},
                _object(fields.ENTRY, required=("card",))]},
            "turn": _object(fields.TURN),
            "step": _step_schema(),
            "checks": _object(fields.CHECKS),
            "object_check": _object(fields.OBJECT_CHECK, required=("ref",)),
        },
    }


def schema_text() -> str:
    """The schema as the JSON text shipped in ``mtgengine/data/scenario.schema.json`` and printed
    by ``mtg schema`` (sorted keys, two-space indent: a rebuild changes only what changed)."""
    import json
    return json.dumps(scenario_schema(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
