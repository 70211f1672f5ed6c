"""What a loaded game state must be (issue 17): the type of every field of the state, its players
and its objects, and the invariants the rules keep — each object in exactly one zone, the one its
``zone`` says, and listed there once; integer life totals; no negative counters, damage, mana or
poison; players and objects that exist where an id names them. A save that breaks one (tampered
with, or damaged) is refused with a GameStateError naming the field and the fault, before a
single rule runs on it: the rules assume all of this and would fail later with a KeyError, or
play on from a position no game can reach.

Values inside effects, abilities and choices are checked by their decoding (``serialize``: known
classes with their own fields, known card names, known zones and steps), not field by field.
"""
from __future__ import annotations

from typing import Any

from ..cards.dungeons import DUNGEONS
from ..core.enums import PLAYER_ZONES, Step, Zone
from ..core.errors import GameStateError, quote
from ..core.rng import Rng
from .game_log import GameLog
from .game_state import GameState
from .objects import MANA_TYPES, GameObject, Player

_SHARED_ZONES = (Zone.BATTLEFIELD, Zone.STACK)


def _fault(where: str, problem: str) -> GameStateError:
    return GameStateError(f"not a valid saved game: {where}: {problem}")


def _whole(value: Any) -> bool:
    return value.__class__ is int


def _count(value: Any, where: str, what: str = "a count") -> None:
    """A whole number 0 or more (counters, damage, mana, poison and the per-turn counts)."""
    if not _whole(value):
        raise _fault(where, f"{what} is a whole number, got {quote(value)}")
    if value < 0:
        raise _fault(where, f"{what} is 0 or more, got {value}")


def _flag(value: Any, where: str) -> None:
    if value.__class__ is not bool:
        raise _fault(where, f"expected true or false, got {quote(value)}")


def _text(value: Any, where: str) -> None:
    if value.__class__ is not str:
        raise _fault(where, f"expected a text, got {quote(value)}")


def _player_index(value: Any, players: int, where: str) -> None:
    if not _whole(value) or not 0 <= value < players:
        raise _fault(where, f"expected a player (0 to {players - 1}), got {quote(value)}")


def _counters(value: Any, where: str) -> None:
    if value.__class__ is not dict:
        raise _fault(where, f"expected a mapping of counters, got {quote(value)}")
    for kind, n in value.items():
        _text(kind, f"{where} (a kind of counter)")
        _count(n, f"{where}[{kind!r}]", "a number of counters (CR 122.1)")


def _ids(value: Any, where: str, kind: type = list) -> None:
    if value.__class__ is not kind or any(not _whole(i) for i in value):
        raise _fault(where, f"expected a {kind.__name__} of ids, got {quote(value)}")


def check_state(g: GameState) -> None:
    """Raises GameStateError if ``g`` (just decoded from a save) is not a state the rules keep."""
    players = g.players
    if players.__class__ is not list or not 1 <= len(players) <= 8 \
            or any(p.__class__ is not Player for p in players):
        raise _fault("base.players", f"expected a list of 1 to 8 players, got {quote(players)}")
    n = len(players)
    for i, p in enumerate(players):
        _check_player(p, i, n, f"base.players[{i}]")
    if len({p.name for p in players}) != n:
        raise _fault("base.players", "two players have the same name")
    _check_numbers(g, n)
    _check_objects(g, n)
    _check_zones(g, n)


