"""Day and night (CR 730): the game's designation, "it becomes day / night", the untap step's
check (CR 502.2, 730.2), and what daybound and nightbound permanents do with it (CR 702.145).

The designation is ``GameState.day_night`` (None: neither, CR 730.1). The spells of the
previous turn that the check and the old werewolves' "if no spells were cast last turn" read
(CR 603.4) are ``GameState.last_turn_spells``, recorded as a turn ends (``record_last_turn``)
when something reads them: a game without day, night or such an ability saves as before.
"""
from __future__ import annotations

from ..core.enums import Zone
from ..rules.context import Ctx
from ..state.game_state import GameState
from .layers import characteristics, permanents
from .primitives import name_of, transform
from .triggers import step_triggers

#: The condition kind of an intervening "if" about the spells cast last turn (CR 603.4):
#: value "none" ("if no spells were cast last turn") or "two_by_a_player" ("if a player cast two
#: or more spells last turn").
LAST_TURN_SPELLS = "spells_last_turn"
#: The trigger event of "Whenever day becomes night or night becomes day" (CR 730.1a).
DAY_NIGHT_CHANGES = "day_night_changes"
#: The memo's key (``GameState._chars``, forgotten with the characteristics) of the permanents
#: with daybound or nightbound.
_BOUND = ("day_night_bound",)
#: The cause a transformation by daybound or nightbound passes to ``primitives.transform``: such a
#: permanent can't transform otherwise (CR 702.145b, 702.145e).
BY_DAY_NIGHT = "day_night"


def _double_faced(g: GameState, oid: int) -> bool:
    """Whether the permanent is a transforming double-faced card or token (CR 701.27a, 707.8a)."""
    o = g.objects[oid]
    faces = o.choices.get("dfc_faces") if o.choices else None
    if faces is not None:
        return faces[0] == "transform"
    return o.card is not None and o.card.layout == "transform" and len(o.card.faces) > 1 and not o.face_down


def bound_permanents(g: GameState) -> list[tuple[int, str]]:
    """The permanents with daybound or nightbound, (id, keyword), in battlefield order (memoized
    with the characteristics: most states have none)."""
    cached = g._chars.get(_BOUND)           # type: ignore[call-overload]
    if cached is None:
        cached = [(oid, kw) for oid, ch in permanents(g).items() if ch.keywords
                  for kw in ("daybound", "nightbound") if kw in ch.keywords]
        g._chars[_BOUND] = cached           # type: ignore[index]
    return cached


def become(ctx: Ctx, which: str, rule: str = "730.1") -> None:
    """ "It becomes day" / "it becomes night" (CR 730.1); as it becomes night, each daybound
    permanent front face up transforms, as it becomes day each nightbound one back face up
    (CR 702.145b, 702.145e). Nothing happens if it is already so."""
    g = ctx.g
    if g.day_night == which:
        return
    before = g.day_night
    g.day_night = which
    g.version += 1
    if before is None:
        ctx.log(rule, f"it becomes {which}")
    else:
        ctx.log(rule, f"{before} becomes {which}")        # CR 730.1a
        step_triggers(ctx, DAY_NIGHT_CHANGES)              # "whenever day becomes night or night becomes day"
    day_night_actions(ctx)


def day_night_actions(ctx: Ctx) -> None:
    """What daybound and nightbound do at any time (immediately, not state-based actions):
    with neither designation, a daybound permanent makes it day, else a nightbound one makes it
    night (CR 702.145d, 702.145g); at night a daybound permanent front face up transforms, by day
    a nightbound one back face up (CR 702.145c, 702.145f)."""
    g = ctx.g
    bound = bound_permanents(g)
    if not bound:
        return
    if g.day_night is None:
        kinds = {kw for _, kw in bound}
        become(ctx, "day" if "daybound" in kinds else "night", "702.145d" if "daybound" in kinds else "702.145g")
        return          # (``become`` did the rest)
    for oid, kw in list(bound):
        if oid not in g.objects or g.objects[oid].zone is not Zone.BATTLEFIELD or not _double_faced(g, oid):
            continue
        o = g.objects[oid]
        if kw == "daybound" and g.day_night == "night" and not o.transformed:
            ctx.log("702.145c", f"it is night: {name_of(ctx, oid)} (daybound) transforms")
            transform(ctx, oid, cause=BY_DAY_NIGHT)
        elif kw == "nightbound" and g.day_night == "day" and o.transformed:
            ctx.log("702.145f", f"it is day: {name_of(ctx, oid)} (nightbound) transforms")
            transform(ctx, oid, cause=BY_DAY_NIGHT)


def untap_step_check(ctx: Ctx) -> None:
    """CR 502.2, 730.2: the second part of the untap step. If it's day and the previous turn's
    active player cast no spells during that turn, it becomes night; if it's night and they cast
    two or more, it becomes day; with neither, nothing (730.2c)."""
    g = ctx.g
    last = g.last_turn_spells
    if g.day_night is None or last is None:
        return
    active, counts = last
    cast = counts[active]
    name = g.players[active].name
    if g.day_night == "day" and cast == 0:
        ctx.log("730.2a", f"{name} cast no spells during their turn")
        become(ctx, "night", "730.2a")
    elif g.day_night == "night" and cast >= 2:
        ctx.log("730.2b", f"{name} cast {cast} spells during their turn")
        become(ctx, "day", "730.2b")


def _reads_last_turn(g: GameState) -> bool:
    """Whether anything will read the spells of the turn now ending: the day/night check (a
    designation is set, CR 730.2), or a permanent (phased out too: it phases in before its
    upkeep) with an ability that checks them (CR 603.4)."""
    if g.day_night is not None:
        return True
    for oid in (*g.battlefield, *g.phased_out):
        script = characteristics(g, oid).script
        for ab in script.triggered:
            if ab.condition is not None and ab.condition.kind == LAST_TURN_SPELLS:
                return True
    return False


def record_last_turn(g: GameState) -> None:
    """As a turn ends: the spells each player cast during it, and its active player, for the
    next turn's checks (CR 730.2, 603.4); None when nothing will read them."""
    value = (g.active, tuple(p.spells_cast_this_turn for p in g.players)) if _reads_last_turn(g) else None
    if value != g.last_turn_spells:
        g.last_turn_spells = value
        g.version += 1
