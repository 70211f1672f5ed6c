"""Continuous effects a resolving spell or ability creates (CR 611): power, toughness and
keywords (CR 613.4c, 613.1f), colors (613.1e), other modifications, abilities gained from
another object (607.5), text changes (612), blocking requirements (509.1c): the resolutions
of these effects (``resolve.resolves``)."""
from __future__ import annotations

from ...agents.decisions import Decision
from ...cards.vocabulary import (
    ApplyModifications, BecomeColor, ChangeAbilities, ChangeColors, GainAbilities, Modification, ModifyPT,
    BlockAdditional, ChangeText, MustBlock, Pump, ReplaceWords,
)
from ...core.enums import Zone
from ...core.errors import IllegalActionError
from ...core.mana import COLOR_NAMES
from ...rules.context import Ctx
from ..effect_begins import begin
from ..layers import ContinuousEffect, duration_holds
from ..links import gain_abilities
from ..primitives import name_of
from ..resolve import Resolving, refs, resolves, signed_amount
from ..text_change import words


#: "Protection from the color of your choice" (Gods Willing): the color is asked as it resolves.
CHOSEN_PROTECTION = "protection from the color of your choice"
CHOSEN_PROTECTION_OR_ARTIFACTS = "protection from artifacts or from the color of your choice"


@resolves(Pump)
def _pump(ctx: Ctx, eff: Pump, r: Resolving) -> None:
    """CR 611.2c, 613.4c, 613.1f: +N/+N and keywords until end of turn (or for as long as ..., CR 611.2b);
    X fixed as it begins (CR 608.2h)."""
    g = ctx.g
    targets = [t for t in refs(ctx, eff.what, r) if t in g.objects
               and g.objects[t].zone is (Zone.GRAVEYARD if eff.in_graveyard else Zone.BATTLEFIELD)]
    if targets and eff.lasts and not duration_holds(g, eff.lasts, r.source, r.controller):
        ctx.log("611.2b", f"{r.name}: the \"for as long as\" duration never starts, so the effect does nothing")
    elif targets:
        # X is fixed as the effect begins (CR 608.2h): the spell's X, or "where X is its
        # power" (Berserk: a negative power gives a negative X)
        x = signed_amount(ctx, eff.x_value, r) if eff.x_value is not None else r.x
        dp = eff.power + (eff.x_sign or eff.x_power) * x
        dt = eff.toughness + (eff.x_sign or eff.x_toughness) * x
        mods: tuple[Modification, ...] = (ModifyPT(dp, dt),)
        keywords = frozenset(k.replace("your opponents", f"{g.players[r.controller].name}'s opponents")
                             for k in eff.keywords)      # "your" is the effect's controller
        chosen_kw = next((k for k in (CHOSEN_PROTECTION, CHOSEN_PROTECTION_OR_ARTIFACTS) if k in keywords), "")
        if chosen_kw:
            # Gods Willing, Apostle's Blessing: the quality is chosen as the spell resolves (CR 608.2d)
            extra = ["artifacts"] if chosen_kw == CHOSEN_PROTECTION_OR_ARTIFACTS else []
            color = ctx.ask(Decision(r.controller, "color", f"choose a color{' or artifacts' if extra else ''} "
                                     f"for {r.name}", list(COLOR_NAMES) + extra))
            quality = "artifacts" if extra and str(color).lower() == "artifacts" else COLOR_NAMES.get(color)
            if quality is None:
                raise IllegalActionError(f"{r.name}: choose a color (white, blue, black, red or green)"
                                         + (" or artifacts" if extra else ""))
            ctx.log("608.2d", f"{g.players[r.controller].name} chooses {quality} for {r.name}")
            keywords = (keywords - {chosen_kw}) | {f"protection from {quality}"}
        if keywords:
            mods += (ChangeAbilities(add_keywords=keywords),)
        if dp or dt or keywords:
            begin(g, ContinuousEffect(                      # CR 611.2c: affected set locked in
                g.new_timestamp(), mods, frozenset(targets),
                "end_of_turn" if eff.until_end_of_turn else "next_turn" if eff.until_next_turn else "", r.source,
                r.controller, eff.lasts))
            g.changed()
        # (+0/+0 and no ability: an effect that modifies nothing in any layer, CR 613.4c — not kept,
        # so "{X}: ~ gets +X/+0" activated again and again for X=0 doesn't pile effects up)
        pumped = dp or dt or not keywords
        for t in targets:   # P/T in layer 7c (CR 613.4c), abilities in layer 6 (CR 613.1f)
            ctx.log("613.4c" if pumped else "613.1f", f"{name_of(ctx, t)} "
                    + (f"gets {dp:+d}/{dt:+d}" if pumped else "")
                    + (" and " if pumped and keywords else "")
                    + (f"gains {', '.join(sorted(keywords))}" if keywords else "")
                    + (" until end of turn" if eff.until_end_of_turn else
                       " until its controller's next turn" if eff.until_next_turn else
                       " for as long as " + " and ".join(eff.lasts) if eff.lasts else ""))


