"""The continuous effects as the layer system applies them (CR 611, 613.1-613.6): the effect a
static ability generates (CR 611.3), what each modification does in its layer and sublayer,
and the objects an effect applies to, locked in as it begins to apply (CR 613.6).

``effects.layers`` gathers the effects and applies them layer by layer;
``effects.layer_dependency`` orders each layer's effects (CR 613.7, 613.8).
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..cards.compiler.lexicon import CHOSEN_PROTECTION, creature_types
from ..cards.vocabulary import (
    ChangeAbilities, ChangeColors, ChangeText, ChangeTypes, Choose, Condition, CopyOf, Filter, ModifyPT, Modification,
    Quantity, SetController, SetPT, StaticAbility, SwitchPT,
)
from ..agents.decisions import player_ref
from ..core.enums import Zone
from ..core.mana import COLOR_NAMES
from .characteristics import (
    CARD_TYPES, EMPTY_SCRIPT, Characteristics, matches_characteristics, matches_keywords_and_power,
)
from .link_records import card_choice, chosen, record, relink
from .static_conditions import STATIC_ONLY_KINDS, static_only_value
from .text_change import apply as change_text

if TYPE_CHECKING:
    from ..state.game_state import GameState

_EMPTY: frozenset[str] = frozenset()
_ANY = Filter()

#: The layers and sublayers after layer 1, in order (CR 613.1b-g, 613.4).
LAYERS = ("2", "3", "4", "5", "6", "7a", "7b", "7c", "7d")
#: Every land type (CR 205.3i), which a basic-land-type-setting effect removes (CR 305.7).
LAND_TYPES = frozenset({"Cave", "Cloud", "Desert", "Forest", "Gate", "Island", "Lair", "Locus", "Mine",
                        "Mountain", "Plains", "Planet", "Power-Plant", "Sphere", "Swamp", "Tower", "Town",
                        "Urza's"})


def layer_of(mod: Modification, cda: bool) -> str:
    """The layer or sublayer a modification applies in (CR 613.1, 613.4)."""
    if isinstance(mod, CopyOf):
        return "1a"                      # applied with the copiable values (copiable_values)
    if isinstance(mod, SetController):
        return "2"
    if isinstance(mod, ChangeText):
        return "3"
    if isinstance(mod, ChangeTypes):
        return "4"
    if isinstance(mod, ChangeColors):
        return "5"
    if isinstance(mod, ChangeAbilities):
        return "6"
    if isinstance(mod, SetPT):
        return "7a" if cda else "7b"
    if isinstance(mod, ModifyPT):
        return "7c"
    return "7d"


#: What an effect's affected set is read from (``Effect.kind``): fixed as the effect began (a
#: resolved spell or ability, CR 611.2c), its source itself, the permanent its source is attached
#: to, or the permanents its source's filter selects (CR 611.3a).
RESOLVED, SELF, ATTACHED, FILTERED = 0, 1, 2, 3


class Effect:
    """One continuous effect while the layers are applied: what it does in each layer, and
    the objects it applies to, fixed in the first layer it applies in (CR 613.6).

    ``affected`` is None for a static ability's effect until it begins to apply; it is then
    locked in, as is a resolved effect's from the start. ``reads`` and ``writes``: the
    characteristics its existence and affected set read and those its modifications change
    (``layer_dependency``), computed when asked (-1 until then)."""

    __slots__ = ("timestamp", "layers", "affected", "source", "ability", "controller", "cda", "kind", "reads",
                 "writes")

    def __init__(self, timestamp: int, mods: tuple[Modification, ...], controller: int, cda: bool = False,
                 affected: frozenset[int] | None = None, source: int = 0,
                 ability: StaticAbility | None = None) -> None:
        self.timestamp = timestamp
        self.layers: dict[str, list[Modification]] = {}
        for mod in mods:
            self.layers.setdefault(layer_of(mod, cda), []).append(mod)
        self.affected = affected
        self.source = source
        self.ability = ability
        self.controller = controller
        self.cda = cda
        self.kind = RESOLVED if ability is None else SELF if ability.affects == "self" \
            else ATTACHED if ability.affects in ("enchanted", "equipped") else FILTERED
        self.reads = self.writes = -1

    def exists(self, chars: dict[int, Characteristics]) -> bool:
        """A static ability's effect exists while its source has the ability (CR 611.3a),
        unless it has already begun to apply (CR 613.6)."""
        if self.ability is None or self.affected is not None:
            return True
        src = chars.get(self.source)
        return src is not None and self.ability in src.script.static

    def targets(self, state: GameState, chars: dict[int, Characteristics]) -> frozenset[int]:
        """The objects among ``chars`` it applies to, as they stand (CR 611.3a); a condition
        ("as long as you control a Forest", CR 611.3b) that doesn't hold: none."""
        if self.affected is not None:
            return self.affected
        sid = self.source
        kind = self.kind
        if kind == SELF:
            found: Any = (sid,) if sid in chars else ()
        elif kind == ATTACHED:
            attached = state.objects[sid].attached_to
            found = (attached,) if attached in chars else ()
        else:
            ab = self.ability
            assert ab is not None
            flt = ab.filter or _ANY
            src = chars.get(sid)
            you = src.controller if src is not None else state.objects[sid].controller
            if flt.controller == "enchanted":
                # "creatures enchanted player controls" (CR 303.4b): that player's, as "you control"
                host = state.objects[sid].attached_to
                you, flt = (-host - 1, replace(flt, controller="you")) if host is not None and host < 0 \
                    else (-1, replace(flt, controller="you"))          # (no player: nobody's)
            other = flt.other
            linked = flt.controller_in or flt.chosen_color or flt.chosen_name or flt.linked or flt.chosen_type
            status = reads_status(flt)
            found = [oid for oid, ch in chars.items()
                     if not (other and oid == sid) and matches_characteristics(flt, ch, ch.controller, you)
                     and (not status or status_selects(state, flt, oid, ch))
                     and (not linked or linked_select(state, chars, oid, flt, sid))]
        cond = self.ability.condition if self.ability is not None else None
        if found and cond is not None and not static_condition(state, chars, sid, cond):
            return frozenset()
        return frozenset(found)

    def apply(self, state: GameState, chars: dict[int, Characteristics], layer: str) -> None:
        if self.affected is None:
            self.affected = self.targets(state, chars)          # CR 613.6: locked in
        mods = self.layers.get(layer, ())
        for oid in sorted(self.affected):
            ch = chars.get(oid)
            if ch is not None:
                self.apply_to(state, chars, oid, ch, mods)

    def apply_to(self, state: GameState, chars: dict[int, Characteristics], oid: int, ch: Characteristics,
                 mods: Any) -> None:
        """Its modifications ``mods`` (those of one layer) applied to one object."""
        for mod in mods:
            cls = mod.__class__
            if cls is ModifyPT:
                if mod.per is not None:
                    mod = counted(mod, chars, self.controller, oid)
                elif mod.count is not None:                    # "for each card in your hand" (CR 611.3a)
                    times = value_of(state, mod.count, oid, ch)
                    mod = ModifyPT(mod.power * times, mod.toughness * times)
                if ch.power is not None:                       # (``modify``, written out: the most frequent)
                    ch.power += mod.power
                    ch.toughness = (ch.toughness or 0) + mod.toughness
                continue
            if cls is SetPT:
                # counted on the layer pass's values (``value_of``)
                if mod.power is not None:
                    ch.power = value_of(state, mod.power, oid, ch, chars)
                if mod.toughness is not None:
                    ch.toughness = value_of(state, mod.toughness, oid, ch, chars)
                continue
            modify(state, oid, ch, mod, self.controller)
            if cls is ChangeAbilities and (mod.add_triggered or mod.add_activated):
                # granted abilities; from another object, linked only among themselves
                # (CR 607.5); granted by its own ability, as if printed (CR 607.1a)
                suffix = "" if self.source == oid else f"@g{self.timestamp}"
                ch.script = replace(ch.script,
                                    triggered=ch.script.triggered + relink(mod.add_triggered, suffix),
                                    activated=ch.script.activated + relink(mod.add_activated, suffix))


