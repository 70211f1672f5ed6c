"""Choosing and checking targets (CR 115, 601.2c, 608.2b), with hexproof and shroud (CR 702.11, 702.18)."""
from __future__ import annotations

from itertools import islice
from typing import Any, Callable, Iterator

from ..agents.decisions import Decision, player_of, player_ref
from ..effects.primitives import player_has
from ..cards.vocabulary import Filter, TargetSpec, TriggeredAbility
from ..core.memo import identity_memo
from ..core.enums import Zone
from ..core.errors import IllegalActionError
from ..effects.events import TargetedEvent
from ..effects.layers import (characteristics, matches, matches_characteristics, matches_keywords_and_power,
                              object_name, permanents, permanents_with)
from .combat import has_protection_from
from ..state.game_state import GameState
from .context import Ctx


def legal_targets(g: GameState, spec: TargetSpec, controller: int, source_id: int | None) -> list[int]:
    """Every legal choice for one target phrase, in canonical order: players, then objects by id."""
    return list(_targets(g, spec, controller, source_id))


def _targets(g: GameState, spec: TargetSpec, controller: int, source_id: int | None,
             only: int | None = None, quality: Any = None) -> Iterator[int]:
    """The legal choices of :func:`legal_targets`, one by one (``has_targets`` stops early).
    ``only``: an object id, the one candidate looked at (``is_legal_target``). ``quality``: the
    characteristics protection looks at (CR 702.16b) when the source isn't yet what it will be
    (a card about to be cast: a foretold card is face down in exile, CR 702.143a)."""
    flt = spec.filter
    if flt.players and only is None:
        statics = permanents_with(g, "player_statics")     # only those give a player hexproof
        for p in g.players:
            if p.lost:
                continue
            if flt.controller == "opponent" and p.index == controller:
                continue
            if statics and p.index != controller and player_has(g, p.index, "hexproof"):
                continue      # CR 702.11c: a player with hexproof (Enduring Angel's "You have hexproof")
            yield player_ref(p.index)
    if flt.objects and flt.zone == "graveyard":
        # CR 115.2: a spell or ability that says so targets cards in graveyards ("controller"
        # of the filter is the card's owner there); hexproof and shroud are for permanents.
        graveyards = [oid for p in g.players for oid in g.zones[(p.index, Zone.GRAVEYARD)]]
        for oid in _candidates(graveyards, only):
            if matches(g, oid, flt, controller, source_id):
                yield oid
        return
    if flt.objects and flt.abilities:
        # "target triggered ability you control", "target activated or triggered ability", "target
        # spell, activated ability, or triggered ability" (CR 115.1, 113.1b): objects on the stack of
        # the kinds ``flt.abilities`` lists ("spell|activated|triggered"); mana abilities never are
        # (CR 605.3b)
        kinds = flt.abilities.split("|")
        for oid in _candidates(g.stack, only):
            o = g.objects[oid]
            if oid == source_id:
                continue
            kind = "spell" if o.ability is None else "triggered" if isinstance(o.ability, TriggeredAbility) \
                else "activated"
            if kind not in kinds:
                continue
            if flt.controller == "you" and o.controller != controller:
                continue
            if flt.controller == "opponent" and o.controller == controller:
                continue                                    # "you don't control"
            yield oid
        return
    if flt.objects:
        both = flt.zone == "stack_or_battlefield"          # "target spell or permanent" (Sleight of Mind)
        zone_ids = list(g.stack) + list(g.battlefield) if both else g.stack if flt.spells else g.battlefield
        protected_from = source_id is not None and source_id in g.objects
        # the source's qualities, for protection (found once, when first needed)
        # permanents only, and a filter of nothing but characteristics: ``matches`` comes down
        # to its characteristic conditions, read off the permanents' memoized characteristics
        chars = permanents(g) if zone_ids is g.battlefield and _characteristics_only(flt) else None
        for oid in _candidates(zone_ids, only):
            if chars is not None:
                ch = chars[oid]
                if (flt.other and oid == source_id) or not matches_characteristics(flt, ch, ch.controller, controller) \
                        or not matches_keywords_and_power(flt, ch):
                    continue
                spell = False
            else:
                o = g.objects[oid]
                spell = o.zone is Zone.STACK
                if oid == source_id and spell:
                    continue      # CR 115.5: a spell or ability can't target itself
                if spell and o.ability is not None:
                    continue      # "target spell" means a spell, not an ability
                if not matches(g, oid, flt, controller, source_id):
                    continue
            if not spell:
                ch = characteristics(g, oid) if chars is None else ch
                keywords = ch.keywords
                if keywords:      # (each of these is a keyword: none, nothing to check)
                    if "shroud" in keywords:
                        continue  # CR 702.18a
                    if "hexproof" in keywords and ch.controller != controller:
                        continue  # CR 702.11b
                    if _untargetable_by(g, keywords, controller):
                        continue  # Vines of Vastwood (CR 115.1)
                    if protected_from:
                        if quality is None:
                            quality = source_quality(g, source_id)      # type: ignore[arg-type]
                        if has_protection_from(ch, quality):
                            continue  # CR 702.16b
            yield oid


