"""Hand-written card definitions: YAML data validated into the card vocabulary.

The text compiler (``cards.compiler``) gives most faces their abilities. A definition gives a
face what the compiler can't, written in the same vocabulary (``cards.vocabulary``): it
replaces the compiled script, or adds to it and says which paragraphs it covers, and may
name a Python hook (``cards.hooks``). docs/CARD-FORMAT.md describes the format.

The loader is driven by the vocabulary dataclasses' fields and type hints, so a new effect
class or field can be written in YAML without a change here. Everything is checked when the
files load, and an error names the file, the card and the field (ARCHITECTURE principle 7):
a mistake in card data must not wait for a game to reach that card.
"""
from __future__ import annotations

import difflib
import functools
import re
import types
from collections.abc import Callable, Iterable
from dataclasses import MISSING, Field, dataclass, fields, is_dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Union, get_args, get_origin, get_type_hints

import yaml

from ..core.mana import ManaCost, ManaCostError
from .database import CARD_TYPES, CardData, Face, card_db
from .hooks import HOOKS
from .compiler import compile_text
from .compiler.keywords import KEYWORDS, RESTRICTIONS
from . import vocabulary
from .vocabulary import (
    ActivatedAbility, AddMana, CardScript, Compare, Condition, Cost, CreateToken, Effect, ExtraTriggers, Filter, Pump,
    Quantity, Ref,
    SpellAbility, StaticAbility, TargetSpec, Trigger, TriggeredAbility,
)
from .vocabulary import ReplacementAbility
from .vocabulary import Double, PlayerStatic
from .vocabulary import AdditionalCost, AlternativeCost, CastRestriction, CostChange, Prototype, Splice
from .vocabulary import Choose, Note                                  # linked abilities (CR 607)

__all__ = [
    "CardDefinitionError", "Definition", "apply_definition", "definition_for", "face_definition", "load_definitions",
    "merge_definition", "read_definitions",
]


class CardDefinitionError(ValueError):
    """A definition file is malformed; the message names the file, the card and the field."""


@dataclass(frozen=True, slots=True)
class Definition:
    """One face's definition as written: its abilities and how they join the compiled ones."""

    script: CardScript
    replace: bool = True               # False: added to the compiled script
    covers: tuple[int, ...] = ()       # with replace false: paragraphs no longer unimplemented
    hook: str | None = None


# -- what the engine understands ---------------------------------------------------------
# The vocabulary keeps some values as strings and some filters are read only in part where
# they are used; these tables hold what the engine carries out, so a definition asking for
# anything else is refused when it loads instead of being silently ignored in a game.

_COLORS = ("W", "U", "B", "R", "G")
#: Keyword abilities (CR 702) plus the restrictions the compiler grants like keywords
#: (``compiler.keywords.RESTRICTIONS``: "can't attack", CR 508.1c; "can't block", CR 509.1b; ...).
_KEYWORDS = KEYWORDS + RESTRICTIONS
#: The kinds ``effects.resolve.refs`` carries out.
_REF_KINDS = ("target", "self", "you", "each_opponent", "each_player", "enchanted", "equipped", "each", "defending",
              "triggering", "moved", "created", "remembered", "triggering_controller",
              "linked", "linked_one", "linked_here", "linked_random", "affected",
              "named_one", "owner", "put")   # linked abilities (CR 607); what the trigger event was done to