def reads_status(flt: Filter) -> bool:
    """Whether a static ability's filter has parts ``status_selects`` reads."""
    return bool(flt.keywords or flt.not_keywords or flt.token is not None or flt.counter
                or flt.attacking is not None or flt.in_combat is not None)


def status_selects(state: GameState, flt: Filter, oid: int, ch: Characteristics) -> bool:
    """The parts of a static ability's filter beyond types, colors and controllers (CR 611.3a):
    "with flying" (the keywords as the layers stand: only a P/T effect's filter reads them, after
    layer 6, ``cards.compiler.statics``), "tokens" (CR 111.1), "with a +1/+1 counter on it" (CR
    122.1), "attacking" (CR 506.4): counters and combat roles change with ``GameState.changed``,
    so the memo follows them."""
    if (flt.keywords or flt.not_keywords) and not matches_keywords_and_power(flt, ch):
        return False
    o = state.objects[oid]
    if flt.token is not None and o.token != flt.token:
        return False
    if flt.attacking is not None and (o.attacking is not None) != flt.attacking:
        return False                    # "attacking creatures you control" (CR 506.4; ``rules.combat`` calls changed)
    if flt.in_combat is not None and (o.attacking is not None or bool(o.blocking)) != flt.in_combat:
        return False
    return not flt.counter or any(n > 0 and (flt.counter == "any" or k == flt.counter) for k, n in o.counters.items())


