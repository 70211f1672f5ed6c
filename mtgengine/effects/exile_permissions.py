"""Permissions to play cards from exile that an effect gave to the cards themselves (impulse draw:
"Exile the top two cards of your library. Until the end of your next turn, you may play those
cards", CR 601.3, 305.1). The permission is the card's, in exile: a card that leaves exile is a
new object without it (CR 400.7). It ends as its duration says, in the cleanup step (CR 514.2)."""
from __future__ import annotations

from typing import Any

from ..core.enums import Zone
from ..rules.context import Ctx
from ..state.game_state import GameState

#: The key of a card's ``choices`` that holds its permission: {"player": who may play it, "turn":
#: the turn it was given, "until": "turn" | "next_turn", "lands": whether a land may be played}.
MAY_PLAY = "may_play"


def grant(g: GameState, oid: int, player: int, until: str, lands: bool) -> None:
    """Lets ``player`` play (``lands``) or cast the exiled card ``oid`` until ``until`` ends."""
    o = g.obj(oid)
    o.choices = {**o.choices, MAY_PLAY: {"player": player, "turn": g.turn, "until": until, "lands": lands}}
    g.changed()


def permitted(g: GameState, player: int, oid: int, land: bool) -> bool:
    """Whether the exiled card ``oid`` may be played (a land) or cast by ``player`` now under a
    permission of its own ("until end of turn": only the turn it was given)."""
    o = g.objects.get(oid)
    if o is None or o.zone is not Zone.EXILE or not o.choices:
        return False
    grant_ = o.choices.get(MAY_PLAY)
    if not grant_ or grant_["player"] != player or (land and not grant_["lands"]):
        return False
    return grant_["until"] != "turn" or grant_["turn"] == g.turn


def permitted_cards(g: GameState, player: int) -> list[int]:
    """The exiled cards (any player's exile) ``player`` has such a permission for, by id."""
    return sorted(oid for p in range(len(g.players)) for oid in g.zones[(p, Zone.EXILE)]
                  if g.objects[oid].choices and MAY_PLAY in g.objects[oid].choices
                  and g.objects[oid].choices[MAY_PLAY]["player"] == player)


def end_permissions(ctx: Ctx) -> None:
    """CR 514.2: in the cleanup step, the permissions "until end of turn" end, and those "until the
    end of your next turn" end in the cleanup step of that player's next turn."""
    g = ctx.g
    for p in range(len(g.players)):
        for oid in list(g.zones[(p, Zone.EXILE)]):
            o = g.objects[oid]
            grant_: Any = o.choices.get(MAY_PLAY) if o.choices else None
            if grant_ is None:
                continue
            if grant_["until"] == "turn" or (g.active == grant_["player"] and g.turn > grant_["turn"]):
                w = g.obj(oid)
                w.choices = {k: v for k, v in o.choices.items() if k != MAY_PLAY}
                g.changed()
                ctx.log("514.2", f"{g.players[grant_['player']].name} may no longer play a card exiled "
                        f"on turn {grant_['turn']}")
