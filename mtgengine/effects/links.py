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
from ..cards.compiler.keywords import LURE
from ..cards.compiler.lexicon import creature_types
from ..cards.vocabulary import (
    CastCard, CastLinked, ChangeAbilities, Choose, Condition, CreateEmblem, ExileChosen, ExileTop, Filter,
    GainAbilities, Note, Ref, Trigger, TriggeredAbility,
)
from ..core.enums import Zone
from ..core.mana import COLOR_NAMES, ManaCost
from ..core.errors import IllegalActionError
from ..rules.context import Ctx
from ..state.objects import GameObject
from .events import ZoneChange
from .layers import ContinuousEffect, characteristics, mana_value, matches, permanents_with, printed
from .rules_interface import can_pay, cast_spell, pay_mana, uncastable_copy
from .triggers import _add, create_reflexive
# The interpreter (``resolve``) and the primitives build on this module, so they are imported
# where used; the casting and payment rules are reached through ``rules_interface``.

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
_STACK = Zone.STACK            # (a module constant: an Enum member read off the class costs several times more)


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


def linked_matches(g: Any, oid: int, flt: Filter, source: int | None) -> bool:
    """The link parts of a filter (CR 607): the object is linked to ``source``; its controller
    chose the word; it has the chosen color or name. ``source`` None: no record, no match."""
    if not (flt.linked or flt.controller_in or flt.chosen_color or flt.chosen_name or flt.chosen_type):
        return True
    if source is None:
        return False
    if flt.linked and oid not in record(g, source, flt.linked):
        return False
    if flt.controller_in:
        if player_ref(characteristics(g, oid).controller) not in record(g, source, flt.controller_in):
            return False
    if flt.chosen_color:
        color = chosen(g, source, flt.chosen_color)
        if color is None or color not in characteristics(g, oid).colors:
            return False
    if flt.chosen_name:
        name = chosen(g, source, flt.chosen_name)
        if name is None or not _has_name(g, oid, name):
            return False
    if flt.chosen_type:
        kind = chosen(g, source, flt.chosen_type)           # Reflections of Littjara (issue 7)
        if kind is None or kind not in characteristics(g, oid).subtypes:
            return False
    return True


def _has_name(g: Any, oid: int, name: str) -> bool:
    ch = characteristics(g, oid)
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


# -- zone changes -------------------------------------------------------------------------------
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
    from .resolve import Resolving, execute
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


# -- effects ------------------------------------------------------------------------------------
def link_source(r: Any) -> int:
    """The object whose records a resolving ability uses (see the module docstring)."""
    return r.link_source or r.source


def exiled(ctx: Ctx, r: Any, link: str, until: bool, cards: list[int]) -> None:
    """Records the cards an exiling instruction of a linked ability put into exile (CR 607.2a)."""
    src = link_source(r)
    add(ctx.g, src, link, cards)
    if cards:
        from .primitives import name_of
        ctx.log("607.2a", ", ".join(name_of(ctx, c) for c in cards) + f" is exiled with {r.name}"
                + (" until it leaves the battlefield" if until else ""))
    if until:
        add(ctx.g, src, UNTIL + link, cards)


def pays(ctx: Ctx, player: int, mana: str, name: str, *, rule: str = "118.12", prompt: str = "") -> bool:
    """CR 118.12: "unless [a player] pays [cost]": the player may pay it as the spell or
    ability resolves (asked only if the default payment can, CR 118.3, 608.2g); True if paid."""
    g = ctx.g
    cost = ManaCost.parse(mana)
    who = g.players[player].name
    if not can_pay(g, player, cost):
        ctx.log(rule, f"{who} can't pay {cost} ({name})")
        return False
    if not ctx.ask(Decision(player, "yesno", prompt or f"pay {cost} ({name})?", [True, False])):
        ctx.log(rule, f"{who} doesn't pay {cost} ({name})")
        return False
    pay_mana(ctx, player, cost, 0, frozenset(), name)
    ctx.log(rule, f"{who} pays {cost} ({name})")
    return True



