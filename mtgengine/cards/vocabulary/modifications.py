"""Continuous-effect modifications, by layer (CR 613.1).

Part of the card vocabulary (``cards.vocabulary``); annotations name any of its classes
(``cards.definitions`` resolves them in the whole vocabulary)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union


# -- continuous-effect modifications, by layer (CR 613.1) ---------------------------------
@dataclass(frozen=True, slots=True)
class SetController:
    """Layer 2 (CR 613.1b): the effect's controller (``player`` "you") controls the object."""

    player: str = "you"


@dataclass(frozen=True, slots=True)
class ChangeTypes:
    """Layer 4 (CR 613.1d). ``set_land_subtypes``: the land's subtypes become these basic land
    types, and it loses the abilities of its rules text (CR 305.7). ``set_types`` /
    ``set_subtypes`` replace (None: keep); ``add_*`` add ("in addition to its other types")."""

    add_types: frozenset[str] = frozenset()
    add_subtypes: frozenset[str] = frozenset()
    set_types: frozenset[str] | None = None
    set_subtypes: frozenset[str] | None = None
    set_land_subtypes: frozenset[str] = frozenset()
    #: "~ isn't a creature" (the Theros gods): these card types are removed, and the subtypes that
    #: go with them (CR 205.3d: creature types without the creature type)
    remove_types: frozenset[str] = frozenset()
    #: "~ is the chosen type in addition to its other types" (Metallic Mimic): the subtype is the
    #: one chosen for this link by the effect's source (CR 607.2d), added; with ``chosen_land``
    #: "Enchanted land is the chosen type": its land types become it (CR 305.7)
    chosen_type: str = ""
    chosen_land: bool = False


@dataclass(frozen=True, slots=True)
class ChangeText:
    """Layer 3 (CR 612, 613.1c): in the object's rules text and type line, every instance of the
    word ``old`` used as a ``kind`` of word ("color", "land_type", "creature_type") becomes
    ``new`` (CR 612.2: never in a name); the abilities are those of the new text."""

    kind: str
    old: str
    new: str


@dataclass(frozen=True, slots=True)
class ChangeColors:
    """Layer 5 (CR 613.1e): set (None: keep) and/or add colors. ``pregame``: set to the color
    chosen for the card before the game for this link ("~ is the chosen color", CR 607.2p); no
    choice made, no change (CR 607.5a)."""

    set_colors: frozenset[str] | None = None
    add_colors: frozenset[str] = frozenset()
    pregame: str = ""


@dataclass(frozen=True, slots=True)
class ChangeAbilities:
    """Layer 6 (CR 613.1f): add keyword abilities, or remove all abilities / some keywords.
    ``add_triggered`` / ``add_activated``: abilities granted ("has 'Whenever this creature deals
    combat damage to a creature, exile that creature'"); ``activated_of``: "gains all activated
    abilities of" that object (its abilities as the effect began, kept in ``add_activated`` by the
    effect). Granted abilities are linked only among those granted together (CR 607.5), unless
    the object's own ability grants them (they count as printed on it, CR 607.1a)."""

    add_keywords: frozenset[str] = frozenset()
    remove_all: bool = False
    remove_keywords: frozenset[str] = frozenset()
    add_triggered: tuple["TriggeredAbility", ...] = ()
    add_activated: tuple["ActivatedAbility", ...] = ()


@dataclass(frozen=True, slots=True)
class SetPT:
    """Layer 7a for a characteristic-defining ability (CR 604.3), else 7b (CR 613.4b): base
    power and/or toughness become these values (None: unchanged). A Quantity with ``stat``
    and ``of`` = self reads the object's own value (Opalescence: its mana value)."""

    power: Quantity | None = None
    toughness: Quantity | None = None


@dataclass(frozen=True, slots=True)
class ModifyPT:
    """Layer 7c (CR 613.4c): +N/+N; with ``per``, +N/+N for each permanent matching it ("for
    each Forest you control": "you" is the effect's controller), counted as the effect applies
    (CR 611.3a), on the characteristics as layers 1-7b left them. ``count``: +N/+N for each of a
    number read off the battlefield ("for each card in your hand": a Quantity stat), counted
    likewise each time the layers apply (CR 611.3a)."""

    power: int = 0
    toughness: int = 0
    per: Filter | None = None
    count: Quantity | None = None


@dataclass(frozen=True, slots=True)
class SwitchPT:
    """Layer 7d (CR 613.4d): power and toughness switch."""


@dataclass(frozen=True, slots=True)
class CopyOf:
    """Layer 1a (CR 613.2a): the copiable values become ``values`` (a snapshot, CR 707.2b)."""

    values: Any


Modification = Union[CopyOf, SetController, ChangeText, ChangeTypes, ChangeColors, ChangeAbilities, SetPT, ModifyPT, SwitchPT]
