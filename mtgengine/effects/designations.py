"""The player designations' inherent triggered abilities (CR 724.2, 725.2) and the dungeon room
abilities (CR 309.4c): abilities of no object (their source is given as 0) that
``effects.triggers`` adds as the events happen. The designations live on the state:
``GameState.monarch``, ``initiative`` (a player index or None), ``dungeons`` ((player, dungeon,
room index) per venture marker, CR 309.4) and ``completed_dungeons`` ((player, dungeon) in order,
CR 309.7)."""
from __future__ import annotations

from typing import Any

from ..agents.decisions import player_of, player_ref
from ..cards.dungeons import UNDERCITY
from ..cards.vocabulary import (
    BecomeMonarch, Draw, Ref, TakeInitiative, Trigger, TriggeredAbility, Venture, YOU, n,
)
from .events import DamageEvent
from .layers import characteristics

MONARCH = "The monarch"
INITIATIVE = "The initiative"

#: CR 724.2: the monarch's two inherent triggered abilities, controlled by the monarch.
MONARCH_DRAW = TriggeredAbility(Trigger("end_step", "you"), (Draw(YOU, n(1)),),
                                text="At the beginning of the monarch's end step, that player draws a card.")
MONARCH_STOLEN = TriggeredAbility(Trigger("combat_damage_player", "any"), (BecomeMonarch(Ref("affected")),),
                                  text="Whenever a creature deals combat damage to the monarch, its controller "
                                       "becomes the monarch.")
#: CR 725.2: the initiative's three, controlled by the player who has it.
INITIATIVE_UPKEEP = TriggeredAbility(Trigger("upkeep", "you"), (Venture(YOU, UNDERCITY),),
                                     text="At the beginning of the upkeep of the player who has the initiative, "
                                          "that player ventures into Undercity.")
INITIATIVE_STOLEN = TriggeredAbility(Trigger("combat_damage_player", "any"), (TakeInitiative(Ref("affected")),),
                                     text="Whenever one or more creatures a player controls deal combat damage to "
                                          "the player who has the initiative, the controller of those creatures "
                                          "takes the initiative.")
INITIATIVE_TAKEN = TriggeredAbility(Trigger("takes_initiative", "you"), (Venture(YOU, UNDERCITY),),
                                    text="Whenever a player takes the initiative, that player ventures into Undercity.")

Inherent = tuple[int, str, TriggeredAbility, int]     # controller, name, ability, affected (a player ref)


def step_abilities(g: Any, event: str) -> list[Inherent]:
    """CR 603.2b: the inherent abilities that trigger as the active player's end step or upkeep
    begins."""
    if event == "end_step" and g.monarch == g.active:
        return [(g.monarch, MONARCH, MONARCH_DRAW, 0)]
    if event == "upkeep" and g.initiative == g.active:
        return [(g.initiative, INITIATIVE, INITIATIVE_UPKEEP, 0)]
    return []


def step_may_trigger(g: Any, event: str) -> bool:
    return (event == "end_step" and g.monarch == g.active) or (event == "upkeep" and g.initiative == g.active)


def damage_abilities(g: Any, events: list[Any]) -> list[Inherent]:
    """CR 724.2: once per creature that dealt combat damage to the monarch; CR 725.2: once per
    player whose creatures dealt combat damage to the player with the initiative (one event of
    combat damage, CR 510.2). The controller of the creature: as it dealt the damage."""
    if g.monarch is None and g.initiative is None:
        return []
    out: list[Inherent] = []
    monarch_sources: list[int] = []
    initiative_takers: list[int] = []
    for ev in events:
        if ev.__class__ is not DamageEvent or not ev.combat or ev.target >= 0 or ev.amount <= 0:
            continue
        ch = characteristics(g, ev.source) if ev.source in g.objects else g.lki.get(ev.source)
        if ch is None or "Creature" not in ch.types:
            continue
        hit = player_of(ev.target)
        if hit == g.monarch and ev.source not in monarch_sources:
            monarch_sources.append(ev.source)
            out.append((hit, MONARCH, MONARCH_STOLEN, player_ref(ch.controller)))
        if hit == g.initiative and ch.controller not in initiative_takers:
            initiative_takers.append(ch.controller)
            out.append((hit, INITIATIVE, INITIATIVE_STOLEN, player_ref(ch.controller)))
    return out