def choose(ctx: Ctx, eff: Choose, r: Any) -> None:
    """CR 607.2d, 607.2f, 607.2g: the choice is asked and recorded for the link source."""
    g = ctx.g
    src = link_source(r)
    players = [r.controller] if eff.who == "you" else g.apnap()
    name = r.name
    for p in players:
        who = g.players[p].name
        if eff.optional and not ctx.ask(Decision(p, "yesno", f"choose a new {eff.kind.replace('_', ' ')} "
                                                 f"for {name}?", [True, False])):
            continue
        if eff.kind == "number":
            value = ctx.ask(Decision(p, "number", f"choose a number from {eff.low} to {eff.high} for {name}",
                                     list(range(eff.low, eff.high + 1))))
            if not isinstance(value, int) or isinstance(value, bool) or not eff.low <= value <= eff.high:
                raise IllegalActionError(f"{name}: choose a number from {eff.low} to {eff.high}")
            ctx.log("607.2d", f"{who} chooses the number {value} for {name}")
        elif eff.kind == "color":
            value = ctx.ask(Decision(p, "color", f"choose a color for {name}", list(COLOR_NAMES)))
            if value not in COLOR_NAMES:
                raise IllegalActionError(f"{name}: choose a color (white, blue, black, red or green)")
            ctx.log("607.2d", f"{who} chooses {COLOR_NAMES[value]} for {name}")
        elif eff.kind == "word":
            value = ctx.ask(Decision(p, "word", f"choose {' or '.join(eff.options)} for {name}", list(eff.options)))
            if value not in eff.options:
                raise IllegalActionError(f"{name}: choose one of {', '.join(eff.options)}")
            ctx.log("607.2f", f"{who} chooses {value} for {name}")
        elif eff.kind == "card_name":
            # any card name may be named (free text); the cards in the game are suggestions, so
            # that an agent without a card list can answer too
            excluded = eff.filter.not_types if eff.filter else frozenset()
            suggestions = sorted({o.card.name for o in g.objects.values() if o.card is not None
                                  and not set(o.card.front.types) & excluded})
            value = ctx.ask(Decision(p, "name", f"name a card for {name}"
                                     + (" (a nonland card)" if eff.filter and "Land" in eff.filter.not_types else ""),
                                     [], info={"free_text": True, "suggestions": suggestions}))
            value = _card_name(value, eff.filter, name)
            ctx.log("607.2d", f"{who} chooses the name {value} for {name}")
        elif eff.kind == "creature_type":
            # issue 7 (Reflections of Littjara): the creature types of CR 205.3m are the options,
            # so a random player can choose one too
            types = creature_types()
            value = ctx.ask(Decision(p, "name", f"choose a creature type for {name}", list(types),
                                     info={"free_text": True}))
            if not isinstance(value, str) or not value.strip():
                raise IllegalActionError(f"{name}: name a creature type")
            value = value.strip().capitalize() if value.strip() not in types else value.strip()
            if types and value not in types:
                raise IllegalActionError(f"{name}: {value!r} is not a creature type (CR 205.3m)")
            ctx.log("607.2d", f"{who} chooses {value} for {name}")
        elif eff.kind == "pay_life":
            life = max(0, g.players[p].life)
            value = ctx.ask(Decision(p, "number", f"pay any amount of life for {name} (you have {life})",
                                     list(range(0, life + 1))))
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= life:
                raise IllegalActionError(f"{name}: pay an amount of life from 0 to {life} (CR 119.4)")
            if value:
                from .primitives import lose_life
                lose_life(ctx, p, value, rule="119.4")
            ctx.log("607.2g", f"{who} pays {value} life as {name} enters")
        else:
            raise ValueError(f"unknown choice {eff.kind!r}")
        if eff.who == "you":
            set_value(g, src, eff.link, value)
        else:
            add(g, src, eff.link, [(p, value)])
            add(g, src, f"{value}:{eff.link}", [player_ref(p)])     # "players who chose war"


def _card_name(value: Any, flt: Filter | None, source: str) -> str:
    """CR 201.3: a name chosen must be the name of a card (here: of the card database)."""
    from ..cards.database import card_db
    if not isinstance(value, str):
        raise IllegalActionError(f"{source}: name a card")
    try:
        card = card_db().get(value)
    except Exception:
        card = None
    if card is None:
        raise IllegalActionError(f"{source}: {value!r} is not the name of a card (CR 201.3)")
    name = card.name
    if value != name and value in [f.name for f in card.faces]:
        name = value
    if flt is not None and flt.not_types and set(flt.not_types) & set(card.front.types):
        raise IllegalActionError(f"{source}: name a card that isn't a {'/'.join(sorted(flt.not_types)).lower()}")
    return name