def counted(mod: ModifyPT, chars: dict[int, Characteristics], you: int, affected: int) -> ModifyPT:
    """ "+1/+1 for each Forest you control" (Blanchwood Armor): the permanents matching
    ``mod.per`` as the layers stand (CR 613.4c, applied after layers 1-7b), "you" being the
    effect's controller; "other" leaves out the object modified ("for each other creature you
    control", Bravado: other than the enchanted creature)."""
    flt = mod.per
    assert flt is not None
    count = sum(1 for oid, c in chars.items()
                if not (flt.other and oid == affected) and matches_characteristics(flt, c, c.controller, you))
    return ModifyPT(mod.power * count, mod.toughness * count)


def modify(state: GameState, oid: int, ch: Characteristics, mod: Modification, you: int) -> None:
    """Applies one modification to one object's characteristics."""
    if mod.__class__ is ChangeAbilities:
        if mod.remove_all:                                     # type: ignore[union-attr]
            ch.script = EMPTY_SCRIPT
            ch.keywords = _EMPTY
        if mod.remove_keywords:                                # type: ignore[union-attr]
            ch.keywords = ch.keywords - mod.remove_keywords    # type: ignore[union-attr]
        if not mod.add_keywords <= ch.keywords:                # type: ignore[union-attr]
            ch.keywords = ch.keywords | mod.add_keywords       # type: ignore[union-attr]
    elif isinstance(mod, SetController):
        ch.controller = you
    elif isinstance(mod, ChangeText):
        change_text(ch, mod)                                   # layer 3 (CR 612, 613.1c)
    elif isinstance(mod, ChangeTypes):
        if mod.set_land_subtypes and "Land" in ch.types:
            # CR 305.7: the new basic land types replace its land types; it loses the abilities
            # of its rules text (and gains the new types' mana abilities, CR 305.6, after layer 4).
            ch.subtypes = (ch.subtypes - LAND_TYPES) | mod.set_land_subtypes
            ch.script = EMPTY_SCRIPT
            ch.keywords = _EMPTY
        if mod.set_types is not None:
            ch.types = mod.set_types
        if mod.set_subtypes is not None:
            ch.subtypes = mod.set_subtypes
        ch.types = ch.types | mod.add_types
        ch.subtypes = ch.subtypes | mod.add_subtypes
        if mod.remove_types & ch.types:
            ch.types = ch.types - mod.remove_types
            if "Creature" in mod.remove_types:          # CR 205.3d: its creature types go with it
                kinds = frozenset(creature_types())
                ch.subtypes = frozenset(t for t in ch.subtypes if t not in kinds)
    elif isinstance(mod, ChangeColors):
        if mod.pregame:
            color = card_choice(state, oid, mod.pregame)     # "~ is the chosen color" (CR 607.2p, 604.3)
            if color is not None:
                ch.colors = frozenset({color})
        if mod.set_colors is not None:
            ch.colors = mod.set_colors
        ch.colors = ch.colors | mod.add_colors
    elif isinstance(mod, SetPT):
        if mod.power is not None:
            ch.power = value_of(state, mod.power, oid, ch)
        if mod.toughness is not None:
            ch.toughness = value_of(state, mod.toughness, oid, ch)
    elif isinstance(mod, ModifyPT):
        if ch.power is not None:
            ch.power += mod.power
            ch.toughness = (ch.toughness or 0) + mod.toughness
    elif isinstance(mod, SwitchPT):
        if ch.power is not None and ch.toughness is not None:
            ch.power, ch.toughness = ch.toughness, ch.power


