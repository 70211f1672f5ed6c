"""Effect templates on the library, the hand and the graveyard (CR 401, 402, 404): putting an
object into its owner's library at a position (CR 401.7), a card returning itself from its
owner's graveyard (an ability that functions there, CR 113.6m), looking at a player's hand
(CR 701.20e). Registered with ``clause.EFFECTS`` as ``zones`` imports this module."""
from __future__ import annotations

from .clause import effect_rule
from .lexicon import num
from .targets import Parse, it_ref, last_target, target_ref, who_ref
from .text import SpanMatch, consume
from ..vocabulary import DiscardHand, Effect, LookAtCards, LookAtTop, PutOnBottom, ShuffleZonesIntoLibrary, PutIntoLibrary, ReturnToBattlefield, ReturnToHand, SELF, YOU

_POSITION = {"on top of": 1, "second from the top": 2, "third from the top": 3}


@effect_rule(r"put (target .+?|~|it|that card|that creature|that permanent) (on top of|into) (?:its|their) owner'?s'? "
             r"librar(?:y|ies)(?: (second|third) from the top)?")
def _put_into_library(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Put target creature on top of its owner's library" (Excommunicate, CR 401.4); "Put target
    nonland permanent into its owner's library third from the top" (Teferi, Hero of Dominaria,
    CR 401.7); "Put ~ on top of its owner's library" (the source itself)."""
    where = m.group(2).lower()
    if (where == "into") != bool(m.group(3)):
        return None
    position = _POSITION[m.group(3).lower() + " from the top"] if m.group(3) else 1
    what = m.group(1)
    if what == "~":
        consume(what)                   # (a slot of the pattern: read here)
        return [PutIntoLibrary(SELF, position)]
    if not what.lower().startswith("target "):
        found = it_ref(st, what)
        return [PutIntoLibrary(found, position)] if found is not None else None
    ref = target_ref(what, st)
    if ref is None or st.targets[ref.index].filter.players:
        return None
    return [PutIntoLibrary(ref, position)]


@effect_rule(r"put ((?:any number of |up to \w+ )?target .+? from your graveyard) on (top|the bottom) of your library")
def _graveyard_to_top(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Put target card from your graveyard on top of your library" (Reclaim): a card in a
    graveyard is targeted (CR 115.2) and goes on top of its owner's library (CR 401.4); "any number
    of target creature cards" (Bone Harvest): in the order their owner chooses."""
    ref = target_ref(m.group(1), st)
    if ref is None or st.targets[ref.index].filter.zone != "graveyard":
        return None
    # on the bottom: "{2}: Put target card from your graveyard on the bottom of your library" (Epitaph Golem)
    return [PutIntoLibrary(ref) if m.group(2).lower() == "top" else PutOnBottom(ref)]


@effect_rule(r"return (?:~|this card) from your graveyard to (?:your hand|the battlefield( tapped)?)")
def _return_self_from_graveyard(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "{2}{B}: Return ~ from your graveyard to your hand": the ability moves its card out of the
    graveyard, so it functions only there (CR 113.6m) — in an ability whose reader lets it
    (``Parse.card_zones``: an activated ability). The card returns under its owner's control: only
    its owner may activate it there (CR 602.2)."""
    if not st.card_zones:
        return None
    st.functions_in = "graveyard"
    if m.group(0).lower().endswith("hand"):
        return [ReturnToHand(SELF)]
    return [ReturnToBattlefield(SELF, tapped=bool(m.group(1)))]


@effect_rule(r"reveal the top {NUM} cards of your library")
def _reveal_top_cards(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Reveal the top four cards of your library." (Grisly Salvage): looked at by all (CR
    701.20a); the sentences that follow say where they go."""
    return [LookAtTop(YOU, num(m.group(1)), rest="stay", reveal="all")]


@effect_rule(r"look at the top (?:card|{NUM} cards) of (target player's|target opponent's|each player's|each opponent's|"
             r"that player's) library")
def _look_at_their_top(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Mishra's Bauble: "Look at the top card of target player's library" (CR 401.2: only as an
    effect allows, 701.20e: shown to the looker only)."""
    who = who_ref(m.group(2)[:-2], st)
    return [LookAtCards(who, num(m.group(1)).fixed if m.group(1) else 1)] if who is not None else None


@effect_rule(r"look at (target player's|target opponent's|each opponent's) hand")
def _look_at_hand(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Gitaxian Probe, Peek: the hand is shown to the ability's controller only (CR 701.20e)."""
    words = m.group(1)[:-2]
    who = who_ref(words, st)
    return [LookAtCards(who)] if who is not None else None


_PLAYER = r"(you|each player|target player|target opponent|each opponent|that player|its owner)"


@effect_rule(_PLAYER + r" discards? (?:their|your) hand|(?:(you) )?discard (?:your hand|all the cards in your hand)")
def _discard_hand(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Each player discards their hand" (Wheel of Fortune), "Discard your hand" (CR 701.9a)."""
    who = who_ref(m.group(1), st) if m.group(1) else who_ref(m.group(2), st) if m.group(2) else YOU
    return [DiscardHand(who)] if who is not None else None


@effect_rule(r"(?:" + _PLAYER + r" )?shuffles? (?:their|your) (hand and graveyard|graveyard and hand|graveyard|hand) "
             r"into (?:their|your) library")
def _shuffle_zones(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Target player shuffles their graveyard into their library" (Reminisce), "Each player
    shuffles their hand and graveyard into their library" (Timetwister), CR 701.24a."""
    who = who_ref(m.group(1), st) if m.group(1) else YOU
    zones = m.group(2).lower()
    return [ShuffleZonesIntoLibrary(who, hand="hand" in zones, graveyard="graveyard" in zones)] if who else None


@effect_rule(r"return (it|that card|that creature|that permanent) to (?:its|their) owner'?s'? hand")
def _return_it_to_hand(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "When ~ dies, return it to its owner's hand" (Endless Cockroaches): the object the ability
    refers to, the card it became in the graveyard (CR 400.7, 603.10a) — only where no target
    came before (after one, "it" would be the new object a move made)."""
    if last_target(st) is not None or st.it is None:
        return None
    ref = it_ref(st, m.group(1))
    return [ReturnToHand(ref)] if ref is not None else None


@effect_rule(r"return ((?:two|three|four|five) target .+? from your graveyard) to your hand")
def _regrow_several(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Return two target creature cards from your graveyard to your hand" (Death's Duet): exactly
    that many targets (CR 115.1, 601.2c), each returned to its owner's hand."""
    ref = target_ref(m.group(1), st)
    if ref is None or st.targets[ref.index].filter.zone != "graveyard":
        return None
    return [ReturnToHand(ref)]


@effect_rule(r"return ((?:two|three|four|five) target .+?) to their owners' hands")
def _bounce_several(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Return two target creatures to their owners' hands" (Aether Tide's kin, Undo): CR 115.1."""
    ref = target_ref(m.group(1), st)
    if ref is None or st.targets[ref.index].filter.players or st.targets[ref.index].filter.zone:
        return None
    return [ReturnToHand(ref)]
