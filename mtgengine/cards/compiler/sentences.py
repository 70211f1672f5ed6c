from __future__ import annotations

import re
from dataclasses import replace

from .. import lazy_re                                              # patterns compiled at first use
from .clause import parse_clause
# the effect templates, registered with ``clause`` as they are imported (in this order)
from . import zones, damage_life, permanents, tokens_copies  # noqa: F401
from .conditions import RESOLUTION_CONDITIONS, parse_condition
from .costs import action_cost
from .durations import as_long_as
from .filters import card_filter
from .lexicon import NUM, num
from .normalize import split_sentences
from .targets import EACH_CREATURE_YOU_CONTROL, Parse, last_target, who_ref
from ..vocabulary import (Conditional, CopyCards, CopySpell, CounterSpell, CreateDelayedTrigger, CreateTokenCopy, DealDamage, Destroy, Discard, DoAction, Effect, ExileIfDies, GainLife, IfKicked, LookAtTop, LoseLife, Pump, Ref, ReplaceWords, ReturnToBattlefield, ReturnToHand, RevealTop, Scry, SkipNextUntap, TapUntap, Trigger, TriggeredAbility, UnlessPays, YOU, target)


#: Delayed triggers a spell's sentence may create (CR 603.7): "At the beginning of the next end step, ...".
_DELAYED = {
    "the next end step": Trigger("end_step", whose="any"),
    "the next turn's upkeep": Trigger("upkeep", whose="any"),
    "the next end step of this turn": Trigger("end_step", whose="any"),
    "your next upkeep": Trigger("upkeep", whose="you"),
    "the next upkeep": Trigger("upkeep", whose="any"),
}


def _delayed(sentence: str, st: Parse) -> list[Effect] | None:
    """CR 603.7: "At the beginning of the next end step, return that card ..." — a delayed
    triggered ability about the object the previous instruction moved. "Draw a card at the
    beginning of the next turn's upkeep" (Arcane Denial) is the same ability, worded the other way."""
    if (after := re.fullmatch(r"(.+?) at the beginning of (.+)", sentence, re.IGNORECASE)) \
            and after.group(2).lower() in _DELAYED:
        sentence = f"at the beginning of {after.group(2)}, {after.group(1)}"
    m = re.fullmatch(r"at the beginning of (.+?), (.+)", sentence, re.IGNORECASE)
    events: tuple[str, ...] = ()
    if s := re.fullmatch(r"when ~ (leaves the battlefield|becomes untapped)(?: or (leaves the battlefield|becomes "
                         r"untapped))?, (.+)", sentence, re.IGNORECASE):
        # CR 603.7: a delayed ability waiting for its source's events (Merieke Ri Berit)
        names = {"leaves the battlefield": "leaves", "becomes untapped": "becomes_untapped"}
        events = tuple(names[g.lower()] for g in s.groups()[:2] if g)
        m = s
    elif not m or m.group(1).lower() not in _DELAYED:
        return None
    last = last_target(st)
    inner = Parse(it=Ref("remembered", 0))
    effects = parse_effects(m.group(m.lastindex or 2) + ".", inner)
    if effects is None or inner.targets:
        return None
    # the object the previous instruction moved, or (not moved: "gain control of target creature")
    # the target itself
    remember = (Ref("target", last.index) if events else Ref("moved", last.index)) if last is not None else None
    uses = any(r.kind == "remembered" for r in _refs_of(effects))
    if uses and remember is None:
        return None
    trigger = Trigger(events[0], "self") if events else _DELAYED[m.group(1).lower()]
    return [CreateDelayedTrigger(trigger, tuple(effects), remember if uses else None,
                                 text=sentence[0].upper() + sentence[1:] + ".", also=events[1:])]


def _refs_of(effects: list[Effect]) -> list[Ref]:
    out: list[Ref] = []
    for eff in effects:
        for name in getattr(eff, "__dataclass_fields__", {}):
            value = getattr(eff, name)
            if isinstance(value, Ref):
                out.append(value)
    return out


#: Sentences that do nothing while regeneration (CR 701.19) is not modelled: nothing can
#: regenerate, so "can't be regenerated" changes no outcome.
_NO_OP = lazy_re.compile(r"a creature dealt damage this way can't be regenerated this turn", re.IGNORECASE)


_NO_REGEN = lazy_re.compile(r"(it|they) can't be regenerated", re.IGNORECASE)


