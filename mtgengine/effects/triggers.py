"""Triggered abilities (CR 603): matching trigger events, putting abilities on the stack.

``check_triggers`` reads the events recorded since the last check (``g.events``, written by
``effects.primitives`` and the rules) and, for each, finds the abilities whose trigger event
(``vocabulary.Trigger``) it matches:

- the object's own abilities (``whose: self``): "When ~ enters", "Whenever ~ attacks";
- every permanent's abilities about other objects (``whose: any`` with a filter): "Whenever
  another creature enters", "Whenever a creature you control dies";
- abilities about players (``whose: you / opponent / any``): "Whenever you cast a noncreature
  spell", "Whenever you draw a card".

Leaves-the-battlefield abilities look back in time (CR 603.10a): the permanent that left
is seen as it last existed (the ``lki`` of its ZoneChange), and so are the other permanents
that left in the same events ("Whenever a creature dies" of a creature destroyed with it).
An intervening "if" (CR 603.4) is checked as the event happens and again on resolution
(``rules.resolution``); state triggers (CR 603.8) are checked at every check. "At the
beginning of" abilities trigger as their step begins (``step_triggers``, CR 603.2b), and so
do delayed triggered abilities waiting for that step (CR 603.7). Effects that make an
ability trigger additional times (CR 603.2d, Panharmonicon) apply as it triggers.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..agents.decisions import Decision, player_of, player_ref
from ..cards.vocabulary import ActivatedAbility, CastCard, DealDamage, Quantity, Ref, TargetedBy, Trigger, TriggeredAbility
from ..core.enums import Zone
from ..core.errors import IllegalActionError
from ..core.memo import identity_memo
from ..rules.context import Ctx
from ..state.objects import GameObject
from .events import (
    AttackEvent, BlockEvent, CastEvent, CountersEvent, DamageEvent, DrawEvent, LevelEvent, LifeEvent, TapEvent, TargetedEvent,
    ZoneChange,
)
from .events import ActivateEvent, DesignatedEvent, FaceUpEvent, LastCounterRemoved, UnlockEvent
from .cast_keywords import madness_trigger
from .counts import count
from . import designations, speed
from .keyword_triggered import triggered_abilities
from .layers import characteristics, matches, printed
from . import rules_interface
from .sagas import LORE, chapters_reached, sagas_of
from .trigger_watchers import (Watcher, attacks_whom, became, enchanted_player, has_own_trigger, other_matches,
                               snapshot_matches,
                               subject_matches, triggering_permanents, watchers_gone, watchers_here, whose_matches)
from .trigger_conditions import condition_holds  # noqa: F401  (re-exported: read by the rules and the effects)


#: Zones as module constants: reading a member off the Zone class costs several times a
#: global's in CPython 3.11 (``EnumType`` defines ``__getattr__``); the trigger check reads them often.
_BATTLEFIELD, _EXILE, _GRAVEYARD, _HAND, _STACK = Zone.BATTLEFIELD, Zone.EXILE, Zone.GRAVEYARD, Zone.HAND, Zone.STACK


@dataclass(frozen=True, slots=True)
class PendingTrigger:
    """A triggered ability waiting to be put on the stack (CR 603.3)."""

    controller: int
    source_id: int
    source_name: str
    ability: TriggeredAbility
    order: int        # when it triggered, for a canonical order
    subject: int = 0                   # the object the trigger refers to ("triggering")
    remembered: tuple[int, ...] = ()   # the objects a delayed triggered ability refers to (CR 603.7c)
    kicked: bool = False               # its source was kicked ("if it was kicked", CR 702.33d)
    amount: int = 0                    # how much damage or life the trigger event was ("that much")
    link_source: int = 0               # whose linked-ability records it uses (CR 607; effects.links)
    affected: int = 0                  # the player or object the event was done to ("that player")

    def to_json(self) -> dict[str, object]:
        return {"controller": self.controller, "source_id": self.source_id,
                "source_name": self.source_name, "ability": self.ability.text}


@dataclass(frozen=True, slots=True)
class DelayedTrigger:
    """A delayed triggered ability waiting for its event (CR 603.7), in ``g.delayed``."""

    controller: int
    source_id: int
    source_name: str
    ability: TriggeredAbility
    remembered: tuple[int, ...] = ()
    created_turn: int = 0
    also: tuple[str, ...] = ()         # more trigger events (of its source, ``whose`` "self")


#: Trigger events about a player (``whose`` is you / opponent / any, compared with the player).
PLAYER_EVENTS = frozenset({"cast", "draw", "gain_life", "activate", "draw_first", "attacks_alone", "draw_second",
                           "you_attack", "discard", "cycle", "play_land"})
#: "At the beginning of" events, by the step that begins (CR 603.2b).
STEP_EVENTS = frozenset({"upkeep", "draw_step", "beginning_of_combat", "end_of_combat", "end_step", "postcombat_main"})
#: Leaves-the-battlefield trigger events: they look back in time (CR 603.10a).
_LEAVES_EVENTS = frozenset({"leaves", "dies", "sacrificed"})
#: Trigger events about an object.
OBJECT_EVENTS = frozenset({"enters", "leaves", "dies", "sacrificed", "attacks", "blocks", "becomes_blocked", "deals_damage",
                           "deals_combat_damage", "combat_damage_player", "combat_damage_creature",
                           "combat_damage_player_or_planeswalker", "leaves_graveyard", "becomes_tapped", "becomes_untapped", "damage_player",
                           "damage_opponent", "damage_creature", "dealt_damage", "blocks_creature",
                           "blocked_by_creature", "cast_targeting", "turned_face_up", "put_into_graveyard"})


#: Damage trigger events that count only combat damage, and those that count only the damage
#: dealt to the one player or creature they name ("that much", CR 603.2c).
_COMBAT_DAMAGE_EVENTS = frozenset({"deals_combat_damage", "combat_damage_player", "combat_damage_creature",
                                   "combat_damage_player_or_planeswalker"})
#: The trigger events of damage dealt (``_match_events``).
_DAMAGE_EVENTS = frozenset({"deals_damage", "deals_combat_damage", "combat_damage_player", "combat_damage_creature",
                            "combat_damage_player_or_planeswalker", "damage_player", "damage_opponent", "damage_creature"})
_DAMAGE_TO_ONE_EVENTS = frozenset({"combat_damage_player", "combat_damage_creature", "damage_player",
                                   "combat_damage_player_or_planeswalker",
                                   "damage_opponent", "damage_creature", "dealt_damage", "blocks_creature",
                           "blocked_by_creature", "cast_targeting"})


def _was_creature(g: Any, oid: int, kind: str = "Creature") -> bool:
    """Whether the object dealt damage is (or, if it has left, was) a creature, or of card type
    ``kind`` (CR 603.10a)."""
    ch = characteristics(g, oid) if oid in g.objects else g.lki.get(oid)
    return ch is not None and kind in ch.types



# -- matching events ----------------------------------------------------------------------------
def check_triggers(ctx: Ctx) -> None:
    """CR 603.2: looks at each event since the last check for abilities that trigger on it,
    then at state triggers (CR 603.8)."""
    g = ctx.g
    events = g.events
    if events:
        g.events = []
        _match_events(ctx, events)
    watching = g._chars.get(("state_triggers",))        # ``_state_watchers``' memo, read here
    if watching is None:
        watching = _state_watchers(g)
    if watching:
        _state_triggers(ctx)


def _match_events(ctx: Ctx, events: list[Any]) -> None:
    g = ctx.g
    left = None
    for ev in events:
        if ev.__class__ is ZoneChange and ev.from_zone is _BATTLEFIELD and ev.lki is not None:
            if left is None:
                left = [ev]
            else:
                left.append(ev)
    here = watchers_here(g)
    gone = watchers_gone(g, left) if left is not None else {}
    blocked: set[int] = set()
    attacked_with: set[int] = set()             # ("you_attack": once per player, CR 508.3d)
    dealt_to: set[int] = set()                  # ("dealt_damage": once per object per event, CR 603.2c)
    dealt: set[tuple[str, tuple[int, ...]]] = set()
    damage_watched: bool | None = None          # a watcher of a damage event (when first needed)

    for ev in events:
        cls = ev.__class__                  # the event types (effects.events) have no subclasses
        if cls is ZoneChange:
            if ev.to_zone is _EXILE and ev.cause == "discard" and ev.from_zone is _HAND \
                    and (madness := madness_trigger(g, ev)) is not None:
                _add(ctx, ev.to_player, ev.new_id, characteristics(g, ev.new_id).name, madness)   # CR 702.35a
            if ev.cause == "discard" and ev.from_zone is _HAND and "discard" in here and ev.new_id in g.objects:
                # CR 701.9a: "Whenever a player discards a card", once per card (CR 603.2c), the
                # card as it is where it went (a madness card is discarded too, CR 702.35a)
                _occur(ctx, here, gone, "discard", ev.new_id, characteristics(g, ev.new_id), ev.to_player)
            if ev.to_zone is _BATTLEFIELD and ev.new_id:
                # CR 603.6a; if it has already left again, as it last existed there (CR 603.10)
                sch = characteristics(g, ev.new_id) if ev.new_id in g.objects else g.lki.get(ev.new_id)
                if sch is not None and ("enters" in here or g.delayed or triggered_abilities(sch)):
                    _occur(ctx, here, gone, "enters", ev.new_id, sch)     # (else nothing triggers: ``_occur``)
                if ev.cause == "play" and sch is not None and "play_land" in here:
                    # CR 305.1: "Whenever you play a land": the special action, by the land's controller
                    _occur(ctx, here, gone, "play_land", ev.new_id, sch, sch.controller)
            elif ev.from_zone is _BATTLEFIELD and ev.lki is not None:
                # CR 603.10a: leaves-the-battlefield abilities look back in time.
                after = became(g, ev)
                _occur(ctx, here, gone, "leaves", ev.oid, ev.lki, source_after=after)
                if ev.to_zone is _GRAVEYARD:
                    _occur(ctx, here, gone, "dies", ev.oid, ev.lki, source_after=after)       # CR 700.4
                if ev.cause == "sacrifice":
                    # CR 701.21a: "Whenever you sacrifice a Treasure", once per permanent sacrificed;
                    # its controller, as it last existed, is who sacrificed it
                    _occur(ctx, here, gone, "sacrificed", ev.oid, ev.lki, source_after=after)
            if ev.to_zone is _GRAVEYARD and ev.new_id in g.objects \
                    and has_own_trigger(g.objects[ev.new_id].card, "put_into_graveyard"):
                # "When ~ is put into a graveyard from anywhere" (Emrakul): the card's ability, in
                # the graveyard it went to, controlled by its owner (CR 603.2, 603.3a)
                _occur(ctx, here, gone, "put_into_graveyard", ev.new_id, characteristics(g, ev.new_id))
            if ev.from_zone is _GRAVEYARD and ev.lki is not None:
                # "Whenever an instant or sorcery card leaves your graveyard" (Murktide Regent)
                _occur(ctx, here, gone, "leaves_graveyard", ev.oid, ev.lki, source_after=became(g, ev))
        elif cls is CastEvent:
            if ev.oid in g.objects:
                # CR 113.6k: "When you cast this spell" triggers from the stack, as it is cast
                spell_ch = characteristics(g, ev.oid)
                for ab in triggered_abilities(spell_ch):
                    if ab.trigger.event == "cast" and ab.trigger.whose == "self":
                        # "that much": the spells cast before it this turn (storm, CR 702.40a)
                        _add(ctx, spell_ch.controller, ev.oid, spell_ch.name, ab, subject=ev.oid, amount=ev.nth - 1)
                if "cast" in here or g.delayed:      # (else nothing watches it: see ``_occur``)
                    _occur(ctx, here, gone, "cast", ev.oid, None, ev.player, nth=ev.own_nth)   # CR 601.2i
                _cast_targeting(ctx, ev)
        elif cls is ActivateEvent:
            if ev.oid in g.objects and ("activate" in here or g.delayed):
                # CR 602.2 (issue 7: Unbound Flourishing)
                _occur(ctx, here, gone, "activate", ev.oid, None, ev.player)
            ability = g.objects[ev.oid].ability if ev.oid in g.objects else None
            if isinstance(ability, ActivatedAbility) and ability.cycling:
                _cycled(ctx, here, gone, g.objects[ev.oid].source_id, ev.player, events)
        elif cls is TapEvent:
            if ev.oid in g.objects:                 # CR 701.26a-b: "whenever ~ becomes tapped / untapped"
                event = "becomes_tapped" if ev.tapped else "becomes_untapped"
                sch = characteristics(g, ev.oid)
                if event in here or g.delayed or triggered_abilities(sch):    # (else nothing triggers)
                    _occur(ctx, here, gone, event, ev.oid, sch)
        elif cls is FaceUpEvent:
            if ev.oid in g.objects:                 # CR 708.8: as it is now, face up, with its abilities
                sch = characteristics(g, ev.oid)
                if "turned_face_up" in here or g.delayed or triggered_abilities(sch):    # (else nothing triggers)
                    _occur(ctx, here, gone, "turned_face_up", ev.oid, sch)
        elif cls is AttackEvent:
            if ev.oid in g.objects:
                ach = characteristics(g, ev.oid)
                if "attacks" in here or g.delayed or triggered_abilities(ach):    # (else nothing triggers)
                    _occur(ctx, here, gone, "attacks", ev.oid, ach)
                if ("attacks_alone" in here or triggered_abilities(ach)) \
                        and sum(e.__class__ is AttackEvent for e in events) == 1:
                    # CR 506.5: exalted (702.83a), "Whenever ~ attacks alone"
                    _occur(ctx, here, gone, "attacks_alone", ev.oid, ach, ach.controller)
                if "you_attack" in here and ev.oid not in attacked_with:
                    # CR 508.3d: "Whenever you attack": once per player whose creatures were declared
                    # as attackers; "that much": how many ("with three or more creatures")
                    attackers = [e.oid for e in events if e.__class__ is AttackEvent and e.oid in g.objects
                                 and characteristics(g, e.oid).controller == ach.controller]
                    attacked_with.update(attackers)
                    _occur(ctx, here, gone, "you_attack", ev.oid, None, ach.controller, amount=len(attackers))
        elif cls is BlockEvent:
            if ev.blocker in g.objects:
                _occur(ctx, here, gone, "blocks", ev.blocker, characteristics(g, ev.blocker))
                if ev.attacker in g.objects:
                    # CR 509.3b, 509.3d: "blocks a creature" once per creature it blocks, "becomes
                    # blocked by a creature" once per creature blocking it; "that creature": the other
                    _occur(ctx, here, gone, "blocks_creature", ev.blocker, characteristics(g, ev.blocker),
                           affected=ev.attacker)
                    _occur(ctx, here, gone, "blocked_by_creature", ev.attacker, characteristics(g, ev.attacker),
                           affected=ev.blocker)
            if ev.attacker in g.objects and ev.attacker not in blocked:
                blocked.add(ev.attacker)                                     # CR 509.3c: once
                _occur(ctx, here, gone, "becomes_blocked", ev.attacker, characteristics(g, ev.attacker))
            if ev.attacker in g.objects and ev.blocker in g.objects and "flanking" in (
                    ach := characteristics(g, ev.attacker)).keywords \
                    and "flanking" not in characteristics(g, ev.blocker).keywords:
                for ab in triggered_abilities(ach):       # CR 702.25a: once per such blocker
                    if ab.trigger.event == "flanked":
                        _add(ctx, ach.controller, ev.attacker, ach.name, ab, subject=ev.blocker)
        elif cls is DamageEvent:
            # Damage dealt at once (all combat damage of a step, CR 510.2; one instruction's
            # damage) is one event for "whenever ~ deals damage" (CR 603.2c): once per source
            # per check, and once per player it damaged for "deals combat damage to a player".
            if ev.target > 0 and ev.target not in dealt_to:
                _dealt_damage(ctx, here, gone, ev, events)
                dealt_to.add(ev.target)
            if ev.source in g.objects:
                sch = characteristics(g, ev.source)
                if damage_watched is None:     # (the watchers don't change during the check)
                    damage_watched = not _DAMAGE_EVENTS.isdisjoint(here) or not _DAMAGE_EVENTS.isdisjoint(gone)
                if not (damage_watched or g.delayed or triggered_abilities(sch)):
                    continue            # nothing could trigger on it (``_wanted`` for each of its events)
                for event, key in (("deals_damage", (ev.source,)),
                                   ("deals_combat_damage", (ev.source,) if ev.combat else None),
                                   ("combat_damage_player", (ev.source, ev.target) if ev.combat and ev.target < 0
                                    else None),
                                   ("combat_damage_creature", (ev.source, ev.target) if ev.combat and ev.target > 0
                                    else None),
                                   ("combat_damage_player_or_planeswalker", (ev.source, ev.target) if ev.combat and (
                                       ev.target < 0 or _was_creature(g, ev.target, "Planeswalker")) else None),
                                   ("damage_player", (ev.source, ev.target) if ev.target < 0 else None),
                                   ("damage_opponent", (ev.source, ev.target) if ev.target < 0
                                    and player_of(ev.target) != sch.controller else None),
                                   ("damage_creature", (ev.source, ev.target) if ev.target > 0
                                    and _was_creature(g, ev.target) else None)):
                    if key is not None and (event, key) not in dealt:
                        dealt.add((event, key))
                        if not _wanted(g, here, gone, event, ev.source, sch):
                            continue
                        # "that much": all the damage this source dealt in this event (CR 603.2c)
                        total = sum(d.amount for d in events if isinstance(d, DamageEvent) and d.source == ev.source
                                    and (d.combat or event not in _COMBAT_DAMAGE_EVENTS)
                                    and (d.target == ev.target or event not in _DAMAGE_TO_ONE_EVENTS))
                        # "that player" / "that creature": what it was dealt to
                        _occur(ctx, here, gone, event, ev.source, sch, amount=total,
                               affected=key[1] if len(key) > 1 else 0)
        elif cls is TargetedEvent:
            if ev.oid in g.objects:
                _becomes_target(ctx, here, ev)
        elif cls is DrawEvent:
            if "draw" in here:                      # (a player's event: only watchers see it)
                for _ in range(getattr(ev, "count", 1)):
                    _occur(ctx, here, gone, "draw", player=ev.player)   # once per card drawn
            if ev.nth == 2 and "draw_second" in here:
                _occur(ctx, here, gone, "draw_second", player=ev.player)   # "your second card each turn"
            if ev.nth == 1 and ev.card in g.objects:
                # "the first card you draw each turn" (Rowen; miracle, CR 702.94a): about that card
                sch = characteristics(g, ev.card)
                if "draw_first" in here or g.delayed or triggered_abilities(sch):    # (else nothing triggers)
                    _occur(ctx, here, gone, "draw_first", ev.card, sch, ev.player)
                if characteristics(g, ev.card).script.miracle and g.objects[ev.card].zone is _HAND:
                    miracle(ctx, ev.card)                 # CR 702.94a: reveal it as it is drawn
        elif cls is LevelEvent:
            if ev.oid in g.objects:
                # CR 716.2a: "When this Class becomes level N" (an ability its level N grants)
                sch = characteristics(g, ev.oid)
                for ab in triggered_abilities(sch):
                    if ab.trigger.event == "class_level" and ab.trigger.number == ev.level:
                        _add(ctx, sch.controller, ev.oid, sch.name, ab, subject=ev.oid)
        elif cls is UnlockEvent:
            o = g.objects.get(ev.oid)
            if o is not None and o.card is not None and ev.half < len(o.card.faces):
                # CR 709.5h: "When you unlock this door": the ability of the half unlocked
                sch = characteristics(g, ev.oid)
                door = printed(o.card, ev.half).script.triggered
                for ab in triggered_abilities(sch):
                    if ab.trigger.event == "unlock_door" and any(ab is d for d in door):
                        _add(ctx, sch.controller, ev.oid, sch.name, ab, subject=ev.oid)
        elif cls is DesignatedEvent:
            _own_event(ctx, ev.oid, "becomes_" + ev.designation)        # "When ~ becomes monstrous" (CR 701.37b)
        elif cls is LastCounterRemoved:
            # "When the last time counter is removed from this permanent" (CR 702.63a)
            _own_event(ctx, ev.oid, "last_counter_removed:" + ev.kind)
        elif cls is CountersEvent:
            if ev.kind == LORE and ev.oid in g.objects:
                # CR 714.2b: a Saga's chapter abilities whose number the lore counters reached
                sch = characteristics(g, ev.oid)
                for ab in chapters_reached(g, ev.oid, ev.before, ev.before + ev.amount):
                    _add(ctx, sch.controller, ev.oid, sch.name, ab, subject=ev.oid, cause=("chapter", ev.oid, sch))
        elif cls is LifeEvent and ev.amount > 0 and "gain_life" in here:
            # CR 119.9: once per life-gain event
            _occur(ctx, here, gone, "gain_life", player=ev.player, amount=ev.amount)
    for controller, name, ab, affected in designations.damage_abilities(g, events):
        _add(ctx, controller, 0, name, ab, affected=affected)        # CR 724.2, 725.2
    if g.speeds:
        for controller, name, ab, _ in speed.speed_abilities(g, events):
            if condition_holds(g, ab.condition, controller, 0):
                speed.mark_triggered(g, controller)                    # CR 702.179d: once each turn
            _add(ctx, controller, 0, name, ab)


def _dealt_damage(ctx: Ctx, here: dict[str, list[Watcher]], gone: dict[str, list[Watcher]], ev: DamageEvent,
                  events: list[Any]) -> None:
    """ "Whenever ~ is dealt damage" (CR 120.3): damage dealt at once to one object is one event,
    whatever its sources (CR 603.2c); "that much" is all of it. The object as the damage left it,
    or as it last existed if it has since left (damage dealt as it was on the battlefield)."""
    g = ctx.g
    sch = characteristics(g, ev.target) if ev.target in g.objects else g.lki.get(ev.target)
    if sch is None or not _wanted(g, here, gone, "dealt_damage", ev.target, sch):
        return
    total = sum(d.amount for d in events if d.__class__ is DamageEvent and d.target == ev.target)
    _occur(ctx, here, gone, "dealt_damage", ev.target, sch, amount=total, affected=ev.source)


def _cycled(ctx: Ctx, here: dict[str, list[Watcher]], gone: dict[str, list[Watcher]], card: int, player: int,
            events: list[Any]) -> None:
    """CR 702.29a, 702.29c: a player cycled a card ("Whenever you cycle a card"); "When you cycle
    this card" triggers from the zone the card went to as its cycling cost discarded it."""
    if "cycle" in here:
        _occur(ctx, here, gone, "cycle", card, None, player)
    g = ctx.g
    moved = next((e.new_id for e in events if e.__class__ is ZoneChange and e.oid == card and e.cause == "discard"), 0)
    if moved in g.objects:
        ch = characteristics(g, moved)
        for ab in triggered_abilities(ch):
            if ab.trigger.event == "cycled":
                _add(ctx, player, moved, ch.name, ab, subject=moved)


