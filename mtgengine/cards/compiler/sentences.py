"""The sentences of an effect (CR 608.2c: its instructions, in the order written).

``parse_effects`` reads an effect's text: a few instructions that span sentences
(``MULTI_SENTENCE``: Fact or Fiction's piles, Duress's "reveals ... you choose ... discards"),
then sentence by sentence. A sentence is

- an action and what follows it: "[You may] <action>. If you do / When you do, <effect>"
  (``_action_then``: CR 608.2c, 603.12);
- a sentence that modifies the effect before it (``FOLLOW_UPS``: "You may shuffle.", "It can't
  be regenerated.", "If that spell is countered this way, exile it instead ...", "<effect>
  instead if <condition>", "If <condition>, <effect>", "If this spell was kicked, ...");
- or instructions of its own (``_instructions``): one template of ``clause.EFFECTS``, or two
  joined by "and" / ", then", or one with a duration ("for as long as ..."), a payment
  ("unless you pay ...") or a delay ("at the beginning of the next end step", CR 603.7).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from .amounts import counted, where_x
from .clause import parse_clause
# the effect templates, registered with ``clause.EFFECTS`` as they are imported (in this order)
from . import zones, damage_life, permanents, tokens_copies  # noqa: F401
from . import combat_effects, switch_pt, designations  # noqa: F401
from . import land_plays  # noqa: F401
from .conditions import RESOLUTION_CONDITIONS, parse_condition
from .costs import action_cost
from .durations import as_long_as
from .filters import card_filter, parse_filter
from .statics import becomes
from .grammar import Grammar, attempt, template
from .lexicon import num
from .mana import lasting_mana
from . import nested
from .normalize import split_sentences
from .targets import EACH_CREATURE_YOU_CONTROL, Parse, last_target, who_ref
from .text import SpanMatch, consume, finditer, fullmatch, join, marker, match, sub, undo
from ..vocabulary import (
    ApplyModifications, ChangeTypes, Conditional, CreateToken, CopyCards, CopySpell, CounterSpell, CreateDelayedTrigger, CreateTokenCopy, DealDamage, Destroy,
    Discard, DoAction, Effect, ExileIfDies, NoRegenerationThisTurn, GainLife, IfKicked, LookAtTop, LoseLife, Pump, Ref, ReplaceWords,
    PutOntoBattlefieldFromHand, ReturnToBattlefield, ReturnToHand, SkipNextUntap, TapUntap, Trigger, TriggeredAbility,
    UnlessPays, target, Exile, SacrificePermanent, SELF, IfMatches,
)


# -- instructions over several sentences ------------------------------------------------------
#: Whole effects of several sentences; a builder returns the effects, or False when its
#: wording is recognized but not understood (the effect fails). Its rules: ``sentence_groups``
#: (and ``permanent_keywords``' clash), registered as they are imported.
MULTI_SENTENCE: Grammar[Any] = Grammar("instruction over sentences", first_match=True)


#: Duress, Thoughtseize: one instruction over three sentences (CR 701.9b, 701.20a), before others.
_REVEAL_DISCARD = template(r"(target player|target opponent|each opponent) reveals (?:their|his or her) hand\. "
                           r"you choose {NUM} (.*?) ?cards? from it( with mana value \d+ or (?:less|greater))?\. "
                           r"(?:that player|they) discards? "
                           r"(?:that card|those cards)\.\s*")


# -- the reading of an effect, sentence by sentence ------------------------------------------
@dataclass
class _Reading:
    """An effect being read: its effects so far and the ability's targets."""

    st: Parse
    effects: list[Effect] = field(default_factory=list)
    sentence: str = ""              # the sentence being read, as written (with its period)

    def mark(self) -> int:
        return self.st.mark()

    def rollback(self, mark: int) -> None:
        self.st.rollback(mark)

    def last(self, *kinds: type) -> Any:
        """The effect before, if it is one of ``kinds``."""
        return self.effects[-1] if self.effects and isinstance(self.effects[-1], kinds) else None


