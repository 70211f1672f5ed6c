"""The conditions only a static ability has (CR 611.3b): "as long as it's attacking", "as long as
~ is equipped", "as long as it has a +1/+1 counter on it", "as long as an opponent controls an Island",
"as long as equipped creature is a Human".

They are read as the layers apply (``effects.static_conditions``), from the permanents'
characteristics as they stand and the objects' status, each of which the characteristics memo
follows: counters and attachments call ``GameState.changed``, as do the combat roles
(``rules.combat``: declared attackers and blockers, the end of combat, CR 506.4, 511.3); cards in
graveyards change with ``changed_off_battlefield``, which forgets the permanents' values when a
condition reads off the battlefield (``layer_effects.reads_off_battlefield``). The shared grammar
(``conditions.CONDITIONS``) doesn't read them, so no triggered ability or resolving spell is given a
condition its own checks don't know.
"""
from __future__ import annotations

from dataclasses import replace

from .conditions import parse_condition, static_condition_ok
from .filters import counts_characteristics, subject_filter
from .grammar import Grammar, attempt
from .lexicon import num
from .text import SpanMatch
from ..vocabulary import Condition

#: (The kinds of condition it builds are those ``effects.static_conditions.STATIC_ONLY_KINDS`` reads.)
STATIC_CONDITIONS: Grammar[Condition] = Grammar("static condition", first_match=True)
_condition = STATIC_CONDITIONS.rule


@attempt
def static_ability_condition(text: str) -> Condition | None:
    """A static ability's "as long as" condition (CR 611.3b): one of the shared conditions the
    layers can read (``conditions.static_condition_ok``), or one of this module's."""
    cond = parse_condition(text)
    if cond is not None and static_condition_ok(cond):
        return cond
    if cond is not None:
        return None
    return STATIC_CONDITIONS.parse(text.strip().rstrip("."))


@_condition(r"(?:it's|it is|~ is) (attacking|blocking)")
def _in_combat(m: SpanMatch) -> Condition:
    # CR 506.4: an attacking or blocking creature, from its declaration until it's removed from combat
    return Condition("source_attacking" if m.group(1).lower() == "attacking" else "source_blocking", at_least=1)


@_condition(r"(?:it's|it is|~ is) (equipped|enchanted)")
def _attached_to_it(m: SpanMatch) -> Condition:
    # CR 301.5, 303.4: an Equipment or Aura is attached to it
    return Condition("source_attached", value="Equipment" if m.group(1).lower() == "equipped" else "Aura",
                     at_least=1)


@_condition(r"(?:it|~) has an? ([+-]\d+/[+-]\d+ )?counter on it")
def _counter_on_it(m: SpanMatch) -> Condition:
    # CR 122.1: "as long as it has a +1/+1 counter on it" ("a counter": of any kind)
    return Condition("source_counter", value=m.group(1).strip() if m.group(1) else "any", at_least=1)


@_condition(r"an opponent controls an? (.+)")
@_condition(r"an opponent controls {COUNT} or more (.+)")
def _opponent_controls(m: SpanMatch) -> Condition | None:
    # "as long as an opponent controls an Island" (Tide Shaper): some one opponent controls them
    one = m.lastindex == 1
    flt = subject_filter(m.group(m.lastindex), plural=not one)
    if flt is None or flt.controller or not counts_characteristics(flt):
        return None
    return Condition("opponent_controls", flt, at_least=1 if one else num(m.group(1)).fixed)


_COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


@_condition(r"your devotion to (white|blue|black|red|green)(?: and (white|blue|black|red|green))? is less than {COUNT}")
def _devotion_below(m: SpanMatch) -> Condition | None:
    # the Theros gods: "As long as your devotion to blue is less than five" (CR 700.5: "to [color 1]
    # and [color 2]" counts each symbol of either color once), read as the layers stand (700.5a)
    below = num(m.group(3)).fixed
    if below is None or below < 1:
        return None
    colors = _COLOR_LETTERS[m.group(1).lower()] + (_COLOR_LETTERS[m.group(2).lower()] if m.group(2) else "")
    return Condition("devotion", value=colors, at_most=below - 1)


@_condition(r"an opponent has {COUNT} or more cards in their graveyard")
def _opponent_graveyard(m: SpanMatch) -> Condition:
    return Condition("opponent_graveyard", at_least=num(m.group(1)).fixed)


@_condition(r"(?:enchanted|equipped) (?:creature|permanent) is an? (.+)")
def _attached_is(m: SpanMatch) -> Condition | None:
    # "as long as equipped creature is a Human" (Sharpened Pitchfork): what the source is attached
    # to, by its characteristics as the layers stand
    flt = subject_filter(m.group(1).replace(" or an ", " or ").replace(" or a ", " or "))
    if flt is None or flt.controller or not counts_characteristics(flt):
        return None
    return Condition("attached_is", replace(flt, other=False), at_least=1)
