"""State-based actions (CR 704): checked whenever a player would receive priority (CR 117.5),
performed simultaneously, and repeated until none apply (CR 704.3)."""
from __future__ import annotations

from collections import defaultdict

from ..agents.decisions import Decision
from ..core.enums import Zone
from ..effects.layers import Characteristics, characteristics, permanents
from ..effects import sagas
from ..effects.day_night import day_night_actions
from ..effects.attachment import can_enchant
from ..effects.primitives import end_durations, move, name_of, player_has
from ..effects.resolutions.designations import ascend_permanents, complete_dungeon
from ..effects.resolutions.zones import destroy
from ..effects.speed import start_engines
from ..cards.dungeons import DUNGEONS
from .combat import has_protection_from
from .context import Ctx
from .leaving import leave_game
from .pregame import commander_game, commander_state_actions
from ..state.game_state import GameState


def check_state_based_actions(ctx: Ctx) -> bool:
    """Performs all applicable SBAs repeatedly (CR 704.3). Returns True if any were performed."""
    any_done = False
    if ctx.g.effects:
        end_durations(ctx)          # CR 611.2b: durations that stopped holding (e.g. as it untapped)
    day_night_actions(ctx)          # CR 702.145c-g: immediately, not state-based actions
    while _one_pass(ctx):
        any_done = True
        if ctx.g.over:
            break
    return any_done


def _one_pass(ctx: Ctx) -> bool:
    g = ctx.g
    done = False
    losers: list[int] = []
    playing = [p.index for p in g.players if not p.lost]
    for p in g.players:
        if p.lost:
            continue
        if p.life <= 0 and not player_has(g, p.index, "no_zero_life_loss"):
            # CR 704.5a, unless an effect says the player doesn't lose for it (Phyrexian Unlife)
            ctx.log("704.5a", f"{p.name} has {p.life} life and loses the game")
            losers.append(p.index)
        elif p.drew_from_empty:
            ctx.log("704.5b", f"{p.name} attempted to draw from an empty library and loses the game")
            losers.append(p.index)
        elif p.poison >= 10:
            ctx.log("704.5c", f"{p.name} has {p.poison} poison counters and loses the game")
            losers.append(p.index)
    for i in losers:
        g.player(i).lost = True
        done = True
    if commander_game(g) and commander_state_actions(ctx):      # CR 704.6c, 903.9a
        done = True
        losers = losers or [p.index for p in g.players if p.lost and not g.over]
    if losers:
        _check_game_over(ctx)
        if g.over:
            return True
        for i in playing:
            if g.players[i].lost:
                leave_game(ctx, i)          # CR 800.4a: a multiplayer game goes on without them
    # CR 704.5d: tokens off the battlefield cease to exist; CR 704.5e: spell copies off the stack,
    # and copies of cards off the stack and the battlefield.
    strays, g.strays = g.strays, ()
    for oid in strays:
        o = g.objects.get(oid)
        if o is None or not ((o.token and o.zone is not Zone.BATTLEFIELD)
                             or (o.choices.get("spell_copy") and o.zone is not Zone.STACK)
                             or (o.choices.get("card_copy") and o.zone not in (Zone.STACK, Zone.BATTLEFIELD))):
            continue
        g.zone_list(o.zone, o.owner).remove(oid)
        del g.objects[oid]
        g.changed()
        ctx.log("704.5d" if o.token else "704.5e", f"a token in a {o.zone.value} zone ceases to exist" if o.token
                else f"a copy of a card in a {o.zone.value} zone ceases to exist" if o.choices.get("card_copy")
                else "a spell copy off the stack ceases to exist")
        done = True
    to_graveyard: list[tuple[int, str, str]] = []
    to_annihilate: list[tuple[int, int]] = []
    objects = g.objects
    watched, legend_groups = _sba_permanents(g)
    for oid, ch, plain in watched:
        if plain:
            o = objects[oid]
            if not o.damage and not o.counters:
                continue        # a plain creature, undamaged and without counters: none applies
        if _permanent_actions(ctx, oid, ch, to_graveyard, to_annihilate):
            done = True
            # an Equipment became unattached: the rest are looked at as they are now
            battlefield = g.battlefield
            for later in battlefield[battlefield.index(oid) + 1:]:
                if _permanent_actions(ctx, later, characteristics(g, later), to_graveyard, to_annihilate):
                    done = True
            # (and the legend rule too: the groups are read again from the permanents now)
            legend_groups = _sba_permanents(g)[1]
            break
    # CR 704.5j: the legend rule — the controller chooses one to keep, the rest go to the graveyard.
    for (controller, name), ids in legend_groups:
        keep = ctx.ask(Decision(controller, "legend", f"legend rule: choose the {name} to keep", sorted(ids)))
        for oid in ids:
            if oid != keep:
                to_graveyard.append((oid, "704.5j", f"{name} is put into its owner's graveyard (legend rule)"))
    for oid in sagas.to_sacrifice(g):
        # CR 714.4: its lore counters reached its final chapter and no chapter ability is waiting
        to_graveyard.append((oid, "714.4", f"{g.players[g.objects[oid].controller].name} sacrifices "
                             f"{name_of(ctx, oid)} (its final chapter number of lore counters)"))
    if g.dungeons and _complete_dungeons(ctx):
        done = True
    if start_engines(ctx):                  # CR 704.5z
        done = True
    ascend_permanents(ctx)                  # CR 702.131b (not a state-based action: nothing to repeat)
    if not to_graveyard and not to_annihilate:
        return done
    seen: set[int] = set()
    for oid, rule, text in to_graveyard:
        if oid in seen or oid not in g.objects:
            continue
        seen.add(oid)
        if rule in ("704.5g", "704.5h"):
            # "destroyed": a regeneration shield can replace it (CR 701.19a); 704.5f can't
            destroy(ctx, oid, rule, text=text)
        else:
            ctx.log(rule, text)
            move(ctx, oid, Zone.GRAVEYARD, "sacrifice" if rule == "714.4" else "sba")   # 714.4: sacrificed (701.21a)
        done = True
    for oid, k in to_annihilate:
        if oid in g.objects:
            o = g.obj(oid)
            for kind in ("+1/+1", "-1/-1"):
                o.counters[kind] -= k
                if not o.counters[kind]:
                    del o.counters[kind]
            g.changed()
            ctx.log("704.5q", f"{k} +1/+1 and -1/-1 counter pair(s) are removed from {name_of(ctx, oid)}")
            done = True
    return done


