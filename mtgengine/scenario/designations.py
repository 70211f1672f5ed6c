"""The player designations of a scenario (SCENARIO-FORMAT "What this engine accepts beyond
version 1"): set up with a player's ``designations``, ``dungeon`` and ``completed_dungeons``,
checked with ``monarch``, ``initiative``, ``dungeons`` and ``completed_dungeons``."""
from __future__ import annotations

from typing import Any

from ..cards.dungeons import DUNGEONS, UNDERCITY, available
from ..core.errors import quote
from ..effects.speed import speed_of
from .loader import ScenarioError, suggest

DESIGNATIONS = ("monarch", "initiative")
BLESSING = "city's blessing"


def set_up(g: Any, p: int, name: str, spec: dict[str, Any]) -> None:
    """CR 724.3, 725.3: one monarch and one player with the initiative; CR 309.3: one dungeon."""
    marks = spec.get("designations") or []
    if not isinstance(marks, list):
        raise ScenarioError(f"players.{name}.designations: expected a list such as [monarch]")
    for mark in marks:
        if mark == BLESSING:
            g.blessed = g.blessed + (p,)                  # CR 702.131c
            continue
        if mark not in DESIGNATIONS:
            raise ScenarioError(f"players.{name}.designations: unknown designation {quote(mark)}"
                                f"{suggest(str(mark), [*DESIGNATIONS, BLESSING])}")
        if mark == "initiative" and not available(UNDERCITY):
            raise ScenarioError(f"players.{name}.designations: the initiative ventures into Undercity (CR 725.2), "
                                "and the engine doesn't implement every room of Undercity")
        if getattr(g, mark) is not None:
            raise ScenarioError(f"players.{name}.designations: only one player can have {mark} (CR 724.3, 725.3)")
        setattr(g, mark, p)
    if spec.get("dungeon") is not None:
        dungeon, _, room = str(spec["dungeon"]).partition(":")
        dungeon, room = dungeon.strip(), room.strip()
        where = f"players.{name}.dungeon"
        if dungeon not in DUNGEONS:
            raise ScenarioError(f"{where}: unknown dungeon {quote(dungeon)}{suggest(dungeon, list(DUNGEONS))}")
        if not available(dungeon):
            raise ScenarioError(f"{where}: the engine doesn't implement every room of {dungeon}")
        names = [r.name for r in DUNGEONS[dungeon]]
        if room and room not in names:
            raise ScenarioError(f"{where}: {dungeon} has no room {quote(room)}{suggest(room, names)}")
        g.dungeons = g.dungeons + ((p, dungeon, names.index(room) if room else 0),)
    if spec.get("speed") is not None:
        value = spec["speed"]
        if not isinstance(value, int) or not 1 <= value <= 4:
            raise ScenarioError(f"players.{name}.speed: expected a speed from 1 to 4 (CR 702.179), got {quote(value)}")
        g.speeds = tuple(sorted(g.speeds + ((p, value, 0),)))
    done = spec.get("completed_dungeons") or []
    if not isinstance(done, list) or any(d not in DUNGEONS for d in done):
        raise ScenarioError(f"players.{name}.completed_dungeons: expected dungeon names ({', '.join(DUNGEONS)})")
    g.completed_dungeons = g.completed_dungeons + tuple((p, d) for d in done)


def checks(g: Any, names: list[str], expect: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for mark in DESIGNATIONS:
        want = expect.get(mark)
        if want is None:
            continue
        if want != "none" and want not in names:
            raise ScenarioError(f"{mark}: unknown player {quote(want)} (or none)")
        holder = getattr(g, mark)
        got = names[holder] if holder is not None else "none"
        if got != want:
            out.append(f"expected {want} to have the {mark} designation, got {got}")
    if expect.get("blessed") is not None:
        want_blessed = expect["blessed"]
        if not isinstance(want_blessed, list) or any(w not in names for w in want_blessed):
            raise ScenarioError(f"blessed: expected a list of players, got {quote(want_blessed)}")
        got_blessed = sorted(names[p] for p in g.blessed)
        if got_blessed != sorted(want_blessed):
            out.append(f"expected the city's blessing for {sorted(want_blessed)}, got {got_blessed}")
    for who, want in (expect.get("dungeons") or {}).items():
        if who not in names:
            raise ScenarioError(f"dungeons: unknown player {quote(who)}")
        marker = next((m for m in g.dungeons if m[0] == names.index(who)), None)
        got = f"{marker[1]}: {DUNGEONS[marker[1]][marker[2]].name}" if marker is not None else "none"
        if got != (want if want is not None else "none"):
            out.append(f"expected {who}'s venture marker in {want}, got {got}")
    for who, want in (expect.get("speed") or {}).items():
        if who not in names:
            raise ScenarioError(f"speed: unknown player {quote(who)}")
        got = speed_of(g, names.index(who))
        if got != want:
            out.append(f"expected {who}'s speed to be {want}, got {got}")
    for who, want in (expect.get("completed_dungeons") or {}).items():
        if who not in names:
            raise ScenarioError(f"completed_dungeons: unknown player {quote(who)}")
        got = sum(1 for d in g.completed_dungeons if d[0] == names.index(who))
        if got != want:
            out.append(f"expected {who} to have completed {want} dungeon(s), got {got}")
    return out
