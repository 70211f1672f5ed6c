"""The effects interpreter: carries out vocabulary effects as a spell or ability resolves (CR 608.2)."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Iterable

from ..agents.decisions import Decision, player_of, player_ref
from ..cards.vocabulary import (
    ChangeAbilities, Modification, ModifyPT,
    AddMana, CounterSpell, CreateToken, DamageCantBePrevented, DealDamage, Destroy, Discard, Draw, Effect, Exile,
    Fight, Filter, GainLife, IfKicked,
    BecomeColor, ExileIfDies, ExtraTurn, LookAtTop, LoseLife, Mill, Pump, PutCounters, Quantity, Ref, ReturnToBattlefield, ReturnToHand, Sacrifice, Scry, Search,
    TapUntap,
)
from ..cards.vocabulary import Attach, CreateDelayedTrigger, GainControl, SacrificePermanent, SetController, WinGame
from ..cards.vocabulary import Double, DoAction, Proliferate, PutFromHand, ReplaceWords, ReturnChosen, ShuffleIntoLibrary, Transform, TurnFaceDown, RemoveCounters, Manifest
from ..core.mana import COLOR_NAMES, ManaCost
from ..cards.vocabulary import Adapt, Explore
from ..cards.vocabulary import BecomeCopy, CopyCards, CopyException, CopyOf, CopySpell, CreateTokenCopy, PreventDamage, Regenerate
from ..core.enums import Zone
from ..core.errors import IllegalActionError
from ..rules.context import Ctx
from ..rules.mana_pool import fixed_restriction
from ..cards.oracle import UNCOUNTERABLE
from .layers import ContinuousEffect, characteristics, copy_values, double_faced_copy, duration_holds, matches, mana_value
from .replacement import create_prevention, forbid_life_gain, make_unpreventable
from .primitives import (
    produce_mana, proliferate, transform, turn_face_down, remove_counters, manifest,
    create_tokens, deal_damage, draw_card, gain_life, lose_life, move, name_of, put_counters, reorder_library,
    set_tapped, shuffle_library,
)


@dataclass(slots=True)
class Resolving:
    """What an effect needs to know about the spell or ability it is part of."""

    source: int              # the source object (a spell resolves with itself as source)
    controller: int
    targets: tuple[int, ...]
    legal: tuple[bool, ...]  # which targets are still legal (CR 608.2b)
    x: int = 0
    name: str = ""
    kicked: bool = False
    division: tuple[tuple[int, int], ...] = ()   # (target, amount) announced while casting
    counts: tuple[int, ...] = ()                 # targets per target phrase (default: one each)
    subject: int = 0                             # the object a triggered ability refers to ("triggering")
    remembered: tuple[int, ...] = ()             # the objects a delayed triggered ability refers to (CR 603.7c)
    moved: dict[int, int] = field(default_factory=dict)   # old id -> the new object it became here (CR 400.7)
    created: list[int] = field(default_factory=list)      # tokens created by this resolution
    event_amount: int = 0                        # "that much": the damage or life of the trigger event
    tapped_for_mana: bool = False                # a mana ability with {T} in its cost (CR 106.12)
    affected: int = 0                            # "that player" / "that creature": what the trigger event
                                                 # was done to (a player ref or an object id)
    damaged: list[int] = field(default_factory=list)      # objects dealt damage by it ("dealt damage this way")
    link_source: int = 0                         # whose linked-ability records it uses, when not
                                                 # ``source`` (a leaves-the-battlefield ability: the
                                                 # permanent as it was, CR 607, 603.10a); see effects.links


def amount(ctx: Ctx, q: Quantity, r: Resolving, player: int | None = None) -> int:
    """A number in an effect as it resolves; ``player``: the player the effect acts on, whose
    "life", "half_life" (rounded up, CR 107.1a) or "life_lost_this_turn" a stat without
    ``of`` reads."""
    value = q.fixed + (r.x if q.x else 0)
    if q.stat in ("life", "half_life", "life_lost_this_turn") and q.of is None:
        if player is None:
            return value
        pl = ctx.g.players[player]
        if q.stat == "life_lost_this_turn":
            return value + pl.life_lost_this_turn
        return value + (max(0, pl.life) + 1) // 2 if q.stat == "half_life" else value + pl.life
    if q.stat == "that_much":
        return value + r.event_amount
    if q.link:
        from .links import linked_amount
        return value + q.scale * linked_amount(ctx.g, q, r)
    if q.per is not None:
        value += sum(1 for oid in ctx.g.battlefield if matches(ctx.g, oid, q.per, r.controller))
    if q.stat and q.of is not None:
        # CR 608.2h: the object's current information if it is still where it was expected
        # to be, else its last known information; an illegal target gives none (CR 608.2b).
        for oid in refs(ctx, q.of, r)[:1]:
            value += max(0, _stat(ctx, oid, q.stat))
    return value


def _stat(ctx: Ctx, oid: int, stat: str) -> int:
    g = ctx.g
    if oid in g.objects:
        if stat == "mana_value":
            return mana_value(g, oid)
        ch = characteristics(g, oid)
    else:
        ch = g.lki.get(oid)
        if ch is None:
            return 0
        if stat == "mana_value":
            return ch.mana_cost.mana_value(0) if ch.mana_cost is not None else 0
    if stat.startswith("counters:"):
        o = g.objects.get(oid)
        return o.counters.get(stat[len("counters:"):], 0) if o is not None else 0
    return (ch.power if stat == "power" else ch.toughness) or 0


def _last_controller(ctx: Ctx, oid: int) -> int | None:
    """The controller of an object, or its last known controller once it has left (CR 608.2h)."""
    g = ctx.g
    if oid in g.objects:
        return characteristics(g, oid).controller
    lki = g.lki.get(oid)
    return lki.controller if lki is not None else None


def _legal_targets(index: int, r: Resolving) -> list[int]:
    """The targets of target phrase ``index`` still legal as the resolution began (CR 608.2b)."""
    if not r.counts:
        return [r.targets[index]] if index < len(r.targets) and r.legal[index] else []
    start = sum(r.counts[:index])
    end = start + (r.counts[index] if index < len(r.counts) else 0)
    return [r.targets[j] for j in range(start, end) if r.legal[j]]


def refs(ctx: Ctx, ref: Ref, r: Resolving) -> list[int]:
    """Object ids or player refs an effect acts on. Illegal targets are skipped (CR 608.2b)."""
    g = ctx.g
    if ref.kind == "target":
        # (a target this resolution has moved is a new object, CR 400.7: the old id is kept for
        # its last known information, CR 608.2h; effects acting on it find it gone)
        found = _legal_targets(ref.index, r)
        if ref.filter is None:
            return found
        # "destroy target creature if it has mana value 2 or less": checked as it resolves (CR 608.2c)
        return [t for t in found if t >= 0 and matches(g, t, ref.filter, r.controller, r.source)]
    if ref.kind == "you":
        return [-(r.controller + 1)]
    if ref.kind == "each_opponent":
        return [-(p + 1) for p in g.apnap() if p != r.controller]
    if ref.kind == "each_player":
        return [-(p + 1) for p in g.apnap()]
    if ref.kind == "self":
        return [r.source] if r.source in g.objects else []
    if ref.kind in ("enchanted", "equipped"):
        src = g.objects.get(r.source)
        return [src.attached_to] if src is not None and src.attached_to in g.objects else []
    if ref.kind == "each" and ref.filter is not None:
        return [oid for oid in list(g.battlefield) if matches(g, oid, ref.filter, r.controller, r.source)]
    if ref.kind == "triggering":
        found = [r.subject] if r.subject in g.objects else []
        return [o for o in found if ref.filter is None or matches(g, o, ref.filter, r.controller, r.source)]
    if ref.kind == "defending":
        # CR 506.2: the player the source attacks (a planeswalker's or battle's controller)
        src = g.objects.get(r.source)
        attacked = src.attacking if src is not None else None
        if attacked is None:
            return [player_ref(p) for p in g.apnap() if p != r.controller][:1]
        if player_of(attacked) is not None:
            return [attacked]
        p = _last_controller(ctx, attacked)
        return [player_ref(p)] if p is not None else []
    if ref.kind == "triggering_controller":
        p = _last_controller(ctx, r.subject) if r.subject else None
        return [player_ref(p)] if p is not None else []
    if ref.kind == "moved":
        # CR 400.7: "that card" is the new object the target became when this moved it
        return [r.moved[oid] for oid in _legal_targets(ref.index, r) if r.moved.get(oid) in g.objects]
    if ref.kind == "created":
        return [oid for oid in r.created if oid in g.objects]
    if ref.kind == "remembered":
        # CR 603.7c: an object that has changed zones since is a new object, not found here
        rem = r.remembered[ref.index] if ref.index < len(r.remembered) else 0
        if rem not in g.objects:
            return []
        # "destroy that creature if it attacked this turn": only if it matches
        return [rem] if ref.filter is None or matches(g, rem, ref.filter, r.controller, r.source) else []
    if ref.kind == "affected":
        a = r.affected
        return [a] if a and (a < 0 or a in g.objects) else []
    if ref.kind in ("linked", "linked_one", "linked_here", "linked_random"):
        # CR 607.2a-c, 607.3: each object the linked ability recorded for this object, if still there
        from .links import choose_linked, link_source, linked_objects
        src = link_source(r)
        flt = ref.filter
        if flt is not None and flt.mana_value_x:
            from dataclasses import replace as _replace               # "with mana value X" (Valki)
            flt = _replace(flt, mana_value_min=r.x, mana_value_max=r.x, mana_value_x=False)
        found = [o for o in linked_objects(g, src, ref.link)
                 if flt is None or matches(g, o, flt, r.controller, src)]
        if ref.kind == "linked_here":
            here = set(r.moved.values()) | set(r.created)          # "the card exiled this way"
            found = [o for o in found if o in here]
        if ref.kind == "linked_one":
            found = choose_linked(ctx, r, found)                    # "a card exiled with ~" (CR 607.3)
        if ref.kind == "linked_random" and found:
            found = [g.rng.choice(found)]                            # "a card at random exiled with ~"
        return found
    if ref.kind == "paid":
        # the objects used to pay the spell's costs, as they last existed (CR 608.2h, 707.10)
        from .links import link_source, record
        return [o for o in record(g, link_source(r), ref.link) if isinstance(o, int)]
    if ref.kind == "named_one":
        # "a card you exiled with cards named ~": the player's pre-game record (CR 607.2n); one,
        # chosen by the controller (CR 607.3)
        from .links import choose_linked, named_cards
        return choose_linked(ctx, r, named_cards(g, r.controller, ref.link))
    if ref.kind == "target_controls":
        # "all creatures target player controls" (Sleep): the permanents matching the filter that
        # the target player controls as it resolves (CR 608.2c)
        players = set(_players(refs(ctx, Ref("target", ref.index), r)))
        flt = ref.filter
        return [oid for oid in list(g.battlefield) if characteristics(g, oid).controller in players
                and (flt is None or matches(g, oid, flt, r.controller, r.source))]
    if ref.kind == "target_controller":
        out = []
        for oid in _legal_targets(ref.index, r):
            if player_of(oid) is None:
                p = _last_controller(ctx, oid)
                if p is not None:
                    out.append(player_ref(p))
            else:
                out.append(oid)      # "that player or that planeswalker's controller" (Blightning)
        return out
    raise ValueError(f"unknown reference kind {ref.kind!r}")


def _players(ids: Iterable[int]) -> list[int]:
    return [p for p in (player_of(i) for i in ids) if p is not None]


def execute(ctx: Ctx, effects: tuple[Effect, ...], r: Resolving) -> None:
    """Performs each effect in order (CR 608.2c)."""
    g = ctx.g
    for eff in effects:
        if isinstance(eff, DealDamage):
            if eff.divided:
                # CR 601.2d: the division announced while casting; illegal targets get none (608.2b)
                for t, share in r.division:
                    if t in refs(ctx, eff.to, r):
                        deal_damage(ctx, r.source, t, share)
                continue
            if eff.evenly:
                # Fireball: divided by the number of targets chosen, legal or not (rounded down)
                chosen = r.counts[eff.to.index] if r.counts and eff.to.index < len(r.counts) else len(r.targets)
                share = amount(ctx, eff.amount, r) // chosen if chosen else 0
                for t in refs(ctx, eff.to, r):
                    deal_damage(ctx, r.source, t, share)
                continue
            for t in refs(ctx, eff.to, r):
                if deal_damage(ctx, r.source, t, amount(ctx, eff.amount, r)) > 0 and t in g.objects:
                    r.damaged.append(t)
        elif isinstance(eff, ExileIfDies):
            from .replacement import exile_if_dies
            ids = refs(ctx, eff.what, r) if eff.what is not None else \
                [t for t in r.damaged if t in g.objects and "Creature" in characteristics(g, t).types]
            exile_if_dies(ctx, r.controller, r.name, [t for t in ids if t in g.objects])
        elif isinstance(eff, DamageCantBePrevented):
            if eff.life:
                forbid_life_gain(ctx, r.controller, r.name)      # CR 119.7
            else:
                make_unpreventable(ctx, r.controller, r.name)    # CR 615.12
        elif isinstance(eff, CopySpell):
            for oid in refs(ctx, eff.what, r):
                if eff.optional and not ctx.ask(Decision(r.controller, "yesno", f"copy {name_of(ctx, oid)}?",
                                                         [True, False])):
                    continue
                for _ in range(amount(ctx, eff.amount, r)):
                    copy_spell(ctx, oid, r.controller, eff.new_targets, eff.exception)
        elif isinstance(eff, CopyCards):
            from .card_copies import copy_cards
            copy_cards(ctx, eff, r)                                   # CR 707.12
        elif isinstance(eff, BecomeCopy):
            become_copy(ctx, eff, r)
        elif isinstance(eff, CreateTokenCopy):
            for oid in refs(ctx, eff.what, r):
                if oid in g.objects:
                    values = copy_values(g, oid, eff.exception)       # CR 707.2: its copiable values
                    faces = double_faced_copy(g, oid, eff.exception)  # CR 707.8a: a double-faced token
                    made = create_tokens(ctx, r.controller, values, amount(ctx, eff.amount, r), origin=r.source,
                                         faces=faces, back_up=bool(faces) and (g.objects[oid].transformed
                                                                               or g.objects[oid].face == 1))
                    r.created.extend(made)
                    if eff.link or eff.share_link:
                        from .links import created
                        created(ctx, r, eff, oid, made)                   # CR 607.2c, 607.1d
        elif isinstance(eff, PreventDamage):
            # CR 615.3, 615.7: a prevention effect or shields for this turn; whom it protects is
            # fixed now (CR 611.2c).
            shielded = None if eff.to is None else refs(ctx, eff.to, r)
            if shielded != [] and eff.source_choice is not None:
                chosen = choose_source(ctx, eff.source_choice, r)
                if chosen:
                    create_prevention(ctx, r.controller, r.name, r.name, shielded, None, eff.combat,
                                      from_source=chosen, source_filter=eff.source_choice)
            elif shielded != []:
                create_prevention(ctx, r.controller, r.name, r.name, shielded,
                                  None if eff.amount is None else amount(ctx, eff.amount, r), eff.combat)
        elif isinstance(eff, Draw):
            for p in _players(refs(ctx, eff.who, r)):
                for _ in range(amount(ctx, eff.amount, r)):
                    draw_card(ctx, p, origin=r.source)
        elif isinstance(eff, GainLife):
            for p in _players(refs(ctx, eff.who, r)):
                gain_life(ctx, p, amount(ctx, eff.amount, r, p), origin=r.source)
        elif isinstance(eff, LoseLife):
            for p in _players(refs(ctx, eff.who, r)):
                lose_life(ctx, p, amount(ctx, eff.amount, r, p))
        elif isinstance(eff, Destroy):
            for oid in refs(ctx, eff.what, r):
                _moved(r, oid, destroy(ctx, oid, rule="701.8a", regenerate=not eff.no_regenerate))
        elif isinstance(eff, Regenerate):
            for oid in refs(ctx, eff.what, r):
                if oid in g.objects and g.objects[oid].zone is Zone.BATTLEFIELD:
                    w = g.obj(oid)                       # CR 701.19a: a shield for this turn
                    w.choices["regeneration"] = (g.turn, w.choices.get("regeneration", (g.turn, 0))[1] + 1
                                                 if w.choices.get("regeneration", (0, 0))[0] == g.turn else 1)
                    ctx.log("701.19a", f"{name_of(ctx, oid)} gets a regeneration shield")
        elif isinstance(eff, Exile):
            if eff.until_leaves:
                from .links import link_source
                if link_source(r) not in g.battlefield:
                    # CR 610.3a-b: what it waits for has already happened: nothing moves
                    ctx.log("610.3b", f"{r.name} has already left the battlefield: nothing is exiled")
                    continue
            gone: list[int] = []
            for oid in refs(ctx, eff.what, r):
                ctx.log("701.13a", f"{name_of(ctx, oid)} is exiled")
                new = move(ctx, oid, Zone.EXILE, "exile")
                _moved(r, oid, new)
                if new is not None and new in g.objects and g.objects[new].zone is Zone.EXILE:
                    gone.append(new)
            if eff.link:
                from .links import exiled
                exiled(ctx, r, eff.link, eff.until_leaves, gone)              # CR 607.2a
        elif isinstance(eff, ReturnToHand):
            for oid in refs(ctx, eff.what, r):
                ctx.log("400.7", f"{name_of(ctx, oid)} is returned to its owner's hand")
                _moved(r, oid, move(ctx, oid, Zone.HAND, "bounce"))
        elif isinstance(eff, CounterSpell):
            for oid in refs(ctx, eff.what, r):
                if eff.unless_pays and _pays_instead(ctx, oid, eff.unless_pays, r):
                    continue
                counter(ctx, oid, eff.to)
        elif isinstance(eff, Pump):
            targets = [t for t in refs(ctx, eff.what, r) if t in g.objects
                       and g.objects[t].zone is (Zone.GRAVEYARD if eff.in_graveyard else Zone.BATTLEFIELD)]
            if targets and eff.lasts and not duration_holds(g, eff.lasts, r.source, r.controller):
                ctx.log("611.2b", f"{r.name}: the \"for as long as\" duration never starts, so the effect does nothing")
            elif targets:
                # X is fixed as the effect begins (CR 608.2h): the spell's X, or "where X is its
                # power" (Berserk: a negative power gives a negative X)
                x = _signed(ctx, eff.x_value, r) if eff.x_value is not None else r.x
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
                g.effects.append(ContinuousEffect(                 # CR 611.2c: affected set locked in
                    g.new_timestamp(), mods, frozenset(targets),
                    "end_of_turn" if eff.until_end_of_turn else "", r.source, r.controller, eff.lasts))
                g.changed()
                pumped = dp or dt or not keywords
                for t in targets:   # P/T in layer 7c (CR 613.4c), abilities in layer 6 (CR 613.1f)
                    ctx.log("613.4c" if pumped else "613.1f", f"{name_of(ctx, t)} "
                            + (f"gets {dp:+d}/{dt:+d}" if pumped else "")
                            + (" and " if pumped and keywords else "")
                            + (f"gains {', '.join(sorted(keywords))}" if keywords else "")
                            + (" until end of turn" if eff.until_end_of_turn else
                               " for as long as " + " and ".join(eff.lasts) if eff.lasts else ""))
        elif isinstance(eff, TapUntap):
            chosen = refs(ctx, eff.what, r)
            if eff.up_to:
                chosen = _choose_up_to(ctx, r, chosen, eff.up_to, "untap" if not eff.tap else "tap")
            for oid in chosen:
                if oid in g.objects:
                    set_tapped(ctx, oid, eff.tap)
                    ctx.log("701.26a" if eff.tap else "701.26b", f"{name_of(ctx, oid)} becomes {'tapped' if eff.tap else 'untapped'}")
        elif isinstance(eff, AddMana):
            add_mana(ctx, r.controller, eff, r.name, source=r.source, tapped=r.tapped_for_mana)
        elif isinstance(eff, Explore):
            for oid in refs(ctx, eff.what, r):
                for _ in range(eff.times):
                    explore(ctx, oid)
        elif isinstance(eff, Adapt):
            for oid in refs(ctx, eff.what, r):
                if oid in g.objects and g.objects[oid].zone is Zone.BATTLEFIELD:
                    if g.objects[oid].counters.get("+1/+1"):
                        ctx.log("701.46a", f"{name_of(ctx, oid)} has +1/+1 counters on it and doesn't adapt")
                    else:
                        put_counters(ctx, oid, "+1/+1", eff.amount, origin=r.source)
        elif isinstance(eff, PutCounters):
            for oid in refs(ctx, eff.what, r):
                put_counters(ctx, oid, eff.kind, amount(ctx, eff.amount, r), origin=r.source)
        elif isinstance(eff, CreateToken):
            # CR 111.1, 614.16: one event creates them all
            if eff.pt is not None:
                from dataclasses import replace as _replace          # "an X/X token": X as it resolves
                value = amount(ctx, eff.pt, r)
                eff = _replace(eff, power=value, toughness=value, pt=None)
            creators = [r.controller] if eff.who is None else _players(refs(ctx, eff.who, r))
            for creator in creators:      # CR 111.2: the player who creates a token controls it
                r.created.extend(create_tokens(ctx, creator, eff, amount(ctx, eff.amount, r), origin=r.source))
        elif isinstance(eff, Discard):
            for p in _players(refs(ctx, eff.who, r)):
                if eff.chooser == "you":
                    discard_chosen_by(ctx, p, r.controller, amount(ctx, eff.amount, r), eff.filter, r)
                else:
                    discard(ctx, p, amount(ctx, eff.amount, r), at_random=eff.chooser == "random")
        elif isinstance(eff, IfKicked):
            execute(ctx, eff.effects if r.kicked else eff.otherwise, r)      # CR 702.33e
        elif isinstance(eff, BecomeColor):
            targets = [t for t in refs(ctx, eff.what, r) if t in g.objects and g.objects[t].zone is Zone.BATTLEFIELD]
            if targets:
                color = ctx.ask(Decision(r.controller, "color", f"choose a color ({r.name})", list(COLOR_NAMES)))
                if color not in COLOR_NAMES:
                    raise IllegalActionError(f"{r.name}: choose a color (white, blue, black, red or green)")
                from ..cards.vocabulary import ChangeColors
                g.effects.append(ContinuousEffect(g.new_timestamp(), (ChangeColors(set_colors=frozenset({color})),),
                                                  frozenset(targets), "end_of_turn", r.source, r.controller))
                g.changed()
                for t in targets:
                    ctx.log("613.1e", f"{name_of(ctx, t)} becomes {COLOR_NAMES[color]} until end of turn")
        elif isinstance(eff, ExtraTurn):
            for p in _players(refs(ctx, eff.who, r)):
                g.extra_turns = (p,) + tuple(g.extra_turns)            # CR 500.7: most recent first
                ctx.log("500.7", f"{g.players[p].name} will take an extra turn after this one")
                g.changed()
        elif isinstance(eff, LookAtTop):
            for p in _players(refs(ctx, eff.who, r)):
                look_at_top(ctx, p, amount(ctx, eff.amount, r), eff, r.name)
        elif isinstance(eff, Scry):
            if eff.library is not None:
                # CR 701.29a: the player looks at another library and decides (fateseal)
                for p in _players(refs(ctx, eff.who, r)):
                    for lib in _players(refs(ctx, eff.library, r)):
                        scry(ctx, p, amount(ctx, eff.amount, r), library_of=lib)
                continue
            for p in _players(refs(ctx, eff.who, r)):
                if eff.surveil:
                    surveil(ctx, p, amount(ctx, eff.amount, r))
                else:
                    scry(ctx, p, amount(ctx, eff.amount, r))
        elif isinstance(eff, Fight):
            fight(ctx, refs(ctx, eff.first, r), refs(ctx, eff.second, r))
        elif isinstance(eff, Sacrifice):
            sacrifice(ctx, _players(refs(ctx, eff.who, r)), eff.filter, amount(ctx, eff.amount, r), r.name)
        elif isinstance(eff, ReturnChosen):
            return_chosen(ctx, _players(refs(ctx, eff.who, r)), eff.filter, amount(ctx, eff.amount, r), r.name,
                          r.source)
        elif isinstance(eff, Search):
            for p in _players(refs(ctx, eff.who, r)):
                search(ctx, p, eff, r.name,
                       _stat(ctx, r.source, "mana_value") if eff.same_mana_value else None)   # transmute
        elif isinstance(eff, ReturnToBattlefield):
            for oid in refs(ctx, eff.what, r):
                if oid not in g.objects:
                    continue
                who = g.objects[oid].owner if eff.under_owner else r.controller
                ctx.log("110.2a", f"{name_of(ctx, oid)} is put onto the battlefield under "
                        f"{g.players[who].name}'s control")
                new_id = move(ctx, oid, Zone.BATTLEFIELD, "return", controller=who, transformed=eff.transformed)
                _moved(r, oid, new_id)
                if new_id is not None and eff.tapped and new_id in g.objects:
                    g.obj(new_id).tapped = True
                if new_id is not None and eff.counter and new_id in g.objects:
                    put_counters(ctx, new_id, eff.counter, eff.counter_amount, rule="122.6")
        elif isinstance(eff, Mill):
            for p in _players(refs(ctx, eff.who, r)):
                for _ in range(amount(ctx, eff.amount, r)):
                    lib = g.zones[(p, Zone.LIBRARY)]
                    if lib:
                        ctx.log("701.17a", f"{g.players[p].name} mills {name_of(ctx, lib[0])}")
                        move(ctx, lib[0], Zone.GRAVEYARD, "mill")
        else:
            if not _execute_more(ctx, eff, r):
                raise TypeError(f"no interpreter for effect {eff!r}")


_MANA_ORDER = ("W", "U", "B", "R", "G", "C")


def double(ctx: Ctx, eff: Double, r: Resolving) -> None:
    """The keyword actions double (CR 701.10) and triple (CR 701.11), each done as the event
    the rules make it: gaining or losing life, putting counters, adding mana, a +X/+Y
    modification — so replacement effects modify that event (a doubling under "twice that
    much" gives three times the value, not four)."""
    g = ctx.g
    more = eff.times - 1                 # doubling adds the value once; tripling, twice
    verb = {2: "doubles", 3: "triples"}.get(eff.times, f"multiplies by {eff.times}")
    if eff.value == "life":
        for p in _players(refs(ctx, eff.what, r)):
            life = g.players[p].life
            ctx.log("701.10d", f"{r.name} {verb} {g.players[p].name}'s life total ({life})")
            if life > 0:
                gain_life(ctx, p, life * more, rule="701.10d", origin=r.source)
            elif life < 0:
                lose_life(ctx, p, -life * more, rule="701.10d")       # a negative total: a loss
    elif eff.value == "counters":
        for oid in refs(ctx, eff.what, r):
            p = player_of(oid)
            if p is not None:
                pl = g.players[p]
                have = {"poison": pl.poison, **pl.counters}
            elif oid in g.objects:
                have = dict(g.objects[oid].counters)
            else:
                continue
            for kind, count in have.items():
                if count > 0 and (not eff.kind or kind == eff.kind):
                    ctx.log("701.10e", f"{r.name} {verb} the {kind} counters on {name_of(ctx, oid)} ({count})")
                    put_counters(ctx, oid, kind, count * more, rule="701.10e", origin=r.source)
    elif eff.value == "mana":
        for p in _players(refs(ctx, eff.what, r)):
            pool = g.players[p].pool
            added = tuple(kind for kind in _MANA_ORDER for _ in range(pool.get(kind, 0) * more))
            ctx.log("701.10f", f"{r.name} {verb} the unspent mana of {g.players[p].name}")
            produce_mana(ctx, p, added, r.source, tapped=r.tapped_for_mana, source_name=r.name)
    elif eff.value in ("power", "toughness", "power_toughness"):
        for t in refs(ctx, eff.what, r):
            if t not in g.objects or g.objects[t].zone is not Zone.BATTLEFIELD:
                continue
            ch = characteristics(g, t)
            if ch.power is None:
                continue
            # CR 701.10b-c, 701.11b-c: +X/+Y with X and Y fixed now; a negative value gives -X
            dp = ch.power * more if eff.value != "toughness" else 0
            dt = (ch.toughness or 0) * more if eff.value != "power" else 0
            g.effects.append(ContinuousEffect(g.new_timestamp(), (ModifyPT(dp, dt),), frozenset({t}),
                                              "end_of_turn" if eff.until_end_of_turn else "", r.source,
                                              r.controller))
            g.changed()
            rule = ("701.10c" if dp < 0 or dt < 0 else "701.10b") if eff.times == 2 else \
                ("701.11c" if dp < 0 or dt < 0 else "701.11b")
            ctx.log(rule, f"{r.name} {verb} the power and toughness of {name_of(ctx, t)}: it gets "
                    f"{dp:+d}/{dt:+d}" + (" until end of turn" if eff.until_end_of_turn else ""))
    elif eff.value == "x":
        for oid in refs(ctx, eff.what, r):
            if oid in g.objects and g.objects[oid].zone is Zone.STACK:
                o = g.obj(oid)
                before = o.x
                o.x = before * eff.times
                g.changed()
                ctx.log("107.3", f"{r.name} {verb} the value of X of {name_of(ctx, oid)}: {before} -> {o.x}")
    else:
        raise ValueError(f"can't double {eff.value!r}")


def _signed(ctx: Ctx, q: Quantity, r: Resolving) -> int:
    """A number that may be negative: an object's power or toughness as it is (or last was,
    CR 608.2h), not clamped at 0 like an amount of damage or life."""
    if q.stat in ("power", "toughness") and q.of is not None:
        return q.fixed + sum(_stat(ctx, oid, q.stat) for oid in refs(ctx, q.of, r)[:1])
    return amount(ctx, q, r)


#: "Protection from the color of your choice" (Gods Willing): the color is asked as it resolves.
CHOSEN_PROTECTION = "protection from the color of your choice"
CHOSEN_PROTECTION_OR_ARTIFACTS = "protection from artifacts or from the color of your choice"


def _moved(r: Resolving, old: int, new: int | None) -> None:
    """Remembers the new object a moved object became (CR 400.7), for "return that card"."""
    if new is not None:
        r.moved[old] = new


def _execute_more(ctx: Ctx, eff: Effect, r: Resolving) -> bool:
    """Attachments, control, delayed triggers and the other effects of triggered abilities."""
    g = ctx.g
    if isinstance(eff, Double):
        double(ctx, eff, r)
    elif isinstance(eff, Proliferate):
        proliferate(ctx, r.controller, r.name)                        # CR 701.34a
    elif isinstance(eff, ShuffleIntoLibrary):
        for oid in refs(ctx, eff.what, r):
            if oid in g.objects and g.objects[oid].zone is not Zone.LIBRARY:
                owner = g.objects[oid].owner
                ctx.log("701.24a", f"{name_of(ctx, oid)} is shuffled into its owner's library")
                move(ctx, oid, Zone.LIBRARY, "shuffle")
                shuffle_library(ctx, owner)
    elif isinstance(eff, Transform):
        for oid in refs(ctx, eff.what, r):
            transform(ctx, oid)                                        # CR 701.27a
    elif isinstance(eff, PutFromHand):
        for p in _players(refs(ctx, eff.who, r)):
            put_from_hand(ctx, p, amount(ctx, eff.amount, r), r.name)
    elif isinstance(eff, RemoveCounters):
        removed = 0
        for oid in refs(ctx, eff.what, r):
            if g.objects[oid].zone is Zone.BATTLEFIELD:
                done = remove_counters(ctx, oid, eff.kind, amount(ctx, eff.amount, r))
                removed += done
                if done:
                    ctx.log("122.1", f"{done} {eff.kind} counter(s) removed from {name_of(ctx, oid)}")
        if not removed and eff.if_cant:
            execute(ctx, eff.if_cant, r)                               # "If you can't, ..."
    elif isinstance(eff, Manifest):
        for p in _players(refs(ctx, eff.who, r)):
            for _ in range(amount(ctx, eff.amount, r)):
                manifest(ctx, p)                                       # one at a time (CR 701.40e)
    elif isinstance(eff, TurnFaceDown):
        for oid in refs(ctx, eff.what, r):
            turn_face_down(ctx, oid)                                   # CR 708.2a
    elif isinstance(eff, Attach):
        for what in refs(ctx, eff.what, r):
            for to in refs(ctx, eff.to, r)[:1]:
                attach(ctx, what, to)
    elif isinstance(eff, GainControl):
        gain_control(ctx, [t for t in refs(ctx, eff.what, r)
                           if t in g.objects and g.objects[t].zone is Zone.BATTLEFIELD],
                     r, eff.until_end_of_turn, eff.lasts)
    elif isinstance(eff, SacrificePermanent):
        for oid in refs(ctx, eff.what, r):
            # CR 701.21a: only a permanent you control can be sacrificed
            if g.objects[oid].zone is Zone.BATTLEFIELD and characteristics(g, oid).controller == r.controller:
                ctx.log("701.21a", f"{g.players[r.controller].name} sacrifices {name_of(ctx, oid)}")
                move(ctx, oid, Zone.GRAVEYARD, "sacrifice")
    elif isinstance(eff, WinGame):
        ctx.log("104.2b", f"{g.players[r.controller].name} wins the game ({r.name})")
        for p in g.players:
            if p.index != r.controller and not p.lost:
                g.player(p.index).lost = True
        g.over = True
        g.winner = r.controller
    elif isinstance(eff, CreateDelayedTrigger):
        from ..cards.vocabulary import TriggeredAbility
        from .triggers import create_delayed
        remembered = tuple(refs(ctx, eff.remember, r)) if eff.remember is not None else ()
        create_delayed(ctx, r.controller, r.source, r.name,
                       TriggeredAbility(eff.trigger, eff.effects, text=eff.text), remembered, eff.also)
    elif isinstance(eff, DoAction):
        do_action(ctx, eff, r)
    elif isinstance(eff, ReplaceWords):
        from .text_change import replace_words
        replace_words(ctx, eff, r)                                    # CR 612
    else:
        from .mana_effects import execute_mana_effect     # mana, costs and meld (effects.mana_effects)
        from .links import execute_link_effect            # choices and notes (CR 607, effects.links)
        return execute_mana_effect(ctx, eff, r) or execute_link_effect(ctx, eff, r)
    return True


def choose_source(ctx: Ctx, flt: Filter, r: Resolving) -> int:
    """CR 609.7a: "a [red] source of your choice": a permanent, a spell on the stack, or an
    object an ability on the stack refers to (its source), with the stated properties now
    (CR 609.7b); chosen as the effect is created. 0: there is none."""
    g = ctx.g
    options: list[int] = []
    for oid in list(g.battlefield) + list(g.stack):
        o = g.objects[oid]
        src = o.source_id if o.ability is not None else oid
        if src in g.objects and src not in options and matches(g, src, flt, r.controller):
            options.append(src)
    if not options:
        ctx.log("609.7a", f"{r.name}: there is no source to choose")
        return 0
    return ctx.ask(Decision(r.controller, "choose", f"choose a source ({r.name})", options))


def do_action(ctx: Ctx, eff: DoAction, r: Resolving) -> None:
    """ "[You may] <action>. When you do / If you do, ...": the action is paid like a cost (CR
    118.3: only if it can be paid in full); taken, it makes the reflexive triggered ability
    trigger (CR 603.12) or does the "if you do" effects (CR 608.2c)."""
    from ..agents.decisions import Decision
    from ..rules import ability_costs
    from ..rules.mana_planning import can_pay
    from ..rules.mana_payment import pay_mana
    g = ctx.g
    who, cost, name = r.controller, eff.cost, r.name
    if eff.who is not None:
        actors = _players(refs(ctx, eff.who, r))
        if not actors:
            return
        who = actors[0]
        r = replace(r, controller=who)           # "they" in what follows is that player (Chain Lightning)
    player = g.players[who].name
    if cost is None:
        # an action that is no cost: it happened if it changed the game (CR 603.12)
        if eff.optional and not ctx.ask(Decision(who, "yesno", f"{_action_text(ctx, eff, r)} ({name})?",
                                                  [True, False])):
            ctx.log("603.12", f"{player} doesn't {_action_text(ctx, eff, r)} ({name})")
            return
        before, moved_before = len(g.events), dict(r.moved)
        execute(ctx, eff.action, r)
        if len(g.events) > before and eff.reflexive is not None:
            from .triggers import create_reflexive
            # CR 603.12, 400.7: the reflexive ability remembers the objects the action moved, as
            # the new objects they became ("it fights ...")
            done = tuple(new for old, new in r.moved.items() if moved_before.get(old) != new and new in g.objects)
            create_reflexive(ctx, who, r.source, name, eff.reflexive, subject=r.subject,
                             remembered=done or r.remembered, link_source=r.link_source, affected=r.affected)
        return
    src = r.source
    mana = ManaCost.parse(cost.mana) if cost.mana else None
    payable = (ability_costs.can_pay(g, who, src, cost)
               and (mana is None or can_pay(g, who, mana))
               and g.players[who].can_pay_life(cost.pay_life)
               and (not cost.sacrifice_self or (src in g.objects and g.objects[src].zone is Zone.BATTLEFIELD
                                                and characteristics(g, src).controller == who)))
    what = _action_text(ctx, eff, r)
    if not payable:
        ctx.log("118.3", f"{player} can't {what} ({name})")
        return
    chosen: dict[str, list[int]] = {}
    if eff.optional:
        if len(cost.objects) == 1 and not (cost.mana or cost.pay_life or cost.sacrifice_self):
            part = cost.objects[0]          # "you may sacrifice an artifact": one choice, none declines
            options = ability_costs.candidates(g, who, src, part)
            answer = ctx.ask(Decision(who, part.verb, f"you may {what} ({name}); none: don't", options,
                                      min=0, max=part.count, info={"sizes": [0, part.count]}))
            picked = [] if answer in (None, "none") else answer if isinstance(answer, list) else [answer]
            if not picked:
                ctx.log("603.12", f"{player} doesn't {what} ({name})")
                return
            chosen[part.verb] = picked
        elif not ctx.ask(Decision(who, "yesno", f"{what} ({name})?", [True, False])):
            ctx.log("603.12", f"{player} doesn't {what} ({name})")
            return
    if mana is not None:
        pay_mana(ctx, who, mana, 0, frozenset(), name)
    if cost.pay_life:
        lose_life(ctx, who, cost.pay_life, rule="119.4")
    if cost.sacrifice_self:
        ctx.log("701.21a", f"{player} sacrifices {name_of(ctx, src)}")
        move(ctx, src, Zone.GRAVEYARD, "sacrifice")
    if cost.objects:
        ability_costs.pay(ctx, who, src, cost, chosen or None, name)
    ctx.log("118.3", f"{player} chooses to {what} ({name})")
    if eff.reflexive is not None:
        from .triggers import create_reflexive
        create_reflexive(ctx, who, src, name, eff.reflexive, subject=r.subject, remembered=r.remembered,
                         link_source=r.link_source, affected=r.affected)
    execute(ctx, eff.then, r)


def _action_text(ctx: Ctx, eff: DoAction, r: Resolving) -> str:
    """The action in words, for questions and the log."""
    if eff.text:
        return eff.text.replace("~", r.name)
    cost = eff.cost
    if cost is None:
        return "do it"
    parts = [f"pay {cost.mana}"] if cost.mana else []
    if cost.pay_life:
        parts.append(f"pay {cost.pay_life} life")
    if cost.sacrifice_self:
        parts.append(f"sacrifice {r.name}")
    parts += [f"{p.verb} {p.count}" for p in cost.objects]
    return " and ".join(parts) or "do it"


def can_attach(g: object, what: int, to: int) -> bool:
    """CR 301.5, 303.4a, 701.3a: an Equipment can equip a creature (not itself, and not while it is a
    creature, CR 301.5c); an Aura can enchant what its enchant ability allows."""
    if to not in g.objects or g.objects[to].zone is not Zone.BATTLEFIELD or to == what:
        return False
    ch = characteristics(g, what)
    if "Equipment" in ch.subtypes:
        return "Creature" not in ch.types and "Creature" in characteristics(g, to).types
    if "Aura" in ch.subtypes:
        return ch.script.enchant is None or matches(g, to, ch.script.enchant, ch.controller)
    return False


def attach(ctx: Ctx, what: int, to: int) -> bool:
    """CR 701.3: attaches an Aura or Equipment; it doesn't move if it can't be attached to that
    object or is already attached to it (701.3b), and gets a new timestamp (701.3c)."""
    g = ctx.g
    if what not in g.objects or g.objects[what].zone is not Zone.BATTLEFIELD:
        return False
    if g.objects[what].attached_to == to:
        return False
    if not can_attach(g, what, to):
        ctx.log("701.3b", f"{name_of(ctx, what)} can't be attached to {name_of(ctx, to)} and doesn't move")
        return False
    o = g.obj(what)
    o.attached_to = to
    o.timestamp = g.new_timestamp()
    g.changed()
    ctx.log("701.3a", f"{name_of(ctx, what)} is attached to {name_of(ctx, to)}")
    return True


def gain_control(ctx: Ctx, targets: list[int], r: Resolving, until_end_of_turn: bool,
                 lasts: tuple[str, ...] = ()) -> None:
    """A control-changing effect in layer 2 (CR 613.1b): the effect's controller controls the
    objects, until end of turn (it ends in the cleanup step, CR 514.2), indefinitely, or for as
    long as ``lasts`` holds (CR 611.2b: if it already doesn't, the effect does nothing). The
    affected objects are fixed as it begins (CR 611.2c)."""
    from .layers import duration_holds
    g = ctx.g
    if not targets:
        return
    if lasts and not duration_holds(g, lasts, r.source, r.controller, frozenset(targets)):
        ctx.log("611.2b", f"{r.name}: the \"for as long as\" duration never starts, so the effect does nothing")
        return
    g.effects.append(ContinuousEffect(timestamp=g.new_timestamp(), mods=(SetController(),),
                                      affected=frozenset(targets), until="end_of_turn" if until_end_of_turn else "",
                                      source_id=r.source, controller=r.controller, lasts=lasts))
    g.changed()
    for t in targets:
        ctx.log("613.1b", f"{g.players[r.controller].name} gains control of {name_of(ctx, t)}"
                + (" until end of turn" if until_end_of_turn else
                   " for as long as " + " and ".join(lasts) if lasts else ""))


def add_mana(ctx: Ctx, player: int, eff: AddMana, source_name: str, choice: str | None = None, *,
             source: int = 0, tapped: bool = False) -> None:
    """CR 106.3: mana is added to a player's pool, through ``primitives.produce_mana`` (an
    event "tapped for mana" replacement effects modify when ``tapped``: a mana ability of
    ``source`` with {T} in its cost, CR 106.12b)."""
    if eff.link:
        # CR 607.2a, 607.2d: a color in the source's linked record (none: no mana, CR 607.5a)
        from .links import linked_colors
        options = linked_colors(ctx.g, source, eff.link)
        if not options:
            ctx.log("607.5a", f"{source_name} adds no mana: nothing is linked to it")
            return
        eff = AddMana(choice=tuple(options), amount=eff.amount, restriction=eff.restriction)
    restriction = eff.restriction
    if restriction is not None:
        restriction = fixed_restriction(ctx.g, restriction, source)
    if eff.mana:
        added = list(eff.mana) * eff.amount
    else:
        if choice is None or choice not in eff.choice:
            if len(eff.choice) == 1:
                choice = eff.choice[0]
            else:
                choice = ctx.ask(Decision(player, "color", f"choose the mana {source_name} adds", list(eff.choice)))
        added = [choice] * eff.amount
    produce_mana(ctx, player, tuple(added), source, tapped=tapped, source_name=source_name,
                 restriction=restriction)


def explore(ctx: Ctx, oid: int) -> None:
    """CR 701.44a: the permanent's controller (last known, 701.44c) reveals their top card: a land
    card goes to their hand; otherwise the permanent, if still there, gets a +1/+1 counter and
    the player may put the card into their graveyard (it stays on top if not)."""
    g = ctx.g
    player = _last_controller(ctx, oid)
    if player is None:
        return
    name = name_of(ctx, oid)
    library = g.zones[(player, Zone.LIBRARY)]
    if not library:
        ctx.log("701.44b", f"{name} explores: {g.players[player].name}'s library is empty")
        return
    top = library[0]
    card = name_of(ctx, top)
    ctx.log("701.44a", f"{name} explores: {g.players[player].name} reveals {card}")
    if "Land" in characteristics(g, top).types:
        move(ctx, top, Zone.HAND, "put")
        ctx.log("701.44a", f"{g.players[player].name} puts {card} into their hand")
        return
    if oid in g.objects and g.objects[oid].zone is Zone.BATTLEFIELD:
        put_counters(ctx, oid, "+1/+1", 1, origin=oid)
    if ctx.ask(Decision(player, "yesno", f"put {card} into your graveyard ({name} explores)?", [True, False])):
        move(ctx, top, Zone.GRAVEYARD, "put")
        ctx.log("701.44a", f"{g.players[player].name} puts {card} into their graveyard")


def destroy(ctx: Ctx, oid: int, rule: str = "701.8a", *, regenerate: bool = True, text: str = "") -> int | None:
    """CR 701.8: move to the owner's graveyard, unless it's indestructible (CR 702.12b) or a
    regeneration shield replaces the destruction (CR 701.19a; not if it "can't be
    regenerated", CR 701.19c)."""
    g = ctx.g
    if oid not in g.objects or g.objects[oid].zone is not Zone.BATTLEFIELD:
        return None
    if "indestructible" in characteristics(g, oid).keywords:
        ctx.log("702.12b", f"{name_of(ctx, oid)} is indestructible and isn't destroyed")
        return None
    shield = g.objects[oid].choices.get("regeneration")
    shielded = bool(regenerate and shield and shield[0] == g.turn and shield[1] > 0)
    armors = [a for a in g.battlefield if g.objects[a].attached_to == oid and "umbra armor" in characteristics(g, a).keywords]
    if armors:
        # CR 702.89a: "If enchanted permanent would be destroyed, instead remove all damage marked on
        # it and destroy this Aura"; with several such effects (or a regeneration shield), the
        # permanent's controller chooses the one to apply (CR 616.1)
        options: list[Any] = armors + (["regenerate"] if shielded else [])
        chosen = options[0] if len(options) == 1 else ctx.ask(Decision(
            characteristics(g, oid).controller, "replacement",
            f"choose the replacement effect to apply to {name_of(ctx, oid)} being destroyed", options))
        if chosen not in options:
            raise IllegalActionError(f"choose one of {options}")
        if chosen != "regenerate":
            w = g.obj(oid)
            w.damage = 0
            w.deathtouched = False
            g.changed()
            ctx.log("702.89a", f"{name_of(ctx, chosen)}'s umbra armor: {name_of(ctx, oid)} isn't destroyed; "
                    "its damage is removed and the Aura is destroyed instead")
            destroy(ctx, chosen, "702.89a")
            return None
    if shielded:
        w = g.obj(oid)
        w.choices["regeneration"] = (g.turn, shield[1] - 1)
        w.damage = 0
        w.deathtouched = False
        set_tapped(ctx, oid, True)                     # CR 701.19a
        w.attacking = None
        w.blocking = ()
        g.changed()
        ctx.log("701.19a", f"{name_of(ctx, oid)} regenerates: its damage is removed, it is tapped and removed from combat")
        return None
    ctx.log(rule, text or f"{name_of(ctx, oid)} is destroyed")
    return move(ctx, oid, Zone.GRAVEYARD, "destroy")


_COUNTERED_TO = {"library": (Zone.LIBRARY, "on top of its owner's library"), "hand": (Zone.HAND, "into its owner's hand"),
                 "exile": (Zone.EXILE, "into exile")}


def counter(ctx: Ctx, oid: int, to: str = "") -> None:
    """CR 701.6a: a countered spell goes to its owner's graveyard (or where the counterspell
    says instead: Memory Lapse, Remand); an ability ceases to exist."""
    g = ctx.g
    if oid not in g.objects or g.objects[oid].zone is not Zone.STACK:
        return
    if g.objects[oid].choices.get("uncounterable"):
        # CR 101.2: "can't be countered" wins over "counter" (mana with that rider, CR 106.6)
        ctx.log("101.2", f"{name_of(ctx, oid)} can't be countered ({g.objects[oid].choices['uncounterable']})")
        return
    if g.objects[oid].ability is None and UNCOUNTERABLE in characteristics(g, oid).keywords:
        ctx.log("101.2", f"{name_of(ctx, oid)} can't be countered")     # "This spell can't be countered."
        return
    zone, words = _COUNTERED_TO.get(to, (Zone.GRAVEYARD, ""))
    if g.objects[oid].ability is not None:
        zone, words = Zone.GRAVEYARD, ""
    ctx.log("701.6a", f"{name_of(ctx, oid)} is countered" + (f" and put {words} instead of into a graveyard" if words else ""))
    move(ctx, oid, zone, "counter")


def discard(ctx: Ctx, player: int, count: int, at_random: bool = False) -> None:
    """CR 701.9a-b: the player chooses the cards to discard, unless at random (the game's RNG,
    so a replay discards the same cards)."""
    g = ctx.g
    hand = g.zones[(player, Zone.HAND)]
    count = min(count, len(hand))
    if count <= 0:
        return
    options = sorted(hand)
    if at_random and count < len(options):
        chosen = []
        for _ in range(count):
            chosen.append(g.rng.choice([o for o in options if o not in chosen]))
        ctx.log("701.9b", f"{g.players[player].name} discards {count} card(s) at random")
    else:
        chosen = options if count == len(options) else ctx.ask(Decision(
            player, "discard", f"choose {count} card(s) to discard", options, min=count, max=count))
    for oid in chosen:
        ctx.log("701.9a", f"{g.players[player].name} discards {name_of(ctx, oid)}")
        move(ctx, oid, Zone.GRAVEYARD, "discard")


def put_from_hand(ctx: Ctx, player: int, count: int, what: str) -> None:
    """Brainstorm: the player puts ``count`` cards from their hand on top of their library in
    the order they choose: one decision, the first card listed ends on top (CR 401.4)."""
    g = ctx.g
    hand = sorted(g.zones[(player, Zone.HAND)])
    count = min(count, len(hand))
    if count <= 0:
        return
    chosen = ctx.ask(Decision(player, "put_on_library", f"choose {count} card(s) from your hand to put on top "
                              f"of your library ({what}), in order: the first listed ends on top", hand,
                              min=count, max=count))
    chosen = chosen if isinstance(chosen, list) else [chosen]
    if len(chosen) != count or len(set(chosen)) != count or any(c not in hand for c in chosen):
        raise IllegalActionError(f"choose {count} different card(s) from your hand ({what})")
    for oid in reversed(chosen):
        move(ctx, oid, Zone.LIBRARY, "put", top=True)
    ctx.log("401.4", f"{g.players[player].name} puts {count} card(s) from their hand on top of their library")


def discard_chosen_by(ctx: Ctx, player: int, chooser: int, count: int, flt: Filter | None, r: Resolving) -> None:
    """Duress, Thoughtseize: ``player`` reveals their hand (CR 701.20a) and ``chooser`` picks
    ``count`` cards matching ``flt`` that the player discards (CR 701.9b)."""
    g = ctx.g
    hand = sorted(g.zones[(player, Zone.HAND)])
    name = g.players[player].name
    ctx.log("701.20a", f"{name} reveals their hand: " + (", ".join(name_of(ctx, o) for o in hand) or "no cards"))
    options = [o for o in hand if flt is None or matches(g, o, flt, r.controller, r.source)]
    count = min(count, len(options))
    if count <= 0:
        return
    chosen = ctx.ask(Decision(chooser, "discard", f"choose {count} card(s) {name} discards ({r.name})", options,
                              min=count, max=count))
    chosen = chosen if isinstance(chosen, list) else [chosen]
    if len(chosen) != count or len(set(chosen)) != count or any(c not in options for c in chosen):
        raise IllegalActionError(f"choose {count} of the revealed cards that {r.name} allows")
    for oid in chosen:
        ctx.log("701.9b", f"{name} discards {name_of(ctx, oid)} ({g.players[chooser].name}'s choice)")
        move(ctx, oid, Zone.GRAVEYARD, "discard")


def _pays_instead(ctx: Ctx, oid: int, cost_text: str, r: Resolving) -> bool:
    """CR 118.12a: "Counter target spell unless its controller pays {N}": that player may pay
    (asked only if the default payment can pay it, CR 608.2g); True if they paid."""
    from .links import pays
    g = ctx.g
    if oid not in g.objects or g.objects[oid].zone is not Zone.STACK:
        return False
    mana = cost_text.replace("{X}", "{" + str(r.x) + "}")
    name = name_of(ctx, oid)
    return pays(ctx, g.objects[oid].controller, mana, f"{name} ({r.name})", rule="118.12a",
                prompt=f"pay {mana} so that {name} isn't countered by {r.name}?")


def _ordered(ctx: Ctx, player: int, cards: list[int], prompt: str) -> list[int]:
    """An "order" decision over ``cards`` (two or more); the answer must list each once."""
    if len(cards) < 2:
        return list(cards)
    order = ctx.ask(Decision(player, "order", prompt, list(cards), min=len(cards), max=len(cards)))
    order = order if isinstance(order, list) else [order]
    if sorted(order) != sorted(cards):
        raise IllegalActionError(f"the order must list each of the {len(cards)} cards once: {prompt}")
    return list(order)


def _choose_up_to(ctx: Ctx, r: Resolving, options: list[int], most: int, verb: str) -> list[int]:
    """ "Untap up to three lands": the controller chooses as the effect resolves (CR 608.2d)."""
    if not options:
        return []
    answer = ctx.ask(Decision(r.controller, "choose", f"choose up to {most} to {verb} ({r.name}); none: none",
                              list(options), min=0, max=min(most, len(options))))
    chosen = [] if answer in (None, "none") else answer if isinstance(answer, list) else [answer]
    if len(chosen) > most or len(set(chosen)) != len(chosen) or any(c not in options for c in chosen):
        raise IllegalActionError(f"{r.name}: choose up to {most} of the permanents it can {verb}")
    return chosen


def _piles(ctx: Ctx, player: int, cards: list[int], name: str) -> list[int]:
    """Fact or Fiction: the cards are revealed (CR 701.20a); an opponent separates them into two
    piles (any may be empty) by choosing the first pile; the player then chooses the pile to put
    into their hand, by naming one of its cards (none: the empty pile). Returns that pile."""
    g = ctx.g
    ctx.log("701.20a", f"{g.players[player].name} reveals " + ", ".join(name_of(ctx, c) for c in cards))
    opponent = next(p for p in g.apnap() if p != player and not g.players[p].lost)
    first = ctx.ask(Decision(opponent, "choose", f"separate the revealed cards into two piles ({name}): choose "
                             "the cards of the first pile (the others make the second)", list(cards),
                             min=0, max=len(cards)))
    first = [] if first in (None, "none") else first if isinstance(first, list) else [first]
    if any(c not in cards for c in first) or len(set(first)) != len(first):
        raise IllegalActionError(f"{name}: a pile is made of the revealed cards")
    second = [c for c in cards if c not in first]
    ctx.log("608.2d", f"{g.players[opponent].name} separates the cards into piles of {len(first)} and {len(second)}")
    pick = ctx.ask(Decision(player, "choose", f"choose the pile to put into your hand ({name}): name one of its "
                            "cards (none: the empty pile)", list(cards), min=0, max=len(cards),
                            info={"groups": [first, second]}))
    pick = [] if pick in (None, "none") else pick if isinstance(pick, list) else [pick]
    if not pick:
        if first and second:
            raise IllegalActionError(f"{name}: neither pile is empty: choose a pile by one of its cards")
        return []
    if all(c in first for c in pick):
        return first
    if all(c in second for c in pick):
        return second
    raise IllegalActionError(f"{name}: choose the cards of one pile")


def look_at_top(ctx: Ctx, player: int, count: int, eff: LookAtTop, name: str) -> None:
    """Look at the top ``count`` cards of a library (CR 401.2: only as an effect allows): some go
    into the hand, the rest on top or on the bottom in any order, or into the graveyard."""
    g = ctx.g
    library = g.zones[(player, Zone.LIBRARY)]
    top = list(library[:count]) if count > 0 else []
    who = g.players[player].name
    ctx.log("401.2", f"{who} looks at the top {len(top)} card(s) of their library ({name})")
    taken: list[int] = []
    if top and eff.piles:
        taken = _piles(ctx, player, top, name)
    elif top and eff.to_hand:
        k = min(eff.to_hand, len(top))
        answer = ctx.ask(Decision(player, "choose", f"choose {k} card(s) to put into your hand ({name})", top,
                                  min=k, max=k))
        taken = answer if isinstance(answer, list) else [answer]
        if len(taken) != k or len(set(taken)) != k or any(c not in top for c in taken):
            raise IllegalActionError(f"{name}: choose {k} of the cards looked at")
    rest = [c for c in top if c not in taken]
    if eff.rest == "top":
        stay = _ordered(ctx, player, rest, "order the cards to put back on top of your library "
                        "(first listed: the top card)")
        reorder_library(ctx, player, stay + [c for c in library if c not in top])
    elif eff.rest == "bottom":
        bottom = _ordered(ctx, player, rest, "order the cards to put on the bottom of your library "
                          "(last listed: the bottom card)")
        reorder_library(ctx, player, taken + [c for c in library if c not in top] + bottom)
    for oid in taken:
        move(ctx, oid, Zone.HAND, "put")
        ctx.log("608.2c", f"{who} puts a card into their hand ({name})")
    if eff.rest == "graveyard":
        for oid in rest:
            move(ctx, oid, Zone.GRAVEYARD, "put")
    if eff.may_shuffle and ctx.ask(Decision(player, "yesno", f"shuffle your library ({name})?", [True, False])):
        shuffle_library(ctx, player)


def scry(ctx: Ctx, player: int, count: int, library_of: int | None = None) -> None:
    """CR 701.22a: look at the top ``count`` cards, put any number on the bottom and the rest
    on top, each group in any order. Scry 0 does nothing (CR 701.22b). ``library_of``: another
    player's library, the choices still ``player``'s (fateseal, CR 701.29a)."""
    g = ctx.g
    owner = player if library_of is None else library_of
    library = g.zones[(owner, Zone.LIBRARY)]
    top = list(library[:count]) if count > 0 else []
    if not top:
        return
    name = g.players[player].name
    whose = "your" if owner == player else f"{g.players[owner].name}'s"
    bottom = ctx.ask(Decision(player, "scry_bottom", f"scry {count}: choose the cards to put on the bottom of "
                              f"{whose} library (the others stay on top)", top, min=0, max=len(top)))
    bottom = bottom if isinstance(bottom, list) else [bottom]
    if any(c not in top for c in bottom):
        raise IllegalActionError(f"scry {count}: choose among the cards looked at")
    stay = [c for c in top if c not in bottom]
    stay = _ordered(ctx, player, stay, f"order the cards to put back on top of {whose} library "
                    "(first listed: the top card)")
    bottom = _ordered(ctx, player, [c for c in top if c in bottom],
                      f"order the cards to put on the bottom of {whose} library (last listed: the bottom card)")
    rest = [c for c in library if c not in top]
    reorder_library(ctx, owner, stay + rest + bottom)
    if owner == player:
        ctx.log("701.22a", f"{name} scries {count}: {len(stay)} on top, {len(bottom)} on the bottom")
    else:
        ctx.log("701.29a", f"{name} looks at the top {count} card(s) of {g.players[owner].name}'s library: "
                f"{len(stay)} on top, {len(bottom)} on the bottom")


def surveil(ctx: Ctx, player: int, count: int) -> None:
    """CR 701.25a: look at the top ``count`` cards, put any number into the graveyard and the
    rest back on top in any order. Surveil 0 does nothing (CR 701.25c)."""
    g = ctx.g
    library = g.zones[(player, Zone.LIBRARY)]
    top = list(library[:count]) if count > 0 else []
    if not top:
        return
    name = g.players[player].name
    gone = ctx.ask(Decision(player, "surveil_graveyard", f"surveil {count}: choose the cards to put into your "
                            "graveyard (the others stay on top)", top, min=0, max=len(top)))
    gone = gone if isinstance(gone, list) else [gone]
    if any(c not in top for c in gone):
        raise IllegalActionError(f"surveil {count}: choose among the cards looked at")
    stay = _ordered(ctx, player, [c for c in top if c not in gone], "order the cards to put back on top of your "
                    "library (first listed: the top card)")
    rest = [c for c in library if c not in top]
    reorder_library(ctx, player, stay + rest + [c for c in top if c in gone])
    for oid in [c for c in top if c in gone]:
        move(ctx, oid, Zone.GRAVEYARD, "surveil")
    ctx.log("701.25a", f"{name} surveils {count}: {len(stay)} on top, {len(gone)} into the graveyard")


def fight(ctx: Ctx, first: list[int], second: list[int]) -> None:
    """CR 701.14a: each creature deals damage equal to its power to the other (not combat
    damage, 701.14d). If either is gone, no longer a creature, or an illegal target, neither
    fights (701.14b); a creature fighting itself is dealt twice its power (701.14c)."""
    g = ctx.g
    pair = first[:1] + second[:1]
    if len(pair) < 2 or any(o not in g.objects or g.objects[o].zone is not Zone.BATTLEFIELD
                            or "Creature" not in characteristics(g, o).types for o in pair):
        ctx.log("701.14b", "no fight: a creature instructed to fight is gone or is an illegal target")
        return
    a, b = pair
    power_a = characteristics(g, a).power or 0
    power_b = characteristics(g, b).power or 0
    ctx.log("701.14a", f"{name_of(ctx, a)} fights {name_of(ctx, b)}")
    deal_damage(ctx, a, b, power_a)
    deal_damage(ctx, b, a, power_b)


def _choose_own(ctx: Ctx, players: list[int], flt: Filter, count: int, kind: str, what: str,
                source: int = 0) -> list[int]:
    """Each player chooses ``count`` permanents they control matching ``flt``, in APNAP order
    (CR 101.4): for a sacrifice, or "return a land you control to its owner's hand"."""
    g = ctx.g
    chosen: list[int] = []
    for p in sorted(players, key=g.apnap().index):
        options = [oid for oid in g.battlefield
                   if g.objects[oid].controller == p and matches(g, oid, flt, p, source or None)]
        k = min(count, len(options))
        if k <= 0:
            continue
        answer = ctx.ask(Decision(p, kind, f"choose {k} permanent(s) {what}", options, min=k, max=k))
        answer = answer if isinstance(answer, list) else [answer]
        if len(answer) != k or len(set(answer)) != k or any(a not in options for a in answer):
            raise IllegalActionError(f"choose {k} different permanent(s) you control that qualify {what}")
        chosen.extend(answer)
    return chosen


def return_chosen(ctx: Ctx, players: list[int], flt: Filter, count: int, source_name: str, source: int) -> None:
    """Kor Skyfisher, Boros Garrison: "return a [permanent] you control to its owner's hand" —
    chosen as it resolves, not targeted (CR 115.10)."""
    for oid in _choose_own(ctx, players, flt, count, "return", f"to return to its owner's hand ({source_name})",
                           source):
        ctx.log("400.7", f"{name_of(ctx, oid)} is returned to its owner's hand ({source_name})")
        move(ctx, oid, Zone.HAND, "bounce")


def sacrifice(ctx: Ctx, players: list[int], flt: Filter, count: int, source_name: str) -> None:
    """CR 701.21a: each player chooses ``count`` permanents they control matching ``flt`` (in
    APNAP order, CR 101.4), then they are sacrificed at the same time."""
    g = ctx.g
    chosen = _choose_own(ctx, players, flt, count, "sacrifice", f"to sacrifice ({source_name})")
    for oid in chosen:
        ctx.log("701.21a", f"{g.players[g.objects[oid].controller].name} sacrifices {name_of(ctx, oid)}")
        move(ctx, oid, Zone.GRAVEYARD, "sacrifice")


def _card_matches(ctx: Ctx, oid: int, flt: Filter, player: int) -> bool:
    if not matches(ctx.g, oid, flt, player):
        return False
    return not flt.supertypes or bool(flt.supertypes & characteristics(ctx.g, oid).supertypes)


def search(ctx: Ctx, player: int, eff: Search, source_name: str, same_mv: int | None = None) -> None:
    """CR 701.23: search a library for cards matching a description. A player may fail to find
    cards with a stated quality (701.23b) but must find "a card" if they can (701.23d). The
    found cards are put where the effect says, then the library is shuffled (701.24a)."""
    g = ctx.g
    name = g.players[player].name
    if eff.optional and not ctx.ask(Decision(player, "yesno", f"search your library ({source_name})?",
                                             [True, False])):
        return
    options = sorted(oid for oid in g.zones[(player, Zone.LIBRARY)] if _card_matches(ctx, oid, eff.filter, player)
                     and (same_mv is None or mana_value(g, oid) == same_mv)
                     and (not eff.named_self or characteristics(g, oid).name == source_name))
    most = min(eff.amount, len(options))
    found: list[int] = []
    if most:
        quality = eff.filter != Filter() or same_mv is not None or eff.named_self
        answer = ctx.ask(Decision(player, "search", f"search your library ({source_name}): choose up to {most} "
                                  "card(s)" + (" (you may find none, CR 701.23b)" if quality else ""),
                                  options, min=0 if quality else most, max=most))
        found = answer if isinstance(answer, list) else [answer]
    ctx.log("701.23a", f"{name} searches their library and finds "
            + (", ".join(name_of(ctx, oid) for oid in found) if found else "nothing"))
    onto: list[int] = []
    if eff.one_to_battlefield and found:
        # "put one onto the battlefield tapped and the other into your hand" (608.2d: the
        # player chooses which; with one card found, which instruction it follows)
        pick = ctx.ask(Decision(player, "choose", f"choose the card to put onto the battlefield tapped "
                                f"({source_name})" + ("; none: into your hand" if len(found) == 1 else ""),
                                list(found), min=1 if len(found) > 1 else 0, max=1))
        onto = [] if pick in (None, "none", []) else pick if isinstance(pick, list) else [pick]
        if any(c not in found for c in onto):
            raise IllegalActionError(f"{source_name}: choose one of the cards found")
    for oid in found:
        if eff.to == "battlefield" or oid in onto:
            new_id = move(ctx, oid, Zone.BATTLEFIELD, "search", controller=player)
            if new_id is not None and eff.tapped and new_id in g.objects:
                g.obj(new_id).tapped = True
        else:
            move(ctx, oid, Zone.HAND, "search")
    shuffle_library(ctx, player)


def copy_spell(ctx: Ctx, oid: int, controller: int, new_targets: bool,
               exception: CopyException | None = None) -> int | None:
    """CR 707.10: a copy of a spell goes on the stack with the original's copiable values and
    every choice made for it (modes, targets, X, kicker, division); it isn't cast. Its
    controller is the player who copied it, who also owns it (CR 707.10)."""
    g = ctx.g
    if oid not in g.objects or g.objects[oid].zone is not Zone.STACK:
        return None
    from ..state.objects import GameObject
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
    from ..rules.spell_choices import spell_targets
    from ..rules.targeting import expand_specs, legal_targets
    g = ctx.g
    o = g.objects[oid]
    ch = characteristics(g, oid)
    specs = expand_specs(o.ability.targets if o.ability is not None else spell_targets(ch, o.modes),
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

