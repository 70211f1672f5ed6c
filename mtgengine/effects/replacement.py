"""Replacement and prevention effects (CR 614-616): the pipeline every event passes through.

``apply_replacements`` takes an event that would happen (``effects.events``) and returns
the event that happens instead, or None if nothing happens. The primitives
(``effects.primitives``) call it for every zone change, damage, life gain or loss, counter,
draw and token creation; nothing else changes those, so a replacement effect can't be
bypassed.

The effects come from three places (``REPLACEMENT_SOURCES``):

- static abilities of permanents on the battlefield, ``characteristics(g, oid).script
  .replacements`` (CR 614.1a, 614.1d), and, for a permanent about to enter the
  battlefield, its own "enters tapped / with counters" abilities (CR 614.1c, 614.12);
- effects created by resolved spells and abilities, ``GameState.replacement_effects``
  (prevention and shields, CR 615.3, 615.7), which last until the turn ends;
- self-replacement effects of the resolving spell whose instruction the event is
  (CR 614.15): these apply first (CR 616.1a).

When two or more apply, the affected player (or the controller of the affected object)
chooses which applies first (CR 616.1) with an "order" decision; after each one the
applicable effects are looked for again (CR 616.1f), and each applies to an event at most
once (CR 614.5). Instances of an identical effect (two Furnaces of Rath) are applied
without asking: their order can't matter; nor can that of a permanent's own "enters tapped"
and "enters with counters" abilities (CR 614.1c-d: Skyshroud Behemoth, or a Clone copying it,
CR 707.5), which change separate parts of the entering event.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Callable

from ..agents.decisions import Decision, player_of
from ..cards.compiler.keywords import PROTECTION_TYPES
from ..cards.compiler.lexicon import creature_type_plural
from ..cards.vocabulary import SUNBURST, Condition, Filter, Quantity, ReplacementAbility
from ..core.enums import Zone
from ..core.mana import COLOR_WORDS
from ..core.errors import IllegalActionError
from .events import CountersEvent, DamageEvent, DrawEvent, LifeEvent, ResolvedReplacement, TokensEvent, ZoneChange
from .events import ManaEvent, ProliferateEvent
from .cast_keywords import INSTEAD_TO, KEYWORD_REPLACEMENT_KINDS, KEYWORD_RULES, keyword_replacements
from ..rules.commander import is_commander
from .layers import characteristics, controller_of, matches, object_name, permanents_with
from .link_records import CostContext
from .counts import count
from .link_values import linked_amount
from .devour import DEVOURED, devour
from .tribute import TRIBUTE, tribute
from .dredge import any_dredge, dredge_abilities, dredge_instead, is_dredge
from .resolve import Resolving, execute
from .counter_rules import FINALITY, SHIELD, SHIELD_SPENT, finality_effect, note_shield_used, shield_effect
from .triggers import condition_holds as holds

if TYPE_CHECKING:
    from ..rules.context import Ctx
    from ..state.game_state import GameState


#: Zones as module constants: reading a member off the Zone class costs several times a
#: global's in CPython 3.11 (``EnumType`` defines ``__getattr__``); the pipeline reads them often.
_BATTLEFIELD, _EXILE, _GRAVEYARD, _STACK = Zone.BATTLEFIELD, Zone.EXILE, Zone.GRAVEYARD, Zone.STACK
_HAND, _LIBRARY = Zone.HAND, Zone.LIBRARY


@dataclass(frozen=True, slots=True)
class Candidate:
    """One replacement or prevention effect that applies to an event."""

    key: str                      # its identity: it applies at most once to an event (CR 614.5)
    ability: ReplacementAbility
    controller: int               # "you" of the ability
    source: int                   # the object it comes from (0: none left, a resolved spell's effect)
    name: str                     # its source's name, for the log and the order decision
    resolved: ResolvedReplacement | None = None

    @property
    def signature(self) -> tuple[Any, ...]:
        """Identical instances (two Furnaces of Rath) have the same signature."""
        r = self.resolved
        return (self.ability, r.affected, r.remaining) if r is not None else (self.ability,)


Source = Callable[["Ctx", Any, str], "list[Candidate]"]


# -- the pipeline ----------------------------------------------------------------------------
def apply_replacements(ctx: Ctx, event: Any) -> Any:
    """The event that happens instead of ``event`` (None: nothing happens) once every
    applicable replacement and prevention effect has been applied to it (CR 614-616).

    A draw replaced by "draw N cards instead" comes back as a ``DrawEvent`` with ``count``
    N and ``applied`` the effects that replaced it: the caller makes those N draws, each a
    new event those effects don't replace again (CR 614.5, 614.11a)."""
    kind = event_kind(event)
    if kind is None:
        return event
    g = ctx.g
    chars = g._chars
    # the effects applied so far (CR 614.5), and the affected player's answer by signature: made
    # once one applies (most events find none)
    applied: Any = event.applied if event.__class__ is DrawEvent else ()
    order: list[tuple[Any, ...]] | None = None
    while True:
        # (events are final classes: ``__class__ is`` tests what ``isinstance`` would, without a call)
        if event.__class__ is DamageEvent and event.amount <= 0:
            return None                        # CR 614.7a: 0 damage is no event to replace
        # the sources that may find an effect: the permanents' abilities only if one watches
        # this kind of event (or it is an entering permanent's own), the resolved effects only
        # if there are any
        replaced = chars.get(_REPLACED_KINDS)  # type: ignore[call-overload]
        if replaced is None:
            replaced = _replaced_kinds(g)
        key = (kind, kind == "enters" or kind in replaced, bool(g.replacement_effects))
        sources = _SOURCES_BY_KIND.get(key)
        if sources is None:
            sources = _sources_for(key)
        if not sources:
            return event                       # nothing could replace it (mana, a death with no watcher)
        candidates: list[Candidate] = []
        for source in sources:
            found = source(ctx, event, kind)   # most find none: no list built per source then
            if found:
                candidates += found
        if applied and candidates:
            candidates = [c for c in candidates if c.key not in applied]
        if not candidates:
            return event
        if order is None:
            order = []
            applied = set(applied)
        own = [c for c in candidates if c.ability.self_replacement]
        chosen = _choose(ctx, event, own or candidates, order)     # CR 616.1a: self-replacement first
        applied.add(chosen.key)
        event = _apply(ctx, chosen, event)
        if event is None:
            return None
        if event.__class__ is DrawEvent and event.count != 1:
            return replace(event, applied=frozenset(applied))