def note(ctx: Ctx, eff: Note, r: Any) -> None:
    """CR 607.2e: noted for the link source."""
    g = ctx.g
    if eff.what == "life":
        value = g.players[r.controller].life
        set_value(g, link_source(r), eff.link, value)
        ctx.log("607.2e", f"{r.name} notes {g.players[r.controller].name}'s life total: {value}")
    else:
        raise ValueError(f"unknown note {eff.what!r}")


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


def created(ctx: Ctx, r: Any, eff: Any, copied: int, made: list[int]) -> None:
    """Tokens created by a linked ability (CR 607.2c); with ``share_link``, the cards this
    resolution exiled with that link are linked to each token too (CR 607.1d)."""
    g = ctx.g
    if eff.link:
        add(g, link_source(r), eff.link, made)
    if eff.share_link:
        here = set(r.moved.values())
        cards = [c for c in record(g, link_source(r), eff.share_link) if c in here]
        for token in made:
            add(g, token, eff.share_link, cards)


def linked_colors(g: Any, source: int, link: str) -> list[str]:
    """The colors a linked mana ability may add: a chosen color, or the colors of each linked
    object (CR 607.3), in WUBRG order."""
    found: set[str] = set()
    for item in record(g, source, link):
        if isinstance(item, str) and item in COLOR_NAMES:
            found.add(item)
        elif isinstance(item, int) and not isinstance(item, bool) and item in g.objects:
            found |= set(characteristics(g, item).colors)
    return [c for c in COLOR_NAMES if c in found]


def activation_forbidden(g: Any, player: int, oid: int) -> str | None:
    """ "Activated abilities of sources with the chosen name can't be activated" (Voidstone
    Gargoyle, CR 602.5): the reason, if a permanent's static ability forbids activating ``oid``'s
    abilities (its chosen name read from that permanent's record, CR 607.2d)."""
    if oid in g.objects and "can't activate" in characteristics(g, oid).keywords:
        return "an effect says its activated abilities can't be activated (CR 602.5)"   # Arrest
    for sid, sch in permanents_with(g, "cast_restrictions"):
        for r in sch.script.cast_restrictions:
            if not r.abilities:
                continue
            if r.whose == "opponent" and player == sch.controller or r.whose == "you" and player != sch.controller:
                continue
            if matches(g, oid, r.spells, sch.controller, sid):
                return f"{sch.name}: {r.text or 'its abilities can’t be activated'} (CR 602.5)"
    return None


def exile_top(ctx: Ctx, eff: ExileTop, r: Any) -> None:
    """ "That player exiles the top card of their library" (CR 701.13a), linked to the source
    (CR 607.2a); face down if it says so (CR 406.3a)."""
    from .primitives import move, name_of
    from .resolve import amount, players_of, refs
    g = ctx.g
    for p in players_of(refs(ctx, eff.who, r)):
        count = amount(ctx, eff.amount, r)
        gone: list[int] = []
        cards = list(g.zones[(p, Zone(eff.whole_zone))]) if eff.whole_zone else list(g.zones[(p, Zone.LIBRARY)][:count])
        for card in cards:
            ctx.log("701.13a", f"{g.players[p].name} exiles " + ("a card face down" if eff.face_down
                                                                 else name_of(ctx, card)) + " from their library")
            new = move(ctx, card, Zone.EXILE, "exile")
            if new is not None and new in g.objects:
                if eff.face_down:
                    g.obj(new).face_down = True
                    g.changed()
                gone.append(new)
        if eff.link:
            exiled(ctx, r, eff.link, False, gone)


def may_play(g: Any, player: int, oid: int, land: bool) -> Any:
    """The permission that lets ``player`` play ``oid`` from exile ("You may play lands and cast
    spells from among cards exiled with ~", CR 601.3, 305.1): the PlayFrom of a permanent (or
    emblem) they control whose link holds the card (CR 607.2a), or None."""
    sources = list(g.battlefield) + [o for p in range(len(g.players)) for o in g.zones[(p, Zone.COMMAND)]]
    for sid in sources:
        if sid not in g.objects:
            continue
        ch = characteristics(g, sid)
        for pf in ch.script.play_from:
            if ch.controller != player or not (pf.lands if land else pf.spells):
                continue
            # an emblem reads the records of the object that made it (CR 607.1d)
            if oid in linked_objects(g, g.objects[sid].choices.get("link_source", sid), pf.link):
                return pf
    return None


