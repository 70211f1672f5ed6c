"""Paying mana costs (CR 601.2g-h, 605.3a) and the default payment of the scenario format.

Default order (SCENARIO-FORMAT "pay"): mana already in the pool first; then untapped
sources whose only cost is {T}, skipping any that can produce no useful mana now. Colored
symbols are paid first (a hybrid with its colored half, a Phyrexian symbol with mana);
generic mana then comes from sources that can produce one of the spell's own colors, then
colorless sources, then the rest, in battlefield order.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards.vocabulary import ActivatedAbility, AddMana
from ..core.errors import IllegalActionError
from ..core.mana import COLORS, ManaCost
from ..effects.layers import characteristics, summoning_sick
from ..rules.context import Ctx
from ..state.game_state import GameState

MANA_ORDER = COLORS + ("C",)


@dataclass(frozen=True, slots=True)
class Requirement:
    """A cost broken into what must be paid: exact colored/colorless symbols, generic, life."""

    colored: tuple[str, ...]     # each one of W U B R G C (C: {C}, needs colorless mana)
    generic: int
    life: int = 0


def requirement(cost: ManaCost, x: int, hybrid: list[str] | None = None,
                phyrexian_life: bool = False) -> Requirement:
    """Reduces a mana cost to symbols to pay, choosing how each hybrid/Phyrexian symbol is paid.

    ``hybrid`` gives the chosen half for each hybrid symbol in order (default: its colored
    half, the first color); ``phyrexian_life`` pays Phyrexian symbols with 2 life (CR 107.4f).
    """
    colored: list[str] = []
    generic = 0
    life = 0
    hybrid = list(hybrid or [])
    for sym in cost.symbols:
        kind = sym.kind
        if kind == "generic":
            generic += sym.generic
        elif kind == "variable":
            generic += x
        elif kind in ("colored",):
            colored.append(next(iter(sym.colors)))
        elif kind == "colorless":
            colored.append("C")
        elif kind == "snow":
            generic += 1      # snow mana is not modelled separately yet
        elif kind in ("hybrid", "mono_hybrid", "hybrid_phyrexian", "colorless_hybrid"):
            choice = hybrid.pop(0) if hybrid else None
            parts = sym.text.replace("/P", "").split("/")
            if kind == "hybrid_phyrexian" and phyrexian_life and choice is None:
                life += 2
                continue
            if choice is None:
                # CR 107.4e: paid with either half; by default the colored one
                choice = next(p for p in parts if not p.isdigit() and p != "C")
            if choice.isdigit():
                generic += int(choice)
            else:
                colored.append(choice)
        elif kind == "phyrexian":
            if phyrexian_life:
                life += 2
            else:
                colored.append(next(iter(sym.colors)))
        else:
            generic += sym.mana_value()
    colored.sort(key=MANA_ORDER.index)
    return Requirement(tuple(colored), generic, life)


def tap_sources(g: GameState, player: int) -> list[tuple[int, ActivatedAbility, tuple[str, ...]]]:
    """Untapped permanents with a mana ability whose only cost is {T} (CR 605.1a), in
    battlefield order, with the mana types each can add."""
    out = []
    for oid in g.battlefield:
        o = g.objects[oid]
        if o.tapped:
            continue
        ch = characteristics(g, oid)
        if ch.controller != player:
            continue
        if "Creature" in ch.types and summoning_sick(g, oid) and "haste" not in ch.keywords:
            continue       # CR 302.6: {T} abilities of a summoning-sick creature
        kinds: list[str] = []
        first = None
        for ab in ch.script.activated:
            c = ab.cost
            if ab.is_mana and c.tap and not c.mana and not c.sacrifice_self and not c.pay_life:
                first = first or ab
                for eff in ab.effects:
                    if isinstance(eff, AddMana):
                        kinds.extend(eff.mana or eff.choice)
        if first is not None:
            # every {T} mana ability of the source counts (a Forest that is also a Swamp)
            out.append((oid, first, tuple(dict.fromkeys(kinds))))
    return out


def plan_payment(g: GameState, player: int, req: Requirement, spell_colors: frozenset[str],
                 tap_only: list[int] | None = None,
                 sources: list[tuple[int, ActivatedAbility, tuple[str, ...]]] | None = None,
                 ) -> tuple[list[tuple[int, str]], dict[str, int]] | None:
    """Chooses which sources to tap and which pool mana to spend, without changing anything.

    Returns ([(source id, mana type it adds)], pool mana spent by type), or None if the cost
    can't be paid this way.
    """
    pool = dict(g.players[player].pool)
    spend = dict.fromkeys(MANA_ORDER, 0)
    if sources is None:
        sources = tap_sources(g, player)
    if tap_only is not None:
        wanted = set(tap_only)
        sources = [s for s in sources if s[0] in wanted]
        if len(sources) != len(wanted):
            return None
        # explicitly named sources: their mana is spent before the pool's (SCENARIO-FORMAT)
    taps: list[tuple[int, str]] = []
    used: set[int] = set()
    need = list(req.colored)
    generic = req.generic

    def take_pool(kind: str) -> bool:
        if pool.get(kind, 0) > 0:
            pool[kind] -= 1
            spend[kind] += 1
            return True
        return False

    if tap_only is None:
        remaining = []
        for sym in need:
            if not take_pool(sym):
                remaining.append(sym)
        need = remaining
    for sym in need:
        src = next((s for s in sources if s[0] not in used and sym in s[2]), None)
        if src is None:
            if tap_only is not None and take_pool(sym):
                continue
            return None
        used.add(src[0])
        taps.append((src[0], sym))
    if tap_only is None:
        for kind in MANA_ORDER:
            while generic and pool.get(kind, 0) > 0:
                take_pool(kind)
                generic -= 1

    def rank(s: tuple[int, Any, tuple[str, ...]]) -> int:
        if set(s[2]) & spell_colors:
            return 0
        if "C" in s[2]:
            return 1
        return 2

    for src in sorted((s for s in sources if s[0] not in used), key=rank):
        if not generic:
            break
        kind = next((k for k in src[2] if k in spell_colors), src[2][0] if src[2] else None)
        if kind is None:
            continue
        used.add(src[0])
        taps.append((src[0], kind))
        generic -= 1
    if tap_only is not None:
        if len(used) != len(set(tap_only)):
            return None        # every named source must be tapped
        for kind in MANA_ORDER:
            while generic and pool.get(kind, 0) > 0:
                take_pool(kind)
                generic -= 1
    if generic:
        return None
    return taps, {k: v for k, v in spend.items() if v}


def pool_payment(g: GameState, player: int, mana: str) -> dict[str, int]:
    """Parses explicit mana such as "{W}{W}{1}" into amounts by type (generic as "1")."""
    cost = ManaCost.parse(mana)
    out: dict[str, int] = {}
    for sym in cost.symbols:
        key = "generic" if sym.kind == "generic" else sym.text
        out[key] = out.get(key, 0) + (sym.generic if sym.kind == "generic" else 1)
    return out


def pay_mana(ctx: Ctx, player: int, cost: ManaCost, x: int, spell_colors: frozenset[str],
             what: str, pay: Any = None) -> None:
    """CR 601.2g-h: activates mana abilities as needed, then pays the total cost."""
    g = ctx.g
    hybrid = None
    phyrexian_life = False
    tap_only = None
    explicit: str | None = None
    if isinstance(pay, str):
        explicit = pay
    elif isinstance(pay, dict):
        hybrid = pay.get("hybrid")
        phyrexian_life = pay.get("phyrexian") == "life"
        tap_only = pay.get("tap")
        explicit = pay.get("mana")
    req = requirement(cost, x, hybrid, phyrexian_life)
    if explicit is not None:
        req = _explicit_requirement(explicit, req)
    plan = plan_payment(g, player, req, spell_colors, tap_only)
    if plan is None:
        raise IllegalActionError(f"{g.players[player].name} can't pay {cost}"
                                 f"{' with X=' + str(x) if cost.x_count else ''} for {what}")
    if req.life:
        if g.players[player].life < req.life:
            raise IllegalActionError(f"{g.players[player].name} can't pay {req.life} life for {what}")
    taps, spend = plan
    from .activation import activate_mana_ability   # local: activation imports this module
    for oid, kind in taps:
        activate_mana_ability(ctx, oid, None, choice=kind)
    pl = g.player(player)
    for kind, amount in spend.items():
        pl.pool[kind] -= amount
    for _oid, kind in taps:
        pl.pool[kind] -= 1
    if req.life:
        from ..effects.primitives import lose_life
        lose_life(ctx, player, req.life, rule="119.4")
    ctx.log("601.2h", f"{g.players[player].name} pays {cost}{' (X=' + str(x) + ')' if cost.x_count else ''} for {what}")


def _explicit_requirement(mana: str, req: Requirement) -> Requirement:
    """An explicit "{W}{W}{1}" payment: exactly these symbols (CR 601.2h)."""
    parsed = ManaCost.parse(mana)
    colored = []
    generic = 0
    for sym in parsed.symbols:
        if sym.kind == "generic":
            generic += sym.generic
        elif sym.kind == "colorless":
            colored.append("C")
        else:
            colored.append(next(iter(sym.colors)))
    total = len(colored) + generic
    if total != len(req.colored) + req.generic:
        raise IllegalActionError(f"pay {mana!r} does not match the cost ({total} mana given, "
                                 f"{len(req.colored) + req.generic} needed)")
    for c in req.colored:
        if c in colored:
            colored.remove(c)
        else:
            raise IllegalActionError(f"pay {mana!r} lacks {{{c}}}")
    return Requirement(tuple(req.colored) + tuple(colored), generic, req.life)


def can_pay(g: GameState, player: int, cost: ManaCost | None, x: int = 0,
            spell_colors: frozenset[str] = frozenset(),
            sources: list[tuple[int, ActivatedAbility, tuple[str, ...]]] | None = None) -> bool:
    """Whether the default payment could pay ``cost`` now (``sources``: precomputed
    :func:`tap_sources`, when checking many costs at once)."""
    if cost is None:
        return False
    return plan_payment(g, player, requirement(cost, x), spell_colors, sources=sources) is not None


def empty_pools(ctx: Ctx) -> None:
    """CR 106.4: unspent mana empties from each pool at the end of each step and phase."""
    for p in ctx.g.players:
        if any(p.pool.values()):
            pl = ctx.g.player(p.index)
            for k in pl.pool:
                pl.pool[k] = 0