def event_kind(event: Any) -> str | None:
    """The ``ReplacementAbility.event`` that watches ``event``, or None. (The event types of
    ``effects.events`` have no subclasses: the class itself says which one it is.)"""
    cls = event.__class__
    if cls is ZoneChange:                              # most events are moves
        to_zone = event.to_zone
        if to_zone is _BATTLEFIELD:
            return "enters"
        from_zone = event.from_zone
        if from_zone is _BATTLEFIELD and to_zone is _GRAVEYARD:
            return "dies"                              # CR 700.4 (Void Maw, CR 614.1a)
        if from_zone is _STACK and to_zone is not _EXILE:
            return "leaves_stack"                      # flashback (CR 702.34a)
        if to_zone is _HAND or to_zone is _LIBRARY:
            return "to_hand_or_library"                # a commander's (CR 903.9b)
        if from_zone is _HAND and event.cause == "discard":
            return "discard"                           # madness (CR 702.35a)
        if to_zone is _GRAVEYARD:
            return "to_graveyard"                      # "... from anywhere, exile it instead" (CR 614.1a)
        return None
    kind = _KIND_OF_TYPE.get(cls)
    if kind is not None:
        return kind
    if cls is LifeEvent:
        return "gain_life" if event.amount > 0 else "life_reduced" if event.amount < 0 else None
    if cls is ManaEvent:
        return "tapped_for_mana" if event.tapped else None
    return None


#: The kinds of the moves that may put an object into a graveyard (``event_kind`` gives each move
#: one kind): what an effect watching "would be put into a graveyard from anywhere" (CR 614.1a,
#: Rest in Peace; event "to_graveyard") looks at, each move whose destination is a graveyard.
_TO_GRAVEYARD_KINDS = frozenset({"to_graveyard", "dies", "discard", "leaves_stack"})
#: The kind of the event types that have one kind whatever their contents (``event_kind``).
_KIND_OF_TYPE: dict[type, str] = {DamageEvent: "damage", ProliferateEvent: "proliferate", DrawEvent: "draw",
                                  CountersEvent: "counters", TokensEvent: "tokens"}


def may_replace(g: GameState, *kinds: str) -> bool:
    """Whether an effect may replace an event of one of ``kinds`` that names no resolving spell and is
    no damage (a draw, a card put into a hand), but for the Commander rule (CR 903.9b, asked
    about the card itself): a permanent's replacement ability of that kind or a resolved
    replacement effect of it (CR 614.1, 615.3); else ``apply_replacements`` returns the event
    as it is, asking nothing."""
    if not _replaced_kinds(g).isdisjoint(kinds):
        return True
    if "draw" in kinds and any_dredge(g):
        return True                                 # a card in a graveyard with dredge (CR 702.52a)
    for r in g.replacement_effects:
        if r.ability.event in kinds:
            return True
    return False


# -- where effects come from -----------------------------------------------------------------
def _static_candidates(ctx: Ctx, event: Any, kind: str) -> list[Candidate]:
    """Static abilities of permanents (CR 614.1), and an entering permanent's own "enters
    tapped / with counters" (CR 614.1c, 614.12: as it would exist on the battlefield)."""
    g = ctx.g
    out: list[Candidate] = []
    for sid, ch in permanents_with(g, "replacements"):        # in battlefield order
        for i, ab in enumerate(ch.script.replacements):
            if (ab.event != kind and not (ab.event == "to_graveyard" and kind in _TO_GRAVEYARD_KINDS
                                          and event.to_zone is _GRAVEYARD)) \
                    or ab.self_replacement or (kind == "enters" and ab.itself):
                continue
            if _applies(g, ab, event, ch.controller, sid):
                out.append(Candidate(f"{sid}:{i}", ab, ch.controller, sid, ch.name))
    if kind == "enters" and event.oid in g.objects and g.objects[event.oid].zone is not _BATTLEFIELD:
        ch = characteristics(g, event.oid)
        you = _entering_controller(g, event)
        for i, ab in enumerate(ch.script.replacements):
            if ab.event == "enters" and ab.itself and not ab.self_replacement \
                    and _applies(g, ab, event, you, event.oid):
                out.append(Candidate(f"{event.oid}:{i}", ab, you, event.oid, ch.name))
    return out


def _resolved_candidates(ctx: Ctx, event: Any, kind: str) -> list[Candidate]:
    """Effects of resolved spells and abilities that haven't ended (CR 615.3, 615.7)."""
    g = ctx.g
    out: list[Candidate] = []
    for r in g.replacement_effects:
        if r.unpreventable or r.no_life_gain or r.turn != g.turn or r.remaining == 0 or r.ability.event != kind:
            continue
        if r.affected and not ((isinstance(event, DamageEvent) and event.target == r.affected)
                               or (isinstance(event, ZoneChange) and event.oid == r.affected)):
            continue
        if r.from_source and not (isinstance(event, DamageEvent) and event.source == r.from_source):
            continue                                    # CR 609.7a: the chosen source only
        if _applies(g, r.ability, event, r.controller, 0):
            out.append(Candidate(f"r{r.key}", r.ability, r.controller, 0, r.source_name, r))
    return out


def _self_candidates(ctx: Ctx, event: Any, kind: str) -> list[Candidate]:
    """Self-replacement effects of the spell whose instruction this is (CR 614.15)."""
    g = ctx.g
    origin = event.source if event.__class__ is DamageEvent else getattr(event, "origin", 0)
    if not origin or origin not in g.objects or g.objects[origin].zone is not Zone.STACK:
        return []
    ch = characteristics(g, origin)
    return [Candidate(f"s{origin}:{i}", ab, ch.controller, origin, ch.name)
            for i, ab in enumerate(ch.script.replacements)
            if ab.self_replacement and ab.event == kind and _applies(g, ab, event, ch.controller, origin)]


_PROTECTION = ReplacementAbility("damage", prevent=True, text="protection (CR 702.16e)")


def has_protection_from(ch: Any, source: Any) -> bool:
    """CR 702.16: does an object with ``ch`` have protection from a source with ``source``'s
    characteristics (a color, creatures, or everything)?"""
    for kw in ch.keywords:
        if not kw.startswith("protection from "):
            continue
        quality = kw[len("protection from "):]
        if quality == "everything" or (quality == "creatures" and "Creature" in source.types):
            return True
        if COLOR_WORDS.get(quality) in source.colors:
            return True
        if PROTECTION_TYPES.get(quality) in source.types or (quality == "multicolored" and len(source.colors) > 1):
            return True
        if any(creature_type_plural(k).lower() == quality for k in source.subtypes):
            return True                                # "protection from Demons" (Baneslayer Angel)
    return False


