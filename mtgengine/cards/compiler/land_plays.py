"""The wordings about playing lands (CR 305.2, 305.1, 401.5): how many lands a player may play
on each of their turns or this turn, from which zones, and the top card of their library seen
("You may look at the top card of your library any time.", "Play with the top card of your
library revealed."). What they mean in the game is ``effects.land_plays``.

``land_play_static`` reads the static abilities (called by ``statics.player_static``); the
one-shot effects are rules of ``clause.EFFECTS``, registered as ``sentences`` imports this."""
from __future__ import annotations

from .clause import effect_rule
from .lexicon import NUMBERS
from .targets import Parse, who_ref
from .text import Span, SpanMatch, consume, fullmatch
from ..vocabulary import AdditionalLandPlays, CantPlayLands, Condition, Effect, PlayerStatic
from ..vocabulary.targets import YOU

#: "You may play lands from your graveyard": the grant, by the zone's words (CR 305.1).
_FROM = {"your graveyard": "lands_from_graveyard", "the top of your library": "lands_from_library"}
#: The players a land-play static applies to (``PlayerStatic.who``), by its subject.
_WHO = {"you": "you", "each player": "each", "players": "each", "your opponents": "opponents",
        "each opponent": "opponents"}


def _count(word: str) -> int | None:
    """ "an" -> 1, "two" -> 2."""
    word = word.lower()
    return NUMBERS.get(word) or None


def land_play_static(t: Span, condition: Condition | None, raw: str) -> PlayerStatic | None:
    """ "You may play an additional land on each of your turns." (CR 305.2a), "Each player may
    play two additional lands on each of their turns.", "You may play any number of lands on each
    of your turns." (Fastbond), "You may play lands from your graveyard." (Crucible of Worlds),
    "You may play lands from the top of your library." (Courser of Kruphix), "Players can't play
    lands." (CR 305.2b), "You may look at the top card of your library any time.", "Play with the
    top card of your library revealed." (CR 401.5). ``t``: the lowercase paragraph without its
    period and its "as long as" condition."""
    if m := fullmatch(r"(you|each player) may play (an|a|\w+) additional lands? (?:on|during) each of (?:your|their) "
                      r"turns", t):
        count = _count(m.group(2))
        if not count:
            return None
        m.consume()
        return PlayerStatic(frozenset({"land_plays"}), who=_WHO[m.group(1)], condition=condition, text=raw,
                            land_plays=count)
    if m := fullmatch(r"you may play any number of lands on each of your turns", t):
        m.consume()
        return PlayerStatic(frozenset({"any_land_plays"}), condition=condition, text=raw)
    if m := fullmatch(r"you may play lands from (your graveyard|the top of your library)", t):
        m.consume()
        return PlayerStatic(frozenset({_FROM[m.group(1)]}), condition=condition, text=raw)
    if m := fullmatch(r"(you|players|your opponents|each opponent) can't play lands", t):
        m.consume()
        return PlayerStatic(frozenset({"cant_play_lands"}), who=_WHO[m.group(1)], condition=condition, text=raw)
    if m := fullmatch(r"you may look at the top card of your library (?:at )?any time(,? and you may play lands from "
                      r"the top of your library)?", t):
        m.consume()                 # (Radha, Heart of Keld: both in one sentence)
        grants = {"look_top_card", "lands_from_library"} if m.group(1) else {"look_top_card"}
        return PlayerStatic(frozenset(grants), condition=condition, text=raw)
    if m := fullmatch(r"(players )?play with the top cards? of (?:your library|their libraries) revealed", t):
        m.consume()
        return PlayerStatic(frozenset({"top_card_revealed"}), who="each" if m.group(1) else "you",
                            condition=condition, text=raw)
    return None


@effect_rule(r"(?:you may )?play (up to )?(an|a|\w+) additional lands? this turn")
def _additional_land_plays(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "You may play an additional land this turn." (Explore), "You may play up to three
    additional lands this turn." (Summer Bloom): CR 305.2a, for the rest of the turn. (Without
    "you may": a triggered ability's text whose "you may" its optional choice has read, as a
    saga's chapter "I — You may play an additional land this turn.")"""
    count = _count(m.group(2))
    if not count:
        return None
    consume(m.group(1))             # ("up to": playing fewer is always allowed)
    return [AdditionalLandPlays(YOU, count)]


@effect_rule(r"(you|target player|target opponent|each player|each opponent) can't play lands this turn")
def _cant_play_lands(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Target player can't play lands this turn." (Solfatara, Turf Wound): CR 305.2b."""
    who = who_ref(m.group(1), st)
    return [CantPlayLands(who)] if who is not None else None
