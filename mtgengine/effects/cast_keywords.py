"""What the keywords that change how or from where a spell is cast (CR 702) do once it is cast:
the conditions they ask ("if its dash cost was paid", "if an opponent lost life this turn") and
the replacement effects they are ("put this spell into its owner's hand instead", buyback; "exile
it instead", jump-start; "if it would leave the battlefield, exile it instead", unearth's), each keyed on what the spell's or permanent's ``choices``
remember of how it was cast. ``effects.triggers.condition_holds`` and ``effects.replacement`` read
them; ``rules.alternative_casts`` sets the choices.
"""
from __future__ import annotations

from typing import Any, Callable

from ..cards.compiler.lexicon import creature_types
from ..cards.vocabulary import CastFromExile, Condition, ReplacementAbility, SuspendTick, Trigger, TriggeredAbility
from ..core.enums import Step, Zone
from ..state.game_state import GameState
from .events import ZoneChange
from .layers import characteristics

_BATTLEFIELD, _EXILE, _GRAVEYARD, _HAND, _STACK = Zone.BATTLEFIELD, Zone.EXILE, Zone.GRAVEYARD, Zone.HAND, Zone.STACK


# -- conditions ------------------------------------------------------------------------------
def _cost_paid(g: GameState, cond: Condition, controller: int, source_id: int | None) -> bool:
    """ "As long as this permanent's dash cost was paid" (CR 702.109a, 702.152a): the
    alternative cost the spell it was was cast for (``choices["alternative"]``, kept by the
    permanent, CR 400.7d)."""
    src = g.objects.get(source_id) if source_id else None
    return src is not None and str(src.choices.get("alternative", "")).lower() == cond.value


def _opponent_lost_life(g: GameState, cond: Condition, controller: int, source_id: int | None) -> bool:
    """Spectacle (CR 702.137a): "if an opponent lost life this turn"."""
    return any(i != controller and not p.lost and p.life_lost_this_turn > 0 for i, p in enumerate(g.players))


def _cast_another_spell(g: GameState, cond: Condition, controller: int, source_id: int | None) -> bool:
    """Surge (CR 702.117a): "if you or one of your teammates has cast another spell this turn"
    (no teams in these games: you). Asked as the spell is cast, before it becomes cast (CR 601.2i)."""
    return g.players[controller].spells_cast_this_turn > 0


def _sneak_window(g: GameState, cond: Condition, controller: int, source_id: int | None) -> bool:
    """Sneak: "during the declare blockers step" of a turn its caster attacks in (they "return an
    unblocked attacker you control", the reminder text; the pinned rules have no rule for sneak)."""
    return g.step is Step.DECLARE_BLOCKERS and g.active == controller


def _combat_damage_by(g: GameState, controller: int, subtypes: frozenset[str], commander: bool) -> bool:
    """Whether a player was dealt combat damage this turn by a source that, as it dealt it, was
    under ``controller``'s control and had one of ``subtypes`` (or was a commander, if
    ``commander``): ``GameState.damage_events``' combat entries (``primitives.deal_damage``)."""
    return any(len(e) > 3 and e[0] == g.turn and e[3] == controller
               and (not subtypes.isdisjoint(e[4]) or (commander and e[5])) for e in g.damage_events)


def _prowl(g: GameState, cond: Condition, controller: int, source_id: int | None) -> bool:
    """Prowl (CR 702.76a): "if a player was dealt combat damage this turn by a source that, at the
    time it dealt that damage, was under your control and had any of this spell's creature types"."""
    if source_id is None or source_id not in g.objects:
        return False
    types = characteristics(g, source_id).subtypes.intersection(creature_types())
    return _combat_damage_by(g, controller, types, False)


def _freerunning(g: GameState, cond: Condition, controller: int, source_id: int | None) -> bool:
    """Freerunning (CR 702.173a): "... by a creature that, at the time it dealt that damage, was an
    Assassin creature or a commander under your control"."""
    return _combat_damage_by(g, controller, _ASSASSIN, True)


_ASSASSIN = frozenset({"Assassin"})


def _optional_paid(g: GameState, cond: Condition, controller: int, source_id: int | None) -> bool:
    """ "If a replicate cost was paid for it" (CR 702.56a): the spell's choices."""
    src = g.objects.get(source_id) if source_id else None
    return src is not None and bool(src.choices.get(cond.value))


#: Condition kinds of the casting keywords, read by ``triggers.condition_holds``.
CAST_KEYWORD_CONDITIONS: dict[str, Callable[[GameState, Condition, int, int | None], bool]] = {
    "cost_paid": _cost_paid, "opponent_lost_life": _opponent_lost_life, "cast_another_spell": _cast_another_spell,
    "optional_paid": _optional_paid, "sneak_window": _sneak_window, "prowl": _prowl, "freerunning": _freerunning,
}


# -- replacement effects ---------------------------------------------------------------------
BUYBACK = ReplacementAbility("leaves_stack", itself=True,
                             text="buyback: put this spell into its owner's hand instead of into that player's "
                                  "graveyard as it resolves (CR 702.27a)")
JUMP_START = ReplacementAbility("leaves_stack", itself=True, exile=True,
                                text="jump-start: exile this card instead of putting it anywhere else any time it "
                                     "would leave the stack (CR 702.133a)")
EXILE_IF_LEAVES = ReplacementAbility("dies", itself=True, exile=True,
                                     text="if it would leave the battlefield, exile it instead of putting it anywhere "
                                          "else (unearth, CR 702.84a)")


REBOUND = ReplacementAbility("leaves_stack", itself=True, exile=True,
                             text="rebound: cast from its owner's hand, it is exiled instead of put into the graveyard "
                                  "as it resolves (CR 702.88a)")
