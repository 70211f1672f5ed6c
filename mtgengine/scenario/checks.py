"""The checks of ``expect`` (SCENARIO-FORMAT "Checks"): each returns what differed."""
from __future__ import annotations

from collections import Counter
from typing import Any

from ..cards.database import normalize_name
from ..core.enums import Zone
from ..core.errors import quote
from ..core.mana import COLOR_WORDS, ManaCost, ManaCostError
from ..effects.layers import characteristics, is_copy, mana_value
from ..engine import Game
from . import designations, fields
from .loader import ScenarioError
from .references import ALL_ZONES, find_objects
from .setup import Setup

OBJECT_KEYS = fields.keys(fields.OBJECT_CHECK)


#: The form of each check's value: a mapping, a list, or (``stack`` only) a list or one name.
_MAPPINGS = ("life", "poison", "player_counters", "zones", "mana_pool")
_LISTS = ("permanents", "objects", "log", "stack")


def run_checks(game: Game, setup: Setup, names: list[str], expect: dict[str, Any]) -> list[str]:
    g = game.state
    out: list[str] = []
    for key, value in expect.items():
        if value is None:
            continue
        if key in _MAPPINGS and not isinstance(value, dict):
            raise ScenarioError(f"{key}: expected a mapping of players, got {quote(value)}")
        if key in _LISTS and not isinstance(value, list):
            raise ScenarioError(f"{key}: expected a list, got {quote(value)}")
        if key in ("winner", "loser") and value not in names:
            raise ScenarioError(f"{key}: unknown player {quote(value)}")
        if key == "draw" and not isinstance(value, bool):
            raise ScenarioError(f"draw: expected true or false, got {quote(value)}")
    for key in ("zones", "player_counters"):
        for name, inner in (expect.get(key) or {}).items():
            if inner is not None and not isinstance(inner, dict):
                raise ScenarioError(f"{key}.{name}: expected a mapping, got {quote(inner)}")

    def player(name: Any) -> int:
        if name not in names:
            raise ScenarioError(f"unknown player {quote(name)} in a check")
        return names.index(name)

    def number(key: str, name: Any, want: Any, low: int | None = None) -> Any:
        if isinstance(want, bool) or not isinstance(want, int):
            raise ScenarioError(f"{key}.{name}: expected a whole number, got {quote(want)}")
        if low is not None and want < low:
            raise ScenarioError(f"{key}.{name}: expected a whole number {low} or more, got {quote(want)}")
        return want

    for name, want in (expect.get("life") or {}).items():
        pl = g.players[player(name)]
        number("life", name, want)
        if pl.lost and len(names) > 2:
            continue                # a player who left the game: their life is not checked (version 1.1)
        got = pl.life
        if got != want:
            out.append(f"expected {name} life {want}, got {got}")
    for name, want in (expect.get("poison") or {}).items():
        number("poison", name, want, 0)
        got = g.players[player(name)].poison
        if got != want:
            out.append(f"expected {name} poison {want}, got {got}")
    for name, kinds in (expect.get("player_counters") or {}).items():
        pl = g.players[player(name)]
        for kind, want in (kinds or {}).items():
            number(f"player_counters.{name}", kind, want, 0)
            got = pl.poison if kind == "poison" else pl.counters.get(str(kind), 0)
            if got != want:
                out.append(f"expected {name} {kind} counters {want}, got {got}")
    for name, zones in (expect.get("zones") or {}).items():
        p = player(name)
        for zone_name, want in (zones or {}).items():
            try:
                zone = Zone(zone_name)
            except ValueError:
                raise ScenarioError(f"zones.{name}: unknown zone {quote(zone_name)}") from None
            ids = g.zone_list(zone, p)
            if zone in (Zone.BATTLEFIELD, Zone.STACK):
                ids = [i for i in ids if characteristics(g, i).controller == p]
            got_names = [_name(g, i) for i in ids]
            if isinstance(want, int) and not isinstance(want, bool):
                number(f"zones.{name}", zone_name, want, 0)
                if len(got_names) != want:
                    out.append(f"expected {name} {zone_name} to hold {want} card(s), got {len(got_names)}: {got_names}")
            elif want is not None and not isinstance(want, list):
                raise ScenarioError(f"zones.{name}.{zone_name}: expected a list of names or a count, got {quote(want)}")
            else:
                want_list = [str(w) for w in (want or [])]
                if not _same_multiset(g, ids, want_list):
                    out.append(f"expected {name} {zone_name} {sorted(want_list)}, got {sorted(got_names)}")
    if "stack" in expect:
        want = [str(w) for w in (expect["stack"] or [])]
        got = [("ability:" + g.objects[i].source_name) if g.objects[i].ability is not None else _name(g, i)
               for i in reversed(g.stack)]
        if [normalize_name(w) for w in want] != [normalize_name(x) for x in got]:
            out.append(f"expected stack (top first) {want}, got {got}")
    for name, want in (expect.get("mana_pool") or {}).items():
        pool = g.players[player(name)].pool
        try:
            cost = ManaCost.parse(str(want))
        except ManaCostError as exc:
            raise ScenarioError(f"mana_pool: {exc}") from None
        want_c = Counter("C" if s.kind == "colorless" else next(iter(s.colors), "C") for s in cost.symbols)
        got_c = Counter({k: v for k, v in pool.items() if v})
        if want_c != got_c:
            # restricted or snow mana counts as its type (CR 106.6) and is shown with its notes
            from ..rules.mana_pool import describe
            out.append(f"expected {name} mana pool {quote(want)}, got {describe(g.players[player(name)])!r}")
    if "winner" in expect:
        got = names[g.winner] if g.winner is not None else None
        if got != expect["winner"]:
            out.append(f"expected winner {expect['winner']}, got {got or 'none (game not over)' }")
    if "loser" in expect:
        p = player(expect["loser"])
        if not g.players[p].lost:
            out.append(f"expected {expect['loser']} to have lost, but they have not")
    if "draw" in expect:
        if bool(g.draw) != bool(expect["draw"]):
            out.append(f"expected draw {expect['draw']}, got {g.draw}")
    out.extend(_game_checks(g, setup, names, expect))
    out.extend(designations.checks(g, names, expect))
    for item in expect.get("log") or []:
        if not any(str(item) in line for line in g.log):
            out.append(f"expected the log to contain {quote(item)}")
    for item in expect.get("permanents") or []:
        out.extend(_object_check(game, setup, names, item, (Zone.BATTLEFIELD,), "permanents"))
    for item in expect.get("objects") or []:
        zones = ALL_ZONES
        if isinstance(item, dict) and "zone" in item:
            try:
                zones = (Zone(item["zone"]),)
            except ValueError:
                raise ScenarioError(f"objects: unknown zone {quote(item['zone'])}") from None
        out.extend(_object_check(game, setup, names, item, zones, "objects"))
    return out


