"""The faces of permanents: transforming (CR 701.27), turning face down (708.2), manifesting
(701.40) and melding (701.42, 712.4): the resolutions of these effects (``resolve.resolves``)."""
from __future__ import annotations

from ...cards.vocabulary import Flip, Manifest, Meld, Transform, TurnFaceDown
from ...core.enums import Zone
from ...rules.context import Ctx
from ..meld_pairs import meld_pair, meld_partner
from ..primitives import flip, manifest, move, name_of, transform, turn_face_down
from ..resolve import Resolving, amount, players_of, refs, resolves


@resolves(Transform)
def _transform(ctx: Ctx, eff: Transform, r: Resolving) -> None:
    """CR 701.27a."""
    for oid in refs(ctx, eff.what, r):
        transform(ctx, oid)                                        # CR 701.27a


@resolves(Flip)
def _flip(ctx: Ctx, eff: Flip, r: Resolving) -> None:
    """CR 710.2."""
    for oid in refs(ctx, eff.what, r):
        flip(ctx, oid)                                             # CR 710.2


@resolves(TurnFaceDown)
def _turn_face_down(ctx: Ctx, eff: TurnFaceDown, r: Resolving) -> None:
    """CR 708.2a."""
    for oid in refs(ctx, eff.what, r):
        turn_face_down(ctx, oid)                                   # CR 708.2a


@resolves(Manifest)
def _manifest(ctx: Ctx, eff: Manifest, r: Resolving) -> None:
    """CR 701.40a, one at a time (CR 701.40e)."""
    for p in players_of(refs(ctx, eff.who, r)):
        for _ in range(amount(ctx, eff.amount, r)):
            manifest(ctx, p)                                       # one at a time (CR 701.40e)


@resolves(Meld)
def _meld(ctx: Ctx, eff: Meld, r: Resolving) -> None:
    """CR 701.42a (:func:`meld`)."""
    meld(ctx, r.source, r.controller, eff)


def meld(ctx: Ctx, source: int, player: int, eff: Meld) -> int | None:
    """CR 701.42a: exile this permanent and its partner, then put them onto the battlefield as
    one melded permanent, back faces up and combined (CR 712.4a). Only the two cards of one meld
    pair can be melded; others stay in exile (701.42b-c). Returns the melded permanent."""
    g = ctx.g
    if source not in g.objects or g.objects[source].zone is not Zone.BATTLEFIELD:
        ctx.log("701.42c", "nothing is melded: the source has left the battlefield")
        return None
    partner = meld_partner(g, player, source, eff.partner)
    names = f"{name_of(ctx, source)}" + (f" and {name_of(ctx, partner)}" if partner is not None else "")
    ctx.log("701.42a", f"{names} are exiled to meld into {eff.result}")
    first = move(ctx, source, Zone.EXILE, "meld")
    second = move(ctx, partner, Zone.EXILE, "meld") if partner is not None else None
    if first is None or second is None or first not in g.objects or second not in g.objects:
        ctx.log("701.42c", "they can't be melded and stay in exile")
        return None
    a, b = g.objects[first], g.objects[second]
    if a.token or b.token or a.card is None or b.card is None or b.card not in meld_pair(a.card) \
            or a.card is b.card:
        ctx.log("701.42b", "they aren't the two cards of a meld pair: they stay in exile (CR 701.42c)")
        return None
    partner_card = b.card
    g.zone_list(Zone.EXILE, b.owner).remove(second)
    del g.objects[second]
    g.changed()
    melded = move(ctx, first, Zone.BATTLEFIELD, "meld", controller=player)
    if melded is None:
        return None
    w = g.obj(melded)
    w.choices["melded"] = partner_card
    g.changed()
    ctx.log("712.4a", f"{a.card.name} and {partner_card.name} are melded into {name_of(ctx, melded)} "
            f"(mana value {a.card.front.mana_value() + partner_card.front.mana_value()}, CR 712.8g)")
    return melded
