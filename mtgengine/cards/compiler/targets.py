"""Targets (CR 115) and the other references of an ability: "target creature", "up to two
target creatures", "any target", "its controller", "that player", "it".

:class:`Parse` collects an ability's targets as its sentences are read; a reference to "it" or
"that creature" is the most recent target, else what the ability is about (a trigger's object,
a delayed ability's remembered object).
"""
from __future__ import annotations

import re
from dataclasses import replace

from .filters import card_filter, creature_type_filter, parse_filter
from .grammar import SUBPATTERNS, attempt
from .lexicon import creature_type_words, num
from .text import consume, fullmatch
from ..vocabulary import ANY_TARGET, Filter, Ref, SELF, TargetSpec, YOU, target


class Parse:
    """Accumulates the targets of one ability while its sentences are parsed."""

    def __init__(self, it: Ref | None = None, link: str = "", player: Ref | None = None,
                 other: Ref | None = None, spell: Ref | None = None) -> None:
        self.targets: list[TargetSpec] = []
        self.spell = spell  # "that spell (or ability)" of a trigger event about one ("becomes the target of")
        self.other = other  # "that creature" of a trigger event about two ("blocks a creature")
        self.it = it        # what "it" / "that card" means when no target was named (a delayed ability's object)
        self.link = link    # the card's exiling link (CR 607.2a): "exiled with ~", "the exiled card"
        self.player = player  # what "that player" means without a target: the player a trigger event was done to
        # CR 113.6m: an ability reader that can make an ability function from its card's graveyard
        # (an activated ability's) sets ``card_zones``; an instruction moving the card out of that
        # zone ("Return ~ from your graveyard to your hand") sets ``functions_in`` to it
        self.card_zones = False
        self.functions_in = ""

    def add_target(self, spec: TargetSpec) -> Ref:
        self.targets.append(spec)
        return target(len(self.targets) - 1)

    def mark(self) -> int:
        """How many targets there are (to undo an attempt's with :meth:`rollback`)."""
        return len(self.targets)

    def rollback(self, mark: int) -> None:
        del self.targets[mark:]


#: The fixed target phrases: the words after "target" (CR 115.1, 115.4).
_FIXED_TARGETS = {
    "any target": lambda p: TargetSpec(ANY_TARGET, "any target"),
    "player": lambda p: TargetSpec(Filter(players=True, objects=False), "target " + p),
    "opponent": lambda p: TargetSpec(Filter(players=True, objects=False, controller="opponent"), "target " + p),
    "creature or player": lambda p: TargetSpec(Filter(types=frozenset({"Creature"}), players=True),
                                               "target creature or player"),
    "player or creature": lambda p: TargetSpec(Filter(types=frozenset({"Creature"}), players=True),
                                               "target creature or player"),
    "creature or planeswalker": lambda p: TargetSpec(Filter(types=frozenset({"Creature", "Planeswalker"})),
                                                     "target " + p),
    "player or planeswalker": lambda p: TargetSpec(Filter(types=frozenset({"Planeswalker"}), players=True),
                                                   "target " + p),
    "opponent or planeswalker": lambda p: TargetSpec(Filter(types=frozenset({"Planeswalker"}), players=True),
                                                     "target " + p),
    # objects on the stack by kind (CR 113.1b, 115.1): ``rules.targeting`` reads ``abilities``
    "activated ability": lambda p: TargetSpec(Filter(spells=True, abilities="activated"), "target " + p),
    "triggered ability": lambda p: TargetSpec(Filter(spells=True, abilities="triggered"), "target " + p),
    "activated or triggered ability": lambda p: TargetSpec(Filter(spells=True, abilities="activated|triggered"),
                                                           "target " + p),
    "activated or triggered ability you don't control": lambda p: TargetSpec(
        Filter(spells=True, abilities="activated|triggered", controller="opponent"), "target " + p),
    "spell, activated ability, or triggered ability": lambda p: TargetSpec(
        Filter(spells=True, abilities="spell|activated|triggered"), "target " + p),
}


