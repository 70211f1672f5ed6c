"""The one code path for each kind of state change (ARCHITECTURE principle 2).

Every zone change, damage event, life change, counter placed, card drawn and token created
passes through one function here: the event that would happen is first offered to the
replacement pipeline (``replacement.apply_replacements``, CR 614), then performed, logged
with its rule, and recorded for the trigger check (CR 603.2).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..agents.decisions import Decision, player_of, player_ref
from ..cards.vocabulary import AddMana, ChangeAbilities, CreateToken
from ..core.enums import Zone
from ..core.errors import IllegalActionError
from ..rules import mana_pool
from ..rules.context import Ctx, log_unimplemented
from ..rules.commander import combat_damage_by_commander, is_commander
from ..state.objects import GameObject
from .attachment import affects_player, can_attach
from .events import CountersEvent, DamageEvent, DrawEvent, LifeEvent, TokensEvent, ZoneChange
from .events import LastCounterRemoved, ManaEvent, ProliferateEvent, TapEvent, UnlockEvent
from .layers import ContinuousEffect, characteristics, copy_values, duration_holds, lasting_effects, matches, \
    object_name, permanent_moved, permanents_with
from .replacement import apply_replacements, life_gain_forbidden
from .triggers import condition_holds
from . import link_records
from .link_values import mana_amount
from . import enter_leave


#: The zones a zone change tests, as module constants: reading a member off the Enum class
#: (``Zone.BATTLEFIELD``) costs several times a global's in CPython 3.11 (``EnumType`` defines
#: ``__getattr__``, which takes attribute lookups off the fast path), and ``move`` reads them a
#: score of times per call.
_BATTLEFIELD, _STACK, _GRAVEYARD, _LIBRARY = Zone.BATTLEFIELD, Zone.STACK, Zone.GRAVEYARD, Zone.LIBRARY
_HAND = Zone.HAND
#: The default of ``ZoneChange.keywords`` and ``DrawEvent.applied``: ``move`` and the draws build
#: their events with positional arguments (a dataclass's ``__init__`` takes keywords at nearly
#: twice the cost, and every zone change makes two events, every draw two more)
_EMPTY_SET: frozenset[str] = frozenset()


def name_of(ctx: Ctx, ref: int) -> str:
    """A readable name for an object id or player ref, for the log."""
    return object_name(ctx.g, ref)


# -- zone changes ----------------------------------------------------------------------
def move(ctx: Ctx, oid: int, to_zone: Zone, cause: str = "", *, top: bool = True,
         rule: str = "400.7", controller: int | None = None, transformed: bool = False,
         face_down: bool = False) -> int | None:
    """Moves an object to a zone, making a new object (CR 400.7). Returns the new id, or None
    when nothing moved (an ability leaving the stack, a token that already left the
    battlefield, CR 111.8, or a move replaced away). A token that moves off the battlefield
    ceases to exist at the next state-based action check (CR 111.7, 704.5d). ``transformed``:
    a transforming double-faced card put onto the battlefield enters back face up (CR 712.14a).
    ``face_down``: a card put onto the battlefield face down (manifested, CR 701.40a, 708.3)."""
    g = ctx.g
    o = g.objects.get(oid)
    if o is None:
        return None     # gone already: it moved earlier in this resolution (a new object, CR 400.7)
    if o.ability is not None:
        # CR 608.2n / 701.6a: an ability leaving the stack simply ceases to exist.
        g.stack.remove(oid)
        del g.objects[oid]
        g.changed_off_battlefield(oid)
        return None
    from_zone = o.zone
    if o.token and from_zone is not _BATTLEFIELD:
        return None      # CR 111.8: a token that has left the battlefield stays where it is
    owner = o.owner
    entering = None
    copied = None
    extra_counters: tuple[tuple[str, int], ...] = ()
    enchanting = None
    if to_zone is _BATTLEFIELD:
        entering = controller if controller is not None else o.controller if from_zone is _STACK else owner
        if from_zone is not _BATTLEFIELD:
            before = characteristics(g, oid)
            aura_spell = from_zone is _STACK and "Aura" in before.subtypes
            copied, extra_counters = _enters_as_copy(ctx, oid, entering, before)
            # (entering as a copy changed its values; else they are those it had)
            now = before if copied is None else characteristics(g, oid)
            if g.day_night == "night" and not transformed and not face_down and now.keywords \
                    and "daybound" in now.keywords and o.card is not None and o.card.layout == "transform":
                transformed = True                  # CR 702.145b: at night, a daybound card enters transformed
                ctx.log("702.145b", f"it is night: {before.name} (daybound) enters transformed")
            if not aura_spell and not face_down and "Aura" in now.subtypes:
                enchanting = _aura_enters(ctx, oid, entering)
                if enchanting is None:
                    # CR 303.4g: nothing it could enchant: it stays where it is, or from the
                    # stack it goes to its owner's graveyard (not a copy of anything)
                    if copied is not None:
                        g.obj(oid).copy_source = None
                        g.changed()
                    if from_zone is not _STACK:
                        return None
                    to_zone, copied, extra_counters = _GRAVEYARD, None, ()
    # a spell that enters "with additional counters" for a cost paid as it was cast (Chorus of the
    # Conclave, CR 614.1c): they are part of the event, like counters it enters with
    spell_counters = tuple(o.choices.get("enters_counters", ())) \
        if from_zone is _STACK and to_zone is _BATTLEFIELD else ()
    # CR 614.12: how it enters, too (the fields in order, up to the controller it enters under)
    event = apply_replacements(ctx, ZoneChange(oid, from_zone, to_zone, owner, cause, 0, top, None, False,
                                               spell_counters, _EMPTY_SET, entering))
    if event is None:
        return None
    to_zone = event.to_zone
    lki = characteristics(g, oid)
    if o.token or o.counters or o.attached_to is not None:
        # remembered for "nontoken" (CR 603.10a), for "if it had no -1/-1 counters on it" and
        # for what an Aura or Equipment was attached to as it left
        lki = replace(lki, token=o.token, counters=tuple(sorted(o.counters.items())), attached_to=o.attached_to)
    # (leaving its zone, ``GameState.new_id`` and ``new_timestamp``, written out: every zone
    # change makes them)
    (g.battlefield if from_zone is _BATTLEFIELD else g.stack if from_zone is _STACK
     else g.zones[(owner, from_zone)]).remove(oid)
    g.lki[oid] = lki
    if from_zone is _BATTLEFIELD:
        # revolt: "a permanent you controlled left the battlefield this turn"; morbid: "a creature
        # died this turn", put into a graveyard from the battlefield (CR 700.4)
        was = g.player(lki.controller)
        was.left_battlefield_this_turn += 1
        if to_zone is _GRAVEYARD and "Creature" in lki.types:
            was.died_this_turn += 1
    new_id = g.next_id
    g.next_id = new_id + 1
    timestamp = g.next_timestamp
    g.next_timestamp = timestamp + 1
    new = GameObject(new_id, o.card, owner, to_zone, timestamp)
    new._gen = g._gen               # made here, shared with no clone: written in place (no copy)
    new.card_id = o.card_id
    if o.token:
        new.token = True
        new.choices = {"token_def": o.choices.get("token_def")}
        new.copy_source = o.copy_source
    choices = o.choices                             # (most cards have none: no lookups then)
    if choices:
        if choices.get("spell_copy"):
            # CR 707.10a: a copy of a spell off the stack ceases to exist (an SBA, CR 704.5e);
            # CR 608.3f: a copy of a permanent spell becomes a token as it enters.
            new.is_copy = True
            new.copy_source = o.copy_source
            if to_zone is _BATTLEFIELD:
                new.token = True
            else:
                new.choices["spell_copy"] = True
        if choices.get("card_copy"):
            # CR 707.12: a copy of a card being cast; CR 704.5e: off the stack and the battlefield
            # it ceases to exist; CR 608.3f: as a permanent spell it becomes a token as it enters
            new.is_copy = True
            if to_zone is _BATTLEFIELD:
                new.token = True
            else:
                new.choices["card_copy"] = True
    if cause == "discard" and to_zone is _GRAVEYARD and lki.script.alternative_costs \
            and any(a.name == "mayhem" for a in lki.script.alternative_costs):
        new.choices["discarded"] = g.turn           # "if you discarded it this turn" (mayhem, CR 702.187b)
    if o.face_down:
        if to_zone is _BATTLEFIELD and (from_zone is _STACK or face_down):
            new.face_down = True                    # CR 702.37c: a face-down spell enters face down
            if o.choices.get("disguised"):
                new.choices["disguised"] = True     # CR 702.168a, 702.168b: with ward {2}, on the battlefield too
            if face_down:
                new.choices["manifested"] = True    # CR 701.40a: a manifested permanent
        elif from_zone is _BATTLEFIELD:
            ctx.log("708.9", f"the face-down permanent is revealed: {o.card.name if o.card else 'a token'}")
    if copied is not None:
        new.copy_source = copied                    # CR 707.5: it enters as a copy
        new.is_copy = True
    if to_zone is _BATTLEFIELD:
        new.controller = event.controller if event.controller is not None else owner
        new.sick = True
        new.tapped = event.tapped                   # CR 614.1d: "enters tapped"
        # CR 712.8f: a modal double-faced permanent keeps the face it was cast or played with
        new.face = o.face if o.card is not None and o.card.layout == "modal_dfc" else 0
        new.x = 0
        new.transformed = bool(transformed and o.card is not None and o.card.layout == "transform")
        # CR 702.33d: a permanent remembers that the spell it was is kicked ("if it was kicked")
        new.kicked = o.kicked and from_zone is _STACK
        if o.card is not None and o.card.layout == "room":
            # CR 709.5d: the half cast as a spell enters unlocked; put onto the battlefield any
            # other way, neither half is
            new.choices["unlocked"] = (o.face,) if from_zone is _STACK else ()
        if from_zone is _STACK and o.choices.get("prototype"):
            new.choices["prototype"] = True         # CR 718.3b: the permanent is prototyped too
        if from_zone is _STACK and o.choices.get("bestowed"):
            new.choices["bestowed"] = True          # CR 702.103b: the permanent is a bestowed Aura
        for paid in ("offspring", "bargain"):
            if from_zone is _STACK and o.choices.get(paid):
                new.choices[paid] = True            # CR 702.175a, 702.166b, 400.7d: "if it was bargained"
        if from_zone is _STACK and o.choices.get("evoked"):
            new.choices["evoked"] = True            # CR 702.74a, 400.7d: its evoke cost was paid
        if from_zone is _STACK and o.choices.get("alternative"):
            new.choices["alternative"] = o.choices["alternative"]   # CR 400.7d: "if its dash cost was paid"
        if from_zone is _STACK and o.choices.get("mana_spent"):
            new.choices["mana_spent"] = o.choices["mana_spent"]     # CR 400.7d: converge, sunburst (702.44a)
        made = g.objects[oid].choices             # (as the replacement effects left it: not ``o``, a copy
        for note in ("tribute_unpaid", "devoured"):   # may have been written since, GameState.obj)
            if made and note in made:               # choices made as it enters (CR 702.104b, 702.82b)
                new.choices[note] = made[note]
    elif to_zone is _STACK:
        new.controller = controller if controller is not None else owner
    if from_zone is _STACK and to_zone is _BATTLEFIELD and g.effects:
        # CR 400.7a: effects of spells and abilities that changed the permanent spell's
        # characteristics or controller go on applying to the permanent it becomes
        g.effects = [replace(e, affected=e.affected | {new_id}) if oid in e.affected else e for e in g.effects]
    del g.objects[oid]
    g.objects[new_id] = new
    # (``_add_to_zone``, written out)
    if to_zone is _BATTLEFIELD:
        g.battlefield.append(new_id)
    elif to_zone is _STACK:
        g.stack.append(new_id)
    elif to_zone is _LIBRARY and top:
        g.zones[(owner, to_zone)].insert(0, new_id)     # libraries are stored top first
    else:
        g.zones[(owner, to_zone)].append(new_id)
    if from_zone is _BATTLEFIELD or to_zone is _BATTLEFIELD:
        permanent_moved(g, new_id if to_zone is _BATTLEFIELD else 0)     # g.changed(), keeping what holds
    else:
        g.changed_off_battlefield(oid)              # drawn, cast, discarded, milled: no permanent changed
    if (new.token and to_zone is not _BATTLEFIELD) or new.choices and (new.choices.get("spell_copy") \
            or (new.choices.get("card_copy") and to_zone is not _STACK)):
        g.strays = g.strays + (new_id,)             # to cease to exist (CR 704.5d-e)
    if enchanting is not None and to_zone is _BATTLEFIELD:
        new.attached_to = enchanting                # CR 303.4f: attached as it enters
        ctx.log("303.4f", f"{name_of(ctx, new_id)} enters attached to {name_of(ctx, enchanting)}")
    if to_zone is _BATTLEFIELD:
        enter_leave.entered(ctx, oid, new_id, from_zone)  # CR 607.2q records follow; "as enters" (CR 614.12)
        entered = characteristics(g, new_id)
        if entered.script.unimplemented:
            log_unimplemented(ctx, entered.name, entered.script, "enters the battlefield")     # issue 17
        if "Land" in entered.types:
            g.player(entered.controller).lands_entered_this_turn += 1     # landfall (Groundswell)
        _enters_with_counters(ctx, new_id, event.counters + extra_counters)
        if event.keywords:
            # "enters with ... and with trample" (CR 614.1c): it has the ability for as long as
            # it stays this object (CR 400.7), layer 6
            g.effects.append(ContinuousEffect(g.new_timestamp(), (ChangeAbilities(add_keywords=event.keywords),),
                                              frozenset({new_id}), "", new_id, new.controller))
            g.changed()
    g.events.append(ZoneChange(oid, from_zone, to_zone, owner, cause, new_id, top, lki))
    if to_zone is _BATTLEFIELD and new.choices and new.choices.get("unlocked"):
        g.events.append(UnlockEvent(new_id, new.choices["unlocked"][0]))   # CR 709.5h: as it enters
    if from_zone is _BATTLEFIELD and g.effects:
        end_durations(ctx)                          # "for as long as ~ remains on the battlefield" (CR 611.2b)
    if event.linked[1]:
        link_records.add(g, event.linked[0], event.linked[1], [new_id])   # exiled "with" its source (CR 607.2b)
    if from_zone is _BATTLEFIELD:
        enter_leave.left_battlefield(ctx, oid)  # CR 610.3: "until ~ leaves the battlefield"
    melded = choices.get("melded") if from_zone is _BATTLEFIELD and choices else None
    if melded is not None:
        # CR 712.21: one permanent leaves the battlefield and its two cards go to the new zone
        other = GameObject(g.new_id(), melded, owner, to_zone, g.new_timestamp())
        other._gen = g._gen
        if to_zone is _BATTLEFIELD:
            other.controller = new.controller
            other.sick = True
        g.objects[other.id] = other
        _add_to_zone(g, other, top)
        g.changed()
        ctx.log("712.21", f"the melded permanent's two cards, {o.card.name} and {melded.name}, "
                f"are put into {to_zone.value}")
    return new_id


def _enters_as_copy(ctx: Ctx, oid: int, controller: int, ch: Any) -> tuple[Any, tuple[tuple[str, int], ...]]:
    """CR 707.5, 614.1c: "you may have this enter as a copy of ...": the choice is made as it
    would enter, and the copied values then apply to how it enters (their "enters tapped",
    "enters with" and ETB triggers too). ``ch``: its characteristics now. Returns the copied
    values (or None: nothing changed) and the extra counters an exception gives it (CR 707.9e)."""
    g = ctx.g
    ability = ch.script.enters_as_copy
    if ability is None:
        return None, ()
    flt = ability.filter
    if ability.zone == "graveyard":
        pool = [c for p in range(len(g.players)) for c in g.zones[(p, Zone.GRAVEYARD)]]
    else:
        pool = list(g.battlefield)
    options = sorted(c for c in pool if c != oid and matches(g, c, flt, controller))
    name = ch.name
    if not options:
        return None, ()
    answer = ctx.ask(Decision(controller, "copy", f"choose what {name} enters as a copy of (or none)",
                              options + ([None] if ability.optional else [])))
    if answer is None:
        return None, ()
    values = copy_values(g, answer, ability.exception)
    if ability.when_you_do:
        link_records.add(g, oid, link_records.WHEN_YOU_DO, [answer])  # its "When you do" trigger (CR 603.12, 607.2h)
    # CR 707.9e: an additional effect of the exception ("enters with an additional counter")
    counters = tuple((k, n) for k, n in (ability.exception.extra_counters if ability.exception else ())
                     if (k == "+1/+1" and "Creature" in values.types)
                     or (k == "loyalty" and "Planeswalker" in values.types))
    g.obj(oid).copy_source = values             # seen by the replacement effects as it enters
    g.changed()
    ctx.log("707.5", f"{name} enters as a copy of {name_of(ctx, answer)}")
    return values, counters


def _aura_enters(ctx: Ctx, oid: int, controller: int) -> int | None:
    """CR 303.4f: an Aura entering the battlefield other than by resolving as an Aura spell
    (Copy Enchantment entering as a copy of one, an Aura card returned to the battlefield):
    its controller chooses, as it enters, an object it can legally enchant. None if there is
    none (CR 303.4g)."""
    g = ctx.g
    options = [p for p in g.battlefield if can_attach(g, oid, p)]
    if not options:
        ctx.log("303.4g", f"{name_of(ctx, oid)} has nothing it could enchant and doesn't enter the battlefield")
        return None
    return ctx.ask(Decision(controller, "choose", f"choose what {name_of(ctx, oid)} enchants as it enters "
                            "(CR 303.4f)", options))


def _enters_with_counters(ctx: Ctx, oid: int, counters: tuple[tuple[str, int], ...]) -> None:
    """CR 614.1c, 122.6: a permanent that enters with counters is given them as it enters;
    they are counters put on it, so "twice that many counters" applies (CR 614.16)."""
    for kind, amount in counters:
        put_counters(ctx, oid, kind, amount, rule="122.6")


def end_durations(ctx: Ctx) -> None:
    """CR 611.2b: an effect "for as long as ..." ends once its duration stops holding, for good
    (it doesn't begin again if the condition becomes true again)."""
    g = ctx.g
    if not g.effects:
        return
    ended = [e for e in lasting_effects(g)
             if not duration_holds(g, e.lasts, e.source_id, e.controller, e.affected)]
    if not ended:
        return
    gone = {id(e) for e in ended}
    g.effects = [e for e in g.effects if id(e) not in gone]
    g.changed()
    for e in ended:
        ctx.log("611.2b", "an effect \"for as long as " + " and ".join(e.lasts) + "\" ends: "
                + ", ".join(name_of(ctx, t) for t in sorted(e.affected) if t in g.objects))


def put_onto_battlefield_new(ctx: Ctx, obj: GameObject) -> int:
    """Adds a newly created object (a token, CR 111.1) to the battlefield."""
    g = ctx.g
    obj._gen = g._gen               # a new object, shared with no clone (``GameState.obj``)
    g.objects[obj.id] = obj
    _add_to_zone(g, obj, True)
    permanent_moved(g, obj.id)      # g.changed(), keeping what holds
    g.events.append(ZoneChange(obj.id, Zone.COMMAND, Zone.BATTLEFIELD, obj.owner, "create", new_id=obj.id))
    return obj.id


def _add_to_zone(g: Any, o: GameObject, top: bool) -> None:
    lst = g.zone_list(o.zone, o.owner)
    if o.zone is _LIBRARY:
        if top:
            lst.insert(0, o.id)       # libraries are stored top first
        else:
            lst.append(o.id)
    else:
        lst.append(o.id)


def reorder_library(ctx: Ctx, player: int, order: list[int]) -> None:
    """Puts a library's cards in ``order`` (top first); the cards stay in the library, so they
    remain the same objects (scry, CR 701.22a)."""
    library = ctx.g.zones[(player, Zone.LIBRARY)]
    assert sorted(order) == sorted(library), "a reordered library must hold the same cards"
    library[:] = order
    ctx.g.changed()


def shuffle_library(ctx: Ctx, player: int) -> None:
    """CR 701.24a: randomizes a library with the game's RNG (part of the state, so replays agree)."""
    ctx.g.rng.shuffle(ctx.g.zones[(player, Zone.LIBRARY)])
    ctx.g.changed()
    ctx.log("701.24a", f"{ctx.g.players[player].name} shuffles their library")


# -- damage, life, counters, cards ----------------------------------------------------------
def deal_damage(ctx: Ctx, source: int, target: int, amount: int, *, combat: bool = False) -> int:
    """CR 120.3: damage to a player loses life, to a creature is marked, to a planeswalker
    removes loyalty; lifelink (CR 702.15b) and deathtouch (CR 702.2b) apply. Returns the damage dealt."""
    g = ctx.g
    if amount <= 0:
        return 0                        # CR 614.7a: a source that would deal 0 damage deals none
    event = apply_replacements(ctx, DamageEvent(source, target, amount, combat))
    if event is None or event.amount <= 0:
        return 0
    amount = event.amount
    src = characteristics(g, source) if source in g.objects else g.lki.get(source)
    src_name = src.name if src is not None else "a source"
    src_controller = src.controller if src is not None else 0
    p = player_of(target)
    rule = "510.2" if combat else "120.3"
    # CR 702.80b, 702.90d: a source that has left is looked at as it last existed (``src``)
    keywords = src.keywords if src is not None else frozenset()
    if p is not None:
        ctx.log("120.3a" if not combat else rule, f"{src_name} deals {amount} damage to {g.players[p].name}")
        # (bloodthirst, CR 702.54a); combat damage with its source's controller, subtypes and
        # commander status as it dealt it (prowl, freerunning: CR 702.76a, 702.173a)
        g.damage_events = g.damage_events + [
            (g.turn, source, target, src_controller, tuple(sorted(src.subtypes)), is_commander(g, source))
            if combat and src is not None else (g.turn, source, target)]
        if "infect" in keywords:
            put_counters(ctx, target, "poison", amount, rule="120.3b")      # CR 702.90b
        elif player_has(g, p, "damage_as_infect"):
            # CR 702.90b: dealt as though its source had infect (Phyrexian Unlife): poison
            # counters instead of life loss
            put_counters(ctx, target, "poison", amount, rule="702.90b")
        else:
            _lose_life_from_damage(ctx, p, amount)              # CR 120.3a
        if combat:
            combat_damage_by_commander(g, source, p, amount)    # CR 903.10a
            toxic = sum(int(k[len("toxic "):]) for k in keywords if k.startswith("toxic "))
            if toxic:
                put_counters(ctx, target, "poison", toxic, rule="120.3g")   # CR 702.164c: in addition
    else:
        if target not in g.objects or g.objects[target].zone is not Zone.BATTLEFIELD:
            return 0
        tch = characteristics(g, target)
        ctx.log("120.3e" if "Creature" in tch.types else "120.3c",
                f"{src_name} deals {amount} damage to {tch.name or 'a face-down creature'}")
        if "Planeswalker" in tch.types and "Creature" not in tch.types:
            remove_counters(ctx, target, "loyalty", amount)    # CR 120.3c
        else:
            if "wither" in keywords or "infect" in keywords:
                put_counters(ctx, target, "-1/-1", amount, rule="120.3d")   # CR 702.80a, 702.90c: not marked
            else:
                g.obj(target).damage += amount                  # CR 120.3e
            # who dealt damage to what this turn ("a creature dealt damage by ~ this turn dies")
            g.damage_events = g.damage_events + [(g.turn, source, target)]
            if "deathtouch" in keywords:
                g.obj(target).deathtouched = True
    if "lifelink" in keywords:
        gain_life(ctx, src_controller, amount, rule="702.15b")  # CR 702.15b
    g.events.append(DamageEvent(source, target, amount, combat))
    return amount


def _lose_life_from_damage(ctx: Ctx, player: int, amount: int) -> None:
    """CR 120.3a: damage dealt to a player causes that player to lose that much life — a life
    total reduced, which "if your life total would be reduced to 0 or less" replaces."""
    event = apply_replacements(ctx, LifeEvent(player, -amount, 0, True))
    if event is not None and event.amount < 0:
        _change_life(ctx, player, event.amount, rule="120.3a")


def _change_life(ctx: Ctx, player: int, delta: int, rule: str) -> None:
    pl = ctx.g.player(player)
    pl.life += delta
    if delta > 0:
        pl.life_gained_this_turn += delta
    elif delta < 0:
        pl.life_lost_this_turn -= delta
    ctx.g.changed_off_battlefield()     # characteristic-defining abilities may read life totals (CR 604.3)
    ctx.g.events.append(LifeEvent(player, delta))


def player_has(g: Any, player: int, grant: str) -> bool:
    """Whether a static ability of a permanent gives ``player`` ``grant`` now ("You have
    hexproof", "You don't lose the game for having 0 or less life", "Players skip their untap
    steps", CR 604.1); ``who``: "you", "opponents" or "each"."""
    for oid, ch in permanents_with(g, "player_statics"):
        for ab in ch.script.player_statics:
            if grant in ab.grants and affects_player(g, ab.who, oid, ch.controller, player) and (
                    ab.condition is None or condition_holds(g, ab.condition, ch.controller, oid)):
                return True
    return False


def lose_game(ctx: Ctx, player: int, reason: str) -> None:
    """CR 104.3e: an effect states that a player loses the game; the game ends when one player
    is left (CR 104.2a)."""
    g = ctx.g
    if g.players[player].lost:
        return
    ctx.log("104.3e", f"{g.players[player].name} loses the game ({reason})")
    g.player(player).lost = True
    alive = [p.index for p in g.players if not p.lost]
    if len(alive) <= 1:
        g.over = True
        g.winner = alive[0] if alive else None
        g.draw = not alive
        if alive:
            ctx.log("104.2a", f"{g.players[alive[0]].name} wins the game")
    else:
        from ..rules.leaving import leave_game     # (rules imports effects)
        leave_game(ctx, player)                     # CR 800.4a


def gain_life(ctx: Ctx, player: int, amount: int, rule: str = "119.3", *, origin: int = 0) -> int:
    """CR 119.3: a player gains life (through the replacement pipeline). ``origin``: the
    resolving spell whose instruction it is (its self-replacement effects, CR 614.15)."""
    if amount <= 0:
        return 0                        # CR 119.10: gaining 0 life is no life-gain event
    if life_gain_forbidden(ctx.g):
        ctx.log("119.7", f"{ctx.g.players[player].name} can't gain life this turn")
        return 0
    if permanents_with(ctx.g, "player_statics") and player_has(ctx.g, player, "cant_gain_life"):
        ctx.log("119.7", f"{ctx.g.players[player].name} can't gain life")     # Erebos, Grievous Wound
        return 0
    event = apply_replacements(ctx, LifeEvent(player, amount, origin))
    if event is None or event.amount <= 0:
        return 0
    ctx.log(rule, f"{ctx.g.players[player].name} gains {event.amount} life")
    _change_life(ctx, player, event.amount, rule)
    return event.amount


def lose_life(ctx: Ctx, player: int, amount: int, rule: str = "119.3") -> int:
    """CR 119.3: a player loses life."""
    if amount <= 0:
        return 0
    event = apply_replacements(ctx, LifeEvent(player, -amount))
    if event is None or event.amount >= 0:
        return 0
    ctx.log(rule, f"{ctx.g.players[player].name} loses {-event.amount} life")
    _change_life(ctx, player, event.amount, rule)
    return -event.amount


def put_counters(ctx: Ctx, oid: int, kind: str, amount: int, rule: str = "122.1", *, origin: int = 0) -> int:
    """CR 122.1: puts counters on an object or player (a negative id). An object that has left
    its zone is gone (the card is a new object, CR 400.7) and gets none."""
    if amount <= 0 or (oid > 0 and oid not in ctx.g.objects):
        return 0
    event = apply_replacements(ctx, CountersEvent(oid, kind, amount, origin))
    if event is None or event.amount <= 0:
        return 0
    p = player_of(oid)
    before = 0                               # (how many it had: a Saga's chapters, CR 714.2b)
    if p is not None:
        pl = ctx.g.player(p)
        if kind == "poison":
            pl.poison += event.amount
        else:
            pl.counters[kind] = pl.counters.get(kind, 0) + event.amount
    else:
        o = ctx.g.obj(oid)
        before = o.counters.get(kind, 0)
        o.counters[kind] = before + event.amount
        ctx.g.changed()                      # counters change P/T (CR 613.4c)
    ctx.log(rule, f"{event.amount} {kind} counter(s) put on {name_of(ctx, oid)}")
    ctx.g.events.append(CountersEvent(oid, kind, event.amount, before=before))
    return event.amount


def remove_counters(ctx: Ctx, oid: int, kind: str, amount: int) -> int:
    """Removes up to ``amount`` counters (CR 122.1); none from an object that is
    gone (CR 400.7). Returns how many were removed."""
    if oid not in ctx.g.objects:
        return 0
    o = ctx.g.obj(oid)
    have = o.counters.get(kind, 0)
    removed = min(have, amount)
    if removed:
        o.counters[kind] = have - removed
        if not o.counters[kind]:
            del o.counters[kind]
            if o.zone is Zone.BATTLEFIELD:
                ctx.g.events.append(LastCounterRemoved(oid, kind))     # (vanishing, CR 702.63a)
        ctx.g.changed()
    return removed


def pay_energy(ctx: Ctx, player: int, amount: int) -> bool:
    """CR 107.14: pays {E} ``amount`` times by removing that many energy counters from the
    player; False (nothing paid) if they have fewer (CR 118.3)."""
    pl = ctx.g.player(player)
    have = pl.counters.get("energy", 0)
    if amount <= 0 or have < amount:
        return amount <= 0
    pl.counters["energy"] = have - amount
    ctx.log("107.14", f"{pl.name} pays {'{E}' * amount}")
    return True


def draw_card(ctx: Ctx, player: int, rule: str = "121.1", *, origin: int = 0) -> int | None:
    """CR 121.1: the top card of the library goes to hand. With an empty library the player
    will lose the next time state-based actions are checked (CR 704.5b). A draw replaced by
    "draw two cards instead" makes those draws now (CR 614.11a). Returns the first card drawn.
    ``rule`` "504.1" is the draw step's draw, the first card drawn in that step."""
    drawn = _draw(ctx, DrawEvent(player, 1, rule == "504.1", _EMPTY_SET, origin))   # (positional: see ``move``)
    return drawn[0] if drawn else None


def _draw(ctx: Ctx, event: DrawEvent) -> list[int]:
    g = ctx.g
    player = event.player
    event = apply_replacements(ctx, event)
    if event is None:
        return []
    if event.count != 1:
        # CR 614.5, 614.11a: new draws, which the effects that replaced this one don't replace
        # again; the first of them is the first card drawn in the step, if this one was.
        out: list[int] = []
        for i in range(event.count):
            out += _draw(ctx, DrawEvent(player, first_in_step=event.first_in_step and i == 0,
                                        applied=event.applied, origin=event.origin))
        return out
    library = g.zones[(player, _LIBRARY)]
    if not library:
        g.player(player).drew_from_empty = True
        ctx.log("704.5b", f"{g.players[player].name} draws from an empty library")
        return []
    new_id = move(ctx, library[0], _HAND, "draw")
    pl = g.player(player)
    pl.drawn_this_turn += 1
    g.events.append(DrawEvent(player, 1, False, _EMPTY_SET, 0, new_id or 0, pl.drawn_this_turn))
    return [new_id] if new_id is not None else []


def create_tokens(ctx: Ctx, controller: int, definition: CreateToken, count: int = 1, *,
                  origin: int = 0, faces: Any = None, back_up: bool = False,
                  counters: tuple[tuple[str, int], ...] = (), copy: bool = True) -> list[int]:
    """CR 111.1: ``count`` tokens are created on the battlefield under ``controller``'s
    control. Creating them is one event, so "twice that many tokens" applies once
    (CR 614.16); then each enters the battlefield, which replacement effects may modify
    too (CR 614.12, 616.1g). ``faces``: a copy of a double-faced object is a double-faced
    token (layout, front, back), with the same face up as the copied object (``back_up``, CR
    707.8a). ``counters``: it enters with them (CR 122.6: incubate, CR 701.53a). ``copy``: values given
    as characteristics are copied ones, unless they are a predefined double-faced token's (CR
    111.10i). Returns the new tokens."""
    g = ctx.g
    if count <= 0:
        return []
    event = apply_replacements(ctx, TokensEvent(controller, definition, count, origin))
    if event is None or event.count <= 0:
        return []
    controller, definition = event.controller, event.definition
    out: list[int] = []
    for _ in range(event.count):
        obj = GameObject(g.new_id(), None, controller, Zone.COMMAND, g.new_timestamp())
        obj.token = True
        obj.sick = True
        if isinstance(definition, CreateToken):
            obj.choices = {"token_def": definition}
        else:
            obj.copy_source = definition   # a token that's a copy (CR 111.1, 707.2)
            obj.is_copy = copy
            if faces is not None:
                obj.choices = {"dfc_faces": faces}      # CR 707.8a: a double-faced token
                if back_up and faces[0] == "transform":
                    obj.transformed = True
                elif back_up:
                    obj.face = 1                        # a modal double-faced token's back face (CR 712.8f)
        g.objects[obj.id] = obj            # not yet in a zone: as it would enter (CR 614.12)
        entering = apply_replacements(ctx, ZoneChange(obj.id, Zone.COMMAND, Zone.BATTLEFIELD, controller,
                                                      "create", controller=controller, counters=counters,
                                                      tapped=isinstance(definition, CreateToken) and definition.tapped))
        if entering is None:
            del g.objects[obj.id]
            g.changed()
            continue
        obj.zone = Zone.BATTLEFIELD
        obj.tapped = entering.tapped
        oid = put_onto_battlefield_new(ctx, obj)
        pt = f"{definition.power}/{definition.toughness} " if "Creature" in definition.types else ""
        ctx.log("111.1", f"{g.players[controller].name} creates a {pt}"
                f"{definition.name}" + ("" if definition.name.endswith("Token") else " token")
                + (" (tapped)" if entering.tapped else ""))
        enter_leave.as_enters(ctx, oid)               # a token copy's "as enters" choices (CR 614.12)
        _enters_with_counters(ctx, oid, entering.counters)
        script = characteristics(g, oid).script
        if script.unimplemented:
            log_unimplemented(ctx, definition.name, script, "enters the battlefield")     # issue 17
        out.append(oid)
    return out


def create_token(ctx: Ctx, controller: int, definition: CreateToken) -> int | None:
    """One token (``create_tokens`` with a count of one); the first token created, if any."""
    created = create_tokens(ctx, controller, definition, 1)
    return created[0] if created else None


# -- mana, proliferate, transform ------------------------------------------------------------
def produce_mana(ctx: Ctx, player: int, mana: tuple[str, ...], source: int = 0, *, tapped: bool = False,
                 source_name: str = "", restriction: Any = None) -> tuple[str, ...]:
    """CR 106.3: mana is added to a player's pool. Producing it is an event: "if you tap a
    permanent for mana, it produces twice as much instead" modifies it when a mana ability
    with {T} in its cost of that permanent produces it (``tapped``, CR 106.12b). Then the
    triggered mana abilities it triggers resolve at once (CR 605.4a, 106.12a). Returns the
    mana added."""
    g = ctx.g
    if not mana:
        return ()
    event = apply_replacements(ctx, ManaEvent(player, tuple(mana), source, tapped))
    if event is None or not event.mana:
        return ()
    # CR 106.3, 107.4h: mana from a snow source pays {S}; CR 106.6a: a restriction applies to
    # all the mana produced, however much a replacement effect made
    src = characteristics(g, source) if source in g.objects else g.lki.get(source) if source else None
    snow = src is not None and "Snow" in src.supertypes
    mana_pool.add(g.player(player), event.mana, snow, restriction)
    ctx.log("106.3", f"{g.players[player].name} adds {'{' + '}{'.join(event.mana) + '}'}"
            + (f" ({source_name})" if source_name else "")
            + (" (snow mana, CR 107.4h)" if snow else "")
            + (f" ({restriction.text}, CR 106.6)" if restriction is not None and restriction.text else "")
            + (f" (not lost as steps and phases end until end of {restriction.lasts}, CR 106.4)"
               if restriction is not None and restriction.lasts else ""))
    if event.tapped and source:
        _mana_triggers(ctx, event)
    return event.mana


def _mana_triggers(ctx: Ctx, event: ManaEvent) -> None:
    """CR 605.1b, 605.4a: triggered mana abilities ("Whenever a player taps a land for mana,
    that player adds one mana of any type that land produced", Heartbeat of Spring) don't use
    the stack: each resolves right after the mana ability that triggered it."""
    g = ctx.g
    triggering = permanents_with(g, "triggered")
    if not triggering:
        return                                          # no permanent has a triggered ability
    src = characteristics(g, event.source) if event.source in g.objects else g.lki.get(event.source)
    if src is None:
        return
    for oid, ch in triggering:                          # in battlefield order
        for ab in ch.script.triggered:
            t = ab.trigger
            if t.event != "tapped_for_mana":
                continue
            if t.whose == "you" and event.player != ch.controller or t.whose == "opponent" and event.player == ch.controller:
                continue
            if t.whose == "enchanted" and g.objects[oid].attached_to != event.source:
                continue                                # "Whenever enchanted land is tapped for mana"
            if t.filter is not None and ((t.filter.types and not t.filter.types & src.types)
                                         or not t.filter.all_types <= src.types
                                         or (t.filter.subtypes and not t.filter.subtypes & src.subtypes)):
                continue                                # ("a Swamp": its land type)
            ctx.log("605.4a", f"{ch.name}'s triggered mana ability resolves: {ab.text}")
            for eff in ab.effects:
                if not isinstance(eff, AddMana):
                    continue
                if eff.mana and not eff.produced:
                    # "an additional {G} for each Elf on the battlefield" (Elvish Guidance): counted now
                    times = mana_amount(g, oid, eff)
                    produce_mana(ctx, event.player, tuple(eff.mana) * times, oid, source_name=ch.name)
                    continue
                # "one mana of any type that land produced": a choice among the types it produced;
                # "two mana in any combination of colors": each chosen (CR 106.1a)
                kinds = tuple(dict.fromkeys(event.mana)) if eff.produced else tuple(eff.choice)
                if not kinds:
                    continue
                added: list[str] = []
                for _ in range(eff.amount if eff.any_combination else 1):
                    kind = kinds[0] if len(kinds) == 1 else ctx.ask(Decision(
                        event.player, "color", f"choose the type of mana {ch.name} adds", list(kinds)))
                    if kind not in kinds:
                        raise IllegalActionError(f"{ch.name} adds one of {', '.join(kinds)}")
                    added.append(kind)
                produce_mana(ctx, event.player, tuple(added) if eff.any_combination else (added[0],) * eff.amount,
                             oid, source_name=ch.name)


def proliferate(ctx: Ctx, player: int, source_name: str = "") -> None:
    """CR 701.34a: the player chooses any number of permanents and/or players that have a
    counter, then gives each one additional counter of each kind already there. Proliferating
    is an event: "if you would proliferate, proliferate twice instead" replaces it."""
    g = ctx.g
    event = apply_replacements(ctx, ProliferateEvent(player))
    if event is None:
        return
    for _ in range(event.count):
        options = [oid for oid in g.battlefield if g.objects[oid].counters]
        options += [player_ref(p.index) for p in g.players
                    if not p.lost and (p.poison or any(p.counters.values()))]
        chosen: list[int] = []
        if options:
            answer = ctx.ask(Decision(player, "proliferate", "proliferate: choose any number of permanents and/or "
                                      "players that have a counter (each gets another counter of each kind it has)",
                                      options, min=0, max=len(options)))
            chosen = answer if isinstance(answer, list) else [] if answer is None else [answer]
            if any(c not in options for c in chosen) or len(set(chosen)) != len(chosen):
                raise IllegalActionError("proliferate: choose among the permanents and players that have a counter, "
                                         "each once")
        ctx.log("701.34a", f"{g.players[player].name} proliferates"
                + (": " + ", ".join(name_of(ctx, c) for c in chosen) if chosen else " (choosing nothing)"))
        for c in chosen:
            p = player_of(c)
            if p is not None:
                pl = g.players[p]
                kinds = (["poison"] if pl.poison else []) + [k for k, v in pl.counters.items() if v]
            else:
                kinds = [k for k, v in g.objects[c].counters.items() if v] if c in g.objects else []
            for kind in kinds:
                put_counters(ctx, c, kind, 1, rule="701.34a")


def transform(ctx: Ctx, oid: int, cause: str = "") -> bool:
    """CR 701.27a: a double-faced permanent turns over; it stays the same object (CR 712.18).
    A permanent that isn't a transforming double-faced card doesn't (CR 701.27c), nor one whose
    other face is an instant or sorcery (701.27d), nor one with daybound or nightbound unless
    that ability transforms it (``cause`` "day_night", CR 702.145b, 702.145e). Returns whether it
    transformed."""
    g = ctx.g
    o = g.objects.get(oid)
    if cause != "day_night" and o is not None and o.zone is Zone.BATTLEFIELD:
        keywords = characteristics(g, oid).keywords
        if keywords and ("daybound" in keywords or "nightbound" in keywords):
            ctx.log("702.145b", f"{name_of(ctx, oid)} can't transform except due to its daybound or nightbound "
                                f"ability")
            return False
    token_faces = o.choices.get("dfc_faces") if o is not None and o.choices else None
    if token_faces is not None and token_faces[0] == "transform" and o.zone is Zone.BATTLEFIELD:
        other_types = token_faces[1 if o.transformed else 2].types     # a double-faced token (CR 707.8a)
    elif o is None or o.zone is not Zone.BATTLEFIELD or o.card is None or o.card.layout != "transform" \
            or len(o.card.faces) < 2:
        if o is not None:
            ctx.log("701.27c", f"{name_of(ctx, oid)} isn't a double-faced permanent and doesn't transform")
        return False
    else:
        other_types = o.card.faces[0 if o.transformed else 1].types
    if {"Instant", "Sorcery"} & set(other_types):
        ctx.log("701.27d", f"{name_of(ctx, oid)} doesn't transform: its other face is an instant or sorcery")
        return False
    before = name_of(ctx, oid)
    w = g.obj(oid)
    w.transformed = not o.transformed
    g.changed()
    ctx.log("701.27a", f"{before} transforms into {name_of(ctx, oid)}")
    return True


def flip(ctx: Ctx, oid: int) -> bool:
    """CR 710.2: a permanent flips: its flipped status (kept in ``transformed``, CR 110.5) makes a
    flip card's alternative characteristics apply (``layers._flip_status``); it stays the same
    object. Flipping is one way (CR 710.4): a flipped permanent doesn't flip back. Returns whether
    it flipped."""
    g = ctx.g
    o = g.objects.get(oid)
    if o is None or o.zone is not Zone.BATTLEFIELD or o.transformed:
        return False
    before = name_of(ctx, oid)
    g.obj(oid).transformed = True
    g.changed()
    ctx.log("710.2", f"{before} flips" + (f" into {name_of(ctx, oid)}" if name_of(ctx, oid) != before else ""))
    return True


def turn_face_down(ctx: Ctx, oid: int) -> bool:
    """CR 708.2a: a face-up permanent turned face down is a 2/2 creature with no text, name,
    subtypes or mana cost — its copiable values (layer 1b, CR 613.2b), whatever it copied
    (CR 708.10); other effects and counters still apply. It stays the same object: nothing
    enters or leaves. A face-down permanent (CR 708.2b) or a double-faced one (CR 712.16)
    doesn't change. Returns whether it was turned face down."""
    g = ctx.g
    o = g.objects.get(oid)
    if o is None or o.zone is not Zone.BATTLEFIELD:
        return False
    if o.face_down:
        ctx.log("708.2b", "a face-down permanent can't be turned face down")
        return False
    if (o.card is not None and (o.card.layout in ("transform", "modal_dfc", "meld") or o.choices.get("melded"))) \
            or o.choices.get("dfc_faces"):
        ctx.log("712.16", f"{name_of(ctx, oid)} is double-faced and can't be turned face down")
        return False
    before = name_of(ctx, oid)
    g.obj(oid).face_down = True
    g.changed()
    ctx.log("708.2a", f"{before} is turned face down: a 2/2 creature with no name, text, subtypes or mana cost")
    return True


def manifest(ctx: Ctx, player: int) -> int | None:
    """CR 701.40a: the top card of ``player``'s library is turned face down and put onto the
    battlefield as a 2/2 face-down creature with no text, name, subtypes or mana cost. It is
    turned face down before it enters, so its own enters abilities don't apply (CR 708.3). If
    it can't enter, it stays where it was, face up (CR 701.40f). Returns the permanent."""
    g = ctx.g
    library = g.zones[(player, Zone.LIBRARY)]
    if not library:
        return None
    card = library[0]
    g.obj(card).face_down = True
    g.changed()
    new = move(ctx, card, Zone.BATTLEFIELD, "manifest", controller=player, face_down=True)
    if new is None or g.objects.get(new) is None or g.objects[new].zone is not Zone.BATTLEFIELD:
        if card in g.objects:
            g.obj(card).face_down = False           # CR 701.40f: it remains face up
            g.changed()
        return None
    ctx.log("701.40a", f"{g.players[player].name} manifests the top card of their library")
    return new


def set_tapped(ctx: Ctx, oid: int, tapped: bool) -> bool:
    """Taps or untaps a permanent (CR 701.26a-b: the untap step, costs, attacking, effects):
    the one place a permanent becomes tapped or untapped, recorded for "whenever ~ becomes
    tapped / untapped" triggers. A permanent already that way doesn't change (returns False)."""
    g = ctx.g
    if oid not in g.objects or g.objects[oid].tapped == tapped:
        return False
    if not tapped and g.objects[oid].counters.get("stun") and g.objects[oid].zone is Zone.BATTLEFIELD:
        # CR 122.1d: "If a permanent with a stun counter on it would become untapped, instead
        # remove a stun counter from it."
        remove_counters(ctx, oid, "stun", 1)
        ctx.log("122.1d", f"{name_of(ctx, oid)} would untap: a stun counter is removed from it instead")
        return False
    g.obj(oid).tapped = tapped
    g.events.append(TapEvent(oid, tapped))
    return True
