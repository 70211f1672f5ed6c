"""Effects about mana costs, mana and meld: adding mana equal to a mana cost (CR 106.8-106.11),
paying a spell's mana cost to counter it (Ice Cave), revealing the top card of a library
(Delver of Secrets) and melding (CR 701.42). Called by ``effects.resolve.execute``."""
from __future__ import annotations

from typing import Any

from ..agents.decisions import Decision
from ..cards.vocabulary import AddManaOfCost, ApplyModifications, CounterIfPaid, Effect, Meld, RevealTop
from ..core.enums import Zone
from ..core.mana import COLOR_NAMES
from ..rules.context import Ctx
from ..state.game_state import GameState
from .layers import characteristics, matches

_COLOR_NAMES = {**COLOR_NAMES, "C": "colorless"}


def execute_mana_effect(ctx: Ctx, eff: Effect, r: Any) -> bool:
    """Carries out one of this module's effects; False if ``eff`` is none of them."""
    if isinstance(eff, AddManaOfCost):
        from .resolve import refs
        for oid in refs(ctx, eff.of, r)[:1]:
            add_mana_of_cost(ctx, r.controller, oid, r.name, r.source)
    elif isinstance(eff, CounterIfPaid):
        from .resolve import refs
        for oid in refs(ctx, eff.what, r):
            counter_if_paid(ctx, oid, r.controller, r.name)
    elif isinstance(eff, RevealTop):
        from .resolve import _players, execute, refs
        for p in _players(refs(ctx, eff.who, r)):
            library = ctx.g.zones[(p, Zone.LIBRARY)]
            matched = reveal_top(ctx, p, eff, r.name)
            if library and (eff.to_battlefield and matched or eff.else_hand and not matched):
                # Coiling Oracle: a land onto the battlefield, otherwise into the hand (CR 701.20a)
                from .primitives import move, name_of
                top, where = library[0], Zone.BATTLEFIELD if matched else Zone.HAND
                ctx.log("701.20a", f"{ctx.g.players[p].name} puts {name_of(ctx, top)} "
                        + ("onto the battlefield" if matched else "into their hand"))
                move(ctx, top, where, "reveal", controller=p if matched else None)
                continue
            if matched:
                if eff.to_hand:                          # Goblin Guide: the revealed card goes to hand
                    from .primitives import move, name_of
                    top = ctx.g.zones[(p, Zone.LIBRARY)][0]
                    ctx.log("701.20a", f"{ctx.g.players[p].name} puts {name_of(ctx, top)} into their hand")
                    move(ctx, top, Zone.HAND, "reveal")
                execute(ctx, eff.effects, r)
    elif isinstance(eff, Meld):
        meld(ctx, r.source, r.controller, eff)
    elif isinstance(eff, ApplyModifications):
        from .layers import ContinuousEffect
        from .primitives import name_of
        from .resolve import refs
        g = ctx.g
        targets = [t for t in refs(ctx, eff.what, r) if t in g.objects and g.objects[t].zone is Zone.BATTLEFIELD]
        if targets:
            g.effects.append(ContinuousEffect(g.new_timestamp(), eff.mods, frozenset(targets),   # CR 611.2c
                                              "end_of_turn" if eff.until_end_of_turn else "", r.source,
                                              r.controller))
            g.changed()
            for t in targets:
                ctx.log("611.2", f"{r.name}: a continuous effect applies to {name_of(ctx, t)}"
                        + (" until end of turn" if eff.until_end_of_turn else ""))
    else:
        return False
    return True