def exile_chosen(ctx: Ctx, eff: ExileChosen, r: Any) -> None:
    """Imprint: "you may exile a creature card from your hand" (CR 701.13a), linked (CR 607.2a)."""
    g = ctx.g
    if eff.whose == "each_opponent":
        if eff.until_leaves and link_source(r) not in g.battlefield:
            ctx.log("610.3b", f"{r.name} has already left the battlefield: nothing is exiled")
            return
        for opp in [q for q in g.apnap() if q != r.controller]:
            _exile_chosen_from(ctx, eff, r, opp)
        return
    _exile_chosen_from(ctx, eff, r, r.controller)


def _exile_chosen_from(ctx: Ctx, eff: ExileChosen, r: Any, owner: int) -> None:
    from .primitives import move, name_of
    g = ctx.g
    p = r.controller
    zone = Zone(eff.zone)
    if owner != p:
        ctx.log("701.20a", f"{g.players[owner].name} reveals their {eff.zone}: "
                + (", ".join(name_of(ctx, c) for c in g.zones[(owner, zone)]) or "no cards"))
    if zone is Zone.BATTLEFIELD:
        # "exile another creature you control" (champion, CR 702.72a)
        options = [c for c in g.battlefield if characteristics(g, c).controller == p
                   and matches(g, c, eff.filter, p, link_source(r))]
    else:
        options = [c for c in g.zones[(owner, zone)] if matches(g, c, eff.filter, p)]
    if not options:
        ctx.log("701.13a", f"{g.players[owner].name} has no card to exile for {r.name}")
        return
    count = min(eff.amount, len(options))
    whose = "your" if owner == p else g.players[owner].name + "'s"
    answer = ctx.ask(Decision(p, "exile", f"choose {count} card(s) to exile from {whose} {eff.zone} for {r.name}"
                              + (" (or none)" if eff.optional else ""), options + ([None] if eff.optional else [])))
    chosen = [a for a in (answer if isinstance(answer, list) else [answer]) if a is not None]
    if not chosen and not eff.optional:
        raise IllegalActionError(f"{r.name}: exile {count} card(s)")
    if len(chosen) > count or any(c not in options for c in chosen):
        raise IllegalActionError(f"{r.name}: choose up to {count} of the cards that can be exiled")
    gone = []
    for c in chosen:
        ctx.log("701.13a", f"{g.players[p].name} exiles {name_of(ctx, c)} from {g.players[owner].name}'s {eff.zone}")
        new = move(ctx, c, Zone.EXILE, "exile")
        if new is not None and new in g.objects:
            gone.append(new)
    if eff.link:
        exiled(ctx, r, eff.link, eff.until_leaves, gone)


class _CostContext:
    """What a linked quantity needs to be read outside a resolution (an activation cost's X)."""

    def __init__(self, source: int, controller: int) -> None:
        self.source = source
        self.link_source = source
        self.controller = controller


def cost_x(ctx: Ctx, source: int, controller: int, q: Any) -> int:
    """The X an activation cost's text sets ("X is the mana value of the exiled card")."""
    value = q.fixed + (q.scale * linked_amount(ctx.g, q, _CostContext(source, controller)) if q.link else 0)
    ctx.log("607.3", f"X is {value} ({characteristic_source(ctx, source)})")
    return value


def characteristic_source(ctx: Ctx, source: int) -> str:
    from .primitives import name_of
    return name_of(ctx, source)


def choose_linked(ctx: Ctx, r: Any, found: list[int]) -> list[int]:
    """CR 607.3: an ability acting on "a card exiled with ~" acts on the one its controller
    chooses among the linked cards (asked even when only one is there)."""
    if not found:
        return []
    answer = ctx.ask(Decision(r.controller, "choose", f"choose a card linked to {r.name}", list(found)))
    if answer not in found:
        raise IllegalActionError(f"{r.name}: choose one of the cards linked to it (CR 607.3)")
    return [answer]


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


def record_cost_exiles(ctx: Ctx, spell: int, events: list[Any]) -> None:
    """Records on the spell the cards its costs exiled (the events of its payment)."""
    cards = [ev.new_id for ev in events if isinstance(ev, ZoneChange) and ev.to_zone is Zone.EXILE
             and ev.new_id and ev.new_id in ctx.g.objects and ev.cause in ("delve", "cost")]
    if cards:
        add(ctx.g, spell, COST_EXILED, cards)


