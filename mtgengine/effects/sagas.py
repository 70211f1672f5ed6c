"""Sagas (CR 714): lore counters, chapter abilities and the sacrifice after the last chapter.

- As a Saga enters, its controller puts a lore counter on it (CR 714.3a); with read ahead, the
  chosen number of them (702.155b): ``enter_leave.enters_with_lore``. They are counters put on
  it (CR 122.6).
- As a player's precombat main phase begins, they put a lore counter on each Saga they control
  with one or more chapter abilities (CR 714.3b, a turn-based action: ``rules.sagas``).
- A chapter ability triggers when lore counters are put on the Saga and their number goes from
  less than its chapter number to at least it (CR 714.2b): ``chapters_reached``. Read ahead: not
  the turn it entered unless the number is exactly the chapter's (CR 702.155a).
- A Saga with lore counters at least its final chapter number, and no chapter ability of its
  own triggered and not yet gone from the stack, is sacrificed (CR 714.4, ``to_sacrifice``).

The counters go through ``primitives.put_counters`` (and so the replacement pipeline).
"""
from __future__ import annotations

from typing import Any

from ..cards.vocabulary import TriggeredAbility
from ..core.enums import Zone
from .layers import characteristics, permanents

LORE = "lore"


def chapters(ch: Any) -> tuple[TriggeredAbility, ...]:
    """The chapter abilities of an object (its characteristics ``ch``, CR 714.2)."""
    return tuple(ab for ab in ch.script.triggered if ab.trigger.event == "chapter")


def final_chapter(ch: Any) -> int:
    """CR 714.2d: the greatest chapter number among its chapter abilities (0: none)."""
    return max((ab.trigger.number for ab in chapters(ch)), default=0)


def sagas_of(g: Any, player: int) -> list[int]:
    """The Sagas with chapter abilities ``player`` controls (CR 714.3b)."""
    return [oid for oid, ch in permanents(g).items()
            if ch.controller == player and "Saga" in ch.subtypes and chapters(ch)]


def chapters_reached(g: Any, oid: int, before: int, after: int) -> list[TriggeredAbility]:
    """CR 714.2b: the chapter abilities of Saga ``oid`` that trigger as its lore counters go from
    ``before`` to ``after``; with read ahead, the turn it entered, only the one whose number is
    exactly ``after`` (CR 702.155a)."""
    o = g.objects.get(oid)
    if o is None or o.zone is not Zone.BATTLEFIELD:
        return []
    ch = characteristics(g, oid)
    read_ahead = "read ahead" in ch.keywords and o.choices.get("read_ahead_turn") == g.turn
    return [ab for ab in chapters(ch) if before < ab.trigger.number <= after
            and (not read_ahead or ab.trigger.number == after)]


def to_sacrifice(g: Any) -> list[int]:
    """CR 714.4: the Saga permanents with one or more chapter abilities whose lore counters are at
    least their final chapter number and that are not the source of a chapter ability that has
    triggered (pending, CR 603.3) or is on the stack."""
    waiting = {t.source_id for t in g.pending_triggers if t.ability.trigger.event == "chapter"}
    for sid in g.stack:
        s = g.objects[sid]
        if s.ability is not None and getattr(s.ability, "trigger", None) is not None \
                and s.ability.trigger.event == "chapter":
            waiting.add(s.source_id)
    out = []
    for oid in g.battlefield:
        lore = g.objects[oid].counters.get(LORE, 0)
        if not lore:
            continue                    # (a final chapter number is at least 1, or it has none)
        ch = characteristics(g, oid)
        final = final_chapter(ch)
        if "Saga" in ch.subtypes and final and lore >= final and oid not in waiting:
            out.append(oid)
    return out