def _protection_candidates(ctx: Ctx, event: Any, kind: str) -> list[Candidate]:
    """CR 702.16e: damage from a source with the stated quality to a permanent with protection
    is prevented — a prevention effect like any other (CR 615)."""
    if kind != "damage" or event.target not in ctx.g.objects:
        return []
    g = ctx.g
    source = characteristics(g, event.source) if event.source in g.objects else g.lki.get(event.source)
    target = characteristics(g, event.target)
    if source is None or not has_protection_from(target, source):
        return []
    return [Candidate(f"p{event.target}", _PROTECTION, target.controller, event.target, target.name)]


def _finality_candidates(ctx: Ctx, event: Any, kind: str) -> list[Candidate]:
    """CR 122.1h: a permanent with a finality counter that would die is exiled instead."""
    ab = finality_effect(ctx.g, event) if kind == "dies" else None
    if ab is None:
        return []
    ch = characteristics(ctx.g, event.oid)
    return [Candidate(f"finality{event.oid}", ab, ch.controller, event.oid, ch.name)]


def _dredge_candidates(ctx: Ctx, event: Any, kind: str) -> list[Candidate]:
    """CR 702.52a: the dredge cards in the drawing player's graveyard (``dredge``)."""
    return [Candidate(f"dredge{oid}", ab, event.player, oid, object_name(ctx.g, oid))
            for oid, ab in dredge_abilities(ctx.g, event.player)] if kind == "draw" else []


def _shield_candidates(ctx: Ctx, event: Any, kind: str) -> list[Candidate]:
    """CR 122.1c: damage to a permanent with a shield counter is prevented (``shield_counters``)."""
    ab = shield_effect(ctx.g, event) if kind == "damage" and event.target in ctx.g.objects else None
    if ab is None:
        return []
    target = characteristics(ctx.g, event.target)
    return [Candidate(f"shield{event.target}", ab, target.controller, event.target, target.name)]


_FLASHBACK = ReplacementAbility("leaves_stack", itself=True, exile=True,
                                text="flashback: exile it instead of putting it anywhere else (CR 702.34a)")


_AFTERMATH = ReplacementAbility("leaves_stack", itself=True, exile=True,
                                text="aftermath: cast from a graveyard, exile it instead of putting it anywhere else "
                                     "(CR 702.127a)")


def _flashback_candidates(ctx: Ctx, event: Any, kind: str) -> list[Candidate]:
    """CR 702.34a: a spell cast with flashback is exiled instead of going anywhere else when
    it leaves the stack (resolving, countered, or fizzling); so is an aftermath half cast from a
    graveyard (CR 702.127a)."""
    g = ctx.g
    if kind != "leaves_stack" or event.oid not in g.objects:
        return []
    choices = g.objects[event.oid].choices
    if not choices or not (choices.get("flashback") or choices.get("aftermath")):
        return []
    return [Candidate(f"f{event.oid}", _FLASHBACK if choices.get("flashback") else _AFTERMATH,
                      g.objects[event.oid].controller, event.oid, object_name(g, event.oid))]


def _cast_keyword_candidates(ctx: Ctx, event: Any, kind: str) -> list[Candidate]:
    """The rules of the casting keywords: buyback, jump-start, unearth, madness (``effects.cast_keywords``)."""
    return [Candidate(key, ab, controller, source, object_name(ctx.g, event.oid))
            for key, ab, controller, source in keyword_replacements(ctx.g, event, kind)]


_TO_COMMAND_ZONE = ReplacementAbility("to_hand_or_library", text="a commander would be put into its owner's hand "
                                      "or library: its owner may put it into the command zone instead (CR 903.9b)")


def _commander_candidates(ctx: Ctx, event: Any, kind: str) -> list[Candidate]:
    """CR 903.9b: a rule of the Commander variant, not an ability: if a commander would be put
    into its owner's hand or library from anywhere, its owner may put it into the command zone
    instead."""
    if kind not in ("to_hand_or_library", "leaves_stack") or event.to_zone not in (_HAND, _LIBRARY):
        return []                                   # (a spell returned to its owner's hand: "leaves_stack")
    g = ctx.g
    o = g.objects.get(event.oid)
    if o is None or not g.players[o.owner].commanders:
        return []                                   # (no commander of its owner's: most games)
    if not is_commander(g, event.oid) or event.to_player != o.owner:
        return []
    owner = o.owner
    return [Candidate(f"c903:{event.oid}", _TO_COMMAND_ZONE, owner, 0, "the Commander rules")]


#: Functions listing the replacement effects that apply to an event (``event_kind`` gives
#: the kind); the pipeline asks each of them.
REPLACEMENT_SOURCES: tuple[Source, ...] = (_self_candidates, _static_candidates, _resolved_candidates,
                                           _protection_candidates, _flashback_candidates, _commander_candidates,
                                           _cast_keyword_candidates, _shield_candidates, _dredge_candidates,
                                           _finality_candidates)
#: The event type behind each kind (``event_kind``).
_TYPE_OF_KIND: dict[str, type] = {
    "enters": ZoneChange, "dies": ZoneChange, "leaves_stack": ZoneChange, "to_hand_or_library": ZoneChange,
    "discard": ZoneChange, "to_graveyard": ZoneChange,
    "gain_life": LifeEvent, "life_reduced": LifeEvent, "tapped_for_mana": ManaEvent,
    **{kind: cls for cls, kind in _KIND_OF_TYPE.items()}}
#: The kinds whose events name no resolving spell (no ``origin``; damage names its ``source``):
#: a zone change, mana, proliferating. A self-replacement effect (CR 614.15) replaces an event of
#: its spell's own instructions, so ``_self_candidates`` finds nothing for them.
_NO_SPELL_KINDS = frozenset(kind for kind, cls in _TYPE_OF_KIND.items()
                            if cls is not DamageEvent and "origin" not in cls.__slots__)