_REVEAL_TOP_LAND = lazy_re.compile(r"(defending player|each opponent|target opponent|target player) reveals the top card of "
                                   r"(?:their|his or her) library\. if it's an? (.+?) card, (?:that player|they) puts? it "
                                   r"into (?:their|his or her) hand\.?", re.I)


_COUNTERED_ELSEWHERE = lazy_re.compile(
    r"if that spell is countered this way, (?:put it (?:on top of|into) its owner's (?:library|hand) instead of into "
    r"that player's graveyard|exile it instead of putting it into its owner's graveyard)", re.I)


_REVEAL_DISCARD = lazy_re.compile(r"(target player|target opponent|each opponent) reveals (?:their|his or her) hand\. "
                                  r"you choose " + NUM + r" (.*?) ?cards? from it\. (?:that player|they) discards? "
                                  r"(?:that card|those cards)\.\s*", re.I)


_LOOK_TOP_BOTTOM = lazy_re.compile(r"look at the top card of (target player|target opponent)'s library\. you may put "
                                   r"that card on the bottom of that player's library\.", re.I)


_PILES = lazy_re.compile(r"reveal the top " + NUM + r" cards of your library\. an opponent separates those cards into two "
                         r"piles\. put one pile into your hand and the other into your graveyard\.?", re.I)


_REVEAL_TOP_PUT = lazy_re.compile(r"reveal the top card of your library\. if it's an? (.+?) card, put it onto the "
                                  r"battlefield\. otherwise, put that card into your hand\.?", re.I)


