"""Triggered abilities (CR 603): noticing trigger events and putting abilities on the stack."""
from __future__ import annotations

from dataclasses import dataclass

from ..agents.decisions import Decision
from ..cards.vocabulary import TriggeredAbility
from ..core.enums import Zone
from ..core.errors import IllegalActionError
from ..rules.context import Ctx
from ..state.objects import GameObject
from .events import AttackEvent, DamageEvent, LifeEvent, ZoneChange
from .layers import characteristics


@dataclass(frozen=True, slots=True)
class PendingTrigger:
    """A triggered ability waiting to be put on the stack (CR 603.3)."""

    controller: int
    source_id: int
    source_name: str
    ability: TriggeredAbility
    order: int        # when it triggered, for a canonical order

    def to_json(self) -> dict[str, object]:
        return {"controller": self.controller, "source_id": self.source_id,
                "source_name": self.source_name, "ability": self.ability.text}


def check_triggers(ctx: Ctx) -> None:
    """CR 603.2: looks at each event since the last check for abilities that trigger on it."""
    g = ctx.g
    events, g.events = g.events, []
    for ev in events:
        if isinstance(ev, ZoneChange):
            if ev.to_zone is Zone.BATTLEFIELD and ev.new_id in g.objects:
                _fire(ctx, ev.new_id, "enters")
            elif ev.from_zone is Zone.BATTLEFIELD and ev.to_zone is Zone.GRAVEYARD and ev.lki is not None:
                # CR 603.10a: leaves-the-battlefield abilities look back in time.
                if "Creature" in ev.lki.types:
                    for ab in ev.lki.script.triggered:
                        if ab.trigger.event == "dies":
                            _add(ctx, ev.lki.controller, ev.new_id or ev.oid, ev.lki.name, ab)
        elif isinstance(ev, AttackEvent):
            if ev.oid in g.objects:
                _fire(ctx, ev.oid, "attacks")
        elif isinstance(ev, DamageEvent) and ev.combat and ev.target < 0:
            if ev.source in g.objects:
                _fire(ctx, ev.source, "combat_damage_player")
        elif isinstance(ev, LifeEvent) and ev.amount > 0:
            # CR 119.9: "whenever you gain life" triggers once per life-gain event.
            for oid in list(g.battlefield):
                ch = characteristics(g, oid)
                for ab in ch.script.triggered:
                    if ab.trigger.event == "gain_life" and ab.trigger.whose == "you" and ch.controller == ev.player:
                        _add(ctx, ch.controller, oid, ch.name, ab)


def _fire(ctx: Ctx, oid: int, event: str) -> None:
    ch = characteristics(ctx.g, oid)
    for ab in ch.script.triggered:
        if ab.trigger.event == event and ab.trigger.whose == "self":
            _add(ctx, ch.controller, oid, ch.name, ab)


def _add(ctx: Ctx, controller: int, source_id: int, name: str, ab: TriggeredAbility) -> None:
    g = ctx.g
    g.pending_triggers.append(PendingTrigger(controller, source_id, name, ab, len(g.pending_triggers)))
    ctx.log("603.2", f"{name}'s ability triggers: {ab.text}")


def step_triggers(ctx: Ctx, event: str) -> None:
    """CR 503.1a / 513.1a: "at the beginning of your upkeep / end step" abilities trigger."""
    g = ctx.g
    for oid in g.battlefield:
        ch = characteristics(g, oid)
        for ab in ch.script.triggered:
            if ab.trigger.event == event and ab.trigger.whose == "you" and ch.controller == g.active:
                _add(ctx, ch.controller, oid, ch.name, ab)


def put_triggers_on_stack(ctx: Ctx) -> bool:
    """CR 603.3b: in APNAP order each player puts their triggered abilities on the stack in the
    order they choose (instances of the same ability of one source need no choice)."""
    g = ctx.g
    if not g.pending_triggers:
        return False
    pending, g.pending_triggers = g.pending_triggers, []
    for player in g.apnap():
        mine = [t for t in pending if t.controller == player]
        if len(mine) > 1 and len({(t.source_id, t.ability) for t in mine}) > 1:
            options = list(range(len(mine)))
            order = ctx.ask(Decision(player, "order", "order your triggered abilities (first goes on the stack first): "
                                     + "; ".join(f"{i}: {t.source_name}" for i, t in enumerate(mine)), options,
                                     min=len(mine), max=len(mine)))
            if sorted(order) != options:
                raise IllegalActionError("the order must list every triggered ability once")
            mine = [mine[i] for i in order]
        for t in mine:
            _put_one(ctx, t)
    return True


def _put_one(ctx: Ctx, t: PendingTrigger) -> None:
    from ..rules.targeting import choose_targets, legal_targets
    g = ctx.g
    specs = t.ability.targets
    if specs and any(len(legal_targets(g, s, t.controller, t.source_id)) < s.min for s in specs):
        ctx.log("603.3d", f"{t.source_name}'s ability is removed from the stack: no legal targets")
        return
    obj = GameObject(g.new_id(), None, t.controller, Zone.STACK, g.new_timestamp())
    obj.ability = t.ability
    obj.source_id = t.source_id
    obj.source_name = t.source_name
    g.objects[obj.id] = obj
    g.stack.append(obj.id)
    obj.targets, counts = choose_targets(ctx, specs, t.controller, t.source_id, f"{t.source_name}'s ability", None)
    obj.choices["counts"] = counts
    g.changed()
    ctx.log("603.3", f"{t.source_name}'s ability is put on the stack")
