"""Building the starting position of a scenario (SCENARIO-FORMAT "Players and zones")."""
from __future__ import annotations

import re
from typing import Any

from ..agents.decisions import player_ref
from ..cards.database import UnknownCardError, card_db
from ..core.enums import Step, Zone
from ..core.mana import ManaCost, ManaCostError
from ..core.errors import NotImplementedCardError, quote
from ..effects.layers import characteristics
from ..engine import add_card, refuse_unimplemented
from ..rules.context import Ctx, log_unimplemented
from ..state.game_state import GameState
from ..rules.pregame import COMMANDER_LIFE, pregame_needed, validate_commanders
from . import designations, fields
from .loader import ENTRY_KEYS, PLAYER_KEYS, STEPS, ScenarioError, suggest, unknown_key

TURN_KEYS = fields.keys(fields.TURN)

ZONE_KEYS = {"hand": Zone.HAND, "battlefield": Zone.BATTLEFIELD, "graveyard": Zone.GRAVEYARD,
             "library": Zone.LIBRARY, "exile": Zone.EXILE, "command": Zone.COMMAND}
DEFAULT_LIBRARY = ["Wastes"] * 30

#: Bounds of a position (issue 17): the cards of a scenario, all zones and players together
#: (as a deck list, ``decklist.MAX_DECK_CARDS``), the players, a life total, poison and other
#: counters (far beyond any game, not beyond a typo: ``10000000``, ``-3``), the turn number.
#: (The numbers live in ``fields``, which the JSON Schema reads too.)
MAX_CARDS = fields.MAX_CARDS
MAX_PLAYERS = fields.MAX_PLAYERS
MAX_AMOUNT = fields.MAX_AMOUNT
MAX_TURN = fields.MAX_TURN
#: The longest player name, alias, card name or reference a position takes.
MAX_NAME_CHARS = fields.MAX_NAME_CHARS


class Setup:
    """The state being built, plus aliases (alias -> card_id)."""

    def __init__(self, names: list[str], seed: int) -> None:
        self.state = GameState(names, seed)
        self.aliases: dict[str, int] = {}
        self.attachments: list[tuple[int, Any, str]] = []
        self.cards: list[tuple[str, tuple[Any, ...]]] = []     # (where, cards) of the position


def parse_entry(entry: Any, where: str) -> tuple[str, int, dict[str, Any]]:
    """(card name, count, options) of one zone entry: "Name", "Name x6", "Name as a", or a mapping."""
    if isinstance(entry, str):
        text = entry.strip()
        opts: dict[str, Any] = {}
        m = re.fullmatch(r"(.+?)\s+as\s+(\S+)", text)
        if m:
            text, opts["as"] = m.group(1), m.group(2)
        count = 1
        m = re.fullmatch(r"(.+?)\s+x([-+]?\d+)", text)
        if m:
            text, count = m.group(1), _int(int(m.group(2)), f"{where}: the count of {quote(m.group(1))}", 0, MAX_CARDS)
        return _name(text, where), count, opts
    if isinstance(entry, dict):
        for key in entry:
            if key not in ENTRY_KEYS:
                raise unknown_key(key, ENTRY_KEYS, where)
        if "card" not in entry:
            raise ScenarioError(f"{where}: a card entry needs a 'card' key")
        count = _int(entry.get("count", 1), f"{where}.count", 0, MAX_CARDS)
        return _name(entry["card"], f"{where}.card"), count, {k: v for k, v in entry.items() if k not in ("card", "count")}
    raise ScenarioError(f"{where}: a card entry is a name or a mapping, got {quote(entry)}")