@attempt
def parse_effects(text: str, st: Parse) -> list[Effect] | None:
    """Parses a whole effect text (one or more sentences); None if any part is unknown.

    A sentence joining two effects with "and" ("deals 3 damage to any target and you gain 3
    life", "Target player draws two cards and loses 2 life") is parsed as both, the second
    keeping the first one's subject when it has none."""
    whole = MULTI_SENTENCE.parse(text.strip(), st)
    if whole is not None:
        return whole or None
    if (chosen := match(r"choose a color\. (?=[^.]*gains? protection from the chosen color until end of turn\.$)",
                        text, re.I)) and text.lower().count("the chosen color") == 1:
        # Akroma's Blessing: the color is chosen as the spell resolves (CR 608.2d), once for every
        # creature it protects: "protection from the color of your choice"
        consume(text[:chosen.end()])
        text = sub(r"protection from the chosen color", "protection from the color of your choice",
                   text[chosen.end():], re.I)
    reading = _Reading(st)
    if m := match(_REVEAL_DISCARD, text, re.I):
        who = who_ref(m.group(1), st)
        # "a nonland card from it with mana value 3 or less" (Inquisition of Kozilek)
        flt = card_filter(m.group(3) + (m.group(4) or "")) if m.group(3) or not m.group(4) else None
        if who is None or flt is None:
            return None
        m.consume()
        reading.effects.append(Discard(who, num(m.group(2)), chooser="you", filter=flt))
        text = text[m.end():]
    sentences: list[Any] = split_sentences(text)
    for i, sentence in enumerate(sentences):
        if sentence is None:
            continue                     # consumed by the action before it
        s = sentence.rstrip(".").strip()
        s = sub(r"^then,? ", "", s, re.IGNORECASE, understood=True)
        if i + 1 < len(sentences) and (act := _action_then(s, sentences, i + 1, st)) is not None:
            reading.effects.append(act)
            continue
        if (those := match(r"those creatures (gain|get) ", s, re.I)) and reading.effects \
                and getattr(reading.effects[-1], "what", None) == EACH_CREATURE_YOU_CONTROL:
            # Ajani Goldmane: "Put a +1/+1 counter on each creature you control. Those creatures
            # gain vigilance until end of turn." -- the same creatures, fixed as it resolves (CR 611.2c)
            consume(s[:those.start(1)])
            s = "creatures you control " + s[those.start(1):]
        reading.sentence = sentence
        done = FOLLOW_UPS.parse(s, reading)
        if done is False:
            return None
        if done:
            continue
        result = _instructions(s, st)
        if result is None:
            return None
        reading.effects.extend(result)
        if st.it is None and not st.targets and s.startswith("~ "):
            st.it = Ref("self")          # "~ gets +2/+0 ... Tap it.": "it" is the object named before
        if st.it is None and not st.targets and isinstance(result[-1], PutOntoBattlefieldFromHand):
            st.it = Ref("put")           # Sneak Attack: "... onto the battlefield. That creature gains haste."
    return _follow_moves(reading.effects)


# -- sentences that modify the effect before them ---------------------------------------------
#: A builder returns True (the sentence is read into the effects), False (it is this rule's but
#: can't be read: the whole effect fails) or None (not this rule).
FOLLOW_UPS: Grammar[bool] = Grammar("sentence modifying the one before")
_follow_up = FOLLOW_UPS.rule


@_follow_up(r"(?:those creatures|they) don't untap during (?:that player's|their controllers?'s?) next untap steps?")
def _sleep(m: SpanMatch, r: _Reading) -> bool | None:
    # Sleep: "Tap all creatures target player controls. Those creatures don't untap during that
    # player's next untap step." (CR 502.3)
    tap = r.last(TapUntap)
    if tap is None or not tap.tap or tap.what.kind not in ("each", "target_controls"):
        return None
    r.effects.append(SkipNextUntap(tap.what))
    return True


@_follow_up(r"that creature is (an? .+ in addition to its other (?:colors and )?types)")
def _moved_is(m: SpanMatch, r: _Reading) -> bool | None:
    """Rise from the Grave: "Put target creature card from a graveyard onto the battlefield under
    your control. That creature is a black Zombie in addition to its other colors and types." —
    the permanent it became (CR 400.7) gets layer 4 and 5 effects with no duration (CR 611.2a)."""
    put = r.last(ReturnToBattlefield)
    if put is None or put.what.kind != "target":
        return None
    mods = becomes("is " + m.group(1))
    if mods is None:
        return None
    r.effects.append(ApplyModifications(Ref("moved", put.what.index), mods, until_end_of_turn=False))
    return True