def _cast_targeting(ctx: Ctx, ev: CastEvent) -> None:
    """Heroic: "Whenever you cast a spell that targets ~" (CR 601.2i, 115.1): the abilities of each
    permanent the spell targets as it becomes cast, if the spell matches the trigger's filter
    (who cast it among the rest); the ability refers to that spell ("triggering")."""
    g = ctx.g
    spell = g.objects.get(ev.oid)
    if spell is None or not spell.targets:
        return
    seen: set[int] = set()
    for oid in spell.targets:
        if not isinstance(oid, int) or oid < 0 or oid in seen or oid not in g.objects \
                or g.objects[oid].zone is not _BATTLEFIELD:
            continue
        seen.add(oid)               # a spell targeting it twice is one event (CR 603.2c)
        tch = characteristics(g, oid)
        for ab in triggered_abilities(tch):
            t = ab.trigger
            if t.event == "cast_targeting" and t.whose == "self" and (
                    t.filter is None or matches(g, ev.oid, t.filter, tch.controller, oid)):
                _add(ctx, tch.controller, oid, tch.name, ab, subject=ev.oid, affected=player_ref(ev.player))


def _wanted(g: Any, here: dict[str, list[Watcher]], gone: dict[str, list[Watcher]], event: str, subject: int,
            sch: Any) -> bool:
    """Whether anything could trigger on the event: a watcher of its kind, an ability of
    the object's own about it, or a delayed triggered ability waiting for its source."""
    return (event in here or event in gone or bool(g.delayed and subject)
            or (sch is not None and any(ab.trigger.event == event and ab.trigger.whose == "self"
                                        for ab in triggered_abilities(sch))))


