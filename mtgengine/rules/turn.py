"""Turn structure (CR 500-514), priority (CR 117) and the game's main procedure.

The procedure is a loop over *markers* stored in the state (``g.marker``): each handler
performs one unit of the rules and sets the next marker. Any unit may ask decisions; the
state is committed just before the top-level questions (priority, mulligans, attackers,
blockers, cleanup discards) once all given answers are used (see ``rules.context``), so
an answer replays at most the units since that point.
"""
from __future__ import annotations

from typing import Any, Callable

from ..agents.decisions import Decision
from ..core.enums import STEP_ORDER, Step, Zone
from ..core.errors import IllegalActionError
from ..effects.layers import characteristics, permanents
from ..effects.links import next_untap_passes, stays_tapped
from ..effects.primitives import draw_card, move, name_of, player_has, set_tapped
from ..effects.cast_keywords import split_second
from ..effects.replacement import may_replace
from ..effects.triggers import check_triggers, draw_may_trigger, put_triggers_on_stack, step_may_trigger, step_triggers
from ..state.game_state import GameState
from ..effects.exile_permissions import end_permissions, permitted_cards
from ..effects.hand_size import max_hand_size
from ..effects.land_plays import can_play_land, lands_elsewhere
from . import sagas
from .activation import activate, can_activate, can_activate_from_hand, sorcery_timing
from .alternative_casts import graveyard_actions, has_graveyard_options
from .special_actions import exile_casts, exile_plays, has_exile_casts, has_special_keyword, special_actions, take_special_action
from .spell_choices import FACE_LAYOUTS
from .castability import (
    OWN_TIMING, SORCERY_SPEED, HandCheck, cast_actions, cast_variants, castable, castable_plain,
    hand_profile, timing_reads_step,
)
from .casting import cast_spell, play_land
from .combat import attackers, combat_damage, declare_attackers, declare_blockers, end_combat, has_first_strike_step, \
    in_combat as _in_combat
from .context import Ctx, validate_answer
from .mana_sources import priority_facts, within
from .mana_payment import empty_pools, has_mana
from .morph import can_turn_face_up, cast_face_down, turn_face_up
from .rooms import take_unlock, unlock_actions
from .pregame import is_commander, opening_hand_actions, pregame
from ..effects.phasing import untap_step_phasing
from ..effects.day_night import record_last_turn, untap_step_check
from .resolution import resolve_top
from .state_based_actions import check_state_based_actions

HAND_SIZE = 7   # CR 402.2

#: Each step by its marker value, and the step after it in turn order (CR 500.1).
_STEP_OF = {step.value: step for step in Step}
_FOLLOWING = dict(zip(STEP_ORDER, STEP_ORDER[1:]))
_HAND, _COMMAND = Zone.HAND, Zone.COMMAND     # read by each legal-action list (see below)
_LIBRARY = Zone.LIBRARY
#: The steps read as each step ends, bound once: on Python 3.11 ``Step.X`` is a slow lookup
#: (``EnumType.__getattr__`` sends every attribute of an enum class through a Python hook).
_UNTAP, _DRAW, _DECLARE_ATTACKERS, _COMBAT_DAMAGE, _END_OF_COMBAT, _CLEANUP = (
    Step.UNTAP, Step.DRAW, Step.DECLARE_ATTACKERS, Step.COMBAT_DAMAGE, Step.END_OF_COMBAT, Step.CLEANUP)


def run(ctx: Ctx) -> Decision | None:
    """Runs the game procedure until a decision is needed or the game ends (None). The priority
    question, the most frequent by far, is returned; any other is raised (NeedDecision)."""
    g = ctx.g
    while not g.over:
        kind = g.marker[0]
        if kind == "priority":
            asked = priority(ctx)
            if asked is not None:
                return asked
        elif kind == "begin_step":
            begin_step(ctx, _STEP_OF[g.marker[1]])
        elif kind == "resolve":
            resolve_top(ctx)
            g.priority = g.first_in_game(g.active)    # CR 117.3b; 800.4j: the next one if they left
            g.passes = 0
            g.marker = ("priority",)
        elif kind == "end_step":
            end_step(ctx)
        elif kind == "mulligan":
            mulligan(ctx, g.marker[1])
        elif kind == "start":
            start_game(ctx)
        elif kind == "pregame":
            pregame(ctx, g.marker[1])             # CR 103.2: before the decks are shuffled
        else:
            raise AssertionError(f"unknown marker {g.marker!r}")
    return None