def _check_player(p: Player, i: int, players: int, where: str) -> None:
    if p.index != i:
        raise _fault(f"{where}.index", f"player {i} says it is player {quote(p.index)}")
    _text(p.name, f"{where}.name")
    if not p.name:
        raise _fault(f"{where}.name", "a player has a name")
    if not _whole(p.life):
        raise _fault(f"{where}.life", f"a life total is a whole number (CR 119.1), got {quote(p.life)}")
    _count(p.poison, f"{where}.poison", "a number of poison counters (CR 122.1f)")
    _counters(p.counters, f"{where}.counters")
    if p.pool.__class__ is not dict or set(p.pool) != set(MANA_TYPES):
        raise _fault(f"{where}.pool", f"expected the amount of each type of mana {MANA_TYPES}, got {quote(p.pool)}")
    for kind, amount in p.pool.items():
        _count(amount, f"{where}.pool[{kind!r}]", "an amount of mana (CR 106.4)")
    for field in ("lands_played", "mulligans", "life_gained_this_turn", "life_lost_this_turn",
                  "attacked_with_this_turn", "drawn_this_turn", "lands_entered_this_turn", "died_this_turn",
                  "left_battlefield_this_turn", "spells_cast_this_turn"):
        _count(getattr(p, field), f"{where}.{field}")
    for field in ("lost", "drew_from_empty", "kept"):
        _flag(getattr(p, field), f"{where}.{field}")
    if p.cast_types_this_turn.__class__ is not tuple or len(p.cast_types_this_turn) > p.spells_cast_this_turn \
            or any(t.__class__ is not tuple or any(w.__class__ is not str for w in t) for t in p.cast_types_this_turn):
        raise _fault(f"{where}.cast_types_this_turn", "expected the card types of each spell cast this turn, got "
                     f"{quote(p.cast_types_this_turn)}")
    if p.pool_tags.__class__ is not tuple or any(t.__class__ is not tuple or len(t) != 3 or t[0] not in MANA_TYPES
                                                 for t in p.pool_tags):
        raise _fault(f"{where}.pool_tags", f"expected (mana, snow, restriction) entries, got {quote(p.pool_tags)}")
    if sum(p.pool.values()) < len(p.pool_tags):
        raise _fault(f"{where}.pool_tags", "more tagged mana than mana in the pool")
    if p.sideboard.__class__ is not tuple or any(s.__class__ is not str for s in p.sideboard):
        raise _fault(f"{where}.sideboard", f"expected card names, got {quote(p.sideboard)}")
    _ids(p.commanders, f"{where}.commanders", tuple)
    for field in ("commander_casts", "commander_damage"):
        value = getattr(p, field)
        if value.__class__ is not dict or any(not _whole(k) for k in value):
            raise _fault(f"{where}.{field}", f"expected a mapping of card ids to counts, got {quote(value)}")
        for card, count in value.items():
            _count(count, f"{where}.{field}[{card}]")


def _designations(g: GameState, players: int) -> None:
    """CR 309.3: one venture marker per player, in a room of a known dungeon; CR 309.7."""
    markers = g.dungeons
    if markers.__class__ is not tuple or any(
            m.__class__ is not tuple or len(m) != 3 or m[1] not in DUNGEONS or not _whole(m[2])
            or not 0 <= m[2] < len(DUNGEONS[m[1]]) for m in markers):
        raise _fault("base.dungeons", f"expected (player, dungeon, room) entries, got {quote(markers)}")
    for m in markers:
        _player_index(m[0], players, "base.dungeons")
    if len({m[0] for m in markers}) != len(markers):
        raise _fault("base.dungeons", "a player owns one dungeon in the command zone at most (CR 309.3)")
    if g.blessed.__class__ is not tuple or len(set(g.blessed)) != len(g.blessed):
        raise _fault("base.blessed", f"expected the players with the city's blessing, got {quote(g.blessed)}")
    for p in g.blessed:
        _player_index(p, players, "base.blessed")
    done = g.completed_dungeons
    if done.__class__ is not tuple or any(d.__class__ is not tuple or len(d) != 2 or d[1] not in DUNGEONS
                                          for d in done):
        raise _fault("base.completed_dungeons", f"expected (player, dungeon) entries, got {quote(done)}")
    for d in done:
        _player_index(d[0], players, "base.completed_dungeons")


def _land_plays(g: GameState, players: int) -> None:
    """The land plays effects gave this turn (CR 305.2a-b, ``effects.land_plays``): (turn, player,
    additional lands or None for "can't play lands") entries."""
    entries = g.land_plays
    if entries.__class__ is not tuple or any(
            e.__class__ is not tuple or len(e) != 3 or not _whole(e[0]) or e[0] < 1
            or not (e[2] is None or (_whole(e[2]) and e[2] > 0)) for e in entries):
        raise _fault("base.land_plays", f"expected (turn, player, count) entries, got {quote(entries)}")
    for e in entries:
        _player_index(e[1], players, "base.land_plays")


