"""Linked abilities (CR 607): what one ability did, kept for the abilities linked to it.

A record is kept per object *and* per pair of linked abilities: ``GameState.links`` maps
``(object id, link)`` to the objects or values the linking ability put there. ``link`` names
the pair; the text compiler names a card's pairs after the card and the paragraph of the
linking ability ("Oblivion Ring#1"), a definition names them as it likes, and the two
abilities of a pair carry the same name (an ability in several pairs names each, CR 607.4).

- **Per object.** The key holds the object's id, and an object that changes zones is a new
  object with a new id (CR 400.7): it has no records, so an Oblivion Ring that returns to the
  battlefield doesn't know what the old one exiled. The linked card, too, is found only as the
  object it became when it was exiled: once it leaves exile it is a new object, not "the
  exiled card" (CR 607.2a, 406.6).
- **Per pair.** Two different cards' pairs have different names, so a Soul Foundry turned into
  a copy of Chrome Mox (CR 707.4) finds nothing for Chrome Mox's imprint: that ability never
  exiled anything on it (CR 607.1). Abilities an object gets from a copy effect (CR 707.7) or
  from an effect that grants them (CR 607.5) are linked only among themselves: their link
  names are renamed with the effect's timestamp (:func:`relink`), so they never read what the
  object's own abilities, or abilities it had in the past, did (a choice never made for them
  is "undefined", CR 607.5a: reading it does nothing). Abilities an object's own printed
  ability grants it count as printed (CR 607.1a) and keep their names.
- **Whose record.** A resolving ability reads and writes the records of its *link source*: the
  object whose ability it is — for a leaves-the-battlefield ability, the permanent as it was
  on the battlefield (CR 603.10a), not the card it became. A copy of a triggered ability
  (Strionic Resonator, CR 707.10) has the same source and link, so what either exiles is
  "the exiled card" for the partner ability, which then acts on each (CR 607.3).
- **Spells.** Cards exiled to pay for a spell (delve, Gorex's additional cost) are recorded on
  the spell, and the record follows it onto the battlefield (CR 607.2j, 607.2q).
- **"Until ~ leaves the battlefield"** (CR 610.3): the exiled cards return the moment their
  source leaves the battlefield, under their owners' control; not a triggered ability.
"""
from __future__ import annotations

import dataclasses
from typing import Any

from ..agents.decisions import Decision, player_ref
from ..cards.vocabulary import Condition, Filter
from ..core.enums import Zone
from ..core.errors import IllegalActionError
from ..rules.context import Ctx
from .characteristics import Characteristics
# What the linked abilities do with the records (choose, exile, cast ...) is in ``links``, above
# the interpreter; the records here are read by the layers and the triggers below it.

#: The fields of vocabulary values that name a link (renamed together by :func:`relink`).
LINK_FIELDS = frozenset({"link", "share_link", "linked", "controller_in", "chosen_color", "chosen_name",
                         "chosen_type"})
UNTIL = "until:"         # records of "exiled until ~ leaves the battlefield" (CR 610.3)
#: Records made before the game (CR 103.2): kept for a *player* ("cards you exiled with cards named
#: ~", CR 607.2n), key (player ref, NAMED + link), or for a *card* through every zone change (a
#: choice for a characteristic-defining ability, CR 607.2p, 903.4b), key (card id, CARD + link).
NAMED = "named:"
CARD = "card:"
WHEN_YOU_DO = "when you do"   # the object an "enter as a copy" copied, for its reflexive trigger

# -- the records -------------------------------------------------------------------------------
def record(g: Any, source: int, link: str) -> tuple[Any, ...]:
    """Everything recorded for ``link`` on ``source`` (objects in the order they were linked)."""
    return g.links.get((source, link), ())


def add(g: Any, source: int, link: str, items: Any) -> None:
    """Adds objects (or values) to the record (CR 607.3: a linked ability may link several)."""
    items = tuple(items)
    if not link or not items:
        return
    key = (source, link)
    g.links = {**g.links, key: g.links.get(key, ()) + items}
    g.changed()


def set_value(g: Any, source: int, link: str, value: Any) -> None:
    """A choice or note: the new one replaces the last ("the last chosen number", CR 607.2d)."""
    g.links = {**g.links, (source, link): (value,)}
    g.changed()