def _occur(ctx: Ctx, here: dict[str, list[Watcher]], gone: dict[str, list[Watcher]], event: str, subject: int = 0,
           sch: Any = None, player: int | None = None, source_after: int = 0, amount: int = 0,
           affected: int = 0, nth: int = 0) -> None:
    """An event of ``_match_events`` happens: the abilities that trigger on it trigger (``here``
    and ``gone``: the watchers on the battlefield and those that left, by trigger event)."""
    g = ctx.g
    if sch is not None:
        # the object's own abilities (for leaves-the-battlefield ones, as it last existed)
        for ab in triggered_abilities(sch):
            if ab.trigger.event == event and ab.trigger.whose == "self" and (
                    ab.trigger.filter is None or other_matches(g, ab.trigger.filter, affected, sch.controller, subject)):
                _add(ctx, sch.controller, source_after or subject, sch.name, ab, subject=source_after or subject,
                     cause=(event, subject, sch), amount=amount, link_source=subject, affected=affected)
    if g.delayed and subject:
        # CR 603.7b: a delayed triggered ability waiting for an event of its source
        # ("When ~ leaves the battlefield or becomes untapped") triggers once, then is gone
        fired = [d for d in g.delayed if d.ability.trigger.whose == "self" and d.source_id == subject
                 and event in (d.ability.trigger.event,) + d.also]
        if fired:
            g.delayed = [d for d in g.delayed if d not in fired]
            for d in fired:
                _add(ctx, d.controller, d.source_id, d.source_name, d.ability, remembered=d.remembered)
    if event in PLAYER_EVENTS and player is not None and not affected:
        affected = player_ref(player)        # "Whenever a player casts a spell, ~ deals 2 damage to that player"
    looking = here.get(event, [])
    if event in _LEAVES_EVENTS and event in gone:
        looking = looking + gone[event]
    for w in looking:
        for ab in w.abilities:                  # those that trigger on this event
            t = ab.trigger
            if event in PLAYER_EVENTS:
                if not whose_matches(t.whose, w.ch.controller, player, enchanted_player(g, w, t.whose)):
                    continue
                if t.number and event == "cast" and nth != t.number:
                    continue                # "Whenever you cast your second spell each turn"
                if t.number and event == "you_attack" and amount < t.number:
                    continue                # "Whenever you attack with three or more creatures"
                if t.filter is not None and not subject_matches(g, t.filter, subject, sch, w):
                    continue
            elif t.whose in ("enchanted", "equipped"):
                # issue 7: "Whenever enchanted creature deals combat damage to a player"
                # (Celestial Mantle): the object the watcher is attached to
                # (one that left too looks back to what it was attached to, CR 603.10a: Squee's
                # Embrace goes to the graveyard after the creature it enchanted dies, CR 704.5m)
                src = g.objects.get(w.source_id)
                attached = w.ch.attached_to if w.left else src.attached_to if src is not None else None
                if attached is None or attached != subject:
                    continue
            elif t.whose != "any" or (t.filter is not None
                                      and not subject_matches(g, t.filter, subject, sch, w, source_after)):
                continue
            if t.attacked and not attacks_whom(g, t.attacked, subject, w):
                continue
            if t.damaged_by_source and not any(tuple(e[:3]) == (g.turn, w.key, subject) for e in g.damage_events):
                continue                            # Sengir Vampire: dealt damage by it this turn
            _add(ctx, w.ch.controller, w.source_id, w.ch.name, ab, subject=source_after or subject,
                 cause=(event, subject, sch), amount=amount, link_source=w.key, affected=affected)