def gain_abilities(ctx: Ctx, eff: GainAbilities, r: Any) -> None:
    """Quicksilver Elemental: the activated abilities ``of`` has now, gained in layer 6 until end
    of turn (CR 611.2c: the affected object fixed now). Their links are renamed for this effect,
    so a pair gained together is linked only to itself (CR 607.5)."""
    from .primitives import name_of
    from .resolve import refs
    g = ctx.g
    sources = [o for o in refs(ctx, eff.of, r) if o in g.objects]
    targets = [o for o in refs(ctx, eff.what, r) if o in g.objects and g.objects[o].zone is Zone.BATTLEFIELD]
    if not sources or not targets:
        return
    ts = g.new_timestamp()
    gained = relink(characteristics(g, sources[0]).script.activated, f"@q{ts}")
    g.effects.append(ContinuousEffect(ts, (ChangeAbilities(add_activated=gained),), frozenset(targets),
                                      "end_of_turn" if eff.until_end_of_turn else "", r.source, r.controller))
    g.changed()
    for t in targets:
        ctx.log("613.1f", f"{name_of(ctx, t)} gains the activated abilities of {name_of(ctx, sources[0])}"
                + (" until end of turn" if eff.until_end_of_turn else "") + " (linked only among themselves, CR 607.5)")


def block_requirements(g: Any) -> list[tuple[int, int]]:
    """(blocker, attacker) pairs a requirement asks for this turn ("blocks ~ this turn if able")."""
    out = []
    for oid in g.battlefield:
        req = g.objects[oid].choices.get("must_block")
        if req and req[1] == g.turn and req[0] in g.objects and g.objects[req[0]].attacking is not None:
            out.append((oid, req[0]))
    lures = [a for a in g.battlefield if g.objects[a].attacking is not None and LURE in characteristics(g, a).keywords]
    if lures:
        # Lure: every creature of the defending player able to block it must (CR 509.1c)
        defender = g.opponent(g.active)
        for b in g.battlefield:
            ch = characteristics(g, b)
            if "Creature" in ch.types and ch.controller == defender:
                out += [(b, a) for a in lures if (b, a) not in out]
    return out


def cast_linked(ctx: Ctx, eff: CastLinked, r: Any) -> None:
    """Knowledge Pool: the player may cast one of the linked cards while this resolves (CR
    608.2g), without paying its mana cost (CR 118.9); the card exiled by this very resolution is
    linked too (CR 607.1c) but "other" leaves it out."""
    from .primitives import name_of
    from .resolve import players_of, refs
    g = ctx.g
    src = link_source(r)
    here = set(r.moved.values())
    if eff.if_exiled and not any(c in here for c in record(g, src, eff.link)):
        return                                           # "If the player does"
    players = players_of(refs(ctx, eff.who, r))
    if not players:
        return
    p = players[0]
    options = [c for c in linked_objects(g, src, eff.link)
               if g.objects[c].zone is Zone.EXILE and not (eff.other and c in here)
               and "Land" not in characteristics(g, c).types
               and not uncastable_copy(g, p, c, eff.free)]     # one that can't be cast isn't offered (CR 601.2c-h)
    if not options:
        return
    answer = ctx.ask(Decision(p, "cast", f"you may cast a spell from among the cards exiled with {r.name}"
                              + (" without paying its mana cost" if eff.free else "") + " (or none)",
                              options + [None]))
    if answer is None:
        ctx.log("608.2g", f"{g.players[p].name} casts nothing ({r.name})")
        return
    ctx.log("608.2g", f"{g.players[p].name} casts {name_of(ctx, answer)} from exile ({r.name})")
    cast_spell(ctx, p, answer, {"action": "cast", "object": answer, "from": "exile", "by_effect": True,
                                "free": eff.free})


def cast_card(ctx: Ctx, eff: CastCard, r: Any) -> None:
    """Miracle's trigger: "you may cast it by paying [cost] rather than its mana cost" (CR 702.94a,
    608.2g, 118.9), if it is still the revealed card in its owner's hand."""
    from .primitives import name_of
    from .resolve import refs
    g = ctx.g
    for oid in refs(ctx, eff.what, r):
        if oid not in g.objects or g.objects[oid].zone is not Zone.HAND:
            continue
        name = name_of(ctx, oid)
        if eff.optional and not ctx.ask(Decision(r.controller, "yesno", f"cast {name} for {eff.mana or 'free'}?",
                                                 [True, False])):
            continue
        action = {"action": "cast", "object": oid, "by_effect": True}
        action.update({"alt_mana": eff.mana} if eff.mana else {"free": True})
        cast_spell(ctx, r.controller, oid, action)


