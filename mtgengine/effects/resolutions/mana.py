"""Adding mana (CR 106.3), equal to a mana cost too (CR 106.8-106.11): the resolutions of these
effects (``resolve.resolves``). A mana ability adds its mana through :func:`add_mana` directly
(``rules.activation``)."""
from __future__ import annotations

from dataclasses import replace

from ...agents.decisions import Decision
from ...cards.vocabulary import COMMANDER_IDENTITY, LANDS_COULD_PRODUCE, AddMana, AddManaOfCost
from ...core.enums import Zone
from ...core.errors import IllegalActionError
from ...rules.context import Ctx
from ...rules.mana_pool import fixed_restriction
from ..layers import characteristics
from ..link_values import linked_colors, mana_amount
from ..primitives import name_of, produce_mana
from ..resolve import Resolving, amount, refs, resolves


@resolves(AddMana)
def _add_mana(ctx: Ctx, eff: AddMana, r: Resolving) -> None:
    """CR 106.3 (:func:`add_mana`)."""
    add_mana(ctx, r.controller, counted_mana(ctx, eff, r), r.name, source=r.source, tapped=r.tapped_for_mana)


def counted_mana(ctx: Ctx, eff: AddMana, r: Resolving) -> AddMana:
    """``eff`` with its ``count`` read as it resolves (CR 608.2h; X: the ability's X, CR 107.3a)."""
    if eff.count is None:
        return eff
    return replace(eff, count=None, amount=eff.amount * max(0, amount(ctx, eff.count, r)))


@resolves(AddManaOfCost)
def _add_mana_of_cost(ctx: Ctx, eff: AddManaOfCost, r: Resolving) -> None:
    """CR 106.8-106.11 (:func:`add_mana_of_cost`)."""
    for oid in refs(ctx, eff.of, r)[:1]:
        add_mana_of_cost(ctx, r.controller, oid, r.name, r.source)


def add_mana(ctx: Ctx, player: int, eff: AddMana, source_name: str, choice: str | None = None, *,
             source: int = 0, tapped: bool = False) -> None:
    """CR 106.3: mana is added to a player's pool, through ``primitives.produce_mana`` (an
    event "tapped for mana" replacement effects modify when ``tapped``: a mana ability of
    ``source`` with {T} in its cost, CR 106.12b)."""
    if eff.link:
        # CR 607.2a, 607.2d: a color in the source's linked record (none: no mana, CR 607.5a)
        options = linked_colors(ctx.g, source, eff.link)
        if not options:
            if eff.link == COMMANDER_IDENTITY:
                ctx.log("903.4f", f"{source_name} adds no mana: {ctx.g.players[player].name} has no commander, "
                        "so its color identity is undefined (CR 106.5)")
            elif eff.link in LANDS_COULD_PRODUCE.values():
                ctx.log("106.7", f"{source_name} adds no mana: no such land could produce a type of mana it may add")
            else:
                ctx.log("607.5a", f"{source_name} adds no mana: nothing is linked to it")
            return
        eff = AddMana(choice=tuple(options), amount=eff.amount, restriction=eff.restriction, count=eff.count,
                      any_combination=eff.any_combination)
    restriction = eff.restriction
    if restriction is not None:
        restriction = fixed_restriction(ctx.g, restriction, source)
    if eff.per is not None or eff.count is not None:
        eff = replace(eff, per=None, count=None, amount=mana_amount(ctx.g, source, eff))
        if not eff.amount:
            ctx.log("106.5", f"{source_name} adds no mana: there is nothing to count")
            return
    if eff.mana:
        added = list(eff.mana) * eff.amount
    elif eff.combos:
        # the filter lands: one of the listed combinations (CR 106.1)
        if choice not in eff.combos:
            choice = ctx.ask(Decision(player, "color", f"choose the mana {source_name} adds", list(eff.combos)))
        if choice not in eff.combos:
            raise IllegalActionError(f"{source_name} adds one of {', '.join(eff.combos)}, not {choice!r}")
        added = list(choice)
    elif eff.any_combination and len(eff.choice) > 1 and not (choice in eff.choice or (
            choice is not None and len(choice) == eff.amount and all(c in eff.choice for c in choice))):
        # "in any combination of colors": each mana's type chosen on its own (CR 106.1a)
        added = [ctx.ask(Decision(player, "color", f"choose mana {i + 1} of {eff.amount} that {source_name} adds",
                                  list(eff.choice))) for i in range(eff.amount)]
        if any(c not in eff.choice for c in added):
            raise IllegalActionError(f"{source_name} adds mana of these types only: {', '.join(eff.choice)}")
    elif eff.any_combination and choice is not None and choice not in eff.choice:
        added = list(choice)                         # given whole: "WUU"
    else:
        if choice is None or choice not in eff.choice:
            if len(eff.choice) == 1:
                choice = eff.choice[0]
            else:
                choice = ctx.ask(Decision(player, "color", f"choose the mana {source_name} adds", list(eff.choice)))
        added = [choice] * eff.amount
    produce_mana(ctx, player, tuple(added), source, tapped=tapped, source_name=source_name,
                 restriction=restriction)


def add_mana_of_cost(ctx: Ctx, player: int, oid: int, source_name: str, source: int = 0) -> tuple[str, ...]:
    """Adds mana equal to the object's mana cost, colors included: a colored or Phyrexian symbol
    one mana of its color (CR 106.9), a generic symbol that much colorless mana (106.10), {C} and
    {S} colorless (106.11); a hybrid symbol one of its halves, chosen (106.8). X is 0 unless the
    object is a spell on the stack (CR 107.3g-h); no mana cost adds nothing (CR 106.5)."""
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
                raise IllegalActionError(f"{choice!r} is not a half of {sym}")
            added += ["C"] * generic if choice == "C" and kind == "mono_hybrid" else [choice]
        # half mana (Un-sets) adds nothing
    if not added:
        ctx.log("106.5", f"{what}'s mana cost {cost or '{0}'} has no mana to add")
        return ()
    return produce_mana(ctx, player, tuple(added), source, source_name=source_name)