def _becomes_target(ctx: Ctx, here: dict[str, list[Watcher]], ev: TargetedEvent) -> None:
    """CR 115.1, 603.2: an object became the target of a spell or ability (``ev.by``). Its own
    "Whenever ~ becomes the target of ..." and the watchers' "Whenever a creature you control /
    enchanted creature becomes the target of ..." trigger if the spell or ability is what the
    trigger names; the ability refers to that spell or ability ("triggering") and to the object
    ("affected"). Ward (CR 702.21a) triggers only for a permanent, by an opponent's."""
    g = ctx.g
    tch = characteristics(g, ev.oid)
    by = g.objects.get(ev.by)
    if by is None or by.zone is not _STACK:
        return
    for ab in triggered_abilities(tch):
        t = ab.trigger
        if t.whose != "self":
            continue
        if (t.event == "becomes_target" and _targeted_by(g, t.targeted_by, by, ev, tch.controller)) or (
                t.event == "ward" and by.controller != tch.controller and g.objects[ev.oid].zone is _BATTLEFIELD):
            _add(ctx, tch.controller, ev.oid, tch.name, ab, subject=ev.by, affected=ev.oid)
    for w in here.get("becomes_target", ()):
        for ab in w.abilities:
            t = ab.trigger
            if t.whose in ("enchanted", "equipped"):
                src = g.objects.get(w.source_id)
                if src is None or src.attached_to != ev.oid:
                    continue
            elif t.whose != "any" or (t.filter is not None and not subject_matches(g, t.filter, ev.oid, tch, w)):
                continue
            if _targeted_by(g, t.targeted_by, by, ev, w.ch.controller):
                _add(ctx, w.ch.controller, w.source_id, w.ch.name, ab, subject=ev.by, affected=ev.oid)