def build(data: dict[str, Any]) -> Setup:
    check_variant(data)
    players = data.get("players")
    if not isinstance(players, dict) or not players:
        raise ScenarioError("'players' is required: a mapping of player names to their zones")
    if len(players) > MAX_PLAYERS:
        raise ScenarioError(f"players: a game has at most {MAX_PLAYERS} players, got {len(players)}")
    names = [_name(n, "players", "a player's name") for n in players]
    if len(set(names)) != len(names):
        raise ScenarioError(f"players: two players are named {quote(next(n for n in names if names.count(n) > 1))}")
    specs = list(players.values())
    seed = _int(data.get("seed", 0), "seed", 0, 2**64 - 1)
    s = Setup(names, seed)
    g = s.state
    db = card_db()
    # an extension: a card entry with `commander: true` makes this a Commander game (CR 903.7: 40 life)
    commander = any(isinstance(e, dict) and e.get("commander") for spec in players.values() if isinstance(spec, dict)
                    for zone in ZONE_KEYS if isinstance(spec.get(zone), list) for e in spec[zone])
    total = 0                       # cards of the position so far (MAX_CARDS)

    def count_cards(count: int, where: str) -> None:
        nonlocal total
        total += count
        if total > MAX_CARDS:
            raise ScenarioError(f"{where}: a scenario holds at most {MAX_CARDS:,} cards (with this entry: {total:,})")

    for p, name in enumerate(names):
        spec = specs[p] or {}
        if not isinstance(spec, dict):
            raise ScenarioError(f"players.{name}: expected a mapping of zones, got {quote(spec)}")
        for key in spec:
            if key not in PLAYER_KEYS:
                raise unknown_key(key, PLAYER_KEYS, f"players.{name}")
        pl = g.players[p]
        # (a life total of 0 or less is a position too: that player loses at the first check, CR 704.5a)
        pl.life = _int(spec.get("life", COMMANDER_LIFE if commander else 20), f"players.{name}.life",
                       -MAX_AMOUNT, MAX_AMOUNT)
        board = spec.get("sideboard", []) or []
        if not isinstance(board, list):
            raise ScenarioError(f"players.{name}.sideboard: expected a list of cards")
        outside: list[str] = []
        for i, entry in enumerate(board):
            where = f"players.{name}.sideboard[{i}]"
            card_name, count, opts = parse_entry(entry, where)
            if opts:
                raise ScenarioError(f"{where}: a card outside the game takes no options ({', '.join(opts)})")
            count_cards(count, where)
            try:
                card = db.get(card_name)
            except UnknownCardError as exc:
                raise ScenarioError(f"{where}: {exc}") from None
            outside += [card.name] * count
            s.cards.append((f"players.{name}.sideboard", (card,)))
        pl.sideboard = tuple(outside)
        pl.poison = _int(spec.get("poison", 0), f"players.{name}.poison", 0, MAX_AMOUNT)      # CR 122.1f
        counters = spec.get("counters", {}) or {}
        if not isinstance(counters, dict):
            raise ScenarioError(f"players.{name}.counters: expected a mapping like {{energy: 2}}")
        pl.counters = {_name(k, f"players.{name}.counters", "a kind of counter"):
                       _int(v, f"players.{name}.counters.{k}", 0, MAX_AMOUNT) for k, v in counters.items()}
        designations.set_up(g, p, name, spec)
        if "mana_pool" in spec:
            try:
                cost = ManaCost.parse(str(spec["mana_pool"]))
            except ManaCostError as exc:
                raise ScenarioError(f"players.{name}.mana_pool: {exc}") from None
            for sym in cost.symbols:
                if sym.kind == "generic" or sym.kind not in ("colored", "colorless"):
                    raise ScenarioError(f"players.{name}.mana_pool: {sym} is not a type of mana")
                pl.pool["C" if sym.kind == "colorless" else next(iter(sym.colors))] += 1
    # Zones: players in turn order, each zone's list in order (battlefield as if entered that way).
    for p, name in enumerate(names):
        spec = specs[p] or {}
        for key, zone in ZONE_KEYS.items():
            entries = spec.get(key)
            if entries is None:
                entries = DEFAULT_LIBRARY if key == "library" else []
            if not isinstance(entries, list):
                raise ScenarioError(f"players.{name}.{key}: expected a list of cards")
            for i, entry in enumerate(entries):
                where = f"players.{name}.{key}[{i}]"
                card_name, count, opts = parse_entry(entry, where)
                count_cards(count, where)
                try:
                    card = db.get(card_name)
                except UnknownCardError as exc:
                    raise ScenarioError(f"{where}: {exc}") from None
                if count:
                    s.cards.append((f"players.{name}.{key}", (card,)))
                for _ in range(count):
                    _place(s, card, p, zone, opts, where, names)
    # issue 17: a card the engine doesn't fully implement is refused unless the file opts in
    allow = _bool(data.get("allow_unimplemented", False), "allow_unimplemented")
    g.allow_unimplemented = allow
    if not allow:
        try:
            refuse_unimplemented(s.cards, "add 'allow_unimplemented: true' to the scenario")
        except NotImplementedCardError as exc:
            raise ScenarioError(str(exc)) from None
    for p, name in enumerate(names):
        if g.players[p].commanders:
            try:
                validate_commanders([g.objects[c].card.name for c in g.players[p].commanders], name)
            except ValueError as exc:
                raise ScenarioError(f"players.{exc}") from None
    if commander:
        g.starting_life = COMMANDER_LIFE
    _commander_records(g, data, names)
    for oid, ref, where in s.attachments:
        target = resolve_setup_ref(s, ref, where)
        if target == oid:
            raise ScenarioError(f"{where}: a permanent can't be attached to itself (CR 303.4d)")
        g.objects[oid].attached_to = target
    attached = {oid for oid, _ref, _where in s.attachments}
    for oid in g.battlefield:
        card = g.objects[oid].card
        if card is not None and "Aura" in card.front.subtypes and oid not in attached and not g.objects[oid].face_down:
            raise ScenarioError(f"players.{names[g.objects[oid].owner]}.battlefield: {card.name} is an Aura "
                                "and must be attached to something: give it 'attached_to' (CR 303.4)")
    turn = data.get("turn", {}) or {}
    if not isinstance(turn, dict):
        raise ScenarioError("'turn' must be a mapping: {number, active, step}")
    for key in turn:
        if key not in TURN_KEYS:
            raise unknown_key(key, TURN_KEYS, "turn")
    g.turn = _int(turn.get("number", 1), "turn.number", 1, MAX_TURN)
    active = turn.get("active", names[0])
    if active not in names:
        raise ScenarioError(f"turn.active: unknown player {quote(active)}{suggest(active, names)}")
    g.active = names.index(active)
    # the player whose turn 1 was, turns going round the players in order (CR 103.1, 500.1)
    g.first_player = (g.active - (g.turn - 1)) % len(names)
    step = turn.get("step", "precombat_main")
    if step not in STEPS:
        raise ScenarioError(f"turn.step: unknown step {quote(step)}{suggest(step, STEPS)}")
    g.step = Step(step)
    g.priority = g.active
    if allow:
        # the permanents already there, as if they had entered (SCENARIO-FORMAT), say what they lack
        ctx = Ctx(g, [], lambda *_: None)
        for oid in g.battlefield:
            ch = characteristics(g, oid)
            if ch.script.unimplemented:
                log_unimplemented(ctx, ch.name, ch.script, "is on the battlefield")
    # CR 103.2: choices and exiles before the game, answered by the script's first `choose` steps
    g.marker = ("pregame", "priority") if pregame_needed(g, False) else ("priority",)
    if g.step in (Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE):
        g.combat = {"attackers": []}
    g.changed()
    return s