def chosen(g: Any, source: int, link: str) -> Any:
    """The last value chosen or noted for ``link``; None when it is undefined (CR 607.5a)."""
    values = g.links.get((source, link))
    return values[-1] if values else None


def base_link(link: str) -> str:
    """The link without the suffix :func:`relink` gives a copied or gained ability: a record made
    for cards *named* ~ belongs to the name, so a copy's ability finds it too (CR 607.2n)."""
    return link.split("@", 1)[0]


def named_cards(g: Any, player: int, link: str) -> list[int]:
    """The cards ``player`` exiled before the game "with cards named ~" (CR 607.2n), each if still
    the object it became in exile (CR 400.7)."""
    return [c for c in g.links.get((player_ref(player), NAMED + base_link(link)), ())
            if c in g.objects and g.objects[c].zone is Zone.EXILE]


def card_choice(g: Any, oid: int, link: str) -> Any:
    """The choice made before the game for the card ``oid`` is (CR 607.2p: it "continues to refer
    to that choice as the object changes zones"); None if none was made (CR 607.5a)."""
    o = g.objects.get(oid)
    values = g.links.get((o.card_id, CARD + link)) if o is not None else None
    return values[-1] if values else None


def linked_objects(g: Any, source: int, link: str) -> list[int]:
    """The objects linked to ``source`` by ``link`` that still exist where they were put: a card
    that left exile (or a token that left the battlefield) is a new object, or none (CR 400.7)."""
    out = []
    for item in record(g, source, link):
        o = g.objects.get(item) if isinstance(item, int) and not isinstance(item, bool) else None
        if o is None or (o.token and o.zone is not Zone.BATTLEFIELD):
            continue
        out.append(item)
    return out


def players_in(g: Any, source: int, link: str) -> list[int]:
    """The players (as player refs) recorded for ``link`` ("players who chose war")."""
    return [p for p in record(g, source, link) if isinstance(p, int) and p < 0]


def linked_matches(g: Any, oid: int, ch: Characteristics, flt: Filter, source: int | None) -> bool:
    """The link parts of a filter (CR 607): the object (``oid``, whose characteristics are ``ch``)
    is linked to ``source``; its controller chose the word; it has the chosen color or name.
    ``source`` None: no record, no match."""
    if not (flt.linked or flt.controller_in or flt.chosen_color or flt.chosen_name or flt.chosen_type):
        return True
    if source is None:
        return False
    if flt.linked and oid not in record(g, source, flt.linked):
        return False
    if flt.controller_in:
        if player_ref(ch.controller) not in record(g, source, flt.controller_in):
            return False
    if flt.chosen_color:
        color = chosen(g, source, flt.chosen_color)
        if color is None or color not in ch.colors:
            return False
    if flt.chosen_name:
        name = chosen(g, source, flt.chosen_name)
        if name is None or not _has_name(ch, name):
            return False
    if flt.chosen_type:
        kind = chosen(g, source, flt.chosen_type)           # Reflections of Littjara (issue 7)
        if kind is None or kind not in ch.subtypes:
            return False
    return True


def _has_name(ch: Characteristics, name: str) -> bool:
    return ch.name == name or (ch.name and name in ch.name.split(" // "))


# -- copies and grants: links renamed (CR 607.5, 707.7) -------------------------------------------
_RELINKED: dict[tuple[int, str], tuple[Any, Any]] = {}
_HAS_LINKS: dict[int, tuple[Any, bool]] = {}


def has_links(value: Any) -> bool:
    """Whether a vocabulary value names any link (memoized per shared script)."""
    cached = _HAS_LINKS.get(id(value))
    if cached is not None and cached[0] is value:
        return cached[1]
    found = _scan(value)
    _HAS_LINKS[id(value)] = (value, found)
    return found


