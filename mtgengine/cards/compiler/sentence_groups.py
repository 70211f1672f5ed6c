"""Instructions over several sentences (CR 608.2c), the rules of ``sentences.MULTI_SENTENCE``:
Goblin Guide's and Coiling Oracle's revealed top card, a coin flip and its results (CR 705), the
pacts' delayed payment (CR 603.7), Fact or Fiction's piles, impulse draw, Jace's look at the top
card. Registered as this module is imported (``paragraphs``), before any text is compiled.
"""
from __future__ import annotations


from .filters import card_filter
from .lexicon import num
from .sentences import DELAYED, MULTI_SENTENCE, parse_effects
from .targets import Parse, who_ref
from .text import SpanMatch
from ..vocabulary import CreateDelayedTrigger, Effect, ExileTopToPlay, FlipCoin, LookAtTop, Ref, RevealTop, Scry, UnlessPays, YOU

_group = MULTI_SENTENCE.rule


@_group(r"(defending player|each opponent|target opponent|target player) reveals the top card of "
        r"(?:their|his or her) library\. if it's an? (.+?) card, (?:that player|they) puts? it "
        r"into (?:their|his or her) hand\.?")
def _reveal_top_land(m: SpanMatch, st: Parse) -> list[Effect] | bool:
    # Goblin Guide (CR 701.20a): the top card is revealed; a matching card goes to its owner's hand
    who = Ref("defending") if m.group(1).lower() == "defending player" else who_ref(m.group(1), st)
    flt = card_filter(m.group(2))
    if who is None or flt is None:
        return False
    return [RevealTop(who, flt, (), optional=False, to_hand=True)]


@_group(r"flip a coin\. if you (win|lose) the flip, (.+?)\.(?: if you (win|lose) the flip, (.+?)\.)?")
def _flip_coin(m: SpanMatch, st: Parse) -> list[Effect] | bool:
    """CR 705: "Flip a coin. If you lose the flip, ~ deals 3 damage to you." (Mana Crypt)."""
    first = parse_effects(m.group(2), st)
    second = parse_effects(m.group(4), st) if m.group(4) else []
    if first is None or second is None or (m.group(3) and m.group(3).lower() == m.group(1).lower()):
        return False
    won, lost = (first, second) if m.group(1).lower() == "win" else (second, first)
    return [FlipCoin(tuple(won), tuple(lost))]


@_group(r"at the beginning of (your next upkeep|the next upkeep|the next end step), pay {MANA}\. "
        r"if you don't, (.+?)\.?")
def _delayed_payment(m: SpanMatch, st: Parse) -> list[Effect] | bool:
    """The pacts: "At the beginning of your next upkeep, pay {2}{G}{G}. If you don't, you lose the
    game." — a delayed triggered ability (CR 603.7) whose effect is done unless its controller
    pays then (CR 118.12)."""
    effects = parse_effects(m.group(3) + ".", Parse())
    if not effects:
        return False
    return [CreateDelayedTrigger(DELAYED[m.group(1).lower()], (UnlessPays(m.group(2).upper(), tuple(effects)),),
                                 text=str(m.group(0)))]


@_group(r"reveal the top {NUM} cards of your library\. an opponent separates those cards into two "
        r"piles\. put one pile into your hand and the other into your graveyard\.?")
def _piles(m: SpanMatch, st: Parse) -> list[Effect]:
    return [LookAtTop(YOU, num(m.group(1)), rest="graveyard", piles=True)]     # Fact or Fiction


@_group(r"reveal the top card of your library\. if it's an? (.+?) card, put it onto the "
        r"battlefield\. otherwise, put that card into your hand\.?")
def _reveal_top_put(m: SpanMatch, st: Parse) -> list[Effect] | bool:
    flt = card_filter(m.group(1))                         # Coiling Oracle (CR 701.20a)
    return [RevealTop(YOU, flt, (), optional=False, to_battlefield=True, else_hand=True)] if flt else False


@_group(r"(?:(?P<before>[^.]+?)(?:,? and |\. ))?"
        r"exile the top (?:card|{NUM} cards) of (your|that player's|target player's|target opponent's) library\. "
        r"(?:(until end of turn|until the end of your next turn), you may (play|cast) (?:that card|those cards|them|it)"
        r"|you may (play|cast) (?:that card|those cards|them|it) (this turn|until end of turn|until the end of your next turn))\.?")
def _impulse(m: SpanMatch, st: Parse) -> list[Effect] | bool:
    # impulse draw (CR 601.3, 305.1): the cards exiled this way may be played until then; after
    # an instruction of its own ("create a Treasure token and exile the top card of that player's
    # library", Ragavan), in the order written (CR 608.2c)
    before = parse_effects(m.group("before"), st) if m.group("before") else []
    whose = m.group(3).lower()
    who = YOU if whose == "your" else who_ref(whose[:-2], st)
    until = (m.group(4) or m.group(7)).lower()
    if who is None or before is None:
        return False
    return before + [ExileTopToPlay(who, num(m.group(2)) if m.group(2) else num("1"),
                                    "next_turn" if until.endswith("next turn") else "turn",
                                    (m.group(5) or m.group(6)).lower() == "play")]


@_group(r"look at the top card of (target player|target opponent)'s library\. you may put "
        r"that card on the bottom of that player's library\.")
def _look_top_bottom(m: SpanMatch, st: Parse) -> list[Effect] | bool:
    # Jace, the Mind Sculptor's +2: a scry 1 of that library (CR 701.29a)
    lib = who_ref(m.group(1), st)
    return [Scry(YOU, num("1"), library=lib)] if lib is not None else False
