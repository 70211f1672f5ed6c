"""Tokens (CR 111) and copies (CR 707): creating tokens, tokens that are copies (707.2, 707.8a),
copies of spells (707.10) and permanents becoming copies (707.4): the resolutions of these
effects (``resolve.resolves``)."""
from __future__ import annotations

from dataclasses import replace

from ...agents.decisions import Decision
from ...cards.vocabulary import BecomeCopy, CopyException, CopyOf, CopySpell, CreateToken, CreateTokenCopy
from ...core.enums import Zone
from ...core.errors import IllegalActionError
from ...rules.combat import put_attacking
from ...rules.context import Ctx
from ...rules.modes import ability_targets
from ...rules.spell_choices import spell_targets
from ...rules.targeting import expand_specs, legal_targets
from ...state.objects import GameObject
from ..layers import ContinuousEffect, characteristics, copy_values, double_faced_copy
from ..copiable import token_values
from ..links import created
from ..primitives import create_tokens, name_of
from ..resolve import Resolving, amount, players_of, refs, resolves


@resolves(CreateToken)
def _create_token(ctx: Ctx, eff: CreateToken, r: Resolving) -> None:
    # CR 111.1, 614.16: one event creates them all
    if eff.pt is not None:
        value = amount(ctx, eff.pt, r)                        # "an X/X token": X as it resolves
        eff = replace(eff, power=value, toughness=value, pt=None)
    creators = [r.controller] if eff.who is None else players_of(refs(ctx, eff.who, r))
    enters_with = amount(ctx, eff.counters, r) if eff.counters is not None else 0
    counters = (("+1/+1", enters_with),) if enters_with > 0 else ()
    whom = None
    if eff.attacking and eff.attacking_whom is not None:
        found = refs(ctx, eff.attacking_whom, r)      # "tapped and attacking that player" (CR 508.4)
        if not found:
            eff = replace(eff, attacking=False)         # CR 508.4a: not attacking what isn't there
        whom = found[0] if found else None
    for creator in creators:      # CR 111.2: the player who creates a token controls it
        if eff.back is not None:
            # CR 111.10i: a double-faced token (an Incubator), its front face up, transformed by
            # its own ability (CR 701.27a, primitives.transform)
            front, back = token_values(eff, creator), token_values(eff.back, creator)
            made = create_tokens(ctx, creator, front, amount(ctx, eff.amount, r), origin=r.source,
                                 faces=("transform", front, back), counters=counters, copy=False)
        else:
            made = create_tokens(ctx, creator, eff, amount(ctx, eff.amount, r), origin=r.source, counters=counters)
        if eff.attacking:
            for token in made:
                put_attacking(ctx, token, whom)
        r.created.extend(made)


@resolves(CreateTokenCopy)
def _create_token_copy(ctx: Ctx, eff: CreateTokenCopy, r: Resolving) -> None:
    """CR 111.1, 707.2, 707.8a: tokens that copy an object (linked, CR 607.2c)."""
    g = ctx.g
    for oid in refs(ctx, eff.what, r):
        if oid in g.objects:
            values = copy_values(g, oid, eff.exception)       # CR 707.2: its copiable values
            faces = double_faced_copy(g, oid, eff.exception)  # CR 707.8a: a double-faced token
            made = create_tokens(ctx, r.controller, values, amount(ctx, eff.amount, r), origin=r.source,
                                 faces=faces, back_up=bool(faces) and (g.objects[oid].transformed
                                                                       or g.objects[oid].face == 1))
            r.created.extend(made)
            if eff.link or eff.share_link:
                created(ctx, r, eff, oid, made)                   # CR 607.2c, 607.1d


@resolves(CopySpell)
def _copy_spell(ctx: Ctx, eff: CopySpell, r: Resolving) -> None:
    """CR 707.10 (:func:`copy_spell`)."""
    for oid in refs(ctx, eff.what, r):
        if eff.optional and not ctx.ask(Decision(r.controller, "yesno", f"copy {name_of(ctx, oid)}?",
                                                 [True, False])):
            continue
        for _ in range(amount(ctx, eff.amount, r)):
            copy_spell(ctx, oid, r.controller, eff.new_targets, eff.exception)