# -- the start of the game -----------------------------------------------------------------
def start_game(ctx: Ctx) -> None:
    """CR 103.3-103.5: shuffle, draw opening hands, then mulligans in turn order."""
    g = ctx.g
    for p in g.players:
        g.rng.shuffle(g.zones[(p.index, _LIBRARY)])
        ctx.log("103.3", f"{p.name} shuffles their library")
    for p in g.players:
        for _ in range(HAND_SIZE):
            draw_card(ctx, p.index, rule="103.5")
        g.player(p.index).kept = False
    g.events.clear()
    g.marker = ("mulligan", g.first_player)


def mulligan(ctx: Ctx, player: int) -> None:
    """CR 103.5 (London mulligan): keep, or shuffle the hand away and draw seven; a player who
    keeps after N mulligans puts N cards on the bottom."""
    g = ctx.g
    p = g.players[player]
    counted = counted_mulligans(g, p.mulligans)
    # committed at the question itself (without a copy) when there is one: an answer replays
    # this procedure from its marker
    ctx.commit_point(asking_now=counted < HAND_SIZE, resume=False)
    hand = g.zones[(player, _HAND)]
    keep = counted >= HAND_SIZE or ctx.ask(Decision(
        player, "mulligan", f"keep this hand of {len(hand)} (after {p.mulligans} mulligan(s))?", [True, False]))
    if keep:
        if counted:
            count = min(counted, len(hand))
            chosen = ctx.ask(Decision(player, "bottom", f"choose {count} card(s) to put on the bottom of your library",
                                      sorted(hand), min=count, max=count))
            for oid in chosen:
                move(ctx, oid, _LIBRARY, "mulligan", top=False)
        g.player(player).kept = True
        ctx.log("103.5", f"{p.name} keeps {len(g.zones[(player, _HAND)])} cards")
    else:
        pl = g.player(player)
        pl.mulligans += 1
        ctx.log("103.5", f"{p.name} takes a mulligan")
        for oid in list(hand):
            move(ctx, oid, _LIBRARY, "mulligan")
        g.rng.shuffle(g.zones[(player, _LIBRARY)])
        for _ in range(HAND_SIZE):
            draw_card(ctx, player, rule="103.5")
    g.events.clear()
    waiting = [q.index for q in g.players if not q.kept]
    if not waiting:
        opening_hand_actions(ctx)                 # CR 103.6
        g.active = g.first_player
        g.turn = 1
        g.marker = ("begin_step", Step.UNTAP.value)
        return
    nxt = next((i for i in ((player + k) % len(g.players) for k in range(1, len(g.players) + 1)) if i in waiting))
    g.marker = ("mulligan", nxt)


def counted_mulligans(g: GameState, mulligans: int) -> int:
    """The mulligans that count toward the cards put on the bottom and the mulligans a player may
    take: in a multiplayer game the first one doesn't (CR 103.5c, 800.6; a game that begins with
    more than two players, CR 800.1)."""
    return mulligans - 1 if mulligans and len(g.players) > 2 else mulligans


# -- steps ----------------------------------------------------------------------------------
def begin_step(ctx: Ctx, step: Step) -> None:
    """Turn-based actions as a step begins, then priority (CR 500.6, 502-514)."""
    g = ctx.g
    if step in _BEGINS_WITH_A_QUESTION:
        # These steps begin with a question: the blockers one always. The cleanup step asks
        # only for a discard to hand size (CR 514.1), and most often the run goes on into the
        # next turn up to its first priority question, where it commits again (CR 502-503): its
        # state is copied here only if the discard is to come or the game stops at the turn cap
        # as the step ends (``Game._commit``: otherwise rebuilt in the rare case it's needed).
        ctx.commit_point(asks_soon=step is not _CLEANUP or _discards(g) or bool(g.turn_cap and g.turn >= g.turn_cap))
    g.step = step
    g.priority = g.first_in_game(g.active)      # CR 800.4j: the next one if the active player left
    g.passes = 0
    if step is _DECLARE_ATTACKERS:
        # The marker stays at this step's beginning while attackers are declared: the state is
        # committed just before the question (``declare_attackers``, without a copy), and an
        # answer replays from here, which sets the same values again.
        declare_attackers(ctx)
        g.marker = ("priority",)
        return
    g.marker = ("priority",)
    actions = _TURN_BASED_ACTIONS.get(step)
    if actions is not None:
        actions(ctx)
    else:
        event = _BEGINNING_EVENTS.get(step)
        if step is Step.PRECOMBAT_MAIN:
            sagas.precombat_main(ctx)       # CR 714.3b: lore counters, a turn-based action
        if event is not None:
            step_triggers(ctx, event)       # CR 603.2b