#: Ref kinds that take an index.
_INDEXED_REFS = ("target", "moved", "remembered")
#: Ref kinds that may be written as a bare word.
_REF_WORDS = ("you", "self", "each_opponent", "each_player", "enchanted", "equipped", "defending")
#: The trigger events ``effects.triggers`` fires, and the ``whose`` each is checked with:
#: events about an object are its own ("self") or any matching object's ("any", with a
#: filter); events about a player or a step are "you", "opponent" or "any" player's, or the
#: "enchanted" player's (the player the source enchants, CR 303.4b).
_OBJECT_WHOSE = ("self", "any", "enchanted", "equipped")   # enchanted/equipped: the object the source is attached to
_PLAYER_WHOSE = ("you", "opponent", "any", "enchanted")
#: The beginnings of steps may also be those of the controller of the permanent the source enchants.
_STEP_WHOSE = _PLAYER_WHOSE + ("enchanted_controller",)
_TRIGGER_WHOSE: dict[str, tuple[str, ...]] = {
    **{e: _OBJECT_WHOSE for e in ("enters", "leaves", "dies", "sacrificed", "attacks", "blocks", "becomes_blocked",
                                  "deals_damage", "deals_combat_damage", "combat_damage_player",
                                  "combat_damage_creature", "leaves_graveyard", "put_into_graveyard")},
    "cast": _PLAYER_WHOSE + ("self",),       # self: "When you cast this spell" (CR 113.6k)
    "becomes_target": _OBJECT_WHOSE,         # CR 115.1: "Whenever ~ becomes the target of a spell"; targeted_by: which
    "dealt_damage": _OBJECT_WHOSE,            # "Whenever ~ is dealt damage" (CR 120.3)
    # "Whenever ~ blocks a creature", "becomes blocked by a creature" (CR 509.3b, 509.3d): the
    # filter is about the other creature
    "blocks_creature": ("self",), "blocked_by_creature": ("self",),
    "cast_targeting": ("self",),              # heroic: "Whenever you cast a spell that targets ~"; filter: the spell
    "attacks_alone": _PLAYER_WHOSE + ("self",),   # CR 506.5: whose creature attacked alone; filter: the creature
    "you_attack": _PLAYER_WHOSE,              # CR 508.3d; number: "with N or more creatures"
    "discard": _PLAYER_WHOSE,                 # CR 701.9a: whose discard; filter: the card discarded
    "cycle": _PLAYER_WHOSE,                   # CR 702.29a: who cycled a card
    "cycled": ("self",),                      # CR 702.29c: "When you cycle this card"
    **{e: _PLAYER_WHOSE for e in ("draw", "gain_life", "draw_first", "draw_second")},
    **{e: _STEP_WHOSE for e in ("upkeep", "draw_step", "beginning_of_combat", "end_step", "precombat_main",
                                "postcombat_main", "end_of_combat")},
    # a triggered mana ability (CR 605.1b): whose is the player tapping; the filter, the permanent tapped
    "tapped_for_mana": _PLAYER_WHOSE,        # enchanted: the land the Aura is attached to (Wild Growth)
    "activate": _PLAYER_WHOSE,
    "state": ("you",),
}
#: Trigger events whose filter is read (the object the event is about, or the spell cast).
_FILTERED_EVENTS = frozenset(e for e, w in _TRIGGER_WHOSE.items() if w == _OBJECT_WHOSE) | {"cast", "tapped_for_mana",
                                                                                              "activate", "draw_first",
                                                                                              "attacks_alone", "discard"}
#: Events of an object's own ("self") whose filter is about the other object of the event.
_SELF_FILTERED_EVENTS = frozenset({"blocks_creature", "blocked_by_creature", "cast_targeting"})
#: Condition kinds ``effects.triggers.condition_holds`` reads; those counting permanents take a filter.
_CONDITION_KINDS = ("control", "battlefield", "life", "hand", "graveyard", "library", "kicked", "evoked", "meld",
                    "attacked_with",
                    "chosen", "linked", "life_vs_noted", "level")      # the linked kinds read a link (CR 607)
#: The events a replacement effect watches (``effects.replacement``), and the fields each reads
#: besides event, condition, self_replacement and text.
_REPLACEMENT_FIELDS: dict[str, frozenset[str]] = {
    "damage": frozenset({"source", "to", "itself", "combat", "noncombat", "multiply", "add", "amount", "prevent", "from_itself"}),
    "gain_life": frozenset({"who", "multiply", "add", "amount"}),
    "draw": frozenset({"who", "except_first_draw", "draw"}),
    "counters": frozenset({"to", "itself", "counter_kind", "multiply", "add", "amount"}),
    "tokens": frozenset({"who", "to", "multiply", "add", "amount"}),
    "tapped_for_mana": frozenset({"who", "source", "multiply"}),
    "proliferate": frozenset({"who", "multiply", "add"}),
    "life_reduced": frozenset({"who", "transform", "amount"}),
    "enters": frozenset({"to", "itself", "tapped", "enters_counters", "amount"}),
    "dies": frozenset({"to", "itself", "exile", "link"}),
}
#: The only filter fields the layer system reads for static abilities (``layers.matches_characteristics``,
#: applied to characteristics as the layers stand, CR 613.6; it can't ask about combat).
_STATIC_FILTER_FIELDS = frozenset({"types", "all_types", "not_types", "colors", "not_colors", "subtypes", "not_subtypes",
                                   "supertypes", "not_supertypes", "controller", "other",
                                   "linked", "controller_in", "chosen_color", "chosen_name", "chosen_type"})

