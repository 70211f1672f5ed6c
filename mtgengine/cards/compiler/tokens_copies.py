"""Effect templates that make tokens and copies (CR 111, 707), double or triple (CR 701.10,
701.11), and change the text of objects (CR 612); the "except ..." of a copy (CR 707.9)."""
from __future__ import annotations

import re
from dataclasses import replace

from ...core.mana import COLOR_WORDS
from .clause import effect_rule, parse_clause
from .filters import card_filter, parse_filter, subject_filter
from .grammar import attempt
from .keywords import keyword_list
from . import nested
from .lexicon import LAND_TYPE_WORDS, PERMANENT_TYPES, TIMES, artifact_enchantment_types, creature_types, num
from .targets import LIFE_OWNER, Parse, last_target, life_owner, target_ref, target_spec, who_ref
from .text import SpanMatch, consume, finditer, fullmatch, split, sub
from ..vocabulary import (
    AddMana, BecomeCopy, CopyCards, CopyException, CopySpell, CreateToken, CreateTokenCopy, Double, Effect,
    EntersAsCopy, Filter, Quantity, Ref, ReplaceWords, SELF, TargetSpec, YOU, n,
)


@effect_rule(r"you may copy (?:this spell|~)(?: and may choose (?:a )?new targets? for (?:that|the) copy)?")
def _copy_self(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Chain Lightning: "they may copy this spell and may choose a new target for that copy"
    (CR 707.10, 707.10c): the spell is still on the stack as it resolves."""
    return [CopySpell(SELF, new_targets="new target" in m.group(0).lower(), optional=True)]


@effect_rule(r"copy target (instant or sorcery|instant|sorcery|creature) spell( you control)?(?:, except (.+?))?")
def _copy_spell(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Twincast, Fork; Double Major ("copy target creature spell you control, except it isn't
    legendary if the spell is legendary": a copy of a permanent spell becomes a token, CR 707.10f)."""
    types = frozenset(t.capitalize() for t in m.group(1).split(" or "))
    # "it isn't legendary if the spell is legendary": the condition changes nothing (not legendary: no change)
    exception = _copy_exception(sub(r" if the spell is legendary$", "", m.group(3) or "", re.I, understood=True) or None)
    if exception is False:
        return None
    flt = Filter(types=types, spells=True, controller="you" if m.group(2) else None)
    ref = st.add_target(TargetSpec(flt, f"target {m.group(1)} spell{m.group(2) or ''}"))
    return [CopySpell(ref, False, exception or None)]                     # CR 707.10


@effect_rule(r"~ becomes a copy of (?:that creature|it), except it has this ability")
def _becomes_copy_keeping(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Unstable Shapeshifter: it becomes a copy of the creature that entered, except it has this
    ability (CR 707.4, 707.9a: the exception is part of its copiable values)."""
    return [BecomeCopy(SELF, st.it, keep_this_ability=True)] if st.it is not None else None


@effect_rule(r"(that player|you) cop(?:y|ies) (?:each|the) (.+?) cards? exiled with ~")
def _copy_exiled_cards(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Eye of the Storm: "that player copies each instant and sorcery card exiled with ~" — copies of
    cards, cast by the sentence that follows (CR 707.12, 607.2a)."""
    flt = card_filter(sub(r" and ", " or ", m.group(2), re.I))
    if flt is None or not st.link:
        return None
    who = YOU if m.group(1).lower() == "you" else Ref("triggering_controller")
    return [CopyCards(Ref("linked", filter=flt, link=st.link), who)]


@effect_rule(r"copy (?:it|that card)(,? then you may cast the copy( without paying its mana cost)?)?")
def _copy_moved_card(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Shiko, Paragon of the Way: "exile target ... card from your graveyard. Copy it, then you may
    cast the copy without paying its mana cost" — the card the target became (CR 400.7, 707.12)."""
    last = last_target(st)
    if last is None or not st.targets[-1].filter.zone:
        return None                                    # only a targeted card ("copy it" of a spell is CopySpell)
    # "..., then you may cast the copy [without paying its mana cost]"; else the sentence that
    # follows says how ("You may cast the copy without paying its mana cost")
    free = bool(m.group(2)) if m.group(1) else True
    return [CopyCards(Ref("moved", last.index), YOU, free=free)]


@effect_rule(r"(you may )?copy the exiled card")
def _copy_exiled_card(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Isochron Scepter, Spellbinder: "[you may] copy the exiled card" (the imprinted one, CR 607.2a,
    707.12); "If you do, you may cast the copy ..." follows."""
    if not st.link:
        return None
    return [CopyCards(Ref("linked", link=st.link), YOU, optional=bool(m.group(1)))]


@effect_rule(r"create a token that's a copy of (target .+?|equipped creature|enchanted creature)(?:, except (.+?))?")
def _token_copy(m: SpanMatch, st: Parse) -> list[Effect] | None:
    exception = _copy_exception((m.group(2) or "").replace("the token isn't", "it isn't"))
    if exception is False:
        return None
    what = m.group(1).lower()
    if what.startswith("target "):
        spec = target_spec(what[len("target "):])
        if spec is None:
            return None
        consume(what[:len("target ")])
        return [CreateTokenCopy(st.add_target(spec), exception=exception or None)]
    consume(what)
    return [CreateTokenCopy(Ref(what.split()[0]), exception=exception or None)]


@effect_rule(r"each other creature becomes a copy of target (.+?) until end of turn")
def _mirrorweave(m: SpanMatch, st: Parse) -> list[Effect] | None:
    spec = target_spec(m.group(1))
    if spec is None:
        return None
    ref = st.add_target(spec)
    return [BecomeCopy(Ref("each", filter=Filter(types=frozenset({"Creature"}))), ref, True, True)]  # CR 707.4


@effect_rule(r"target (.+?) becomes a copy of another target (.+?)")
def _become_copy(m: SpanMatch, st: Parse) -> list[Effect] | None:
    first, second = target_spec(m.group(1)), target_spec(m.group(2))
    if first is None or second is None:
        return None
    return [BecomeCopy(st.add_target(first), st.add_target(second))]             # CR 707.4


@effect_rule(r"copy target (triggered|activated|activated or triggered) ability you control")
def _copy_ability(m: SpanMatch, st: Parse) -> list[Effect] | None:
    kind = m.group(1).lower()
    ref = st.add_target(TargetSpec(Filter(spells=True, abilities=kind.replace(" or ", "|"), controller="you"),
                                   f"target {kind} ability you control"))
    return [CopySpell(ref, False)]                                               # CR 707.10


@effect_rule(r"(double|triple) " + LIFE_OWNER + r" life total")
def _double_life(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """CR 701.10d: the player gains or loses life so the total becomes twice what it was."""
    who = life_owner(m.group(2), st)
    return [Double(who, "life", times=TIMES[m.group(1).lower()])] if who else None


_DOUBLE_WHAT = r"(each (?:other )?creature you control|each (?:other )?[A-Z][a-z]+ you control|target (?:.+?)|~)"


@attempt
def _double_subject(what: str, st: Parse) -> Ref | None:
    """What a doubling acts on: "each creature you control", "each other creature you control",
    "each Dragon you control", "target creature (you control)", "~"."""
    if what == "~":
        consume(what)
        return SELF
    if what.lower().startswith("target "):
        return target_ref(what, st)
    m = fullmatch(r"each (other )?(.+?) you control", what)
    flt = subject_filter(m.group(2)) if m else None
    if m is None or flt is None or flt.spells:
        return None
    m.consume()
    if not flt.types:
        flt = replace(flt, types=frozenset({"Creature"}))
    return Ref("each", filter=replace(flt, controller="you", other=bool(m.group(1))))


@effect_rule(r"(double|triple) the (power and toughness|power|toughness) of " + _DOUBLE_WHAT + r"( until end of turn)?")
def _double_power_toughness(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """CR 701.10a-c, 701.11: +X/+0, +0/+X or +X/+Y in layer 7c, fixed as it resolves."""
    ref = _double_subject(m.group(3), st)
    if ref is None or (ref.kind == "target" and st.targets[ref.index].filter.players):
        return None
    value = m.group(2).lower().replace(" and ", "_")
    return [Double(ref, value, times=TIMES[m.group(1).lower()], until_end_of_turn=bool(m.group(4)))]


@effect_rule(r"(double|triple) (target .+?'s|~'s) (power and toughness|power|toughness)( until end of turn)?")
def _double_power(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Double target creature's power until end of turn" (Bulk Up, Choose Your Weapon)."""
    ref = _double_subject(m.group(2)[:-2], st)
    if ref is None or (ref.kind == "target" and st.targets[ref.index].filter.players):
        return None
    consume(m.group(2)[-2:])                                   # "'s"
    value = m.group(3).lower().replace(" and ", "_")
    return [Double(ref, value, times=TIMES[m.group(1).lower()], until_end_of_turn=bool(m.group(4)))]


@effect_rule(r"choose any number of target (.+)")
def _choose_targets(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Choose any number of target creatures." (CR 601.2c, 115.1d): the targets the next
    sentence's "each of them" acts on."""
    phrase = sub(r"s$", "", m.group(1).lower(), understood=True)
    spec = target_spec(phrase)
    if spec is None or spec.filter.players:
        return None
    st.add_target(TargetSpec(spec.filter, "any number of target " + m.group(1).lower(), 0, 99))
    return []


@effect_rule(r"(double|triple) the number of (each kind of counter|(?:\+1/\+1|-1/-1|[a-z]+) counters) on "
             r"(each of them|it|that creature|that permanent|" + _DOUBLE_WHAT[1:-1] + r")")
def _double_counters(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """CR 701.10e: as many more of those counters as it has ("each kind": every kind it has)."""
    where = m.group(3)
    if where.lower() in ("each of them", "it", "that creature", "that permanent"):
        ref: Ref | None = last_target(st) or st.it
        consume(where)
    else:
        ref = _double_subject(where, st)
    if ref is None:
        return None
    kind = "" if m.group(2).lower().startswith("each kind") else m.group(2).lower().rsplit(" ", 1)[0]
    return [Double(ref, "counters", kind, times=TIMES[m.group(1).lower()])]


@effect_rule(r"(double|triple) the amount of each type of unspent mana you have")
def _double_mana(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """CR 701.10f (Doubling Cube)."""
    return [Double(YOU, "mana", times=TIMES[m.group(1).lower()])]


@effect_rule(r"double the value of x")
def _double_x(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Unbound Flourishing: the X of the spell the trigger refers to (CR 107.3)."""
    return [Double(Ref("triggering"), "x")]


@effect_rule(r"copy that (?:spell|spell or ability|ability)")
def _copy_that(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Whenever you cast ..., copy that spell" (Swarm Intelligence, Reflections of Littjara):
    the spell or ability the trigger refers to (CR 707.10); "You may choose new targets for
    the copy" follows as its own sentence."""
    return [CopySpell(Ref("triggering"), False)]


@effect_rule(r"that player adds one mana of any type that (?:land|permanent) produced")
def _mana_produced(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """A triggered mana ability's mana (Heartbeat of Spring, CR 605.1b)."""
    return [AddMana(produced=True)]


@effect_rule(r"for each creature token you control, create a token that's a copy of that creature")
def _copy_each_token(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Rhys the Redeemed: a token copy of each creature token you control (CR 707.2, 111.1)."""
    return [CreateTokenCopy(Ref("each", filter=Filter(types=frozenset({"Creature"}), controller="you", token=True)))]


@effect_rule(r"(create .+? creature tokens?) for each ([a-z0-9+/-]+) counter on ~")
def _tokens_per_counter(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Create a 1/1 green Snake creature token for each charge counter on ~" (Orochi Hatchery):
    counted as it resolves (CR 608.2h)."""
    made = parse_clause(m.group(1), st)
    if not made or len(made) != 1 or not isinstance(made[0], CreateToken) or made[0].amount != n(1):
        return None
    return [replace(made[0], amount=Quantity(stat="counters:" + m.group(2).lower(), of=SELF))]


#: Who creates tokens, when not the effect's controller: "Its controller creates ..." (Beast Within).
#: Who creates a token (CR 111.2: and controls it): the effect's controller unless a player is named.
_MAKER = (r"(its controller|that (?:creature|permanent)'s controller|each player|each opponent|that player|"
          r"target player|target opponent|you)")
_CREATOR = r"(?:" + _MAKER + r" )?creates? "


@attempt
def _creator(words: str | None, st: Parse) -> Ref | None | bool:
    """The ``who`` of a token-creating effect: None for the controller, False if not understood."""
    if not words:
        return None
    if words.lower() == "you":
        consume(words)
        return None
    return who_ref(words, st) or False


@effect_rule(_CREATOR + r"{NUM} (\d+)/(\d+) ((?:white|blue|black|red|green|colorless)(?: and (?:white|blue|black|red|green))?) "
             r"([A-Z][A-Za-z ]*?) ((?:artifact |enchantment |land )+)?creature tokens?(?: with (.+))?")
def _token(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Create two 1/1 white Soldier creature tokens"; "Its controller creates a 3/3 green Beast
    creature token" (Beast Within): the target's controller, as last known (CR 608.2h), creates
    and controls it (CR 111.2)."""
    who = _creator(m.group(1), st)
    if who is False:
        return None
    colors = tuple(COLOR_WORDS[c] for c in m.group(5).lower().split(" and ") if c in COLOR_WORDS)
    # "a 2/2 blue Bird enchantment creature token" (Aerie Worshippers): card types before "creature"
    types = tuple(w.capitalize() for w in (m.group(7) or "").split()) + ("Creature",)
    subtypes = tuple(m.group(6).split())
    if not all(_token_subtype(t, types) for t in subtypes):
        m.leave(6)          # a word that is no subtype of its types (CR 205.3d) taken for one: not understood
    kws: frozenset[str] = frozenset()
    text = ""
    if m.group(8):
        extras = token_abilities(m.group(8))
        if extras is None:
            return None
        kws, text = extras
    # CR 111.4: unnamed, a token is named after its subtypes plus the word "Token"
    return [CreateToken(num(m.group(2)), " ".join(subtypes) + " Token", int(m.group(3)), int(m.group(4)),
                        colors, types, subtypes, kws, who=who, text=text)]


@effect_rule(r"create ((?:a|an|one|two|three|\d+) .+? tokens?(?: with .+?)?) and ((?:a|an|one|two|three|\d+) .+? tokens?"
             r"(?: with .+?)?)")
def _two_tokens(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "create a 3/3 ... token with deathtouch and a 3/3 ... token with lifelink" (Wurmcoil
    Engine): two kinds of token, created at once (CR 111.2)."""
    first = parse_clause(m.group(1)[:0] + "create " + m.group(1), st)
    second = parse_clause(m.group(2)[:0] + "create " + m.group(2), st) if first else None
    if not first or not second or not all(isinstance(e, CreateToken) for e in first + second):
        return None
    return first + second


def _token_subtype(word: str, types: tuple[str, ...]) -> bool:
    """Whether a token's subtype fits its card types (CR 205.3d): a creature type (205.3m), a basic
    land type of a land ("a 1/1 green Forest Dryad land creature token", 205.3i), an artifact or
    enchantment type of one (205.3g-h)."""
    if word in creature_types():
        return True
    if "Land" in types and word in LAND_TYPE_WORDS.values():
        return True
    return ("Artifact" in types or "Enchantment" in types) and word in artifact_enchantment_types().values()


@attempt
def token_abilities(text: str) -> tuple[frozenset[str], str] | None:
    """What a token is created "with" (CR 111.1): keywords ("flying and haste"), an ability in
    quotation marks ('"~ gets +1/+1 for each artifact you control."'), or keywords and then one
    ability ('flying and "Whenever ..."'). The quoted ability is the token's rules text, "~" the
    token itself, compiled when the token exists (``effects.layers``); its words count as read
    only if all of them are (``nested``)."""
    if '"' not in text:
        kws = keyword_list(text)
        return (kws, "") if kws is not None else None
    m = fullmatch(r'(?:(.+?),? and )?"([^"]+)"', text.strip())
    if m is None or not nested.understood(m.group(2)):
        return None
    kws = keyword_list(m.group(1)) if m.group(1) else frozenset()
    if kws is None:
        return None
    consume(m.group(2))
    m.consume()
    return kws, str.__str__(m.group(2))


#: The predefined tokens (CR 111.10): card types, subtypes and rules text ("this token": itself).
PREDEFINED_TOKENS: dict[str, tuple[tuple[str, ...], str]] = {
    "Treasure": (("Artifact",), "{T}, Sacrifice this token: Add one mana of any color."),         # 111.10a
    "Food": (("Artifact",), "{2}, {T}, Sacrifice this token: You gain 3 life."),                   # 111.10b
    "Gold": (("Artifact",), "Sacrifice this token: Add one mana of any color."),                   # 111.10c
    "Shard": (("Enchantment",), "{2}, Sacrifice this token: Scry 1, then draw a card."),           # 111.10e
    "Clue": (("Artifact",), "{2}, Sacrifice this token: Draw a card."),                            # 111.10f
    "Blood": (("Artifact",), "{1}, {T}, Discard a card, Sacrifice this token: Draw a card."),       # 111.10g
    "Powerstone": (("Artifact",), "{T}: Add {C}. This mana can't be spent to cast a nonartifact spell."),  # 111.10h
    "Map": (("Artifact",), "{1}, {T}, Sacrifice this token: Target creature you control explores. "
                           "Activate only as a sorcery."),                                          # 111.10s
    "Junk": (("Artifact",), "{T}, Sacrifice this token: Exile the top card of your library. You may play that "
                            "card this turn. Activate only as a sorcery."),                         # 111.10t
    "Lander": (("Artifact",), "{2}, {T}, Sacrifice this token: Search your library for a basic land card, put it "
                              "onto the battlefield tapped, then shuffle."),                        # 111.10u
}
_PREDEFINED_WORDS = "|".join(PREDEFINED_TOKENS)


def predefined_token(name: str, amount: Quantity, who: Ref | None = None, tapped: bool = False) -> CreateToken:
    """CR 111.10: a colorless token of that subtype with its predefined ability, named after its
    subtype plus the word "Token" (CR 111.4)."""
    types, text = PREDEFINED_TOKENS[name]
    return CreateToken(amount, name + " Token", 0, 0, (), types, (name,), who=who, text=text, tapped=tapped)


@effect_rule(_CREATOR + r"{NUM} (tapped )?(" + _PREDEFINED_WORDS + r") tokens?")
def _predefined_token(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Create a Treasure token" (CR 111.10a), "create a tapped Powerstone token" (111.10h),
    "its controller creates a Map token" (111.10s)."""
    who = _creator(m.group(1), st)
    return [predefined_token(m.group(4), num(m.group(2)), who, bool(m.group(3)))] if who is not False else None


@effect_rule(_CREATOR + r"{NUM} (tapped )?Walker tokens?")
def _walker_token(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """CR 111.10d: "A Walker token is a 2/2 black Zombie creature token named Walker"."""
    who = _creator(m.group(1), st)
    if who is False:
        return None
    return [CreateToken(num(m.group(2)), "Walker", 2, 2, ("B",), ("Creature",), ("Zombie",), who=who,
                        tapped=bool(m.group(3)))]


@effect_rule(r"(?:" + _MAKER + r" )?investigates?(?: (twice|{NUM} times))?")
def _investigate(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """CR 701.16a: "Investigate" means "Create a Clue token"; "investigate twice" creates two;
    "its controller investigates" (Fateful Absence): that player creates it (CR 111.2)."""
    who = _creator(m.group(1), st)
    if who is False:
        return None
    count = "2" if m.group(2) and m.group(2).lower() == "twice" else (m.group(3) or "1")
    return [predefined_token("Clue", num(count), who)]


#: CR 111.10i: an Incubator token's back face, a 0/0 colorless Phyrexian artifact creature named Phyrexian Token.
_PHYREXIAN = CreateToken(n(1), "Phyrexian Token", 0, 0, (), ("Artifact", "Creature"), ("Phyrexian",))


@effect_rule(r"(?:" + _MAKER + r" )?incubates? {NUM}( twice)?")
def _incubate(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """CR 701.53a: "To incubate N, create an Incubator token that enters the battlefield with N +1/+1
    counters on it": a double-faced token (CR 111.10i) whose front face transforms itself for {2}."""
    who = _creator(m.group(1), st)
    if who is False:
        return None
    token = CreateToken(n(1), "Incubator Token", 0, 0, (), ("Artifact",), ("Incubator",), who=who,
                        text="{2}: Transform this token.", back=_PHYREXIAN, counters=num(m.group(2)))
    return [token, token] if m.group(3) else [token]


@attempt
def _copy_exception(text: str | None, self_name: str = "") -> CopyException | None | bool:
    """The "except ..." of a copy effect (CR 707.9); False if not understood. ``self_name``:
    the name "~" stands for in "its name is ~" (the card whose ability it is)."""
    if not text:
        return None
    add_types: set[str] = set()
    add_subtypes: set[str] = set()
    colors: frozenset[str] | None = None
    no_super: set[str] = set()
    counters: list[tuple[str, int]] = []
    continue_abilities: list[str] = []
    name = ""
    add_super: set[str] = set()
    pt: tuple[int | None, int | None] = (None, None)
    quoted = re.findall(r'"[^"]*"', text)
    masked = text
    for i, q in enumerate(quoted):
        masked = masked.replace(q, f"\x00{i}\x00")
    joined = masked.strip().rstrip(".")
    parts = [sub(r"\x00(\d+)\x00", lambda mm: quoted[int(mm.group(1))], part)
             for part in split(r",? and |, ", joined)]
    for joint in finditer(r",? and |, ", joined):
        joint.consume()     # the joining words; a part not understood fails the whole exception
    for part in parts:
        understood = True   # (a part accepted but not understood is left unread)
        p = part.strip().lower()
        if m := re.fullmatch(r"(?:that )?the copy is (white|blue|black|red|green)", p):
            colors = frozenset({COLOR_WORDS[m.group(1)]})
        elif m := re.fullmatch(r"it's (?:an? )?([\w' ]+?) in addition to its other types", part.strip(), re.I):
            # "an artifact", "a Wall", "a Shapeshifter Rogue", "legendary" (CR 707.9b)
            for word in m.group(1).split():
                if word.lower() in ("artifact", "enchantment", "creature"):
                    add_types.add(word.capitalize())
                elif word.lower() in ("legendary", "snow"):
                    add_super.add(word.capitalize())
                else:
                    add_subtypes.add(word[0].upper() + word[1:])
                    understood = understood and word[0].upper() + word[1:] in creature_types()
        elif m := re.fullmatch(r'it has "(.+)"', part.strip(), re.I):
            ability = m.group(1)                       # CR 707.9a: it gains an ability
            continue_abilities.append(ability)
            understood = nested.understood(ability)    # compiled when the copy exists: read it now
        elif m := re.fullmatch(r"(?:its|the copy's) name is (.+)", part.strip(), re.I):
            name = m.group(1).strip()                  # CR 707.9b: "except its name is ..."
            if name == "~":
                if not self_name:
                    return False
                name = self_name
            understood = "~" not in name               # (a name is any words, but not part of one)
        elif m := re.fullmatch(r"it's (\d+)/(\d+)", p):
            pt = (int(m.group(1)), int(m.group(2)))    # CR 707.9b, 707.9d
        elif p in ("it isn't legendary", "the copy isn't legendary"):
            no_super.add("Legendary")
        elif p == "it enters with an additional +1/+1 counter on it if it's a creature":
            counters.append(("+1/+1", 1))
        elif p == "it enters with an additional loyalty counter on it if it's a planeswalker":
            counters.append(("loyalty", 1))
        else:
            return False
        if understood:
            consume(part)
    return CopyException(frozenset(add_types), frozenset(add_subtypes), colors, frozenset(no_super), tuple(counters),
                         tuple(continue_abilities), set_name=name, add_supertypes=frozenset(add_super),
                         set_power=pt[0], set_toughness=pt[1])


def parse_enters_as_copy(para: str, name: str = "") -> EntersAsCopy | None:
    """"You may have ~ enter (the battlefield) as a copy of any creature on the battlefield
    (, except ...)." (CR 707.5)."""
    m = fullmatch(r"you may have ~ enter(?: the battlefield)? as a copy of (?:any|a|an) (.+?)"
                  r"( on the battlefield| in a graveyard)?(?:, except (.+))?", para.removesuffix("."), re.I)
    if not m:
        return None
    what = m.group(1).lower()
    zone = "graveyard" if m.group(2) and "graveyard" in m.group(2) else "battlefield"
    what = sub(r" cards?$", "", what, understood=True)
    flt = parse_filter(what)
    exception = _copy_exception(m.group(3), name)
    if flt is None or exception is False:
        return None
    m.consume()
    return EntersAsCopy(flt, zone, exception or None)


_WORD_KINDS = {"color word": "color", "basic land type": "land_type", "creature type": "creature_type"}


@effect_rule(r"change the text of target (permanent|spell or permanent) by replacing all instances of one "
             r"(color word|basic land type|creature type) with another(?: or one (color word|basic land type|creature type) "
             r"with another)?")
def _replace_words(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Sleight of Mind, Magical Hack, Mind Bend, Artificial Evolution (CR 612)."""
    kinds = tuple(_WORD_KINDS[k.lower()] for k in (m.group(2), m.group(3)) if k)
    both = m.group(1).lower() == "spell or permanent"
    spec = TargetSpec(Filter(zone="stack_or_battlefield") if both else Filter(types=PERMANENT_TYPES),
                      "target " + m.group(1).lower())
    return [ReplaceWords(st.add_target(spec), kinds)]
