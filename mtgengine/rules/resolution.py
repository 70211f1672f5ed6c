"""Resolving spells and abilities (CR 608)."""
from __future__ import annotations

from ..agents.decisions import Decision
from ..core.enums import Zone
from ..effects.layers import characteristics
from ..effects.resolutions.designations import ascend
from ..effects.primitives import move, name_of, shuffle_library
from ..effects import resolutions  # noqa: F401  (registers every effect's resolution, which execute dispatches to)
from ..effects.resolve import Resolving, execute
from ..effects.triggers import condition_holds
from .modes import ability_targets, execute_modes
from .spell_choices import spell_targets
from .alternative_casts import permanent_spell_resolved, spell_left_stack
from .context import Ctx, log_unimplemented
from .targeting import expand_specs, is_legal_target


_INSTANT_SORCERY = frozenset({"Instant", "Sorcery"})


#: Zones as module constants: reading a member off the Zone class costs several times a
#: global's in CPython 3.11 (``EnumType`` defines ``__getattr__``); resolving reads them often.
_BATTLEFIELD, _EXILE, _GRAVEYARD, _STACK = Zone.BATTLEFIELD, Zone.EXILE, Zone.GRAVEYARD, Zone.STACK


def resolve_top(ctx: Ctx) -> None:
    """CR 608.1-608.3: the top object of the stack resolves."""
    g = ctx.g
    oid = g.stack[-1]
    o = g.objects[oid]
    if o.ability is not None:
        _resolve_ability(ctx, oid)
        return
    ch = characteristics(g, oid)
    counts = tuple(o.choices.get("counts", ()))
    specs = expand_specs(spell_targets(ch, o.modes), counts)
    legal = tuple(is_legal_target(g, spec, t, o.controller, oid) for spec, t in zip(specs, o.targets)) \
        if o.targets else ()
    if legal and not legal[0] and o.choices.get("bestowed"):
        # CR 702.103e: its target illegal, a bestowed Aura spell ceases to be bestowed and
        # resolves as a creature spell (CR 608.3b: it isn't removed from the stack)
        ctx.log("702.103e", f"{ch.name}'s target is illegal: it ceases to be bestowed and resolves as a creature spell")
        o = g.obj(oid)
        del o.choices["bestowed"]
        o.targets = ()
        g.changed_off_battlefield()
        ch = characteristics(g, oid)
        legal = ()
    division = tuple((t, n) for t, n in o.choices.get("division", ()))
    if o.targets and not any(legal):
        # CR 608.2b / 608.3b: every target illegal: the spell doesn't resolve and is removed.
        ctx.log("608.2b", f"{ch.name} doesn't resolve: all its targets are illegal")
        move(ctx, oid, _GRAVEYARD, "fizzle")
        return
    if ch.types & _INSTANT_SORCERY:
        ctx.log("608.2", f"{ch.name} resolves")
        if ch.script.unimplemented:
            log_unimplemented(ctx, ch.name, ch.script, "resolves")     # issue 17
        spell = ch.script.spell
        if "ascend" in ch.keywords:
            ascend(ctx, o.controller)      # CR 702.131a: a spell ability, before its other instructions
        if spell is not None and spell.modes:
            # CR 700.2: the chosen modes, in printed order
            execute_modes(ctx, spell.modes, sorted(o.modes), o.targets, legal, counts,
                          lambda targets, ok, mode_counts: Resolving(
                              oid, o.controller, targets, ok, o.x, ch.name, o.kicked, counts=mode_counts,
                              link_source=o.choices.get("link_source", 0)))
        elif spell is not None:
            execute(ctx, spell.effects, Resolving(oid, o.controller, o.targets, legal, o.x, ch.name, o.kicked,
                                                  division, counts, link_source=o.choices.get("link_source", 0)))
        if oid in g.objects and g.objects[oid].zone is _STACK:
            o = g.objects[oid]
            if o.card is not None and o.card.layout == "adventure" and o.face == 1:
                # CR 715.3d: exiled instead, and its controller may cast the creature later
                new_id = move(ctx, oid, _EXILE, "adventure")
                if new_id is not None:
                    g.obj(new_id).choices["adventure"] = o.controller
                    ctx.log("715.3d", f"{o.card.name} goes on an adventure (exiled; it may be cast from exile)")
            elif o.card is not None and o.card.layout == "omen" and o.face == 1:
                # CR 720.3d: an Omen spell is shuffled into its owner's library instead
                ctx.log("720.3d", f"{o.card.name} is shuffled into its owner's library (Omen)")
                move(ctx, oid, Zone.LIBRARY, "shuffle")
                shuffle_library(ctx, o.owner)
            else:
                new_id = move(ctx, oid, _GRAVEYARD, "resolve")   # CR 608.2n
                spell_left_stack(ctx, o, ch.name, new_id)        # rebound (CR 702.88a)
        return
    # CR 608.3: a permanent spell enters the battlefield under its controller's control.
    ctx.log("608.3", f"{ch.name} resolves and enters the battlefield")
    controller = o.controller
    targets = o.targets
    # CR 712.13, 702.146b: with the face up it had on the stack (a spell cast transformed, back face up)
    new_id = move(ctx, oid, _BATTLEFIELD, "resolve", controller=controller, transformed=o.transformed)
    permanent_spell_resolved(ctx, o, ch.name, new_id)          # dash, blitz (CR 702.109a, 702.152a)
    if new_id is not None and "Aura" in ch.subtypes and targets:
        # CR 608.3c: an Aura spell enters attached to the object it targeted.
        g.obj(new_id).attached_to = targets[0]
        g.changed()
        ctx.log("608.3c", f"{ch.name} enters attached to {name_of(ctx, targets[0])}")


