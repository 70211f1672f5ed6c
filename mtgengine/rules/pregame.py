"""Before the game begins (CR 103.2) and the Commander variant (CR 903).

- **Commanders.** A card designated as a player's commander (CR 903.3) keeps the designation in
  every zone: ``Player.commanders`` holds card ids, which survive zone changes (CR 400.7 makes
  new objects, not new cards). A new Commander game puts each commander into the command zone
  (CR 103.2c, 903.6) and starts at 40 life (CR 903.7); a commander may be cast from there with
  the commander tax (CR 903.8, ``commander_tax``), may return there from a graveyard or exile
  (CR 903.9a, ``commander_state_actions``) or instead of going to a hand or library (CR 903.9b, a
  replacement effect in ``effects.replacement``), and 21 combat damage from one commander loses
  the game (CR 903.10a, 704.6c).
- **Choices before the game** for a characteristic-defining ability (The Prismatic Piper: "if ~ is
  your commander, choose a color before the game begins", CR 607.2p, 903.4b) are recorded for
  the card (``effects.links.card_choice``), so they hold in every zone.
- **Cards from outside the game** (CR 400.11): a player's sideboard. "Before you shuffle your deck
  to start the game, you may reveal this card from your deck and exile [a card] that isn't in
  your deck" (Arcane Savant) brings the card into exile (CR 400.11b), recorded for the player as
  exiled "with cards named ~" (CR 607.2n, ``effects.links.named_cards``).

A scenario's position is the middle of a game: there the pre-game step makes only the choices
and the exiles (before the script's first step, answered by its first ``choose`` steps), and
the cards the player owns in the scenario's zones count as their deck.
"""
from __future__ import annotations

from typing import Any

from ..agents.decisions import Decision, player_ref
from ..cards.color_identity import color_identity
from ..cards.database import card_db
from ..cards.compiler.lexicon import BASIC_LAND_MANA
from ..cards.scripts import face_script
from ..cards.vocabulary import Filter
from ..core.enums import Zone
from ..core.mana import COLOR_NAMES, COLORS
from ..effects.layers import characteristics
from ..effects.link_records import CARD, NAMED
from ..effects.primitives import move
from ..state.game_state import GameState
from .commander import is_commander
from .partner import commanders_problems
from .context import Ctx

COMMANDER_LIFE = 40          # CR 903.7
COMMANDER_TAX = 2            # CR 903.8: {2} for each previous cast from the command zone
COMMANDER_DAMAGE = 21        # CR 903.10a, 704.6c


# -- who is a commander ---------------------------------------------------------------------------
def commander_game(g: GameState) -> bool:
    """A Commander game: some player has a commander (CR 903.3). (A loop: asked at each
    state-based action check, where a generator costs more than the answer.)"""
    for p in g.players:
        if p.commanders:
            return True
    return False


def commander_tax(g: GameState, player: int, oid: int) -> int:
    """CR 903.8: the additional {2} for each previous time ``player`` cast this commander from the
    command zone, if the spell is being cast from there (or, for the legal-action check, is there)."""
    o = g.objects.get(oid)
    if o is None or not is_commander(g, oid):
        return 0
    from_command = o.zone is Zone.COMMAND or (o.zone is Zone.STACK and o.choices.get("cast_from") == "command")
    return COMMANDER_TAX * g.players[player].commander_casts.get(o.card_id, 0) if from_command else 0


def cast_from_command_zone(g: GameState, player: int, oid: int) -> None:
    """Counts a cast from the command zone, for the next cast's tax (CR 903.8)."""
    o = g.objects[oid]
    casts = g.player(player).commander_casts
    casts[o.card_id] = casts.get(o.card_id, 0) + 1


def validate_commanders(names: list[str], player: str) -> None:
    """CR 903.3, 903.3a, 702.124: the commanders may be designated (``rules.partner``). Raises
    ValueError naming every problem."""
    db = card_db()
    problems = commanders_problems([db.get(n) for n in names])
    if problems:
        raise ValueError(f"{player}: " + "; ".join(problems))


def deck_outside_identity(deck: list[str], commanders: list[str]) -> set[str]:
    """The colors the deck needs beyond its commanders' color identity (CR 903.5c, 903.5d: a card
    with a basic land type needs the colors of the mana it could produce)."""
    db = card_db()
    identity = frozenset().union(*(color_identity(db.get(n)) for n in commanders))
    needed: set[str] = set()
    for name in deck:
        card = db.get(name)
        needed |= color_identity(card)
        # CR 903.5d, 305.6: the mana each basic land type could produce
        needed |= {BASIC_LAND_MANA[t] for face in card.faces for t in face.subtypes if t in BASIC_LAND_MANA}
    return needed - identity


