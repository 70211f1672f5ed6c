"""A player leaving a multiplayer game (CR 800.4): what leaves with them, and what stays.

In a two-player game the game ends as a player loses (CR 104.2a); a game of more than two goes
on without the players who left (CR 800.4), and this is what their leaving does at once (CR
800.4a: not a state-based action):

1. every object the player owns leaves the game — the cards and tokens in every zone, their
   spells on the stack — without moving to another zone (no zone-change triggers, CR 603.6c);
2. the effects that give the player control of objects end (CR 800.4a): a resolved control
   effect whose controller was that player (Mind Control's from a spell, Threaten's "until end
   of turn"); the objects go back to the control they had without them;
3. their objects on the stack not represented by cards (abilities, copies of spells) cease to
   exist, and their triggered abilities waiting to be put on the stack are not (CR 800.4d);
4. any object still controlled by the player is exiled (a card another player owns that entered
   under the leaver's control);
5. the monarch and the initiative pass to the active player, or the next player in turn order
   (CR 724.4, 725.4); the player's dungeon leaves with them (CR 309.2b);
6. the turn goes on (CR 800.4j): ``turn.priority`` passes priority on if they had it.

The player's own record stays (their name, life, ``lost``): checks still name them.
"""
from __future__ import annotations

from ..cards.vocabulary import SetController
from ..core.enums import Zone
from ..effects.designations import INITIATIVE, INITIATIVE_TAKEN
from ..effects.triggers import add_inherent
from ..effects.layers import ContinuousEffect, characteristics, permanents
from ..effects.primitives import move
from .context import Ctx

_BATTLEFIELD, _STACK = Zone.BATTLEFIELD, Zone.STACK


def leave_game(ctx: Ctx, player: int) -> None:
    """CR 800.4a: ``player`` (who has just lost) leaves the game with their objects."""
    g = ctx.g
    name = g.players[player].name
    owned = sorted(oid for oid, o in g.objects.items() if o.owner == player)
    for oid in owned:
        o = g.objects[oid]
        (g.battlefield if o.zone is _BATTLEFIELD else g.stack if o.zone is _STACK
         else g.zones[(player, o.zone)]).remove(oid)
        if o.zone is _BATTLEFIELD or o.zone is _STACK:
            g.lki[oid] = characteristics(g, oid)       # (CR 800.4i: what effects look back at)
        del g.objects[oid]
    if owned:
        ctx.log("800.4a", f"{name} leaves the game: the {len(owned)} object(s) they own leave with them")
    # (the commander designation names cards that no longer exist: CR 903.3 needs the card)
    if g.players[player].commanders:
        g.player(player).commanders = ()
    # control effects the player's spells and abilities made end (CR 800.4a)
    kept = [e for e in g.effects if not (e.controller == player and _gives_control(e))]
    if len(kept) != len(g.effects):
        g.effects = kept
        ctx.log("800.4a", f"the effects that gave {name} control of objects end")
    g.changed()
    # abilities and spell copies they control cease to exist (CR 800.4a)
    for oid in list(g.stack):
        o = g.objects[oid]
        if o.controller == player and (o.ability is not None or o.card is None or o.is_copy):
            g.stack.remove(oid)
            del g.objects[oid]
            g.changed_off_battlefield(oid)
    g.pending_triggers = [t for t in g.pending_triggers if t.controller != player]     # CR 800.4d
    g.delayed = [d for d in g.delayed if d.controller != player]
    _designations_pass(ctx, player)
    # anything they still control is exiled (CR 800.4a)
    still = [oid for oid, ch in permanents(g).items() if ch.controller == player]
    still += [oid for oid in g.stack if g.objects[oid].controller == player]
    for oid in still:
        if oid in g.objects:
            ctx.log("800.4a", f"{characteristics(g, oid).name}, still controlled by {name}, is exiled")
            move(ctx, oid, Zone.EXILE, "left the game", rule="800.4a")


def _designations_pass(ctx: Ctx, player: int) -> None:
    """CR 724.4, 725.4: the designation goes to the active player, or, if they are the one leaving,
    to the next player in turn order still in the game."""
    g = ctx.g
    heir = g.first_in_game(g.active)
    for field, rule, text in (("monarch", "724.4", "becomes the monarch"),
                              ("initiative", "725.4", "takes the initiative")):
        if getattr(g, field) == player:
            setattr(g, field, heir if not g.players[heir].lost else None)
            if not g.players[heir].lost:
                ctx.log(rule, f"{g.players[heir].name} {text}")
                if field == "initiative":           # "whenever a player takes the initiative" (CR 725.2)
                    add_inherent(ctx, heir, INITIATIVE, INITIATIVE_TAKEN)
    g.dungeons = tuple(m for m in g.dungeons if m[0] != player)
    g.changed()


def _gives_control(effect: ContinuousEffect) -> bool:
    """Whether a resolved continuous effect changes control (layer 2, CR 613.1b)."""
    return any(mod.__class__ is SetController for mod in effect.mods)

