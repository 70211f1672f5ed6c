"""What happens as a permanent enters or leaves the battlefield, besides the zone change itself
(``primitives.move``): the spell's records follow it (CR 607.2j, 607.2q), a planeswalker's
loyalty (CR 306.5b), a Saga's lore counters (CR 714.3a), its "as enters" choices (CR 614.12, 607.2d-g), the "When you do" of an
"enter as a copy" (CR 603.12), and the cards exiled "until ~ leaves the battlefield" return
(CR 610.3).
"""
from __future__ import annotations

from ..agents.decisions import Decision
from ..cards.vocabulary import Trigger, TriggeredAbility
from ..core.enums import Zone
from ..core.errors import IllegalActionError
from ..rules.context import Ctx
from .layers import characteristics, printed
from .link_records import UNTIL, WHEN_YOU_DO, linked_objects
from .resolve import Resolving, execute
from .sagas import LORE, final_chapter
from .triggers import create_reflexive

_STACK = Zone.STACK            # (a module constant: an Enum member read off the class costs several times more)


def entered(ctx: Ctx, old: int, new: int, from_zone: Zone) -> None:
    """A permanent has just been put onto the battlefield as object ``new``. A spell's records
    (cards exiled to pay for it, CR 607.2j, 607.2q) follow it; then its "as enters" choices,
    notes and payments are made (CR 614.12, 607.2d-g), before anything sees it."""
    g = ctx.g
    if g.links and from_zone is _STACK:
        moved = {(new, link): items for (src, link), items in g.links.items() if src == old}
        if moved:
            g.links = {**g.links, **moved}
    _enters_with_loyalty(ctx, new)
    enters_with_lore(ctx, new)          # a Saga's lore counter (CR 714.3a)
    as_enters(ctx, new)
    # (``record``, written out: most games have no records at all)
    records = g.links
    copied = records and (records.get((new, WHEN_YOU_DO)) or records.get((old, WHEN_YOU_DO)))
    if copied:
        when_you_do(ctx, new, copied[-1])


def as_enters(ctx: Ctx, oid: int) -> None:
    g = ctx.g
    if oid not in g.objects:
        return
    ch = characteristics(g, oid)
    if not ch.script.as_enters:
        return
    execute(ctx, ch.script.as_enters, Resolving(oid, ch.controller, (), (), name=ch.name or "a permanent"))


def left_battlefield(ctx: Ctx, oid: int) -> None:
    """CR 610.3: the cards exiled "until ~ leaves the battlefield" return at once, under their
    owners' control (610.3c); all of them at the same time (610.3d)."""
    g = ctx.g
    keys = [key for key in g.links if key[0] == oid and key[1].startswith(UNTIL)]
    if not keys:
        return
    from .primitives import move, name_of
    cards = [c for key in keys for c in linked_objects(g, oid, key[1]) if g.objects[c].zone is Zone.EXILE]
    g.links = {k: v for k, v in g.links.items() if k not in keys}
    g.changed()
    for c in cards:
        if c in g.objects and g.objects[c].zone is Zone.EXILE:
            owner = g.objects[c].owner
            ctx.log("610.3", f"{name_of(ctx, c)} returns to the battlefield under {g.players[owner].name}'s "
                    "control: what exiled it has left the battlefield")
            move(ctx, c, Zone.BATTLEFIELD, "return", controller=owner)


def when_you_do(ctx: Ctx, oid: int, copied: int) -> None:
    """Wall of Stolen Identity: having entered as a copy, its own "When you do" ability (of the
    card, not of what it copied) triggers, about the copied creature (CR 603.12, 607.2h)."""
    g = ctx.g
    o = g.objects.get(oid)
    if o is None or o.card is None:
        return
    ability = printed(o.card, o.face).script.enters_as_copy
    if ability is None or not ability.when_you_do:
        return
    ch = characteristics(g, oid)
    reflexive = TriggeredAbility(Trigger("reflexive", "you"), ability.when_you_do,
                                 text=ability.when_you_do_text or "When you do")
    create_reflexive(ctx, ch.controller, oid, o.card.name, reflexive, remembered=(copied,))     # CR 603.12


def _enters_with_loyalty(ctx: Ctx, oid: int) -> None:
    """CR 306.5b: a planeswalker enters with loyalty counters equal to its printed loyalty."""
    g = ctx.g
    ch = characteristics(g, oid)
    if "Planeswalker" in ch.types and ch.loyalty and not g.objects[oid].counters.get("loyalty"):
        from .primitives import put_counters
        put_counters(ctx, oid, "loyalty", ch.loyalty, rule="306.5b")


def enters_with_lore(ctx: Ctx, oid: int) -> None:
    """CR 714.3a: as a Saga enters, its controller puts a lore counter on it; with read ahead
    they choose a number from one to its final chapter number and it enters with that many
    (CR 702.155b), its chapters below that number not triggering this turn (702.155a)."""
    g = ctx.g
    ch = characteristics(g, oid)
    if "Saga" not in ch.subtypes:
        return
    count = 1
    final = final_chapter(ch)
    if "read ahead" in ch.keywords and final > 1:
        count = ctx.ask(Decision(ch.controller, "number", f"read ahead: choose how many lore counters {ch.name} "
                                 "enters with", list(range(1, final + 1))))
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= final:
            raise IllegalActionError(f"{ch.name}: read ahead: choose a number from 1 to {final} (CR 702.155b)")
        g.obj(oid).choices["read_ahead_turn"] = g.turn
        ctx.log("702.155b", f"{g.players[ch.controller].name} chooses {count} for {ch.name}'s read ahead")
    from .primitives import put_counters
    put_counters(ctx, oid, LORE, count, rule="714.3a")