MADNESS = ReplacementAbility("discard", itself=True, exile=True,
                             text="madness: if a player would discard this card, that player discards it, but exiles "
                                  "it instead of putting it into their graveyard (CR 702.35a)")


#: The rule each keyword's replacement effect follows (for the log), and where buyback puts the
#: spell instead (``replacement._apply_one``).
KEYWORD_RULES: dict[ReplacementAbility, str] = {BUYBACK: "702.27a", JUMP_START: "702.133a", EXILE_IF_LEAVES: "614.1a",
                                                REBOUND: "702.88a", MADNESS: "702.35a"}
INSTEAD_TO: dict[ReplacementAbility, Zone] = {BUYBACK: _HAND}


def keyword_replacements(g: GameState, event: Any, kind: str) -> list[tuple[str, ReplacementAbility, int, int]]:
    """The replacement effects of the casting keywords that apply to ``event`` (a ZoneChange of
    ``kind``): (key, ability, controller, source) for each."""
    if event.__class__ is not ZoneChange:
        return []
    o = g.objects.get(event.oid)
    if event.to_zone is _GRAVEYARD and o is not None:
        # "If ~ would be put into a graveyard from anywhere, exile it instead" (disturb's back
        # faces, CR 702.146, 614.1a): its own ability, wherever it is (CR 113.6b)
        own = _from_anywhere(g, event.oid)
        if own is not None:
            return [(f"ga{event.oid}", own, characteristics(g, event.oid).controller, event.oid)]
    if kind == "discard":
        if o is not None and "madness" in characteristics(g, event.oid).keywords:
            return [(f"md{event.oid}", MADNESS, o.owner, event.oid)]
        return []
    if o is None or not o.choices:
        return []
    choices = o.choices
    out: list[tuple[str, ReplacementAbility, int, int]] = []
    if event.from_zone is _STACK:
        if choices.get("jump-start") and event.to_zone is not _EXILE:
            out.append((f"js{event.oid}", JUMP_START, o.controller, event.oid))
        elif choices.get("buyback") and event.cause == "resolve" and event.to_zone is _GRAVEYARD:
            out.append((f"bb{event.oid}", BUYBACK, o.controller, event.oid))
        elif event.cause == "resolve" and event.to_zone is _GRAVEYARD and choices.get("cast_from") == "hand" \
                and "rebound" in characteristics(g, event.oid).keywords:
            out.append((f"rb{event.oid}", REBOUND, o.controller, event.oid))
    elif event.from_zone is _BATTLEFIELD and choices.get("exile_if_leaves") and event.to_zone is not _EXILE:
        out.append((f"ue{event.oid}", EXILE_IF_LEAVES, o.controller, event.oid))
    return out


def _from_anywhere(g: GameState, oid: int) -> ReplacementAbility | None:
    """The object's own "If ~ would be put into a graveyard from anywhere, exile it instead"."""
    for ab in characteristics(g, oid).script.replacements:
        if ab.event == "to_graveyard" and ab.itself:
            return ab
    return None


#: The event kinds (``replacement.event_kind``) :func:`keyword_replacements` may replace.
KEYWORD_REPLACEMENT_KINDS = frozenset({"leaves_stack", "dies", "to_hand_or_library", "discard", "to_graveyard"})


#: CR 702.35a: "When this card is exiled this way, its owner may cast it by paying [cost] rather
#: than paying its mana cost. If that player doesn't, they put this card into their graveyard."
MADNESS_TRIGGER = TriggeredAbility(Trigger("reflexive", "you"), (CastFromExile("madness", otherwise_graveyard=True),),
                                   text="madness (CR 702.35a): when this card is exiled this way, its owner may cast "
                                        "it by paying its madness cost rather than its mana cost; if they don't, they "
                                        "put it into their graveyard")


def madness_trigger(g: GameState, event: ZoneChange) -> TriggeredAbility | None:
    """The madness ability that triggers as a discarded card with madness is exiled by its
    replacement effect (CR 702.35a): ``event`` a ZoneChange from a hand to exile, cause "discard"."""
    if event.new_id in g.objects and "madness" in characteristics(g, event.new_id).keywords:
        return MADNESS_TRIGGER
    return None


def split_second(g: GameState) -> str:
    """CR 702.61a: the name of a spell with split second on the stack ("" if none): while it is
    there, players can't cast other spells or activate abilities that aren't mana abilities
    (they may still take special actions, CR 702.61b)."""
    for oid in g.stack:
        o = g.objects[oid]
        if o.ability is None and "split second" in characteristics(g, oid).keywords:
            return characteristics(g, oid).name
    return ""


#: CR 702.62a: the suspend upkeep trigger (a delayed triggered ability of the card, made again
#: each upkeep while it stays suspended: ``rules.special_actions.suspend_upkeep``) and the one
#: that triggers when its last time counter is removed.
SUSPEND_UPKEEP = TriggeredAbility(Trigger("upkeep", whose="you"), (SuspendTick(),),
                                  text="suspend (CR 702.62a): at the beginning of your upkeep, if this card is "
                                       "suspended, remove a time counter from it")
SUSPEND_LAST_COUNTER = TriggeredAbility(Trigger("reflexive", "you"), (CastFromExile(haste=True),),
                                        text="suspend (CR 702.62a): when the last time counter is removed from this "
                                             "card, if it's exiled, you may play it without paying its mana cost")


def suspended(g: GameState, oid: int) -> bool:
    """CR 702.62b: in exile, with suspend and a time counter on it."""
    o = g.objects.get(oid)
    return o is not None and o.zone is _EXILE and o.counters.get("time", 0) > 0 \
        and any(k.startswith("suspend ") for k in characteristics(g, oid).keywords)