def _untap_step(ctx: Ctx) -> None:
    """CR 502: the turn's counts reset, the active player's permanents untap; no priority."""
    g = ctx.g
    name = g.players[g.active].name
    ctx.log("500.1", f"turn {g.turn} begins ({name})")
    for p in g.players:
        if not (p.lands_played or p.life_gained_this_turn or p.life_lost_this_turn or p.attacked_with_this_turn
                or p.drawn_this_turn or p.lands_entered_this_turn or p.died_this_turn
                or p.left_battlefield_this_turn or p.spells_cast_this_turn):
            g.version += 1          # (as ``g.player`` would: nothing to reset, no copy to make)
            continue
        pl = g.player(p.index)
        pl.lands_played = 0
        pl.life_gained_this_turn = 0
        pl.life_lost_this_turn = 0
        pl.attacked_with_this_turn = 0
        pl.drawn_this_turn = 0
        pl.lands_entered_this_turn = 0
        pl.died_this_turn = 0
        pl.left_battlefield_this_turn = 0
        pl.spells_cast_this_turn = 0
        pl.cast_types_this_turn = ()
    g.damage_events = []
    ended = [e for e in g.effects if e.until == "next_turn" and e.controller == g.active]
    if ended:
        # "until your next turn" (CR 611.2a): the effect ends as its controller's turn begins
        g.effects = [e for e in g.effects if not (e.until == "next_turn" and e.controller == g.active)]
        g.changed()
        ctx.log("611.2a", f"{len(ended)} \"until your next turn\" effect(s) of {name} end")
    skip = player_has(g, g.active, "skip_untap")   # CR 614.10: "skip" replaces the step with nothing
    active = g.active
    if not skip:
        untap_step_phasing(ctx, active)            # CR 502.1: first, phasing
        untap_step_check(ctx)                      # CR 502.2: second, day and night (730.2)
    objects = g.objects
    # (nothing below changes a characteristic: the permanents' values hold for the whole step)
    chars = permanents(g)
    for oid in g.battlefield:
        o = objects[oid]
        ch = chars[oid]
        if ch.controller == active:
            if o.sick or o.steady != active:
                w = g.obj(oid)                     # CR 302.6: controlled since the turn began
                w.sick = False
                w.steady = active
            if not skip and o.tapped and not (o.choices and stays_tapped(ctx, oid)) \
                    and not (ch.keywords and _keeps_tapped(ctx, ch)):     # (keywords say so)
                set_tapped(ctx, oid, False)        # CR 502.3
            elif o.choices and not o.tapped:
                next_untap_passes(g, oid)
    if skip:
        ctx.log("614.10", f"{name} skips their untap step: nothing untaps")
    else:
        ctx.log("502.3", f"{name} untaps their permanents")
    g.marker = ("end_step",)                       # CR 502.4: no priority


def _draw_step(ctx: Ctx) -> None:
    """CR 504.1: the active player draws a card (not on the first turn of a two-player game)."""
    g = ctx.g
    name = g.players[g.active].name
    if g.turn == 1 and g.active == g.first_player and len(g.players) == 2:
        ctx.log("103.8a", f"{name} skips the draw step of their first turn")
        g.marker = ("end_step",)
    elif player_has(g, g.active, "skip_draw"):
        ctx.log("614.10", f"{name} skips their draw step")          # "Skip your draw step" (Necropotence)
        g.marker = ("end_step",)
    else:
        draw_card(ctx, g.active, rule="504.1")
        ctx.log("504.1", f"{name} draws a card")
        step_triggers(ctx, "draw_step")            # CR 603.2b


def _combat_damage_step(ctx: Ctx) -> None:
    """CR 510: combat damage, in two steps when a creature has first or double strike (CR 510.4)."""
    g = ctx.g
    if g.combat.get("first_strike_done"):
        combat_damage(ctx, False)
    elif has_first_strike_step(g):
        g.combat["first_strike_done"] = True
        combat_damage(ctx, True)                   # CR 510.4
    else:
        combat_damage(ctx, None)


def _discards(g: GameState) -> bool:
    """Whether the active player has more cards in hand than their maximum hand size (CR 514.1)."""
    most = max_hand_size(g, g.active)
    return most is not None and len(g.zones[(g.active, _HAND)]) > most