def _check_numbers(g: GameState, players: int) -> None:
    if not _whole(g.turn) or g.turn < 1:
        raise _fault("base.turn", f"a turn number is 1 or more, got {quote(g.turn)}")
    for field in ("active", "priority", "first_player"):
        _player_index(getattr(g, field), players, f"base.{field}")
    if g.winner is not None:
        _player_index(g.winner, players, "base.winner")
    for field in ("monarch", "initiative"):         # CR 724.3, 725.3: one player at most
        if getattr(g, field) is not None:
            _player_index(getattr(g, field), players, f"base.{field}")
    _designations(g, players)
    if g.day_night not in (None, "day", "night"):  # CR 730.1: neither, or exactly one of them
        raise _fault("base.day_night", f"expected day, night or none, got {quote(g.day_night)}")
    last = g.last_turn_spells
    if last is not None and not (last.__class__ is tuple and len(last) == 2 and last[1].__class__ is tuple
                                 and len(last[1]) == players and all(_whole(c) and c >= 0 for c in last[1])):
        raise _fault("base.last_turn_spells", f"expected (active player, spells per player), got {quote(last)}")
    if last is not None:
        _player_index(last[0], players, "base.last_turn_spells")
    _land_plays(g, players)
    for field in ("passes", "turn_cap", "next_id", "next_timestamp"):
        _count(getattr(g, field), f"base.{field}")
    for field in ("version", "settled", "starting_life"):
        if not _whole(getattr(g, field)):
            raise _fault(f"base.{field}", f"expected a whole number, got {quote(getattr(g, field))}")
    for field in ("over", "draw", "allow_unimplemented"):
        _flag(getattr(g, field), f"base.{field}")
    if g.step.__class__ is not Step:
        raise _fault("base.step", f"expected a step, got {quote(g.step)}")
    if g.rng.__class__ is not Rng:
        raise _fault("base.rng", "expected the generator's state")
    if g.log.__class__ is not GameLog or any(line.__class__ is not str for line in g.log):
        raise _fault("base.log", "expected a list of log lines")
    if g.marker.__class__ is not tuple or not g.marker or g.marker[0].__class__ is not str:
        raise _fault("base.marker", f"expected where the turn stands, such as ('priority',), got {quote(g.marker)}")
    for field, kind in (("effects", list), ("pending_triggers", list), ("delayed", list), ("damage_events", list),
                        ("events", list), ("replacement_effects", tuple), ("combat", dict), ("lki", dict),
                        ("links", dict)):
        if getattr(g, field).__class__ is not kind:
            raise _fault(f"base.{field}", f"expected a {kind.__name__}, got {quote(getattr(g, field))}")
    _ids(g.strays, "base.strays", tuple)
    if g.extra_turns.__class__ is not tuple:
        raise _fault("base.extra_turns", f"expected a tuple of players, got {quote(g.extra_turns)}")
    for p in g.extra_turns:
        _player_index(p, players, "base.extra_turns")


_OBJECT_COUNTS = ("card_id", "face", "timestamp", "x", "damage")
_OBJECT_PLAYERS = ("owner", "controller", "steady")
_OBJECT_FLAGS = ("tapped", "sick", "deathtouched", "face_down", "transformed", "token", "is_copy", "kicked",
                 "cast", "blocked")


def _check_objects(g: GameState, players: int) -> None:
    """Every object's fields (the common case checked at once, the fault named when one fails:
    a save holds a hundred objects or more)."""
    if g.objects.__class__ is not dict:
        raise _fault("base.objects", "expected a list of objects")
    top_id = top_timestamp = 0
    for oid, o in g.objects.items():
        if o.__class__ is not GameObject or not _whole(oid) or oid <= 0 or o.id != oid:
            raise _fault(f"base.objects (id {quote(oid)})", "an object has a whole-number id 1 or more, once")
        if not (all(_whole(v := getattr(o, f)) and v >= 0 for f in _OBJECT_COUNTS)
                and all(_whole(v := getattr(o, f)) and 0 <= v < players for f in _OBJECT_PLAYERS)
                and all(getattr(o, f).__class__ is bool for f in _OBJECT_FLAGS)
                and o.zone.__class__ is Zone and o.counters.__class__ is dict
                and all(k.__class__ is str and _whole(n) and n >= 0 for k, n in o.counters.items())
                and (o.card is None or o.face < len(o.card.faces))
                and (o.attached_to is None or (_whole(o.attached_to) and o.attached_to != 0 and o.attached_to >= -players))
                and (o.source_id is None or (_whole(o.source_id) and o.source_id >= 0))
                and (o.attacking is None or (_whole(o.attacking) and o.attacking != 0 and o.attacking >= -players))
                and o.blocking.__class__ is tuple and all(_whole(b) for b in o.blocking)
                and o.targets.__class__ is tuple and o.modes.__class__ is tuple and o.choices.__class__ is dict
                and o.source_name.__class__ is str):
            _object_fault(o, players, f"base.objects (id {oid})")
        if oid > top_id:
            top_id = oid
        if o.timestamp > top_timestamp:
            top_timestamp = o.timestamp
    if g.next_id <= top_id:
        raise _fault("base.next_id", f"{g.next_id} is not above every object's id (the highest is {top_id})")
    if g.next_timestamp <= top_timestamp:
        raise _fault("base.next_timestamp", f"{g.next_timestamp} is not above every object's timestamp "
                                            f"(the highest is {top_timestamp})")