def _complete_dungeons(ctx: Ctx) -> bool:
    """CR 309.6: a venture marker on a dungeon's bottommost room, with no room ability of that
    dungeon triggered and not yet off the stack: its owner removes it from the game (completes it,
    CR 309.7)."""
    g = ctx.g
    done = False
    for player, dungeon, room in g.dungeons:
        if DUNGEONS[dungeon][room].next:
            continue
        waiting = any(t.source_id == 0 and t.source_name == dungeon and t.controller == player
                      for t in g.pending_triggers)
        if waiting or any(o.ability is not None and o.source_id == 0 and o.source_name == dungeon
                          and o.controller == player for o in (g.objects[s] for s in g.stack)):
            continue
        complete_dungeon(ctx, player, dungeon)
        done = True
    return done


def _sba_permanents(g: GameState) -> tuple[list[tuple[int, Characteristics, bool]],
                                            list[tuple[tuple[int, str], list[int]]]]:
    """The permanents a state-based action may apply to (``_watched_permanents``) and the
    legend rule's groups (``_legend_groups``), found in one look at the permanents. Memoized
    with the characteristics (``g._chars``): derived from the permanents' characteristics and
    counters, which only change with a call to ``GameState.changed`` (``GameState.obj``), it is
    forgotten whenever they may change."""
    cached = g._chars.get(("sba",))       # type: ignore[call-overload]
    if cached is None:
        objects = g.objects
        watched: list[tuple[int, Characteristics, bool]] = []
        legends: dict[tuple[int, str], list[int]] | None = None
        for oid, ch in permanents(g).items():
            types, subtypes = ch.types, ch.subtypes
            if "Creature" in types or "Planeswalker" in types or "Aura" in subtypes \
                    or "Equipment" in subtypes or objects[oid].counters or objects[oid].attached_to is not None:
                watched.append((oid, ch, "Creature" in types and ch.toughness is not None and ch.toughness > 0
                                and "Planeswalker" not in types and "Aura" not in subtypes
                                and "Equipment" not in subtypes))
            if "Legendary" in ch.supertypes and ch.name:
                if legends is None:
                    legends = defaultdict(list)
                legends[(ch.controller, ch.name)].append(oid)
        groups = [(key, ids) for key, ids in sorted(legends.items()) if len(ids) > 1] if legends else []
        cached = (watched, groups)
        g._chars[("sba",)] = cached       # type: ignore[index]
    return cached


def _watched_permanents(g: GameState) -> list[tuple[int, Characteristics, bool]]:
    """The permanents a state-based action may apply to, in battlefield order, with their
    characteristics: creatures, planeswalkers, Auras and Equipment (CR 704.5f-n), and those
    with counters (704.5q); memoized (``_sba_permanents``).

    The third value, ``plain``: a creature with toughness above 0 that is neither a
    planeswalker, an Aura nor an Equipment, whose state-based actions then depend only on its
    status, read at each check: its damage (704.5g-h) and its counters (704.5q)."""
    return _sba_permanents(g)[0]