def validate_deck_colors(deck: list[str], commanders: list[str], player: str) -> None:
    """CR 903.5c-d: every card's colors within the commanders' color identity, allowing for a color
    each commander chooses before the game (CR 903.4b: that choice applies during deck
    construction). Raises ValueError."""
    choosers = sum(len(_color_choices(card_db().get(n))) for n in commanders)
    outside = deck_outside_identity(deck, commanders)
    if len(outside) > choosers:
        raise ValueError(f"{player}: the deck has cards of {', '.join(sorted(outside))} outside its commander's "
                         "color identity (CR 903.5c-d)")


def _color_choices(card: Any) -> list[Any]:
    """The card's "choose a color before the game" abilities (CR 903.4b)."""
    return [ab for face in card.faces for ab in face_script(face).pregame if ab.kind == "commander_color"]


# -- the pre-game procedure -----------------------------------------------------------------------
def pregame_needed(g: GameState, new_game: bool) -> bool:
    """Whether anything happens before the game: a commander, or a card that exiles a card from
    outside the game while its owner has one (CR 103.2)."""
    if commander_game(g):
        return True
    return any(p.sideboard and any(_pregame(g, oid, "exile_outside") for oid in _deck(g, p.index, new_game))
               for p in g.players)


def pregame(ctx: Ctx, then: str) -> None:
    """CR 103.2: the steps before the players shuffle their decks, in turn order from the starting
    player; ``then``: the marker to go on with ("start" in a new game, "priority" in a scenario)."""
    g = ctx.g
    new_game = then == "start"
    n = len(g.players)
    order = [(g.first_player + k) % n for k in range(n)]
    for p in order:
        for card_id in g.players[p].commanders:
            oid = _object_of(g, card_id)
            if oid is None:
                continue
            if new_game and g.objects[oid].zone is not Zone.COMMAND:
                ctx.log("903.6", f"{g.players[p].name} puts their commander {characteristics(g, oid).name} "
                        "into the command zone")
                oid = move(ctx, oid, Zone.COMMAND, "commander") or oid
            for ab in _pregame(g, oid, "commander_color"):
                _choose_color(ctx, p, oid, ab, _allowed_colors(g, p) if new_game else list(COLORS))
    for p in order:
        for oid in _deck(g, p, new_game):
            for ab in _pregame(g, oid, "exile_outside"):
                _exile_from_outside(ctx, p, oid, ab)
    g.events.clear()
    g.marker = (then,)


def opening_hand_actions(ctx: Ctx) -> None:
    """CR 103.6: once the mulligans are done, the starting player, then each other player in turn
    order, may take the actions the cards in their opening hand allow: begin the game with such a
    card on the battlefield (CR 103.6a, the Leylines), through the zone-change primitive."""
    g = ctx.g
    n = len(g.players)
    for p in ((g.first_player + k) % n for k in range(n)):
        for oid in list(g.zones[(p, Zone.HAND)]):
            if not _pregame(g, oid, "opening_hand_battlefield"):
                continue
            name = characteristics(g, oid).name
            if ctx.ask(Decision(p, "yesno", f"begin the game with {name} on the battlefield (CR 103.6a)?",
                                [True, False])):
                ctx.log("103.6a", f"{g.players[p].name} begins the game with {name} on the battlefield")
                move(ctx, oid, Zone.BATTLEFIELD, "opening_hand")


def _object_of(g: GameState, card_id: int) -> int | None:
    return next((oid for oid, o in g.objects.items() if o.card_id == card_id and not o.is_copy), None)


def _deck(g: GameState, player: int, new_game: bool) -> list[int]:
    """The player's deck: their library before the game; in a scenario, every card they own in
    the scenario's zones but the command zone."""
    if new_game:
        return list(g.zones[(player, Zone.LIBRARY)])
    return [oid for oid, o in g.objects.items() if o.owner == player and o.card is not None and not o.token
            and not o.is_copy and o.zone not in (Zone.COMMAND, Zone.STACK)]


def _pregame(g: GameState, oid: int, kind: str) -> list[Any]:
    o = g.objects[oid]
    if o.card is None:
        return []
    return [ab for ab in characteristics(g, oid).script.pregame if ab.kind == kind]


