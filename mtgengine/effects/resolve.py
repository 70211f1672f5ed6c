"""The effects interpreter: carries out vocabulary effects as a spell or ability resolves (CR 608.2).

:func:`execute` performs the effects in order (CR 608.2c), each by the *resolution* registered
for its class (:func:`resolves`). The resolutions live in ``effects.resolutions``, one module
per concept of the rules (damage and life, zones, libraries, counters, tokens and copies...),
and register as that package is imported (every game imports it: ``rules.resolution``,
``rules.activation``); ``tests/effects/test_resolutions.py`` checks that every effect of the
vocabulary (``cards.vocabulary.Effect``) has exactly one. This module also reads what the
effects refer to as they resolve: the objects and players (:func:`refs`, CR 608.2b) and the
numbers (:func:`amount`, CR 608.2h).
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass, replace
from typing import Any, Callable, Iterable, TypeVar

from ..agents.decisions import player_of, player_ref
from ..cards.vocabulary import Effect, Filter, Quantity, Ref
from ..core.enums import Zone
from ..core.memo import identity_memo
from ..rules.context import Ctx
from .counts import count
from .layers import characteristics, mana_value, matches
from .link_records import choose_linked, link_source, linked_objects, named_cards, record
from .link_values import linked_amount


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
    put: list[int] = field(default_factory=list)          # cards it put onto the battlefield from a hand
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
    if q.stat.startswith("last_counters:"):
        # the counters on the source as it last existed on the battlefield, for a leaves-the-
        # battlefield ability (CR 603.10a, 608.2h): modular's "for each +1/+1 counter on this
        # permanent" (CR 702.43a)
        lki = ctx.g.lki.get(r.link_source or r.source)
        kind = q.stat[len("last_counters:"):]
        return value + q.scale * sum(c for k, c in (lki.counters if lki is not None else ()) if k == kind)
    if q.stat == "that_much":
        return value + r.event_amount
    if q.link:
        return value + q.scale * linked_amount(ctx.g, q, r)
    counted = count(ctx.g, q, r.controller, r.source)
    if counted is not None:
        return value + counted
    if q.stat and q.of is not None:
        # CR 608.2h: the object's current information if it is still where it was expected
        # to be, else its last known information; an illegal target gives none (CR 608.2b).
        for oid in _stat_of(ctx, q.of, r):
            value += q.scale * max(0, stat_value(ctx, oid, q.stat))
    return value


def _stat_of(ctx: Ctx, of: Ref, r: Resolving) -> list[int]:
    """The object whose stat a number reads: the source itself even once it has left (its last
    known information, CR 608.2h: Torch Song, sacrificed to pay, counts its verse counters)."""
    g = ctx.g
    found = refs(ctx, of, r)[:1]
    if not found and of.kind == "self" and r.source in g.lki:
        return [r.source]
    if found and of.kind == "self" and r.link_source and r.link_source != found[0] and r.link_source in g.lki \
            and r.link_source not in g.objects and g.objects[found[0]].zone is not Zone.BATTLEFIELD:
        # "When ~ dies, you gain life equal to its power": the permanent as it last existed on
        # the battlefield (CR 608.2h, 603.10a; Bottle Golems' rulings), not the card it became
        return [r.link_source]
    return found


def stat_value(ctx: Ctx, oid: int, stat: str) -> int:
    g = ctx.g
    if stat.startswith("paid:"):
        # the times a spell's optional cost was paid (replicate, CR 702.56a): its choices
        o = g.objects.get(oid)
        paid = o.choices.get(stat[len("paid:"):], 0) if o is not None else 0
        return paid if paid.__class__ is int else int(bool(paid))
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
    if stat == "blockers_beyond_first":
        # rampage's "for each creature blocking it beyond the first" (CR 702.23a, 509.1h)
        return max(0, sum(1 for b in g.battlefield if oid in g.objects[b].blocking) - 1)
    if stat.startswith("counters:"):
        # (gone: the counters it had as it last existed, CR 608.2h — Torch Song sacrificed to pay)
        o = g.objects.get(oid)
        counters = o.counters if o is not None else dict(ch.counters)
        return counters.get(stat[len("counters:"):], 0)
    return (ch.power if stat == "power" else ch.toughness) or 0


def last_controller(ctx: Ctx, oid: int) -> int | None:
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


def targets_as_moved(index: int, r: Resolving) -> list[tuple[int, int]]:
    """The legal targets of target phrase ``index``, each with the object it became if this
    resolution moved it (CR 400.7), else itself: (target, object now)."""
    return [(oid, r.moved.get(oid, oid)) for oid in _legal_targets(index, r)]


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
        host = src.attached_to if src is not None else None
        if host is not None and host < 0:
            # "enchanted player" (CR 303.4b): a player still in the game
            return [host] if not g.players[-host - 1].lost else []
        return [host] if host in g.objects else []
    if ref.kind == "each" and ref.filter is not None:
        return [oid for oid in list(g.battlefield) if matches(g, oid, ref.filter, r.controller, r.source)]
    if ref.kind == "triggering":
        found = [r.subject] if r.subject in g.objects else []
        return [o for o in found if ref.filter is None or matches(g, o, ref.filter, r.controller, r.source)]
    if ref.kind == "owner":
        # CR 108.3: the owner of the source (as it last existed, if it has left)
        src = g.objects.get(r.source)
        owner = src.owner if src is not None else getattr(g.lki.get(r.source), "owner", None)
        return [player_ref(owner)] if owner is not None else []
    if ref.kind == "defending":
        # CR 506.2: the player the source attacks (a planeswalker's or battle's controller)
        src = g.objects.get(r.source)
        attacked = src.attacking if src is not None else None
        if attacked is None:
            return [player_ref(p) for p in g.apnap() if p != r.controller][:1]
        if player_of(attacked) is not None:
            return [attacked]
        p = last_controller(ctx, attacked)
        return [player_ref(p)] if p is not None else []
    if ref.kind == "triggering_controller":
        p = last_controller(ctx, r.subject) if r.subject else None
        return [player_ref(p)] if p is not None else []
    if ref.kind == "moved":
        # CR 400.7: "that card" is the new object the target became when this moved it; a target
        # this didn't move is still the same object ("... gets +1/+0. Sacrifice that creature at
        # the beginning of the next end step": Lowland Oaf)
        return [r.moved.get(oid, oid) for oid in _legal_targets(ref.index, r)
                if r.moved.get(oid, oid) in g.objects]
    if ref.kind == "moved_self":
        # "Exile this Saga, then return it ...": the new object the source became (CR 400.7)
        return [r.moved[r.source]] if r.moved.get(r.source) in g.objects else []
    if ref.kind == "created":
        return [oid for oid in r.created if oid in g.objects]
    if ref.kind == "put":
        # Sneak Attack: "That creature gains haste": the permanent the card became (CR 400.7)
        return [oid for oid in r.put if oid in g.objects]
    if ref.kind == "remembered_all":
        # "sacrifice them at the beginning of the next end step": each object remembered still there
        return [o for o in r.remembered if o in g.objects]
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
        src = link_source(r)
        flt = ref.filter
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
        return [o for o in record(g, link_source(r), ref.link) if isinstance(o, int)]
    if ref.kind == "named_one":
        # "a card you exiled with cards named ~": the player's pre-game record (CR 607.2n); one,
        # chosen by the controller (CR 607.3)
        return choose_linked(ctx, r, named_cards(g, r.controller, ref.link))
    if ref.kind == "target_controls":
        # "all creatures target player controls" (Sleep): the permanents matching the filter that
        # the target player controls as it resolves (CR 608.2c)
        players = set(players_of(refs(ctx, Ref("target", ref.index), r)))
        flt = ref.filter
        return [oid for oid in list(g.battlefield) if characteristics(g, oid).controller in players
                and (flt is None or matches(g, oid, flt, r.controller, r.source))]
    if ref.kind == "target_graveyard":
        # "exile target player's graveyard" (Bojuka Bog): every card in it as it resolves (CR 608.2c)
        from_zone = [oid for p in players_of(refs(ctx, Ref("target", ref.index), r))
                     for oid in g.zones[(p, Zone.GRAVEYARD)]]
        return [oid for oid in from_zone if ref.filter is None or matches(g, oid, ref.filter, r.controller, r.source)]
    if ref.kind == "all_graveyards":
        # "exile all graveyards" (Rest in Peace): every card in every graveyard as it resolves (CR 608.2c)
        return [oid for p in g.players for oid in g.zones[(p.index, Zone.GRAVEYARD)]
                if ref.filter is None or matches(g, oid, ref.filter, r.controller, r.source)]
    if ref.kind == "target_controller":
        out = []
        for oid in _legal_targets(ref.index, r):
            if player_of(oid) is None:
                p = last_controller(ctx, oid)
                if p is not None:
                    out.append(player_ref(p))
            else:
                out.append(oid)      # "that player or that planeswalker's controller" (Blightning)
        return out
    raise ValueError(f"unknown reference kind {ref.kind!r}")


def players_of(ids: Iterable[int]) -> list[int]:
    """The players among object ids and player refs (``agents.decisions.player_ref``)."""
    return [p for p in (player_of(i) for i in ids) if p is not None]


#: The resolution of each effect class: a function (ctx, effect, resolving) -> None.
Resolution = Callable[[Ctx, Any, "Resolving"], None]
RESOLUTIONS: dict[type, Resolution] = {}
_F = TypeVar("_F", bound=Callable[..., None])


def resolves(*classes: type) -> Callable[[_F], _F]:
    """Registers the decorated function as the resolution of each effect class given (one
    function per class: a second registration is a programming error)."""
    def register(fn: _F) -> _F:
        for cls in classes:
            other = RESOLUTIONS.get(cls)
            if other is not None:
                raise TypeError(f"{cls.__name__} already resolves by {other.__module__}.{other.__name__}")
            RESOLUTIONS[cls] = fn
        return fn
    return register


def execute(ctx: Ctx, effects: tuple[Effect, ...], r: Resolving) -> None:
    """Performs each effect in order (CR 608.2c), by the resolution of its class."""
    get = RESOLUTIONS.get
    for eff in effects:
        resolution = get(eff.__class__)
        if resolution is None:
            raise TypeError(f"no resolution for effect {eff!r} (effects.resolutions registers them)")
        if _compares(eff):
            eff = _bound(ctx, eff, r)
        resolution(ctx, eff, r)


@identity_memo
def _compares(effect: Effect) -> bool:
    """Whether an effect has a filter comparing with a number known only as it resolves ("with
    mana value X or less": ``Filter.mana_value_is``). Memoized: effects are compiled once."""
    return _has_compare(effect)


def _has_compare(value: Any) -> bool:
    if isinstance(value, Filter):
        return value.mana_value_is is not None
    if isinstance(value, tuple):
        return any(_has_compare(v) for v in value)
    if is_dataclass(value) and not isinstance(value, type):
        return any(_has_compare(getattr(value, f.name)) for f in fields(value))
    return False


def _bound(ctx: Ctx, value: Any, r: Resolving) -> Any:
    """``value`` with each such filter's number counted now, as a bound on the mana value
    (CR 107.3: X is the resolving spell's or ability's; CR 202.3)."""
    if isinstance(value, Filter):
        cmp = value.mana_value_is
        if cmp is None:
            return value
        v = amount(ctx, cmp.to, r)
        lo, hi = value.mana_value_min, value.mana_value_max
        if cmp.op in ("=", ">="):
            lo = v if lo is None else max(lo, v)
        if cmp.op in ("=", "<="):
            hi = v if hi is None else min(hi, v)
        return replace(value, mana_value_min=lo, mana_value_max=hi, mana_value_is=None)
    if isinstance(value, tuple):
        return tuple(_bound(ctx, v, r) for v in value)
    if is_dataclass(value) and not isinstance(value, type):
        return replace(value, **{f.name: _bound(ctx, getattr(value, f.name), r) for f in fields(value)
                                 if _has_compare(getattr(value, f.name))})
    return value


def signed_amount(ctx: Ctx, q: Quantity, r: Resolving) -> int:
    """A number that may be negative: an object's power or toughness as it is (or last was,
    CR 608.2h), not clamped at 0 like an amount of damage or life."""
    if q.stat in ("power", "toughness") and q.of is not None:
        return q.fixed + sum(stat_value(ctx, oid, q.stat) for oid in _stat_of(ctx, q.of, r))
    return amount(ctx, q, r)


def moved_to(r: Resolving, old: int, new: int | None) -> None:
    """Remembers the new object a moved object became (CR 400.7), for "return that card"."""
    if new is not None:
        r.moved[old] = new