#: The values a string field (or each string of a list field) may take.
_CHOICES: dict[tuple[type, str], tuple[str, ...]] = {
    (Ref, "kind"): _REF_KINDS,
    (Filter, "controller"): ("you", "opponent"),
    (Compare, "op"): ("=", "<=", ">="),
    (Trigger, "event"): tuple(_TRIGGER_WHOSE),
    (Trigger, "whose"): ("self", "you", "opponent", "any", "enchanted", "equipped",
                          "enchanted_controller"),
    (Condition, "kind"): _CONDITION_KINDS,
    (Choose, "kind"): ("number", "color", "word", "card_name", "creature_type", "basic_land_type",
                          "pay_life"),
    (Choose, "who"): ("you", "each_player"),
    (Note, "what"): ("life",),
    (ExtraTriggers, "event"): ("enters", "dies"),
    (Double, "value"): ("power", "toughness", "power_toughness", "life", "counters", "mana", "x"),
    (PlayerStatic, "grants"): ("hexproof", "no_zero_life_loss", "damage_as_infect"),
    (PlayerStatic, "who"): ("you",),
    (CardScript, "cast_timing"): ("", "before_combat_damage"),
    (ExtraTriggers, "controller"): ("you",),
    (StaticAbility, "affects"): ("enchanted", "equipped", "each", "self"),
    (ReplacementAbility, "event"): tuple(_REPLACEMENT_FIELDS),
    (ReplacementAbility, "who"): ("you", "opponent"),
    (AddMana, "mana"): _COLORS + ("C",),
    (CostChange, "whose"): ("you", "opponent", "any"),
    (AlternativeCost, "whose"): ("you", "opponent", "any"),
    (AdditionalCost, "whose"): ("you", "opponent", "any"),
    (CastRestriction, "whose"): ("you", "opponent", "any"),
    (AddMana, "choice"): _COLORS + ("C",),
    **{(cls, name): tuple(sorted(CARD_TYPES)) for cls, name in
       ((Filter, "types"), (Filter, "all_types"), (Filter, "not_types"), (CreateToken, "types"))},
    **{(cls, name): _COLORS for cls, name in
       ((Filter, "colors"), (Filter, "not_colors"), (CreateToken, "colors"))},
    **{(cls, name): _KEYWORDS for cls, name in
       ((CardScript, "keywords"), (Filter, "keywords"), (Filter, "not_keywords"), (Pump, "keywords"),
        (CreateToken, "keywords"), (StaticAbility, "keywords"))},
}

#: Text fields holding mana costs (CR 202.1), parsed when loaded.
_MANA_COSTS = frozenset({(Cost, "mana"), (CardScript, "kicker"), (CostChange, "more"), (CostChange, "less"),
                         (AlternativeCost, "mana"), (AdditionalCost, "mana"), (Prototype, "mana"),
                         (Splice, "mana")})

#: Fields a definition doesn't write: they are the compiler's record of what it couldn't do,
#: and a definition says what it covers instead.
_NOT_WRITTEN = frozenset({(CardScript, "unimplemented"), (SpellAbility, "implemented")})
#: Keys of a face definition besides the CardScript fields.
_FACE_OPTIONS = ("replace", "covers", "hook")


# -- the type-driven loader ----------------------------------------------------------------
class _Invalid(Exception):
    """A field is wrong; ``path`` is where, inside one card's definition."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(path, message)
        self.path = path
        self.message = message


def _join(path: str, key: object) -> str:
    return f"{path}.{key}" if path else str(key)


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def _unknown(what: str, value: object, valid: Iterable[str]) -> str:
    valid = list(valid)
    close = difflib.get_close_matches(str(value), valid, n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return f"unknown {what} {value!r}{hint}; valid {what}s: {', '.join(valid)}"


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    """A class's field types, its annotations resolved in the whole vocabulary (its modules name
    each other's classes in annotations only)."""
    return get_type_hints(cls, vars(vocabulary))


def _writable(cls: type) -> list[str]:
    return [f.name for f in fields(cls) if (cls, f.name) not in _NOT_WRITTEN]


def _union_options(tp: Any) -> tuple[list[Any], bool] | None:
    """(the non-None members, whether None is allowed) of a Union type; None otherwise."""
    if get_origin(tp) not in (Union, types.UnionType):
        return None
    args = get_args(tp)
    return [a for a in args if a is not type(None)], type(None) in args


def _describe(tp: Any) -> str:
    """How a value of type ``tp`` is written, for error messages and CARD-FORMAT.md."""
    union = _union_options(tp)
    if union is not None:
        options, nullable = union
        text = _describe(options[0]) if len(options) == 1 else "a one-key mapping {name: fields}"
        return text + " or null" if nullable else text
    if get_origin(tp) in (tuple, frozenset):
        item = get_args(tp)[0]
        if _union_options(item) is not None:
            return "a list of one-key mappings {name: fields}"
        if is_dataclass(item) and item not in _SHORT_FORMS:
            return f"a list of {item.__name__} mappings"
        return f"a list of {_describe(item).removeprefix('a ')}"
    if tp in _SHORT_FORMS:
        return _SHORT_FORMS[tp][0]
    if is_dataclass(tp):
        return f"a {tp.__name__} mapping"
    return {bool: "true or false", int: "a whole number", str: "text"}[tp]