def add_mana_of_cost(ctx: Ctx, player: int, oid: int, source_name: str, source: int = 0) -> tuple[str, ...]:
    """Adds mana equal to the object's mana cost, colors included: a colored or Phyrexian symbol
    one mana of its color (CR 106.9), a generic symbol that much colorless mana (106.10), {C} and
    {S} colorless (106.11); a hybrid symbol one of its halves, chosen (106.8). X is 0 unless the
    object is a spell on the stack (CR 107.3g-h); no mana cost adds nothing (CR 106.5)."""
    from .primitives import name_of, produce_mana
    g = ctx.g
    o = g.objects[oid]
    cost = characteristics(g, oid).mana_cost
    what = name_of(ctx, oid)
    if cost is None:
        ctx.log("106.5", f"{what} has no mana cost: {source_name} adds no mana")
        return ()
    x = o.x if o.zone is Zone.STACK else 0
    added: list[str] = []
    for sym in cost.symbols:
        kind = sym.kind
        if kind == "generic":
            added += ["C"] * sym.generic
        elif kind == "variable":
            added += ["C"] * x
        elif kind in ("colored", "phyrexian"):
            added.append(next(iter(sym.colors)))
        elif kind in ("colorless", "snow"):
            added.append("C")
        elif kind in ("hybrid", "hybrid_phyrexian", "mono_hybrid", "colorless_hybrid"):
            options = [c for c in "WUBRG" if c in sym.colors]
            if kind in ("mono_hybrid", "colorless_hybrid"):
                options.append("C")
            generic = sym.generic if kind == "mono_hybrid" else 1
            choice = ctx.ask(Decision(player, "color", f"choose the half of {sym} in {what}'s mana cost to add "
                                      f"({source_name}; CR 106.8)" + (f": C adds {{C}} x{generic}"
                                                                       if kind == "mono_hybrid" else ""),
                                      options))
            if choice not in options:
                from ..core.errors import IllegalActionError
                raise IllegalActionError(f"{choice!r} is not a half of {sym}")
            added += ["C"] * generic if choice == "C" and kind == "mono_hybrid" else [choice]
        # half mana (Un-sets) adds nothing
    if not added:
        ctx.log("106.5", f"{what}'s mana cost {cost or '{0}'} has no mana to add")
        return ()
    return produce_mana(ctx, player, tuple(added), source, source_name=source_name)


def counter_if_paid(ctx: Ctx, spell: int, controller: int, source_name: str) -> bool:
    """Ice Cave: each player other than the spell's controller, in turn order (CR 101.4), may pay
    the spell's mana cost — its colors included, X as chosen for it (CR 107.3h), a Phyrexian
    symbol with mana or 2 life. A player who can't pay it isn't asked. Once one pays, the spell
    is countered (CR 701.6a). Returns whether it was."""
    from ..rules.mana_planning import can_pay
    from ..rules.mana_payment import pay_mana
    from .primitives import name_of
    from .resolve import counter
    g = ctx.g
    if spell not in g.objects or g.objects[spell].zone is not Zone.STACK:
        return False
    o = g.objects[spell]
    ch = characteristics(g, spell)
    name = name_of(ctx, spell)
    cost = ch.mana_cost
    for p in g.apnap():
        if p == o.controller or g.players[p].lost:
            continue
        who = g.players[p].name
        if cost is None:
            ctx.log("118.6", f"{name} has no mana cost: {who} can't pay it ({source_name})")
            continue
        if not can_pay(g, p, cost, o.x, ch.colors):
            ctx.log("118.3", f"{who} can't pay {cost}{_x(cost, o.x)} ({source_name})")
            continue
        if not ctx.ask(Decision(p, "yesno", f"pay {cost}{_x(cost, o.x)}, {name}'s mana cost, to counter it "
                                f"({source_name})?", [True, False])):
            ctx.log("118.12", f"{who} doesn't pay {name}'s mana cost")
            continue
        pay_mana(ctx, p, cost, o.x, ch.colors, f"{name}'s mana cost ({source_name})")
        ctx.log("118.12", f"{who} pays {name}'s mana cost {cost}{_x(cost, o.x)}: {name} is countered")
        counter(ctx, spell)
        return True
    return False


def _x(cost: Any, x: int) -> str:
    return f" with X={x}" if cost.x_count else ""