def cleanup(ctx: Ctx) -> None:
    """CR 514.1-514.3."""
    g = ctx.g
    hand = g.zones[(g.active, _HAND)]
    most = max_hand_size(g, g.active)             # CR 402.2: none, or seven as effects modify it
    excess = len(hand) - most if most is not None else 0
    if excess > 0:
        chosen = ctx.ask(Decision(g.active, "discard", f"discard {excess} card(s) to hand size", sorted(hand),
                                  min=excess, max=excess))
        for oid in chosen:
            ctx.log("514.1", f"{g.players[g.active].name} discards {name_of(ctx, oid)} to hand size")
            move(ctx, oid, Zone.GRAVEYARD, "discard")
    for oid in g.battlefield:
        o = g.objects[oid]
        if o.damage or o.deathtouched:
            w = g.obj(oid)
            w.damage = 0
            w.deathtouched = False
    saddled = [oid for oid in g.battlefield if g.objects[oid].choices.get("saddled")]
    for oid in saddled:
        del g.obj(oid).choices["saddled"]         # CR 702.171b: saddled until end of turn
    lasting = [e for e in g.effects if e.until != "end_of_turn"]
    if len(lasting) != len(g.effects) or saddled:
        g.effects = lasting
        g.changed()
    else:
        g.version += 1          # damage is not a characteristic: the memo holds if no effect ended
    ctx.log("514.2", "damage wears off and \"until end of turn\" effects end")
    end_permissions(ctx)          # and the permissions to play exiled cards that end with this turn
    # CR 514.3a: only if state-based actions or triggers happen does anyone get priority.
    check_triggers(ctx)
    if check_state_based_actions(ctx) or g.pending_triggers:
        g.combat["cleanup_again"] = True
        g.marker = ("priority",)
    else:
        g.marker = ("end_step",)


_BEGINS_WITH_A_QUESTION = frozenset({Step.DECLARE_BLOCKERS, Step.CLEANUP})

#: The turn-based actions as each step begins (CR 703.4); the other steps have only their "at the
#: beginning of" triggers (CR 603.2b, ``_BEGINNING_EVENTS``), or only give priority.
_TURN_BASED_ACTIONS: dict[Step, Callable[[Ctx], None]] = {
    Step.UNTAP: _untap_step,
    Step.DRAW: _draw_step,
    Step.DECLARE_ATTACKERS: declare_attackers,
    Step.DECLARE_BLOCKERS: declare_blockers,
    Step.COMBAT_DAMAGE: _combat_damage_step,
    Step.CLEANUP: cleanup,
}
#: The steps whose only action as they begin is their "at the beginning of" triggers, by event.
_BEGINNING_EVENTS = {
    Step.UPKEEP: "upkeep",
    Step.PRECOMBAT_MAIN: "precombat_main",           # as the phase begins
    Step.BEGINNING_OF_COMBAT: "beginning_of_combat",  # CR 507.1
    Step.END_OF_COMBAT: "end_of_combat",              # CR 511.2 ("at end of combat": myriad, 702.116a)
    Step.POSTCOMBAT_MAIN: "postcombat_main",         # CR 505.1a: "your second (postcombat) main phase"
    Step.END: "end_step",
}


def next_step(g: GameState, step: Step) -> Step | None:
    """The step after ``step`` this turn, or None after cleanup (CR 500.1, 508.8)."""
    if step is _CLEANUP:
        return _CLEANUP if g.combat.pop("cleanup_again", False) else None
    if step is _DECLARE_ATTACKERS and not attackers(g):
        return _END_OF_COMBAT                           # CR 508.8
    if step is _COMBAT_DAMAGE and g.combat.get("first_strike_done") and not g.combat.get("second_done"):
        g.combat["second_done"] = True
        return _COMBAT_DAMAGE                           # CR 510.4: the second combat damage step
    return _FOLLOWING[step]


def end_step(ctx: Ctx) -> None:
    """CR 500.5 / 106.4: as a step ends, mana empties; then the next step or turn begins."""
    g = ctx.g
    empty_pools(ctx)
    if g.step is _END_OF_COMBAT:
        end_combat(g)                                   # CR 511.3
    nxt = next_step(g, g.step)
    if nxt is None:
        if g.turn_cap and g.turn >= g.turn_cap:
            g.over = True
            ctx.log("104.1", f"the game stops at the turn cap ({g.turn_cap})")
            return
        record_last_turn(g)                             # for the next turn's checks (CR 730.2, 603.4)
        g.turn += 1
        while g.extra_turns and g.players[g.extra_turns[0]].lost:
            g.extra_turns = tuple(g.extra_turns[1:])    # CR 800.4k: a player who left begins no turn
        if g.extra_turns:
            # CR 500.7: an extra turn is taken after this one; the most recently created first
            g.active, g.extra_turns = g.extra_turns[0], tuple(g.extra_turns[1:])
            ctx.log("500.7", f"{g.players[g.active].name} takes an extra turn")
        else:
            g.active = g.next_player(g.active)          # CR 103.1 turn order; 800.4k
        g.changed_off_battlefield()     # statics "as long as it's your turn" read the active player (CR 611.3b)
        nxt = _UNTAP
    g.marker = ("begin_step", nxt._value_)
    begin_step(ctx, nxt)        # (what ``run`` does next with this marker)


