"""What linked abilities do (CR 607): choose and note (607.2d-g), exile "with" an object
(607.2a), create tokens linked to it (607.2c), cast from among the linked cards (608.2g), the
"as enters" choices (614.12) and the cards returning when their source leaves (610.3); and what
reads the records with the objects' characteristics (linked mana, "exiled with ~" permissions,
"can't be activated" by a chosen name).

The records themselves (``GameState.links``: per object and per pair of linked abilities) are
:mod:`effects.link_records`, below the layers and the triggers that read them.
"""
from __future__ import annotations

from typing import Any

from ..agents.decisions import Decision, player_ref
from ..cards.compiler.keywords import LURE
from ..cards.compiler.lexicon import creature_types
from ..cards.database import card_db
from ..cards.vocabulary import (
    CastCard, CastLinked, ChangeAbilities, Choose, CreateEmblem, ExileChosen, ExileTop, Filter,
    GainAbilities, Note, PlayFrom, Trigger, TriggeredAbility,
)
from ..core.enums import Zone
from ..core.mana import COLOR_NAMES, ManaCost
from ..core.errors import IllegalActionError
from ..rules.context import Ctx
from ..state.objects import GameObject
from .events import ZoneChange
from .exile_permissions import permitted
from .layers import ContinuousEffect, characteristics, controller_of, matches, permanents_with
from .rules_interface import can_pay, cast_spell, pay_mana, uncastable_copy
from .link_values import linked_amount
from .primitives import lose_life, move, name_of
from .resolve import amount, players_of, refs
from .triggers import create_reflexive
from .link_records import (
    COST_EXILED, UNTIL, CostContext, add, link_source, linked_objects, record, relink, set_value,
)
# (``rules.turn`` reads ``next_untap_passes`` here: it is a record's)
from .link_records import next_untap_passes  # noqa: F401

#: The basic land types (CR 205.3i), in the order of the colors they make (CR 305.6).
_BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
_STACK = Zone.STACK            # (a module constant: an Enum member read off the class costs several times more)


# -- effects ------------------------------------------------------------------------------------
def exiled(ctx: Ctx, r: Any, link: str, until: bool, cards: list[int]) -> None:
    """Records the cards an exiling instruction of a linked ability put into exile (CR 607.2a)."""
    src = link_source(r)
    add(ctx.g, src, link, cards)
    if cards:
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
        elif eff.kind == "basic_land_type":
            value = ctx.ask(Decision(p, "name", f"choose a basic land type for {name}", list(_BASIC_LAND_TYPES)))
            if value not in _BASIC_LAND_TYPES:
                raise IllegalActionError(f"{name}: choose a basic land type ({', '.join(_BASIC_LAND_TYPES)}; "
                                         "CR 205.3i)")
            ctx.log("607.2d", f"{who} chooses {value} for {name}")
        elif eff.kind == "pay_life":
            life = max(0, g.players[p].life)
            value = ctx.ask(Decision(p, "number", f"pay any amount of life for {name} (you have {life})",
                                     list(range(0, life + 1))))
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= life:
                raise IllegalActionError(f"{name}: pay an amount of life from 0 to {life} (CR 119.4)")
            if value:
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


def activation_forbidden(g: Any, player: int, oid: int, mana: bool = False) -> str | None:
    """ "Activated abilities of sources with the chosen name can't be activated" (Voidstone
    Gargoyle, CR 602.5): the reason, if a permanent's static ability forbids activating ``oid``'s
    abilities (its chosen name read from that permanent's record, CR 607.2d). ``mana``: the
    ability is a mana ability, which "unless they're mana abilities" allows (Pithing Needle, CR
    605.1a)."""
    if oid in g.objects and "can't activate" in characteristics(g, oid).keywords:
        return "an effect says its activated abilities can't be activated (CR 602.5)"   # Arrest
    for sid, sch in permanents_with(g, "cast_restrictions"):
        for r in sch.script.cast_restrictions:
            if not r.abilities or (mana and r.except_mana):
                continue
            if r.whose == "opponent" and player == sch.controller or r.whose == "you" and player != sch.controller:
                continue
            if matches(g, oid, r.spells, sch.controller, sid):
                return f"{sch.name}: {r.text or 'its abilities can’t be activated'} (CR 602.5)"
    return None