def value_of(state: GameState, q: Quantity, oid: int, ch: Characteristics,
             chars: dict[int, Characteristics] | None = None) -> int:
    """A number a layer effect sets or counts: fixed, plus ``scale`` times a count or one of the
    object's own values. "You" is the object's controller (a characteristic-defining ability's,
    CR 604.3). Permanents are counted on ``chars`` (the layer pass's values as they stand: a CDA
    applies in layer 7a, after the types and controllers are set, CR 613.4a) when it holds every
    permanent, else on their copiable values (an object off the battlefield, CR 707.2)."""
    from .layers import copiable_values
    value = 0
    if q.per is not None and not q.stat:
        flt = q.per
        if _whole_battlefield(state, chars, oid):
            assert chars is not None
            value += sum(1 for other, c in chars.items() if not (flt.other and other == oid)
                         and matches_characteristics(flt, c, c.controller, ch.controller)
                         and (flt.face_down is None or state.objects[other].face_down == flt.face_down))
        else:
            value += sum(1 for other in state.battlefield if not (flt.other and other == oid)
                         and matches_characteristics(flt, copiable_values(state, other),
                                                     state.objects[other].controller, ch.controller)
                         and (flt.face_down is None or state.objects[other].face_down == flt.face_down))
    stat = q.stat
    if stat == "mana_value":
        value += ch.mana_cost.mana_value() if ch.mana_cost is not None else 0
    elif stat == "life":
        value += state.players[ch.controller].life
    elif stat == "hand":
        value += len(state.zones[(ch.controller, Zone.HAND)])
    elif stat == "graveyard_card_types":
        # Tarmogoyf: card types among cards in all graveyards (CR 205.2a; copiable values suffice
        # off the battlefield, CR 707.2)
        kinds: set[str] = set()
        for p in state.players:
            for other in state.zones[(p.index, Zone.GRAVEYARD)]:
                kinds |= copiable_values(state, other).types & CARD_TYPES
        value += len(kinds)
    elif stat == "domain":
        # CR 205.3i, 207.2c: basic land types among lands its controller controls
        lands = chars.values() if chars is not None and _whole_battlefield(state, chars, oid) else \
            (copiable_values(state, other) for other in state.battlefield
             if state.objects[other].controller == ch.controller)
        value += len({t for c in lands if c.controller == ch.controller and "Land" in c.types
                      for t in c.subtypes & _BASIC_LAND_TYPES})
    elif stat.startswith("cards_in:"):
        # "the number of creature cards in your graveyard / in all graveyards" (copiable values,
        # CR 707.2: no effect applies to a card there but a CDA, which no filter here reads)
        where = stat[len("cards_in:"):]
        cards = [c for p in state.players for c in state.zones[(p.index, Zone.GRAVEYARD)]] \
            if where == "all_graveyards" else state.zones[(ch.controller, Zone(where))]
        flt = q.per or _ANY
        value += sum(1 for c in cards if c != oid and matches_characteristics(
            flt, copiable_values(state, c), state.objects[c].owner, ch.controller))
    elif stat == "chosen" and q.link:
        v = chosen(state, oid, q.link)            # "equal to the last chosen number" (CR 607.2d)
        return q.fixed + (q.scale * v if isinstance(v, int) and not isinstance(v, bool) else 0)
    return q.fixed + q.scale * value


