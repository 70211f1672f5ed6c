"""Every effect of the vocabulary has exactly one resolution (``effects.resolve.resolves``), so an
effect without one fails the suite, not a game; the interpreter dispatches by class."""
from __future__ import annotations

import dataclasses
import inspect
from typing import get_args

import pytest

from mtgengine.cards import vocabulary
from mtgengine.cards.vocabulary import DealDamage, Effect, Quantity, Ref
from mtgengine.effects import resolutions  # noqa: F401  (registers every resolution)
from mtgengine.effects.resolve import RESOLUTIONS, Resolving, execute, resolves

#: Values of the vocabulary's effects section that are not effects themselves: parts of effects
#: (a mana spending restriction, a copy effect's exceptions) or CardScript fields (a pre-game
#: ability, a permission to play linked cards).
NOT_EFFECTS = {"ManaRestriction", "CopyException", "Pregame", "PlayFrom"}


def _effects_section() -> set[type]:
    """The classes the vocabulary's effect modules (``cards/vocabulary/actions.py`` and
    ``effects.py``, where a new effect is written) define."""
    out = set()
    for module in (vocabulary.actions, vocabulary.effects):
        for name, obj in vars(module).items():
            if inspect.isclass(obj) and obj.__module__ == module.__name__ and dataclasses.is_dataclass(obj) \
                    and name not in NOT_EFFECTS:
                out.add(obj)
    return out


def test_every_effect_of_the_vocabulary_has_a_resolution() -> None:
    effects = set(get_args(Effect)) | _effects_section()
    assert len(effects) > 60
    missing = sorted(cls.__name__ for cls in effects if cls not in RESOLUTIONS)
    assert not missing, f"effects without a resolution (write one with @resolves in effects/resolutions): {missing}"


def test_only_effects_of_the_vocabulary_are_registered() -> None:
    effects = set(get_args(Effect)) | _effects_section()
    assert set(RESOLUTIONS) <= effects, sorted(cls.__name__ for cls in set(RESOLUTIONS) - effects)


def test_a_second_resolution_for_an_effect_is_refused() -> None:
    with pytest.raises(TypeError, match=r"DealDamage already resolves by mtgengine\.effects\.resolutions\."
                                        r"damage_life\._deal_damage"):
        resolves(DealDamage)(lambda ctx, eff, r: None)
    assert RESOLUTIONS[DealDamage].__name__ == "_deal_damage"       # (left as it was)


def test_an_effect_without_a_resolution_is_a_clear_error() -> None:
    @dataclasses.dataclass(frozen=True)
    class Unknown:
        what: Ref

    with pytest.raises(TypeError, match=r"no resolution for effect .*Unknown\(what=Ref"):
        execute(None, (Unknown(Ref("self")),), Resolving(0, 0, (), ()))      # type: ignore[arg-type]


def test_a_subclass_is_not_its_parent_effect() -> None:
    """Dispatch is by the exact class (a dict lookup, not isinstance): the vocabulary has no
    subclasses of effects, and a subclass would need its own resolution."""
    effects = set(get_args(Effect)) | _effects_section()
    assert not [(a.__name__, b.__name__) for a in effects for b in effects if a is not b and issubclass(a, b)]
    assert Quantity not in RESOLUTIONS