@attempt
def target_spec(phrase: str) -> TargetSpec | None:
    """The thing after "target": "creature", "any target", "player", "creature or player"."""
    p = phrase.lower().strip()
    if (fixed := _FIXED_TARGETS.get(p)) is not None:
        consume(p)
        return fixed(p)     # type: ignore[no-untyped-call]
    if m := fullmatch(r"(.*?)\s*cards?( with mana value \d+(?: or (?:greater|less))?)? (?:from|in) "
                      r"(your|a|an opponent's) graveyard", p):
        # CR 115.2: a spell or ability may say it targets a card in a graveyard.
        flt = card_filter(m.group(1))
        if flt is None:
            return None
        m.consume()
        if m.group(2):
            mv = parse_filter("creature" + m.group(2))     # CR 202.3: "with mana value 3 or less"
            assert mv is not None
            flt = replace(flt, mana_value_min=mv.mana_value_min, mana_value_max=mv.mana_value_max)
        owner = {"your": "you", "a": None, "an opponent's": "opponent"}[m.group(3)]
        return TargetSpec(replace(flt, zone="graveyard", controller=owner), "target " + p)
    flt = creature_type_filter(phrase) or parse_filter(p)     # "target Dragon" (CR 205.3m)
    if flt is not None and flt.mana_value_is is not None:
        return None             # (a number known as it resolves: not yet as targets are chosen)
    if flt is None:
        kind = creature_type_words().get(p)
        if kind is None:
            return None
        consume(p)
        flt = Filter(subtypes=frozenset({kind}))            # "target Vampire": a permanent of that type (CR 205.3m)
    return TargetSpec(flt, "target " + p)


_UP_TO_TARGET = SUBPATTERNS["UP_TO"] + r"(other |another )?target (.+)"


@attempt
def target_ref(text: str, st: Parse) -> Ref | None:
    """ "target creature", "up to two target creatures" (CR 601.2c: a variable number of
    targets, from zero to N, CR 115.6)."""
    if m := fullmatch(r"any number of target (.+)", text.strip(), re.IGNORECASE):
        # CR 601.2c, 115.6: any number of targets, none included (strive counts them, 601.2f)
        spec = target_spec(m.group(1))
        if spec is None:
            return None
        m.consume()
        return st.add_target(TargetSpec(spec.filter, f"any number of target {m.group(1).lower()}", 0, 99))
    if m := fullmatch(r"another target (.+)", text.strip(), re.IGNORECASE):
        spec = target_spec("another " + m.group(1))       # not the source itself (Olivia Voldaren)
        if spec is None:
            return None
        m.consume()
        return st.add_target(TargetSpec(spec.filter, "another target " + m.group(1).lower()))
    if m := fullmatch(r"(two|three|four|five) target (.+)", text.strip(), re.IGNORECASE):
        # "Untap two target lands" (Garruk Wildspeaker): exactly that many targets (CR 115.1, 601.2c)
        spec = target_spec(m.group(2))
        if spec is None:
            return None
        m.consume()
        n = num(m.group(1)).fixed
        return st.add_target(TargetSpec(spec.filter, f"{m.group(1).lower()} target {m.group(2).lower()}", n, n))
    m = fullmatch(_UP_TO_TARGET, text.strip(), re.IGNORECASE)
    if not m or (m.group(2) and not m.group(1)):
        return None
    # "up to one other target creature" (Solitude): not the source itself (CR 115.1)
    spec = target_spec(("another " if m.group(2) else "") + m.group(3))
    if spec is None:
        return None
    m.consume()
    if m.group(1):
        most = num(m.group(1)).fixed
        other = "other " if m.group(2) else ""
        spec = TargetSpec(spec.filter, f"up to {m.group(1).lower()} {other}target {m.group(3).lower()}", 0, most)
    return st.add_target(spec)


def last_target(st: Parse) -> Ref | None:
    """What "it" / "that creature" refers to: the most recent target."""
    return target(len(st.targets) - 1) if st.targets else None