@identity_memo
def _characteristics_only(flt: Filter) -> bool:
    """Whether ``matches`` checks nothing of ``flt`` but its conditions on characteristics,
    keywords and power and "other" (every other field at its default: a field added to
    ``Filter`` later counts as one more condition). :func:`_targets` then reads them itself."""
    return flt.controller != "defending" and flt == Filter(types=flt.types, all_types=flt.all_types, not_types=flt.not_types, colors=flt.colors, not_colors=flt.not_colors,
                         subtypes=flt.subtypes, not_subtypes=flt.not_subtypes, supertypes=flt.supertypes,
                         not_supertypes=flt.not_supertypes, keywords=flt.keywords, not_keywords=flt.not_keywords,
                         controller=flt.controller, players=flt.players, objects=flt.objects, spells=flt.spells,
                         other=flt.other, power_max=flt.power_max, power_min=flt.power_min, zone=flt.zone)


def _candidates(ids: list[int], only: int | None) -> list[int]:
    """The objects :func:`_targets` looks at: all of ``ids`` in order of id, or just ``only``."""
    if only is None:
        return sorted(ids)
    return [only] if only in ids else []


def _untargetable_by(g: GameState, keywords: frozenset[str], controller: int) -> bool:
    """ "Can't be the target of spells or abilities [player]'s opponents control": whether
    ``controller`` is one of that player's opponents (the player's name is filled in as the
    effect began)."""
    for kw in keywords:
        if kw.startswith("can't be the target of spells or abilities ") and kw.endswith("'s opponents control"):
            whose = kw[len("can't be the target of spells or abilities "):-len("'s opponents control")]
            if whose != g.players[controller].name:
                return True
    return False


def source_quality(g: GameState, source_id: int) -> Any:
    """The characteristics protection looks at: a spell's own, or an ability's source's (CR 702.16b)."""
    o = g.objects[source_id]
    if o.ability is not None and o.source_id in g.objects:
        return characteristics(g, o.source_id)
    return characteristics(g, source_id)


def is_legal_target(g: GameState, spec: TargetSpec, value: int, controller: int, source_id: int | None) -> bool:
    """Whether ``value`` is one of :func:`legal_targets` (CR 608.2b); for an object, only that
    one is looked at."""
    p = player_of(value)
    if p is not None:
        return value in legal_targets(g, spec, controller, source_id)
    o = g.objects.get(value)
    if o is None or o.zone not in (Zone.BATTLEFIELD, Zone.STACK, Zone.GRAVEYARD):
        return False
    return next(_targets(g, spec, controller, source_id, value), None) is not None