@_follow_up(r"it's still an? (land|artifact|enchantment)")
def _still_a(m: SpanMatch, r: _Reading) -> bool | None:
    """ "~ becomes a 3/3 ... creature until end of turn. It's still a land.": it keeps its card
    types, subtypes and supertypes, and gains the new ones (CR 205.1b)."""
    change = r.last(ApplyModifications)
    if change is None or not change.mods or not isinstance(change.mods[0], ChangeTypes) \
            or change.mods[0].set_types is None:
        return None
    types = change.mods[0]
    kept = ChangeTypes(add_types=types.set_types, add_subtypes=types.set_subtypes or frozenset())
    r.effects[-1] = replace(change, mods=(kept,) + change.mods[1:])
    m.consume()
    return True


#: When the tokens just created leave again (CR 603.7): "Sacrifice it at the beginning of the next
#: end step" (Tidal Wave), "Exile that token at end of combat" (Geist of Saint Traft).
_TOKENS_LEAVE = {"at the beginning of the next end step": Trigger("end_step", whose="any"),
                 "at end of combat": Trigger("end_of_combat", whose="you")}


@_follow_up(r"(sacrifice|exile) (?:it|them|that token|those tokens) (at the beginning of the next end step|"
            r"at end of combat)")
def _created_leave(m: SpanMatch, r: _Reading) -> bool | None:
    """A delayed triggered ability about the tokens the instruction before created (CR 603.7a),
    remembering them (CR 603.7c): they leave at that time if they are still there."""
    if r.last(CreateToken, CreateTokenCopy) is None:
        return None
    what = Ref("remembered_all")
    action = SacrificePermanent(what) if m.group(1).lower() == "sacrifice" else Exile(what)
    r.effects.append(CreateDelayedTrigger(_TOKENS_LEAVE[m.group(2).lower()], (action,), Ref("created"),
                                          text=r.sentence))
    m.consume()
    return True


@_follow_up(r'(?:it has|they have|those tokens have|each of them has) "([^"]+)"')
def _token_has(m: SpanMatch, r: _Reading) -> bool | None:
    """ 'Create a 0/1 colorless Eldrazi Spawn creature token. It has "Sacrifice ~: Add {C}."':
    the ability is the created token's rules text (CR 111.1), "~" the token itself."""
    token = r.last(CreateToken)
    if token is None or not nested.understood(m.group(1)):
        return None
    consume(m.group(1))
    r.effects[-1] = replace(token, text=(token.text + "\n" if token.text else "") + str.__str__(m.group(1)))
    return True


@_follow_up(r"until end of (turn|combat), (?:you|they) don't lose this mana as steps(?: and phases)? end")
def _mana_lasts(m: SpanMatch, r: _Reading) -> bool | None:
    return lasting_mana(r.effects, m.group(1))         # CR 106.4 (``mana``)


@_follow_up(r"a creature dealt damage this way can't be regenerated this turn")
def _not_regenerated_this_way(m: SpanMatch, r: _Reading) -> bool | None:
    """Incinerate (CR 701.19c): each creature the damage before was dealt to, for the turn."""
    if r.last(DealDamage) is None:
        return None
    r.effects.append(NoRegenerationThisTurn())
    return True


@_follow_up(r"(?:it|they) can't be regenerated")
def _no_regeneration(m: SpanMatch, r: _Reading) -> bool | None:
    if (destroy := r.last(Destroy)) is not None:
        r.effects[-1] = replace(destroy, no_regenerate=True)              # CR 701.19c
        return True
    delayed = r.last(CreateDelayedTrigger)
    if delayed is not None and delayed.effects and isinstance(delayed.effects[-1], Destroy):
        inner_effects = delayed.effects[:-1] + (replace(delayed.effects[-1], no_regenerate=True),)
        r.effects[-1] = replace(delayed, effects=inner_effects, text=delayed.text + " " + r.sentence.strip())
        return True
    return None


@_follow_up(r"the new (?:creature type|color|basic land type) can't be (\w+)")
def _not_new(m: SpanMatch, r: _Reading) -> bool | None:
    change = r.last(ReplaceWords)
    if change is None:
        return None
    r.effects[-1] = replace(change, not_new=change.not_new + (m.group(1),))   # "can't be Wall"
    return True


@_follow_up(r"if (that creature|that creature or planeswalker|that permanent|it|a creature dealt damage this way) "
            r"would die this turn, exile it instead")
