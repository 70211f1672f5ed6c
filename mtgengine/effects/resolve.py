"""The effects interpreter: carries out vocabulary effects as a spell or ability resolves (CR 608.2)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from ..agents.decisions import Decision, player_of
from ..cards.vocabulary import (
    AddMana, CounterSpell, CreateToken, DamageCantBePrevented, DealDamage, Destroy, Discard, Draw, Effect, Exile,
    GainLife, IfKicked,
    LoseLife, Mill, Pump, PutCounters, Quantity, Ref, ReturnToHand, TapUntap,
)
from ..core.enums import Zone
from ..rules.context import Ctx
from .layers import ContinuousEffect, characteristics, matches
from .primitives import (
    create_token, deal_damage, draw_card, gain_life, lose_life, move, name_of, put_counters,
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


def amount(ctx: Ctx, q: Quantity, r: Resolving) -> int:
    value = q.fixed + (r.x if q.x else 0)
    if q.per is not None:
        value += sum(1 for oid in ctx.g.battlefield if matches(ctx.g, oid, q.per, r.controller))
    return value


def refs(ctx: Ctx, ref: Ref, r: Resolving) -> list[int]:
    """Object ids or player refs an effect acts on. Illegal targets are skipped (CR 608.2b)."""
    g = ctx.g
    if ref.kind == "target":
        if not r.counts:
            if ref.index < len(r.targets) and r.legal[ref.index]:
                return [r.targets[ref.index]]
            return []
        start = sum(r.counts[: ref.index])
        end = start + (r.counts[ref.index] if ref.index < len(r.counts) else 0)
        return [r.targets[j] for j in range(start, end) if r.legal[j]]
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
            for t in refs(ctx, eff.to, r):
                deal_damage(ctx, r.source, t, amount(ctx, eff.amount, r))
        elif isinstance(eff, DamageCantBePrevented):
            g.combat["unpreventable_turn"] = g.turn         # CR 615.12 (no prevention exists yet)
        elif isinstance(eff, Draw):
            for p in _players(refs(ctx, eff.who, r)):
                for _ in range(amount(ctx, eff.amount, r)):
                    draw_card(ctx, p)
        elif isinstance(eff, GainLife):
            for p in _players(refs(ctx, eff.who, r)):
                gain_life(ctx, p, amount(ctx, eff.amount, r))
        elif isinstance(eff, LoseLife):
            for p in _players(refs(ctx, eff.who, r)):
                lose_life(ctx, p, amount(ctx, eff.amount, r))
        elif isinstance(eff, Destroy):
            for oid in refs(ctx, eff.what, r):
                destroy(ctx, oid, rule="701.8a")
        elif isinstance(eff, Exile):
            for oid in refs(ctx, eff.what, r):
                ctx.log("701.13a", f"{name_of(ctx, oid)} is exiled")
                move(ctx, oid, Zone.EXILE, "exile")
        elif isinstance(eff, ReturnToHand):
            for oid in refs(ctx, eff.what, r):
                ctx.log("400.7", f"{name_of(ctx, oid)} is returned to its owner's hand")
                move(ctx, oid, Zone.HAND, "bounce")
        elif isinstance(eff, CounterSpell):
            for oid in refs(ctx, eff.what, r):
                counter(ctx, oid)
        elif isinstance(eff, Pump):
            targets = [t for t in refs(ctx, eff.what, r) if t in g.objects and g.objects[t].zone is Zone.BATTLEFIELD]
            if targets:
                dx = eff.x_sign * r.x
                g.effects.append(ContinuousEffect(
                    g.new_timestamp(), frozenset(targets), eff.power + dx, eff.toughness + dx, eff.keywords,
                    "end_of_turn" if eff.until_end_of_turn else "", r.source))
                g.changed()
                for t in targets:
                    ctx.log("613.4c", f"{name_of(ctx, t)} gets {eff.power + dx:+d}/{eff.toughness + dx:+d}"
                            + (f" and gains {', '.join(sorted(eff.keywords))}" if eff.keywords else "")
                            + (" until end of turn" if eff.until_end_of_turn else ""))
        elif isinstance(eff, TapUntap):
            for oid in refs(ctx, eff.what, r):
                if oid in g.objects:
                    g.obj(oid).tapped = eff.tap
                    ctx.log("701.26a" if eff.tap else "701.26b", f"{name_of(ctx, oid)} becomes {'tapped' if eff.tap else 'untapped'}")
        elif isinstance(eff, AddMana):
            add_mana(ctx, r.controller, eff, r.name)
        elif isinstance(eff, PutCounters):
            for oid in refs(ctx, eff.what, r):
                put_counters(ctx, oid, eff.kind, amount(ctx, eff.amount, r))
        elif isinstance(eff, CreateToken):
            for _ in range(amount(ctx, eff.amount, r)):
                create_token(ctx, r.controller, eff)
        elif isinstance(eff, Discard):
            for p in _players(refs(ctx, eff.who, r)):
                discard(ctx, p, amount(ctx, eff.amount, r))
        elif isinstance(eff, IfKicked):
            execute(ctx, eff.effects if r.kicked else eff.otherwise, r)      # CR 702.33e
        elif isinstance(eff, Mill):
            for p in _players(refs(ctx, eff.who, r)):
                for _ in range(amount(ctx, eff.amount, r)):
                    lib = g.zones[(p, Zone.LIBRARY)]
                    if lib:
                        ctx.log("701.17a", f"{g.players[p].name} mills {name_of(ctx, lib[0])}")
                        move(ctx, lib[0], Zone.GRAVEYARD, "mill")
        else:
            raise TypeError(f"no interpreter for effect {eff!r}")


def add_mana(ctx: Ctx, player: int, eff: AddMana, source_name: str, choice: str | None = None) -> None:
    """CR 106.3: mana is added to a player's pool."""
    pl = ctx.g.player(player)
    if eff.mana:
        added = list(eff.mana) * eff.amount
    else:
        if choice is None or choice not in eff.choice:
            if len(eff.choice) == 1:
                choice = eff.choice[0]
            else:
                choice = ctx.ask(Decision(player, "color", f"choose the mana {source_name} adds", list(eff.choice)))
        added = [choice] * eff.amount
    for kind in added:
        pl.pool[kind] += 1
    ctx.log("106.3", f"{ctx.g.players[player].name} adds {''.join('{' + k + '}' for k in added)} ({source_name})")