def choose_targets(ctx: Ctx, specs: tuple[TargetSpec, ...], controller: int, source_id: int | None,
                   what: str, preset: list | None, by: int | None = None,
                   keep: Callable[[tuple[int, ...]], bool] | None = None,
                   most: int | None = None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """CR 601.2c / 602.2b / 603.3d: announce targets, one decision per target phrase.

    ``by``: the ability on the stack that targets (its source is ``source_id``); a spell
    targets by itself. ``keep(targets)``: whether the spell's cost can be paid with these targets
    (when its cost depends on them): a question offers only the candidates with which the
    targets can be completed into such a choice (:func:`_completable`); a target given in
    advance is checked by the payment instead. ``most``: the most targets in
    all that the cost can be paid for (strive), which caps what the questions offer. Returns the targets (flat, in
    phrase order) and how many each phrase got."""
    g = ctx.g
    chosen: list[int] = []
    counts: list[int] = []
    if preset is not None:
        if len(specs) == 1 and specs[0].max > 1 and len(preset) > 1 and not any(isinstance(v, list) for v in preset):
            preset = [list(preset)]      # "up to two target creatures" given flat: [A, B]
        if len(preset) > len(specs):
            raise IllegalActionError(f"{what} has {len(specs) or 'no'} target phrase{'s' if len(specs) != 1 else ''}"
                                     f" but {len(preset)} targets were given (CR 601.2c, 115.1)")
    for i, spec in enumerate(specs):
        options = legal_targets(g, spec, controller, source_id)
        if preset is not None and i < len(preset):
            value = preset[i]
            values = value if isinstance(value, list) else [value]
            for v in values:
                if v not in options:
                    raise IllegalActionError(f"{object_name(g, v)} is not a legal target for {what} ({spec.text})")
            if not spec.min <= len(values) <= spec.max or len(set(values)) != len(values):
                raise IllegalActionError(f"{what}: {spec.text} takes {spec.min} to {spec.max} different targets "
                                         f"(CR 115.3), got {len(values)}")
            chosen.extend(values)
            counts.append(len(values))
            continue
        if keep is not None:
            options = [t for t in options if _completable(g, specs, controller, source_id, keep, (*chosen, t), i + 1)]
        if len(options) < spec.min:
            raise IllegalActionError(f"{what} has no legal target ({spec.text})")
        top = spec.max if most is None else max(spec.min, min(spec.max, most - len(chosen)))
        low = spec.min
        if keep is not None and low == 0 and not chosen and options \
                and not _completable(g, specs, controller, source_id, keep, (), i + 1):
            # "up to two targets" of a spell that can be paid for only with a target (This Town
            # Ain't Big Enough's reduction, CR 601.2f): choosing none couldn't be completed
            low = 1
        answer = ctx.ask(Decision(controller, "targets", f"choose {spec.text} for {what}", options,
                                  min=low, max=top, info={"spec": i}))
        values = answer if isinstance(answer, list) else [answer]
        chosen.extend(values)
        counts.append(len(values))
    for t in chosen:
        if t > 0 and source_id is not None:
            g.events.append(_targeted(g, t, by or source_id, controller))   # "becomes the target" triggers
    return tuple(chosen), tuple(counts)


def _targeted(g: GameState, oid: int, by: int, controller: int) -> TargetedEvent:
    """The event of ``oid`` becoming a target of ``by`` (controlled by ``controller``); the object
    records whose spells and abilities targeted it this turn, for "for the first time each turn"
    (valiant, CR 207.2c: its rulings count only the spells and abilities of the ability's
    controller; a new object, CR 400.7, starts afresh)."""
    o = g.obj(oid)
    record = o.choices.get("targeted")
    seen: tuple[int, ...] = tuple(record[1:]) if record and record[0] == g.turn else ()
    if controller not in seen:
        o.choices["targeted"] = (g.turn, *seen, controller)
    return TargetedEvent(oid, by, first=not seen, first_by=controller not in seen)


#: How many choices of the later phrases' targets :func:`_completable` tries before it answers
#: from the targets chosen so far alone (a bound on the cost of one question).
COMPLETION_TRIES = 256


def _completable(g: GameState, specs: tuple[TargetSpec, ...], controller: int, source_id: int | None,
                 keep: Callable[[tuple[int, ...]], bool], ids: tuple[int, ...], phrase: int) -> bool:
    """Whether the targets ``ids`` chosen for the phrases before ``phrase`` can be completed, with
    at most one target from each later phrase, into targets the spell's cost can be paid with
    (CR 601.2c before 601.2f-h): Titanic Brawl's reduction comes from its first target, so its
    second phrase must offer only what that first choice can be paid with; a first target that
    needs a later one to be payable is offered if such a later target exists."""
    tries = [COMPLETION_TRIES]

    def search(chosen: tuple[int, ...], j: int) -> bool:
        tries[0] -= 1
        if keep(chosen):
            return True
        if j == len(specs) or tries[0] <= 0:
            return False
        return any(search((*chosen, c), j + 1) for c in legal_targets(g, specs[j], controller, source_id)
                   if c not in chosen) or (specs[j].min == 0 and search(chosen, j + 1))
    return search(ids, phrase)


def expand_specs(specs: tuple[TargetSpec, ...], counts: tuple[int, ...]) -> list[TargetSpec]:
    """The target phrase of each chosen target (phrases may take several targets)."""
    if not counts:
        counts = (1,) * len(specs)
    return [spec for spec, n in zip(specs, counts) for _ in range(n)]




def has_targets(g: GameState, specs: tuple[TargetSpec, ...], controller: int, source_id: int | None,
                quality: Any = None) -> bool:
    """Whether each target phrase has as many legal choices as it needs (CR 601.2c): the
    choices are looked for only until there are that many. ``quality``: see :func:`_targets`."""
    for spec in specs:
        if spec.min and next(islice(_targets(g, spec, controller, source_id, quality=quality), spec.min - 1, None),
                             None) is None:
            return False
    return True