def check_variant(data: dict[str, Any]) -> None:
    """Teams and Two-Headed Giant (SCENARIO-FORMAT 1.1, CR 810) are not played by this engine yet:
    such a file FAILs saying so rather than running as a free-for-all game."""
    variant = data.get("variant")
    if variant is not None and variant != "free_for_all":
        raise ScenarioError(f"variant: {quote(variant)} is not supported by this engine yet (it plays "
                            "free-for-all games of 2 to 6 players, CR 806)")
    if data.get("teams") is not None:
        raise ScenarioError("teams: games between teams (CR 808, 810: Two-Headed Giant) are not supported by "
                            "this engine yet (it plays free-for-all games of 2 to 6 players, CR 806)")


def commander_card_ids(g: GameState, name: Any, where: str) -> list[int]:
    """The card ids of the commanders named ``name`` (CR 903.3), or the ScenarioError naming ``where``."""
    text = _name(name, where, "a commander's name")
    found = [c for p in g.players for c in p.commanders
             if any(o.card_id == c and o.card is not None and o.card.name == text for o in g.objects.values())]
    if not found:
        raise ScenarioError(f"{where}: no player has a commander named {quote(text)} (a card entry with "
                            "'commander: true')")
    return found


def _commander_records(g: GameState, data: dict[str, Any], names: list[str]) -> None:
    """Top-level ``commander_damage: {PLAYER: {COMMANDER: N}}`` (combat damage already dealt to the
    player by that commander, CR 903.10a) and ``commander_tax: {COMMANDER: N}`` (the times it was
    already cast from the command zone, CR 903.8), SCENARIO-FORMAT 1.1."""
    damage = data.get("commander_damage")
    if damage is not None:
        if not isinstance(damage, dict):
            raise ScenarioError(f"commander_damage: expected a mapping {{PLAYER: {{COMMANDER: N}}}}, got {quote(damage)}")
        for who, by in damage.items():
            if who not in names:
                raise ScenarioError(f"commander_damage: unknown player {quote(who)}{suggest(who, names)}")
            if not isinstance(by, dict):
                raise ScenarioError(f"commander_damage.{who}: expected a mapping {{COMMANDER: N}}, got {quote(by)}")
            pl = g.players[names.index(who)]
            for commander, amount in by.items():
                where = f"commander_damage.{who}.{commander}"
                n = _int(amount, where, 0, MAX_AMOUNT)
                for card_id in commander_card_ids(g, commander, where):
                    pl.commander_damage = {**pl.commander_damage, card_id: n}
    tax = data.get("commander_tax")
    if tax is not None:
        if not isinstance(tax, dict):
            raise ScenarioError(f"commander_tax: expected a mapping {{COMMANDER: N}}, got {quote(tax)}")
        for commander, times in tax.items():
            where = f"commander_tax.{commander}"
            n = _int(times, where, 0, MAX_AMOUNT)
            for card_id in commander_card_ids(g, commander, where):
                owner = next(p for p in g.players if card_id in p.commanders)
                owner.commander_casts = {**owner.commander_casts, card_id: n}


