"""Determinizations: a whole game built from one player's view, its hidden cards dealt at random.

Information-set search (Cowling, Ward and Powley 2012: "ensemble determinization") plays out
possible worlds: each is a :class:`~mtgengine.engine.Game` made from a :class:`View` alone —
never from the real game — by dealing each player's unseen cards (``View.unseen``) at random
into the places the viewer can't see: the other hand, face-down objects, every library slot
(CR 401.2: nobody knows a library's order). The world gets a random generator of its own
(the real one's state would tell future shuffles).

A decision met in the middle of a procedure is reached by replaying the answers since the
committed state (``View.answers``) on the dealt committed state (``View.base``). A card that
became visible on the way (a card drawn into the viewer's hand) must be the same in the world:
the world is checked against the current view and, where it differs, the card dealt to that
physical card (``card_id``, kept across zone changes) is dealt again and the answers replayed.
A world whose decision is not the real one is thrown away (:func:`determinize` returns None).
"""
from __future__ import annotations

import random
from typing import Any

from ..cards.database import card_db
from ..core.enums import Zone
from ..core.errors import GameStateError, IllegalActionError
from ..core.rng import Rng
from ..engine import Game
from ..state.game_log import GameLog
from ..state.game_state import GameState
from ..state.objects import GameObject
from .decisions import Decision
from .view import HIDDEN_CARD, View

_LIBRARY = Zone.LIBRARY
#: The searcher's own randomness (``random.Random``): it is no part of any game, so it needs
#: none of the game generator's guarantees across Python versions, only a seed.
RandomSource = random.Random


def determinize(view: View, rng: RandomSource) -> Game | None:
    """A game consistent with ``view`` at its pending decision, or None when no world dealt
    (one try, and one more after fixing the cards that became visible) reaches it."""
    if view.answers is None:
        return None               # an answer since the commit names a card the viewer can't see
    forced: dict[int, str] = {}
    seed = rng.getrandbits(64)
    for _ in range(3):
        base = deal(view.base, view.base_unseen, random.Random(seed), forced)
        if base is None:
            return None
        if view.base_settled:
            base.settled = base.version
        try:
            game = Game(base, list(view.answers))
        except (IllegalActionError, GameStateError):
            return None
        wrong = _mismatches(game.state, view.state)
        if wrong is None:
            return None
        if not wrong:
            if view.decision is not None and not same_decision(game.pending, view.decision):
                return None
            return game
        if all(forced.get(card) == name for card, name in wrong.items()):
            return None
        forced.update(wrong)
    return None


def deal(g: GameState, unseen: tuple[tuple[str, ...], ...], rng: RandomSource,
         forced: dict[int, str] | None = None) -> GameState | None:
    """A copy of the redacted state ``g`` with each player's unseen cards dealt at random into
    their hidden places; ``forced``: names for some physical cards (``card_id``) first."""
    forced = forced or {}
    out = g.clone()
    out.log = GameLog()           # (the world's commentary is never read)
    out.rng = Rng(rng.getrandbits(64))
    free = _free_ids(g)
    # the hidden places of each player, in a canonical order: anonymous objects, then libraries
    slots: list[list[int]] = [[] for _ in g.players]
    for oid in sorted(g.objects):
        o = g.objects[oid]
        if o.card is None and o.ability is None and not o.token:
            slots[o.owner].append(oid)
    new_ids: dict[tuple[int, int], int] = {}
    for p in range(len(g.players)):
        lib = out.zones[(p, _LIBRARY)]
        for i, oid in enumerate(lib):
            if oid == HIDDEN_CARD:
                if not free:
                    return None
                new = free.pop()
                lib[i] = new
                new_ids[(p, i)] = new
                slots[p].append(new)
    for p in range(len(g.players)):
        pool = list(unseen[p])
        if len(pool) != len(slots[p]):
            return None           # (a view whose counts disagree: not a world)
        for card_id, name in forced.items():
            if card_id in slots[p]:
                if name not in pool:
                    return None
                pool.remove(name)
        rng.shuffle(pool)
        gen = out._gen
        for oid in slots[p]:
            name = forced[oid] if oid in forced else pool.pop()
            if oid in g.objects:
                out.obj(oid).card = _card(name)
            else:
                o = _template(name, p).clone()       # (a copy: ~4 times cheaper than a new object)
                o.id = o.card_id = oid
                o._gen = gen
                out.objects[oid] = o
    out.changed()
    return out


_CARDS: dict[str, Any] = {}
_TEMPLATES: dict[tuple[str, int], GameObject] = {}


def _card(name: str) -> Any:
    card = _CARDS.get(name)
    if card is None:
        card = _CARDS[name] = card_db().get(name)
    return card


def _template(name: str, owner: int) -> GameObject:
    """A library card of ``owner`` nothing writes, copied for each world."""
    o = _TEMPLATES.get((name, owner))
    if o is None:
        o = _TEMPLATES[(name, owner)] = GameObject(0, _card(name), owner, _LIBRARY, 0)
    return o


def _free_ids(g: GameState) -> list[int]:
    """Ids for the library cards of a world, as a stack (smallest last): below ``next_id``, so
    the objects the replay makes get the ids they have in the real game, and used by nothing
    the view still refers to (objects, physical cards, last known information, linked records)."""
    used = set(g.objects) | {o.card_id for o in g.objects.values()} | set(g.lki)
    used |= {key[0] for key in g.links if isinstance(key, tuple) and key and isinstance(key[0], int)}
    return [i for i in range(g.next_id - 1, 0, -1) if i not in used]


def _mismatches(world: GameState, seen: GameState) -> dict[int, str] | None:
    """The physical cards (``card_id`` in the world) whose card differs from what the view
    sees now, with the names they must have; None if the world can't be fixed so."""
    out: dict[int, str] = {}
    for oid, o in seen.objects.items():
        if o.card is None:
            continue
        w = world.objects.get(oid)
        if w is None or w.zone is not o.zone or w.card is None:
            return None
        if w.card.name != o.card.name:
            out[w.card_id] = o.card.name
    return out


def same_decision(a: Decision | None, b: Decision | None) -> bool:
    """Whether two decisions ask the same player the same question with the same options."""
    if a is None or b is None:
        return a is b
    return (a.player, a.kind, a.min, a.max) == (b.player, b.kind, b.min, b.max) and a.options == b.options


__all__ = ["deal", "determinize", "same_decision"]
