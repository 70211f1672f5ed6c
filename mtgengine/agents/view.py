"""What one player may know of the game: ``Game.view(player)`` (CR 400.2, 701.20, 708).

A :class:`View` is the game with everything the player can't see taken out, the value the
agents, the terminal seat and any other client read. It never holds the real hidden state:

- **Hidden zones** (CR 400.2). Each library is a count only — not even its owner knows its
  order (CR 401.2) — and each hand other than the player's is its objects' ids (a card drawn
  is a new object, CR 400.7, so an id tells nothing but when it came) without their cards.
- **Face-down objects** (CR 708.5, 708.6): those the player doesn't control (on the battlefield,
  the stack or in exile) keep their status and counters but not their card.
- **Cards shown now** (CR 701.20a, 401.2): the objects the pending decision of the player
  offers from a hidden zone (the cards of a search, a scry, a revealed hand they choose from)
  are visible in that view, at their places.
- **Top cards seen** (CR 401.5): the top card of a library played with it revealed is in
  every view; one its owner may look at any time, in its owner's (``effects.land_plays``).
- Nothing derived from hidden cards stays: the characteristics memo, the legal-action memo,
  the random generator's state (future shuffles are hidden too), last known information and
  pending events about cards that left a hidden zone unseen, an opponent's sideboard (CR 400.11).

``unseen`` is, for each player, the multiset (sorted names) of that player's cards in the
places the viewer can't see. It is what an open deck list (a tournament's published lists)
less every card in sight tells a player, never where each of those cards is: a determinization
(``agents.determinize``) deals them out at random. What the player remembers from earlier
reveals is not part of the view (the rules keep no record of it): a view never knows *more*.

The view is of both the committed state (``base``) and the current one (``state``) with the
answers given since the commit (``answers``): the engine reaches a decision in the middle of
a procedure by replaying those answers from the committed state (ARCHITECTURE "Asking without
blocking"), and so does a determinization. Answers that name a hidden object (an opponent's
search) can't be shown: ``answers`` is then None.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.enums import Zone
from ..core.rng import Rng
from ..effects.events import ZoneChange
from ..effects.land_plays import top_card_seen
from ..state.game_state import GameState
from ..state.serialize import encode, state_to_json
from .decisions import Decision

if TYPE_CHECKING:
    from ..engine import Game

_LIBRARY, _HAND, _BATTLEFIELD, _STACK, _EXILE = Zone.LIBRARY, Zone.HAND, Zone.BATTLEFIELD, Zone.STACK, Zone.EXILE
#: The slot of a library card in a view: libraries keep their sizes, never their ids.
HIDDEN_CARD = 0


@dataclass(frozen=True, slots=True)
class View:
    """One player's view of a game (see the module docstring).

    ``state`` and ``base`` are redacted :class:`GameState` values: libraries hold
    :data:`HIDDEN_CARD` slots except the cards shown now, and a hidden object is in ``objects``
    with ``card`` None. ``base_unseen`` is ``unseen`` for ``base``. ``decision`` is the pending
    decision when it is the player's (else None); ``waiting_for`` is who must decide (None:
    the game is over)."""

    player: int
    state: GameState
    base: GameState
    answers: tuple[Any, ...] | None
    unseen: tuple[tuple[str, ...], ...]
    base_unseen: tuple[tuple[str, ...], ...]
    base_settled: bool
    decision: Decision | None
    waiting_for: int | None

    # -- reading ------------------------------------------------------------------------
    def visible(self, oid: int) -> bool:
        """Whether the player sees the object's card now."""
        o = self.state.objects.get(oid)
        return o is not None and o.card is not None

    def hand(self, player: int) -> list[int]:
        return self.state.zones[(player, _HAND)]

    def library_size(self, player: int) -> int:
        return len(self.state.zones[(player, _LIBRARY)])

    def to_json(self) -> dict[str, Any]:
        """The whole view as JSON values (what a client would be sent). Two games that differ
        only in what the player can't see give the same value."""
        return {
            "player": self.player,
            "state": _public_json(self.state),
            "base": _public_json(self.base),
            "answers": None if self.answers is None else list(self.answers),
            "unseen": [list(u) for u in self.unseen],
            "base_unseen": [list(u) for u in self.base_unseen],
            "base_settled": self.base_settled,
            "decision": None if self.decision is None else _decision_json(self.decision),
            "waiting_for": self.waiting_for,
        }

    def to_text(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))


def _public_json(g: GameState) -> dict[str, Any]:
    return state_to_json(g)     # (its ``rng`` is a placeholder: the same in every view)


def _decision_json(d: Decision) -> dict[str, Any]:
    return {"player": d.player, "kind": d.kind, "prompt": d.prompt, "options": encode(d.options),
            "min": d.min, "max": d.max, "info": encode(d.info)}


# -- building a view ---------------------------------------------------------------------------
def view_of(game: Game, player: int) -> View:
    """``Game.view(player)``: what ``player`` may know now (module docstring)."""
    decision = game.pending
    mine = decision if decision is not None and decision.player == player else None
    shown = shown_by(mine, game.state) | (shown_by(mine, game.base) if game.base is not game.state else set())
    state, unseen, hidden_now = redact(game.state, player, shown | tops_seen(game.state, player))
    if game.base is game.state:
        base, base_unseen, hidden_base = state, unseen, hidden_now
    else:
        base, base_unseen, hidden_base = redact(game.base, player, shown | tops_seen(game.base, player))
    hidden = hidden_now | hidden_base
    answers: tuple[Any, ...] | None = tuple(game.answers)
    if any(_names_any(a, hidden) for a in game.answers):
        answers = None
    return View(player=player, state=state, base=base, answers=answers, unseen=unseen, base_unseen=base_unseen,
                base_settled=game.base.settled == game.base.version, decision=mine,
                waiting_for=None if decision is None or game.state.over else decision.player)


