"""Decisions: every choice the rules give a player is one of these (ARCHITECTURE principle 5).

A decision lists its legal options in a canonical, deterministic order. Options and
answers are JSON values: object ids are ints, a player is ``player_ref(i)`` (a negative
int), words are strings, and actions are small dicts.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..cards.vocabulary.casting import NAMED_OPTIONAL_COSTS
from ..core.errors import IllegalActionError, quote


def player_ref(index: int) -> int:
    """A player as a target or option value: players are -1, -2, ... (objects are >= 1)."""
    return -(index + 1)


def player_of(ref: int) -> int | None:
    """The player index a value refers to, or None for an object id."""
    return -ref - 1 if isinstance(ref, int) and ref < 0 else None


#: Decisions whose answer is always a list.
MULTI_KINDS = frozenset({"attackers", "blockers", "order", "damage_assignment", "bottom", "discard"})


@dataclass(slots=True, init=False)
class Decision:
    """A question to one player.

    kind: "priority" (options are actions), "mulligan" (yes = keep), "bottom", "targets",
    "x", "mode", "yesno", "attackers", "blockers", "order", "discard", "legend", "color",
    "damage_assignment" (a mapping {target: amount} or an order of the blockers), "divide"
    (a mapping {target: amount}, CR 601.2d), "face" (which half or face to cast). For multi-select kinds (``max`` > 1) the answer is a list.
    ``info["groups"]``: the options fall into groups and an answer names options of one group
    only (a pile of Fact or Fiction, by one or more of its cards; [] for an empty group).
    ``info["sizes"]``: the only numbers of options an answer may name ("you may discard two
    cards": none or two).
    """

    player: int
    kind: str
    prompt: str
    options: list[Any]
    min: int = 1
    max: int = 1
    info: dict[str, Any] = field(default_factory=dict)

    def __init__(self, player: int, kind: str, prompt: str, options: list[Any], min: int = 1, max: int = 1,
                 info: dict[str, Any] | None = None) -> None:
        # (written out: the generated one calls a factory for ``info``; a decision is made for
        # every question, most of them priority questions without info)
        self.player = player
        self.kind = kind
        self.prompt = prompt
        self.options = options
        self.min = min
        self.max = max
        self.info = {} if info is None else info

    @property
    def multi(self) -> bool:
        return self.max != 1 or self.min != 1 or self.kind in MULTI_KINDS

    def describe(self, names: list[str]) -> str:
        opts = ", ".join(str(o) for o in self.options[:12])
        more = "" if len(self.options) <= 12 else f", ... ({len(self.options)} options)"
        return f"{names[self.player]} is asked ({self.kind}): {self.prompt} [options: {opts}{more}]"


class NeedDecision(Exception):
    """Raised inside the rules procedure when an unanswered decision is reached."""

    def __init__(self, decision: Decision) -> None:
        Exception.__init__(self, decision.prompt)    # (not super(): raised for every decision)
        self.decision = decision


# -- checking answers ----------------------------------------------------------------------------
# Every answer is checked against its decision before the rules run (issue 17): its shape (a
# list, a mapping, a pair), the type of each value (an object id is an int, never a bool or a
# float) and the values themselves (one of the options, an object that exists, a player that
# plays). A bad answer raises IllegalActionError naming the decision and what is wrong, and the
# game stays as it was. The rules then check what only they can (a creature that can't attack,
# a division that doesn't add up), with the rule they apply. One validator per decision kind.

#: The largest number an answer may give where a decision takes a free number (X): far beyond
#: any payable cost, not beyond a typo. The longest text a free-text answer takes (a card name).
MAX_NUMBER = 1_000_000_000
MAX_TEXT = 200

#: The keys a player's priority action may carry, by action (the scenario format's options,
#: SCENARIO-FORMAT "Script steps"); the rest ("free", "by_effect", "alt_mana") are for the
#: effects that cast spells themselves, never for a player.
ACTION_KEYS: dict[str, frozenset[str]] = {
    "pass": frozenset({"action"}),
    "play": frozenset({"action", "object", "face", "from"}),
    "cast": frozenset({"action", "object", "from", "targets", "x", "pay", "modes", "kicked", "face", "face_down",
                       "fuse", "alternative", "additional", "splice", "divide"}),
    "activate": frozenset({"action", "object", "ability", "targets", "x", "pay", "color", "divide"}),
    "turn_face_up": frozenset({"action", "object", "pay"}),
    "unlock": frozenset({"action", "object", "half", "pay"}),        # a Room's door (CR 709.5e)
    "special": frozenset({"action", "object", "keyword", "pay"}),     # foretell, plot, suspend (CR 116.2)
}
_ZONES = frozenset({"hand", "library", "graveyard", "battlefield", "stack", "exile", "command"})
#: ``pay``'s keys (mana_payment.PayOptions): a mana string, the ways to pay a hybrid or
#: Phyrexian symbol, and the objects a cost uses.
_PAY_TEXT = frozenset({"mana"})
_PAY_WORDS = frozenset({"hybrid", "phyrexian"})
_PAY_OBJECTS = frozenset({"tap", "delve", "convoke", "improvise", "exile", "sacrifice", "discard", "return",
                          "reveal", "crew", "saddle", "remove_counters", "linked_to_graveyard"})
_ADDITIONAL_OBJECTS = frozenset({"exile", "sacrifice", "discard", "return"})


def _refuse(d: Decision, problem: str) -> IllegalActionError:
    return IllegalActionError(f"{d.kind} ({d.prompt}): {problem}")


def _whole(value: Any) -> bool:
    return value.__class__ is int


def _same(a: Any, b: Any) -> bool:
    """Equal with the same types all the way down: ``True`` is not ``1``, ``[1]`` is not ``(1,)``."""
    if a.__class__ is not b.__class__:
        return False
    if a.__class__ is list:
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if a.__class__ is dict:
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return bool(a == b)


def _is_option(d: Decision, value: Any) -> bool:
    cls = value.__class__
    if cls is int or cls is str:             # (the usual options: ids and words)
        return any(o.__class__ is cls and o == value for o in d.options)
    return any(_same(o, value) for o in d.options)


def _check_ref(d: Decision, value: Any, g: Any, what: str) -> None:
    """``value`` names a player in the game or an object that exists (``g``: the game state,
    None when the caller has already checked against it)."""
    if value.__class__ is not int or value == 0:
        raise _refuse(d, f"{what} is an object id or a player (-1, -2, ...), got {quote(value)}")
    if g is None:
        return
    if value < 0 and -value > len(g.players):
        raise _refuse(d, f"{what}: there is no player {-value} in this game ({len(g.players)} players)")
    if value > 0 and value not in g.objects:
        raise _refuse(d, f"{what}: no object has id {value}")


def _choice(d: Decision, answer: Any, g: Any) -> Any:
    """One of the options, or (``multi``) a list of distinct options, between ``min`` and
    ``max`` of them; a single value for a multi-select decision is a list of one."""
    if d.multi:
        if answer.__class__ is not list:
            answer = [answer]
        if len(answer) > max(len(d.options), d.max):
            raise _refuse(d, f"{len(answer)} answers for {len(d.options)} options")
        for a in answer:
            if not _is_option(d, a):
                raise IllegalActionError(f"{_label(a)} is not one of the options for: {d.prompt}")
        if len(set(map(repr, answer))) != len(answer):
            raise IllegalActionError(f"the same option was chosen twice for: {d.prompt}")
        if d.kind != "order" and not d.min <= len(answer) <= d.max:
            raise IllegalActionError(f"choose between {d.min} and {d.max} for: {d.prompt} (got {len(answer)})")
        return answer
    if not _is_option(d, answer):
        raise IllegalActionError(f"{_label(answer)} is not one of the options for: {d.prompt}")
    return answer


def _yes_no(d: Decision, answer: Any, g: Any) -> Any:
    if answer.__class__ is not bool:
        raise _refuse(d, f"the answer is true or false, got {quote(answer)}")
    return _choice(d, answer, g)


def _free_number(d: Decision, answer: Any, g: Any) -> Any:
    if not _whole(answer) or not 0 <= answer <= MAX_NUMBER:
        raise IllegalActionError(f"X must be a number 0 or more (at most {MAX_NUMBER:,}), got {quote(answer)}")
    return answer


def _free_text(d: Decision, answer: Any, g: Any) -> Any:
    if answer.__class__ is not str or not answer.strip() or len(answer) > MAX_TEXT:
        raise _refuse(d, f"name a card or type (a text of 1 to {MAX_TEXT} characters), got {quote(answer)}")
    return answer            # checked by the procedure that asked (CR 201.3, effects.links)


def _attackers(d: Decision, answer: Any, g: Any) -> Any:
    """A list of attackers, each an object id or ``[attacker, defender]`` (CR 508.1a-b); which
    creature can attack, and what, the combat rules say with their reason."""
    if answer.__class__ is not list:
        raise _refuse(d, "declare attackers with a list: [creature, ...] or [[creature, player or "
                         f"planeswalker], ...] ([] for none), got {quote(answer)}")
    if len(answer) > len(d.options):
        raise _refuse(d, f"{len(answer)} attackers, but only {len(d.options)} creature(s) could attack")
    for entry in answer:
        if entry.__class__ is list:
            if len(entry) != 2:
                raise _refuse(d, f"an attacker with its defender is a pair [creature, defender], got {quote(entry)}")
            _check_ref(d, entry[0], g, "an attacker")
            _check_ref(d, entry[1], g, "a defender")
            attacker = entry[0]
        else:
            _check_ref(d, entry, g, "an attacker")
            attacker = entry
        if attacker < 0:
            raise _refuse(d, f"a player can't attack: {quote(attacker)} is a player")
    return answer


def _blockers(d: Decision, answer: Any, g: Any) -> Any:
    """A list of ``[blocker, attacker]`` pairs, each one of the blocks the rules allow now (CR
    509.1a-b); requirements and menace are checked by the combat rules (CR 509.1c, 702.111b)."""
    if answer.__class__ is not list:
        raise _refuse(d, f"declare blockers with a list of [blocker, attacker] pairs ([] for none), got {quote(answer)}")
    if len(answer) > len(d.options):
        raise _refuse(d, f"{len(answer)} blocks, but only {len(d.options)} could be declared")
    for pair in answer:
        if pair.__class__ is not list or len(pair) != 2:
            raise _refuse(d, f"a block is a pair [blocker, attacker], got {quote(pair)}")
        _check_ref(d, pair[0], g, "a blocker")
        _check_ref(d, pair[1], g, "an attacker")
        if not _is_option(d, pair):
            if g is None:
                raise _refuse(d, f"{quote(pair)} is not a block the rules allow now")
            from ..effects.layers import object_name
            raise IllegalActionError(f"{object_name(g, pair[0])} can't block {object_name(g, pair[1])} "
                                     "(CR 509.1a-b)")
    return answer


def _amounts(d: Decision, answer: dict[str, Any], low: int) -> dict[str, Any]:
    """A division ``{target: amount}``: each target one of the options (a key: its id, as a JSON
    mapping's keys are text), each amount a whole number ``low`` or more."""
    keys = {str(o): o for o in d.options}
    for key, amount in answer.items():
        if str(key) not in keys:
            raise _refuse(d, f"{quote(key)} is not one of the options {d.options}")
        if not _whole(amount) or not low <= amount <= MAX_NUMBER:
            raise _refuse(d, f"an amount is a whole number {low} or more, got {quote(amount)} for {quote(key)}")
    return answer


def _damage_assignment(d: Decision, answer: Any, g: Any) -> Any:
    """CR 510.1c: ``{blocker: amount}`` (with trample, the defender too, CR 702.19b), or an order
    of the blockers; the rules check that it adds up."""
    if answer.__class__ is dict:
        return _amounts(d, answer, 0)
    if answer.__class__ is list:
        for a in answer:
            if not _is_option(d, a):
                raise _refuse(d, f"{_label(a)} is not one of the options {d.options}")
        if len(set(map(repr, answer))) != len(answer):
            raise _refuse(d, "a blocker is listed twice in the damage order")
        return answer
    raise _refuse(d, "divide the damage with a mapping {blocker: amount} or an order [blocker, ...], "
                     f"got {quote(answer)}")


def _divide(d: Decision, answer: Any, g: Any) -> Any:
    """CR 601.2d: ``{target: amount}``, at least 1 each; the rules check the total."""
    if answer.__class__ is not dict:
        raise _refuse(d, f"divide with a mapping {{target: amount}}, got {quote(answer)}")
    return _amounts(d, answer, 0)


def _new_targets(d: Decision, answer: Any, g: Any) -> Any:
    """CR 707.10c: "keep", or the copy's targets in order, each a player or an object; which are
    legal the copy's procedure says."""
    if answer == "keep" or (answer.__class__ is list and len(answer) == 1 and answer[0] == "keep"):
        return "keep"
    values = answer if answer.__class__ is list else [answer]
    if len(values) > max(d.max, 1):
        raise _refuse(d, f"{len(values)} targets for a copy with {d.max}")
    for value in values:
        _check_ref(d, value, g, "a new target")
    return answer


def _priority(d: Decision, answer: Any, g: Any) -> Any:
    """An action (a mapping with an "action" key) with only the keys a player gives for it, each
    of its type; one offered (CR 117.1) or not, the action itself says why it is illegal."""
    if answer.__class__ is not dict or "action" not in answer:
        raise IllegalActionError(f"an action is a mapping with an 'action' key, got {quote(answer)}")
    act = answer["action"]
    keys = ACTION_KEYS.get(act) if act.__class__ is str else None
    if keys is None:
        raise IllegalActionError(f"not a legal action now: {quote(answer)} (an action is one of "
                                 f"{', '.join(ACTION_KEYS)})")
    for key in answer:
        if key not in keys:
            raise _refuse(d, f"{quote(key)} is not something a player gives with a {act} action "
                             f"(it takes {', '.join(sorted(keys - {'action'}))})")
    if act == "pass":
        return answer
    if "object" not in answer:
        raise _refuse(d, f"a {act} action names its object: {{'action': {act!r}, 'object': id}}")
    obj = answer["object"]
    if not _whole(obj) or obj <= 0:
        raise _refuse(d, f"object: an object id is a whole number 1 or more, got {quote(obj)}")
    if g is not None and obj not in g.objects:
        raise _refuse(d, f"object: no object has id {obj}")
    for key, value in answer.items():
        if key != "action" and key != "object":
            _ACTION_FIELDS[key](d, key, value, g)
    return answer           # offered or not: an action the rules forbid is refused with the reason


def _field_index(d: Decision, key: str, value: Any, g: Any) -> None:
    if not _whole(value) or not 0 <= value <= MAX_NUMBER:
        raise _refuse(d, f"{key}: expected a whole number 0 or more, got {quote(value)}")


def _field_text(d: Decision, key: str, value: Any, g: Any) -> None:
    if value.__class__ is not str or not value or len(value) > MAX_TEXT * 5:
        raise _refuse(d, f"{key}: expected a text, got {quote(value)}")
    if key == "from" and value not in _ZONES:
        raise _refuse(d, f"from: expected a zone ({', '.join(sorted(_ZONES))}), got {quote(value)}")


def _field_flag(d: Decision, key: str, value: Any, g: Any) -> None:
    if value.__class__ is not bool:
        raise _refuse(d, f"{key}: expected true or false, got {quote(value)}")


def _field_refs(d: Decision, key: str, value: Any, g: Any, nested: bool = False) -> None:
    if value.__class__ is not list or len(value) > 100:
        raise _refuse(d, f"{key}: expected a list of objects or players, got {quote(value)}")
    for v in value:
        if nested and v.__class__ is list:         # a target phrase that takes several (SCENARIO-FORMAT)
            _field_refs(d, key, v, g)
        else:
            _check_ref(d, v, g, key)


def _field_targets(d: Decision, key: str, value: Any, g: Any) -> None:
    _field_refs(d, key, value, g, nested=True)


def _field_modes(d: Decision, key: str, value: Any, g: Any) -> None:
    if value.__class__ is not list or not value or len(value) > 100 \
            or any(not _whole(m) or not 1 <= m <= MAX_NUMBER for m in value):
        raise _refuse(d, f"modes: expected a list of mode numbers (1 for the first), got {quote(value)}")


def _field_kicked(d: Decision, key: str, value: Any, g: Any) -> None:
    if value.__class__ is bool:
        return
    if value.__class__ is not list or len(value) > 10 or any(v.__class__ is not str or len(v) > MAX_TEXT
                                                             for v in value):
        raise _refuse(d, f"kicked: expected true, false or a list of kicker costs, got {quote(value)}")


def _field_pay(d: Decision, key: str, value: Any, g: Any) -> None:
    if value.__class__ is str:
        _field_text(d, "pay", value, g)
        return
    if value.__class__ is not dict:
        raise _refuse(d, f"pay: expected a mana string or a mapping, got {quote(value)}")
    for part, given in value.items():
        if part in _PAY_TEXT:
            _field_text(d, f"pay.{part}", given, g)
        elif part in _PAY_WORDS:
            words = given if given.__class__ is list else [given]
            if len(words) > 100 or any(w.__class__ is not str or len(w) > MAX_TEXT for w in words):
                raise _refuse(d, f"pay.{part}: expected a word or a list of words, got {quote(given)}")
        elif part in _PAY_OBJECTS:
            _field_refs(d, f"pay.{part}", given, g)
        else:
            raise _refuse(d, f"pay: unknown key {quote(part)} (it takes "
                             f"{', '.join(sorted(_PAY_TEXT | _PAY_WORDS | _PAY_OBJECTS))})")


def _field_additional(d: Decision, key: str, value: Any, g: Any) -> None:
    if value.__class__ is not dict:
        raise _refuse(d, f"additional: expected a mapping such as {{'mana': 2}}, got {quote(value)}")
    for part, given in value.items():
        if part in ("mana", "life"):
            if not ((_whole(given) and 0 <= given <= MAX_NUMBER) or (part == "mana" and given.__class__ is str
                                                                       and len(given) <= MAX_TEXT)):
                raise _refuse(d, f"additional.{part}: expected an amount, got {quote(given)}")
        elif part in _ADDITIONAL_OBJECTS:
            _field_refs(d, f"additional.{part}", given, g)
        elif part in NAMED_OPTIONAL_COSTS:          # buyback (CR 702.27a): announced or not; replicate: times
            if given.__class__ is not bool and not (_whole(given) and 0 <= given <= MAX_NUMBER):
                raise _refuse(d, f"additional.{part}: expected true, false or a number of times, got {quote(given)}")
        else:
            raise _refuse(d, f"additional: unknown cost {quote(part)} (it takes mana, life, "
                             f"{', '.join(sorted(_ADDITIONAL_OBJECTS) + list(NAMED_OPTIONAL_COSTS))})")


def _field_divide(d: Decision, key: str, value: Any, g: Any) -> None:
    if value.__class__ is not dict or len(value) > 100:
        raise _refuse(d, f"divide: expected a mapping {{target: amount}}, got {quote(value)}")
    for target, amount in value.items():
        try:
            ref = int(target)
        except ValueError:
            raise _refuse(d, f"divide: {quote(target)} is not a target (an object id or a player)") from None
        _check_ref(d, ref, g, "divide")
        if not _whole(amount) or not 0 <= amount <= MAX_NUMBER:
            raise _refuse(d, f"divide: an amount is a whole number, got {quote(amount)}")


_ACTION_FIELDS: dict[str, Callable[[Decision, str, Any, Any], None]] = {
    "ability": _field_index, "x": _field_index, "half": _field_index,
    "from": _field_text, "face": _field_text, "keyword": _field_text, "alternative": _field_text, "color": _field_text,
    "face_down": _field_flag, "fuse": _field_flag, "kicked": _field_kicked, "modes": _field_modes,
    "targets": _field_targets, "splice": _field_refs, "pay": _field_pay, "additional": _field_additional,
    "divide": _field_divide,
}

Validator = Callable[[Decision, Any, Any], Any]

#: The validator of each decision kind (``grep -rn 'Decision(' mtgengine``: every kind asked,
#: the cost verbs included: casting's additional costs, activation costs, "you may <cost>").
VALIDATORS: dict[str, Validator] = {
    "priority": _priority,
    "mulligan": _yes_no, "yesno": _yes_no,
    "x": _free_number, "name": _free_text,
    "attackers": _attackers, "blockers": _blockers,
    "damage_assignment": _damage_assignment, "divide": _divide, "new_targets": _new_targets,
    **dict.fromkeys((
        "bottom", "targets", "mode", "order", "discard", "legend", "color", "face", "word", "number", "exile",
        "choose", "cast", "copy", "crew", "saddle", "remove_counter", "proliferate", "put_on_library", "scry_bottom",
        "surveil_graveyard", "search", "replacement", "return", "sacrifice", "linked_to_graveyard",
    ), _choice),
}


def check_answer(decision: Decision, answer: Any, g: Any = None) -> Any:
    """The answer to ``decision``, checked by its kind's validator (``VALIDATORS``; a kind not
    listed is checked as a choice among the options), normalized where a form stands for another
    (a single option for a multi-select decision: a list of one; ``["keep"]``: "keep"). Raises
    IllegalActionError naming the decision and what is wrong. ``g``: the game state the
    decision was asked in, to check that the objects an answer names exist."""
    return VALIDATORS.get(decision.kind, _choice)(decision, answer, g)


def _label(value: Any) -> str:
    """An answer as the user knows it (object ids are internal; the caller names the objects)."""
    if _whole(value):
        return f"player {-value}" if value < 0 else f"that object (id {value})"
    return quote(value)
