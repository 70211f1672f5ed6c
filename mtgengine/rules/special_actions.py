"""The special actions of keywords that exile a card from its owner's hand to be cast later
(CR 116.2): foretell (CR 702.143a-b, 116.2h: pay {2}, exile it face down; cast it after this turn
for its foretell cost), plot (CR 702.170a-d, 116.2k: pay [cost], exile it; cast it without paying
its mana cost on a later turn, at sorcery speed) and suspend (CR 702.62a, 116.2f: pay [cost],
exile it with N time counters; one is removed at the beginning of each of its owner's upkeeps and
when the last is, it may be cast without paying its mana cost). A special action doesn't use the
stack (CR 116.1). The cast from exile follows the rules for alternative costs (CR 601.2b, 601.2f-h:
``rules.casting``).
"""
from __future__ import annotations

import re
from typing import Any

from ..cards.vocabulary import AlternativeCost
from ..core.enums import Zone
from ..core.errors import IllegalActionError
from ..core.mana import ManaCost
from ..effects.layers import Characteristics, characteristics, printed
from ..effects.cast_keywords import SUSPEND_UPKEEP
from ..effects.exile_permissions import permitted, permitted_cards
from ..effects.land_plays import can_play_land
from ..effects.primitives import move, put_counters
from ..effects.triggers import create_delayed
from ..state.game_state import GameState
from .activation import sorcery_timing
from .castability import castable_as, timing_ok
from .context import Ctx
from .mana_payment import pay_mana
from .mana_planning import can_pay
from .mana_pool import OTHER

#: The keywords whose special action exiles the card from its owner's hand (CR 116.2f, h, k).
SPECIAL_KEYWORDS = ("foretell", "plot", "suspend")
_FORETELL_COST = "{2}"                     # CR 702.143a: "that player may pay {2} and exile a card"
_SUSPEND = re.compile(r"suspend (\d+)—((?:\{[^}]+\})*)")


def has_special_keyword(keywords: frozenset[str]) -> bool:
    """Whether a card with these keywords has a special action from the hand (memoized by set)."""
    found = _SPECIAL_OF.get(keywords)
    if found is None:
        found = _SPECIAL_OF[keywords] = any(k == "foretell" or k.startswith(("plot ", "suspend ")) for k in keywords)
    return found


_SPECIAL_OF: dict[frozenset[str], bool] = {}


def special_cost(ch: Characteristics, keyword: str) -> tuple[str, int] | None:
    """The mana the keyword's special action costs and, for suspend, the number of time counters
    (the keyword as compiled: "foretell", "plot {1}{R}", "suspend 4—{R}"); None if it hasn't it."""
    for kw in ch.keywords:
        if keyword == "foretell" and kw == "foretell":
            return _FORETELL_COST, 0
        if keyword == "plot" and kw.startswith("plot "):
            return kw[len("plot "):], 0
        if keyword == "suspend" and (m := _SUSPEND.fullmatch(kw)):
            return m.group(2), int(m.group(1))
    return None


def _allowed_now(g: GameState, player: int, ch: Characteristics, keyword: str) -> bool:
    """When the special action may be taken (the player has priority): foretell any time during
    their turn (CR 116.2h); plot in their main phase with an empty stack (CR 702.170a); suspend
    whenever they could begin to cast the card (CR 116.2f: its timing, CR 307.1, 117.1a)."""
    if keyword == "foretell":
        return g.active == player
    if keyword == "plot":
        return sorcery_timing(g, player)
    return "Land" not in ch.types and timing_ok(g, player, ch)


def special_actions(g: GameState, player: int) -> list[dict[str, Any]]:
    """The legal-action list's special actions for the cards in ``player``'s hand (CR 116.2)."""
    out: list[dict[str, Any]] = []
    for oid in sorted(g.zones[(player, Zone.HAND)]):
        ch = characteristics(g, oid)
        if not ch.keywords:
            continue
        for keyword in SPECIAL_KEYWORDS:
            cost = special_cost(ch, keyword)
            if cost is not None and _allowed_now(g, player, ch, keyword) \
                    and (not cost[0] or can_pay(g, player, ManaCost.parse(cost[0]))):
                out.append({"action": "special", "object": oid, "keyword": keyword})
    return out


