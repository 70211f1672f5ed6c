"""The one interface through which a resolving effect takes an action of the rules above it:
casting a spell, paying mana.

The effects and their resolutions sit below the rules that cast spells (``rules.casting``) and
pay costs (``rules.mana_payment``): those rules import the effects' interpreter (paying a cost
activates mana abilities, CR 605.3a, whose effects ``rules.activation`` carries out with it). A
few effects must do what those rules do while they resolve:

- cast a spell (CR 608.2g): a copy of a card (CR 707.12), a card cast "without paying its mana
  cost" (CR 118.9: Knowledge Pool), miracle's "by paying [cost]" (CR 702.94a);
- pay mana: "unless [a player] pays" (CR 118.12), "you may pay ... If you do / When you do" (CR
  603.12), echo (CR 702.30a), Ice Cave's "may pay the spell's mana cost";
- divide a triggered ability's damage as it is put on the stack (CR 603.3d, 601.2d), as casting
  divides a spell's (``rules.spell_choices``).

They call the functions here, never those rules' modules. The rules provide the functions as
they are imported (:func:`provide`, called by ``rules.casting``, ``rules.castability``,
``rules.mana_planning`` and ``rules.mana_payment``), which every game does; a call before that
is a programming error and says so.
"""
from __future__ import annotations

from typing import Any, Callable

from ..core.mana import ManaCost
from ..rules.context import Ctx
from ..state.game_state import GameState

#: The functions the rules provide, by name.
_PROVIDED: dict[str, Callable[..., Any]] = {}
_NAMES = ("cast_spell", "uncastable_copy", "can_pay", "pay_mana", "divided_specs", "announce_division")


def provide(**functions: Callable[..., Any]) -> None:
    """Called by each rules module implementing some of these functions, as it is imported."""
    for name, fn in functions.items():
        if name not in _NAMES:
            raise TypeError(f"effects.rules_interface has no {name!r} (only {', '.join(_NAMES)})")
        _PROVIDED[name] = fn


def _get(name: str) -> Callable[..., Any]:
    fn = _PROVIDED.get(name)
    if fn is None:
        raise RuntimeError(f"effects.rules_interface.{name}: the rules that provide it are not loaded "
                           "(import mtgengine.engine, which loads every rule)")
    return fn


def cast_spell(ctx: Ctx, player: int, oid: int, action: dict[str, Any]) -> int:
    """``rules.casting.cast_spell``: ``player`` casts ``oid`` as ``action`` says (CR 601.2a-i),
    while an effect resolves when ``action["by_effect"]`` (CR 608.2g). Returns the spell's id."""
    return _get("cast_spell")(ctx, player, oid, action)


def uncastable_copy(g: GameState, player: int, oid: int, free: bool = True, alt_mana: str = "") -> str:
    """``rules.castability.uncastable_copy``: why ``player`` can't cast ``oid`` while an effect
    resolves (without paying its mana cost when ``free``, for ``alt_mana`` when given), or "" if
    they can (CR 601.2b-h)."""
    return _get("uncastable_copy")(g, player, oid, free, alt_mana)


def can_pay(g: GameState, player: int, cost: ManaCost | None, x: int = 0,
            spell_colors: frozenset[str] = frozenset()) -> bool:
    """``rules.mana_planning.can_pay``: whether the default payment could pay ``cost`` now (CR
    118.3; no mana cost can't be paid, CR 118.6)."""
    return _get("can_pay")(g, player, cost, x, spell_colors)


def pay_mana(ctx: Ctx, player: int, cost: ManaCost, x: int, spell_colors: frozenset[str], what: str) -> None:
    """``rules.mana_payment.pay_mana``: ``player`` pays ``cost`` (X = ``x``) the default way,
    activating mana abilities as needed (CR 601.2g-h, 605.3a)."""
    _get("pay_mana")(ctx, player, cost, x, spell_colors, what)


def divided_specs(specs: Any, x: int, name: str, effect: Any) -> Any:
    """``rules.spell_choices.divided_specs`` for an ability's divided damage ``effect``: the
    target phrases, the divided one taking no more targets than there is damage (CR 601.2d)."""
    return _get("divided_specs")(None, specs, x, name, effect)


def announce_division(ctx: Ctx, player: int, specs: Any, targets: tuple[int, ...], counts: tuple[int, ...],
                      name: str, x: int, effect: Any) -> list[list[int]]:
    """``rules.spell_choices.announce_division`` for an ability's divided damage ``effect``
    (CR 603.3d, 601.2d): asked of ``player``, each target at least 1."""
    return _get("announce_division")(ctx, player, None, specs, targets, counts, name, None, x, effect=effect)