def exile_top(ctx: Ctx, eff: ExileTop, r: Any) -> None:
    """ "That player exiles the top card of their library" (CR 701.13a), linked to the source
    (CR 607.2a); face down if it says so (CR 406.3a)."""
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
    if permitted(g, player, oid, land):              # the card's own permission (impulse draw)
        return PlayFrom("", lands=land, spells=not land)
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
    if eff.who is not None:
        for p in players_of(refs(ctx, eff.who, r)):
            _exile_chosen_from(ctx, eff, r, p, chooser=p)     # "target player exiles a card from their ..."
        return
    if eff.whose == "each_opponent":
        if eff.until_leaves and link_source(r) not in g.battlefield:
            ctx.log("610.3b", f"{r.name} has already left the battlefield: nothing is exiled")
            return
        for opp in [q for q in g.apnap() if q != r.controller]:
            _exile_chosen_from(ctx, eff, r, opp)
        return
    _exile_chosen_from(ctx, eff, r, r.controller)


def _exile_chosen_from(ctx: Ctx, eff: ExileChosen, r: Any, owner: int, chooser: int | None = None) -> None:
    g = ctx.g
    p = r.controller if chooser is None else chooser
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


def cost_x(ctx: Ctx, source: int, controller: int, q: Any) -> int:
    """The X an activation cost's text sets ("X is the mana value of the exiled card")."""
    value = q.fixed + (q.scale * linked_amount(ctx.g, q, CostContext(source, controller)) if q.link else 0)
    ctx.log("607.3", f"X is {value} ({name_of(ctx, source)})")
    return value


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


def _defending_player(g: Any, attacker: int) -> int | None:
    """The player an attacking creature attacks, or the controller of the planeswalker it attacks
    (CR 802.2a)."""
    defending = g.objects[attacker].attacking
    if defending is not None and defending < 0:
        return -defending - 1
    return controller_of(g, defending) if defending in g.objects else None


def block_requirements(g: Any) -> list[tuple[int, int]]:
    """(blocker, attacker) pairs a requirement asks for this turn ("blocks ~ this turn if able")."""
    out = []
    for oid in g.battlefield:
        req = g.objects[oid].choices.get("must_block")
        if req and req[1] == g.turn and req[0] in g.objects and g.objects[req[0]].attacking is not None:
            out.append((oid, req[0]))
    lures = [a for a in g.battlefield if g.objects[a].attacking is not None and LURE in characteristics(g, a).keywords]
    if lures:
        # Lure: every creature of the defending player able to block it must (CR 509.1c); with
        # several defending players, the one it attacks (CR 802.2a)
        for b in g.battlefield:
            ch = characteristics(g, b)
            if "Creature" in ch.types:
                out += [(b, a) for a in lures if (b, a) not in out and ch.controller == _defending_player(g, a)]
    return out


def cast_linked(ctx: Ctx, eff: CastLinked, r: Any) -> None:
    """Knowledge Pool: the player may cast one of the linked cards while this resolves (CR
    608.2g), without paying its mana cost (CR 118.9); the card exiled by this very resolution is
    linked too (CR 607.1c) but "other" leaves it out."""
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
    g = ctx.g
    for oid in refs(ctx, eff.what, r):
        if oid not in g.objects or g.objects[oid].zone is not Zone.HAND:
            continue
        name = name_of(ctx, oid)
        problem = uncastable_copy(g, r.controller, oid, free=not eff.mana, alt_mana=eff.mana)
        if problem:
            # no "yes" to offer that could be carried out (a miracle cost that can't be paid, CR 601.2h)
            ctx.log("608.2g", f"{name} can't be cast ({problem})")
            continue
        if eff.optional and not ctx.ask(Decision(r.controller, "yesno", f"cast {name} for {eff.mana or 'free'}?",
                                                 [True, False])):
            continue
        action = {"action": "cast", "object": oid, "by_effect": True}
        action.update({"alt_mana": eff.mana} if eff.mana else {"free": True})
        cast_spell(ctx, r.controller, oid, action)


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