def _game_checks(g: Any, setup: Setup, names: list[str], expect: dict[str, Any]) -> list[str]:
    """Version 1.1's checks of the game: ``active``, ``turn_number``, ``over``, ``commander_damage``
    and ``commander_tax``."""
    from .setup import commander_card_ids
    out: list[str] = []
    if expect.get("active") is not None:
        want = expect["active"]
        if want not in names:
            raise ScenarioError(f"active: unknown player {quote(want)}")
        if names[g.active] != want:
            out.append(f"expected {want} to be the active player, got {names[g.active]}")
    if expect.get("turn_number") is not None:
        want = expect["turn_number"]
        if isinstance(want, bool) or not isinstance(want, int) or want < 1:
            raise ScenarioError(f"turn_number: expected a whole number 1 or more, got {quote(want)}")
        if g.turn != want:
            out.append(f"expected turn number {want}, got {g.turn}")
    if expect.get("over") is not None:
        want = expect["over"]
        if not isinstance(want, bool):
            raise ScenarioError(f"over: expected true or false, got {quote(want)}")
        if bool(g.over) != want:
            out.append(f"expected the game {'over' if want else 'not over'}, but it is "
                       f"{'over' if g.over else 'not over'}")
    damage = expect.get("commander_damage")
    if damage is not None:
        if not isinstance(damage, dict):
            raise ScenarioError(f"commander_damage: expected a mapping {{PLAYER: {{COMMANDER: N}}}}, got {quote(damage)}")
        for who, by in damage.items():
            if who not in names:
                raise ScenarioError(f"commander_damage: unknown player {quote(who)}")
            if not isinstance(by, dict):
                raise ScenarioError(f"commander_damage.{who}: expected a mapping {{COMMANDER: N}}, got {quote(by)}")
            pl = g.players[names.index(who)]
            for commander, want in by.items():
                ids = commander_card_ids(g, commander, f"commander_damage.{who}.{commander}")
                got = sum(pl.commander_damage.get(c, 0) for c in ids)
                if got != want:
                    out.append(f"expected {who} to have been dealt {want} combat damage by {commander}, got {got}")
    tax = expect.get("commander_tax")
    if tax is not None:
        if not isinstance(tax, dict):
            raise ScenarioError(f"commander_tax: expected a mapping {{COMMANDER: N}}, got {quote(tax)}")
        for commander, want in tax.items():
            ids = commander_card_ids(g, commander, f"commander_tax.{commander}")
            got = sum(p.commander_casts.get(c, 0) for p in g.players for c in ids)
            if got != want:
                out.append(f"expected {commander} cast {want} time(s) from the command zone, got {got}")
    return out