def _targeted_by(g: Any, spec: TargetedBy | None, by: Any, ev: TargetedEvent, you: int) -> bool:
    """Whether the spell or ability ``by`` is what a "becomes the target" trigger names."""
    if spec is None:
        return True
    if not (spec.ability if by.ability is not None else spec.spell):
        return False
    if spec.controller and (by.controller == you) != (spec.controller == "you"):
        return False
    if spec.first_each_turn and not (ev.first_by if spec.controller == "you" else ev.first):
        return False
    return spec.filter is None or (by.ability is None and matches(g, by.id, spec.filter, you))


def _extra_times(ctx: Ctx, source_id: int, controller: int, cause: tuple[str, int, Any] | None) -> int:
    """CR 603.2d: how many additional times an ability triggers (Panharmonicon: an artifact or
    creature entering triggers abilities of permanents its controller controls once more)."""
    if cause is None:
        return 0
    g = ctx.g
    event, subject, sch = cause
    if source_id not in g.objects or (g.objects[source_id].zone is not Zone.BATTLEFIELD
                                      and event not in _LEAVES_EVENTS):
        # "a triggered ability of a permanent"; a leaves-the-battlefield ability looks back in
        # time (CR 603.10a): its source was a permanent (issue 7: Drivnod and a creature's own
        # "when this dies")
        return 0
    extra = 0
    for oid in g.battlefield:
        ch = characteristics(g, oid)
        for et in ch.script.extra_triggers:
            if et.event != event or (et.controller == "you" and controller != ch.controller):
                continue
            if et.cause is not None:
                if subject in g.objects and g.objects[subject].zone is Zone.BATTLEFIELD:
                    if not matches(g, subject, et.cause, ch.controller):
                        continue
                elif sch is None or not snapshot_matches(et.cause, sch, ch.controller):
                    continue
            extra += et.times
    return extra