def _whole_battlefield(state: GameState, chars: dict[int, Characteristics] | None, oid: int) -> bool:
    """Whether ``chars`` is a layer pass over every permanent, ``oid`` among them."""
    return chars is not None and oid in chars and state.objects[oid].zone is Zone.BATTLEFIELD \
        and len(chars) == len(state.battlefield)


#: The basic land types (CR 205.3i).
_BASIC_LAND_TYPES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest"})


def static_effect(state: GameState, sid: int, ab: StaticAbility, ch: Characteristics) -> Effect:
    """The continuous effect a static ability generates (CR 611.3), timestamped like its
    source (CR 613.7a)."""
    mods = [chosen_types(state, sid, mod) if mod.__class__ is ChangeTypes and mod.chosen_type else mod  # type: ignore[union-attr]
            for mod in ab.mods]
    if ab.keywords:
        keywords = chosen_protection(state, sid, ch, ab.keywords) if CHOSEN_PROTECTION in ab.keywords else ab.keywords
        mods.append(ChangeAbilities(add_keywords=keywords))
    if ab.power or ab.toughness:
        mods.append(ModifyPT(ab.power, ab.toughness))
    return Effect(state.objects[sid].timestamp, tuple(mods), ch.controller, ab.cda, source=sid, ability=ab)


def chooses(ab: StaticAbility) -> bool:
    """Whether a static ability's modifications read its source's choice (``chosen_types``)."""
    return any(mod.__class__ is ChangeTypes and mod.chosen_type for mod in ab.mods)  # type: ignore[union-attr]


def chosen_types(state: GameState, sid: int, mod: ChangeTypes) -> Modification:
    """ "Is the chosen type" (Metallic Mimic, Phantasmal Terrain): the type the source chose as it
    entered (CR 607.2d), added or, for a land, its new land type (CR 305.7); nothing while the
    choice is undefined (CR 607.5a)."""
    kind = chosen(state, sid, mod.chosen_type)
    if not isinstance(kind, str):
        return ChangeTypes()
    if mod.chosen_land:
        return ChangeTypes(set_land_subtypes=frozenset({kind}))
    return ChangeTypes(add_subtypes=frozenset({kind}))


def chosen_protection(state: GameState, sid: int, ch: Characteristics, keywords: frozenset[str]) -> frozenset[str]:
    """ "Has protection from the chosen color" (Voice of All): protection from the color the source
    (``sid``, whose characteristics are ``ch``) chose as it entered (CR 607.2d, 702.16a); none
    while its choice is undefined (CR 607.5a)."""
    link = next((e.link for e in ch.script.as_enters if isinstance(e, Choose) and e.kind == "color"), "")
    color = chosen(state, sid, link) if link else None
    kept = keywords - {CHOSEN_PROTECTION}
    return kept | {f"protection from {COLOR_NAMES[color]}"} if color in COLOR_NAMES else kept


def static_condition(state: GameState, chars: dict[int, Characteristics], sid: int, cond: Condition) -> bool:
    """ "As long as you control a Forest" (Kird Ape, CR 611.3b): counted on the permanents'
    characteristics as the layers stand, so no characteristic is asked for while being computed."""
    you = chars[sid].controller if sid in chars else state.objects[sid].controller
    if cond.either is not None:
        return static_condition(state, chars, sid, replace(cond, either=None)) \
            or static_condition(state, chars, sid, cond.either)
    if cond.also is not None and not static_condition(state, chars, sid, cond.also):
        return False
    if cond.kind in STATIC_ONLY_KINDS:                             # (``static_conditions``)
        value = static_only_value(state, chars, sid, cond, you)
        return value is not None and (cond.at_least is None or value >= cond.at_least) \
            and (cond.at_most is None or value <= cond.at_most)
    if cond.kind != "control":
        from .triggers import condition_holds                     # life, cards in a zone: no characteristics
        return condition_holds(state, cond, you, sid)
    flt = cond.filter or _ANY
    value = sum(1 for oid, c in chars.items()
                if c.controller == you and not (flt.other and oid == sid)
                and matches_characteristics(flt, c, c.controller, you))
    return (cond.at_least is None or value >= cond.at_least) and (cond.at_most is None or value <= cond.at_most)


