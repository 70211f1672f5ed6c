"""Resolving references to objects and players (SCENARIO-FORMAT "References")."""
from __future__ import annotations

import re

from ..cards.database import normalize_name
from ..core.enums import Zone
from ..effects.layers import characteristics, is_copy
from ..state.game_state import GameState

ALL_ZONES = (Zone.BATTLEFIELD, Zone.STACK, Zone.HAND, Zone.GRAVEYARD, Zone.EXILE, Zone.LIBRARY, Zone.COMMAND)


def zone_ids(g: GameState, zones: tuple[Zone, ...], player: int | None = None) -> list[int]:
    out: list[int] = []
    for zone in zones:
        if zone in (Zone.BATTLEFIELD, Zone.STACK):
            out.extend(g.zone_list(zone))
        else:
            for p in range(len(g.players)):
                if player is None or p == player:
                    out.extend(g.zones[(p, zone)])
    return out


def _names_of(g: GameState, oid: int) -> set[str]:
    """The names an object answers to: its current name, and its full card name off the stack."""
    o = g.objects[oid]
    names: set[str] = set()
    if o.ability is not None:
        return names
    ch = characteristics(g, oid)
    if ch.name:
        names.add(normalize_name(ch.name))
        if o.card is not None and o.card.front.name_ja and ch.name == o.card.front.name:
            names.add(normalize_name(o.card.front.name_ja))
        if o.card is not None:
            for face in o.card.faces:
                if face.name == ch.name and face.name_ja:
                    names.add(normalize_name(face.name_ja))
    if o.card is not None and o.zone is not Zone.STACK and not o.face_down and o.copy_source is None \
            and " // " in o.card.name:
        # a multi-face card's full name "A // B" matches it anywhere but on the stack
        names.add(normalize_name(o.card.name))
        if o.card.name_ja:
            names.add(normalize_name(o.card.name_ja))
    if o.token and ch.name:
        # CR 111.4: "Elf Warrior Token" also answers to "Elf Warrior" (SCENARIO-FORMAT)
        names.add(normalize_name(ch.name.removesuffix(" Token")))
        names.add(normalize_name(ch.name.removesuffix(" Token") + " Token"))
    return names


def find_objects(g: GameState, aliases: dict[str, int], ref: str, zones: tuple[Zone, ...] = ALL_ZONES,
                 player_names: list[str] | None = None) -> list[int]:
    """Every object in ``zones`` a reference matches, in the order they came to be (by id)."""
    ref = ref.strip()
    candidates = zone_ids(g, zones)
    if ref in aliases:
        cid = aliases[ref]
        return [oid for oid in candidates if g.objects[oid].card_id == cid]
    prefix = None
    m = re.match(r"^(copy|original|token|ability):(.*)$", ref)
    if m:
        prefix, ref = m.group(1), m.group(2).strip()
    controller = None
    if player_names:
        m2 = re.match(r"^([^:]+):(.*)$", ref)
        if m2 and m2.group(1) in player_names:
            controller = player_names.index(m2.group(1))
            ref = m2.group(2).strip()
    ordinal = None
    m3 = re.match(r"^(.*)#(\d+)$", ref)
    if m3:
        ref, ordinal = m3.group(1).strip(), int(m3.group(2))
    if ref in aliases and prefix is None:
        cid = aliases[ref]
        found = [oid for oid in candidates if g.objects[oid].card_id == cid]
    else:
        key = normalize_name(ref)
        found = []
        for oid in candidates:
            o = g.objects[oid]
            if prefix == "ability":
                if o.ability is not None and normalize_name(o.source_name) == key:
                    found.append(oid)
                continue
            if key not in _names_of(g, oid):
                continue
            if prefix == "copy" and not is_copy(g, oid):
                continue
            if prefix == "original" and is_copy(g, oid):
                continue
            if prefix == "token" and not o.token:
                continue
            found.append(oid)
    if controller is not None:
        found = [oid for oid in found if _owner_or_controller(g, oid) == controller]
    found.sort()
    if ordinal is not None:
        return [found[ordinal - 1]] if 0 < ordinal <= len(found) else []
    return found


def _owner_or_controller(g: GameState, oid: int) -> int:
    o = g.objects[oid]
    if o.zone is Zone.BATTLEFIELD:
        return characteristics(g, oid).controller
    return o.controller if o.zone is Zone.STACK else o.owner


def describe(g: GameState, oid: int) -> str:
    o = g.objects[oid]
    if o.ability is not None:
        return f"ability:{o.source_name} (on the stack)"
    ch = characteristics(g, oid)
    who = g.players[_owner_or_controller(g, oid)].name
    return f"{who}:{ch.name or 'face-down'} ({o.zone.value})"