def _own_event(ctx: Ctx, oid: int, event: str) -> None:
    """The triggered abilities of ``oid`` itself waiting for ``event``, an event only it has."""
    g = ctx.g
    if oid in g.objects:
        sch = characteristics(g, oid)
        for ab in triggered_abilities(sch):
            if ab.trigger.event == event:
                _add(ctx, sch.controller, oid, sch.name, ab, subject=oid)


def _add(ctx: Ctx, controller: int, source_id: int, name: str, ab: TriggeredAbility, *, subject: int = 0,
         remembered: tuple[int, ...] = (), cause: tuple[str, int, Any] | None = None, amount: int = 0,
         link_source: int = 0, affected: int = 0) -> None:
    g = ctx.g
    src = g.objects.get(source_id)
    kicked = bool(src is not None and src.kicked)
    if ab.condition is not None and ab.trigger.event != "state" \
            and not condition_holds(g, ab.condition, controller, link_source or source_id, kicked, subject):
        ctx.log("603.4", f"{name}'s ability doesn't trigger: its condition is false ({ab.text})")
        return
    times = 1 + _extra_times(ctx, source_id, controller, cause)
    for i in range(times):
        g.pending_triggers.append(PendingTrigger(controller, source_id, name, ab, len(g.pending_triggers),
                                                 subject, remembered, kicked, amount, link_source, affected))
        if i == 0:
            ctx.log("603.2", f"{name}'s ability triggers: {ab.text}")
        else:
            ctx.log("603.2d", f"{name}'s ability triggers an additional time")


@identity_memo
def _state_abilities(script: Any) -> tuple[TriggeredAbility, ...]:
    """A script's state-triggered abilities (memoized: scripts are shared, immutable values)."""
    return tuple(ab for ab in script.triggered if ab.trigger.event == "state" and ab.condition)