def parse_effects(text: str, st: Parse) -> list[Effect] | None:
    """Parses a whole effect text (one or more sentences); None if any part is unknown.

    A sentence joining two effects with "and" ("deals 3 damage to any target and you gain 3
    life", "Target player draws two cards and loses 2 life") is parsed as both, the second
    keeping the first one's subject when it has none."""
    effects: list[Effect] = []
    if m := _REVEAL_TOP_LAND.fullmatch(text.strip()):
        # Goblin Guide (CR 701.20a): the top card is revealed; a matching card goes to its owner's hand
        who = Ref("defending") if m.group(1).lower() == "defending player" else who_ref(m.group(1), st)
        flt = card_filter(m.group(2))
        if who is None or flt is None:
            return None
        return [RevealTop(who, flt, (), optional=False, to_hand=True)]
    if m := _PILES.fullmatch(text.strip()):
        return [LookAtTop(YOU, num(m.group(1)), rest="graveyard", piles=True)]     # Fact or Fiction
    if m := _REVEAL_TOP_PUT.fullmatch(text.strip()):
        flt = card_filter(m.group(1))                         # Coiling Oracle (CR 701.20a)
        return [RevealTop(YOU, flt, (), optional=False, to_battlefield=True, else_hand=True)] if flt else None
    if m := _REVEAL_DISCARD.match(text):
        # Duress, Thoughtseize: one instruction over three sentences (CR 701.9b, 701.20a)
        who = who_ref(m.group(1), st)
        flt = card_filter(m.group(3))
        if who is None or flt is None:
            return None
        effects.append(Discard(who, num(m.group(2)), chooser="you", filter=flt))
        text = text[m.end():]
    if m := _LOOK_TOP_BOTTOM.fullmatch(text.strip()):
        # Jace, the Mind Sculptor's +2: "Look at the top card of target player's library. You may
        # put that card on the bottom of that player's library." -- a scry 1 of that library (CR 701.29a)
        lib = who_ref(m.group(1), st)
        return [Scry(YOU, num("1"), library=lib)] if lib is not None else None
    sentences = split_sentences(text)
    for i, sentence in enumerate(sentences):
        if sentence is None:
            continue                     # consumed by the action before it
        s = sentence.rstrip(".").strip()
        s = re.sub(r"^then,? ", "", s, flags=re.IGNORECASE)
        if i + 1 < len(sentences) and (act := _action_then(s, sentences, i + 1, st)) is not None:
            effects.append(act)
            continue
        if (those := re.match(r"those creatures (gain|get) ", s, re.I)) and effects \
                and getattr(effects[-1], "what", None) == EACH_CREATURE_YOU_CONTROL:
            # Ajani Goldmane: "Put a +1/+1 counter on each creature you control. Those creatures
            # gain vigilance until end of turn." -- the same creatures, fixed as it resolves (CR 611.2c)
            s = "creatures you control " + s[those.start(1):]
        if re.fullmatch(r"(?:those creatures|they) don't untap during (?:that player's|their controllers?'s?) next "
                        r"untap steps?", s, re.I) and effects and isinstance(effects[-1], TapUntap) \
                and effects[-1].tap and effects[-1].what.kind in ("each", "target_controls"):
            # Sleep: "Tap all creatures target player controls. Those creatures don't untap during
            # that player's next untap step." (CR 502.3)
            effects.append(SkipNextUntap(effects[-1].what))
            continue
        if _NO_OP.fullmatch(s):
            continue   # no damage-this-way tracking yet: only regeneration could tell (CR 701.19c)
        if _NO_REGEN.fullmatch(s) and effects and isinstance(effects[-1], Destroy):
            effects[-1] = replace(effects[-1], no_regenerate=True)              # CR 701.19c
            continue
        if _NO_REGEN.fullmatch(s) and effects and isinstance(effects[-1], CreateDelayedTrigger) \
                and effects[-1].effects and isinstance(effects[-1].effects[-1], Destroy):
            inner_effects = effects[-1].effects[:-1] + (replace(effects[-1].effects[-1], no_regenerate=True),)
            effects[-1] = replace(effects[-1], effects=inner_effects, text=effects[-1].text + " " + sentence.strip())
            continue
        if (nw := re.fullmatch(r"the new (?:creature type|color|basic land type) can't be (\w+)", s, re.I)) \
                and effects and isinstance(effects[-1], ReplaceWords):
            effects[-1] = replace(effects[-1], not_new=effects[-1].not_new + (nw.group(1),))   # "can't be Wall"
            continue
        if (dies := re.fullmatch(r"if (that creature|that creature or planeswalker|that permanent|it|a creature dealt "
                                 r"damage this way) would die this turn, exile it instead", s, re.I)) \
                and effects and isinstance(effects[-1], DealDamage):
            # Magma Spray, Anger of the Gods (CR 614.1a): a replacement effect for the turn
            if dies.group(1).lower().startswith("a creature"):
                effects.append(ExileIfDies())
                continue
            last = last_target(st)
            if last is None or effects[-1].to != last:
                return None
            effects.append(ExileIfDies(last))
            continue
        if re.fullmatch(r"the flashback cost is equal to (?:its|that card's) mana cost", s, re.I) and effects \
                and isinstance(effects[-1], Pump) and effects[-1].in_graveyard:
            continue                     # the granted flashback's cost (casting.py reads it, CR 702.34a)
        if s.lower() == "you may shuffle" and effects and isinstance(effects[-1], LookAtTop):
            effects[-1] = replace(effects[-1], may_shuffle=True)                  # Ponder (CR 701.24a)
            continue
        if effects and isinstance(effects[-1], LookAtTop) and effects[-1].rest == "top" and not effects[-1].to_hand \
                and (put := re.fullmatch(r"put (one|two|three) of them into your hand and the rest (?:on the bottom "
                                         r"of your library in any order|into your graveyard)", s, re.I)):
            # Impulse, Forbidden Alchemy: the player chooses which (CR 608.2d)
            effects[-1] = replace(effects[-1], to_hand=num(put.group(1)).fixed,
                                  rest="graveyard" if s.lower().endswith("graveyard") else "bottom")
            continue
        if s.lower() == "you may choose new targets for the copy" and effects and isinstance(effects[-1], CopySpell):
            effects[-1] = replace(effects[-1], new_targets=True)              # CR 707.10c
            continue
        if (elsewhere := _COUNTERED_ELSEWHERE.fullmatch(s)) and effects and isinstance(effects[-1], CounterSpell):
            to = "library" if "library" in elsewhere.group(0).lower() else "hand" if "hand" in elsewhere.group(0).lower() \
                else "exile"
            effects[-1] = replace(effects[-1], to=to)                   # Memory Lapse, Remand, Dissipate
            continue
        if effects and isinstance(effects[-1], CopyCards) and (cast := re.fullmatch(
                r"(?:for each copy, (?:the|that) player|if you do, you|you) may cast the copy( without paying its mana cost)?",
                s, re.IGNORECASE)):
            effects[-1] = replace(effects[-1], free=bool(cast.group(1)))       # CR 707.12, 118.9
            continue
        # "<effect> instead" under a condition checked as it resolves (CR 608.2c): the same kind of
        # effect on the same targets, done in place of the one before. Might of Old Krosa: "If you
        # cast this spell during your main phase, that creature gets +4/+4 until end of turn
        # instead." (pumps only); Tragic Slip: "That creature gets -13/-13 until end of turn
        # instead if a creature died this turn."
        instead = None
        if (cond := re.fullmatch(r"if ([^,]+), (.+) instead", s, re.IGNORECASE)) and effects \
                and isinstance(effects[-1], Pump):
            instead = cond.group(1), cond.group(2)
        elif cond := re.fullmatch(r"(.+) instead if (.+)", s, re.IGNORECASE):
            instead = cond.group(2), cond.group(1)
        if instead and effects and (condition := parse_condition(instead[0])) is not None \
                and condition.kind in RESOLUTION_CONDITIONS:
            saved = len(st.targets)
            body = parse_clause(instead[1], st)
            if body and len(st.targets) == saved and all(type(e) is type(effects[-1]) for e in body):
                effects[-1] = Conditional(condition, tuple(body), (effects[-1],))
                continue
            del st.targets[saved:]
            return None
        if (cond := re.fullmatch(r"if ([^,]+), (.+)", s, re.IGNORECASE)) and not re.match(r"(?:~|this spell|it) was kicked",
                                                                                           cond.group(1), re.I):
            # "If you control a Wizard, draw a card." (Stream of Unconsciousness): checked as that
            # part of the effect is carried out (CR 608.2c)
            condition = parse_condition(cond.group(1))
            body = parse_effects(cond.group(2) + ".", st) if condition is not None else None
            if condition is None or body is None or condition.kind not in RESOLUTION_CONDITIONS:
                return None
            effects.append(Conditional(condition, tuple(body)))
            continue
        kicked = re.fullmatch(r"if (?:~|this spell) was kicked, (.+)", s, re.IGNORECASE)
        if kicked:
            body = kicked.group(1)
            more = re.fullmatch(r"create " + NUM + r" of those tokens instead", body, re.IGNORECASE)
            if more and effects and isinstance(effects[-1], CreateTokenCopy):
                base = effects.pop()
                effects.append(IfKicked((replace(base, amount=num(more.group(1))),), (base,)))
                continue
            instead = re.fullmatch(r"it deals " + NUM + r" damage(?: to (?:that \w+|it))? instead", body, re.IGNORECASE)
            if instead and effects and isinstance(effects[-1], DealDamage):
                # "... deals 2 damage ... If this spell was kicked, it deals 4 damage instead."
                base = effects.pop()
                effects.append(IfKicked((DealDamage(num(instead.group(1)), base.to),), (base,)))
                continue
            extra = parse_effects(body, st)
            if extra is None:
                return None
            effects.append(IfKicked(tuple(extra)))
            continue
        result = parse_clause(s, st)
        if result is None and (dur := re.fullmatch(r"(.+) for as long as (.+)", s, re.I)) \
                and (lasts := as_long_as(dur.group(2))):
            # "... gains indestructible for as long as you control ~" (CR 611.2b): read as the
            # effect "until end of turn", then given the duration
            saved = len(st.targets)
            inner = parse_clause(dur.group(1) + " until end of turn", st)
            if inner and all(isinstance(e, Pump) and e.until_end_of_turn for e in inner):
                result = [replace(e, until_end_of_turn=False, lasts=lasts) for e in inner]
            else:
                del st.targets[saved:]
        if result is None and (up := re.fullmatch(r"(.+?) unless you pay ((?:\{[0-9WUBRGC]\})+)", s, re.I)):
            # "sacrifice ~ unless you pay {U}" (Stasis, CR 118.12): done unless its controller pays
            inner = parse_effects(up.group(1), st)
            result = [UnlessPays(up.group(2).upper(), tuple(inner))] if inner else None
        if result is None:
            result = _parse_compound(s, st)
        if result is None:
            result = _delayed(s, st)
        if result is None and ", then " in s:
            # "Scry 2, then draw a card." (CR 608.2c: in the order written)
            saved = len(st.targets)
            result = []
            for part in s.split(", then "):
                more = parse_clause(part, st) or _parse_compound(part, st)
                if more is None:
                    del st.targets[saved:]
                    result = None
                    break
                result.extend(more)
        if result is None:
            return None
        effects.extend(result)
        if st.it is None and not st.targets and s.startswith("~ "):
            st.it = Ref("self")          # "~ gets +2/+0 ... Tap it.": "it" is the object named before
    return _follow_moves(effects)


