"""Costs of activated abilities and of actions paid like costs (CR 118, 602.1, 606.4): "{2}{R},
{T}, Sacrifice ~", "[−2]", "Remove three counters from among ...", "you may pay 2 life"."""
from __future__ import annotations

import re
from dataclasses import replace

from .filters import card_filter, parse_filter
from .grammar import attempt, template
from .keywords import counter_kind_ok
from .lexicon import num
from .text import consume, fullmatch, search, sub
from ..vocabulary import Cost, CostObjects, Filter

_REMOVE_COUNTERS = template(r"(?:^|, )remove {NUM} counters from among (.+?) you control(?=,|$)")


@attempt
def action_cost(text: str) -> Cost | None:
    """The action of "you may pay {1}", "you may pay 2 life", "you may pay {E}{E}" (CR 107.14),
    "you may sacrifice another creature", "you may discard a nonland card", "sacrifice ~" as a
    cost (CR 118.3)."""
    t = sub(r"^pay (?=\{)(?!\{E\})", "", text.strip(), re.IGNORECASE, understood=True)
    t = sub(r"^sacrifice another ", "sacrifice one other ", t, re.IGNORECASE)
    t = sub(r"^sacrifice (it|this (?:creature|artifact|enchantment|land|permanent))$", "sacrifice ~", t,
            re.IGNORECASE)
    if "," in t:
        return None
    cost = parse_cost(t)
    if cost is None or cost.tap or cost.untap or "X" in cost.mana:
        return None
    return cost


@attempt
def parse_cost(text: str) -> Cost | None:
    """An activation cost: its parts, separated by commas (CR 602.1a)."""
    objects: list[CostObjects] = []
    # "Remove three counters from among other artifacts, creatures, and planeswalkers you
    # control" has commas of its own: taken out before the cost is split into its parts
    if m := search(_REMOVE_COUNTERS, text, re.I):
        flt = parse_filter(sub(r",? and |, ", " or ", m.group(2)))
        if flt is None or flt.spells:
            return None
        m.consume()
        objects.append(CostObjects("remove_counters", num(m.group(1)).fixed, replace(flt, controller="you")))
        text = text[: m.start()] + text[m.end():]
    parts = [p.strip() for p in text.split(",") if p.strip()]
    mana = ""
    tap = sac = untap = discard = False
    exile_self = ""
    life = energy = 0
    loyalty: int | None = None
    put_counter = remove_counter = ""
    remove_amount = 1
    remove_x = False
    for part in parts:
        if lm := fullmatch(r"\[?(?:([+−-])(\d+)|(0))\]?", part):
            # CR 606.2, 606.4: [+1], [−2], and [0] (a loyalty ability whose cost moves no counters)
            loyalty = 0 if lm.group(3) else int(lm.group(2)) * (1 if lm.group(1) == "+" else -1)
            if len(parts) > 1:
                return None
        elif part == "{T}":
            tap = True
        elif part == "{Q}":
            untap = True                                   # CR 107.6
        elif m := fullmatch(r"(?:pay )?((?:\{E\})+)", part, re.I):
            energy += m.group(1).upper().count("{E}")     # CR 107.14
        elif fullmatch(r"(\{[0-9WUBRGCSX/P]+\})+", part):
            mana += part
        elif part.lower() == "sacrifice ~":
            sac = True
        elif part.lower() == "discard ~":
            discard = True                                 # channel: it functions from the hand (CR 113.6m)
        elif part.lower() in ("exile ~ from your graveyard", "exile this card from your graveyard"):
            exile_self = "graveyard"                       # it functions from the graveyard (CR 113.6m)
        elif part.lower() in ("exile ~ from your hand", "exile this card from your hand"):
            exile_self = "hand"                            # the Spirit Guides: it functions from the hand (CR 113.6m)
        elif part.lower() in ("exile ~", "exile this artifact", "exile this permanent", "exile this enchantment",
                              "exile this creature"):
            exile_self = "battlefield"                     # "{1}, Exile ~: ..." (Relic of Progenitus, CR 118.3)
        elif (pc := fullmatch(r"put an? ([+-]\d+/[+-]\d+) counter on ~", part, re.I)) and not put_counter:
            put_counter = pc.group(1)                                   # Wall of Roots
        elif (rx := fullmatch(r"remove (?:x|any number of) ([\w+/-]+) counters from ~", part, re.I)) \
                and not remove_counter and counter_kind_ok(rx.group(1).lower()):
            remove_counter, remove_x = rx.group(1).lower(), True       # the storage lands (CR 107.3a)
        elif (rc := fullmatch(template(r"remove (?:an? ([\w+/-]+) counter|{COUNT} ([\w+/-]+) counters) from ~"),
                              part, re.I)) and not remove_counter \
                and counter_kind_ok((rc.group(1) or rc.group(3)).lower()):
            # the Vivid lands' "Remove a charge counter from ~"; "Remove three spore counters from ~"
            remove_counter = (rc.group(1) or rc.group(3)).lower()
            remove_amount = num(rc.group(2)).fixed if rc.group(2) else 1
        elif m := fullmatch(r"pay (\d+) life", part, re.I):
            life = int(m.group(1))
        elif (obj := _cost_objects(part)) is not None:
            objects.append(obj)
            continue                                       # (it read its own words)
        else:
            return None
        consume(part)
    return Cost(mana=mana, tap=tap, sacrifice_self=sac, pay_life=life, objects=tuple(objects), untap=untap,
                energy=energy, loyalty=loyalty, put_counter=put_counter, discard_self=discard,
                remove_counter=remove_counter, remove_counter_amount=remove_amount, remove_counter_x=remove_x,
                exile_self=exile_self)