def _exile_if_dies(m: SpanMatch, r: _Reading) -> bool | None:
    # Magma Spray, Anger of the Gods (CR 614.1a): a replacement effect for the turn
    damage = r.last(DealDamage)
    if damage is None:
        return None
    if m.group(1).lower().startswith("a creature"):
        r.effects.append(ExileIfDies())
        return True
    last = last_target(r.st)
    if last is None or damage.to != last:
        return False
    r.effects.append(ExileIfDies(last))
    return True


@_follow_up(r"the flashback cost is equal to (?:its|that card's) mana cost")
def _flashback_cost(m: SpanMatch, r: _Reading) -> bool | None:
    pump = r.last(Pump)
    # the granted flashback's cost (casting.py reads it, CR 702.34a)
    return True if pump is not None and pump.in_graveyard else None


@_follow_up(r"you may shuffle")
def _may_shuffle(m: SpanMatch, r: _Reading) -> bool | None:
    look = r.last(LookAtTop)
    if look is None:
        return None
    r.effects[-1] = replace(look, may_shuffle=True)                  # Ponder (CR 701.24a)
    return True


@_follow_up(r"put (one|two|three) of (?:them|those cards) into your hand and the (?:rest|other) (?:on the bottom of your "
            r"library(?: in (any|a random) order)?|into your graveyard|(on top of your library in any order))")
def _some_to_hand(m: SpanMatch, r: _Reading) -> bool | None:
    # Impulse, Forbidden Alchemy: the player chooses which (CR 608.2d); the rest "in a random
    # order" (Drawn from Dreams), or back on top (Diabolic Vision)
    look = r.last(LookAtTop)
    if look is None or look.rest != "top" or look.to_hand:
        return None
    rest = "top" if m.group(3) else "graveyard" if m.group(0).lower().endswith("graveyard") else "bottom"
    r.effects[-1] = replace(look, to_hand=num(m.group(1)).fixed, rest=rest,
                            random_order=(m.group(2) or "").lower() == "a random")
    return True


@_follow_up(r"put all (.+?) cards revealed this way into your hand and the rest (into your graveyard|on the bottom of "
            r"your library in (any|a random) order)")
def _all_matching_to_hand(m: SpanMatch, r: _Reading) -> bool | None:
    # Goblin Ringleader: every revealed card of that kind goes, none chosen (CR 701.20a)
    look = r.last(LookAtTop)
    flt = card_filter(m.group(1))
    if look is None or look.reveal != "all" or look.rest != "stay" or flt is None:
        return None
    graveyard = m.group(2).lower() == "into your graveyard"
    r.effects[-1] = replace(look, filter=flt, take_all=True, rest="graveyard" if graveyard else "bottom",
                            random_order=not graveyard and m.group(3).lower() == "a random")
    return True


@_follow_up(r"you may (?:reveal|put) (an?|up to {NUM}) (.+?) cards? from among (?:them|those cards) "
            r"(?:and put (?:it|them|that card|those cards) )?into your hand")
def _matching_to_hand(m: SpanMatch, r: _Reading) -> bool | None:
    """ "You may reveal a creature card from among them and put it into your hand" (Adventurous
    Impulse): up to that many cards of that kind, none if the player wishes; the others stay
    where they are unless the next sentence moves them (CR 401.2, 701.20a)."""
    look = r.last(LookAtTop)
    flt = card_filter(m.group(3))
    if look is None or look.rest not in ("top", "stay") or look.to_hand or look.piles or flt is None:
        return None
    m.group(1)
    r.effects[-1] = replace(look, to_hand=num(m.group(2)).fixed if m.group(2) else 1, filter=flt, rest="stay",
                            reveal=look.reveal or "chosen")
    return True


@_follow_up(r"(?:then )?put the rest (on the bottom of your library in (a random|any) order|into your graveyard)")
def _rest_of_look(m: SpanMatch, r: _Reading) -> bool | None:
    # "Put the rest on the bottom of your library in a random order" (CR 401.4)
    look = r.last(LookAtTop)
    if look is None or look.rest != "stay":
        return None
    graveyard = m.group(1).lower().endswith("graveyard")
    r.effects[-1] = replace(look, rest="graveyard" if graveyard else "bottom",
                            random_order=not graveyard and m.group(2).lower() == "a random")
    return True


@_follow_up(r"you may choose new targets for the copy")
def _new_targets(m: SpanMatch, r: _Reading) -> bool | None:
    copy = r.last(CopySpell)
    if copy is None:
        return None
    r.effects[-1] = replace(copy, new_targets=True)              # CR 707.10c
    return True


