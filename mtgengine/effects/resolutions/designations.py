"""The player designations (CR 724 the monarch, 725 the initiative) and venturing into the dungeon
(CR 701.49, 309). The designations are values of the state (``effects.designations``); a dungeon
card is brought into the command zone as its owner's venture marker enters its topmost room."""
from __future__ import annotations

from ...agents.decisions import Decision
from ...cards.dungeon_rooms import room_ability
from ...cards.dungeons import DUNGEONS, ventured_dungeons
from ...cards.vocabulary import BecomeDayNight, BecomeMonarch, IncreaseSpeed, TakeInitiative, Venture
from ...core.errors import IllegalActionError
from ...rules.context import Ctx
from ..day_night import become
from ..designations import INITIATIVE, INITIATIVE_TAKEN
from ..layers import permanents
from ..resolve import Resolving, players_of, refs, resolves
from ..speed import increase_speed
from ..triggers import add_inherent


@resolves(BecomeMonarch)
def _become_monarch(ctx: Ctx, eff: BecomeMonarch, r: Resolving) -> None:
    for p in players_of(refs(ctx, eff.who, r)):
        become_monarch(ctx, p)


def become_monarch(ctx: Ctx, player: int) -> None:
    """CR 724.3: as a player becomes the monarch, the current monarch ceases to be."""
    g = ctx.g
    if g.players[player].lost or g.monarch == player:
        return
    g.monarch = player
    g.changed()             # "as long as you're the monarch" (CR 611.3b) reads it
    ctx.log("724.3", f"{g.players[player].name} becomes the monarch")


@resolves(BecomeDayNight)
def _become_day_night(ctx: Ctx, eff: BecomeDayNight, r: Resolving) -> None:
    """CR 730.1: "it becomes day / night" (and daybound, nightbound permanents transform, CR 702.145)."""
    become(ctx, eff.which)


@resolves(IncreaseSpeed)
def _increase_speed(ctx: Ctx, eff: IncreaseSpeed, r: Resolving) -> None:
    """CR 702.179c-d (``effects.speed``)."""
    for p in players_of(refs(ctx, eff.who, r)):
        increase_speed(ctx, p, eff.amount)


@resolves(TakeInitiative)
def _take_initiative(ctx: Ctx, eff: TakeInitiative, r: Resolving) -> None:
    """CR 725.3, 725.5: taking it again triggers "that player ventures into Undercity" again, with
    no second designation."""
    g = ctx.g
    for p in players_of(refs(ctx, eff.who, r)):
        if g.players[p].lost:
            continue
        if g.initiative != p:
            g.initiative = p
            g.changed()
        ctx.log("725.3", f"{g.players[p].name} takes the initiative")
        add_inherent(ctx, p, INITIATIVE, INITIATIVE_TAKEN)


@resolves(Venture)
def _venture(ctx: Ctx, eff: Venture, r: Resolving) -> None:
    for p in players_of(refs(ctx, eff.who, r)):
        venture(ctx, p, eff.into)


def venture(ctx: Ctx, player: int, into: str = "") -> None:
    """CR 701.49a-d: into a new dungeon's topmost room; down an arrow (the player chooses among
    several, 309.5a); from the bottommost room, the dungeon is completed and a new one begun
    (701.49c). Moving the marker into a room triggers its room ability (309.4c)."""
    g = ctx.g
    marker = next((m for m in g.dungeons if m[0] == player), None)
    name = g.players[player].name
    if marker is not None:
        _, dungeon, room = marker
        arrows = DUNGEONS[dungeon][room].next
        if arrows:
            nxt = arrows[0] if len(arrows) == 1 else ctx.ask(Decision(
                player, "word", f"venture into which room of {dungeon}?", list(arrows)))
            if nxt not in arrows:
                raise IllegalActionError(f"the rooms {dungeon}'s arrows point to are {', '.join(arrows)}")
            index = next(i for i, rm in enumerate(DUNGEONS[dungeon]) if rm.name == nxt)
            _enter_room(ctx, player, dungeon, index)
            return
        complete_dungeon(ctx, player, dungeon)                       # CR 701.49c
    options = list(ventured_dungeons(into))
    if not options:
        ctx.log("701.49a", f"{name} has no dungeon to venture into")
        return
    dungeon = options[0] if len(options) == 1 else ctx.ask(Decision(
        player, "word", "venture into which dungeon?", options))
    if dungeon not in options:
        raise IllegalActionError(f"the dungeons to choose are {', '.join(options)}")
    ctx.log("309.2a", f"{name} puts {dungeon} into the command zone")
    _enter_room(ctx, player, dungeon, 0)                             # CR 309.4a


def _enter_room(ctx: Ctx, player: int, dungeon: str, index: int) -> None:
    g = ctx.g
    g.dungeons = tuple(m for m in g.dungeons if m[0] != player) + ((player, dungeon, index),)
    g.version += 1
    room = DUNGEONS[dungeon][index].name
    ctx.log("701.49b", f"{g.players[player].name} ventures into {room} ({dungeon})")
    ability = room_ability(dungeon, room)
    if ability is not None:
        add_inherent(ctx, player, dungeon, ability)


def ascend(ctx: Ctx, player: int) -> None:
    """CR 702.131a-b: a player who controls ten or more permanents and hasn't the city's blessing
    gets it for the rest of the game; continuous effects are reapplied at once (702.131d)."""
    g = ctx.g
    if player in g.blessed or g.players[player].lost:
        return
    if sum(1 for ch in permanents(g).values() if ch.controller == player) < 10:
        return
    g.blessed = g.blessed + (player,)
    g.changed()
    ctx.log("702.131a", f"{g.players[player].name} gets the city's blessing")


def ascend_permanents(ctx: Ctx) -> None:
    """CR 702.131b: ascend on a permanent is a static ability, "any time you control ten or more
    permanents": checked whenever the game checks state-based actions (CR 117.5)."""
    g = ctx.g
    if len(g.blessed) == len(g.players):
        return
    # memoized with the permanents' characteristics (as ``layers.permanents_with``)
    ascending = g._chars.get(_ASCENDING)            # type: ignore[call-overload]
    if ascending is None:
        ascending = [ch.controller for ch in permanents(g).values() if "ascend" in ch.keywords]
        g._chars[_ASCENDING] = ascending            # type: ignore[index]
    for player in ascending:
        if player not in g.blessed:
            ascend(ctx, player)


_ASCENDING = ("with_keyword", "ascend")


def complete_dungeon(ctx: Ctx, player: int, dungeon: str) -> None:
    """CR 309.7: the dungeon card is removed from the game, and the player has completed it."""
    g = ctx.g
    g.dungeons = tuple(m for m in g.dungeons if m[0] != player)
    g.completed_dungeons = g.completed_dungeons + ((player, dungeon),)
    g.changed()
    ctx.log("309.7", f"{g.players[player].name} completes {dungeon}")
