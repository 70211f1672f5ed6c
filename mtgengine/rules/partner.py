"""Who may be a commander, and which two cards may be commanders together (CR 903.3, 903.3a,
702.124): read from the compiled abilities (``cards.compiler.commander_rules``: the partner
abilities and "~ can be your commander"; plain "Partner" is a keyword), so a wording the compiler
doesn't read makes no pair. Used wherever a deck's commanders are designated: ``mtg deck``,
``mtg simulate --deck`` and the game's set-up (``rules.pregame.validate_commanders``).
"""
from __future__ import annotations

from typing import Any

from ..cards.compiler.commander_rules import CAN_BE_COMMANDER, PARTNER
from ..cards.scripts import face_script

#: CR 702.124k, 702.124m: the partner abilities that pair this card with a card of a kind
BACKGROUND = "choose a background"
DOCTORS_COMPANION = "doctor's companion"


def partner_abilities(card: Any) -> frozenset[str]:
    """The card's partner abilities (CR 702.124a), by variant: "partner", "partner—friends
    forever", "partner with NAME", "choose a background", "doctor's companion"."""
    found: set[str] = set()
    for face in card.faces:
        script = face_script(face)
        if "partner" in script.keywords:
            found.add("partner")
        found |= {ab.link for ab in script.pregame if ab.kind == PARTNER}
    return frozenset(found)


def _legendary(card: Any) -> bool:
    return "Legendary" in card.front.supertypes


def _creature(card: Any) -> bool:
    return "Creature" in card.front.types


def is_background(card: Any) -> bool:
    """A legendary Background enchantment card (CR 702.124k)."""
    front = card.front
    return _legendary(card) and "Enchantment" in front.types and "Background" in front.subtypes


def is_doctor(card: Any) -> bool:
    """A legendary Time Lord Doctor creature card with no other creature types (CR 702.124m)."""
    front = card.front
    return _legendary(card) and _creature(card) and set(front.subtypes) == {"Time Lord", "Doctor"}


def commander_problem(card: Any) -> str | None:
    """Why the card can't be a commander on its own terms (CR 903.3: a legendary creature,
    Vehicle or Spacecraft card with a power/toughness box; 903.3a: "~ can be your commander"), or
    None. A Background is judged with its pair (:func:`pair_problem`)."""
    front = card.front
    if any(ab.kind == CAN_BE_COMMANDER for face in card.faces for ab in face_script(face).pregame):
        return None
    if _legendary(card) and (_creature(card) or "Vehicle" in front.subtypes
                             or ("Spacecraft" in front.subtypes and front.power is not None)):
        return None
    return (f"{card.name} can't be a commander: it is not a legendary creature, Vehicle or Spacecraft card "
            "and doesn't say it can be your commander (CR 903.3, 903.3a)")


def pair_problem(first: Any, second: Any) -> str | None:
    """Why these two cards can't be commanders together, or None: they must share a partner
    ability (CR 702.124h-j), or one chooses a Background and the other is one (702.124k), or one
    is a Doctor's companion and the other a Doctor (702.124m); different partner abilities don't
    combine (702.124f). (Two cards of one name are the singleton rule's, CR 903.5b, checked with the deck.)"""
    a, b = partner_abilities(first), partner_abilities(second)
    if ("partner" in a and "partner" in b) or any(v.startswith("partner—") and v in b for v in a):
        return None                                                         # CR 702.124h-i
    if f"partner with {second.name}" in a and f"partner with {first.name}" in b:
        return None                                                         # CR 702.124j
    for one, other, abilities in ((first, second, a), (second, first, b)):
        if BACKGROUND in abilities and is_background(other):
            return None                                                     # CR 702.124k
        if DOCTORS_COMPANION in abilities and _legendary(one) and _creature(one) and is_doctor(other):
            return None                                                     # CR 702.124m
    return (f"{first.name} and {second.name} can't both be commanders: no partner ability pairs them "
            "(CR 702.124a, 702.124f: partner, partner—[text], partner with [name], choose a Background, "
            "Doctor's companion)")


def commanders_problems(cards: list[Any]) -> list[str]:
    """Every reason the designated commanders break CR 903.3 and 702.124 (empty: they may be)."""
    if len(cards) > 2:
        return [f"{len(cards)} commanders: no partner ability allows more than two (CR 702.124g)"]
    problems: list[str] = []
    if len(cards) == 2:
        pair = pair_problem(cards[0], cards[1])
        if pair:
            problems.append(pair)
    for card in cards:
        if is_background(card):
            # CR 702.124k: a Background is a commander only beside one that chooses a Background
            others = [c for c in cards if c is not card]
            if not (others and BACKGROUND in partner_abilities(others[0])):
                problems.append(f"{card.name} can't be a commander: a Background is one only beside a "
                                "commander with \"choose a Background\" (CR 702.124k)")
            continue
        single = commander_problem(card)
        if single:
            problems.append(single)
    return problems