#: Effects that move their target to another zone, where it is a new object (CR 400.7).
_MOVERS = (ReturnToBattlefield, ReturnToHand)


def _follow_moves(effects: list[Effect]) -> list[Effect]:
    """ "Return target creature card from your graveyard to the battlefield. Put a +1/+1 counter
    on it." (Miraculous Recovery): once an effect has moved a target, "it" in the effects after
    is the new object the card became (CR 400.7), ``Ref("moved")``, not the card that is gone."""
    moved: set[int] = set()
    out = []
    for eff in effects:
        what = getattr(eff, "what", None)
        if isinstance(what, Ref) and what.kind == "target" and what.index in moved and what.filter is None:
            eff = replace(eff, what=Ref("moved", what.index))
        elif isinstance(eff, _MOVERS) and isinstance(what, Ref) and what.kind == "target":
            moved.add(what.index)
        out.append(eff)
    return out


def _action_then(s: str, sentences: list, nxt: int, st: Parse) -> DoAction | None:
    """ "[You may] <action>. When you do, <effect>" (a reflexive trigger, CR 603.12: everything
    after "When you do" is its text, its targets its own) and "[You may] <action>. If you do,
    <effect>" (CR 608.2c). The action is paid like a cost (CR 118.3): mana, life, sacrificing or
    discarding. Consumes the sentences it uses (set to None)."""
    m = re.match(r"(when|if) (?:you do|the player does|they do), (.+)", sentences[nxt], re.IGNORECASE | re.DOTALL)
    if m is None:
        return None
    actor = None
    if (other := re.fullmatch(r"(that player or that (?:permanent|creature)'s controller|that player|its controller) "
                              r"(may .+)", s, re.I)) and m.group(1).lower() == "if":
        # Chain Lightning: another player takes the action (CR 608.2c); "they" is that player
        actor = who_ref(other.group(1), st)
        if actor is None:
            return None
        s = "you " + other.group(2)
    elif not re.match(r"you do", m.group(0)[len(m.group(1)) + 1:], re.I):
        return None
    optional = s.lower().startswith("you may ")
    action = s[len("you may "):] if optional else s
    cost = action_cost(action)
    effect_action: list[Effect] | None = None
    saved = len(st.targets)
    if cost is None:
        effect_action = parse_effects(action, st)        # "Create two ... tokens. When you do, ..."
        if effect_action is None or m.group(1).lower() == "if":
            del st.targets[saved:]
            return None
    if m.group(1).lower() == "if":
        then = parse_effects(re.sub(r"^they ", "you ", m.group(2), flags=re.I) if actor else m.group(2), st)
        if then is None:
            return None
        sentences[nxt] = None
        return DoAction(cost, optional, then=tuple(then), text=action, who=actor)
    rest = " ".join([m.group(2)] + [x for x in sentences[nxt + 1:] if x is not None])
    # CR 603.12, 400.7: in the reflexive ability "it" is what the action did something to (the
    # new object a returned card became: Back for More), remembered as it triggers
    inner = Parse(it=Ref("remembered", 0) if effect_action and len(st.targets) > saved else st.it)
    effects = parse_effects(rest, inner)
    if effects is None:
        return None
    for k in range(nxt, len(sentences)):
        sentences[k] = None
    text = "When you do, " + rest
    return DoAction(cost, optional, TriggeredAbility(Trigger("reflexive", "you"), tuple(effects), tuple(inner.targets),
                                                     text), text=action, action=tuple(effect_action or ()))


def _parse_compound(s: str, st: Parse) -> list[Effect] | None:
    for m in re.finditer(r" and ", s):
        first, second = s[: m.start()], s[m.end():]
        saved = len(st.targets)
        a = parse_clause(first, st)
        if a is None:
            del st.targets[saved:]
            continue
        b = parse_clause(second, st)
        if b is None and re.match(NUM + r" damage to ", second, re.I):
            # "~ deals 4 damage to target creature and 2 damage to that creature's controller"
            b = parse_clause("~ deals " + second, st)
        if b is None:
            subject = re.match(r"(you|target player|target opponent|each player|each opponent) ", first, re.I)
            if subject and subject.group(1).lower().startswith("target"):
                # the same player: refer to the target already chosen, not a new one
                who = target(len(st.targets) - 1)
                verb = re.fullmatch(r"(gains|loses) " + NUM + " life", second, re.I)
                if verb:
                    amount = num(verb.group(2))
                    b = [GainLife(who, amount) if verb.group(1).lower() == "gains" else LoseLife(who, amount)]
            elif subject:
                b = parse_clause(subject.group(0) + second, st)
        if b is not None:
            return a + b
        del st.targets[saved:]
    return None