#: The kinds of event a source can list effects for, if not every kind.
_SOURCE_KINDS: dict[Source, frozenset[str]] = {
    _protection_candidates: frozenset({"damage"}),
    _shield_candidates: frozenset({"damage"}),
    _dredge_candidates: frozenset({"draw"}),
    _finality_candidates: frozenset({"dies"}),
    _flashback_candidates: frozenset({"leaves_stack"}),
    _commander_candidates: frozenset({"to_hand_or_library", "leaves_stack"}),
    _cast_keyword_candidates: KEYWORD_REPLACEMENT_KINDS,
}
#: The sources to ask for each kind of event, in ``REPLACEMENT_SOURCES`` order, by (kind, whether
#: the permanents' abilities may apply, whether there are resolved effects).
_SOURCES_BY_KIND: dict[tuple[str, bool, bool], tuple[Source, ...]] = {}


def _sources_for(key: tuple[str, bool, bool]) -> tuple[Source, ...]:
    found = _SOURCES_BY_KIND.get(key)
    if found is None:
        kind, statics, resolved = key
        found = _SOURCES_BY_KIND[key] = tuple(
            source for source in REPLACEMENT_SOURCES if kind in _SOURCE_KINDS.get(source, (kind,))
            and not (source is _self_candidates and kind in _NO_SPELL_KINDS)
            and not (source is _static_candidates and not statics)
            and not (source is _resolved_candidates and not resolved))
    return found


_REPLACED_KINDS = ("replaced_kinds",)


def _replaced_kinds(g: GameState) -> frozenset[str]:
    """The kinds of event the permanents' replacement abilities watch, but for their
    self-replacement effects (CR 614.15: only their spell's own instructions): for another
    kind, ``_static_candidates`` finds nothing but an entering permanent's own "enters"
    abilities. Memoized with the characteristics, like ``permanents_with``."""
    cached = g._chars.get(_REPLACED_KINDS)          # type: ignore[call-overload]
    if cached is None:
        cached = frozenset(kind for _, ch in permanents_with(g, "replacements")
                           for ab in ch.script.replacements if not ab.self_replacement
                           for kind in (_TO_GRAVEYARD_KINDS if ab.event == "to_graveyard" else (ab.event,)))
        g._chars[_REPLACED_KINDS] = cached          # type: ignore[index]
    return cached


# -- does an effect apply? -------------------------------------------------------------------
def _applies(g: GameState, ab: ReplacementAbility, event: Any, you: int, sid: int) -> bool:
    """Whether ``ab`` (controlled by ``you``, from object ``sid``) applies to ``event``."""
    if ab.condition is not None and not condition_holds(g, ab.condition, you, sid):
        return False
    if isinstance(event, DamageEvent):
        if (ab.combat and not event.combat) or (ab.noncombat and event.combat):
            return False
        if ab.source is not None and not _object_matches(g, event.source, ab.source, you, sid):
            return False
        if ab.from_itself:
            return event.source == sid                 # Fog Bank: "dealt by ~"
        if ab.itself:
            return event.target == sid
        return ab.to is None or _recipient_matches(g, event.target, ab.to, you, sid)
    if isinstance(event, LifeEvent):
        if event.amount < 0:
            # CR 119.3, 120.3a: "if your life total would be reduced to 0 or less"
            return _whose(ab.who, event.player, you) and g.players[event.player].life + event.amount <= 0
        return event.amount > 0 and _whose(ab.who, event.player, you)
    if isinstance(event, ManaEvent):
        # CR 106.12b: "if you tap a permanent for mana"
        if not event.tapped or not _whose(ab.who, event.player, you):
            return False
        return ab.source is None or _object_matches(g, event.source, ab.source, you, sid)
    if isinstance(event, ProliferateEvent):
        return _whose(ab.who, event.player, you)
    if isinstance(event, DrawEvent):
        if ab.except_first_draw and event.first_in_step:
            return False
        return event.count == 1 and _whose(ab.who, event.player, you)
    if isinstance(event, CountersEvent):
        if ab.counter_kind and event.kind != ab.counter_kind:
            return False
        if ab.itself:
            return event.oid == sid
        return ab.to is None or _recipient_matches(g, event.oid, ab.to, you, sid)
    if isinstance(event, TokensEvent):
        return event.count > 0 and _whose(ab.who, event.controller, you) \
            and (ab.to is None or _token_matches(event.definition, ab.to))
    if isinstance(event, ZoneChange) and ab.event == "to_graveyard" and not _whose(ab.who, event.to_player, you):
        return False                                   # "into an opponent's graveyard": its owner's (CR 400.3)
    if isinstance(event, ZoneChange) and event.from_zone is Zone.BATTLEFIELD:
        # "If another creature would die": the permanent as it is now
        if ab.itself:
            return event.oid == sid
        return ab.to is None or (event.oid in g.objects and _object_matches(g, event.oid, ab.to, you, sid))
    if isinstance(event, ZoneChange):
        if ab.itself:
            return event.oid == sid
        if ab.to is None:
            return True
        return (event.oid in g.objects
                and _object_matches(g, event.oid, ab.to, you, sid, controller=_entering_controller(g, event)))
    return False


def _token_matches(definition: Any, flt: Filter) -> bool:
    """Whether the tokens a TokensEvent would create match ``flt`` ("creature tokens"), by the
    characteristics their definition gives them (CR 111.1)."""
    types = frozenset(getattr(definition, "types", ()) or ())
    if not types and hasattr(definition, "card"):        # a copy of a card: its front face's types
        card = definition.card
        types = frozenset(card.front.types) if card is not None else frozenset()
    return not (flt.types and not flt.types & types) and flt.all_types <= types and not flt.not_types & types


def _whose(who: str, player: int, you: int) -> bool:
    return who == "" or (who == "you") == (player == you)


def _entering_controller(g: GameState, event: ZoneChange) -> int:
    if event.controller is not None:
        return event.controller
    o = g.objects.get(event.oid)
    return o.controller if o is not None and o.zone is Zone.STACK else event.to_player


def _recipient_matches(g: GameState, ref: int, flt: Filter, you: int, sid: int) -> bool:
    """A player or permanent receiving damage or counters."""
    p = player_of(ref)
    if p is not None:
        return flt.players and _whose({"you": "you", "opponent": "opponent"}.get(flt.controller or "", ""), p, you)
    return flt.objects and ref in g.objects and g.objects[ref].zone is Zone.BATTLEFIELD \
        and _object_matches(g, ref, flt, you, sid)


