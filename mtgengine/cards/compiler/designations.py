"""Effect templates of the player designations (CR 724, 725) and of venturing into the dungeon
(CR 701.49): "you become the monarch", "target opponent becomes the monarch", "you take the
initiative", "venture into the dungeon", "venture into Undercity"."""
from __future__ import annotations

from .clause import effect_rule
from .targets import Parse, who_ref
from ..vocabulary.targets import YOU
from .text import SpanMatch
from ..dungeons import UNDERCITY, available, ventured_dungeons
from ..vocabulary import BecomeDayNight, BecomeMonarch, Effect, TakeInitiative, Venture


@effect_rule(r"(you|target player|target opponent|that player) (?:become|becomes) the monarch")
def _monarch(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """CR 724.1, 724.3."""
    who = who_ref(m.group(1), st)
    return [BecomeMonarch(who)] if who is not None else None


@effect_rule(r"(you|target player|target opponent|that player) (?:take|takes) the initiative")
def _initiative(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """CR 725.1-725.3: taking the initiative ventures into Undercity (725.2), so it is understood
    only while every room of Undercity is."""
    who = who_ref(m.group(1), st)
    return [TakeInitiative(who)] if who is not None and available(UNDERCITY) else None


@effect_rule(r"(?:(you|target player|that player) )?ventures? into (the dungeon|Undercity)")
def _venture(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """CR 701.49a-d: understood only while a dungeon it may bring into the game is implemented."""
    who = who_ref(m.group(1), st) if m.group(1) else YOU
    into = UNDERCITY if m.group(2).lower() == "undercity" else ""
    if who is None or not ventured_dungeons(into):
        return None
    return [Venture(who, into)]


@effect_rule(r"it becomes (day|night)")
def _day_night(m: SpanMatch, st: Parse) -> list[Effect]:
    """CR 730.1: the game's designation (``effects.day_night.become``)."""
    return [BecomeDayNight(m.group(1).lower())]
