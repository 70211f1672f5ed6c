"""Compiling linked abilities (CR 607) from rules text: a pair of paragraphs where one
exiles a card and the other refers to "the exiled card" (Oblivion Ring, Journey to Nowhere,
Fiend Hunter), and an exile "until ~ leaves the battlefield" (Banishing Light, CR 610.3).
``paragraphs.compile_text`` hands its script here last; the pair's abilities are given a
link named after the card and the paragraph of the linking ability ("Oblivion Ring#1"), so
two cards' pairs never share a record (``effects.links``). Cards whose linked abilities the
templates here don't read are written as definitions (``data/definitions/linked.yaml``).
"""
from __future__ import annotations

import re
from dataclasses import replace

from .targets import target_spec
from .text import fullmatch, marker, undo
from ..vocabulary import (
    CardScript, Exile, Ref, ReturnToBattlefield, ReturnToHand, TargetSpec, Trigger, TriggeredAbility,
)

_ENTERS = r"when(?:ever)? ~ enters(?: the battlefield)?"
#: "When ~ enters, [you may] exile [another | up to one] target X [until ~ leaves the battlefield]."
_EXILE = (_ENTERS + r", (you may )?exile (another |up to one )?target (.+?)"
          r"( until ~ leaves the battlefield)?\.")
#: "When ~ leaves the battlefield, return the exiled card to the battlefield under its owner's control."
_RETURN = (r"when ~ leaves the battlefield, return the exiled (?:card|cards|permanent|creature) to "
           r"(the battlefield under (?:its|their) owner'?s?'? control|(?:its|their) owner'?s?'? hands?)\.")


def link_name(card: str, paragraph: int) -> str:
    """The name of a printed pair: the card and the paragraph of its linking ability."""
    return f"{card}#{paragraph}"


def _exile_ability(name: str, number: int, raw: str, para: str) -> TriggeredAbility | None:
    m = fullmatch(_EXILE, para, re.I)
    if not m:
        return None
    optional, which, what, until = m.group(1), (m.group(2) or "").strip().lower(), m.group(3), m.group(4)
    read = marker(para)
    spec = target_spec(("another " if which == "another" else "") + what)
    if spec is None or spec.filter.players:
        undo(read)
        return None
    m.consume()
    text = f"{which + ' ' if which else ''}target {what}"
    spec = TargetSpec(spec.filter, text, 0 if which == "up to one" else 1, 1)
    effect = Exile(Ref("target", 0), link=link_name(name, number), until_leaves=bool(until))
    return TriggeredAbility(Trigger("enters"), (effect,), (spec,), raw, bool(optional))


def _return_ability(link: str, raw: str, para: str) -> TriggeredAbility | None:
    m = fullmatch(_RETURN, para, re.I)
    if not m:
        return None
    m.consume()
    what = Ref("linked", link=link)
    effect = (ReturnToBattlefield(what, under_owner=True) if m.group(1).lower().startswith("the battlefield")
              else ReturnToHand(what))
    return TriggeredAbility(Trigger("leaves"), (effect,), (), raw)


def with_links(name: str, oracle_text: str, script: CardScript, norm: dict[int, str]) -> CardScript:
    """The script with the linked pairs these templates read compiled, and their paragraphs
    taken off ``unimplemented``. ``norm``: each paragraph normalized (``normalize``), by number."""
    if not script.unimplemented:
        return script
    paragraphs = {i: raw for i, raw in enumerate(oracle_text.split("\n"), start=1)}
    open_numbers = {num for num, _ in script.unimplemented}
    new_triggered: dict[str, TriggeredAbility] = {}      # raw text -> ability (replacing a compiled one)
    done: set[int] = set()
    for number, para in norm.items():
        exile = _exile_ability(name, number, paragraphs[number], para)
        if exile is None:
            continue
        partner = None
        if not exile.effects[0].until_leaves:
            # the "return the exiled card" paragraph that follows (CR 607.2a); without one the
            # exile isn't linked to anything and the compiled ability stands
            partner = next((k for k in sorted(norm) if k > number and k in open_numbers
                            and fullmatch(_RETURN, norm[k], re.I)), None)
            if partner is None:
                continue
            back = _return_ability(exile.effects[0].link, paragraphs[partner], norm[partner])
            if back is None:
                continue
            new_triggered[paragraphs[partner]] = back
            done.add(partner)
        elif number not in open_numbers:
            continue
        new_triggered[paragraphs[number]] = exile
        done.add(number)
    if not done:
        return script
    kept = tuple(ab for ab in script.triggered if ab.text not in new_triggered)
    ordered = sorted(new_triggered.values(), key=lambda ab: [k for k, v in paragraphs.items() if v == ab.text][0])
    return replace(script, triggered=kept + tuple(ordered),
                   unimplemented=tuple(u for u in script.unimplemented if u[0] not in done))