# -- priority -------------------------------------------------------------------------------
def legal_actions(g: GameState, player: int) -> list[dict[str, Any]]:
    """The priority options in canonical order: pass, lands, spells, abilities (by id).

    Memoized per player and sorcery timing (``g._legal``) while the state version is
    unchanged: only priority passes and moves from step to step happened. A player's list
    alternates all turn between sorcery timing and not (CR 307.1: the main phases and the
    other steps), so each keeps its own entry and the second main phase finds the first's
    list. The key holds what the list reads that the version doesn't follow: the active
    player, the turn, the stack's size, and the step itself when the list may read it in
    another way (a card's timing restriction, an ability's condition; see ``_legal_actions``)."""
    sorcery_ok = sorcery_timing(g, player)
    key = (g.version, g.active, g.turn, len(g.stack))
    memo: dict[tuple[int, bool], Any] = g._legal or {}
    entry = memo.get((player, sorcery_ok))
    if entry is not None and entry[0] == key and (entry[1] is None or entry[1] is g.step):
        return entry[2]
    actions, reads_step = _legal_actions(g, player, sorcery_ok)
    # replaced, not written: clones share it
    g._legal = {**memo, (player, sorcery_ok): (key, g.step if reads_step else None, actions)}
    return actions


def _legal_actions(g: GameState, player: int, sorcery_ok: bool | None = None) -> tuple[list[dict[str, Any]], bool]:
    """The legal-action list, and whether it may depend on the step beyond sorcery timing
    (``sorcery_ok``: ``sorcery_timing``, when the caller has it).

    The step is read only by ``sorcery_timing``, by ``casting.timing_ok`` (a card's own
    restriction, CR 601.3) and by conditions (``triggers.condition_holds``); conditions are read
    here only for activated abilities (CR 602.5b: the actors, abilities of cards in the hand),
    for {T} mana abilities whose mana isn't fixed (``mana_payment.conditional_sources``) and
    for players' abilities (``player_has``: hexproof for targets). tests/unit/test_legal_memo.py
    fails when another function comes to read the step.

    Most cards in a hand can't be cast at the moment: a card cast only at sorcery speed outside
    the player's sorcery timing (CR 307.1), or one cast only the ordinary way whose mana cost the
    player's mana can't pay (``may_afford``) while no permanent brings another way to cast it or
    changes a cost (``casting.hand_profile``) offers nothing, and is dismissed before
    ``castable`` and ``cast_variants``, which would find the same."""
    actions: list[dict[str, Any]] = [{"action": "pass"}]
    if sorcery_ok is None:
        sorcery_ok = sorcery_timing(g, player)
    reads_step = False
    board = priority_facts(g)           # the actors, who may read the step, a plain world
    if g.stack and split_second(g):
        # CR 702.61a-b: no spell may be cast nor non-mana ability activated; special actions may
        # be taken (turning a face-down permanent face up, CR 116.2b)
        actions += [{"action": "turn_face_up", "object": oid} for oid, ch in board[0] if ch.controller == player
                    and g.objects[oid].face_down and can_turn_face_up(g, player, oid)]
        return actions, False
    hand, command = g.zones[(player, _HAND)], g.zones[(player, _COMMAND)]
    # the list's scratch (``HandCheck``: the sources when first needed, answers for equal
    # cards), made when a card could be offered
    check = HandCheck(g, player) if command else None
    if hand:
        # CR 305.2 / 505.6b: a land in its owner's hand, at sorcery timing, while the player may
        # play one (one a turn, or as effects allow: ``effects.land_plays``)
        land_ok = sorcery_ok and can_play_land(g, player)
        objects = g.objects
        plain_world = board[2]          # no permanent changes spells' costs or brings one
        profiles = hand_profile.memo    # type: ignore[attr-defined]
        chars = g._chars                # characteristics' memo, by object id (see GameState)
        available = None                # ``check.available``, once read
        for oid in sorted(hand):
            ch = chars.get(oid) or characteristics(g, oid)
            entry = profiles.get(id(ch))            # hand_profile(ch), read from its memo
            is_land, speed, least, plain, from_hand = \
                entry[1] if entry is not None and entry[0] is ch else hand_profile(ch)
            if is_land:
                if land_ok:
                    actions.append({"action": "play", "object": oid})
            elif (card := objects[oid].card) is not None and card.layout in FACE_LAYOUTS or speed == OWN_TIMING:
                reads_step = reads_step or timing_reads_step(g, oid, ch)     # each face is checked
                if check is None:
                    check = HandCheck(g, player)
                if card is not None and card.layout in FACE_LAYOUTS:
                    actions += cast_actions(g, player, oid, check)      # each face that can be cast
                else:
                    if castable(g, player, oid, None, ch, check):
                        actions.append({"action": "cast", "object": oid})
                    for options in cast_variants(g, player, oid, None, ch, check):
                        actions.append({"action": "cast", "object": oid, **options})
            elif speed == SORCERY_SPEED and not sorcery_ok:
                pass                    # one face, cast only at sorcery speed: not now (CR 307.1)
            elif plain and plain_world:
                # cast the ordinary way alone, if the mana may pay for it (``hand_profile``)
                if least is not None:
                    if check is None:
                        check = HandCheck(g, player)
                    if available is None:
                        available = check.available
                    # ``check.may_afford``, with the mana read once
                    if within(least, available) and castable_plain(g, player, oid, ch, check):
                        actions.append({"action": "cast", "object": oid})
            else:
                if check is None:
                    check = HandCheck(g, player)
                if castable(g, player, oid, None, ch, check):
                    actions.append({"action": "cast", "object": oid})
                for options in cast_variants(g, player, oid, None, ch, check):   # alternative and optional costs
                    actions.append({"action": "cast", "object": oid, **options})
            for i in from_hand:
                # issue 7: an ability that functions from the hand (transmute, CR 702.53a)
                reads_step = True
                if can_activate_from_hand(g, player, oid, i):
                    actions.append({"action": "activate", "object": oid, "ability": i})
    if sorcery_ok and can_play_land(g, player):
        # lands played from the graveyard or the top of the library (Crucible of Worlds, CR 305.1)
        actions += [{"action": "play", "object": oid} for oid in lands_elsewhere(g, player)]
    if has_graveyard_options(g, player):           # unearth, scavenge, embalm (CR 113.6m)
        reads_step = True
        actions += graveyard_actions(g, player)
    if hand and any(has_special_keyword(characteristics(g, oid).keywords) for oid in hand):
        reads_step = True
        actions += special_actions(g, player)          # foretell, plot, suspend (CR 116.2f, h, k)
    rooms = [(oid, characteristics(g, oid)) for oid in g.battlefield
             if (card := g.objects[oid].card) is not None and card.layout == "room"]
    if rooms:
        reads_step = True
        actions += unlock_actions(g, player, rooms)     # a Room's locked doors (CR 709.5e)
    if g.zones[(player, Zone.EXILE)] and has_exile_casts(g, player):
        reads_step = True
        actions += exile_casts(g, player)              # foretold and plotted cards (CR 702.143a, 702.170d)
    if permitted_cards(g, player):
        reads_step = True
        actions += exile_plays(g, player)              # cards an effect lets be played from exile (CR 601.3)
    for oid in sorted(command) if command else ():
        if is_commander(g, oid):
            reads_step = reads_step or timing_reads_step(g, oid, characteristics(g, oid))
            if castable(g, player, oid, None, None, check):
                actions.append({"action": "cast", "object": oid, "from": "command"})    # CR 903.8
    for oid, ch in board[0]:            # the actors
        if ch.controller != player:
            continue
        if g.objects[oid].face_down and can_turn_face_up(g, player, oid):
            actions.append({"action": "turn_face_up", "object": oid})
        for i, ab in enumerate(ch.script.activated):
            if not ab.is_mana and can_activate(g, player, oid, i):   # mana abilities: CR 605.3a
                actions.append({"action": "activate", "object": oid, "ability": i})
    return actions, reads_step or board[1][player]          # ``_permanents_read_step``