def _state_watchers(g: Any) -> list[tuple[int, Any, tuple[TriggeredAbility, ...]]]:
    """The permanents with state-triggered abilities, with those abilities; memoized with the
    characteristics, like :func:`triggering_permanents`."""
    watching = g._chars.get(("state_triggers",))
    if watching is None:
        watching = [(oid, ch, abilities) for oid, ch, _ in triggering_permanents(g)
                    for abilities in (_state_abilities(ch.script),) if abilities]
        g._chars[("state_triggers",)] = watching
    return watching


def _state_triggers(ctx: Ctx) -> None:
    """CR 603.8: a state trigger triggers when its state is true, and not again while it is
    waiting or on the stack."""
    g = ctx.g
    for oid, ch, abilities in _state_watchers(g):
        for ab in abilities:
            if any(t.source_id == oid and t.ability == ab for t in g.pending_triggers):
                continue
            if any(g.objects[s].source_id == oid and g.objects[s].ability == ab for s in g.stack):
                continue
            if condition_holds(g, ab.condition, ch.controller, oid):
                _add(ctx, ch.controller, oid, ch.name, ab)


# -- steps and delayed triggers -------------------------------------------------------------------
def step_triggers(ctx: Ctx, event: str) -> None:
    """CR 603.2b: as a step begins, its "at the beginning of" abilities trigger ("upkeep",
    "draw_step", "beginning_of_combat", "end_step"), and delayed triggered abilities waiting
    for it trigger once (CR 603.7b)."""
    g = ctx.g
    for controller, name, ab, _ in designations.step_abilities(g, event):
        _add(ctx, controller, 0, name, ab)                           # CR 724.2, 725.2
    for w in watchers_here(g).get(event, ()):
        for ab in w.abilities:
            if whose_matches(ab.trigger.whose, w.ch.controller, g.active, enchanted_player(g, w, ab.trigger.whose)):
                # "At the beginning of each player's draw step, that player ...": the active player
                whose_step = player_ref(g.active) if ab.trigger.whose in ("any", "opponent", "enchanted",
                                                                         "enchanted_controller") else 0
                _add(ctx, w.ch.controller, w.source_id, w.ch.name, ab, affected=whose_step)
    if not g.delayed:
        return
    fired = [d for d in g.delayed if d.ability.trigger.event == event
             and whose_matches(d.ability.trigger.whose, d.controller, g.active)]
    if fired:
        g.delayed = [d for d in g.delayed if d not in fired]
        for d in fired:
            _add(ctx, d.controller, d.source_id, d.source_name, d.ability, remembered=d.remembered)


def step_may_trigger(g: Any, event: str) -> bool:
    """Whether :func:`step_triggers` for ``event`` may trigger anything (else it changes nothing):
    a permanent watches the event, or a delayed triggered ability waits for it. The precombat main
    phase also puts lore counters on Sagas as it begins (CR 714.3b), which may trigger chapters."""
    here = watchers_here(g)
    if event in here or (event == "precombat_main" and sagas_of(g, g.active)) or designations.step_may_trigger(g, event):
        return True
    if g.delayed:
        for d in g.delayed:
            if d.ability.trigger.event == event:
                return True
    return False


def draw_may_trigger(g: Any, card: int) -> bool:
    """Whether the draw step's draw of ``card`` (the top card of the active player's library)
    may trigger anything, as the step begins or at the next check (else the trigger checks up
    to the next priority put nothing on the stack and ask nothing): an "at the beginning of the
    draw step" ability or a delayed one waiting for it (CR 603.2b, 603.7b), an ability watching
    draws ("draw", "draw_first", "draw_second"), a delayed ability of the card itself, the card's own "when you
    draw it" abilities or miracle (CR 702.94a), or a state trigger (CR 603.8: checked at every
    check, its state may read the hand). Moving a card from the library to the hand triggers
    nothing else (``_match_events``)."""
    here = watchers_here(g)
    if "draw" in here or "draw_first" in here or "draw_second" in here or "draw_step" in here or _state_watchers(g):
        return True
    for d in g.delayed:
        if d.source_id == card or d.ability.trigger.event == "draw_step":     # (``step_may_trigger``)
            return True
    ch = characteristics(g, card)
    if ch.script.miracle:
        return True
    for ab in triggered_abilities(ch):
        if ab.trigger.event == "draw_first":
            return True
    return False


def create_reflexive(ctx: Ctx, controller: int, source_id: int, source_name: str, ability: TriggeredAbility, *,
                     subject: int = 0, remembered: tuple[int, ...] = (), link_source: int = 0,
                     affected: int = 0) -> None:
    """CR 603.12: a reflexive triggered ability ("When you do, ...") triggers at once, as its
    action was taken during the resolution that created it; like a delayed triggered ability
    its source and controller are those of that spell or ability (CR 603.7d-e). It goes on the
    stack the next time a player would receive priority, its targets chosen then (CR 603.3)."""
    if "~" in ability.text:
        ability = replace(ability, text=ability.text.replace("~", source_name))
    ctx.log("603.12", f"{source_name}: a reflexive triggered ability triggers ({ability.text})")
    _add(ctx, controller, source_id, source_name, ability, subject=subject, remembered=remembered,
         link_source=link_source, affected=affected)


def add_inherent(ctx: Ctx, controller: int, name: str, ability: TriggeredAbility) -> None:
    """An ability of no object triggers (CR 725.2's "whenever a player takes the initiative", a
    dungeon's room ability, CR 309.4c)."""
    _add(ctx, controller, 0, name, ability)