@resolves(BecomeColor)
def _become_color(ctx: Ctx, eff: BecomeColor, r: Resolving) -> None:
    """CR 613.1e: the color chosen as it resolves (CR 608.2d), until end of turn."""
    g = ctx.g
    targets = [t for t in refs(ctx, eff.what, r) if t in g.objects and g.objects[t].zone is Zone.BATTLEFIELD]
    if targets:
        color = ctx.ask(Decision(r.controller, "color", f"choose a color ({r.name})", list(COLOR_NAMES)))
        if color not in COLOR_NAMES:
            raise IllegalActionError(f"{r.name}: choose a color (white, blue, black, red or green)")
        begin(g, ContinuousEffect(g.new_timestamp(), (ChangeColors(set_colors=frozenset({color})),),
                                  frozenset(targets), "end_of_turn", r.source, r.controller))
        g.changed()
        for t in targets:
            ctx.log("613.1e", f"{name_of(ctx, t)} becomes {COLOR_NAMES[color]} until end of turn")


@resolves(ApplyModifications)
def _apply_modifications(ctx: Ctx, eff: ApplyModifications, r: Resolving) -> None:
    """CR 611.2: the modifications apply to the objects fixed now (CR 611.2c)."""
    g = ctx.g
    targets = [t for t in refs(ctx, eff.what, r) if t in g.objects and g.objects[t].zone is Zone.BATTLEFIELD]
    if targets:
        begin(g, ContinuousEffect(g.new_timestamp(), eff.mods, frozenset(targets),   # CR 611.2c
                                  "end_of_turn" if eff.until_end_of_turn else "", r.source, r.controller))
        g.changed()
        for t in targets:
            ctx.log("611.2", f"{r.name}: a continuous effect applies to {name_of(ctx, t)}"
                    + (" until end of turn" if eff.until_end_of_turn else ""))


resolves(GainAbilities)(gain_abilities)   # Quicksilver Elemental (links, CR 607.5)


@resolves(MustBlock)
def _must_block(ctx: Ctx, eff: MustBlock, r: Resolving) -> None:
    """CR 509.1c: a requirement for this turn; or a restriction (CR 509.1b), read by
    ``rules.combat.can_block``."""
    for t in refs(ctx, eff.what, r):
        if eff.cant and t in ctx.g.objects and ctx.g.objects[t].zone is Zone.BATTLEFIELD:
            o = ctx.g.obj(t)
            o.choices["cant_block"] = [p for p in o.choices.get("cant_block", []) if p[1] == ctx.g.turn] \
                + [[r.source, ctx.g.turn]]
            ctx.log("509.1b", f"{name_of(ctx, t)} can't block {r.name} this turn")
        elif t in ctx.g.objects and ctx.g.objects[t].zone is Zone.BATTLEFIELD:
            ctx.g.obj(t).choices["must_block"] = (r.source, ctx.g.turn)     # CR 509.1c
            ctx.log("509.1c", f"{name_of(ctx, t)} blocks {r.name} this turn if able")


@resolves(BlockAdditional)
def _block_additional(ctx: Ctx, eff: BlockAdditional, r: Resolving) -> None:
    """CR 509.1a: one more attacker it may block this turn, read by
    ``rules.combat.attackers_it_may_block``; activations add up."""
    g = ctx.g
    for t in refs(ctx, eff.what, r):
        if t in g.objects and g.objects[t].zone is Zone.BATTLEFIELD:
            turn, extra = g.objects[t].choices.get("extra_blocks", (g.turn, 0))
            g.obj(t).choices["extra_blocks"] = (g.turn, (extra if turn == g.turn else 0) + 1)
            ctx.log("509.1a", f"{name_of(ctx, t)} can block an additional creature this turn")


# -- text-changing effects (CR 612; what a text change does in layer 3: effects.text_change) ------
def _kind_of(word: str, kinds: tuple[str, ...]) -> str:
    for kind in kinds:
        if any(word.lower() == w.lower() for w in words(kind)):
            return kind
    return ""


@resolves(ReplaceWords)
def _replace_words(ctx: Ctx, eff: ReplaceWords, r: Resolving) -> None:
    """CR 612: the controller chooses the word to replace and the new one (same kind), and the
    text change applies to the target from now on, indefinitely (CR 611.2a), with its own
    timestamp (CR 613.7)."""
    g = ctx.g
    targets = [t for t in refs(ctx, eff.what, r) if t in g.objects and g.objects[t].zone in (Zone.BATTLEFIELD,
                                                                                              Zone.STACK)]
    if not targets:
        return
    target = targets[0]
    free = "creature_type" in eff.kinds

    def ask(prompt: str, exclude: tuple[str, ...], kinds: tuple[str, ...]) -> tuple[str, str]:
        options = [w for k in kinds for w in words(k) if w not in exclude]
        answer = ctx.ask(Decision(r.controller, "name" if free else "word", prompt, options))
        word = str(answer)
        match = next((w for w in options if w.lower() == word.lower()), None)
        if match is None:
            raise IllegalActionError(f"{word!r} is not one of: {', '.join(options[:12])}"
                                     + ("..." if len(options) > 12 else "") + " (CR 612)")
        return match, _kind_of(match, kinds)

    old, kind = ask(f"the word to replace in the text of {name_of(ctx, target)} ({r.name})", (), eff.kinds)
    new, _ = ask(f"the word that replaces {old} ({r.name})", (old,) + eff.not_new, (kind,))
    g.effects.append(ContinuousEffect(g.new_timestamp(), (ChangeText(kind, old, new),), frozenset({target}),
                                      "", r.source, r.controller))
    g.changed()
    ctx.log("612.1", f"{r.name} changes the text of {name_of(ctx, target)}: every {old} becomes {new} "
            "(layer 3, CR 613.1c)")