def miracle(ctx: Ctx, card: int) -> None:
    """CR 702.94a: as its owner draws it as their first card this turn, they may reveal a card
    with miracle; revealing it triggers the linked "when you reveal it this way" ability
    (CR 607.2h, 603.11), whose source is the card in hand."""
    g = ctx.g
    ch = characteristics(g, card)
    cost = ch.script.miracle
    owner = g.objects[card].owner
    if not ctx.ask(Decision(owner, "yesno", f"reveal {ch.name} as you draw it (miracle {cost})?", [True, False])):
        return
    ctx.log("702.94a", f"{g.players[owner].name} reveals {ch.name} (miracle)")
    ability = TriggeredAbility(Trigger("draw_first"), (CastCard(Ref("self"), cost),),
                               text=f"Miracle {cost} — when you reveal this card this way, you may cast it by paying "
                                    f"{cost} rather than its mana cost.")
    _add(ctx, owner, card, ch.name, ability)


def exert_attackers(ctx: Ctx, attackers: list[int]) -> None:
    """CR 508.1g, 701.43: "You may exert ~ as it attacks. When you do, ..." — an optional cost
    to attack; exerted, it won't untap during its controller's next untap step, and the linked
    reflexive trigger (CR 607.2h, 603.12) triggers."""
    g = ctx.g
    for oid in attackers:
        ch = characteristics(g, oid)
        if not ch.script.exert:
            continue
        if not ctx.ask(Decision(ch.controller, "yesno", f"exert {ch.name} as it attacks?", [True, False])):
            continue
        g.obj(oid).choices["exerted"] = ch.controller
        ctx.log("701.43a", f"{g.players[ch.controller].name} exerts {ch.name}: it won't untap during their next "
                "untap step")
        ability = TriggeredAbility(Trigger("reflexive", "you"), ch.script.exert, text=ch.script.exert_text or "When you do")
        create_reflexive(ctx, ch.controller, oid, ch.name, ability)               # CR 603.12


def next_untap_passes(g: Any, oid: int) -> None:
    """An untapped permanent's "doesn't untap during [its controller's] next untap step" ends with
    that step, having had nothing to do (exerted, CR 701.43a; CR 502.3)."""
    o = g.objects[oid]
    for key in ("exerted", "skip_next_untap"):
        if o.choices.get(key) == g.active:
            del g.obj(oid).choices[key]


def stays_tapped(ctx: Ctx, oid: int) -> bool:
    """Whether a permanent doesn't untap during this untap step: exerted (CR 701.43a, once), or
    "it doesn't untap during its controller's untap step for as long as you control ~"."""
    g = ctx.g
    o = g.objects[oid]
    if o.choices.get("exerted") == g.active:
        del g.obj(oid).choices["exerted"]
        ctx.log("701.43a", f"{characteristics(g, oid).name} was exerted and doesn't untap")
        return True
    if o.choices.get("skip_next_untap") == g.active:
        del g.obj(oid).choices["skip_next_untap"]
        ctx.log("502.3", f"{characteristics(g, oid).name} doesn't untap during this untap step")
        return True
    hold = o.choices.get("no_untap")
    if hold:
        source, controller = hold
        if source in g.battlefield and characteristics(g, source).controller == controller:
            ctx.log("502.3", f"{characteristics(g, oid).name} doesn't untap ({characteristics(g, source).name})")
            return True
    return False


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


def create_emblem(ctx: Ctx, eff: CreateEmblem, r: Any) -> None:
    """CR 114.1-114.2: the emblem goes to its controller's command zone; its abilities read the
    records of the object whose ability made it (CR 607.1d)."""
    g = ctx.g
    emblem = GameObject(g.new_id(), None, r.controller, Zone.COMMAND, g.new_timestamp())
    emblem.choices = {"emblem": eff, "link_source": link_source(r)}
    g.objects[emblem.id] = emblem
    g.zones[(r.controller, Zone.COMMAND)].append(emblem.id)
    g.changed()
    ctx.log("114.2", f"{g.players[r.controller].name} gets an emblem with \"{eff.text}\" ({r.name})")
