from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import Any

from .conditions import parse_condition
from .costs import parse_cost
from .filters import counts_characteristics, creature_type_filter, parse_filter
from .links import link_name, with_links
from .spell_costs import cost_paragraph, with_cost_abilities
from .keywords import LURE, UNCOUNTERABLE, changeling_ability, cycling_ability, keyword_as_text, keyword_list, restrictions
from .lexicon import PT, num, pt_value
from .mana import split_mana_restriction
from .normalize import ABILITY_WORDS, normalize_self, strip_reminder
from .replacements import replacement_paragraph
from .sentences import parse_effects
from .statics import becomes, conditional_static, parse_layer_static, player_static
from .targets import Parse
from .tokens_copies import parse_enters_as_copy
from .triggers import parse_extra_triggers, triggered_abilities
from ..vocabulary import (ActivatedAbility, AddMana, AlternativeCost, ApplyModifications, Attach, CardScript, ChangeColors, ChangeTypes, Condition, Cost, CostObjects, Double, Effect, EntersAsCopy, ExtraTriggers, Filter, ModifyPT, PayEcho, PlayerStatic, RemoveCounters, ReplacementAbility, SELF, SacrificePermanent, Search, SpellAbility, StaticAbility, TargetSpec, Trigger, TriggeredAbility, YOU, target)