def _build(tp: Any, value: Any, path: str) -> Any:
    """The value of type ``tp`` that YAML ``value`` writes; raises _Invalid."""
    union = _union_options(tp)
    if union is not None:
        options, nullable = union
        if value is None and nullable:
            return None
        if len(options) == 1:
            return _build(options[0], value, path)
        return _build_tagged(options, value, path)
    origin = get_origin(tp)
    if origin in (tuple, frozenset):
        if not isinstance(value, list):
            raise _Invalid(path, f"expected {_describe(tp)}, got {value!r}")
        items = [_build(get_args(tp)[0], item, f"{path}[{i}]") for i, item in enumerate(value)]
        return tuple(items) if origin is tuple else frozenset(items)
    if is_dataclass(tp):
        return _build_dataclass(tp, value, path)
    if tp not in (bool, int, str):
        raise TypeError(f"the card-definition loader has no YAML form for {tp!r}")
    # YAML true/false are bools, and bool is a subclass of int: keep them apart.
    if type(value) is not tp:
        raise _Invalid(path, f"expected {_describe(tp)}, got {value!r}")
    return value


def _build_tagged(options: list[type], value: Any, path: str) -> Any:
    """One member of a Union of dataclasses, written ``{snake_case_class_name: fields}``."""
    by_tag = {_snake(cls.__name__): cls for cls in options}
    if not (isinstance(value, dict) and len(value) == 1):
        raise _Invalid(path, f"expected a one-key mapping {{name: fields}} with name one of: "
                       f"{', '.join(by_tag)}; got {value!r}")
    ((tag, body),) = value.items()
    if tag not in by_tag:
        raise _Invalid(path, _unknown("name", tag, by_tag))
    return _build_dataclass(by_tag[tag], {} if body is None else body, _join(path, tag))


def _build_dataclass(cls: type, value: Any, path: str) -> Any:
    short = _SHORT_FORMS.get(cls)
    if short is not None:
        built = short[1](value, path)
        if built is not None:
            return built
    if not isinstance(value, dict):
        raise _Invalid(path, f"expected {_describe(cls)}, got {value!r}")
    writable = _writable(cls)
    for key in value:
        if key not in writable:
            raise _Invalid(path, _unknown("key", key, writable))
    hints = _hints(cls)
    kwargs: dict[str, Any] = {}
    for f in fields(cls):
        if f.name in value:
            where = _join(path, f.name)
            kwargs[f.name] = _build(hints[f.name], value[f.name], where)
            if (cls, f.name) in _CHOICES:
                _check_choice(value[f.name], _CHOICES[cls, f.name], where)
            if (cls, f.name) in _MANA_COSTS:
                _check_mana_costs(value[f.name], where)
        elif f.default is MISSING and f.default_factory is MISSING:
            raise _Invalid(path, f"missing key {f.name!r}")
    obj = cls(**kwargs)
    check = _CHECKS.get(cls)
    if check is not None:
        check(obj, path)
    return obj


def _items(raw: Any, path: str) -> list[tuple[str, Any]]:
    """(path, value) of each string of a string or list-of-strings field."""
    return [(f"{path}[{i}]", item) for i, item in enumerate(raw)] if isinstance(raw, list) else [(path, raw)]


def _check_choice(raw: Any, allowed: tuple[str, ...], path: str) -> None:
    for where, item in _items(raw, path):
        if item not in allowed:
            raise _Invalid(where, _unknown("value", item, allowed))


def _check_mana_costs(raw: Any, path: str) -> None:
    for where, item in _items(raw, path):
        try:
            ManaCost.parse(item)
        except ManaCostError as exc:
            raise _Invalid(where, f"not a mana cost: {exc}") from None


# -- short forms ---------------------------------------------------------------------------
def _short_quantity(value: Any, path: str) -> Quantity | None:
    if isinstance(value, dict):
        return None
    if type(value) is int:
        if value < 0:
            raise _Invalid(path, f"expected a number of at least 0, got {value}")
        return Quantity(fixed=value)
    if value == "X":
        return Quantity(x=True)
    raise _Invalid(path, f"expected a whole number or X, got {value!r}")


def _short_ref(value: Any, path: str) -> Ref | None:
    if isinstance(value, str):
        if value not in _REF_WORDS:
            raise _Invalid(path, _unknown("reference", value, _REF_WORDS + ("{target: N}", "{each: <filter>}")))
        return Ref(value)
    if isinstance(value, dict) and len(value) == 1 and ("target" in value or "each" in value):
        if "target" in value:
            ref = Ref("target", _build(int, value["target"], _join(path, "target")))
        else:
            ref = Ref("each", filter=_build(Filter, value["each"], _join(path, "each")))
        _check_ref(ref, path)
        return ref
    return None


#: Classes with a shorter way to write them: (how it is written, builder returning None for
#: the full mapping form).
_SHORT_FORMS: dict[type, tuple[str, Callable[[Any, str], Any]]] = {
    Quantity: ("a whole number, X, or a Quantity mapping", _short_quantity),
    Ref: ("you, self, each_opponent, each_player, enchanted, equipped, {target: N}, {each: <filter>} "
          "or a Ref mapping", _short_ref),
}


# -- checks that span fields ---------------------------------------------------------------
def _set_fields(flt: Filter) -> set[str]:
    return {f.name for f in fields(Filter) if getattr(flt, f.name) != f.default}