def _permanents_read_step(g: GameState, player: int) -> bool:
    """Whether ``player``'s legal-action list may read conditions through the permanents (see
    ``_legal_actions``): ``player`` controls an actor or a {T} mana source whose mana isn't
    fixed, or a permanent has an ability that gives players something
    (``mana_payment.priority_facts``, memoized with the characteristics: it reads nothing else)."""
    return priority_facts(g)[1][player]


def settle(ctx: Ctx) -> None:
    """CR 117.5: before a player gets priority, SBAs are performed and triggers are put on the
    stack, repeatedly, until neither happens (CR 704.3, 603.3). (``priority`` calls it only when
    something happened since the last check: not ``_settled``.)"""
    g = ctx.g
    while not g.over:
        check_triggers(ctx)
        version = g.version
        sba = check_state_based_actions(ctx)
        if sba or g.events or g.version != version:
            check_triggers(ctx)     # (else it would find what the first check found: nothing new)
        if g.over:
            return
        if not (g.pending_triggers and put_triggers_on_stack(ctx)) and not sba:     # (it puts those)
            g.settled = g.version
            return


#: What a pass at a priority question does, when ``pass_commits_first`` finds that it reaches a
#: commit point first: it hands priority on (CR 117.3d), or it ends the step (CR 117.4, 500.2).
HANDS_ON, ENDS_STEP = 1, 2


