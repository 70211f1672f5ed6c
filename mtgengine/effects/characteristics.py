"""An object's characteristics (CR 109.3) as the layer system derives them, and the filters
that read them ("white creatures you control"): shared by the layer system
(``effects.layers``), the continuous effects it applies (``effects.layer_effects``) and their
dependencies (``effects.layer_dependency``)."""
from __future__ import annotations

from dataclasses import dataclass

from ..cards.vocabulary import CardScript, Filter
from ..core.mana import ManaCost


@dataclass(slots=True)
class Characteristics:
    """An object's current characteristics (CR 109.3) plus its controller (layer 2)."""

    name: str
    mana_cost: ManaCost | None
    colors: frozenset[str]
    supertypes: frozenset[str]
    types: frozenset[str]
    subtypes: frozenset[str]
    script: CardScript
    keywords: frozenset[str]
    power: int | None
    toughness: int | None
    loyalty: int | None
    controller: int
    text: str
    token: bool = False         # in last known information: it was a token ("nontoken", CR 111.1)
    flipped_half: "Characteristics | None" = None   # a flip card's alternative half (CR 710.1b), kept in
                                                     # copiable values: the copy's own status picks (707.3)
    counters: tuple[tuple[str, int], ...] = ()   # in last known information: the counters it had
                                                 # (persist, undying: CR 702.79a, 702.93a)
    attached_to: int | None = None   # in last known information: what it was attached to ("when
                                     # enchanted creature dies" looks back, CR 603.10a)
    face_down: bool = False          # its face-down status (layer 1b, CR 708.2): "a face-down creature"

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords


#: The abilities of a face-down permanent (CR 708.2a) and of an object that lost them all (CR 613.1f).
FACE_DOWN_SCRIPT = CardScript()
EMPTY_SCRIPT = CardScript()


#: The card types (CR 205.2a)
CARD_TYPES = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land", "Planeswalker",
                        "Sorcery", "Tribal"})


def copy_characteristics(ch: Characteristics, controller: int | None = None, copied: bool = False) -> Characteristics:
    """A copy to modify (the memoized values are shared and never modified); ``controller``: another one;
    ``copied``: the values another object copies, without the face-down status (CR 707.2, 708.10)."""
    return Characteristics(ch.name, ch.mana_cost, ch.colors, ch.supertypes, ch.types, ch.subtypes, ch.script,
                           ch.keywords, ch.power, ch.toughness, ch.loyalty,
                           ch.controller if controller is None else controller, ch.text, False, ch.flipped_half,
                           face_down=ch.face_down and not copied)


def matches_characteristics(flt: Filter, ch: Characteristics, controller: int, you: int) -> bool:
    """The filter's conditions on characteristics (types, colors, subtypes, supertypes,
    controller), checked against ``ch`` — current ones, or last known ones (CR 603.10a)."""
    if flt.types and not (flt.types & ch.types):
        return False
    if flt.all_types and not flt.all_types <= ch.types:
        return False
    if flt.not_types & ch.types:
        return False
    if flt.colors and not (flt.colors & ch.colors):
        return False
    if flt.not_colors & ch.colors:
        return False
    if flt.color_count and not (len(ch.colors) == 1 if flt.color_count == "mono" else len(ch.colors) > 1):
        return False                        # CR 105.2a-c: one color; two or more (colorless is neither)
    if flt.subtypes and not (flt.subtypes & ch.subtypes):
        return False
    if flt.not_subtypes & ch.subtypes:
        return False
    if flt.supertypes and not (flt.supertypes & ch.supertypes):
        return False
    if flt.not_supertypes & ch.supertypes:
        return False
    if flt.face_down is not None and ch.face_down != flt.face_down:
        return False                        # "face-down creatures" (CR 708.2), also as it last existed
    if flt.historic and not ("Legendary" in ch.supertypes or "Artifact" in ch.types or "Saga" in ch.subtypes):
        return False                        # CR 700.6
    if flt.controller == "you" and controller != you:
        return False
    if flt.controller == "opponent" and controller == you:
        return False
    return True


def matches_keywords_and_power(flt: Filter, ch: Characteristics) -> bool:
    """The filter's keyword and power conditions ("with flying", "with power 2 or less")."""
    if flt.keywords and not (flt.keywords & ch.keywords):
        return False
    if flt.not_keywords & ch.keywords:
        return False
    if flt.power_max is not None and (ch.power or 0) > flt.power_max:
        return False
    return flt.power_min is None or (ch.power or 0) >= flt.power_min