def _check_ref(ref: Ref, path: str) -> None:
    if ref.kind == "target" and ref.index < 0:
        raise _Invalid(_join(path, "index"), "target numbers start at 0")
    if ref.kind not in _INDEXED_REFS and ref.index:
        raise _Invalid(_join(path, "index"), "only target, moved and remembered references have an index")
    if ref.kind == "each" and ref.filter is None:
        raise _Invalid(path, "an 'each' reference needs a filter")
    if ref.filter is not None and ref.kind not in ("each", "remembered", "triggering", "linked", "linked_one", "linked_here", "linked_random"):
        raise _Invalid(path, "a filter goes with 'each' references (which permanents) and 'remembered', "
                       "'triggering' or 'linked' ones (found only if it matches), and only with them")
    if (ref.kind in ("linked", "linked_one", "linked_here", "linked_random", "named_one")) != bool(ref.link):
        raise _Invalid(_join(path, "link"), "a 'linked' reference names its link, and only it has one")
    if ref.filter is not None and {"players", "spells"} & _set_fields(ref.filter):
        raise _Invalid(_join(path, "filter"), "'each' looks at permanents on the battlefield only")


def _check_quantity(q: Quantity, path: str) -> None:
    if q.fixed < 0:
        raise _Invalid(_join(path, "fixed"), f"expected a number of at least 0, got {q.fixed}")
    if q.per is not None and {"players", "spells", "other"} & _set_fields(q.per):
        raise _Invalid(_join(path, "per"), "a count looks at permanents on the battlefield, and not from the "
                       "source's point of view ('other' isn't read)")


def _check_target_spec(spec: TargetSpec, path: str) -> None:
    if not 0 <= spec.min <= spec.max or spec.max < 1:
        raise _Invalid(path, f"expected 0 <= min <= max and max >= 1, got min {spec.min}, max {spec.max}")


def _check_add_mana(eff: AddMana, path: str) -> None:
    if eff.produced:
        if eff.mana or eff.choice:
            raise _Invalid(path, "'produced' adds a type the triggering permanent produced: no mana or choice")
    elif eff.link:
        if eff.mana or eff.choice:
            raise _Invalid(path, "'link' adds a color from the linked record: no mana or choice")
    elif bool(eff.mana) == bool(eff.choice):
        raise _Invalid(path, "give either mana (added together) or choice (one of them), not both or neither")
    if eff.amount < 1:
        raise _Invalid(_join(path, "amount"), f"expected a number of at least 1, got {eff.amount}")


def _check_cost(cost: Cost, path: str) -> None:
    if cost.pay_life < 0:
        raise _Invalid(_join(path, "pay_life"), f"expected a number of at least 0, got {cost.pay_life}")


def _check_trigger(trigger: Trigger, path: str) -> None:
    whose = _TRIGGER_WHOSE[trigger.event]
    if trigger.whose not in whose:
        raise _Invalid(_join(path, "whose"), f"the engine fires {trigger.event!r} triggers with whose: "
                       + " or ".join(whose))
    if trigger.filter is not None and trigger.event not in _SELF_FILTERED_EVENTS and (
            trigger.event not in _FILTERED_EVENTS or trigger.whose in ("self", "enchanted", "equipped")):
        raise _Invalid(_join(path, "filter"), f"a filter is read only for {', '.join(sorted(_FILTERED_EVENTS))} "
                       "triggers about any object (whose: any) or spell")


def _check_condition(cond: Condition, path: str) -> None:
    if (cond.filter is not None) != (cond.kind in ("control", "battlefield")):
        raise _Invalid(path, "a filter goes with the kinds control and battlefield, and only with them")
    if cond.kind == "kicked" and (cond.at_least is not None or cond.at_most is not None):
        raise _Invalid(path, "'kicked' takes no at_least or at_most")


def _check_triggered(ab: TriggeredAbility, path: str) -> None:
    _check_targets_used(ab, path)
    if ab.trigger.event == "state" and ab.condition is None:
        raise _Invalid(_join(path, "condition"), "a state trigger (CR 603.8) needs the condition it triggers on")


def _check_replacement(ab: ReplacementAbility, path: str) -> None:
    """Only the fields the engine reads for the event; something to do instead (CR 614.1)."""
    set_fields = {f.name for f in fields(ReplacementAbility) if getattr(ab, f.name) != f.default}
    extra = set_fields - _REPLACEMENT_FIELDS[ab.event] - {"event", "condition", "self_replacement", "text", "also"}
    if extra:
        raise _Invalid(_join(path, min(extra)), f"a replacement effect on {ab.event!r} events doesn't read this "
                       "field; it reads " + ", ".join(sorted(_REPLACEMENT_FIELDS[ab.event])))
    if ab.itself and ab.to is not None:
        raise _Invalid(path, "give 'itself' or 'to', not both")
    if ab.enters_counters and ab.amount is None:
        raise _Invalid(_join(path, "amount"), "say how many counters it enters with")
    if ab.multiply < 0 or (ab.draw < 0):
        raise _Invalid(path, "multiply and draw can't be negative")
    changes = (ab.multiply != 1 or ab.add or ab.amount is not None or ab.draw or ab.prevent or ab.tapped
               or ab.enters_counters or ab.transform or ab.also or ab.exile)
    if not changes:
        raise _Invalid(path, "a replacement effect needs something to happen instead (multiply, add, amount, "
                       "draw, prevent, tapped, enters_counters, transform or also)")


