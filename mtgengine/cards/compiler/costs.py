from __future__ import annotations

import re
from dataclasses import replace

from .filters import card_filter, parse_filter
from .lexicon import NUM, num
from ..vocabulary import (Cost, CostObjects)


def action_cost(text: str) -> Cost | None:
    """The action of "you may pay {1}", "you may pay 2 life", "you may sacrifice another
    creature", "you may discard a nonland card", "sacrifice ~" as a cost (CR 118.3)."""
    t = re.sub(r"^pay (?=\{)", "", text.strip(), flags=re.IGNORECASE)
    t = re.sub(r"^sacrifice another ", "sacrifice one other ", t, flags=re.IGNORECASE)
    t = re.sub(r"^sacrifice (it|this (?:creature|artifact|enchantment|land|permanent))$", "sacrifice ~", t,
               flags=re.IGNORECASE)
    if "," in t:
        return None
    cost = parse_cost(t)
    if cost is None or cost.tap or cost.untap or cost.energy or "X" in cost.mana:
        return None
    return cost


def parse_cost(text: str) -> Cost | None:
    objects: list[CostObjects] = []
    # "Remove three counters from among other artifacts, creatures, and planeswalkers you
    # control" has commas of its own: taken out before the cost is split into its parts
    if m := re.search(r"(?:^|, )remove " + NUM + r" counters from among (.+?) you control(?=,|$)", text, re.I):
        flt = parse_filter(re.sub(r",? and |, ", " or ", m.group(2)))
        if flt is None or flt.spells:
            return None
        objects.append(CostObjects("remove_counters", num(m.group(1)).fixed, replace(flt, controller="you")))
        text = text[: m.start()] + text[m.end():]
    parts = [p.strip() for p in text.split(",") if p.strip()]
    mana = ""
    tap = sac = untap = False
    life = energy = 0
    loyalty: int | None = None
    put_counter = ""
    for part in parts:
        if lm := re.fullmatch(r"\[?(?:([+−-])(\d+)|(0))\]?", part):
            # CR 606.2, 606.4: [+1], [−2], and [0] (a loyalty ability whose cost moves no counters)
            loyalty = 0 if lm.group(3) else int(lm.group(2)) * (1 if lm.group(1) == "+" else -1)
            if len(parts) > 1:
                return None
        elif part == "{T}":
            tap = True
        elif part == "{Q}":
            untap = True                                   # CR 107.6
        elif m := re.fullmatch(r"(?:pay )?((?:\{E\})+)", part, re.I):
            energy += m.group(1).upper().count("{E}")     # CR 107.14
        elif re.fullmatch(r"(\{[0-9WUBRGCSX/P]+\})+", part):
            mana += part
        elif part.lower() == "sacrifice ~":
            sac = True
        elif (pc := re.fullmatch(r"put an? ([+-]\d+/[+-]\d+) counter on ~", part, re.I)) and not put_counter:
            put_counter = pc.group(1)                                   # Wall of Roots
        elif m := re.fullmatch(r"pay (\d+) life", part, re.I):
            life = int(m.group(1))
        elif (obj := _cost_objects(part)) is not None:
            objects.append(obj)
        else:
            return None
    return Cost(mana=mana, tap=tap, sacrifice_self=sac, pay_life=life, objects=tuple(objects), untap=untap,
                energy=energy, loyalty=loyalty, put_counter=put_counter)


def _cost_objects(part: str) -> CostObjects | None:
    """ "Sacrifice two other artifacts and/or creatures", "Discard two cards", "Exile three
    creature cards from your graveyard" (CR 118.3, 602.2b; the Dominus cycle)."""
    if m := re.fullmatch(r"sacrifice " + NUM + r" (other )?(.+)", part, re.I):
        flt = parse_filter(m.group(3).replace("and/or", "or"))
        if flt is None or flt.spells or flt.controller:
            return None
        return CostObjects("sacrifice", num(m.group(1)).fixed, replace(flt, controller="you", other=bool(m.group(2))))
    if m := re.fullmatch(r"discard " + NUM + r" cards?", part, re.I):
        return CostObjects("discard", num(m.group(1)).fixed)
    if (m := re.fullmatch(r"discard " + NUM + r" (.+?) cards?", part, re.I)) and (flt := parse_filter(m.group(2))):
        return CostObjects("discard", num(m.group(1)).fixed, flt)      # "discard a nonland card"
    if m := re.fullmatch(r"exile " + NUM + r" (.+?) cards? from your graveyard", part, re.I):
        flt = card_filter(m.group(2))
        return CostObjects("exile", num(m.group(1)).fixed, flt) if flt is not None else None
    return None