def _int(value: Any, where: str, low: int, high: int) -> int:
    """``value``, a whole number from ``low`` to ``high``; else the ScenarioError naming ``where``."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ScenarioError(f"{where}: expected a whole number, got {quote(value)}")
    if not low <= value <= high:
        raise ScenarioError(f"{where}: expected a whole number from {low:,} to {high:,}, got {quote(value)}")
    return value


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise ScenarioError(f"{where}: expected true or false, got {quote(value)}")
    return value


def _name(value: Any, where: str, what: str = "a card name") -> str:
    """A name or reference of the position: a non-empty text (or a number: YAML reads ``1`` so)
    of at most MAX_NAME_CHARS characters."""
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise ScenarioError(f"{where}: expected {what}, got {quote(value)}")
    text = str(value)
    if not text.strip() or len(text) > MAX_NAME_CHARS:
        raise ScenarioError(f"{where}: {what} is a text of 1 to {MAX_NAME_CHARS} characters, got {quote(text)}")
    return text


def _place(s: Setup, card: Any, owner: int, zone: Zone, opts: dict[str, Any], where: str, names: list[str]) -> None:
    g = s.state
    oid = add_card(g, card, owner, zone)
    o = g.objects[oid]
    alias = opts.get("as")
    if alias is not None:
        if str(alias) in s.aliases:
            raise ScenarioError(f"{where}: the alias {quote(alias)} is used twice")
        s.aliases[_name(alias, f"{where}.as", "an alias")] = o.card_id
    if _bool(opts.get("token", False), f"{where}.token"):
        o.token = True
    if "controller" in opts:
        if opts["controller"] not in names:
            raise ScenarioError(f"{where}.controller: unknown player {quote(opts['controller'])}")
        o.controller = names.index(opts["controller"])
    if zone is not Zone.BATTLEFIELD:
        for key in ("tapped", "summoning_sick", "attached_to", "damage"):
            if key in opts:
                raise ScenarioError(f"{where}: {key!r} applies only to the battlefield")
    o.tapped = _bool(opts.get("tapped", False), f"{where}.tapped")
    o.sick = _bool(opts.get("summoning_sick", False), f"{where}.summoning_sick")
    o.steady = o.controller
    o.damage = _int(opts.get("damage", 0), f"{where}.damage", 0, MAX_AMOUNT)      # CR 120.3e: marked damage
    o.face_down = _bool(opts.get("face_down", False), f"{where}.face_down")
    if _bool(opts.get("transformed", False), f"{where}.transformed"):
        if len(card.faces) < 2 or card.layout not in ("transform", "modal_dfc", "meld", "flip"):
            raise ScenarioError(f"{where}: {card.name} has no back face to transform to")
        o.transformed = True
    counters = opts.get("counters", {}) or {}
    if not isinstance(counters, dict):
        raise ScenarioError(f"{where}.counters: expected a mapping like {{\"+1/+1\": 2}}")
    # CR 122.1: a number of counters, 0 or more
    o.counters = {_name(k, f"{where}.counters", "a kind of counter"): n for k, v in counters.items()
                  if (n := _int(v, f"{where}.counters.{k}", 0, MAX_AMOUNT))}
    if zone is Zone.BATTLEFIELD and "loyalty" not in counters:
        # As if it had entered: a planeswalker enters with its printed loyalty (CR 306.5b).
        ch = characteristics(g, oid)
        if "Planeswalker" in ch.types and ch.loyalty:
            o.counters["loyalty"] = ch.loyalty
    if _bool(opts.get("commander", False), f"{where}.commander"):
        if o.token:
            raise ScenarioError(f"{where}: a token can't be a commander (CR 903.3)")
        g.players[owner].commanders += (o.card_id,)           # CR 903.3 (an extension of the format)
        # already where the position puts it: not "put there since the last check" (CR 903.9a)
        o.choices["commander_asked"] = True
    if "attached_to" in opts:
        s.attachments.append((oid, opts["attached_to"], f"{where}.attached_to"))


def resolve_setup_ref(s: Setup, ref: Any, where: str) -> int:
    """What a permanent is attached to: a permanent, or a player by name (an Aura that enchants a
    player, CR 303.4b: ``player_ref``)."""
    from .references import find_objects
    names = [p.name for p in s.state.players]
    if str(ref) in names:
        return player_ref(names.index(str(ref)))
    matches = find_objects(s.state, s.aliases, str(ref), zones=(Zone.BATTLEFIELD,))
    if not matches:
        raise ScenarioError(f"{where}: nothing on the battlefield is {quote(ref)} (an Aura must be attached to something)")
    if len(matches) > 1:
        raise ScenarioError(f"{where}: {quote(ref)} is ambiguous ({len(matches)} objects match)")
    return matches[0]
