"""Playing lands (CR 305): how many lands a player may play this turn and from which zones, the
one path every land play, the legal-action list and the special action of playing a land read.

- A player can normally play one land during their turn; continuous effects increase this
  number (CR 305.2): the static abilities of permanents ("You may play an additional land on each
  of your turns", "... any number of lands ...", a ``PlayerStatic`` with ``land_plays`` or
  "any_land_plays") and resolved effects ("You may play an additional land this turn",
  ``AdditionalLandPlays``, kept in ``GameState.land_plays`` for the turn).
- "Target player can't play lands this turn" (``CantPlayLands``): an entry of
  ``GameState.land_plays`` whose count is None.
- A player can't play a land if the number they can play this turn is no more than the number
  they have played (CR 305.2a-b), nor if an effect says they can't ("Players can't play lands"),
  nor when it isn't their turn (CR 305.3).
- A land is played from its owner's hand (CR 305.1), or from another zone an effect names: "You
  may play lands from your graveyard" (Crucible of Worlds), "... from the top of your library"
  (Courser of Kruphix); the exiled cards of ``links.may_play`` are read there.
- The top card of a library seen: "Play with the top card of your library revealed" (public) and
  "You may look at the top card of your library any time" (its owner only), CR 401.5
  (``agents.view`` shows it)."""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..cards.vocabulary import AdditionalLandPlays, CantPlayLands, PlayerStatic
from ..core.enums import Zone
from ..rules.context import Ctx
from .attachment import affects_player
from .layers import characteristics, permanents_with
from .resolve import Resolving, players_of, refs, resolves
from .triggers import condition_holds

if TYPE_CHECKING:
    from ..state.game_state import GameState

#: CR 305.2: the lands a player may play during their turn, before any effect.
LAND_PLAYS = 1


def _statics(g: GameState, player: int) -> Iterator[PlayerStatic]:
    """The static abilities about players that apply to ``player`` now (as ``primitives.player_has``
    reads them: its ``who``, its condition from its controller's point of view)."""
    for oid, ch in permanents_with(g, "player_statics"):
        for ab in ch.script.player_statics:
            if affects_player(g, ab.who, oid, ch.controller, player) and (
                    ab.condition is None or condition_holds(g, ab.condition, ch.controller, oid)):
                yield ab


def has_grant(g: GameState, player: int, grant: str) -> bool:
    """Whether a static ability gives ``player`` ``grant`` ("lands_from_graveyard", ...)."""
    return bool(permanents_with(g, "player_statics")) and any(grant in ab.grants for ab in _statics(g, player))


def land_plays_allowed(g: GameState, player: int) -> int | None:
    """The number of lands ``player`` can play this turn (CR 305.2, 305.2a): one, plus each
    effect's additional lands; None: any number (Fastbond)."""
    count = LAND_PLAYS + sum(c for turn, p, c in g.land_plays if turn == g.turn and p == player and c is not None)
    if permanents_with(g, "player_statics"):
        for ab in _statics(g, player):
            if "any_land_plays" in ab.grants:
                return None
            count += ab.land_plays
    return count


def can_play_land(g: GameState, player: int) -> bool:
    """CR 305.2a-b, 305.3: whether ``player`` may play a land now, counting the lands played this
    turn (as a special action and while spells and abilities resolve): it is their turn, the
    number they can play is greater, and no effect says they can't. (The timing of the special
    action, CR 305.1, is the caller's.)"""
    if g.active != player:
        return False                                    # CR 305.3
    played = g.players[player].lands_played
    if not g.land_plays and not permanents_with(g, "player_statics"):
        return played < LAND_PLAYS                      # (no effect: the common case)
    allowed = land_plays_allowed(g, player)
    if allowed is not None and played >= allowed:
        return False                                    # CR 305.2b
    return not _cant_this_turn(g, player) and not has_grant(g, player, "cant_play_lands")


def _cant_this_turn(g: GameState, player: int) -> bool:
    """Whether a resolved effect said ``player`` can't play lands this turn (CR 305.2b)."""
    return any(turn == g.turn and p == player and c is None for turn, p, c in g.land_plays)