def _name(g: Any, oid: int) -> str:
    o = g.objects[oid]
    if o.ability is not None:
        return "ability:" + o.source_name
    nm = characteristics(g, oid).name
    return nm if nm else "face-down"


#: The checks of an object that take a number or nothing (a permanent without power), a count
#: (0 or more), or true/false (issue 17: a typo is named, never compared as it is).
_NUMBER_KEYS = fields.of_kind(fields.OBJECT_CHECK, "number")
_COUNT_KEYS = fields.of_kind(fields.OBJECT_CHECK, "count")
_FLAG_KEYS = fields.of_kind(fields.OBJECT_CHECK, "flag")


def _check_values(item: dict[str, Any], label: str) -> None:
    for key, value in item.items():
        whole = isinstance(value, int) and not isinstance(value, bool)
        if key in _NUMBER_KEYS and not (whole or value is None):
            raise ScenarioError(f"{label}: {key}: expected a whole number or null, got {quote(value)}")
        if key in _COUNT_KEYS and not (whole and value >= 0):
            raise ScenarioError(f"{label}: {key}: expected a whole number 0 or more, got {quote(value)}")
        if key in _FLAG_KEYS and not isinstance(value, bool):
            raise ScenarioError(f"{label}: {key}: expected true or false, got {quote(value)}")
        if key == "counters":
            if not isinstance(value, dict) and value is not None:
                raise ScenarioError(f"{label}: counters: expected a mapping like {{\"+1/+1\": 2}}, got {quote(value)}")
            for kind, n in (value or {}).items():
                if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                    raise ScenarioError(f"{label}: counters.{kind}: expected a whole number 0 or more, got {quote(n)}")


def _same_multiset(g: Any, ids: list[int], want: list[str]) -> bool:
    if len(ids) != len(want):
        return False
    remaining = list(ids)
    for w in want:
        key = normalize_name(w)
        for oid in remaining:
            o = g.objects[oid]
            cands = {normalize_name(_name(g, oid)), normalize_name(_name(g, oid).removesuffix(" Token"))}
            if o.card is not None:
                cands.add(normalize_name(o.card.name))
                if o.card.name_ja:
                    cands.add(normalize_name(o.card.name_ja))
                for f in o.card.faces:
                    if f.name_ja and f.name == _name(g, oid):
                        cands.add(normalize_name(f.name_ja))
            if key in cands:
                remaining.remove(oid)
                break
        else:
            return False
    return True


