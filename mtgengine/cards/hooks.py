"""Named Python hooks: card scripts that are clearer built in code than written as data.

A card definition names a hook (``hook: name``, docs/CARD-FORMAT.md). When the face's script
is built, the hook receives the face and the script so far (compiled text plus definition)
and returns the script to use. Hooks build vocabulary data, so what they make is carried out
by the same interpreter as every other card; a card that needs behaviour the vocabulary
lacks needs a new vocabulary term, not a hook that bypasses it.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Callable

from .vocabulary import ActivatedAbility, AddMana, CardScript, Cost

if TYPE_CHECKING:
    from .database import Face

Hook = Callable[["Face", CardScript], CardScript]

#: Every hook by name; definitions are checked against it when they are loaded.
HOOKS: dict[str, Hook] = {}


def hook(name: str) -> Callable[[Hook], Hook]:
    """Registers the decorated function as the hook ``name``.

    A name registered twice is an error: the second function would silently take over every
    card that names the first.
    """
    def register(fn: Hook) -> Hook:
        if name in HOOKS:
            raise ValueError(f"hook {name!r} is registered twice ({HOOKS[name].__qualname__}, {fn.__qualname__})")
        HOOKS[name] = fn
        return fn
    return register


@hook("example_mana_of_its_colors")
def example_mana_of_its_colors(face: Face, script: CardScript) -> CardScript:
    """Example (no shipped card uses it): adds "{T}: Add one mana of any of this card's colors."

    It shows what a hook is for: one rule computed from the face's characteristics, stated
    once for every card that names it instead of repeated in each card's data.
    """
    if not face.colors:
        return script
    colors = tuple(face.colors)
    text = "{T}: Add " + " or ".join("{" + c + "}" for c in colors) + "."
    # CR 605.1a: no target and it adds mana, so it is a mana ability.
    ability = ActivatedAbility(Cost(tap=True), (AddMana(choice=colors),), text=text, is_mana=True)
    return dataclasses.replace(script, activated=script.activated + (ability,))