@_follow_up(r"if that spell is countered this way, (?:put it (?:on top of|into) its owner's (?:library|hand) instead "
            r"of into that player's graveyard|exile it instead of putting it into its owner's graveyard)")
def _countered_elsewhere(m: SpanMatch, r: _Reading) -> bool | None:
    counter = r.last(CounterSpell)
    if counter is None:
        return None
    said = m.group(0).lower()
    to = "library" if "library" in said else "hand" if "hand" in said else "exile"
    r.effects[-1] = replace(counter, to=to)                   # Memory Lapse, Remand, Dissipate
    return True


@_follow_up(r"(?:for each copy, (?:the|that) player|if you do, you|you) may cast the copy( without paying its mana cost)?")
def _cast_the_copy(m: SpanMatch, r: _Reading) -> bool | None:
    copies = r.last(CopyCards)
    if copies is None:
        return None
    r.effects[-1] = replace(copies, free=bool(m.group(1)))       # CR 707.12, 118.9
    return True


# "<effect> instead" under a condition checked as it resolves (CR 608.2c): the same kind of
# effect on the same targets, done in place of the one before. Might of Old Krosa: "If you cast
# this spell during your main phase, that creature gets +4/+4 until end of turn instead." (pumps
# only); Tragic Slip: "That creature gets -13/-13 until end of turn instead if a creature died
# this turn."
@_follow_up(r"if ([^,]+), (.+) instead")
def _if_instead(m: SpanMatch, r: _Reading) -> bool | None:
    if r.last(Pump) is None:
        return None
    return _instead(m.group(1), m.group(2), r)


@_follow_up(r"(.+) instead if (.+)")
def _instead_if(m: SpanMatch, r: _Reading) -> bool | None:
    return _instead(m.group(2), m.group(1), r)


def _instead(condition_text: str, body_text: str, r: _Reading) -> bool | None:
    if not r.effects:
        return None
    condition = parse_condition(condition_text)
    if condition is None or condition.kind not in RESOLUTION_CONDITIONS:
        return None
    saved = r.st.mark()
    body = parse_clause(body_text, r.st)
    if body and r.st.mark() == saved and all(type(e) is type(r.effects[-1]) for e in body):
        r.effects[-1] = Conditional(condition, tuple(body), (r.effects[-1],))
        return True
    r.st.rollback(saved)
    return False


@_follow_up(r"if (?:it was|it's|that card was|that card is) an? (.+?) card, (.+)")
def _if_it_was(m: SpanMatch, r: _Reading) -> bool | None:
    """ "Exile target card from a graveyard. If it was a creature card, put a +1/+1 counter on ~"
    (Scavenging Ooze): "it" is the single target the instruction before acted on, read as it
    resolves (CR 608.2c, 608.2h)."""
    what = getattr(r.effects[-1], "what", None) if r.effects else None
    if not isinstance(what, Ref) or what.kind != "target" or what.filter is not None:
        return None
    spec = r.st.targets[what.index] if what.index < len(r.st.targets) else None
    if spec is None or spec.max != 1:
        return None
    flt = parse_filter(m.group(1))
    if flt is None or flt.players or flt.spells or flt.controller or flt.zone:
        return False
    body = parse_effects(m.group(2) + ".", r.st)
    if body is None:
        return False
    r.effects.append(IfMatches(what, flt, tuple(body)))
    return True


@_follow_up(r"otherwise, (.+)")
def _otherwise(m: SpanMatch, r: _Reading) -> bool | None:
    """ "If it was a creature card, you gain 3 life. Otherwise, you draw a card." (Cling to Dust):
    what the conditional instruction before does when its condition doesn't hold (CR 608.2c)."""
    before = r.last(Conditional, IfMatches)
    if before is None or before.otherwise:
        return None
    body = parse_effects(m.group(1) + ".", r.st)
    if body is None:
        return False
    r.effects[-1] = replace(before, otherwise=tuple(body))
    return True