def create_delayed(ctx: Ctx, controller: int, source_id: int, source_name: str, ability: TriggeredAbility,
                   remembered: tuple[int, ...], also: tuple[str, ...] = ()) -> None:
    """CR 603.7a: a resolving spell or ability creates a delayed triggered ability; its source
    and controller are the spell's or ability's (CR 603.7d-e)."""
    g = ctx.g
    g.delayed = g.delayed + [DelayedTrigger(controller, source_id, source_name, ability, remembered, g.turn, also)]
    ctx.log("603.7a", f"{source_name} creates a delayed triggered ability: {ability.text}")


# -- putting triggered abilities on the stack ----------------------------------------------------------
def put_triggers_on_stack(ctx: Ctx) -> bool:
    """CR 603.3b: in APNAP order each player puts their triggered abilities on the stack in the
    order they choose (instances of the same ability of one source need no choice)."""
    g = ctx.g
    if not g.pending_triggers:
        return False
    pending, g.pending_triggers = g.pending_triggers, []
    for player in g.apnap():
        mine = [t for t in pending if t.controller == player]
        if len(mine) > 1 and len({(t.source_id, t.ability) for t in mine}) > 1:
            options = list(range(len(mine)))
            order = ctx.ask(Decision(player, "order", "order your triggered abilities (first goes on the stack first): "
                                     + "; ".join(f"{i}: {t.source_name}" for i, t in enumerate(mine)), options,
                                     min=len(mine), max=len(mine), info={"sources": [t.source_id for t in mine]}))
            if sorted(order) != options:
                raise IllegalActionError("the order must list every triggered ability once")
            mine = [mine[i] for i in order]
        for t in mine:
            _put_one(ctx, t)
    return True


def _put_one(ctx: Ctx, t: PendingTrigger) -> None:
    from ..rules.targeting import choose_targets, legal_targets
    from ..rules.modes import choose_trigger_modes, chosen_targets
    g = ctx.g
    specs = t.ability.targets
    modes: tuple[int, ...] = ()
    if t.ability.modes:                 # CR 603.3c, 700.2b: the modes, then their targets (700.2c)
        chosen = choose_trigger_modes(ctx, t.controller, t.source_id, t.source_name, t.ability)
        if chosen is None:
            return
        modes, specs = chosen, chosen_targets(t.ability.modes, chosen)
    divided = next((e for e in t.ability.effects if isinstance(e, DealDamage) and e.divided), None)
    if divided is not None and (counted := count(g, divided.amount, t.controller, t.source_id)) is not None:
        # Ureni: "X damage divided ..., where X is the number of lands you control": counted as
        # the division is announced, as it is put on the stack (CR 603.3d)
        divided = replace(divided, amount=Quantity(fixed=divided.amount.fixed + counted))
    if divided is not None:
        try:
            specs = rules_interface.divided_specs(specs, 0, f"{t.source_name}'s ability", divided)
        except IllegalActionError as too_little:
            ctx.log("603.3d", f"{t.source_name}'s ability is removed from the stack: {too_little}")
            return
    if specs and any(len(legal_targets(g, s, t.controller, t.source_id)) < s.min for s in specs):
        ctx.log("603.3d", f"{t.source_name}'s ability is removed from the stack: no legal targets")
        return
    obj = GameObject(g.new_id(), None, t.controller, Zone.STACK, g.new_timestamp())
    obj.ability = t.ability
    obj.source_id = t.source_id
    obj.source_name = t.source_name
    obj.modes = modes
    if t.subject:
        obj.choices["subject"] = t.subject
    if t.amount:
        obj.choices["amount"] = t.amount
    if t.remembered:
        obj.choices["remembered"] = list(t.remembered)
    if t.link_source:
        obj.choices["link_source"] = t.link_source
    if t.affected:
        obj.choices["affected"] = t.affected
    if t.kicked:
        obj.choices["kicked"] = True
    if t.ability.trigger.event == "becomes_monstrous" and t.source_id in g.objects:
        obj.x = g.objects[t.source_id].choices.get("monstrous_x", 0)     # CR 701.37c: X as it became monstrous
    obj._gen = g._gen                   # a new object, shared with no clone (``GameState.obj``)
    g.objects[obj.id] = obj
    g.stack.append(obj.id)
    obj.targets, counts = choose_targets(ctx, specs, t.controller, t.source_id, f"{t.source_name}'s ability", None,
                                    by=obj.id)
    obj.choices["counts"] = counts
    if divided is not None:             # CR 603.3d, 601.2d: divided as it is put on the stack
        obj.choices["division"] = rules_interface.announce_division(ctx, t.controller, specs, obj.targets, counts,
                                                                    f"{t.source_name}'s ability", 0, divided)
    g.changed()
    ctx.log("603.3", f"{t.source_name}'s ability is put on the stack")


def miracle(ctx: Ctx, card: int) -> None:
    """CR 702.94a: as its owner draws it as their first card this turn, they may reveal a card
    with miracle; revealing it triggers the linked "when you reveal it this way" ability
    (CR 607.2h, 603.11), whose source is the card in hand."""
    g = ctx.g
    ch = characteristics(g, card)
    cost = ch.script.miracle
    owner = g.objects[card].owner
    if not ctx.ask(Decision(owner, "yesno", f"reveal {ch.name} as you draw it (miracle {cost})?", [True, False])):
        return
    ctx.log("702.94a", f"{g.players[owner].name} reveals {ch.name} (miracle)")
    ability = TriggeredAbility(Trigger("draw_first"), (CastCard(Ref("self"), cost),),
                               text=f"Miracle {cost} — when you reveal this card this way, you may cast it by paying "
                                    f"{cost} rather than its mana cost.")
    _add(ctx, owner, card, ch.name, ability)