def pass_commits_first(g: GameState) -> int:
    """Whether the pass answering ``g``'s priority question (``g`` committed at it) reaches a
    commit point before it could ask a question or end the game: ``Game`` then answers it on
    ``g`` itself, as the committed state is never needed again (a pass can't be refused).
    Returns how (``HANDS_ON``, ``ENDS_STEP``), or 0 when it may not.

    Either the pass only hands priority on: not every player will have passed in succession
    (CR 117.4), and nothing changed since SBAs and triggers were last checked, so the next
    player has nothing to settle first (CR 117.5) and is asked at once (``hand_on``: such a
    pass changes only ``passes``, ``priority`` and the legal-action memo). Or it ends a step
    other than cleanup (all players passed, the stack is empty: CR 117.4, 500.2) and the run
    goes ``end_step`` -> ``begin_step`` of the next step of the same turn, asking nothing: the next
    step either begins with a commit point (``_BEGINS_WITH_A_QUESTION``), or does nothing as it
    begins (no turn-based action, no "at the beginning of" trigger; attackers declared after a
    commit point, or none to declare) and, as nothing changed
    since SBAs and triggers were last checked (no mana to empty, no creature to remove from
    combat, CR 500.5, 511.3), gives priority at once (``settle`` does nothing), committed at
    its question. Of the steps that act as they begin, the draw step does so in place when its
    draw can ask nothing and end nothing (``_draw_asks_nothing``); a pass into the untap or the
    combat damage step is answered on a copy."""
    in_game = 0            # the players still in the game, whose passes in succession end a round (CR 117.4)
    for p in g.players:
        if not p.lost:
            in_game += 1
    if g.passes + 1 < in_game:
        return HANDS_ON if g.settled == g.version and not g.events and not g.pending_triggers else 0  # ``_settled``
    step = g.step
    if g.stack or step is _CLEANUP or step is _COMBAT_DAMAGE:
        return 0               # (``next_step`` changes ``g.combat`` after these two)
    nxt = next_step(g, step)
    if nxt in _BEGINS_WITH_A_QUESTION:
        return ENDS_STEP
    if nxt is _DRAW:
        return ENDS_STEP if _draw_asks_nothing(g) else 0
    event = _QUIET_BEGINNINGS.get(nxt, False)
    if event is False or (event is not None and step_may_trigger(g, event)):
        return 0
    for p in g.players:
        if has_mana(p):
            return 0
    if step is _END_OF_COMBAT and _in_combat(g):
        return 0
    return ENDS_STEP if _settled(g) else 0


def hand_on(g: GameState) -> Decision:
    """The pass of ``g``'s priority question that ``pass_commits_first`` finds ``HANDS_ON``, made:
    the next player receives priority (CR 117.3d) and is asked at once. Returns the question."""
    g.passes += 1
    g.priority = g.next_player(g.priority)      # CR 117.3d
    return question(g)


def end_round(g: GameState) -> None:
    """All players have passed in succession (CR 117.4): the top of the stack resolves, or with an
    empty stack the step ends (CR 500.2), from the marker set here (``run``)."""
    g.passes = 0
    g.marker = ("resolve",) if g.stack else ("end_step",)


def _draw_asks_nothing(g: GameState) -> bool:
    """Whether the draw step, about to begin, reaches its priority question without a question or
    the game's end (``pass_commits_first``): nothing was left to settle (CR 117.5), no mana to
    empty (CR 500.5), and the active player draws (CR 504.1) a card from their library (so no
    loss, CR 704.5b) that no effect may replace (CR 614, 903.9b) and that triggers nothing (CR
    603.2); and the permanents' characteristics, memoized ``("closed",)``, read nothing off the
    battlefield and no effect lasts "for as long as" something (CR 611.2b), so the state-based
    actions see the permanents as at the last check, where none applied (CR 704.3)."""
    active = g.active
    library = g.zones[(active, _LIBRARY)]
    if not library or (g.turn == 1 and active == g.first_player and len(g.players) == 2):
        return False                        # CR 704.5b; CR 103.8a: the step is skipped
    for p in g.players:
        if has_mana(p):
            return False
    chars = g._chars
    if not _settled(g) or chars.get(0) is None or not chars.get(("closed",)):   # type: ignore[call-overload]
        return False
    for e in g.effects:
        if e.lasts:
            return False
    top = library[0]
    return not (player_has(g, active, "skip_draw") or is_commander(g, top)
                or may_replace(g, "draw", "to_hand_or_library") or draw_may_trigger(g, top))