@_follow_up(r"if ([^,]+), (.+)")
def _if(m: SpanMatch, r: _Reading) -> bool | None:
    # "If you control a Wizard, draw a card." (Stream of Unconsciousness): checked as that part
    # of the effect is carried out (CR 608.2c)
    if match(r"(?:~|this spell|it) was kicked", m.group(1), re.I):
        return None
    condition = parse_condition(m.group(1))
    body = parse_effects(m.group(2) + ".", r.st) if condition is not None else None
    if condition is None or body is None or condition.kind not in RESOLUTION_CONDITIONS:
        return False
    r.effects.append(Conditional(condition, tuple(body)))
    return True


@_follow_up(r"if (?:~|this spell) was kicked, (.+)")
def _kicked(m: SpanMatch, r: _Reading) -> bool:
    # CR 702.33d: what the spell does if it was kicked
    body = m.group(1)
    more = fullmatch(template(r"create {NUM} of those tokens instead"), body, re.IGNORECASE)
    if more and (base := r.last(CreateTokenCopy)) is not None:
        more.consume()
        r.effects.pop()
        r.effects.append(IfKicked((replace(base, amount=num(more.group(1))),), (base,)))
        return True
    instead = fullmatch(template(r"it deals {NUM} damage(?: to (?:that \w+|it))? instead"), body, re.IGNORECASE)
    if instead and (damage := r.last(DealDamage)) is not None:
        # "... deals 2 damage ... If this spell was kicked, it deals 4 damage instead."
        instead.consume()
        r.effects.pop()
        r.effects.append(IfKicked((DealDamage(num(instead.group(1)), damage.to),), (damage,)))
        return True
    extra = parse_effects(body, r.st)
    if extra is None:
        return False
    r.effects.append(IfKicked(tuple(extra)))
    return True


# -- instructions of a sentence of their own ----------------------------------------------------
def _instructions(s: str, st: Parse) -> list[Effect] | None:
    """One sentence's instructions: a template, or two joined, or one with a duration, a
    payment or a delay."""
    result = where_x(s, st, _instructions)
    if result is None:
        result = parse_clause(s, st)
    if result is None:
        result = counted(s, st, _instructions)
    read = marker(s)
    if result is None and (dur := fullmatch(r"(.+) for as long as (.+)", s, re.I)) \
            and (lasts := as_long_as(dur.group(2))):
        # "... gains indestructible for as long as you control ~" (CR 611.2b): read as the
        # effect "until end of turn", then given the duration
        saved = st.mark()
        inner = parse_clause(dur.group(1) + " until end of turn", st)
        if inner and all(isinstance(e, Pump) and e.until_end_of_turn for e in inner):
            dur.consume()
            result = [replace(e, until_end_of_turn=False, lasts=lasts) for e in inner]
        else:
            st.rollback(saved)
            undo(read)
    if result is None and (dur := fullmatch(r"(.+) until your next turn", s, re.I)):
        # "Target creature gets -4/-0 until your next turn" (CR 611.2a): read as the effect "until
        # end of turn", then given the longer duration
        saved = st.mark()
        inner = parse_clause(dur.group(1) + " until end of turn", st)
        if inner and all(isinstance(e, Pump) and e.until_end_of_turn and not e.lasts for e in inner):
            dur.consume()
            result = [replace(e, until_end_of_turn=False, until_next_turn=True) for e in inner]
        else:
            st.rollback(saved)
            undo(read)
    if result is None and (up := fullmatch(r"(.+?) unless (you pay|that player pays|its controller pays) "
                                           r"((?:\{[0-9WUBRGC]\})+)", s, re.I)):
        # "sacrifice ~ unless you pay {U}" (Stasis, CR 118.12): done unless its controller pays;
        # "you may draw a card unless that player pays {1}" (Rhystic Study): another player may pay
        payer = None if up.group(2).lower() == "you pay" else who_ref(up.group(2)[:-len(" pays")], st)
        inner = parse_effects(up.group(1), st) if payer is not None or up.group(2).lower() == "you pay" else None
        if inner:
            up.consume()
            result = [UnlessPays(up.group(3).upper(), tuple(inner), payer)]
        else:
            undo(read)
    if result is None and (un := fullmatch(r"(.+?) unless (.+)", s, re.I)) \
            and (cond := parse_condition(un.group(2))) is not None:
        # "sacrifice it unless it escaped" (Uro): done unless the condition holds as it resolves
        # (CR 608.2c)
        saved = st.mark()
        inner = parse_effects(un.group(1), st) if cond.kind in RESOLUTION_CONDITIONS else None
        if inner:
            un.consume()
            result = [Conditional(cond, (), tuple(inner))]
        else:
            st.rollback(saved)
            undo(read)
    if result is None:
        result = _parse_compound(s, st)
    if result is None:
        result = _delayed(s, st)
    if result is None and ", then " in s:
        # "Scry 2, then draw a card." (CR 608.2c: in the order written)
        saved = st.mark()
        result = []
        # "Each player discards their hand, then draws seven cards": the later instructions keep
        # the first one's subject when they have none (a player who isn't a target)
        subject = match(r"(each player|each opponent) ", s, re.I)
        for part in s.split(", then "):
            more = parse_clause(part, st) or _parse_compound(part, st) or counted(part, st, parse_clause)
            if more is None and subject is not None and not part.startswith(subject.group(0)):
                more = parse_clause(subject.group(0) + part, st)
            if more is None:
                st.rollback(saved)
                undo(read)
                result = None
                break
            result.extend(more)
        if result is not None:
            consume(*(t.group(0) for t in finditer(", then ", s)))
    return result