def _object_matches(g: GameState, oid: int, flt: Filter, you: int, sid: int,
                    controller: int | None = None) -> bool:
    """``flt`` for an object anywhere (a permanent, a spell, or a source that has left, by its
    last known information, CR 609.7c), ``sid`` being the effect's source ("another");
    ``controller``: the one it will have (CR 614.12)."""
    if flt.other and oid == sid:
        return False
    if oid in g.objects:
        if controller is None:
            return matches(g, oid, flt, you, sid)
        if not matches(g, oid, replace(flt, controller=None), you, sid):
            return False
        return _controller_ok(flt, controller, you)
    ch = g.lki.get(oid)
    if ch is None:
        return False
    return (not (flt.types and not flt.types & ch.types) and flt.all_types <= ch.types
            and not flt.not_types & ch.types
            and not (flt.colors and not flt.colors & ch.colors) and not flt.not_colors & ch.colors
            and not (flt.subtypes and not flt.subtypes & ch.subtypes)
            and _controller_ok(flt, ch.controller, you))


def _controller_ok(flt: Filter, controller: int, you: int) -> bool:
    return flt.controller is None or (flt.controller == "you") == (controller == you)


def condition_holds(g: GameState, cond: Condition, you: int, sid: int = 0) -> bool:
    """A condition from ``you``'s point of view ("if you control three or more artifacts"),
    read as triggered abilities read theirs (``effects.triggers.condition_holds``)."""
    kicked = sid in g.objects and g.objects[sid].kicked
    return holds(g, cond, you, sid or None, kicked=kicked)


# -- choosing which applies first (CR 616.1) ---------------------------------------------------
def affected_player(g: GameState, event: Any) -> int:
    """The affected player, or the controller of the affected object (its owner if it has
    none), who orders the effects (CR 616.1)."""
    if isinstance(event, DamageEvent):
        ref = event.target
    elif isinstance(event, CountersEvent):
        ref = event.oid
    elif isinstance(event, (LifeEvent, DrawEvent, ManaEvent, ProliferateEvent)):
        return event.player
    elif isinstance(event, TokensEvent):
        return event.controller
    elif isinstance(event, ZoneChange):
        return _entering_controller(g, event) if event.to_zone is Zone.BATTLEFIELD else event.to_player
    else:
        raise TypeError(f"not an event: {event!r}")
    p = player_of(ref)
    if p is not None:
        return p
    return characteristics(g, ref).controller if ref in g.objects else 0


def _choose(ctx: Ctx, event: Any, pool: list[Candidate], order: list[tuple[Any, ...]]) -> Candidate:
    """The effect to apply next: the only one, the first of identical instances, the next in
    the order the affected player gave, or the player's answer to an "order" decision."""
    distinct: list[Candidate] = []
    for c in pool:
        if all(c.signature != d.signature for d in distinct):
            distinct.append(c)
    if len(distinct) == 1 or all(_independent(d.ability) for d in distinct):
        return pool[0]
    if all(d.signature in order for d in distinct):
        return min(distinct, key=lambda d: order.index(d.signature))
    g = ctx.g
    player = affected_player(g, event)
    options = _options(distinct)
    labels = [_label(c) for c in distinct]
    answer = ctx.ask(Decision(
        player, "order",
        f"order the replacement and prevention effects that apply as {describe_event(g, event)} "
        f"(the first listed applies first, CR 616.1): " + "; ".join(c.name for c in distinct),
        options, min=len(options), max=len(options), info={"replacement": True, "labels": labels}))
    answer = answer if isinstance(answer, list) else [answer]
    if not answer or any(a not in options for a in answer) or len(set(map(repr, answer))) != len(answer):
        raise IllegalActionError("list the replacement effects in the order they apply, each once: "
                                 + "; ".join(labels))
    order[:] = [distinct[options.index(a)].signature for a in answer]
    first = distinct[options.index(answer[0])]
    ctx.log("616.1", f"{g.players[player].name} chooses to apply the effect of {first.name} first")
    return first


def _independent(ab: ReplacementAbility) -> bool:
    """An entering permanent's own "enters tapped" or "enters with N counters" (CR 614.1c-d,
    614.12): it sets its own part of the event, so its order among such effects can't matter."""
    return ab.event == "enters" and ab.itself and not ab.also and (ab.tapped or bool(ab.enters_counters))


def _options(distinct: list[Candidate]) -> list[Any]:
    """The decision's options: each effect's source object where it has one (so a scenario
    may name it), else its source's name (numbered if several share it)."""
    out: list[Any] = []
    sources = [c.source for c in distinct]
    for c in distinct:
        if c.source and sources.count(c.source) == 1:
            out.append(c.source)
            continue
        name, n = c.name, 1
        while name in out:
            n += 1
            name = f"{c.name} #{n}"
        out.append(name)
    return out


def _label(c: Candidate) -> str:
    return f"{c.name}: {c.ability.text}" if c.ability.text else c.name


# -- applying an effect ----------------------------------------------------------------------
def _apply(ctx: Ctx, c: Candidate, event: Any) -> Any:
    event = _apply_one(ctx, c, event)
    if c.ability.also:
        _also(ctx, c)
    return event


def _also(ctx: Ctx, c: Candidate) -> None:
    """The effects a replacement effect's controller performs in addition ("instead you draw
    two cards and you lose 1 life", Blood Scrivener): part of the modified event (CR 614.1a)."""
    execute(ctx, c.ability.also, Resolving(c.source, c.controller, (), (), name=c.name))