def reveal_top(ctx: Ctx, player: int, eff: RevealTop, source_name: str) -> bool:
    """CR 701.20a-b: the player looks at the top card of their library and may reveal it.
    Returns whether a card matching the effect's filter was revealed."""
    from .primitives import name_of
    g = ctx.g
    library = g.zones[(player, Zone.LIBRARY)]
    who = g.players[player].name
    if not library:
        ctx.log("701.20b", f"{who}'s library is empty: there is no card to look at ({source_name})")
        return False
    top = library[0]
    card = name_of(ctx, top)
    ctx.log("701.20b", f"{who} looks at the top card of their library ({source_name})")
    if eff.optional and not ctx.ask(Decision(player, "yesno", f"reveal the top card of your library, {card} "
                                             f"({source_name})?", [True, False])):
        ctx.log("701.20b", f"{who} doesn't reveal it")
        return False
    ctx.log("701.20a", f"{who} reveals {card}")
    return matches(g, top, eff.filter, player)


# -- meld (CR 701.42, 712.4) -----------------------------------------------------------------------
def _pair(card: Any) -> tuple[Any, ...]:
    from ..cards.database import meld_parts
    if card is None or not card.meld or card.meld.get("role") != "part":
        return ()
    return meld_parts(card.meld["result"])


def _partner_on_battlefield(g: GameState, player: int, source: int, partner: str) -> int | None:
    from ..cards.database import normalize_name
    for oid in g.battlefield:
        if oid == source:
            continue
        o = g.objects[oid]
        ch = characteristics(g, oid)
        if normalize_name(ch.name) == normalize_name(partner) and "Creature" in ch.types \
                and o.owner == player and ch.controller == player:
            return oid
    return None


def meld_pair_ready(g: GameState, player: int, source: int | None) -> bool:
    """Gisela's intervening "if": you both own and control this permanent and a creature named
    as its meld partner (CR 603.4)."""
    if source is None or source not in g.objects or g.objects[source].zone is not Zone.BATTLEFIELD:
        return False
    o = g.objects[source]
    if o.owner != player or characteristics(g, source).controller != player:
        return False
    partners = [c.name for c in _pair(o.card) if c is not o.card and c.name != o.card.name]
    return any(_partner_on_battlefield(g, player, source, name) is not None for name in partners)


def meld(ctx: Ctx, source: int, player: int, eff: Meld) -> int | None:
    """CR 701.42a: exile this permanent and its partner, then put them onto the battlefield as
    one melded permanent, back faces up and combined (CR 712.4a). Only the two cards of one meld
    pair can be melded; others stay in exile (701.42b-c). Returns the melded permanent."""
    from .primitives import move, name_of
    g = ctx.g
    if source not in g.objects or g.objects[source].zone is not Zone.BATTLEFIELD:
        ctx.log("701.42c", "nothing is melded: the source has left the battlefield")
        return None
    partner = _partner_on_battlefield(g, player, source, eff.partner)
    names = f"{name_of(ctx, source)}" + (f" and {name_of(ctx, partner)}" if partner is not None else "")
    ctx.log("701.42a", f"{names} are exiled to meld into {eff.result}")
    first = move(ctx, source, Zone.EXILE, "meld")
    second = move(ctx, partner, Zone.EXILE, "meld") if partner is not None else None
    if first is None or second is None or first not in g.objects or second not in g.objects:
        ctx.log("701.42c", "they can't be melded and stay in exile")
        return None
    a, b = g.objects[first], g.objects[second]
    if a.token or b.token or a.card is None or b.card is None or b.card not in _pair(a.card) \
            or a.card is b.card:
        ctx.log("701.42b", "they aren't the two cards of a meld pair: they stay in exile (CR 701.42c)")
        return None
    partner_card = b.card
    g.zone_list(Zone.EXILE, b.owner).remove(second)
    del g.objects[second]
    g.changed()
    melded = move(ctx, first, Zone.BATTLEFIELD, "meld", controller=player)
    if melded is None:
        return None
    w = g.obj(melded)
    w.choices["melded"] = partner_card
    g.changed()
    ctx.log("712.4a", f"{a.card.name} and {partner_card.name} are melded into {name_of(ctx, melded)} "
            f"(mana value {a.card.front.mana_value() + partner_card.front.mana_value()}, CR 712.8g)")
    return melded


__all__ = ["add_mana_of_cost", "counter_if_paid", "execute_mana_effect", "meld", "meld_pair_ready", "reveal_top"]