def shown_by(decision: Decision | None, g: GameState) -> set[int]:
    """The objects in a hidden zone that ``decision`` shows its player (CR 701.20a, 401.2):
    the cards they choose among (a search, a scry, a revealed hand)."""
    if decision is None:
        return set()
    out: set[int] = set()
    for value in _ints(decision.options):
        o = g.objects.get(value) if value > 0 else None
        if o is not None and (o.zone is _LIBRARY or o.zone is _HAND or o.face_down):
            out.add(value)
    return out


def tops_seen(g: GameState, player: int) -> set[int]:
    """The top cards of libraries ``player`` may see in ``g`` (CR 401.5): revealed ("Play with
    the top card of your library revealed"), or their own they may look at any time."""
    out: set[int] = set()
    for p in range(len(g.players)):
        library = g.zones[(p, _LIBRARY)]
        if library and top_card_seen(g, player, p):
            out.add(library[0])
    return out


def hidden_from(o: Any, player: int, shown: set[int]) -> bool:
    """Whether ``player`` can't see the card of object ``o``: in a library (CR 401.2), in
    another player's hand (CR 402.3), or face down and not theirs to look at (CR 708.5,
    406.3) — unless the pending decision shows it to them."""
    if o.id in shown:
        return False
    zone = o.zone
    if zone is _LIBRARY:
        return True
    if zone is _HAND:
        return o.owner != player
    if o.face_down:
        return (o.controller if zone is _BATTLEFIELD or zone is _STACK else o.owner) != player
    return False


def redact(g: GameState, player: int, shown: set[int]) -> tuple[GameState, tuple[tuple[str, ...], ...], set[int]]:
    """A copy of ``g`` with what ``player`` can't see taken out; each player's unseen cards
    (sorted names); and the ids of the objects taken out (library cards: their ids would
    tell which cards they are, being given in deck order before the shuffle)."""
    out = g.clone()
    unseen: list[list[str]] = [[] for _ in g.players]
    hidden: set[int] = set()
    for oid, o in g.objects.items():
        if not hidden_from(o, player, shown):
            continue
        if o.card is not None:
            unseen[o.owner].append(o.card.name)
        if o.zone is _LIBRARY:
            hidden.add(oid)
            del out.objects[oid]
        else:
            anon = o.clone()
            anon._gen = out._gen
            anon.card = None
            anon.card_id = oid          # (the physical card's first id would tell which card it is)
            anon.copy_source = None
            anon.choices = {}
            out.objects[oid] = anon
    for p in range(len(g.players)):
        lib = out.zones[(p, _LIBRARY)]
        out.zones[(p, _LIBRARY)] = [oid if oid in shown else HIDDEN_CARD for oid in lib]
        if p != player:
            out.player(p).sideboard = ()            # cards outside the game (CR 400.11)
    # what was derived from hidden cards, and the generator of the hidden future
    out._chars = {}
    out._legal = None
    out.rng = Rng(0)
    out.lki = {k: v for k, v in g.lki.items() if k in _public_sources(g)}
    out.events = [e for e in g.events if not _hides(e, player)]
    out.version = out.settled = 0       # (a count of writes, hidden ones included: ``View.base_settled``)
    return out, tuple(tuple(sorted(u)) for u in unseen), hidden


def _public_sources(g: GameState) -> set[int]:
    """The ids whose last known information (CR 608.2h) the rules may still read: sources of
    abilities and effects still around. Others may be cards that left a hidden zone unseen."""
    out: set[int] = set()
    for oid in g.stack:
        o = g.objects.get(oid)
        if o is not None and o.source_id:
            out.add(o.source_id)
    for group in (g.pending_triggers, g.delayed, g.effects, g.damage_events):
        for item in group:
            for name in ("source_id", "source", "subject"):
                value = getattr(item, name, None)
                if isinstance(value, int) and value > 0:
                    out.add(value)
    for e in g.events:
        if isinstance(e, ZoneChange) and e.from_zone in (_BATTLEFIELD, _STACK):
            out.add(e.oid)
    return out


def _hides(event: Any, player: int) -> bool:
    """A pending event about a card leaving a hidden zone for another hidden place (a draw,
    a card put back): its last known information names the card."""
    if not isinstance(event, ZoneChange):
        return False
    hidden_from_zone = event.from_zone is _LIBRARY or (event.from_zone is _HAND and event.to_player != player)
    hidden_to_zone = event.to_zone is _LIBRARY or (event.to_zone is _HAND and event.to_player != player)
    return hidden_from_zone and hidden_to_zone


def _ints(value: Any) -> list[int]:
    """Every whole number in a JSON-like value (options and answers name objects by id)."""
    if value.__class__ is int:
        return [value]
    if isinstance(value, dict):
        out: list[int] = []
        for k, v in value.items():
            if isinstance(k, str) and k.lstrip("-").isdigit():
                out.append(int(k))
            out += _ints(v)
        return out
    if isinstance(value, (list, tuple)):
        return [i for v in value for i in _ints(v)]
    return []


def _names_any(value: Any, ids: set[int]) -> bool:
    return any(i in ids for i in _ints(value))


__all__ = ["HIDDEN_CARD", "View", "hidden_from", "redact", "shown_by", "tops_seen", "view_of"]