def _resolve_ability(ctx: Ctx, oid: int) -> None:
    g = ctx.g
    o = g.objects[oid]
    ab = o.ability
    counts = tuple(o.choices.get("counts", ()))
    modes = getattr(ab, "modes", ())         # a modal triggered ability's (CR 700.2b)
    specs = expand_specs(ability_targets(ab, o.modes), counts)
    legal = tuple(is_legal_target(g, spec, t, o.controller, o.source_id) for spec, t in zip(specs, o.targets))
    # an intervening "if" of a triggered ability (an activated ability's condition is a
    # restriction on activating it, CR 602.5b, not checked again here)
    condition = getattr(ab, "condition", None) if hasattr(ab, "trigger") else None
    if o.targets and not any(legal):
        ctx.log("608.2b", f"{o.source_name}'s ability doesn't resolve: all its targets are illegal")
    elif condition is not None and ab.trigger.event != "state" and not condition.event_only and not condition_holds(
            g, condition, o.controller, o.choices.get("link_source") or o.source_id, bool(o.choices.get("kicked")),
            o.choices.get("subject", 0)):
        # CR 603.4: an intervening "if" is checked again as the ability resolves
        ctx.log("603.4", f"{o.source_name}'s ability is removed from the stack: its condition is no longer true")
    else:
        ctx.log("608.2", f"{o.source_name}'s ability resolves: {ab.text}")
        if getattr(ab, "optional", False):
            if not ctx.ask(Decision(o.controller, "yesno", f"{ab.text} (you may)", [True, False])):
                move(ctx, oid, Zone.GRAVEYARD, "resolve")
                return
        def resolving(targets: tuple[int, ...], ok: tuple[bool, ...], phrase_counts: tuple[int, ...]) -> Resolving:
            return Resolving(o.source_id or 0, o.controller, targets, ok, o.x, o.source_name,
                             bool(o.choices.get("kicked")), counts=phrase_counts,
                             division=tuple((tg, n) for tg, n in o.choices.get("division", ())),
                             subject=o.choices.get("subject", 0),
                             remembered=tuple(o.choices.get("remembered", ())),
                             event_amount=o.choices.get("amount", 0),
                             link_source=o.choices.get("link_source", 0),
                             affected=o.choices.get("affected", 0))
        if modes:
            execute_modes(ctx, modes, o.modes, o.targets, legal, counts, resolving)    # CR 700.2b
        else:
            execute(ctx, ab.effects, resolving(o.targets, legal, counts))
    if oid in g.objects:
        move(ctx, oid, Zone.GRAVEYARD, "resolve")      # an ability ceases to exist (CR 608.2n)