@attempt
def _cost_objects(part: str) -> CostObjects | None:
    """ "Sacrifice two other artifacts and/or creatures", "Discard two cards", "Exile three
    creature cards from your graveyard" (CR 118.3, 602.2b; the Dominus cycle)."""
    if m := fullmatch(template(r"sacrifice {NUM} (other )?(.+)"), part, re.I):
        flt = parse_filter(m.group(3).replace("and/or", "or"))
        if flt is None or flt.mana_value_is is not None or flt.spells or flt.controller:
            return None
        m.consume()
        return CostObjects("sacrifice", num(m.group(1)).fixed, replace(flt, controller="you", other=bool(m.group(2))))
    if m := fullmatch(r"sacrifice (another .+)", part, re.I):
        # "Sacrifice another creature" (Ahn-Crop Invader): one permanent other than the source
        flt = parse_filter(m.group(1).replace("and/or", "or"))
        if flt is None or flt.mana_value_is is not None or flt.spells or flt.controller or not flt.other:
            return None
        m.consume()
        return CostObjects("sacrifice", 1, replace(flt, controller="you"))
    if m := fullmatch(template(r"tap {NUM} untapped (.+?) you control"), part, re.I):
        flt = parse_filter(m.group(2).replace("and/or", "or"))
        if flt is None or flt.mana_value_is is not None or flt.spells or flt.controller or flt.tapped is not None:
            return None
        m.consume()                 # "Tap an untapped creature you control" (Jaspera Sentinel, CR 118.3)
        return CostObjects("tap", num(m.group(1)).fixed, replace(flt, controller="you", tapped=False))
    if m := fullmatch(template(r"discard {NUM} cards?"), part, re.I):
        m.consume()
        return CostObjects("discard", num(m.group(1)).fixed)
    if (m := fullmatch(template(r"discard {NUM} (.+?) cards?"), part, re.I)) and (flt := parse_filter(m.group(2))) \
            and flt.mana_value_is is None:
        m.consume()
        return CostObjects("discard", num(m.group(1)).fixed, flt)      # "discard a nonland card"
    if m := fullmatch(template(r"exile {NUM} (other )?cards? from your graveyard"), part, re.I):
        m.consume()                 # "Exile two cards from your graveyard" (Grim Lavamancer, Psychatog)
        return CostObjects("exile", num(m.group(1)).fixed, Filter(other=bool(m.group(2))))
    if m := fullmatch(template(r"exile {NUM} (.+?) cards? from your graveyard"), part, re.I):
        flt = card_filter(m.group(2))
        if flt is None or flt.mana_value_is is not None:
            return None
        m.consume()
        return CostObjects("exile", num(m.group(1)).fixed, flt)
    return None