def _apply_one(ctx: Ctx, c: Candidate, event: Any) -> Any:
    g = ctx.g
    ab = c.ability
    rule = KEYWORD_RULES.get(ab) or ("614.15" if ab.self_replacement else ("702.127a" if ab is _AFTERMATH else
                                                                         "702.34a")
                                     if ab.event == "leaves_stack" else "614.1a")
    what = describe_event(g, event)
    if isinstance(event, DamageEvent):
        if ab.prevent:
            return _prevent(ctx, c, event, what)
        amount = _modified(g, c, event, event.amount)
        ctx.log("701.10g" if ab.multiply == 2 and ab.amount is None and not ab.add else rule,
                f"{c.name}: {what}; it deals {amount} instead")
        return replace(event, amount=amount)
    if isinstance(event, LifeEvent) and event.amount < 0:
        return _life_reduced(ctx, c, event, what)
    if isinstance(event, LifeEvent):
        amount = _modified(g, c, event, event.amount)
        ctx.log(rule, f"{c.name}: {what}; they gain {amount} life instead")
        return replace(event, amount=amount)
    if isinstance(event, ManaEvent):
        # CR 106.12b: "it produces twice (three times) as much of that mana instead"
        mana = tuple(m for m in event.mana for _ in range(max(0, ab.multiply)))
        ctx.log(rule, f"{c.name}: {what}; it produces {_symbols(mana)} instead")
        return replace(event, mana=mana)
    if isinstance(event, ProliferateEvent):
        count = event.count * ab.multiply + ab.add
        ctx.log(rule, f"{c.name}: {what}; they proliferate {count} times instead")
        return replace(event, count=count)
    if isinstance(event, DrawEvent):
        if is_dredge(ab):
            return None if dredge_instead(ctx, c.source, c.controller, ab, what) else event
        if ab.draw:
            ctx.log("614.11", f"{c.name}: {what}; they draw {ab.draw} cards instead")
            return replace(event, count=ab.draw)
        return event
    if isinstance(event, CountersEvent):
        amount = _modified(g, c, event, event.amount)
        ctx.log("614.16", f"{c.name}: {what}; {amount} are put on instead")
        return replace(event, amount=amount)
    if isinstance(event, TokensEvent):
        count = _modified(g, c, event, event.count)
        ctx.log("614.16", f"{c.name}: {what}; {count} are created instead")
        return replace(event, count=count)
    if isinstance(event, ZoneChange) and ab is _TO_COMMAND_ZONE:
        name = object_name(g, event.oid)
        if not ctx.ask(Decision(c.controller, "yesno", f"put your commander {name} into the command zone instead "
                                f"of your {event.to_zone.value} (CR 903.9b)?", [True, False])):
            return event
        ctx.log("903.9b", f"{g.players[c.controller].name} puts {name} into the command zone instead of their "
                f"{event.to_zone.value}")
        return replace(event, to_zone=Zone.COMMAND)
    if isinstance(event, ZoneChange) and ab in INSTEAD_TO:
        to_zone = INSTEAD_TO[ab]                   # buyback (CR 702.27a)
        ctx.log(rule, f"{c.name}: {what}; it is put into its owner's {to_zone.value} instead")
        return replace(event, to_zone=to_zone, to_player=g.objects[event.oid].owner)
    if isinstance(event, ZoneChange) and ab.exile:
        # "exile it instead" (CR 614.1a); exiled "with" the source (CR 607.2b)
        ctx.log("122.1h" if ab is FINALITY else rule, f"{c.name}: {what}; it is exiled instead")
        return replace(event, to_zone=Zone.EXILE, linked=(c.source, ab.link) if ab.link else (0, ""))
    if isinstance(event, ZoneChange):
        if ab.tapped and not event.tapped \
                and not (ab.unless_life and _pays_life_instead(ctx, c, ab.unless_life, event)):   # Blood Crypt
            ctx.log("614.1d", f"{c.name}: {object_name(g, event.oid)} enters the battlefield tapped")
            event = replace(event, tapped=True)
        if ab.enters_counters and ab.optional and not _chooses_counters(ctx, c, event):
            if ab.declined_keywords:            # riot: "If you don't, it gains haste" (CR 702.136a)
                ctx.log("702.136a", f"{c.name}: {object_name(g, event.oid)} enters the battlefield with "
                        f"{', '.join(sorted(ab.declined_keywords))}")
                event = replace(event, keywords=event.keywords | ab.declined_keywords)
        elif ab.enters_counters:
            kind = ab.enters_counters
            if kind == SUNBURST:
                # CR 702.44a: +1/+1 counters if it enters as a creature, else charge counters
                kind = "+1/+1" if event.oid in g.objects and "Creature" in characteristics(g, event.oid).types \
                    else "charge"
            stat = ab.amount.stat if ab.amount is not None else ""
            n = devour(ctx, event.oid, _entering_controller(g, event), c.name) * ab.amount.scale if stat == DEVOURED \
                else tribute(ctx, event.oid, _entering_controller(g, event), c.name, ab.amount.fixed) \
                if stat == TRIBUTE else _quantity(g, ab.amount or Quantity(), c, event)
            ctx.log("614.1c", f"{c.name}: {object_name(g, event.oid)} enters the battlefield with {n} "
                    f"{kind} counter(s) on it")
            event = replace(event, counters=event.counters + ((kind, n),))
        if ab.enters_keywords:
            ctx.log("614.1c", f"{c.name}: {object_name(g, event.oid)} enters the battlefield with "
                    f"{', '.join(sorted(ab.enters_keywords))}")
            event = replace(event, keywords=event.keywords | ab.enters_keywords)
        return event
    return event


def _chooses_counters(ctx: Ctx, c: Candidate, event: ZoneChange) -> bool:
    """ "You may have ~ enter with an additional +1/+1 counter on it" (unleash, riot: CR 702.98a,
    702.136a): the player it would enter under chooses as it enters (CR 614.12)."""
    player = event.controller if event.controller is not None else c.controller
    return bool(ctx.ask(Decision(player, "yesno", f"have {object_name(ctx.g, event.oid)} enter with "
                                 f"{c.ability.enters_counters} counter(s) on it ({c.name})?", [True, False])))


def _pays_life_instead(ctx: Ctx, c: Candidate, amount: int, event: ZoneChange) -> bool:
    """ "As ~ enters, you may pay 2 life. If you don't, it enters tapped." (CR 614.12): the player
    it would enter under chooses as it enters, and may pay only with that much life (CR 119.4)."""
    from .primitives import lose_life           # primitives build on the pipeline
    g = ctx.g
    player = event.controller if event.controller is not None else c.controller
    if not g.players[player].can_pay_life(amount):
        return False
    name = object_name(g, event.oid)
    if not ctx.ask(Decision(player, "yesno", f"pay {amount} life so that {name} enters untapped?", [True, False])):
        return False
    lose_life(ctx, player, amount, rule="119.4")
    ctx.log("614.12", f"{g.players[player].name} pays {amount} life as {name} enters; it enters untapped")
    return True


def _symbols(mana: tuple[str, ...]) -> str:
    return "".join("{" + m + "}" for m in mana) or "no mana"