@attempt
def who_ref(word: str, st: Parse) -> Ref | None:
    """A player an effect acts on: "you", "each opponent", "target player", "that player", "its
    controller" (of the last target, as it last existed: CR 608.2h)."""
    ref = _who(word.lower(), st)
    if ref is not None and not word.lower().startswith("target "):
        consume(word)
    return ref


def _who(w: str, st: Parse) -> Ref | None:
    if w == "you":
        return YOU
    if w == "each opponent":
        return Ref("each_opponent")
    if w == "each player":
        return Ref("each_player")
    if w.startswith("target "):
        spec = target_spec(w[len("target "):])
        if spec is None:
            return None
        consume(w[:len("target ")])
        return st.add_target(spec)
    if w in ("that player", "they", "them") and st.player is not None and not st.targets:
        return st.player                                   # the player the trigger event was done to
    if w == "its owner" and st.it == SELF:
        return Ref("owner")                                # the owner of the source (CR 108.3)
    if w == "defending player":
        return Ref("defending")                            # the player the source attacks (CR 506.2)
    if w in ("enchanted player", "enchanted opponent"):
        return Ref("enchanted")                            # the player the source enchants (CR 303.4b)
    last = last_target(st)
    if st.spell is not None and fullmatch(r"that (?:spell|ability|spell or ability)'s controller", w):
        return Ref("triggering_controller")             # who controls the spell or ability of the event
    if last is None:
        if w in ("its controller", "that creature's controller") and st.it is not None and st.it.kind == "triggering":
            return Ref("triggering_controller")        # the controller of the object a trigger is about
        return None
    if w in ("its controller", "that spell's controller") or fullmatch(
            r"that (creature|permanent|artifact|enchantment|land|planeswalker)'s controller", w):
        if st.targets[-1].filter.players and not st.targets[-1].filter.objects:
            return None
        return Ref("target_controller", last.index)        # CR 608.2h: last known information
    if w == "that player" and st.targets[-1].filter.players:
        return last
    if fullmatch(r"that player or that (planeswalker|permanent|creature)'s controller", w) \
            and st.targets[-1].filter.players:
        return Ref("target_controller", last.index)        # Blightning (CR 608.2h)
    return None


# -- double and triple (CR 701.10, 701.11) ---------------------------------------------------
LIFE_OWNER = r"(your|target player's|target opponent's|each player's|each opponent's|its controller's)"


@attempt
def life_owner(word: str, st: Parse) -> Ref | None:
    """Whose life total: "your", "target player's", "its controller's" (in a trigger about an
    object, the controller of that object: Celestial Mantle)."""
    w = word.lower()
    consume(w)
    if w == "its controller's":
        return Ref("triggering_controller") if st.it is not None and st.it.kind == "triggering" else None
    return who_ref(w[:-2] if w.endswith("'s") else "you", st)


SUBJECT = (r"(you|target player|target opponent|each player|each opponent|its controller|that player|they|"
           r"enchanted player|enchanted opponent|"
           r"that creature's controller|that permanent's controller)")


EACH_CREATURE_YOU_CONTROL = Ref("each", filter=Filter(types=frozenset({"Creature"}), controller="you"))


def it_ref(st: Parse, words: str) -> Ref | None:
    """ "it" / "that creature" / "that card": the most recent target, else what the context says
    (a delayed triggered ability's object)."""
    if words.lower() not in ("it", "that creature", "that card", "that permanent"):
        return None
    ref = last_target(st) or (st.other if words.lower() == "that creature" else None) or st.it
    if ref is not None:
        consume(words)
    return ref


@attempt
def each_controlled(words: str, st: Parse) -> Ref | None:
    """ "creatures your opponents control": every permanent matching; "creatures target player
    controls": those the target player controls as the effect happens (CR 608.2c)."""
    if m := fullmatch(r"(.+) (target (?:player|opponent)) controls", words, re.I):
        flt = parse_filter(m.group(1))
        who = who_ref(m.group(2), st) if flt is not None and not flt.spells and not flt.controller else None
        if who is None:
            return None
        m.consume()
        return Ref("target_controls", who.index, filter=flt)
    flt = parse_filter(words)
    return Ref("each", filter=flt) if flt is not None and not flt.spells else None
