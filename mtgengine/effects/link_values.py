"""Values read from the records of linked abilities through the objects' characteristics (CR
607.3): a linked quantity ("the exiled card's mana value", "the chosen number") and the colors a
linked mana ability may add. Above the layers, below the replacement effects and the primitives
that read them; the records are :mod:`effects.link_records`."""
from __future__ import annotations

from typing import Any

from ..cards.color_identity import color_identity
from ..cards.vocabulary import COMMANDER_IDENTITY, LANDS_COULD_PRODUCE, SELF, AddMana
from ..core.mana import COLOR_NAMES
from .counts import count
from .layers import characteristics, mana_value, matches
from .link_records import CARD, chosen, link_source, linked_objects, record


def linked_amount(g: Any, q: Any, r: Any) -> int:
    """A Quantity's linked stat (CR 607.3: a sum over each linked object)."""
    src = link_source(r)
    if q.stat == "chosen":
        value = chosen(g, src, q.link)
        return value if isinstance(value, int) and not isinstance(value, bool) else 0
    if q.stat == "linked_mana_value":
        return sum(mana_value(g, o) for o in linked_objects(g, src, q.link))
    if q.stat == "linked_count":
        return sum(1 for o in linked_objects(g, src, q.link) if q.per is None or matches(g, o, q.per, r.controller))
    raise ValueError(f"unknown linked stat {q.stat!r}")


def linked_colors(g: Any, source: int, link: str) -> list[str]:
    """The colors a linked mana ability may add: a chosen color, or the colors of each linked
    object (CR 607.3), in WUBRG order; or the colors of the source's controller's commanders'
    color identity (:func:`commander_colors`)."""
    if link == COMMANDER_IDENTITY:
        return commander_colors(g, characteristics(g, source).controller)
    if link in _COULD_PRODUCE:
        return lands_could_produce(g, characteristics(g, source).controller, *_COULD_PRODUCE[link])
    found: set[str] = set()
    for item in record(g, source, link):
        if isinstance(item, str) and item in COLOR_NAMES:
            found.add(item)
        elif isinstance(item, int) and not isinstance(item, bool) and item in g.objects:
            found |= set(characteristics(g, item).colors)
    return [c for c in COLOR_NAMES if c in found]


def commander_colors(g: Any, player: int) -> list[str]:
    """The colors of the player's commanders' color identity (CR 903.4), in WUBRG order: a color
    chosen for a commander before the game included (CR 903.4b). None without a commander: the
    quality is undefined and the ability adds no mana (CR 903.4f, 106.5)."""
    found: set[str] = set()
    for card_id in g.players[player].commanders:
        card = next((o.card for o in g.objects.values() if o.card_id == card_id and o.card is not None), None)
        if card is not None:
            found |= color_identity(card)
        found |= {v for (key, link), values in g.links.items()
                  if key == card_id and isinstance(link, str) and link.startswith(CARD)
                  for v in values if isinstance(v, str) and v in COLOR_NAMES}
    return [c for c in COLOR_NAMES if c in found]


def mana_amount(g: Any, source: int, eff: Any, x: int = 0) -> int:
    """How many times an AddMana adds its mana: ``amount``, times the permanents matching its
    ``per`` ("Add {U} for each artifact you control") or its ``count`` ("X mana ..., where X is
    ~'s power"; X alone: ``x``, the ability's announced X), counted now (CR 608.2h)."""
    if eff.per is None and eff.count is None:
        return eff.amount
    you = characteristics(g, source).controller if source in g.objects else 0
    if eff.count is not None:
        return eff.amount * max(0, _count_now(g, eff.count, you, source, x))
    return eff.amount * sum(1 for o in g.battlefield if matches(g, o, eff.per, you, source))


def _count_now(g: Any, q: Any, you: int, source: int, x: int) -> int:
    """A mana ability's number (``AddMana.count``) as it is now: counted (``counts.count``), or
    a stat or counters of the source itself (CR 608.2h)."""
    value = q.fixed + (x if q.x else 0)
    counted = count(g, q, you, source)
    if counted is not None:
        return value + counted
    if q.stat and q.of == SELF and source in g.objects:
        if q.stat.startswith("counters:"):
            return value + q.scale * g.objects[source].counters.get(q.stat[len("counters:"):], 0)
        ch = characteristics(g, source)
        stat = {"power": ch.power, "toughness": ch.toughness}.get(q.stat)
        if stat is None and q.stat == "mana_value":
            stat = mana_value(g, source)
        return value + q.scale * max(0, stat or 0)
    return value


#: ``LANDS_COULD_PRODUCE``'s links, by link: (whether colorless counts, whose lands).
_COULD_PRODUCE = {link: (kind == "type", whose) for (kind, whose), link in LANDS_COULD_PRODUCE.items()}


def lands_could_produce(g: Any, player: int, colorless: bool, whose: str) -> list[str]:
    """The types of mana (colors only unless ``colorless``) that the mana abilities of the lands
    ``player``'s opponents control (``whose`` "an opponent") or ``player`` controls could produce
    (CR 106.7): what each would add if it resolved now, whatever its cost. Abilities that read
    this themselves (another Exotic Orchard, a Reflecting Pool) are left out: by the cards'
    rulings they can't define a type for each other, and reading them would never end."""
    found: set[str] = set()
    for oid in g.battlefield:
        ch = characteristics(g, oid)
        if "Land" not in ch.types or (ch.controller == player) != (whose == "you"):
            continue
        for ab in ch.script.activated:
            if not ab.is_mana:
                continue
            for eff in ab.effects:
                if not isinstance(eff, AddMana) or eff.link in _COULD_PRODUCE:
                    continue
                if eff.link:
                    found.update(linked_colors(g, oid, eff.link))
                else:
                    found.update(eff.mana)
                    found.update(eff.choice)
                    found.update(k for combo in eff.combos for k in combo)
    order = (*COLOR_NAMES, "C") if colorless else tuple(COLOR_NAMES)
    return [c for c in order if c in found]
