"""The rule-changing statics about attacking and blocking (``CombatRestriction``: Moat, Ensnaring
Bridge; CR 604.1, 508.1c, 509.1b): checked as attackers and blockers are declared, against the
creatures' characteristics as the layers leave them (CR 613)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .counts import count
from .layers import Characteristics, characteristics, matches, object_name, permanents_with

if TYPE_CHECKING:
    from ..state.game_state import GameState


def combat_restriction(g: GameState, oid: int, ch: Characteristics, attack: bool) -> str | None:
    """Why creature ``oid`` (characteristics ``ch``) can't attack (``attack``) or block, by such a
    static ability; None: none keeps it from doing so."""
    for sid, sch in permanents_with(g, "combat_restrictions"):
        for r in sch.script.combat_restrictions:
            if not (r.attack if attack else r.block) or not matches(g, oid, r.creatures, sch.controller, sid, ch):
                continue
            if r.power_above is not None:
                limit = r.power_above.fixed + (count(g, r.power_above, sch.controller, sid) or 0)
                if (ch.power or 0) <= limit:
                    continue
            return f"{object_name(g, sid)}: {r.text} (CR {'508.1c' if attack else '509.1b'})"
    return None