def _check_static(ab: StaticAbility, path: str) -> None:
    if (ab.affects == "each") != (ab.filter is not None):
        raise _Invalid(path, "a filter goes with affects: each, and only with it")
    extra = _set_fields(ab.filter) - _STATIC_FILTER_FIELDS if ab.filter is not None else set()
    if extra:
        raise _Invalid(_join(_join(path, "filter"), min(extra)),
                       "the layer system reads only " + ", ".join(sorted(_STATIC_FILTER_FIELDS)))


_EFFECT_CLASSES = get_args(Effect)


def _refs_in(value: Any, path: str) -> Iterable[tuple[str, Ref]]:
    """(path, Ref) of every reference in an effect or tuple of effects, nested ones included."""
    if isinstance(value, Ref):
        yield path, value
    elif isinstance(value, tuple):
        for i, item in enumerate(value):
            yield from _refs_in(item, f"{path}[{i}]")
    elif isinstance(value, _EFFECT_CLASSES):
        tag = _join(path, _snake(type(value).__name__))
        for f in fields(value):
            yield from _refs_in(getattr(value, f.name), _join(tag, f.name))


def _check_targets_used(ab: SpellAbility | ActivatedAbility | TriggeredAbility, path: str) -> None:
    """Every ``{target: N}`` names one of the ability's targets."""
    for where, ref in _refs_in(ab.effects, _join(path, "effects")):
        if ref.kind == "target" and ref.index >= len(ab.targets):
            raise _Invalid(where, f"target {ref.index}, but the ability has {len(ab.targets)} target(s) "
                           "(numbered from 0)")


def _check_activated(ab: ActivatedAbility, path: str) -> None:
    _check_targets_used(ab, path)
    # CR 605.1a: no target and it could add mana.
    mana = not ab.targets and ab.cost.loyalty is None and any(
        isinstance(e, AddMana) or (isinstance(e, Double) and e.value == "mana") for e in ab.effects)
    if ab.is_mana != mana:
        raise _Invalid(_join(path, "is_mana"), "a mana ability is one without targets that adds mana "
                       f"(CR 605.1a): write is_mana: {str(mana).lower()}")


_CHECKS: dict[type, Callable[[Any, str], None]] = {
    Ref: _check_ref, Quantity: _check_quantity, TargetSpec: _check_target_spec,
    AddMana: _check_add_mana, Cost: _check_cost, Trigger: _check_trigger, StaticAbility: _check_static,
    SpellAbility: _check_targets_used, TriggeredAbility: _check_triggered, ActivatedAbility: _check_activated,
    Condition: _check_condition, ReplacementAbility: _check_replacement,
}


# -- faces and cards -----------------------------------------------------------------------
def _is_spell(face: Face) -> bool:
    return "Instant" in face.types or "Sorcery" in face.types


def _face_definition(face: Face, raw: Any, path: str) -> Definition:
    keys = _writable(CardScript) + list(_FACE_OPTIONS)
    if not isinstance(raw, dict):
        raise _Invalid(path, f"expected a mapping with keys among: {', '.join(keys)}; got {raw!r}")
    for key in raw:
        if key not in keys:
            raise _Invalid(path, _unknown("key", key, keys))
    script = _build_dataclass(CardScript, {k: v for k, v in raw.items() if k not in _FACE_OPTIONS}, path)
    definition = Definition(
        script,
        _build(bool, raw.get("replace", True), _join(path, "replace")),
        _build(tuple[int, ...], raw.get("covers", []), _join(path, "covers")),
        _build(str | None, raw.get("hook"), _join(path, "hook")),
    )
    _check_face(face, definition, path)
    return definition