def refusal(g: GameState, player: int) -> str | None:
    """Why ``player`` can't play a land now (for the error), or None if they may."""
    if can_play_land(g, player):
        return None
    name = g.players[player].name
    if g.active != player:
        return f"{name} can't play a land: it isn't their turn (CR 305.3)"
    if _cant_this_turn(g, player) or has_grant(g, player, "cant_play_lands"):
        return f"{name} can't play lands: an effect says so (CR 305.2b)"
    allowed = land_plays_allowed(g, player)
    played = g.players[player].lands_played
    if allowed == LAND_PLAYS:
        return f"{name} has already played a land this turn (CR 305.2)"
    return f"{name} has already played {played} lands this turn and can play {allowed} (CR 305.2, 305.2b)"


def play_zone_allowed(g: GameState, player: int, oid: int) -> bool:
    """Whether an effect lets ``player`` play the land card ``oid`` from where it is other than
    their hand (CR 305.1): their graveyard (Crucible of Worlds) or the top of their library
    (Courser of Kruphix). Exiled cards are ``links.may_play``'s."""
    o = g.objects.get(oid)
    if o is None or o.owner != player:
        return False
    if o.zone is Zone.GRAVEYARD:
        return has_grant(g, player, "lands_from_graveyard")
    if o.zone is Zone.LIBRARY:
        library = g.zones[(player, Zone.LIBRARY)]
        return bool(library) and library[0] == oid and has_grant(g, player, "lands_from_library")
    return False


def lands_elsewhere(g: GameState, player: int) -> list[int]:
    """The land cards ``player`` may play from their graveyard and the top of their library (the
    legal-action list's, when a land may be played now), by id."""
    if not permanents_with(g, "player_statics"):
        return []
    out: list[int] = []
    if has_grant(g, player, "lands_from_graveyard"):
        out += [oid for oid in g.zones[(player, Zone.GRAVEYARD)] if "Land" in characteristics(g, oid).types]
    library = g.zones[(player, Zone.LIBRARY)]
    if library and has_grant(g, player, "lands_from_library") and "Land" in characteristics(g, library[0]).types:
        out.append(library[0])
    return sorted(out)


def top_card_seen(g: GameState, viewer: int, owner: int) -> bool:
    """CR 401.5: whether ``viewer`` may see the top card of ``owner``'s library: it is revealed
    ("Play with the top card of your library revealed", to every player), or ``viewer`` is its
    owner and may look at it any time."""
    if not permanents_with(g, "player_statics"):
        return False
    return has_grant(g, owner, "top_card_revealed") or (viewer == owner and has_grant(g, owner, "look_top_card"))


def _add_this_turn(g: GameState, player: int, count: int | None) -> None:
    """An entry of ``GameState.land_plays`` for this turn (those of earlier turns are dropped)."""
    g.land_plays = tuple(e for e in g.land_plays if e[0] == g.turn) + ((g.turn, player, count),)
    g.version += 1                      # (the legal-action memo follows the version)


@resolves(AdditionalLandPlays)
def _additional_land_plays(ctx: Ctx, eff: AdditionalLandPlays, r: Resolving) -> None:
    """CR 305.2a: "You may play an additional land this turn": the player's land plays this turn
    increase by ``count`` (the count of lands already played stays)."""
    g = ctx.g
    for p in players_of(refs(ctx, eff.who, r)):
        _add_this_turn(g, p, eff.count)
        more = "an additional land" if eff.count == 1 else f"{eff.count} additional lands"
        ctx.log("305.2a", f"{g.players[p].name} may play {more} this turn ({r.name})")


@resolves(CantPlayLands)
def _cant_play_lands(ctx: Ctx, eff: CantPlayLands, r: Resolving) -> None:
    """CR 305.2b: "Target player can't play lands this turn"."""
    g = ctx.g
    for p in players_of(refs(ctx, eff.who, r)):
        _add_this_turn(g, p, None)
        ctx.log("305.2b", f"{g.players[p].name} can't play lands this turn ({r.name})")