#: The steps that do nothing as they begin but for their "at the beginning of" triggers, with
#: their trigger event (None: they have none). Declaring attackers either does nothing or
#: commits before its question (``begin_step``).
_QUIET_BEGINNINGS: dict[Step, str | None] = {
    **{step: None for step in Step if step not in _TURN_BASED_ACTIONS}, **_BEGINNING_EVENTS,
    Step.DECLARE_ATTACKERS: None}


def _settled(g: GameState) -> bool:
    """Nothing happened since SBAs and triggers were last checked (``settle``, CR 117.5)."""
    return g.settled == g.version and not g.events and not g.pending_triggers


def question(g: GameState) -> Decision:
    """The priority question of ``g.priority``, its options the legal actions (CR 117.1)."""
    if not g.stack and g.lki:
        g.lki = {}    # nothing left that could look back at objects that have left (CR 608.2h)
    player = g.priority
    options = legal_actions(g, player)
    return Decision(player, "priority", f"{g.players[player].name} has priority ({g.step._value_})", options)


def priority(ctx: Ctx) -> Decision | None:
    """CR 117: the player with priority acts or passes; all passing resolves or ends the step.
    Returns the question when it has no answer yet (``run`` then stops: no NeedDecision to raise
    and unwind, as ``ctx.ask`` would). A pass that hands priority on asks the next player here
    at once (CR 117.3d), as ``run`` would come straight back for it: the game can't have ended
    and the marker is still priority."""
    g = ctx.g
    decision = ctx.resumed
    if decision is not None:
        # The run resumes at this very question: the state was committed just before it was
        # asked, so everything below would do nothing again and ask the same.
        ctx.resumed = None
    while True:
        if decision is None:
            if g.settled != g.version or g.events or g.pending_triggers:     # not ``_settled``
                settle(ctx)
                if g.over:
                    return None
                if g.players[g.priority].lost:
                    # CR 800.4a: the player with priority left the game: the next player gets it
                    g.priority = g.next_player(g.priority)
            decision = question(g)      # before the commit, so the committed state memoizes its list
            player = decision.player
            if ctx.used == len(ctx.answers):
                # unanswered (what ``ctx.ask`` would raise): committed at the question
                # (``ctx.commit_point(asking_now=True)``, written out: every answer is used)
                ctx.on_commit(g, True, True, True)
                ctx.answers = []
                ctx.used = 0
                return decision
        else:
            player = decision.player
            if ctx.used == len(ctx.answers):
                return decision
        answer = ctx.answers[ctx.used]     # (``ctx.ask``, written out: one of the actions offered, as
        ctx.used += 1                      # offered, is the usual answer)
        if answer not in decision.options:
            answer = validate_answer(decision, answer)
        act = answer["action"]
        if act != "pass":
            break
        passes = g.passes + 1
        in_game = 0                        # the players still in the game (CR 117.4)
        for p in g.players:
            if not p.lost:
                in_game += 1
        if passes >= in_game:
            end_round(g)                   # CR 117.4, 500.2
            return None
        g.passes = passes
        g.priority = g.next_player(player)  # CR 117.3d: the next player in turn order
        decision = None
    if act == "play":
        play_land(ctx, player, answer["object"], answer.get("face"))
    elif act == "cast" and answer.get("face_down"):
        cast_face_down(ctx, player, answer["object"], answer)
    elif act == "cast":
        cast_spell(ctx, player, answer["object"], answer)
    elif act == "special":
        take_special_action(ctx, player, answer["object"], answer)     # foretell, plot, suspend (CR 116.2)
    elif act == "turn_face_up":
        turn_face_up(ctx, player, answer["object"], answer)     # a special action (CR 116.2b)
    elif act == "unlock":
        take_unlock(ctx, player, answer["object"], answer)      # a special action (CR 709.5e)
    elif act == "activate":
        activate(ctx, player, answer["object"], answer.get("ability", 0), answer)
    else:
        raise IllegalActionError(f"unknown action {act!r}")
    g.passes = 0                      # CR 117.3c: the player who acted receives priority again
    g.priority = player
    return None


def _keeps_tapped(ctx: Ctx, ch: Any) -> bool:
    """CR 502.3: "~ doesn't untap during your untap step", or "You may choose not to untap ~
    during your untap step" (its controller is asked); ``ch``: the permanent's characteristics."""
    if "doesn't untap" in ch.keywords:
        ctx.log("502.3", f"{ch.name} doesn't untap during its controller's untap step")
        return True
    if "may choose not to untap" in ch.keywords:
        if not ctx.ask(Decision(ch.controller, "yesno", f"untap {ch.name} during your untap step?", [True, False])):
            ctx.log("502.3", f"{ctx.g.players[ch.controller].name} chooses not to untap {ch.name}")
            return True
    return False