def linked_select(state: GameState, chars: dict[int, Characteristics], oid: int, flt: Filter, sid: int) -> bool:
    """The link parts of a static ability's filter ("creatures controlled by players who chose
    war", CR 607.2f), read from the layers' characteristics as they stand."""
    if not (flt.controller_in or flt.chosen_color or flt.chosen_name or flt.linked or flt.chosen_type):
        return True
    ch = chars[oid]
    if flt.linked and oid not in record(state, sid, flt.linked):
        return False
    if flt.controller_in and player_ref(ch.controller) not in record(state, sid, flt.controller_in):
        return False
    if flt.chosen_color and chosen(state, sid, flt.chosen_color) not in ch.colors:
        return False
    if flt.chosen_type and chosen(state, sid, flt.chosen_type) not in ch.subtypes:
        return False
    return not flt.chosen_name or chosen(state, sid, flt.chosen_name) == ch.name


def reads_off_battlefield(eff: Effect) -> bool:
    """Whether a continuous effect, as the layers apply it, may read something besides the
    permanents and the continuous effects: a condition ("as long as you have 30 or more
    life", CR 611.3b — even "as long as you control" is counted conservatively), a linked
    choice or record (CR 607.2), or a number set from a life total, a hand size or a choice
    (CR 604.3), or a count of cards in a zone other than the battlefield. Only an effect that
    reads none keeps the permanents' memo valid across
    changes off the battlefield (``GameState.changed_off_battlefield``)."""
    ab = eff.ability
    if ab is not None:
        if ab.condition is not None:
            return True
        flt = ab.filter
        if flt is not None and (flt.controller_in or flt.chosen_color or flt.chosen_name or flt.linked
                                or flt.chosen_type) or CHOSEN_PROTECTION in ab.keywords or chooses(ab):
            return True
    for mods in eff.layers.values():
        for mod in mods:
            if isinstance(mod, SetPT) and any(q is not None and (q.stat not in ("", "mana_value") or q.link
                                                                 or (q.per is not None and q.per.zone))
                                              for q in (mod.power, mod.toughness)):
                return True
            if isinstance(mod, ModifyPT) and mod.count is not None:
                return True                                 # a hand or graveyard count (CR 611.3a)
    return False


#: Keyword counters (CR 122.1b): a permanent with one has that keyword.
KEYWORD_COUNTERS = frozenset({"flying", "first strike", "double strike", "deathtouch", "decayed", "exalted", "haste",
                              "hexproof", "indestructible", "lifelink", "menace", "reach", "shadow", "trample",
                              "vigilance"})
_PT_COUNTER = re.compile(r"([+-]\d+)/([+-]\d+)")


def keyword_counters(counters: dict[str, int], ch: Characteristics) -> None:
    """CR 122.1b, 613.1f: keyword counters give their keyword in layer 6."""
    kws = frozenset(k for k, v in counters.items() if v > 0 and k in KEYWORD_COUNTERS)
    if kws:
        ch.keywords = ch.keywords | kws


def pt_counters(counters: dict[str, int], ch: Characteristics) -> None:
    """CR 613.4c: counters that change power and toughness, applied after the layer 7c effects."""
    if ch.power is not None:
        d = counters.get("+1/+1", 0) - counters.get("-1/-1", 0)
        dp = dt = d
        for kind, n in counters.items():
            if "/" in kind and kind not in ("+1/+1", "-1/-1") and (pt := _PT_COUNTER.fullmatch(kind)):
                dp += int(pt.group(1)) * n        # "-0/-1", "+1/+0" counters (CR 122.1a)
                dt += int(pt.group(2)) * n
        ch.power += dp
        ch.toughness = (ch.toughness or 0) + dt
