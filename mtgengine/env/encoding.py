"""The observation encoding: one player's view of a game as a fixed-size float32 vector.

Only what the player may know is read (CR 400.2, 401.2, 402.3, 708.5): every object's card is
looked at through ``agents.view.hidden_from`` — the predicate ``Game.view`` redacts with — so a
card in a library, in the other player's hand, or face down under the other player's control
encodes as :data:`HIDDEN` and libraries and the other hand as counts. The encoder reads the
game's state directly (building a whole ``View`` costs ~150 µs a decision, more than the game
itself); ``tests/env/test_no_peeking.py`` checks that games differing only in what the player
can't see give the same vector, and that encoding the player's ``View`` gives the same vector
as encoding the game.

Card identity is an index into the card pool: :data:`EMPTY` (no card), :data:`HIDDEN`,
:data:`OTHER` (a card or token outside the pool), then ``FIRST_CARD + i`` for the pool's
``i``-th name. docs/RL.md lists every field; :func:`layout` gives their offsets.
"""
from __future__ import annotations

import struct
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..core.enums import Step, Zone
from ..effects.layers import permanents, printed
from ..state.game_state import GameState
from ..agents.view import hidden_from, shown_by
from .actions import DONE_FROM_END, MORE_FROM_END, Chooser

EMPTY, HIDDEN, OTHER, FIRST_CARD = 0, 1, 2, 3

HAND_SLOTS = 10
BATTLEFIELD_SLOTS = 16          # per player: non-lands first, then lands (both in battlefield order)
STACK_SLOTS = 6                 # top first
GRAVEYARD_SLOTS = 8             # per player: the most recent first
EXILE_SLOTS = 4                 # per player: the most recent first

STEPS: tuple[Step, ...] = tuple(Step)
#: Decision kinds with a one-hot feature of their own; any other kind sets the last one.
KINDS = ("priority", "mulligan", "bottom", "targets", "x", "mode", "yesno", "attackers", "blockers", "order",
         "discard", "damage_assignment", "divide", "choose", "search", "other")
_KIND_INDEX = {k: i for i, k in enumerate(KINDS)}

GLOBAL_FEATURES = 2 + len(STEPS) + 1 + len(KINDS) + 8
PLAYER_FEATURES = 20
HAND_FEATURES = 8
PERMANENT_FEATURES = 16
STACK_FEATURES = 5
#: Each action row: legal, one-hot type (pass, play, cast, activate, other action, choose, more,
#: done), card A, card B, whose A (1 mine, -1 theirs, 2 me as a player, -2 the opponent), zone of A,
#: a number (X, a choice's value).
ACTION_TYPES = ("pass", "play", "cast", "activate", "action", "choose", "more", "done")
ACTION_FEATURES = 1 + len(ACTION_TYPES) + 5
_ZONE_CODE = {Zone.HAND: 1, Zone.BATTLEFIELD: 2, Zone.STACK: 3, Zone.GRAVEYARD: 4, Zone.EXILE: 5,
              Zone.LIBRARY: 6, Zone.COMMAND: 7}
_STEP_INDEX = {s: i for i, s in enumerate(STEPS)}
_ACTION_TYPE = {"pass": 0, "play": 1, "cast": 2, "activate": 3}
_BATTLEFIELD, _HAND, _LIBRARY, _GRAVEYARD, _EXILE = Zone.BATTLEFIELD, Zone.HAND, Zone.LIBRARY, Zone.GRAVEYARD, \
    Zone.EXILE
#: The observation space's bounds: life and the turn are clipped to them; no other value comes
#: near (counts of cards, power and toughness, damage, counters, X).
LIMIT = 1e6