def _life_reduced(ctx: Ctx, c: Candidate, event: LifeEvent, what: str) -> None:
    """Enduring Angel: "If your life total would be reduced to 0 or less, instead transform
    ~ and your life total becomes 3. Then if ~ didn't transform this way, you lose the game."
    The loss doesn't happen; the permanent transforms (CR 701.27a) and the life total is set
    (CR 119.5: the player gains or loses the difference)."""
    from .primitives import gain_life, lose_game, lose_life, transform   # primitives build on the pipeline
    g = ctx.g
    ab = c.ability
    ctx.log("614.1a", f"{c.name}: {what}; instead it transforms and their life total becomes "
            f"{ab.amount.fixed if ab.amount else 0}")
    transformed = bool(ab.transform and c.source and transform(ctx, c.source))
    target = _quantity(g, ab.amount or Quantity(), c, event)
    life = g.players[event.player].life
    if target > life:
        gain_life(ctx, event.player, target - life, rule="119.5")
    elif target < life:
        lose_life(ctx, event.player, life - target, rule="119.5")
    if ab.transform and not transformed:
        lose_game(ctx, event.player, f"{c.name} didn't transform")
    return None


def _modified(g: GameState, c: Candidate, event: Any, amount: int) -> int:
    ab = c.ability
    if ab.amount is not None:
        return _quantity(g, ab.amount, c, event)
    return max(0, amount * ab.multiply + ab.add)


def _quantity(g: GameState, q: Quantity, c: Candidate, event: Any) -> int:
    """A number in a replacement effect. X is the X of the spell it comes from (the spell
    that becomes the entering permanent, CR 107.3m)."""
    value = q.fixed
    if q.stat in ("colors_spent", "times_kicked") and isinstance(event, ZoneChange):
        # (multikicker: the kicker costs paid for that spell, CR 702.33c)
        # converge, sunburst: the colors spent to cast the spell that becomes the permanent (CR 702.44a)
        return value + (count(g, q, c.controller, event.oid) or 0)
    if q.x:
        spell = event.oid if isinstance(event, ZoneChange) else c.source
        o = g.objects.get(spell)
        value += o.x if o is not None and o.zone is Zone.STACK else 0
    if q.link:
        # "for each instant and sorcery card exiled with it" (CR 607.2q): read from the spell that
        # becomes the entering permanent, or the source
        source = event.oid if isinstance(event, ZoneChange) and event.to_zone is Zone.BATTLEFIELD else c.source
        return value + q.scale * linked_amount(g, q, CostContext(source, c.controller))
    counted = count(g, q, c.controller, c.source)
    return value + (counted or 0)


def damage_unpreventable(g: GameState) -> bool:
    """CR 615.12: an effect said damage can't be prevented this turn."""
    return any(r.unpreventable and r.turn == g.turn for r in g.replacement_effects)


def _prevent(ctx: Ctx, c: Candidate, event: DamageEvent, what: str) -> DamageEvent | None:
    """CR 615: prevent all of the damage, or as much as a shield has left (CR 615.7)."""
    g = ctx.g
    if damage_unpreventable(g):
        # CR 615.12: the effect applies but prevents nothing, and a shield isn't reduced.
        ctx.log("615.12", f"{c.name}: {what}; the damage can't be prevented")
        return event
    r = c.resolved
    if r is not None and r.remaining > 0:
        prevented = min(r.remaining, event.amount)
        _set_effects(g, tuple(replace(x, remaining=x.remaining - prevented) if x.key == r.key else x
                              for x in g.replacement_effects))
        ctx.log("615.7", f"{c.name}: {what}; {prevented} of it is prevented "
                f"({r.remaining - prevented} left of the shield)")
        left = event.amount - prevented
        return replace(event, amount=left) if left > 0 else None
    if r is not None and r.once:
        # "the next time ... prevent that damage": used up (CR 609.7b)
        _set_effects(g, tuple(x for x in g.replacement_effects if x.key != r.key))
        ctx.log("609.7a", f"{c.name}: {what}; the damage is prevented (the effect is used up)")
        return None
    if c.ability is _PROTECTION:
        ctx.log("702.16e", f"{c.name} has protection: {what}; the damage is prevented")
    elif c.ability is SHIELD or c.ability is SHIELD_SPENT:
        note_shield_used(g, event)
        ctx.log("122.1c", f"{c.name}'s shield counter: {what}; the damage is prevented")
    else:
        ctx.log("615.1a", f"{c.name}: {what}; the damage is prevented")
    return None


# -- effects created by resolving spells and abilities -----------------------------------------
def _set_effects(g: GameState, effects: tuple[ResolvedReplacement, ...]) -> None:
    g.replacement_effects = tuple(r for r in effects if r.turn == g.turn)   # the ended ones go
    g.version += 1


def create_prevention(ctx: Ctx, controller: int, source_name: str, text: str, affected: list[int] | None,
                      amount: int | None, combat: bool = False, from_source: int = 0,
                      source_filter: Filter | None = None, once: bool = True) -> None:
    """A prevention effect of a resolving spell or ability, lasting this turn (CR 615.3):
    all damage (``amount`` None) or a shield of ``amount`` for each of ``affected``
    (CR 615.7, 615.11); ``affected`` None: damage to anything. ``from_source``: only its
    damage, the next time (``once``, CR 609.7a) or all this turn ("dealt by target creature")."""
    g = ctx.g
    ability = ReplacementAbility("damage", combat=combat, prevent=True, text=text, source=source_filter)
    new = tuple(ResolvedReplacement(g.new_timestamp(), ability, controller, source_name, g.turn, ref,
                                    -1 if amount is None else amount, from_source=from_source,
                                    once=bool(from_source) and once)
                for ref in (affected if affected is not None else [0]))
    _set_effects(g, g.replacement_effects + new)
    for r in new:
        whom = f" to {object_name(g, r.affected)}" if r.affected else ""
        if from_source and not once:
            ctx.log("615.1a", f"{source_name}: all {'combat ' if combat else ''}damage {object_name(g, from_source)} "
                    f"would deal{whom} this turn will be prevented")
            continue
        if from_source:
            ctx.log("609.7a", f"{source_name}: the next time {object_name(g, from_source)} would deal damage{whom} "
                    "this turn, that damage will be prevented")
            continue
        ctx.log("615.7" if amount is not None else "615.1a",
                f"{source_name}: the next {amount} damage that would be dealt{whom} this turn will be prevented"
                if amount is not None else
                f"{source_name}: all {'combat ' if combat else ''}damage that would be dealt{whom} this turn "
                "will be prevented")


