"""Who watches a trigger event (CR 603.2, 603.10): the permanents and graveyard cards with
triggered abilities about other objects and players, and how an event's object, player or
attack is matched against what such an ability names, from the watcher's point of view.

``effects.triggers`` reads an event and asks these for the watchers of its kind; the watchers
of permanents that left in the same events are seen as they last existed (CR 603.10a).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Iterable

from ..agents.decisions import player_of, player_ref
from ..cards.vocabulary import Filter, TriggeredAbility
from ..core.enums import Zone
from ..core.memo import identity_memo
from .events import ZoneChange
from .keyword_triggered import triggered_abilities
from .layers import characteristics, has_counter, matches, matches_characteristics, matches_keywords_and_power, permanents, printed
from .link_records import linked_matches, record

_BATTLEFIELD, _GRAVEYARD = Zone.BATTLEFIELD, Zone.GRAVEYARD


@dataclass(slots=True)
class Watcher:
    """A permanent with abilities that trigger on other objects' or players' events."""

    source_id: int          # its id now (or, if it has left, the new object it became)
    key: int                # the id it had on the battlefield (for "other")
    ch: Any                 # its characteristics (last known, if it left: CR 603.10a)
    abilities: list[TriggeredAbility]
    left: bool


def watchers_gone(g: Any, left: Iterable[ZoneChange]) -> dict[str, list[Watcher]]:
    """The permanents that left in these events, with their abilities that aren't about
    themselves (as they last existed, CR 603.10a), by trigger event, in event order."""
    gone: dict[str, list[Watcher]] = {}
    for ev in left:
        abilities = [ab for ab in triggered_abilities(ev.lki) if ab.trigger.whose != "self" and not ab.zone]
        for event in dict.fromkeys(ab.trigger.event for ab in abilities):
            gone.setdefault(event, []).append(
                Watcher(became(g, ev), ev.oid, ev.lki, [ab for ab in abilities if ab.trigger.event == event], True))
    return gone


def watchers_here(g: Any) -> dict[str, list[Watcher]]:
    """The permanents on the battlefield with abilities that aren't about themselves, by trigger
    event: for each event, in battlefield order, each permanent with its abilities that trigger
    on it (in their order). Memoized with the characteristics (``g._chars``) like
    :func:`triggering_permanents`: a trigger check or a step looks only at the permanents that
    watch its event, and most events have none."""
    cached = g._chars.get(("watchers",))
    if cached is None:
        cached = {}
        for oid, ch, all_abilities in triggering_permanents(g):
            abilities = [ab for ab in all_abilities if ab.trigger.whose != "self"]
            for event in dict.fromkeys(ab.trigger.event for ab in abilities):
                cached.setdefault(event, []).append(
                    Watcher(oid, oid, ch, [ab for ab in abilities if ab.trigger.event == event], False))
        g._chars[("watchers",)] = cached
    graveyard = _graveyard_watchers(g)
    if not graveyard:
        return cached
    merged = {event: list(ws) for event, ws in cached.items()}
    for event, ws in graveyard.items():
        merged.setdefault(event, []).extend(ws)
    return merged


def _graveyard_watchers(g: Any) -> dict[str, list[Watcher]]:
    """The cards in graveyards whose triggered abilities function there, by trigger event
    (:func:`_triggering_graveyard_cards`). Memoized by the graveyards' contents — a card put into
    a graveyard changes no permanent, so the permanents' memo may outlive it
    (``GameState.changed_off_battlefield``): each graveyard's size and its newest card (a card
    that moves is a new object with a new id, CR 400.7) say whether it changed."""
    key = tuple((len(z), z[-1] if z else 0) for z in (g.zones[(p, _GRAVEYARD)] for p in range(len(g.players))))
    cached = g._chars.get(("graveyard_watchers",))
    if cached is not None and cached[0] == key:
        return cached[1]
    found: dict[str, list[Watcher]] = {}
    for oid, ch, abilities in _triggering_graveyard_cards(g):
        for event in dict.fromkeys(ab.trigger.event for ab in abilities):
            found.setdefault(event, []).append(
                Watcher(oid, oid, ch, [ab for ab in abilities if ab.trigger.event == event], False))
    g._chars[("graveyard_watchers",)] = (key, found)
    return found


def triggering_permanents(g: Any) -> list[tuple[int, Any, tuple[TriggeredAbility, ...]]]:
    """The permanents with triggered abilities, in battlefield order, with their characteristics
    and those abilities. Memoized with the characteristics (``g._chars``, forgotten whenever the
    permanents' characteristics may change, ``GameState.changed``): most permanents have none,
    and every trigger check and step looks."""
    cached = g._chars.get(("triggering",))
    if cached is None:
        cached = [(oid, ch, abilities) for oid, ch in permanents(g).items()
                  for abilities in (_on_battlefield(triggered_abilities(ch)),) if abilities]
        g._chars[("triggering",)] = cached
    return cached


def _on_battlefield(abilities: tuple[TriggeredAbility, ...]) -> tuple[TriggeredAbility, ...]:
    """A permanent's triggered abilities but those that function only in a graveyard (CR 113.6m)."""
    return abilities if not any(ab.zone for ab in abilities) else tuple(ab for ab in abilities if not ab.zone)


def _triggering_graveyard_cards(g: Any) -> list[tuple[int, Any, tuple[TriggeredAbility, ...]]]:
    """The cards in graveyards with triggered abilities that function there (Bloodghast's landfall:
    "return ~ from your graveyard to the battlefield", CR 113.6m), by owner in seat order, with
    their characteristics (the controller of such a card is its owner, CR 108.4a, who controls
    the ability, CR 603.3a)."""
    out = []
    for p in range(len(g.players)):          # (a fixed order: the memo outlives turns)
        if g.players[p].lost:
            continue
        for oid in g.zones[(p, _GRAVEYARD)]:
            card = g.objects[oid].card
            if card is None or not _has_graveyard_triggers(card):
                continue
            ch = characteristics(g, oid)
            abilities = tuple(ab for ab in ch.script.triggered if ab.zone == "graveyard")
            if abilities:
                out.append((oid, ch, abilities))
    return out


@identity_memo
def _has_graveyard_triggers(card: Any) -> bool:
    """Whether a face of the card has a triggered ability that functions in a graveyard."""
    return any(ab.zone == "graveyard" for i in range(max(1, len(card.faces))) for ab in printed(card, i).script.triggered)


@identity_memo
def has_own_trigger(card: Any, event: str) -> bool:
    """Whether a face of the card has a triggered ability on its own ``event`` ("When ~ is put
    into a graveyard from anywhere"): most cards have none, and such events are frequent."""
    return card is not None and any(ab.trigger.event == event and ab.trigger.whose == "self"
                                    for i in range(max(1, len(card.faces))) for ab in printed(card, i).script.triggered)


def became(g: Any, ev: ZoneChange) -> int:
    """The object a permanent became after leaving (CR 603.6c: the zone it went to), else its old id."""
    return ev.new_id if ev.new_id and ev.new_id in g.objects else ev.oid


def attacks_whom(g: Any, attacked: str, attacker: int, w: Watcher) -> bool:
    """Whether the attacking creature attacks whom the trigger names (CR 508.1b): the watcher's
    controller ("you"), them or a planeswalker they control, or the player it enchants."""
    o = g.objects.get(attacker)
    target = o.attacking if o is not None else None
    if target is None:
        return False
    if attacked == "enchanted":
        return target == _enchanted_ref(g, w)
    if target == player_ref(w.ch.controller):
        return True
    return attacked == "you_or_planeswalker" and target > 0 and target in g.objects \
        and "Planeswalker" in (ch := characteristics(g, target)).types and ch.controller == w.ch.controller


def other_matches(g: Any, flt: Filter, other: int, you: int, source: int) -> bool:
    """The filter of a trigger event about a pair ("blocks a creature with flying", CR 509.3b),
    checked on the other creature, as it is or as it last existed (CR 603.10)."""
    if other in g.objects and g.objects[other].zone is _BATTLEFIELD:
        return matches(g, other, flt, you, source)
    ch = g.lki.get(other)
    return ch is not None and linked_matches(g, other, ch, flt, source) and snapshot_matches(flt, ch, you)


def whose_matches(whose: str, controller: int, player: int | None, enchanted: int | None = None) -> bool:
    """Whether the player an event or step is about is the one ``whose`` names: the watcher's
    controller, an opponent, any player, or the player it enchants or the controller of the
    permanent it enchants (``enchanted``, CR 303.4b)."""
    if player is None:
        return False
    if whose == "you":
        return player == controller
    if whose == "opponent":
        return player != controller
    if whose in ("enchanted", "enchanted_controller"):
        return player == enchanted
    return whose == "any"


def enchanted_player(g: Any, w: Watcher, whose: str) -> int | None:
    """For ``whose`` "enchanted", the player the watcher enchants ("enchanted player", CR 303.4b),
    as it last existed if it has left (CR 603.10a); for "enchanted_controller", the controller of
    the permanent it enchants ("the upkeep of enchanted creature's controller"); else None."""
    if whose == "enchanted":
        host = _enchanted_ref(g, w)
        return player_of(host) if host is not None else None
    if whose == "enchanted_controller":
        host = _enchanted_ref(g, w)
        return characteristics(g, host).controller if host is not None and host in g.objects else None
    return None


def _enchanted_ref(g: Any, w: Watcher) -> int | None:
    """What the watcher is attached to (an object, or a player reference)."""
    return w.ch.attached_to if w.left else g.objects[w.source_id].attached_to


def subject_matches(g: Any, flt: Filter, subject: int, sch: Any, w: Watcher, after: int = 0) -> bool:
    """Does the event's object match the trigger's filter, from the watcher's point of view?
    ``after``: the object a permanent that left became (a token stays a token, CR 111.8)."""
    if flt.other and subject == w.key:
        return False
    if flt.token is not None and subject not in g.objects and after in g.objects:
        # "another nontoken creature ... dies": a token that died is still a token (CR 111.7)
        if g.objects[after].token != flt.token:
            return False
    if flt.linked:
        # "When the token leaves the battlefield" (Dance of Many): the object the event is about
        # is linked to the watcher (CR 607.2c), looked at as it was
        if subject not in record(g, w.key, flt.linked):
            return False
        flt = replace(flt, linked="")
    if subject in g.objects and g.objects[subject].zone in (Zone.BATTLEFIELD, Zone.STACK):
        return matches(g, subject, replace(flt, other=False), w.ch.controller, w.key)
    if sch is None:
        return False
    # as it last existed (CR 603.10a); "of the chosen type": the watcher's choice (CR 607.2d)
    return linked_matches(g, subject, sch, flt, w.key) and snapshot_matches(flt, sch, w.ch.controller)


def snapshot_matches(flt: Filter, ch: Any, you: int) -> bool:
    """A filter checked against last known characteristics (CR 603.10a)."""
    if flt.token is not None and getattr(ch, "token", False) != flt.token:
        return False                                # "another nontoken creature" (CR 111.1)
    if flt.counter and not has_counter(getattr(ch, "counters", ()) or (), flt.counter):
        return False                                # "a creature with a +1/+1 counter on it" (CR 122.1)
    return matches_characteristics(flt, ch, ch.controller, you) and matches_keywords_and_power(flt, ch)