def _legend_groups(g: GameState) -> list[tuple[tuple[int, str], list[int]]]:
    """CR 704.5j: the legendary permanents one player controls with the same name, where there
    are two or more, by (controller, name); memoized (``_sba_permanents``)."""
    return _sba_permanents(g)[1]


def _permanent_actions(ctx: Ctx, oid: int, ch: Characteristics, to_graveyard: list[tuple[int, str, str]],
                       to_annihilate: list[tuple[int, int]]) -> bool:
    """The state-based actions of one permanent (CR 704.5f-i, 704.5m-n, 704.5q): those that put
    it into a graveyard are collected, to be performed together; an Equipment attached to an
    illegal permanent becomes unattached at once. Returns True if that happened."""
    g = ctx.g
    o = g.objects[oid]
    if "Creature" in ch.types and ch.toughness is not None:
        if ch.toughness <= 0:
            to_graveyard.append((oid, "704.5f", f"{ch.name or 'a face-down creature'} has toughness {ch.toughness} and is put into its owner's graveyard"))
            return False
        if "indestructible" not in ch.keywords:
            if o.damage > 0 and o.damage >= ch.toughness:
                to_graveyard.append((oid, "704.5g", f"{ch.name or 'a face-down creature'} is destroyed (lethal damage)"))
                return False
            if o.deathtouched and o.damage > 0:
                to_graveyard.append((oid, "704.5h", f"{ch.name or 'a face-down creature'} is destroyed (damage from a source with deathtouch)"))
                return False
    if "Planeswalker" in ch.types and o.counters.get("loyalty", 0) <= 0:
        to_graveyard.append((oid, "704.5i", f"{ch.name} has no loyalty and is put into its owner's graveyard"))
        return False
    if "Aura" in ch.subtypes:
        # CR 303.4c-d: an object it can enchant, or a player still in the game
        host = o.attached_to
        ok = host is not None and can_enchant(g, oid, ch, host) and (
            host < 0 or not has_protection_from(characteristics(g, host), ch))       # CR 702.16c
        if not ok and o.choices.get("bestowed"):
            # CR 702.103f: a bestowed Aura attached to an illegal object or to nothing becomes
            # unattached and ceases to be bestowed (an exception to 704.5m): it is a creature again
            o = g.obj(oid)
            o.attached_to = None
            del o.choices["bestowed"]
            g.changed()
            ctx.log("702.103f", f"{ch.name} becomes unattached and ceases to be bestowed: it is a creature again")
            return True
        if not ok:
            to_graveyard.append((oid, "704.5m", f"{ch.name} is attached to an illegal object or nothing and is put into its owner's graveyard"))
            return False
    unattached = False
    if o.attached_to is not None and ("Creature" in ch.types or "Battle" in ch.types
                                      or not _ATTACHABLE & ch.subtypes):
        # CR 704.5p: a creature or battle, or a permanent that's no Aura, Equipment or Fortification
        # (an Equipment transformed into a land: Dowsing Dagger's Lost Vale), becomes unattached
        g.obj(oid).attached_to = None
        g.changed()
        ctx.log("704.5p", f"{ch.name} becomes unattached")
        unattached = True
    elif "Equipment" in ch.subtypes and o.attached_to is not None:
        host = o.attached_to
        if host not in g.objects or "Creature" not in characteristics(g, host).types:
            g.obj(oid).attached_to = None       # CR 704.5n: it becomes unattached
            g.changed()
            ctx.log("704.5n", f"{ch.name} becomes unattached")
            unattached = True
    counters = o.counters
    if counters:
        plus, minus = counters.get("+1/+1", 0), counters.get("-1/-1", 0)
        if plus and minus:
            to_annihilate.append((oid, min(plus, minus)))
    return unattached


#: What may stay attached to an object (CR 704.5p).
_ATTACHABLE = frozenset({"Aura", "Equipment", "Fortification"})


def _check_game_over(ctx: Ctx) -> None:
    """CR 104.2a: a player still in the game when all opponents have left wins; 104.4a: all
    players losing simultaneously is a draw."""
    g = ctx.g
    alive = [p.index for p in g.players if not p.lost]
    if len(alive) == 1:
        g.over = True
        g.winner = alive[0]
        ctx.log("104.2a", f"{g.players[alive[0]].name} wins the game")
    elif not alive:
        g.over = True
        g.draw = True
        ctx.log("104.4a", "all players lost simultaneously: the game is a draw")