def layout(actions: int) -> dict[str, tuple[int, int]]:
    """Each block of the vector: (offset, length)."""
    blocks = [("global", GLOBAL_FEATURES), ("me", PLAYER_FEATURES), ("opponent", PLAYER_FEATURES),
              ("hand", HAND_SLOTS * HAND_FEATURES),
              ("my_battlefield", BATTLEFIELD_SLOTS * PERMANENT_FEATURES),
              ("their_battlefield", BATTLEFIELD_SLOTS * PERMANENT_FEATURES),
              ("stack", STACK_SLOTS * STACK_FEATURES),
              ("my_graveyard", GRAVEYARD_SLOTS), ("their_graveyard", GRAVEYARD_SLOTS),
              ("my_exile", EXILE_SLOTS), ("their_exile", EXILE_SLOTS),
              ("actions", actions * ACTION_FEATURES)]
    out: dict[str, tuple[int, int]] = {}
    offset = 0
    for name, length in blocks:
        out[name] = (offset, length)
        offset += length
    return out


def observation_size(actions: int) -> int:
    offset, length = layout(actions)["actions"]
    return offset + length


class Encoder:
    """Encodes one player's view of a game (module docstring) for a card pool and an action
    space of ``actions`` actions."""

    def __init__(self, card_pool: Sequence[str], actions: int) -> None:
        self.card_pool = tuple(card_pool)
        self.index = {name: FIRST_CARD + i for i, name in enumerate(self.card_pool)}
        self.actions = actions
        self.size = observation_size(actions)
        self.blocks = layout(actions)
        self._static: dict[Any, tuple[float, ...]] = {}
        self._zeros = bytes(4 * self.size)

    def card_index(self, name: str) -> int:
        return self.index.get(name, OTHER)

    def _card_of(self, o: Any, player: int, shown: set[int]) -> int:
        if hidden_from(o, player, shown):
            return HIDDEN
        card = o.card
        if card is None:                        # an ability on the stack: its source's name
            return self.index.get(o.source_name, OTHER) if o.source_name else OTHER
        return self.index.get(card.name, OTHER)

    def _card_static(self, card: Any) -> tuple[float, ...]:
        """(mana value, is land, is creature, is instant, power, toughness) of a card's front."""
        key = card.name
        found = self._static.get(key)
        if found is None:
            ch = printed(card, 0)
            types = ch.types
            mv = ch.mana_cost.mana_value() if ch.mana_cost is not None else 0
            found = self._static[key] = (float(mv), float("Land" in types), float("Creature" in types),
                                         float("Instant" in types or "flash" in ch.keywords),
                                         float(ch.power or 0), float(ch.toughness or 0))
        return found

    def encode(self, g: GameState, player: int, chooser: Chooser | None) -> np.ndarray:
        """The vector for ``player`` (``chooser``: their pending decision's sub-decision, or None
        when they have none)."""
        # Written into a zeroed float32 buffer one row at a time by ``struct.pack_into`` (a list
        # of floats converted by np.array costs ~50-100 µs a vector, item writes ~1 µs a row).
        decision = chooser.decision if chooser is not None else None
        shown = shown_by(decision, g) if decision is not None else _NOTHING
        opp = 1 - player
        buf = bytearray(self._zeros)
        blocks = self.blocks
        one = _ONE.pack_into
        index = self.index
        objects = g.objects
        zones = g.zones
        # -- global
        at = blocks["global"][0]
        step = _STEP_INDEX.get(g.step)
        _TWO.pack_into(buf, 4 * at, min(g.turn, LIMIT), g.active == player)
        if step is not None:
            one(buf, 4 * (at + 2 + step), 1.0)
        at += 2 + len(STEPS)
        one(buf, 4 * at, len(g.stack))
        at += 1
        if chooser is not None:
            one(buf, 4 * (at + _KIND_INDEX.get(decision.kind, len(KINDS) - 1)), 1.0)
            at += len(KINDS)
            legal = chooser.legal_items()
            count = len(chooser.chosen)
            _SUB.pack_into(buf, 4 * at, count, chooser.low, chooser.high,
                           chooser.total - count if chooser.mode == "divide" else 0, chooser.page,
                           -(-len(legal) // chooser.per_page), len(legal), 1.0)
        # -- players
        chars = permanents(g)
        lands = [0, 0]
        untapped = [0, 0]
        creatures = [0, 0]
        power = [0, 0]
        slots: list[list[int]] = [[], []]
        land_slots: list[list[int]] = [[], []]
        for oid, ch in chars.items():
            c = ch.controller
            if c > 1:
                continue
            if "Land" in ch.types:
                lands[c] += 1
                if not objects[oid].tapped:
                    untapped[c] += 1
                land_slots[c].append(oid)
            else:
                slots[c].append(oid)
                if "Creature" in ch.types:
                    creatures[c] += 1
                    power[c] += ch.power or 0
        for who, name in ((player, "me"), (opp, "opponent")):
            pl = g.players[who]
            pool = pl.pool
            _PLAYER.pack_into(
                buf, 4 * blocks[name][0], max(-LIMIT, min(pl.life, LIMIT)), min(pl.poison, LIMIT),
                len(zones[(who, _HAND)]), len(zones[(who, _LIBRARY)]), len(zones[(who, _GRAVEYARD)]),
                len(zones[(who, _EXILE)]), pl.lands_played, pool.get("W", 0), pool.get("U", 0), pool.get("B", 0),
                pool.get("R", 0), pool.get("G", 0), pool.get("C", 0), lands[who], untapped[who], creatures[who],
                power[who], pl.mulligans, g.active == who, pl.lost)
        # -- my hand
        playable: set[int] = set()
        if decision is not None and decision.kind == "priority":
            for option in decision.options:
                target = option.get("object") if option.__class__ is dict else None
                if target is not None:
                    playable.add(target)
        at = 4 * blocks["hand"][0]
        pack = _HAND_ROW.pack_into
        for oid in zones[(player, _HAND)][:HAND_SLOTS]:
            card = objects[oid].card
            if card is not None:
                pack(buf, at, index.get(card.name, OTHER), *self._card_static(card), oid in playable)
            else:
                pack(buf, at, HIDDEN, 0, 0, 0, 0, 0, 0, oid in playable)
            at += 4 * HAND_FEATURES
        # -- battlefields
        pack = _PERMANENT_ROW.pack_into
        for who, name in ((player, "my_battlefield"), (opp, "their_battlefield")):
            at = 4 * blocks[name][0]
            for oid in (slots[who] + land_slots[who])[:BATTLEFIELD_SLOTS]:
                o = objects[oid]
                ch = chars[oid]
                types = ch.types
                creature = "Creature" in types
                land = "Land" in types
                counters = o.counters
                plus = other = 0
                if counters:
                    plus = counters.get("+1/+1", 0) - counters.get("-1/-1", 0)
                    other = sum(counters.values()) - counters.get("+1/+1", 0) - counters.get("-1/-1", 0)
                if o.face_down and o.controller != player and oid not in shown:       # CR 708.5
                    card = HIDDEN
                else:
                    card = index.get(o.card.name, OTHER) if o.card is not None else OTHER
                pack(buf, at, card, creature, land, not creature and not land, o.tapped, o.sick, ch.power or 0,
                     ch.toughness or 0, o.damage, o.attacking is not None, bool(o.blocking), plus, other,
                     o.face_down, o.token, o.attached_to is not None)
                at += 4 * PERMANENT_FEATURES
        # -- the stack, top first
        at = 4 * blocks["stack"][0]
        pack = _STACK_ROW.pack_into
        for oid in reversed(g.stack[-STACK_SLOTS:]):
            o = objects[oid]
            pack(buf, at, self._card_of(o, player, shown), 1.0 if o.controller == player else -1.0,
                 o.ability is not None, len(o.targets), o.x)
            at += 4 * STACK_FEATURES
        # -- graveyards (public, CR 404.2) and exile (face-down exiled cards hidden, CR 406.3)
        for who, name, zone, count in ((player, "my_graveyard", _GRAVEYARD, GRAVEYARD_SLOTS),
                                       (opp, "their_graveyard", _GRAVEYARD, GRAVEYARD_SLOTS),
                                       (player, "my_exile", _EXILE, EXILE_SLOTS),
                                       (opp, "their_exile", _EXILE, EXILE_SLOTS)):
            cards = zones[(who, zone)]
            if cards:
                values = [self._card_of(objects[oid], player, shown) for oid in reversed(cards[-count:])]
                _struct(len(values)).pack_into(buf, 4 * blocks[name][0], *values)
        # -- the actions of the sub-decision
        if chooser is not None:
            self._encode_actions(buf, blocks["actions"][0], g, player, chooser, shown)
        return np.frombuffer(buf, dtype=np.float32)

    def _encode_actions(self, buf: bytearray, at: int, g: GameState, player: int, chooser: Chooser,
                        shown: set[int]) -> None:
        items = chooser.items
        objects = g.objects
        pack = _ACTION_ROW.pack_into
        for slot, item in enumerate(chooser.page_items()):
            value = items[item]
            kind = _CHOOSE
            card_b = number = 0.0
            ref: Any = None
            if value.__class__ is dict and "action" in value:
                kind = _ACTION_TYPE.get(value["action"], 4)
                ref = value.get("object")
                number = float(value.get("x", 0))
            elif value.__class__ is list and len(value) == 2:          # a block, an attack with its defender
                ref = value[0]
                second = value[1]
                if second.__class__ is int:
                    card_b = -1.0 if second < 0 else \
                        (float(self._card_of(objects[second], player, shown)) if second in objects else 0.0)
            elif value.__class__ is int and (value < 0 or value in objects):
                ref = value
            elif value.__class__ is int or value.__class__ is bool:     # a number (X, a pile), yes or no
                number = float(value)
            card_a = whose = zone = 0.0
            if ref.__class__ is int:
                if ref < 0:
                    whose = 2.0 if -ref - 1 == player else -2.0
                else:
                    o = objects.get(ref)
                    if o is not None:
                        card_a = float(self._card_of(o, player, shown))
                        whose = 1.0 if o.controller == player else -1.0
                        zone = float(_ZONE_CODE.get(o.zone, 0))
            row = [1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, card_a, card_b, whose, zone, number]
            row[1 + kind] = 1.0
            pack(buf, 4 * (at + slot * ACTION_FEATURES), *row)
        size = chooser.size
        if chooser.has_more():
            row_at = at + (size - MORE_FROM_END) * ACTION_FEATURES
            _TWO.pack_into(buf, 4 * row_at, 1.0, 0.0)
            _ONE.pack_into(buf, 4 * (row_at + 1 + ACTION_TYPES.index("more")), 1.0)
        if chooser.can_finish():
            row_at = at + (size - DONE_FROM_END) * ACTION_FEATURES
            _ONE.pack_into(buf, 4 * row_at, 1.0)
            _ONE.pack_into(buf, 4 * (row_at + 1 + ACTION_TYPES.index("done")), 1.0)


def _struct(count: int) -> struct.Struct:
    found = _STRUCTS.get(count)
    if found is None:
        found = _STRUCTS[count] = struct.Struct(f"{count}f")
    return found


_STRUCTS: dict[int, struct.Struct] = {}
_ONE, _TWO, _SUB = _struct(1), _struct(2), _struct(8)
_PLAYER, _HAND_ROW, _PERMANENT_ROW = _struct(PLAYER_FEATURES), _struct(HAND_FEATURES), _struct(PERMANENT_FEATURES)
_STACK_ROW, _ACTION_ROW = _struct(STACK_FEATURES), _struct(ACTION_FEATURES)
_CHOOSE = ACTION_TYPES.index("choose")
_NOTHING: set[int] = set()

__all__ = ["ACTION_FEATURES", "ACTION_TYPES", "EMPTY", "Encoder", "FIRST_CARD", "HIDDEN", "KINDS", "OTHER",
           "layout", "observation_size"]
