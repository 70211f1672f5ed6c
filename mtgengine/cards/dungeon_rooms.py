"""The room abilities of the dungeon cards (CR 309.4c), compiled from their printed effects."""
from __future__ import annotations

from functools import lru_cache

from .compiler import compile_report
from .dungeons import DUNGEONS, room_index
from .vocabulary import Trigger, TriggeredAbility


@lru_cache(maxsize=None)
def room_ability(dungeon: str, room: str) -> TriggeredAbility | None:
    """CR 309.4c: "When you move your venture marker into this room, [effect]", or None if the
    effect doesn't compile whole (every word understood)."""
    text = DUNGEONS[dungeon][room_index(dungeon, room)].text
    report = compile_report(dungeon, text, True)
    spell = report.script.spell
    if any(not par.implemented or par.unread for par in report.paragraphs) or spell is None or spell.modes:
        return None
    return TriggeredAbility(Trigger("room"), spell.effects, spell.targets, text=f"{room} — {text}")


def implemented() -> frozenset[str]:
    """The dungeons whose rooms all compile (``dungeons.IMPLEMENTED`` must list them)."""
    return frozenset(d for d, rooms in DUNGEONS.items() if all(room_ability(d, r.name) for r in rooms))