def take_special_action(ctx: Ctx, player: int, oid: int, action: dict[str, Any]) -> None:
    """CR 116.2f, 116.2h, 116.2k: pay the cost and exile the card (face down for foretell, with
    its time counters for suspend); no stack, and the player receives priority again (CR 116.3)."""
    g = ctx.g
    keyword = str(action.get("keyword", "")).strip().lower()
    o = g.objects.get(oid)
    if keyword not in SPECIAL_KEYWORDS:
        raise IllegalActionError(f"special: unknown keyword {keyword!r} ({', '.join(SPECIAL_KEYWORDS)})")
    if o is None or o.zone is not Zone.HAND or o.owner != player:
        raise IllegalActionError(f"{keyword} exiles a card from its owner's hand (CR 116.2)")
    ch = characteristics(g, oid)
    cost = special_cost(ch, keyword)
    if cost is None:
        raise IllegalActionError(f"{ch.name} has no {keyword} ability")
    if not _allowed_now(g, player, ch, keyword):
        when = {"foretell": "during your turn (CR 116.2h)",
                "plot": "in your main phase while the stack is empty (CR 702.170a)",
                "suspend": "when you could begin to cast it (CR 116.2f)"}[keyword]
        raise IllegalActionError(f"{ch.name} can be {keyword}ed only {when}")
    mana, counters = cost
    if mana:
        pay_mana(ctx, player, ManaCost.parse(mana), 0, ch.colors, f"{keyword} {ch.name}", action.get("pay"), OTHER)
    who = g.players[player].name
    exiled = move(ctx, oid, Zone.EXILE, keyword)
    if exiled is None or exiled not in g.objects:
        return
    if keyword == "foretell":
        g.obj(exiled).face_down = True          # CR 702.143a: exiled face down
        g.obj(exiled).choices["foretold"] = g.turn
        ctx.log("702.143a", f"{who} foretells a card (pays {mana}, exiles it face down)")
    elif keyword == "plot":
        g.obj(exiled).choices["plotted"] = g.turn
        ctx.log("702.170a", f"{who} plots {ch.name} (pays {mana}, exiles it)")
    else:
        ctx.log("702.62a", f"{who} suspends {ch.name} (pays {mana or 'nothing'}, exiles it with {counters} time "
                           f"counters)")
        put_counters(ctx, exiled, "time", counters, rule="702.62a")
        suspend_upkeep(ctx, player, exiled, ch.name)
    g.changed()


def suspend_upkeep(ctx: Ctx, player: int, card: int, name: str) -> None:
    """CR 702.62a: "At the beginning of your upkeep, if this card is suspended, remove a time
    counter from it" — carried out as a delayed triggered ability of the card for its owner's
    next upkeep, made again after each one while the card stays suspended."""
    create_delayed(ctx, player, card, name, SUSPEND_UPKEEP, (card,))


# -- cast from exile ------------------------------------------------------------------------
def exile_permission(g: GameState, player: int, oid: int,
                     ch: Characteristics) -> tuple[AlternativeCost | None, str] | None:
    """CR 601.3: a foretold card may be cast by its owner after the turn it was foretold for its
    foretell cost (CR 702.143a); a plotted card on a later turn, in its owner's main phase with an
    empty stack, without paying its mana cost (CR 702.170d); a warped card after the turn it was
    exiled, for its mana cost (CR 702.185a). The alternative cost (None: the mana cost) and the
    keyword, or None."""
    o = g.objects[oid]
    if o.owner != player or not o.choices:
        return None
    warped = o.choices.get("warped")
    if warped is not None and g.turn > warped:
        return None if ch.mana_cost is None else (None, "warp")
    foretold = o.choices.get("foretold")
    if foretold is not None and g.turn > foretold:
        cost = next((a for a in ch.script.alternative_costs if a.name == "foretell"), None)
        if cost is not None:
            return cost, "foretell"
    plotted = o.choices.get("plotted")
    if plotted is not None and g.turn > plotted and sorcery_timing(g, player):
        return AlternativeCost(name="plot"), "plot"
    return None


def exile_casts(g: GameState, player: int) -> list[dict[str, Any]]:
    """The legal-action list's casts of ``player``'s foretold and plotted cards (CR 702.143a,
    702.170d), when the quick checks find them possible."""
    out: list[dict[str, Any]] = []
    for oid in sorted(g.zones[(player, Zone.EXILE)]):
        o = g.objects[oid]
        if not o.choices or o.card is None or not any(k in o.choices for k in _CAST_LATER):
            continue
        ch = printed(o.card, 0)
        permission = exile_permission(g, player, oid, ch)
        if permission is not None and castable_as(g, player, oid, ch, None, alternative=permission[0]):
            out.append({"action": "cast", "object": oid, "from": "exile"})
    return out


def exile_plays(g: GameState, player: int) -> list[dict[str, Any]]:
    """The legal-action list's plays of the exiled cards an effect lets ``player`` play or cast
    (impulse draw, CR 601.3, 305.1; ``effects.exile_permissions``): a land at sorcery timing, while
    a land may be played (CR 305.2, ``effects.land_plays``), a spell when the quick checks find it
    castable (its mana cost paid)."""
    out: list[dict[str, Any]] = []
    for oid in permitted_cards(g, player):
        o = g.objects[oid]
        if o.card is None or o.face_down:
            continue
        ch = printed(o.card, 0)
        if "Land" in ch.types:
            if permitted(g, player, oid, True) and sorcery_timing(g, player) and can_play_land(g, player):
                out.append({"action": "play", "object": oid})
        elif permitted(g, player, oid, False) and castable_as(g, player, oid, ch, None):
            out.append({"action": "cast", "object": oid, "from": "exile"})
    return out


def has_exile_casts(g: GameState, player: int) -> bool:
    """Whether ``player`` has a foretold, plotted or warped card in exile."""
    return any(g.objects[oid].choices and any(k in g.objects[oid].choices for k in _CAST_LATER)
               for oid in g.zones[(player, Zone.EXILE)])


#: What a card exiled to be cast later remembers (``choices``): the turn it was exiled.
_CAST_LATER = ("foretold", "plotted", "warped")