def _check_face(face: Face, d: Definition, path: str) -> None:
    """What the face's printed card and compiled text say a definition may be."""
    spell, enchant = d.script.spell, d.script.enchant
    if spell is not None and not _is_spell(face):
        raise _Invalid(_join(path, "spell"), "only an instant or sorcery has a spell ability (CR 113.3a)")
    if enchant is not None and "Aura" not in face.subtypes:
        raise _Invalid(_join(path, "enchant"), "only an Aura has an enchant ability (CR 702.5a)")
    if d.hook is not None and d.hook not in HOOKS:
        raise _Invalid(_join(path, "hook"), _unknown("hook", d.hook, sorted(HOOKS)))
    if d.replace:
        if d.covers:
            raise _Invalid(_join(path, "covers"), "covers goes with replace: false (a replacing definition "
                           "stands for the whole text)")
        if spell is None and _is_spell(face):
            raise _Invalid(path, "an instant or sorcery needs its spell ability (CR 113.3a)")
        if enchant is None and "Aura" in face.subtypes:
            raise _Invalid(path, "an Aura needs its enchant ability (CR 303.4a)")
        return
    compiled = compile_text(face.name, face.oracle_text or "", _is_spell(face))
    if spell is not None:
        raise _Invalid(_join(path, "spell"), "a merged definition can't add to the compiled spell: its "
                       "instructions are followed in the order written (CR 608.2c); write the whole face "
                       "with replace: true")
    for f in fields(CardScript):
        if not _collects(f) and _is_set(compiled, f) and _is_set(d.script, f):
            raise _Invalid(_join(path, f.name), f"the compiled text has its {f.name} already")
    paragraphs = len((face.oracle_text or "").split("\n"))
    missing = {number for number, _text in compiled.unimplemented}
    for i, number in enumerate(d.covers):
        where = f"{_join(path, 'covers')}[{i}]"
        if not 1 <= number <= paragraphs:
            raise _Invalid(where, f"the text has paragraphs 1 to {paragraphs}, got {number}")
        if number in d.covers[:i]:
            raise _Invalid(where, f"paragraph {number} is listed twice")
        if number not in missing:
            raise _Invalid(where, f"paragraph {number} compiles already; covering it would give its ability "
                           "twice (replace: true writes the whole face)")


def _collects(f: Field[Any]) -> bool:
    """Whether a CardScript field holds several items (merged by joining) or one value."""
    return get_origin(_hints(CardScript)[f.name]) in (tuple, frozenset)


def _is_set(script: CardScript, f: Field[Any]) -> bool:
    default = f.default_factory() if f.default is MISSING else f.default
    return getattr(script, f.name) != default


def _card_definitions(card: CardData, raw: Any) -> dict[str, Definition]:
    if isinstance(raw, dict) and "faces" in raw:
        if len(raw) > 1:
            raise _Invalid("", "with faces, every other key goes under its face")
        if not isinstance(raw["faces"], dict):
            raise _Invalid("faces", f"expected a mapping of face names to face definitions, got {raw['faces']!r}")
        out = {}
        names = [face.name for face in card.faces]
        for name, face_raw in raw["faces"].items():
            if name not in names:
                raise _Invalid("faces", _unknown("face", name, names))
            out[name] = _face_definition(card.face(name), face_raw, _join("faces", name))
        return out
    if len(card.faces) > 1:
        raise _Invalid("", f"the card has faces {', '.join(f.name for f in card.faces)}: write each under faces")
    return {card.front.name: _face_definition(card.front, raw, "")}