def exile_if_dies(ctx: Ctx, controller: int, source_name: str, affected: list[int]) -> None:
    """ "If that creature would die this turn, exile it instead" (CR 614.1a, 700.4): one
    replacement effect for each object, lasting this turn (a new object after a zone change is
    another object, CR 400.7)."""
    g = ctx.g
    ability = ReplacementAbility("dies", exile=True, text="If that creature would die this turn, exile it instead.")
    new = tuple(ResolvedReplacement(g.new_timestamp(), ability, controller, source_name, g.turn, oid)
                for oid in affected)
    _set_effects(g, g.replacement_effects + new)
    for oid in affected:
        ctx.log("614.1a", f"{source_name}: if {object_name(g, oid)} would die this turn, it is exiled instead")


def life_gain_forbidden(g: GameState) -> bool:
    """CR 119.7: an effect said players can't gain life this turn (Skullcrack)."""
    return any(r.no_life_gain and r.turn == g.turn for r in g.replacement_effects)


def forbid_life_gain(ctx: Ctx, controller: int, source_name: str) -> None:
    """CR 119.7: "Players can't gain life this turn": no effect makes a player gain life."""
    _rule_for_the_turn(ctx, controller, source_name, "life", "Players can't gain life this turn.", "119.7",
                       no_life_gain=True)


def make_unpreventable(ctx: Ctx, controller: int, source_name: str) -> None:
    """CR 615.12: damage can't be prevented this turn."""
    _rule_for_the_turn(ctx, controller, source_name, "damage", "Damage can't be prevented this turn.", "615.12",
                       unpreventable=True)


def _rule_for_the_turn(ctx: Ctx, controller: int, source_name: str, event: str, text: str, rule: str,
                       **flag: bool) -> None:
    """Records a resolved spell's rule change that lasts for the turn (kept with the turn's
    replacement effects, which the event checks read) and logs it."""
    g = ctx.g
    record = ResolvedReplacement(g.new_timestamp(), ReplacementAbility(event, text=text),
                                 controller, source_name, g.turn, **flag)
    _set_effects(g, g.replacement_effects + (record,))
    ctx.log(rule, f"{source_name}: {text[0].lower()}{text[1:-1]}")


# -- words -----------------------------------------------------------------------------------


def describe_event(g: GameState, event: Any) -> str:
    """What would happen, in words."""
    if isinstance(event, DamageEvent):
        return (f"{object_name(g, event.source)} would deal {event.amount} {'combat ' if event.combat else ''}damage "
                f"to {object_name(g, event.target)}")
    if isinstance(event, LifeEvent) and event.amount < 0:
        return (f"{g.players[event.player].name}'s life total would be reduced to "
                f"{g.players[event.player].life + event.amount}")
    if isinstance(event, LifeEvent):
        return f"{g.players[event.player].name} would gain {event.amount} life"
    if isinstance(event, ManaEvent):
        return f"{object_name(g, event.source)} would produce {_symbols(event.mana)}"
    if isinstance(event, ProliferateEvent):
        return f"{g.players[event.player].name} would proliferate"
    if isinstance(event, DrawEvent):
        return f"{g.players[event.player].name} would draw a card"
    if isinstance(event, CountersEvent):
        return f"{event.amount} {event.kind} counter(s) would be put on {object_name(g, event.oid)}"
    if isinstance(event, TokensEvent):
        return (f"{g.players[event.controller].name} would create {event.count} "
                f"{getattr(event.definition, 'name', '')} token(s)")
    if isinstance(event, ZoneChange) and event.to_zone in (Zone.HAND, Zone.LIBRARY):
        return f"{object_name(g, event.oid)} would be put into a {event.to_zone.value}"
    if isinstance(event, ZoneChange) and event.from_zone is Zone.BATTLEFIELD:
        return f"{object_name(g, event.oid)} would die"
    if isinstance(event, ZoneChange) and event.from_zone is Zone.STACK and event.to_zone is not Zone.BATTLEFIELD:
        return f"{object_name(g, event.oid)} would leave the stack for the {event.to_zone.value}"
    if isinstance(event, ZoneChange) and event.cause == "discard" and event.from_zone is Zone.HAND:
        return f"{object_name(g, event.oid)} would be discarded into its owner's graveyard"
    if isinstance(event, ZoneChange):
        return f"{object_name(g, event.oid)} would enter the battlefield"
    return repr(event)


def shield_order(ctx: Ctx, assignments: list[tuple[int, int, int]], combat: bool) -> list[tuple[int, int, int]]:
    """CR 615.7: when two or more sources would deal damage at the same time to a permanent or
    player with a prevention shield that can't prevent all of it, that player or the permanent's
    controller chooses which damage the shield prevents: asked as an order of the sources (the
    first listed is prevented first; unlisted ones follow in assignment order). ``assignments``
    are (source, recipient, amount), dealt in the returned order."""
    g = ctx.g
    out = list(assignments)
    if damage_unpreventable(g):
        return out
    for target in dict.fromkeys(t for _s, t, _n in assignments):
        shields = [r for r in g.replacement_effects
                   if r.turn == g.turn and r.remaining > 0 and r.ability.prevent and r.affected == target
                   and (combat or not r.ability.combat)]
        mine = [a for a in out if a[1] == target]
        sources = list(dict.fromkeys(s for s, _t, _n in mine))
        if not shields or len(sources) < 2 or sum(n for _s, _t, n in mine) <= shields[0].remaining:
            continue
        p = player_of(target)
        who = p if p is not None else controller_of(g, target)
        answer = ctx.ask(Decision(who, "order", f"{shields[0].source_name}'s shield can't prevent all the damage "
                                  f"dealt to {object_name(g, target)} at once: order the sources (the first listed "
                                  "is prevented first)", sources, min=1, max=len(sources)))
        order = answer if isinstance(answer, list) else [answer]
        if len(set(order)) != len(order) or any(s not in sources for s in order):
            raise IllegalActionError("list each source of the damage at most once (CR 615.7)")
        ranked = order + [s for s in sources if s not in order]
        ctx.log("615.7", f"{g.players[who].name} chooses the damage the shield prevents first: "
                + ", ".join(object_name(g, s) for s in ranked))
        mine.sort(key=lambda a: ranked.index(a[0]))
        it = iter(mine)
        out = [next(it) if a[1] == target else a for a in out]
    return out