def copy_spell(ctx: Ctx, oid: int, controller: int, new_targets: bool,
               exception: CopyException | None = None) -> int | None:
    """CR 707.10: a copy of a spell goes on the stack with the original's copiable values and
    every choice made for it (modes, targets, X, kicker, division); it isn't cast. Its
    controller is the player who copied it, who also owns it (CR 707.10)."""
    g = ctx.g
    if oid not in g.objects or g.objects[oid].zone is not Zone.STACK:
        return None
    o = g.objects[oid]
    copy = GameObject(g.new_id(), o.card, controller, Zone.STACK, g.new_timestamp())
    copy.controller = controller
    copy.is_copy = True
    copy.copy_source = copy_values(g, oid, exception) if o.ability is None else None
    copy.face, copy.x, copy.modes, copy.kicked, copy.targets = o.face, o.x, o.modes, o.kicked, o.targets
    copy.ability, copy.source_id, copy.source_name = o.ability, o.source_id, o.source_name
    # a copied triggered ability keeps its source and the object whose links it uses (CR 607.3)
    copy.choices = {k: v for k, v in o.choices.items()
                    if k in ("counts", "division", "link_source", "subject", "amount", "remembered", "kicked",
                             "affected")}
    if o.ability is None:
        copy.choices["spell_copy"] = True
        # objects used to pay the original's costs are the copy's too (CR 707.10)
        copy.choices["link_source"] = o.choices.get("link_source") or oid
    copy._gen = g._gen                  # a new object, shared with no clone (``GameState.obj``)
    g.objects[copy.id] = copy
    g.stack.append(copy.id)
    g.changed()
    ctx.log("707.10", f"a copy of {name_of(ctx, oid)} is put on the stack (not cast)")
    if new_targets and copy.targets:
        choose_new_targets(ctx, copy.id, controller)
    return copy.id


def choose_new_targets(ctx: Ctx, oid: int, controller: int) -> None:
    """CR 707.10c, 115.7d: any number of the copy's targets may change; each new one must be
    legal (the unchanged ones may stay even if illegal). The answer is "keep" or the full list
    of targets, in order."""
    g = ctx.g
    o = g.objects[oid]
    ch = characteristics(g, oid)
    specs = expand_specs(ability_targets(o.ability, o.modes) if o.ability is not None else spell_targets(ch, o.modes),
                         tuple(o.choices.get("counts", ())))
    options = sorted({t for spec in specs for t in legal_targets(g, spec, controller, oid)} | set(o.targets))
    answer = ctx.ask(Decision(controller, "new_targets",
                              f"choose new targets for the copy of {ch.name} (or keep {len(o.targets)})",
                              options + ["keep"], min=len(o.targets), max=len(o.targets),
                              info={"current": list(o.targets)}))
    if answer == "keep" or answer == ["keep"]:
        return
    new = list(answer) if isinstance(answer, list) else [answer]
    if len(new) != len(o.targets):
        raise IllegalActionError(f"the copy of {ch.name} has {len(o.targets)} target(s): give that many")
    for i, (old, value) in enumerate(zip(o.targets, new)):
        if value != old and (not isinstance(value, int) or isinstance(value, bool)
                             or value not in legal_targets(g, specs[i], controller, oid)):
            label = name_of(ctx, value) if isinstance(value, int) and not isinstance(value, bool) else repr(value)
            raise IllegalActionError(f"{label} is not a legal new target for the copy of {ch.name} (CR 707.10c)")
    copy = g.obj(oid)
    division = copy.choices.get("division")
    if division:
        # CR 707.10: how the damage is divided is copied; each share follows its target's place
        moved = {old: value for old, value in zip(o.targets, new) if list(o.targets).count(old) == 1}
        copy.choices["division"] = [[moved.get(t, t), share] for t, share in division]
    copy.targets = tuple(new)
    ctx.log("707.10c", f"the copy of {ch.name} now targets " + ", ".join(name_of(ctx, t) for t in new))


@resolves(BecomeCopy)
def become_copy(ctx: Ctx, eff: BecomeCopy, r: Resolving) -> None:
    """CR 707.4: objects become copies of another (its copiable values now, CR 707.2b); a
    layer 1a effect with a timestamp (CR 613.2a), which triggers no enters abilities."""
    g = ctx.g
    sources = [oid for oid in refs(ctx, eff.of, r) if oid in g.objects]
    if not sources:
        return
    original = sources[0]
    affected = [oid for oid in refs(ctx, eff.what, r)
                if oid in g.objects and g.objects[oid].zone is Zone.BATTLEFIELD
                and not (eff.exclude_of and oid == original)]
    if not affected:
        return
    exception = None
    if eff.keep_this_ability:
        # "except it has this ability" (CR 707.9a): the triggered ability doing this, as written.
        # Compared by value, not identity: in a loaded game the resolving ability and the
        # source's script are separate copies of it (save/load must not change the game).
        own = [ab for ab in characteristics(g, r.source).script.triggered if any(e == eff for e in ab.effects)] \
            if r.source in g.objects else []
        exception = CopyException(add_triggered=tuple(own[:1])) if own else None
    values = copy_values(g, original, exception)
    g.effects.append(ContinuousEffect(g.new_timestamp(), (CopyOf(values),), frozenset(affected),
                                      "end_of_turn" if eff.until_end_of_turn else "", r.source, r.controller))
    g.changed()
    for oid in affected:
        ctx.log("707.4", f"a permanent becomes a copy of {values.name or 'a face-down creature'}")