#: Delayed triggers a spell's sentence may create (CR 603.7): "At the beginning of the next end step, ...".
DELAYED = {
    "the next end step": Trigger("end_step", whose="any"),
    "the next turn's upkeep": Trigger("upkeep", whose="any"),
    "the next end step of this turn": Trigger("end_step", whose="any"),
    "your next upkeep": Trigger("upkeep", whose="you"),
    "the next upkeep": Trigger("upkeep", whose="any"),
}


@attempt
def _delayed(sentence: str, st: Parse) -> list[Effect] | None:
    """CR 603.7: "At the beginning of the next end step, return that card ..." — a delayed
    triggered ability about the object the previous instruction moved. "Draw a card at the
    beginning of the next turn's upkeep" (Arcane Denial) is the same ability, worded the other way."""
    reordered = None
    if (after := fullmatch(r"(.+?) at the beginning of (.+)", sentence, re.IGNORECASE)) \
            and after.group(2).lower() in DELAYED:
        reordered = after
        sentence = "at the beginning of " + after.group(2) + ", " + after.group(1)
    m = fullmatch(r"at the beginning of (.+?), (.+)", sentence, re.IGNORECASE)
    events: tuple[str, ...] = ()
    if s := fullmatch(r"when ~ (leaves the battlefield|becomes untapped)(?: or (leaves the battlefield|becomes "
                      r"untapped))?, (.+)", sentence, re.IGNORECASE):
        # CR 603.7: a delayed ability waiting for its source's events (Merieke Ri Berit)
        names = {"leaves the battlefield": "leaves", "becomes untapped": "becomes_untapped"}
        events = tuple(names[g.lower()] for g in s.groups()[:2] if g)
        m = s
    elif not m or m.group(1).lower() not in DELAYED:
        return None
    last = last_target(st)
    # "it" is the object the instruction before moved or targeted (remembered, CR 603.7c), else
    # the source itself where "it" was ~ ("When ~ attacks, sacrifice it at the beginning of the
    # next end step": Brackwater Elemental)
    inner = Parse(it=SELF if last is None and st.it == SELF and not events else Ref("remembered", 0))
    effects = parse_effects(m.group(m.lastindex or 2) + ".", inner)
    if effects is None or inner.targets:
        return None
    # the object the previous instruction moved, or (not moved: "gain control of target creature")
    # the target itself
    remember = (Ref("target", last.index) if events else Ref("moved", last.index)) if last is not None else None
    if last is None and st.it == Ref("put") and not events:
        remember = st.it                # the card put onto the battlefield (Sneak Attack)
    uses = any(r.kind == "remembered" for r in _refs_of(effects))
    if uses and remember is None:
        return None
    m.consume()
    if not events:
        consume(m.group(1))
    if reordered is not None:
        reordered.consume()
    trigger = Trigger(events[0], "self") if events else DELAYED[m.group(1).lower()]
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