#: libyaml's parser when PyYAML has it (several times faster: definitions load at start-up)
_BaseLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _StrictLoader(_BaseLoader):  # type: ignore[misc,valid-type]
    """A SafeLoader that refuses a key written twice in one mapping (YAML requires keys to be
    unique; PyYAML would keep the last one, so a card defined twice in a file would silently
    lose its first definition)."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: dict[Any, int] = {}
        for key_node, _value in node.value:
            if isinstance(key_node, yaml.ScalarNode) and key_node.tag != "tag:yaml.org,2002:merge":
                key = self.construct_object(key_node)
                line = key_node.start_mark.line + 1
                if key in seen:
                    raise yaml.constructor.ConstructorError(
                        None, None, f"duplicate key {key!r} (first at line {seen[key]})", key_node.start_mark)
                seen[key] = line
        return super().construct_mapping(node, deep)


def _read_file(source: Path | Traversable, label: str) -> dict[str, dict[str, Definition]]:
    try:
        data = yaml.load(source.read_text(encoding="utf-8"), Loader=_StrictLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = f":{mark.line + 1}" if mark is not None else ""
        raise CardDefinitionError(f"{label}{line}: malformed YAML: {exc.problem}") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise CardDefinitionError(f"{label}: expected a mapping of card names to definitions")
    db = card_db()
    out: dict[str, dict[str, Definition]] = {}
    for name, raw in data.items():
        card = db.find(name) if isinstance(name, str) else None
        if card is None:
            suggestions = db.suggest(str(name))
            hint = f" (did you mean: {', '.join(suggestions)}?)" if suggestions else ""
            raise CardDefinitionError(f"{label}: {name}: unknown card name{hint}")
        if card.name != name:
            raise CardDefinitionError(f"{label}: {name}: write the card's full Oracle name, {card.name!r}")
        try:
            out[name] = _card_definitions(card, raw)
        except _Invalid as exc:
            where = f"{exc.path}: " if exc.path else ""
            raise CardDefinitionError(f"{label}: {name}: {where}{exc.message}") from None
    return out


def _sources(paths: Iterable[str | Path] | None) -> list[tuple[Path | Traversable, str]]:
    """(file, label in messages) of every definition file, in a stable order."""
    if paths is None:
        folder = resources.files("mtgengine") / "data" / "definitions"
        files = sorted((f for f in folder.iterdir() if f.name.endswith(".yaml")), key=lambda f: f.name)
        return [(f, f"definitions/{f.name}") for f in files]
    out: list[tuple[Path | Traversable, str]] = []
    for p in map(Path, paths):
        found = sorted(p.glob("*.yaml")) if p.is_dir() else [p]
        out += [(f, str(f)) for f in found]
    return out


# -- the public interface --------------------------------------------------------------------
def read_definitions(paths: Iterable[str | Path] | None = None) -> dict[str, dict[str, Definition]]:
    """Card name → face name → Definition, read from ``paths`` (files, or folders whose *.yaml
    files are read), by default every file in ``mtgengine/data/definitions``.

    Raises CardDefinitionError for the first mistake found, including a card defined in two
    files."""
    found: dict[str, tuple[str, dict[str, Definition]]] = {}
    for source, label in _sources(paths):
        for name, faces in _read_file(source, label).items():
            if name in found:
                raise CardDefinitionError(f"{label}: {name}: already defined in {found[name][0]}")
            found[name] = (label, faces)
    return {name: faces for name, (_label, faces) in found.items()}


@functools.cache
def _shipped() -> dict[str, dict[str, Definition]]:
    return read_definitions()


@functools.cache
def _shipped_by_face() -> dict[str, list[tuple[str, Definition]]]:
    """Face name → (card name, definition): ``face_script`` knows the face, not its card."""
    index: dict[str, list[tuple[str, Definition]]] = {}
    for card, faces in _shipped().items():
        for face, definition in faces.items():
            index.setdefault(face, []).append((card, definition))
    return index


def load_definitions(paths: Iterable[str | Path] | None = None) -> dict[str, dict[str, CardScript]]:
    """Card name → face name → the CardScript its definition writes (for ``replace: false``,
    only what it adds; before any hook). The shipped files are read once and cached."""
    definitions = _shipped() if paths is None else read_definitions(paths)
    return {card: {face: d.script for face, d in faces.items()} for card, faces in definitions.items()}


def definition_for(card_name: str, face_name: str) -> CardScript | None:
    """The CardScript the shipped definition of a face writes, or None if it has none."""
    definition = _shipped().get(card_name, {}).get(face_name)
    return None if definition is None else definition.script


def merge_definition(face: Face, compiled: CardScript, definition: Definition) -> CardScript:
    """The face's script: the definition replacing ``compiled`` or added to it, then its hook.

    Merged field by field, so a new CardScript field merges without a change here: lists
    are joined (compiled abilities first), sets united, a single value (spell, enchant) taken
    from whichever side has it (loading checked they don't both), and the covered paragraphs
    taken off the unimplemented list.
    """
    script = definition.script
    if not definition.replace:
        merged: dict[str, Any] = {}
        for f in fields(CardScript):
            mine, added = getattr(compiled, f.name), getattr(script, f.name)
            if f.name == "unimplemented":
                merged[f.name] = tuple(u for u in mine if u[0] not in definition.covers)
            elif not _collects(f):
                merged[f.name] = added if _is_set(script, f) else mine
            elif isinstance(mine, frozenset):
                merged[f.name] = mine | added
            else:
                merged[f.name] = mine + added
        script = CardScript(**merged)
    if definition.hook is not None:
        script = HOOKS[definition.hook](face, script)
    return script


@functools.cache
def _mentioned_names() -> frozenset[str]:
    """Every card and face name the shipped files could define: their top-level keys, split
    at " // ". A cheap scan, so that looking at a card without a definition (`mtg card`) need
    not parse and validate every file."""
    names: set[str] = set()
    for source, _label in _sources(None):
        for line in source.read_text(encoding="utf-8").splitlines():
            if line and not line[0].isspace() and line[0] not in "#-" and ":" in line:
                key = line.rsplit(":", 1)[0] if line.rstrip().endswith(":") else line.split(": ", 1)[0]
                key = key.strip().strip("'\"")
                names.add(key)
                names.update(part.strip() for part in key.split(" // "))
    return frozenset(names)


def face_definition(face: Face) -> Definition | None:
    """The shipped definition of ``face``, or None if it has none."""
    if face.name not in _mentioned_names():
        return None
    for card_name, definition in _shipped_by_face().get(face.name, ()):
        # Face names are not unique across cards ("Fire" of Fire // Ice and of Start // Fire).
        if card_db().get(card_name).face(face.name) == face:
            return definition
    return None


def apply_definition(face: Face, compiled: CardScript) -> CardScript:
    """``compiled`` (the face's script from its text) with the face's shipped definition
    applied; ``compiled`` itself when the face has none."""
    definition = face_definition(face)
    return compiled if definition is None else merge_definition(face, compiled, definition)