def _object_fault(o: GameObject, players: int, where: str) -> None:
    """Raises the fault of an object that failed ``_check_objects``'s test, naming its field."""
    for field in ("card_id", "face", "timestamp", "x"):
        _count(getattr(o, field), f"{where}.{field}")
    _count(o.damage, f"{where}.damage", "marked damage (CR 120.3e)")
    for field in _OBJECT_PLAYERS:
        _player_index(getattr(o, field), players, f"{where}.{field}")
    if o.zone.__class__ is not Zone:
        raise _fault(f"{where}.zone", f"expected a zone, got {quote(o.zone)}")
    for field in _OBJECT_FLAGS:
        _flag(getattr(o, field), f"{where}.{field}")
    _counters(o.counters, f"{where}.counters")
    if o.card is not None and o.face >= len(o.card.faces):
        raise _fault(f"{where}.face", f"{o.card.name} has {len(o.card.faces)} face(s), not a face {o.face + 1}")
    if o.attached_to is not None and (not _whole(o.attached_to) or o.attached_to == 0 or o.attached_to < -players):
        raise _fault(f"{where}.attached_to", f"expected an object id, a player or null, got {quote(o.attached_to)}")
    # 0: an ability of no object (the monarch's, the initiative's, a dungeon room's: CR 724.2, 725.2, 309.4c)
    if o.source_id is not None and (not _whole(o.source_id) or o.source_id < 0):
        raise _fault(f"{where}.source_id", f"expected an object id, 0 or null, got {quote(o.source_id)}")
    if o.attacking is not None and (not _whole(o.attacking) or o.attacking == 0 or o.attacking < -players):
        raise _fault(f"{where}.attacking", f"expected a player or a planeswalker, got {quote(o.attacking)}")
    _ids(o.blocking, f"{where}.blocking", tuple)
    _text(o.source_name, f"{where}.source_name")
    raise _fault(where, "targets and modes are tuples, choices a mapping")


def _check_zones(g: GameState, players: int) -> None:
    """Each object listed in exactly one zone, the one its ``zone`` (and, for a player's zone, its
    ``owner``, CR 400.3) says; every id listed exists."""
    if g.zones.__class__ is not dict or set(g.zones) != {(p, z) for p in range(players) for z in PLAYER_ZONES}:
        raise _fault("base.zones", "expected each player's library, hand, graveyard, exile and command zone")
    where_is: dict[int, str] = {}
    lists: list[tuple[str, Zone, int | None, Any]] = [("the battlefield", Zone.BATTLEFIELD, None, g.battlefield),
                                                      ("the stack", Zone.STACK, None, g.stack),
                                                      ("phased out", Zone.PHASED_OUT, None, g.phased_out)]
    lists += [(f"{g.players[p].name}'s {z.value}", z, p, ids) for (p, z), ids in g.zones.items()]
    for label, zone, owner, ids in lists:
        _ids(ids, f"base: {label}")
        for oid in ids:
            if oid in where_is:
                raise _fault(f"object {oid}", f"it is in two zones: {where_is[oid]} and {label}"
                             if where_is[oid] != label else f"it is listed twice in {label}")
            where_is[oid] = label
            o = g.objects.get(oid)
            if o is None:
                raise _fault(f"base: {label}", f"no object has id {oid}")
            if o.zone is not zone:
                raise _fault(f"object {oid}", f"it is listed in {label} but its zone is {o.zone.value}")
            if owner is not None and o.owner != owner:
                raise _fault(f"object {oid}", f"it is in {label} but owned by {g.players[o.owner].name} (CR 400.3)")
    missing = [oid for oid in g.objects if oid not in where_is]
    if missing:
        raise _fault(f"object {missing[0]}", f"it is in no zone (its zone says {g.objects[missing[0]].zone.value})")
    for oid in g.battlefield:
        target = g.objects[oid].attached_to
        if target is not None and target > 0 and target not in g.objects and target not in g.lki:
            # an object that left (its last known information is kept) may still be the one it's
            # attached to in the middle of a resolution, until state-based actions unattach it
            # (CR 704.5m-n: Path to Exile's "you may search" asked after the equipped Germ left)
            raise _fault(f"object {oid}", f"it is attached to object {target}, which doesn't exist")
    cards = {o.card_id for o in g.objects.values()}
    for p in g.players:
        for card in p.commanders:
            if card not in cards:
                raise _fault(f"base.players[{p.index}].commanders", f"no card has id {card}")


def violations(g: GameState) -> list[str]:
    """What :func:`check_state` finds wrong with ``g``, as a list (empty: nothing), for the
    fuzzer (``mtgengine.fuzz``), which checks live states at random decision points: the same
    rules hold between two decisions of any game as in a save."""
    try:
        check_state(g)
    except GameStateError as exc:
        return [str(exc)]
    return []