@attempt
def _action_then(s: str, sentences: list[Any], nxt: int, st: Parse) -> DoAction | None:
    """ "[You may] <action>. When you do, <effect>" (a reflexive trigger, CR 603.12: everything
    after "When you do" is its text, its targets its own) and "[You may] <action>. If you do,
    <effect>" (CR 608.2c). The action is paid like a cost (CR 118.3): mana, life, sacrificing or
    discarding. Consumes the sentences it uses (set to None)."""
    m = match(r"(when|if) (?:you do|the player does|they do), (.+)", sentences[nxt], re.IGNORECASE | re.DOTALL)
    if m is None:
        return None
    actor = None
    if (other := fullmatch(r"(that player or that (?:permanent|creature)'s controller|that player|its controller) "
                           r"(may .+)", s, re.I)) and m.group(1).lower() == "if":
        # Chain Lightning: another player takes the action (CR 608.2c); "they" is that player
        actor = who_ref(other.group(1), st)
        if actor is None:
            return None
        s = "you " + other.group(2)
    elif not match(r"you do", m.group(0)[len(m.group(1)) + 1:], re.I):
        return None
    optional = s.lower().startswith("you may ")
    action = s[len("you may "):] if optional else s
    if optional:
        # the attempt reads "you may" (an unimplemented paragraph then names what it couldn't
        # read inside the action or the effect, not these words); undone if the attempt fails
        consume(s[:len("you may ")])
    cost = action_cost(action)
    effect_action: list[Effect] | None = None
    saved = st.mark()
    if cost is None:
        # "Create two ... tokens. When you do, ...", "you may draw a card. If you do, discard a card"
        effect_action = parse_effects(action, st)
        if effect_action is None or (m.group(1).lower() == "if" and actor is not None):
            st.rollback(saved)
            return None
    if m.group(1).lower() == "if":
        then = parse_effects(sub(r"^they ", "you ", m.group(2), re.I) if actor else m.group(2), st)
        if then is None:
            st.rollback(saved)
            return None
        sentences[nxt] = None
        m.consume()             # "If you do, " (the action and the effect read their own words)
        return DoAction(cost, optional, then=tuple(then), text=action, who=actor, action=tuple(effect_action or ()))
    rest = join(" ", [m.group(2)] + [x for x in sentences[nxt + 1:] if x is not None])
    # CR 603.12, 400.7: in the reflexive ability "it" is what the action did something to (the
    # new object a returned card became: Back for More), remembered as it triggers
    inner = Parse(it=Ref("remembered", 0) if effect_action and len(st.targets) > saved else st.it)
    effects = parse_effects(rest, inner)
    if effects is None:
        return None
    for k in range(nxt, len(sentences)):
        sentences[k] = None
    m.consume()                 # "When you do, "
    text = "When you do, " + rest
    return DoAction(cost, optional, TriggeredAbility(Trigger("reflexive", "you"), tuple(effects), tuple(inner.targets),
                                                     text), text=action, action=tuple(effect_action or ()))


@attempt
def _parse_compound(s: str, st: Parse) -> list[Effect] | None:
    """Two instructions joined by "and"; the second may keep the first one's subject or verb
    ("deals 4 damage to target creature and 2 damage to that creature's controller")."""
    for m in re.finditer(r" and ", s):
        first, second = s[: m.start()], s[m.end():]
        saved = st.mark()
        read = marker(s)
        a = parse_clause(first, st)
        if a is None:
            st.rollback(saved)
            continue
        b = parse_clause(second, st)
        if b is None and match(template(r"{NUM} damage to "), second, re.I):
            # "~ deals 4 damage to target creature and 2 damage to that creature's controller"
            b = parse_clause("~ deals " + second, st)
        if b is None:
            subject = match(r"(you|target player|target opponent|each player|each opponent) ", first, re.I)
            if subject and subject.group(1).lower().startswith("target"):
                # the same player: refer to the target already chosen, not a new one
                who = target(len(st.targets) - 1)
                verb = fullmatch(template(r"(gains|loses) {NUM} life"), second, re.I)
                if verb:
                    verb.consume()
                    amount = num(verb.group(2))
                    b = [GainLife(who, amount) if verb.group(1).lower() == "gains" else LoseLife(who, amount)]
            elif subject:
                b = parse_clause(subject.group(0) + second, st)
            elif (obj := match(r"(~|(?:up to \w+ )?target .+?|enchanted creature|equipped creature|it|that creature) "
                               r"(?:each )?(?:gets?|gains?) ", first, re.I)) and match(r"can't ", second, re.I):
                # "Target creature gains vigilance until end of turn and can't be blocked this turn":
                # the same creature (the target chosen for the first, CR 608.2c)
                b = parse_clause(("~ " if obj.group(1) == "~" else "it ") + second, st)
        if b is not None:
            consume(s[m.start():m.end()])
            return a + b
        st.rollback(saved)
        undo(read)
    return None
