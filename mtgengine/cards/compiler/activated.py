"""Activated abilities (CR 602): "[Cost]: [Effect.] [Activation instructions.]" — the cost
(``costs``), the effect (``sentences``), a mana ability's restriction on its mana (``mana``,
CR 106.6) and the instructions that limit when it may be activated (``activation_limits``, CR
602.5): "Activate only once each turn", "Activate only as a sorcery", "Activate only if ..."."""
from __future__ import annotations

from dataclasses import replace

from .activation_limits import split_activation_limits
from .costs import parse_cost
from .filters import parse_filter
from .mana import split_mana_restriction
from .script_builder import ScriptBuilder
from .sentences import parse_effects
from .targets import Parse
from .text import Span, fullmatch, search
from ..vocabulary import ActivatedAbility, AddMana, Double


def read_activated(para: Span, face: ScriptBuilder) -> bool:
    """ "{T}: Add {G}.", "{2}, Sacrifice ~: Draw a card. Activate only as a sorcery."."""
    exhaust = fullmatch(r"Exhaust ?[-—–] ?(.+)", para)
    if exhaust is not None:
        # CR 702.177a: "Exhaust — [Cost]: [Effect]" means "[Cost]: [Effect]. Activate only once."
        exhaust.consume()
        para = exhaust.group(1)
    m = fullmatch(r"([^:\"]+): (.+)", para)
    if m is None:
        return False
    cost = parse_cost(m.group(1))
    st = Parse(link=face.link)
    st.card_zones = True            # "Return ~ from your graveyard ...": it functions there (CR 113.6m)
    body_text = m.group(2)
    if cost and (less := search(r" This ability costs (\{\d+\}) less to activate for each (.+?)\.$", body_text)):
        # the channel lands (CR 601.2f, 602.2b): a reduction of the ability's generic mana
        per = parse_filter(less.group(2))
        if per is None:
            return face.not_implemented()
        less.consume()
        cost = replace(cost, less=less.group(1), less_per=per)
        body_text = body_text[:less.start()]
    limited = split_activation_limits(body_text) if cost else None
    if limited is None:
        return face.not_implemented()
    body_text, limits = limited
    body, spending = split_mana_restriction(body_text)
    effects = parse_effects(body, st) if spending is not False else None
    if effects is not None and spending is not None:
        if not any(isinstance(e, AddMana) for e in effects):
            effects = None
        else:                                       # CR 106.6: on the mana the ability adds
            effects = [replace(e, restriction=spending) if isinstance(e, AddMana) else e for e in effects]
    sorcery, restriction, per_turn = limits.sorcery, limits.condition, limits.per_turn
    if cost is None or effects is None:
        return face.not_implemented()
    if not (cost.remove_counter_x or "{X}" in cost.mana) and any(
            isinstance(e, AddMana) and e.count is not None and e.count.x for e in effects):
        return face.not_implemented()               # X of mana is the cost's X (CR 107.3a): none here
    m.consume()
    sorcery = sorcery or cost.loyalty is not None    # CR 606.3: loyalty abilities, as a sorcery
    # CR 605.1a: no target, could add mana (a painland's damage doesn't change that), not loyalty
    is_mana = (not st.targets and cost.loyalty is None
               and any(isinstance(e, AddMana) or (isinstance(e, Double) and e.value == "mana") for e in effects))
    face.activated.append(ActivatedAbility(cost, tuple(effects), tuple(st.targets), face.raw, is_mana, sorcery,
                                           condition=restriction, per_turn=per_turn,
                                           once=limits.once or exhaust is not None,
                                           zone="hand" if cost.discard_self else
                                           cost.exile_self if cost.exile_self in ("graveyard", "hand")
                                           else st.functions_in))   # CR 113.6m
    return True