def destroy(ctx: Ctx, oid: int, rule: str = "701.8a") -> int | None:
    """CR 701.8: move to the owner's graveyard, unless it's indestructible (CR 702.12b)."""
    g = ctx.g
    if oid not in g.objects or g.objects[oid].zone is not Zone.BATTLEFIELD:
        return None
    if "indestructible" in characteristics(g, oid).keywords:
        ctx.log("702.12b", f"{name_of(ctx, oid)} is indestructible and isn't destroyed")
        return None
    ctx.log(rule, f"{name_of(ctx, oid)} is destroyed")
    return move(ctx, oid, Zone.GRAVEYARD, "destroy")


def counter(ctx: Ctx, oid: int) -> None:
    """CR 701.6a: a countered spell goes to its owner's graveyard; an ability ceases to exist."""
    g = ctx.g
    if oid not in g.objects or g.objects[oid].zone is not Zone.STACK:
        return
    ctx.log("701.6a", f"{name_of(ctx, oid)} is countered")
    move(ctx, oid, Zone.GRAVEYARD, "counter")


def discard(ctx: Ctx, player: int, count: int) -> None:
    """CR 701.9a: the player chooses the cards to discard (unless random)."""
    g = ctx.g
    hand = g.zones[(player, Zone.HAND)]
    count = min(count, len(hand))
    if count <= 0:
        return
    options = sorted(hand)
    chosen = options if count == len(options) else ctx.ask(Decision(
        player, "discard", f"choose {count} card(s) to discard", options, min=count, max=count))
    for oid in chosen:
        ctx.log("701.9a", f"{g.players[player].name} discards {name_of(ctx, oid)}")
        move(ctx, oid, Zone.GRAVEYARD, "discard")
