"""The conditions only static abilities have (``cards.compiler.static_conditions``, CR 611.3b),
read as the layers apply: on the permanents' characteristics as they stand (``chars``) and on the
objects' status, which the characteristics memo follows (see that module)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.vocabulary import Condition, Filter
from ..core.enums import Zone
from .characteristics import CARD_TYPES, Characteristics, matches_characteristics
from .copiable import copiable_values

if TYPE_CHECKING:
    from ..state.game_state import GameState

_ANY = Filter()

#: The kinds of condition read here (``cards.compiler.static_conditions`` builds them).
STATIC_ONLY_KINDS = frozenset({"graveyard_card_types", "devotion", "source_attacking", "source_blocking", "source_attached",
                               "source_counter", "opponent_controls", "opponent_graveyard", "attached_is"})


def graveyard_card_types(state: GameState, player: int) -> int:
    """Delirium (CR 207.2c): the card types (CR 205.2a) among the cards in the player's graveyard,
    by their copiable values (CR 707.2: no effect applies to a card there but a CDA, which sets no
    type)."""
    kinds: set[str] = set()
    for oid in state.zones[(player, Zone.GRAVEYARD)]:
        kinds |= copiable_values(state, oid).types & CARD_TYPES
    return len(kinds)


def static_only_value(state: GameState, chars: dict[int, Characteristics], sid: int, cond: Condition,
                      you: int) -> int | None:
    """The number ``cond`` compares (``at_least`` / ``at_most``), or None if its kind isn't one of
    these. ``you``: the source's controller."""
    kind = cond.kind
    src = state.objects.get(sid)
    here = src is not None and src.zone is Zone.BATTLEFIELD
    if kind == "graveyard_card_types":
        return graveyard_card_types(state, you)
    if kind == "devotion":
        # CR 700.5, 700.5a: the mana symbols of those colors (a symbol of both counts once) among the
        # mana costs of the permanents you control, after copy, control and text effects: the
        # values as the layers stand, all of them past layer 3 when a later layer's condition reads them
        colors = cond.value
        return sum(1 for c in chars.values() if c.controller == you and c.mana_cost is not None
                   for sym in c.mana_cost.symbols if any(color in sym.colors for color in colors))
    if kind == "opponent_graveyard":
        return max((len(state.zones[(p.index, Zone.GRAVEYARD)]) for p in state.players
                    if p.index != you and not p.lost), default=0)
    if kind == "opponent_controls":
        # "an opponent controls an Island": the most any one opponent controls (CR 102.1)
        flt = cond.filter or _ANY
        return max((sum(1 for c in chars.values() if c.controller == p.index
                        and matches_characteristics(flt, c, c.controller, you))
                    for p in state.players if p.index != you and not p.lost), default=0)
    if not here:
        return 0 if kind in _SOURCE_KINDS else None
    assert src is not None
    if kind == "source_attacking":
        return int(src.attacking is not None)                      # CR 506.4
    if kind == "source_blocking":
        return int(bool(src.blocking))
    if kind == "source_counter":
        return sum(n for k, n in src.counters.items() if n > 0 and (cond.value == "any" or k == cond.value))
    if kind == "source_attached":
        # CR 301.5, 303.4: an Equipment / Aura attached to it, by the subtypes as the layers stand
        return sum(1 for oid, c in chars.items() if state.objects[oid].attached_to == sid and cond.value in c.subtypes)
    if kind == "attached_is":
        host = src.attached_to
        c = chars.get(host) if host is not None else None
        return int(c is not None and matches_characteristics(cond.filter or _ANY, c, c.controller, you))
    return None


_SOURCE_KINDS = frozenset({"source_attacking", "source_blocking", "source_counter", "source_attached", "attached_is"})