@lru_cache(maxsize=None)
def compile_text(name: str, oracle_text: str, is_spell: bool) -> CardScript:
    """Compiles one face's rules text (``is_spell``: an instant or sorcery)."""
    keywords: set[str] = set()
    spell_effects: list[Effect] = []
    last_spell_para: tuple[str, int, int] | None = None
    spell_targets: list[TargetSpec] = []
    activated: list[ActivatedAbility] = []
    triggered: list[TriggeredAbility] = []
    static: list[StaticAbility] = []
    enchant: Filter | None = None
    unimplemented: list[tuple[int, str]] = []
    kicker: list[str] = []
    morph = ""
    megamorph = False
    enters_as_copy: EntersAsCopy | None = None
    extra_triggers: list[ExtraTriggers] = []
    modes: list[SpellAbility] = []
    mode_range: tuple[int, int] | None = None
    replacements: list[ReplacementAbility] = []
    player_statics: list[PlayerStatic] = []
    cast_timing = ""
    cost_abilities: list[dict[str, Any]] = []
    # CR 607.2a: the paragraph that exiles is the linking ability; "exiled with ~" and "the exiled
    # card" in it or in another paragraph refer to the same record
    exiling = [i for i, raw in enumerate(oracle_text.split("\n"), start=1) if re.search(r"\bexile\b", raw, re.I)]
    link = link_name(name, exiling[0]) if exiling else ""
    for number, raw in enumerate(oracle_text.split("\n"), start=1):
        para = strip_reminder(normalize_self(raw, name))
        if (aw := re.match(r"([^—]+) — ", para)) and aw.group(1).lower().replace("’", "'") in ABILITY_WORDS:
            para = para[aw.end():]          # an ability word is only a label (CR 207.2c): "Strive — ..."
        if not para:
            continue
        if para.lower() == "changeling":
            static.append(changeling_ability())            # CR 702.73a: every creature type
            continue
        if para.lower() == "devoid":
            # CR 702.114a: a characteristic-defining ability, "This object is colorless", in
            # every zone (CR 604.3)
            static.append(StaticAbility("self", text=raw, cda=True, mods=(ChangeColors(set_colors=frozenset()),)))
            continue
        if m := re.fullmatch(r"(mega)?morph ((?:\{[^}]+\})+)", para, re.I):
            morph = m.group(2)                              # CR 702.37a
            megamorph = bool(m.group(1))                    # CR 702.37b
            continue
        if para.lower() == "totem armor":
            para = "Umbra armor"                # CR 702.89b: the older name of the same ability
        if (expanded := keyword_as_text(para)) is not None:
            para = expanded                     # a keyword defined by the ability it stands for (CR 702)
        if m := re.fullmatch(r"echo ((?:\{[^}]+\})+)", para, re.I):
            # CR 702.30a: "At the beginning of your upkeep, if this permanent came under your
            # control since the beginning of your last upkeep, sacrifice it unless you pay [cost]."
            triggered.append(TriggeredAbility(
                Trigger("upkeep", "you"), (PayEcho(m.group(1).upper()),), condition=Condition("echo_due"),
                text=f"Echo {m.group(1)}: at the beginning of your upkeep, if {name} came under your control since "
                     f"the beginning of your last upkeep, sacrifice it unless you pay {m.group(1)}."))
            continue
        if m := re.fullmatch(r"fading (\d+)", para, re.I):
            # CR 702.32a: "This permanent enters with N fade counters on it" and "At the
            # beginning of your upkeep, remove a fade counter from this permanent. If you
            # can't, sacrifice the permanent."
            replacements.append(ReplacementAbility("enters", itself=True, enters_counters="fade",
                                                   amount=num(m.group(1)), text=raw))
            triggered.append(TriggeredAbility(
                Trigger("upkeep", "you"),
                (RemoveCounters(SELF, "fade", num("1"), if_cant=(SacrificePermanent(),)),),
                text=f"Fading {m.group(1)}: at the beginning of your upkeep, remove a fade counter from {name}. "
                     f"If you can't, sacrifice it."))
            continue
        if m := re.fullmatch(r"evoke ((?:\{[^}]+\})+)", para, re.I):
            # CR 702.74a: an alternative cost, and "When this permanent enters, if its evoke cost
            # was paid, its controller sacrifices it."
            cost_abilities.append({"alternative_costs": (AlternativeCost(mana=m.group(1), name="evoke", itself=True,
                                                                         text=raw),)})
            triggered.append(TriggeredAbility(Trigger("enters"), (SacrificePermanent(SELF),),
                                              text="When this permanent enters, if its evoke cost was paid, its "
                                                   "controller sacrifices it (evoke, CR 702.74a)",
                                              condition=Condition("evoked")))
            continue
        if m := re.fullmatch(r"kicker ((?:\{[^}]+\})+)", para, re.I):
            kicker.append(m.group(1))                       # CR 702.33a
            continue
        if (cost_fields := cost_paragraph(para, raw)) is not None:
            cost_abilities.append(cost_fields)              # CR 118, 601.2b, 601.2e-f
            continue
        if is_spell and (m := re.fullmatch(r"choose (one|two|three|one or both|one or more) —", para, re.I)):
            mode_range = {"one": (1, 1), "two": (2, 2), "three": (3, 3), "one or both": (1, 2),
                          "one or more": (1, 99)}[m.group(1).lower()]   # CR 700.2
            continue
        if mode_range is not None and para.startswith("•"):
            st = Parse()
            effects = parse_effects(para[1:].strip(), st)
            if effects is None:
                # kept as a mode (so numbering follows the card) that is refused if chosen
                modes.append(SpellAbility((), (), raw, implemented=False))
            else:
                modes.append(SpellAbility(tuple(effects), tuple(st.targets), raw))
            continue
        kws = keyword_list(para)
        if kws is not None:
            keywords |= kws
            continue
        if not is_spell and (m := re.fullmatch(r"prevent all (combat )?damage that would be dealt (to and dealt by|by) ~\.?",
                                               para, re.I)):
            # CR 615.1a: Fog Bank ("to and dealt by ~"): prevention effects on damage to it and from it
            combat = bool(m.group(1))
            if m.group(2).lower().startswith("to"):
                replacements.append(ReplacementAbility("damage", itself=True, combat=combat, prevent=True, text=raw))
            replacements.append(ReplacementAbility("damage", from_itself=True, combat=combat, prevent=True, text=raw))
            continue
        if (rep := replacement_paragraph(para, raw, is_spell)) is not None:
            replacements.append(rep)                        # CR 614, 615
            continue
        if m := re.fullmatch(r"enchant (.+)", para, re.I):
            enchant = parse_filter(m.group(1))
            if enchant is None:
                unimplemented.append((number, raw))
            continue
        if m := re.fullmatch(r"(enchanted|equipped) creature gets ([+-]\d+)/([+-]\d+) for each (.+?)"
                             r"(?: and has (.+?))?\.", para, re.I):
            # "Enchanted creature gets +1/+1 for each Forest you control" (Blanchwood Armor): a
            # layer 7c effect counted as it applies (CR 611.3a, 613.4c)
            per = parse_filter(m.group(4))
            kw = keyword_list(m.group(5)) if m.group(5) else frozenset()
            if per is None or kw is None or not counts_characteristics(per):
                unimplemented.append((number, raw))
            else:
                static.append(StaticAbility(m.group(1).lower(), keywords=kw, text=raw,
                                            mods=(ModifyPT(int(m.group(2)), int(m.group(3)), per=per),)))
            continue
        if m := re.fullmatch(r"(enchanted|equipped) creature gets " + PT + r"(?: and has (.+?))?\.", para, re.I):
            p, px = pt_value(m.group(2))
            t, tx = pt_value(m.group(3))
            kw = keyword_list(m.group(4)) if m.group(4) else frozenset()
            if px or tx or kw is None:
                unimplemented.append((number, raw))
            else:
                static.append(StaticAbility(m.group(1).lower(), p, t, kw, text=raw))
            continue
        if (m := re.fullmatch(r"enchanted creature (.+)\.", para, re.I)) \
                and (mods := becomes(m.group(1))) is not None:
            static.append(StaticAbility("enchanted", text=raw, mods=mods))   # Lignify, Deep Freeze
            continue
        if m := re.fullmatch(r"all creatures able to block (enchanted creature|equipped creature|~) do so\.", para, re.I):
            # Lure (CR 509.1c): a blocking requirement for every creature that could block it,
            # granted to the permanent like an ability (layer 6) and read by combat
            static.append(StaticAbility({"~": "self"}.get(m.group(1).lower(), m.group(1).lower().split()[0]),
                                        keywords=frozenset({LURE}), text=raw))
            continue
        if re.fullmatch(r"(?:this spell|~) can't be countered(?: by spells or abilities)?\.", para, re.I) \
                and "by spells" not in para:
            # CR 101.2: a spell that "can't be countered" stays on the stack when an effect would
            # counter it (a rule of the spell, read by ``effects.resolve.counter``)
            keywords.add(UNCOUNTERABLE)
            continue
        if m := re.fullmatch(r"(you may choose not to untap|~ doesn't untap) ~? ?during your untap step\.", para, re.I):
            # CR 502.3: untapping in the untap step is optional / doesn't happen (a rule of the
            # permanent, read as it would untap; Rubinia Soulsinger, Merieke Ri Berit)
            keywords.add("may choose not to untap" if m.group(1).lower().startswith("you") else "doesn't untap")
            continue
        if (m := re.fullmatch(r"(enchanted creature|equipped creature|enchanted permanent|~) (.+?)\.", para, re.I)) \
                and (kw := restrictions(m.group(2))) is not None:
            # CR 508.1c / 509.1b / 502.3 / 602.5 restrictions, granted like abilities in layer 6.
            static.append(StaticAbility({"~": "self"}.get(m.group(1), m.group(1).lower().split()[0]),
                                        keywords=kw, text=raw))
            continue
        if m := re.fullmatch(r"(enchanted|equipped) creature has (.+?)\.", para, re.I):
            kw = keyword_list(m.group(2))
            if kw is None:
                unimplemented.append((number, raw))
            else:
                static.append(StaticAbility(m.group(1).lower(), keywords=kw, text=raw))
            continue
        copy = parse_enters_as_copy(para, name)
        if copy is not None:
            enters_as_copy = copy
            continue
        if (conditional := conditional_static(para, raw)) is not None:
            static.append(conditional)                      # Kird Ape, Wild Nacatl (CR 611.3b)
            continue
        layer_static = parse_layer_static(para, raw)
        if layer_static is not None:
            static.append(layer_static)
            continue
        if (ps := player_static(para, raw)) is not None:
            player_statics.append(ps)                       # "You have hexproof" (CR 604.1)
            continue
        if re.fullmatch(r"cast (?:~|this spell) only before the combat damage step\.", para, re.I):
            cast_timing = "before_combat_damage"            # CR 601.3 (Berserk)
            continue
        if m := re.fullmatch(r"(other )?(.+?) you control have (.+?)\.", para, re.I):
            flt = parse_filter(m.group(2))
            kw = keyword_list(m.group(3))
            if flt is None or flt.spells or kw is None:
                unimplemented.append((number, raw))
            else:                                           # layer 6 (CR 613.1f): Rage Reflection
                flt = Filter(types=flt.types, not_types=flt.not_types, colors=flt.colors,
                             controller="you", other=bool(m.group(1)))
                static.append(StaticAbility("each", keywords=kw, filter=flt, text=raw))
            continue
        if m := re.fullmatch(r"(other )?(.+?)( you control)? get " + PT + r"(?: and have (.+?))?\.", para, re.I):
            # "Other Merfolk get +1/+1" (any controller's); the hand-written definitions of
            # Crusade, Bad Moon and Goblin Chieftain document the definition format
            flt = parse_filter(m.group(2)) if m.group(3) else creature_type_filter(m.group(2))
            p, px = pt_value(m.group(4))
            t, tx = pt_value(m.group(5))
            kw = keyword_list(m.group(6)) if m.group(6) else frozenset()
            if flt is None or px or tx or kw is None or flt.spells or flt.controller:
                unimplemented.append((number, raw))
            else:                      # "Other Merfolk get +1/+1 and have islandwalk" (any controller's)
                flt = Filter(types=flt.types, not_types=flt.not_types, colors=flt.colors, not_colors=flt.not_colors,
                             subtypes=flt.subtypes, supertypes=flt.supertypes,
                             controller="you" if m.group(3) else None, other=bool(m.group(1)))
                static.append(StaticAbility("each", p, t, kw, filter=flt, text=raw))
            continue
        if m := re.fullmatch(r"([^:\"]+): (.+)", para):
            cost = parse_cost(m.group(1))
            st = Parse(link=link)
            body, spending = split_mana_restriction(m.group(2))
            effects = parse_effects(body, st) if cost and spending is not False else None
            if effects is not None and spending is not None:
                if not any(isinstance(e, AddMana) for e in effects):
                    effects = None
                else:                                       # CR 106.6: on the mana the ability adds
                    effects = [replace(e, restriction=spending) if isinstance(e, AddMana) else e for e in effects]
            sorcery = False
            restriction = None
            per_turn = 0
            if effects is None and cost and (lim := re.fullmatch(
                    r"(.+?) Activate (?:only once|no more than (twice|three times)) each turn\.", m.group(2))):
                per_turn = {None: 1, "twice": 2, "three times": 3}[lim.group(2)]     # CR 602.5b
                effects = parse_effects(lim.group(1), st)
            if effects is None and cost and m.group(2).endswith("Activate only as a sorcery."):
                effects = parse_effects(m.group(2)[: -len("Activate only as a sorcery.")], st)
                sorcery = True
            if effects is None and cost and (r := re.fullmatch(r"(.+?) Activate only if (.+?)( and only as a sorcery)?\.",
                                                               m.group(2))):
                # "Activate only if ..." (a restriction, CR 602.5b)
                restriction = parse_condition(r.group(2))
                effects = parse_effects(r.group(1), st) if restriction is not None else None
                sorcery = bool(r.group(3))
            if cost is None or effects is None:
                unimplemented.append((number, raw))
                continue
            sorcery = sorcery or cost.loyalty is not None    # CR 606.3: loyalty abilities, as a sorcery
            # CR 605.1a: no target, could add mana (a painland's damage doesn't change that), not loyalty
            is_mana = (not st.targets and cost.loyalty is None
                       and any(isinstance(e, AddMana) or (isinstance(e, Double) and e.value == "mana")
                               for e in effects))
            activated.append(ActivatedAbility(cost, tuple(effects), tuple(st.targets), raw, is_mana, sorcery,
                                              condition=restriction, per_turn=per_turn))
            continue
        if m := re.fullmatch(r"((?:when|whenever|at) [^,]+), (.+)", para, re.I):
            abilities = triggered_abilities(m.group(1), m.group(2), raw, link)
            if abilities is None:
                unimplemented.append((number, raw))
            else:
                triggered.extend(abilities)
            continue
        if m := re.fullmatch(r"equip ((?:\{[0-9WUBRGC]+\})+)", para, re.I):
            # CR 702.6a: "[Cost]: Attach this permanent to target creature you control. Activate
            # only as a sorcery."
            activated.append(ActivatedAbility(
                Cost(mana=m.group(1)), (Attach(target(0)),),
                (TargetSpec(Filter(types=frozenset({"Creature"}), controller="you"), "target creature you control"),),
                raw, False, True))
            continue
        if m := re.fullmatch(r"transmute ((?:\{[0-9WUBRGC]+\})+)", para, re.I):
            # CR 702.53a: "[Cost], Discard this card: Search your library for a card with the
            # same mana value as the discarded card, reveal that card, and put it into your
            # hand. Then shuffle your library. Activate only as a sorcery." (from the hand only)
            activated.append(ActivatedAbility(
                Cost(mana=m.group(1), discard_self=True), (Search(YOU, Filter(), "hand", same_mana_value=True),),
                (), raw, False, True, zone="hand"))
            continue
        if m := re.fullmatch(r"crew (\d+)", para, re.I):
            # CR 702.122a: "Tap any number of other untapped creatures you control with total
            # power N or greater: This permanent becomes an artifact creature until end of turn."
            crew = CostObjects("crew", int(m.group(1)), Filter(types=frozenset({"Creature"}), tapped=False,
                                                                controller="you", other=True))
            activated.append(ActivatedAbility(
                Cost(objects=(crew,)),
                (ApplyModifications(SELF, (ChangeTypes(add_types=frozenset({"Artifact", "Creature"})),)),),
                (), raw, False, False))
            continue
        if m := re.fullmatch(r"((?:basic )?[a-z]*)cycling ((?:\{[0-9WUBRGC]+\})+)", para, re.I):
            cycling = cycling_ability(m.group(1), m.group(2), raw)
            if cycling is None:
                unimplemented.append((number, raw))
            else:
                activated.append(cycling)
            continue
        extra = parse_extra_triggers(para, raw)
        if extra is not None:
            extra_triggers.append(extra)
            continue
        if is_spell:
            st = Parse()
            st.targets = spell_targets
            before_targets = len(spell_targets)
            effects = parse_effects(para, st)
            if effects is not None:
                last_spell_para = (para, len(spell_effects), before_targets)
                spell_effects.extend(effects)
                continue
            if last_spell_para is not None and re.search(r" instead(?: if .+)?\.?$", para, re.I):
                # "Landfall — If ..., that creature gets +4/+4 until end of turn instead." (Groundswell),
                # "Morbid — That creature gets -13/-13 until end of turn instead if a creature died this
                # turn." (Tragic Slip): a paragraph that modifies the one before it is read together with it
                prev, n_effects, n_targets = last_spell_para
                saved_effects, saved_targets = spell_effects[n_effects:], spell_targets[n_targets:]
                del spell_effects[n_effects:], spell_targets[n_targets:]
                effects = parse_effects(prev + " " + para, st)
                if effects is not None:
                    last_spell_para = None
                    spell_effects.extend(effects)
                    continue
                spell_effects.extend(saved_effects)
                spell_targets.extend(saved_targets)
        unimplemented.append((number, raw))
    spell = None
    if is_spell:
        if modes and mode_range is not None:
            if spell_effects:
                unimplemented.append((0, "effects outside the modes of a modal spell"))
            spell = SpellAbility((), (), oracle_text, tuple(modes), mode_range[0], min(mode_range[1], len(modes)))
        else:
            spell = SpellAbility(tuple(spell_effects), tuple(spell_targets), oracle_text)
    return with_links(name, oracle_text, with_cost_abilities(CardScript(frozenset(keywords), spell, tuple(activated), tuple(triggered), tuple(static),
                      enchant=enchant, kicker=tuple(kicker), unimplemented=tuple(unimplemented),
                      extra_triggers=tuple(extra_triggers), replacements=tuple(replacements),
                      enters_as_copy=enters_as_copy, morph=morph, megamorph=megamorph, player_statics=tuple(player_statics),
                      cast_timing=cast_timing), cost_abilities))      # linked pairs (CR 607): oracle_links
