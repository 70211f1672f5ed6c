"""Effect templates that move objects between zones (CR 400, 701): destroy, exile, sacrifice,
return to hand or battlefield, counter, draw, discard, mill, search, scry and surveil, shuffle,
manifest, take an extra turn."""
from __future__ import annotations

from dataclasses import replace

from . import card_zones  # noqa: F401  (the library, hand and graveyard templates register with EFFECTS)
from .clause import effect_rule
from .filters import card_filter, parse_each_of, parse_filter
from .lexicon import num
from .targets import Parse, it_ref, last_target, target_ref, target_spec, who_ref
from .text import SpanMatch, consume, fullmatch
from ..vocabulary import (
    CounterSpell, Destroy, Discard, Draw, Effect, Exile, ExileChosen, ExtraTurn, Filter, LookAtTop, Manifest, Mill, PutFromHand,
    PutOnBottom, PutOntoBattlefieldFromHand, Ref, ReturnChosen, ReturnToBattlefield, ReturnToHand, SELF, Sacrifice, SacrificePermanent, Scry, Search,
    ShuffleIntoLibrary, TapUntap, YOU, n,
)


@effect_rule(r"exile (?:all cards from )?(target player's|target opponent's) graveyard")
def _exile_graveyard(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Bojuka Bog, Tormod's Crypt: "Exile target player's graveyard" — every card in it (CR 406.2)."""
    spec = target_spec(m.group(1)[len("target "):-2])
    if spec is None or not spec.filter.players:
        return None
    return [Exile(Ref("target_graveyard", st.add_target(spec).index))]


@effect_rule(r"exile all (?:(.+?) cards (?:from|in) all graveyards|cards from all graveyards|graveyards)")
def _exile_graveyards(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Exile all graveyards" (Rest in Peace, Relic of Progenitus), "Exile all creature cards from
    all graveyards": every card in every graveyard as it resolves (CR 406.2, 608.2c)."""
    flt = card_filter(m.group(1)) if m.group(1) else None
    if m.group(1) and flt is None:
        return None
    return [Exile(Ref("all_graveyards", filter=flt))]


@effect_rule(r"exile all (.+)")
def _exile_all(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Exile all creatures" (Farewell, Sunfall): each permanent the phrase describes as it
    resolves (CR 406.2, 608.2c)."""
    flt = parse_each_of(m.group(1))
    if flt is None or flt.players or flt.spells or flt.zone:
        return None
    return [Exile(Ref("each", filter=flt))]


@effect_rule(r"exile (?:it|that spell)")
def _exile_it(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Whenever a player casts ..., exile it" (Eye of the Storm): the object the trigger refers to,
    exiled with the source when the card links it (CR 607.2a)."""
    return [Exile(st.it, link=st.link)] if st.it is not None else None


@effect_rule(r"exile an? (.+?) card( with mana value \d+(?: or (?:greater|less))?)? from your hand")
def _exile_from_hand(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Imprint: "[you may] exile an instant card with mana value 2 or less from your hand" (CR
    701.13a), linked to the card's other abilities (CR 607.2a)."""
    flt = card_filter(m.group(1) + (m.group(2) or ""))
    return [ExileChosen(flt, "hand", link=st.link)] if flt is not None else None


@effect_rule(r"(target player|target opponent|each player|each opponent) exiles? an? (?:(.+?) )?card from (?:their|his or her) "
             r"(graveyard|hand)")
def _player_exiles(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Target player exiles a card from their graveyard" (Relic of Progenitus), "... from their
    hand" (Karn Liberated): the player chooses one of their own cards (CR 406.2)."""
    flt = card_filter(m.group(2)) if m.group(2) else Filter()
    who = who_ref(m.group(1), st) if flt is not None else None
    return [ExileChosen(flt, m.group(3).lower(), optional=False, who=who)] if who is not None else None


@effect_rule(r"(?:you may )?put an? (.+?) card from your hand onto the battlefield( tapped)?")
def _put_from_hand_onto_battlefield(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "You may put a land card from your hand onto the battlefield" (Growth Spiral, CR 110.2);
    in a "you may" trigger the choice of none is the trigger's own."""
    flt = card_filter(m.group(1))
    if flt is None or flt.controller or flt.zone:
        return None
    return [PutOntoBattlefieldFromHand(flt, tapped=bool(m.group(2)), optional=True)]


@effect_rule(r"discard {NUM} cards?")
def _discard_you(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Draw two cards, then discard two cards" (Izzet Charm): you discard (CR 701.9a)."""
    return [Discard(YOU, num(m.group(1)))]


@effect_rule(r"shuffle ~ into its owner's library")
def _shuffle_self(m: SpanMatch, st: Parse) -> list[Effect] | None:
    return [ShuffleIntoLibrary(SELF)]                                 # CR 701.24a


@effect_rule(r"manifest the top (?:card|(\w+) cards) of your library")
def _manifest(m: SpanMatch, st: Parse) -> list[Effect] | None:
    return [Manifest(YOU, num(m.group(1)) if m.group(1) else n(1))]   # CR 701.40a


@effect_rule(r"(you|target player|target opponent|each player|each opponent|that player|enchanted player|"
             r"enchanted opponent) (?:draw|draws) {NUM}"
             r" (?:additional )?cards?")
def _draw_who(m: SpanMatch, st: Parse) -> list[Effect] | None:
    who = who_ref(m.group(1), st)
    return [Draw(who, num(m.group(2)))] if who else None


@effect_rule(r"draw {NUM} cards?")
def _draw(m: SpanMatch, st: Parse) -> list[Effect] | None:
    return [Draw(YOU, num(m.group(1)))]


@effect_rule(r"(destroy|exile|tap|untap) ({UP_TO}(?:(?:two|three|four|five|other) )?target .+)")
def _target_verb(m: SpanMatch, st: Parse) -> list[Effect] | None:
    ref = target_ref(m.group(2), st)
    if ref is None:
        return None
    spec = st.targets[ref.index]
    verb = m.group(1).lower()
    if spec.filter.players or (spec.filter.zone == "graveyard" and verb != "exile"):
        return None
    if verb == "destroy":
        return [Destroy(ref)]
    if verb == "exile":
        return [Exile(ref)]
    return [TapUntap(ref, tap=verb == "tap")]


@effect_rule(r"destroy (it|~|that creature|that permanent|that land)")
def _destroy_it(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "destroy that creature" (a delayed ability's object, Merieke Ri Berit), "destroy it" (the
    triggering object, Blight), "destroy ~" (Ice Cage): CR 701.8a."""
    if m.group(1) == "~":
        consume(m.group(1))
        return [Destroy(SELF)]
    ref = it_ref(st, "it" if m.group(1).lower() == "that land" else m.group(1))
    return [Destroy(ref)] if ref is not None else None


@effect_rule(r"destroy (?:all|each) (.+)")
def _destroy_all(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Destroy all creatures" (Wrath of God), "Destroy each artifact, creature, and enchantment
    with mana value X or less" (Pernicious Deed): each permanent described as it resolves (CR 608.2c)."""
    flt = parse_each_of(m.group(1))
    return [Destroy(Ref("each", filter=flt))] if flt and not (flt.players or flt.spells or flt.zone) else None


@effect_rule(r"return ({UP_TO}target .+?) to (?:its|their) owner'?s'? hands?")
def _bounce(m: SpanMatch, st: Parse) -> list[Effect] | None:
    ref = target_ref(m.group(1), st)
    return [ReturnToHand(ref)] if ref else None


@effect_rule(r"return (?:all|each) (.+?) to (?:its|their) owners?'?s?'? hands?")
def _bounce_all(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Evacuation: "Return all creatures to their owners' hands"; Cyclonic Rift overloaded:
    "Return each nonland permanent you don't control to its owner's hand" (CR 702.96a): each
    permanent the phrase describes as it resolves (CR 608.2c)."""
    flt = parse_each_of(m.group(1))
    if flt is None or flt.players or flt.spells or flt.zone:
        return None
    return [ReturnToHand(Ref("each", filter=flt))]


@effect_rule(r"return ({UP_TO}target .+? (?:from|in) your graveyard) to your hand")
def _regrow(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Raise Dead: a card in a graveyard is targeted (CR 115.2) and returned to its owner's hand."""
    ref = target_ref(m.group(1), st)
    return [ReturnToHand(ref)] if ref else None


@effect_rule(r"(?:return|put) ({UP_TO}target .+? (?:from|in) (?:your|a) graveyard) "
             r"(?:to|onto) the battlefield( tapped)?( under your control)?")
def _reanimate(m: SpanMatch, st: Parse) -> list[Effect] | None:
    ref = target_ref(m.group(1), st)
    if ref is None:
        return None
    if m.group(4) is None and " a graveyard" in m.group(1).lower():
        # a card from any graveyard enters under its owner's control unless the text says
        # otherwise (CR 110.2a), but it is compiled as the effect controller's: not understood
        m.leave(1)
    return [ReturnToBattlefield(ref, tapped=bool(m.group(3)))]


@effect_rule(r"counter target (.+?)(?: unless its controller pays ((?:\{[0-9X]+\})+))?")
def _counter(m: SpanMatch, st: Parse) -> list[Effect] | None:
    phrase = m.group(1).lower()
    spec = target_spec(phrase)
    if spec is None or not spec.filter.spells:
        return None
    return [CounterSpell(st.add_target(spec), unless_pays=m.group(2) or "")]


@effect_rule(r"counter (that spell or ability|that spell|that ability)(?: unless its controller pays ((?:\{[0-9X]+\})+))?")
def _counter_that(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Whenever ~ becomes the target of a spell or ability an opponent controls, counter that
    spell or ability unless its controller pays {2}" (Frost Titan, CR 701.6a, 118.12a)."""
    if st.spell is None:
        return None
    consume(m.group(1))
    return [CounterSpell(st.spell, unless_pays=m.group(2) or "")]


@effect_rule(r"scry {NUM}")
def _scry(m: SpanMatch, st: Parse) -> list[Effect] | None:
    return [Scry(YOU, num(m.group(1)))]


@effect_rule(r"fateseal {NUM}")
def _fateseal(m: SpanMatch, st: Parse) -> list[Effect] | None:
    # CR 701.29a: scry an opponent's library; the opponent is chosen as it resolves (one opponent
    # in a two-player game)
    return [Scry(YOU, num(m.group(1)), library=Ref("each_opponent"))]


@effect_rule(r"surveil {NUM}")
def _surveil(m: SpanMatch, st: Parse) -> list[Effect] | None:
    return [Scry(YOU, num(m.group(1)), surveil=True)]                 # CR 701.25a


@effect_rule(r"(?:(target player|target opponent|each player|each opponent|you|that player|defending player) )?"
             r"sacrifices? {NUM} (.+)")
def _sacrifice(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """CR 701.21a: "Target player sacrifices a creature" (Diabolic Edict); "sacrifice a creature"
    (Desecration Elemental): an instruction with no player is the controller's (CR 608.2c)."""
    flt = parse_filter(m.group(3))
    if flt is None or flt.spells or flt.controller:
        return None
    if m.group(1) is None:
        if m.group(0).lower().startswith("sacrifices"):
            return None
        return [Sacrifice(YOU, flt, num(m.group(2)))]
    who = who_ref(m.group(1), st)
    return [Sacrifice(who, flt, num(m.group(2)))] if who else None


@effect_rule(r"(?:(you|its controller|that player|target player|each player) (may )?)?search(?:es)? (?:your|their) "
             r"library for "
             r"(a|an|up to (?:one|two|three|four|\d+)) (?:(.+?) )?cards?(?P<with> with [^,]+?)?(?= named ~,|,)"
             r"(?P<named> named ~)?, "
             r"(?:reveals? (?:it|that card|them|those cards), )?"
             r"puts? (?:it|that card|them|those cards|(?P<one>one) onto the battlefield tapped and the other into your hand)"
             r"(?: (?P<to>onto the battlefield(?P<tapped> tapped)?|into (?:your|their) (?:hand|graveyard)))?, then shuffles?")
def _search(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """CR 701.23: search a library for cards, put them somewhere, then shuffle (CR 701.24a)."""
    who = who_ref(m.group(1), st) if m.group(1) else YOU
    flt = _found_card(m.group(4), m.group("with"))
    if who is None or flt is None:
        return None
    count = m.group(3).lower()
    amount = num(count.split()[-1]).fixed if count.startswith("up to") else 1
    named = bool(m.group("named"))          # "cards named ~" (Squadron Hawk): the source's name
    if m.group("one"):
        # Cultivate, Kodama's Reach: the player chooses which one goes onto the battlefield
        return [Search(who, flt, "hand", tapped=True, amount=amount, optional=bool(m.group(2)),
                       one_to_battlefield=True, named_self=named)] if amount == 2 and not m.group("to") else None
    if not m.group("to"):
        return None
    to = "battlefield" if m.group("to").lower().startswith("onto") else \
        "graveyard" if m.group("to").lower().endswith("graveyard") else "hand"      # Entomb
    return [Search(who, flt, to, tapped=bool(m.group("tapped")), amount=amount, optional=bool(m.group(2)),
                   named_self=named)]


def _found_card(kind: str | None, qualities: str | None) -> Filter | None:
    """ "a Rebel permanent card with mana value 3 or less": the card a search looks for, its
    qualities after "card" read as those of the kind ("permanent with mana value 3 or less";
    a subtype's: "Rebel permanent" and the mana value read apart)."""
    if not qualities:
        return card_filter(kind or "")
    if not kind:
        return None
    flt = card_filter(kind + qualities)
    if flt is None and (mv := fullmatch(r" with mana value (\d+)(?: or (less|greater))?", qualities)):
        base = card_filter(kind)
        if base is not None and base.mana_value_min is None and base.mana_value_max is None:
            mv.consume()
            value = int(mv.group(1))                    # CR 202.3
            flt = replace(base, mana_value_min=value if mv.group(2) != "less" else None,
                          mana_value_max=value if mv.group(2) != "greater" else None)
    return flt


@effect_rule(r"search your library for (a|an) (?:(.+?) )?card(?P<with> with [^,]+?)?, (?:reveal it, )?"
             r"then shuffle and put (?:that|the) card on top")
def _search_to_top(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Vampiric Tutor, Enlightened Tutor: the library is shuffled, then the card found is put on
    top (CR 701.23a, 701.24a)."""
    m.group(1)                                          # ("a", "an": one card)
    flt = _found_card(m.group(2), m.group("with"))
    return [Search(YOU, flt, "top")] if flt is not None else None


@effect_rule(r"(target player|target opponent|each opponent|each player|that player|you|"
             r"that player or that (?:planeswalker|permanent|creature)'s controller) discards? {NUM} cards?( at random)?")
def _discard(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Target player discards two cards" (Mind Rot); "Draw two cards, then discard two
    cards" (Careful Study: the subject "you" is implied, CR 701.9a); "at random" (CR 701.9b)."""
    who = who_ref(m.group(1), st)
    return [Discard(who, num(m.group(2)), chooser="random" if m.group(3) else "")] if who else None


@effect_rule(r"return {NUM} (.+?) you control to (?:its|their) owner'?s'? hands?")
def _return_own(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Boros Garrison: "return a land you control to its owner's hand" (chosen, not targeted)."""
    flt = parse_filter(m.group(2))
    if flt is None or flt.spells or flt.controller:
        return None
    return [ReturnChosen(YOU, flt, num(m.group(1)))]


@effect_rule(r"put (target .+?|~|it|that card|that permanent) on the bottom of (?:its|their) owner'?s'? librar(?:y|ies)")
def _tuck(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Condemn: "Put target attacking creature on the bottom of its owner's library" (CR 401.4);
    Murderous Rider: "When ~ dies, put it on the bottom ..." (the card it became, CR 400.7, 603.10a);
    Sanguine Sacrament: "Put ~ on the bottom ..." (the resolving spell itself, not into the
    graveyard then, CR 608.2n)."""
    what = m.group(1)
    if what == "~":
        return [PutOnBottom(SELF)]
    if not what.lower().startswith("target "):
        found = it_ref(st, what)
        return [PutOnBottom(found)] if found is not None else None
    ref = target_ref(what, st)
    if ref is None or st.targets[ref.index].filter.players:
        return None
    return [PutOnBottom(ref)]


@effect_rule(r"put {NUM} cards? from your hand on top of your library(?: in any order)?")
def _put_back(m: SpanMatch, st: Parse) -> list[Effect] | None:
    return [PutFromHand(YOU, num(m.group(1)))]                 # Brainstorm (CR 401.4)


@effect_rule(r"(?:(target player|target opponent|each opponent|each player|you|its controller|that player|"
             r"enchanted player|enchanted opponent) )?mills? {NUM} cards?")
def _mill(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """CR 701.17a; the imperative "Mill two cards" is the controller's."""
    who = who_ref(m.group(1), st) if m.group(1) else YOU
    return [Mill(who, num(m.group(2)))] if who else None


@effect_rule(r"(?:(target player|you) )?takes? an extra turn after this one")
def _extra_turn(m: SpanMatch, st: Parse) -> list[Effect] | None:
    who = who_ref(m.group(1), st) if m.group(1) else YOU                   # Time Walk (CR 500.7)
    return [ExtraTurn(who)] if who else None


@effect_rule(r"look at the top {NUM} cards of your library(?:,? then put them back in any order)?")
def _look_at_top(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Ponder: "Look at the top three cards of your library, then put them back in any order"."""
    return [LookAtTop(YOU, num(m.group(1)))]


@effect_rule(r"return ~ to (?:its|their) owner'?s'? hand")
def _return_self(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Rancor: "When ~ is put into a graveyard from the battlefield, return ~ to its owner's
    hand": the source is the new object it became in the graveyard (CR 400.7e); from the
    battlefield, it bounces itself."""
    return [ReturnToHand(SELF)]


@effect_rule(r"sacrifice (~|it|that creature|the creature)")
def _sacrifice_self(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """CR 701.21a: "sacrifice ~"; "sacrifice it": the object "it" stands for (the last target, a
    delayed ability's remembered object, the triggering object), else the source."""
    if m.group(1).lower() in ("that creature", "the creature") and st.it is None and last_target(st) is None:
        return None
    ref = it_ref(st, "it") if m.group(1).lower() != "~" else None
    return [SacrificePermanent(ref or SELF)]


@effect_rule(r"return (?:it|that card|that creature) to the battlefield( tapped)?( and transformed)? under "
             r"(your|its owner's|their owner's) control(?: with an? ([+-]1/[+-]1) counter on it)?")
def _return_it(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Exile target creature, then return that card to the battlefield" (Cloudshift): the new
    object the exiled card became (CR 400.7); in a delayed ability, the object it remembers."""
    last = last_target(st)
    if last is not None:
        ref: Ref | None = Ref("moved", last.index)
    else:
        ref = st.it
    if ref is None:
        return None
    # "tapped and transformed": it enters so (CR 712.14a; Ojer Taq)
    return [ReturnToBattlefield(ref, tapped=bool(m.group(1)), under_owner=m.group(3).lower() != "your",
                                counter=m.group(4) or "", transformed=bool(m.group(2)))]