def _object_check(game: Game, setup: Setup, names: list[str], item: Any, zones: tuple[Zone, ...], label: str) -> list[str]:
    g = game.state
    if not isinstance(item, dict) or "ref" not in item:
        raise ScenarioError(f"{label}: each item is a mapping with a 'ref'")
    for key in item:
        if key not in OBJECT_KEYS:
            from .loader import unknown_key
            raise unknown_key(key, OBJECT_KEYS, label)
    _check_values(item, label)
    ref = str(item["ref"])
    found = find_objects(g, setup.aliases, ref, zones, names)
    out: list[str] = []
    if "count" in item:
        if len(found) != item["count"]:
            return [f"{ref}: expected {item['count']} object(s), found {len(found)}"]
    elif not found:
        return [f"{ref}: expected at least one object, found none"]
    for oid in found:
        o = g.objects[oid]
        ch = characteristics(g, oid)
        label_o = f"{ref} ({_name(g, oid)})"

        def diff(key: str, got: Any) -> None:
            want = item[key]
            if got != want:
                out.append(f"{label_o}: expected {key} {quote(want)}, got {got!r}")

        for key in item:
            if key in ("ref", "count", "exact"):
                continue
            if key == "name":
                diff(key, ch.name)
            elif key == "controller":
                diff(key, names[ch.controller])
            elif key == "owner":
                diff(key, names[o.owner])
            elif key == "power":
                diff(key, ch.power)
            elif key == "toughness":
                diff(key, ch.toughness)
            elif key == "loyalty":
                diff(key, o.counters.get("loyalty", 0) if o.zone is Zone.BATTLEFIELD else ch.loyalty)
            elif key == "damage":
                diff(key, o.damage)
            elif key == "tapped":
                diff(key, o.tapped)
            elif key == "token":
                diff(key, o.token)
            elif key == "copy":
                diff(key, is_copy(g, oid))
            elif key == "face_down":
                diff(key, o.face_down)
            elif key == "transformed":
                diff(key, o.transformed)
            elif key == "zone":
                diff(key, o.zone.value)
            elif key == "counters":
                want = {str(k): v for k, v in (item[key] or {}).items()}
                got = dict(o.counters)
                if item.get("exact"):
                    if {k: v for k, v in got.items() if v} != {k: v for k, v in want.items() if v}:
                        out.append(f"{label_o}: expected exactly counters {want}, got {got}")
                else:
                    for k, v in want.items():
                        if got.get(k, 0) != v:
                            out.append(f"{label_o}: expected {v} {k} counter(s), got {got.get(k, 0)}")
            elif key == "attached_to":
                target = o.attached_to
                if item[key] is None:               # an extension: attached to nothing
                    if target is not None:
                        got = g.players[-target - 1].name if target < 0 else _name(g, target)
                        out.append(f"{label_o}: expected attached_to null, got {got!r}")
                    continue
                # a permanent, or a player by name (an Aura enchanting a player, CR 303.4b)
                want_ids = [-(names.index(str(item[key])) + 1)] if str(item[key]) in names else \
                    find_objects(g, setup.aliases, str(item[key]), (Zone.BATTLEFIELD,), names)
                if target not in want_ids:
                    got_name = _name(g, target) if target in g.objects else \
                        g.players[-target - 1].name if target is not None and target < 0 else None
                    out.append(f"{label_o}: expected attached_to {quote(item[key])}, got {got_name!r}")
            elif key in ("types", "subtypes", "supertypes"):
                got = getattr(ch, key)
                if {str(x) for x in item[key] or []} != set(got):
                    out.append(f"{label_o}: expected {key} {sorted(item[key] or [])}, got {sorted(got)}")
            elif key == "colors":
                want_set = {COLOR_WORDS.get(str(c).lower(), str(c).upper()) for c in item[key] or []}
                if want_set != set(ch.colors):
                    out.append(f"{label_o}: expected colors {sorted(want_set)}, got {sorted(ch.colors)}")
            elif key == "mana_value":
                diff(key, mana_value(g, oid))
            elif key == "mana_cost":
                got = str(ch.mana_cost) if ch.mana_cost is not None else ""
                if ch.mana_cost is not None and g.objects[oid].zone is Zone.STACK and ch.mana_cost.x_count:
                    # CR 107.3a, 202.3e: on the stack X is the chosen value ({2}{R}); the printed
                    # form ({X}{R}) is accepted too
                    printed_cost = got
                    got = str(ch.mana_cost.with_x(g.objects[oid].x))
                    if str(item[key] or "") == printed_cost:
                        got = printed_cost
                want = str(item[key] or "")
                try:
                    want = str(ManaCost.parse(want))
                except ManaCostError:
                    pass
                if got != want:
                    out.append(f"{label_o}: expected mana_cost {quote(item[key])}, got {got!r}")
            elif key == "abilities":
                texts = [ch.text] + [k for k in ch.keywords]
                for want in item[key] or []:
                    if not any(str(want).lower() in t.lower() for t in texts):
                        out.append(f"{label_o}: expected an ability containing {quote(want)}")
    return out