def _allowed_colors(g: GameState, player: int) -> list[str]:
    """The colors a commander's pre-game choice may take in a new game: the choice applies during
    deck construction (CR 903.4b), so when the deck needs as many colors beyond the commanders'
    identity as choices are left, each choice must be one of them (CR 903.5c)."""
    commanders = [_object_of(g, c) for c in g.players[player].commanders]
    cards = [g.objects[o].card for o in commanders if o is not None]
    chosen = {v[-1] for c in g.players[player].commanders for (cid, link), v in g.links.items()
              if cid == c and link.startswith(CARD)}
    left = sum(len(_color_choices(card)) for card in cards) - len(chosen)
    deck = [g.objects[o].card.name for o in g.zones[(player, Zone.LIBRARY)]]
    outside = sorted(deck_outside_identity(deck, [card.name for card in cards]) - chosen)
    return outside if outside and len(outside) >= left else list(COLORS)


def _choose_color(ctx: Ctx, player: int, oid: int, ab: Any, allowed: list[str]) -> None:
    """CR 903.4b, 607.2p: the color chosen for the commander's characteristic-defining ability,
    revealed as it goes to the command zone; recorded for the card (kept through zone changes)."""
    g = ctx.g
    name = characteristics(g, oid).name
    color = ctx.ask(Decision(player, "color", f"{name} is your commander: choose a color for it before the game "
                             "begins (CR 903.4b)" + (" — the deck's cards allow only "
                             + ", ".join(COLOR_NAMES[c] for c in allowed) + " (CR 903.5c)" if len(allowed) < 5 else ""),
                             allowed))
    g.links = {**g.links, (g.objects[oid].card_id, CARD + ab.link): (color,)}
    g.changed()
    ctx.log("903.4b", f"{g.players[player].name} chooses {COLOR_NAMES[color]} for {name} before the game begins; "
            "its characteristic-defining ability reads that choice (CR 607.2p)")


def _exile_from_outside(ctx: Ctx, player: int, oid: int, ab: Any) -> None:
    """Arcane Savant (CR 607.2n): reveal it and exile a card from outside the game (CR 400.11b)
    that matches the ability's filter; declined with None."""
    from ..engine import add_card
    g = ctx.g
    db = card_db()
    flt = ab.filter or Filter()
    pl = g.players[player]
    options = sorted({n for n in pl.sideboard if (not flt.types or set(db.get(n).front.types) & flt.types)
                      and flt.all_types <= set(db.get(n).front.types)})
    if not options:
        return
    name = characteristics(g, oid).name
    answer = ctx.ask(Decision(player, "exile", f"you may reveal {name} and exile a card from outside the game "
                              f"(CR 607.2n), or none", options + [None]))
    if answer is None:
        ctx.log("607.2n", f"{pl.name} doesn't reveal {name}")
        return
    board = list(pl.sideboard)
    board.remove(answer)
    g.player(player).sideboard = tuple(board)
    card = add_card(g, db.get(answer), player, Zone.EXILE)      # brought into the game (CR 400.11b)
    key = (player_ref(player), NAMED + ab.link)
    g.links = {**g.links, key: g.links.get(key, ()) + (card,)}
    g.changed()
    ctx.log("607.2n", f"{pl.name} reveals {name} and exiles {answer} from outside the game: it is exiled with "
            f"cards named {name}")


# -- during the game ------------------------------------------------------------------------------
def commander_state_actions(ctx: Ctx) -> bool:
    """CR 704.6c (903.10a): 21 or more combat damage from one commander loses the game. CR 903.9a:
    a commander put into a graveyard or exile since the last check may go to the command zone (its
    owner chooses; each new object is asked once). Returns whether anything happened."""
    g = ctx.g
    if not commander_game(g):
        return False
    done = False
    for p in g.players:
        if p.lost:
            continue
        for card_id, dealt in sorted(p.commander_damage.items()):
            if dealt >= COMMANDER_DAMAGE:
                ctx.log("704.6c", f"{p.name} has been dealt {dealt} combat damage by one commander and loses the game")
                g.player(p.index).lost = True
                done = True
                break
    for oid in [oid for oid, o in g.objects.items()
                if o.zone in (Zone.GRAVEYARD, Zone.EXILE) and not o.choices.get("commander_asked")]:
        if not is_commander(g, oid):
            continue
        o = g.objects[oid]
        g.obj(oid).choices["commander_asked"] = True
        name = characteristics(g, oid).name
        if ctx.ask(Decision(o.owner, "yesno", f"put your commander {name} from your {o.zone.value} into the "
                            "command zone (CR 903.9a)?", [True, False])):
            ctx.log("903.9a", f"{g.players[o.owner].name} puts {name} into the command zone")
            move(ctx, oid, Zone.COMMAND, "commander")
            done = True
    return done