def _scan(value: Any) -> bool:
    if isinstance(value, (tuple, list, frozenset)):
        return any(_scan(v) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            v = getattr(value, f.name)
            if f.name in LINK_FIELDS and isinstance(v, str) and v:
                return True
            if not isinstance(v, (str, int, bool, type(None))) and _scan(v):
                return True
    return False


def relink(value: Any, suffix: str) -> Any:
    """``value`` (a script or an ability) with every link renamed ``link + suffix``: abilities
    copied (CR 707.7) or gained together (CR 607.5) are linked only to each other."""
    if not suffix or not has_links(value):
        return value
    key = (id(value), suffix)
    cached = _RELINKED.get(key)
    if cached is not None and cached[0] is value:
        return cached[1]
    out = _rename(value, suffix)
    _RELINKED[key] = (value, out)
    return out


def _rename(value: Any, suffix: str) -> Any:
    if isinstance(value, tuple):
        return tuple(_rename(v, suffix) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {}
        for f in dataclasses.fields(value):
            v = getattr(value, f.name)
            if f.name in LINK_FIELDS and isinstance(v, str) and v:
                changes[f.name] = v + suffix
            elif isinstance(v, tuple) or (dataclasses.is_dataclass(v) and not isinstance(v, type)):
                new = _rename(v, suffix)
                if new is not v and new != v:
                    changes[f.name] = new
        return dataclasses.replace(value, **changes) if changes else value
    return value

def link_source(r: Any) -> int:
    """The object whose records a resolving ability uses (see the module docstring)."""
    return r.link_source or r.source

def condition(g: Any, cond: Condition, controller: int, source: int | None, kicked: Any = False) -> bool | None:
    """The linked kinds of Condition (None: not one of them)."""
    if cond.kind == "kicked" and cond.value:
        return source is not None and cond.value in record(g, source, KICKERS)
    if cond.kind == "level":
        # CR 716.2a, 716.2d: "Activate only if this Class is level N-1" (1 until it gains a level)
        level = g.objects[source].choices.get("level", 1) if source in g.objects else 1
        return (cond.at_least is None or level >= cond.at_least) and (cond.at_most is None or level <= cond.at_most)
    if cond.kind == "chosen":
        return source is not None and chosen(g, source, cond.link) == cond.value
    if cond.kind == "linked":
        count = len(linked_objects(g, source, cond.link)) if source is not None else 0
        return (cond.at_least is None or count >= cond.at_least) and (cond.at_most is None or count <= cond.at_most)
    if cond.kind == "life_vs_noted":
        noted = chosen(g, source, cond.link) if source is not None else None
        return noted is not None and g.players[controller].life >= noted
    return None

#: The link of the cards exiled while paying for a spell (delve, an additional cost that exiles):
#: the permanent the spell becomes reads them as cards "exiled with" it (CR 607.2j, 607.2q).
COST_EXILED = "cost:exiled"
#: The kicker costs paid for the spell (CR 702.33d), read by "if it was kicked with its {W}
#: kicker" (CR 607.2i): a Condition of kind "kicked" with that ``value``.
KICKERS = "cost:kicker"
#: The permanents sacrificed to pay for the spell (their old ids: last known information, CR
#: 608.2h), read by "the sacrificed creature" (Fling) through ``Ref("paid")``; a copy of the spell
#: reads the original's (CR 707.10).
COST_SACRIFICED = "cost:sacrificed"

class CostContext:
    """What a linked quantity needs to be read outside a resolution (an activation cost's X)."""

    def __init__(self, source: int, controller: int) -> None:
        self.source = source
        self.link_source = source
        self.controller = controller

def next_untap_passes(g: Any, oid: int) -> None:
    """An untapped permanent's "doesn't untap during [its controller's] next untap step" ends with
    that step, having had nothing to do (exerted, CR 701.43a; CR 502.3)."""
    o = g.objects[oid]
    for key in ("exerted", "skip_next_untap"):
        if o.choices.get(key) == g.active:
            del g.obj(oid).choices[key]


def choose_linked(ctx: Ctx, r: Any, found: list[int]) -> list[int]:
    """CR 607.3: an ability acting on "a card exiled with ~" acts on the one its controller
    chooses among the linked cards (asked even when only one is there)."""
    if not found:
        return []
    answer = ctx.ask(Decision(r.controller, "choose", f"choose a card linked to {r.name}", list(found)))
    if answer not in found:
        raise IllegalActionError(f"{r.name}: choose one of the cards linked to it (CR 607.3)")
    return [answer]
