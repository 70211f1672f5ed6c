"""Effect templates about damage, life and prevention (CR 120, 119, 615), fights (CR 701.14)
and winning the game (CR 104.2b)."""
from __future__ import annotations

from dataclasses import replace

from ...core.mana import COLOR_WORDS
from .amounts import count_phrase
from .clause import effect_rule
from .filters import parse_filter
from .grammar import attempt
from .lexicon import num
from .targets import Parse, SUBJECT, it_ref, last_target, target_ref, target_spec, who_ref
from .text import SpanMatch, consume, fullmatch, match
from ..vocabulary import (
    ANY_TARGET, DamageCantBePrevented, DealDamage, Effect, Fight, Filter, GainLife, LoseLife, PreventDamage, Quantity,
    LoseGame, Ref, SELF, TargetSpec, WinGame, YOU,
)


@effect_rule(r"(?:~|it) deals damage equal to the sacrificed (?:creature|artifact|permanent)'s (power|toughness) to (.+)")
def _damage_sacrificed(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Fling: the power of the creature sacrificed to cast it, as it last existed (CR 608.2h); a
    copy of the spell uses the original's (CR 707.10)."""
    what = m.group(2).strip().lower()
    to = st.add_target(TargetSpec(ANY_TARGET, "any target")) if what == "any target" else \
        target_ref(what, st) if "target" in what else None
    if to is None:
        return None
    if what == "any target":
        consume(what)
    return [DealDamage(Quantity(stat=m.group(1).lower(), of=Ref("paid", link="cost:sacrificed")), to)]


@effect_rule(r"(target (.+?)|that creature|it) deals damage equal to its power to (.+)")
def _bite(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Target creature you control deals damage equal to its power to target creature an
    opponent controls" (Rabid Bite): that creature is the source (CR 120.3), its power read as the
    damage is dealt; one-sided, not a fight (CR 701.14a)."""
    subject = m.group(1).lower()
    if subject.startswith("target "):
        spec = target_spec(m.group(2))
        if spec is None or spec.filter.players:
            return None
        consume(subject[:len("target ")])
        first: Ref | None = st.add_target(spec)
    else:
        first = it_ref(st, subject)
    dest = m.group(3).lower()
    if first is None or "other" in dest.split():
        return None                 # ("each other creature": other than that creature, not read here)
    damage = _damage_to(dest, Quantity(stat="power", of=first), st)
    if not damage or len(damage) != 1 or not isinstance(damage[0], DealDamage):
        return None
    return [replace(damage[0], source=first)]


@effect_rule(r"target (.+?) deals damage to itself equal to its power")
def _damage_itself(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Target creature deals damage to itself equal to its power" (Justice Strike): the
    creature is both source and recipient (CR 120.3)."""
    spec = target_spec(m.group(1))
    if spec is None or spec.filter.players:
        return None
    ref = st.add_target(spec)
    return [DealDamage(Quantity(stat="power", of=ref), ref, source=ref)]


@effect_rule(r"(you|target player) gains? that much life")
def _that_much_life(m: SpanMatch, st: Parse) -> list[Effect] | None:
    who = who_ref(m.group(1), st)
    return [GainLife(who, Quantity(stat="that_much"))] if who else None      # the trigger event's amount


@effect_rule(r"(~|it) deals {NUM} damage divided as you choose among (one or two|one, two, or three|any number of) "
             r"(targets|target (.+))")
def _divided_damage(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "3 damage divided as you choose among one, two, or three targets" (Forked Bolt's kin),
    "... among any number of target creatures" (Pyrokinesis): one to three, or one or more,
    targets, each dealt at least 1 (CR 601.2d)."""
    most = {"one or two": 2, "one, two, or three": 3}.get(m.group(3).lower(), 99)
    amount = num(m.group(2))
    flt = ANY_TARGET
    if m.group(1).lower() == "it" and st.it not in (None, SELF):
        return None         # ("it": another object than the source)
    if m.group(5):
        # a spell's division is announced as it is cast (CR 601.2d), a triggered ability's as it
        # is put on the stack (CR 603.3d): Fury's "it deals 4 damage divided ..."
        spec = target_spec(m.group(5))
        if spec is None:
            return None
        flt = spec.filter
    consume(m.group(1))
    ref = st.add_target(TargetSpec(flt, f"{m.group(3)} {m.group(4)}".lower(), 1, most))
    return [DealDamage(amount, ref, divided=True)]


@effect_rule(r"(?:~|it) deals {NUM} damage divided evenly, rounded down, among any number of targets")
def _evenly_divided_damage(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Fireball: X damage divided evenly, rounded down, among the targets chosen (CR 601.2c)."""
    ref = st.add_target(TargetSpec(ANY_TARGET, "any number of targets", 0, 99))
    return [DealDamage(num(m.group(1)), ref, evenly=True)]


@effect_rule(r"damage can't be prevented this turn")
def _unpreventable(m: SpanMatch, st: Parse) -> list[Effect] | None:
    return [DamageCantBePrevented()]


@effect_rule(r"players can't gain life this turn")
def _no_life_gain(m: SpanMatch, st: Parse) -> list[Effect] | None:
    return [DamageCantBePrevented(life=True)]                          # CR 119.7 (Skullcrack)


@effect_rule(r"(target opponent|target player|each opponent) loses half (?:their|his or her) life, rounded (up|down)")
def _half_life(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Revenge: half of the player's life, rounded up (CR 107.1a)."""
    if m.group(2).lower() != "up":
        return None
    who = who_ref(m.group(1), st)
    return [LoseLife(who, Quantity(stat="half_life"))] if who else None


@effect_rule(r"(each opponent|each player|target opponent|target player) loses life equal to the life (?:they|he or she) "
             r"lost this turn")
def _life_lost_again(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Wound Reflection: each player's own loss this turn (CR 119.3)."""
    who = who_ref(m.group(1), st)
    return [LoseLife(who, Quantity(stat="life_lost_this_turn"))] if who else None


@effect_rule(r"(?:~|it) deals {NUM} damage to (.+)")
def _damage(m: SpanMatch, st: Parse) -> list[Effect] | None:
    amount = num(m.group(1))
    dest = m.group(2).lower()
    return _damage_to(dest, amount, st)


@effect_rule(r"~ deals damage to (.+?) equal to (.+)")
def _damage_equal_to(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "~ deals damage to target creature equal to the number of lands you control" (Ground
    Assault): an amount of ``amounts.count_phrase``, counted as the instruction is carried out
    (CR 608.2c, 608.2h); "its" is the source's (the subject's). A count about the damaged player
    ("that player controls") isn't one of them: not read."""
    amount = count_phrase(m.group(2), SELF)
    return _damage_to(m.group(1).lower(), amount, st) if amount is not None else None


@effect_rule(r"(?:~|it) deals that much damage to (.+)")
def _that_much_damage(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Whenever ~ is dealt damage, it deals that much damage to any target" (Boros Reckoner): the
    trigger event's amount (CR 603.2c)."""
    return _damage_to(m.group(1).lower(), Quantity(stat="that_much"), st)


_DAMAGED_PLAYERS = {"each opponent": Ref("each_opponent"), "each player": Ref("each_player"), "you": YOU}


@attempt
def _damage_to(dest: str, amount: Quantity, st: Parse) -> list[Effect] | None:
    """What "{NUM} damage to ..." is dealt to: "any target", "target creature", "each opponent",
    "each creature without flying and each player"."""
    if dest == "any target":
        consume(dest)
        return [DealDamage(amount, st.add_target(TargetSpec(ANY_TARGET, "any target")))]
    if dest.startswith("another target ") or match(r"up to (?:one|two|three) (?:other )?target ", dest):
        ref = target_ref(dest, st)             # "and 2 damage to up to one target creature or planeswalker"
        return [DealDamage(amount, ref)] if ref else None
    if dest == "itself":
        consume(dest)
        return [DealDamage(amount, SELF)]      # "~ deals 1 damage to any target and 1 damage to itself"
    if each := fullmatch(r"each of (up to )?(two|three|four|five|six) (targets|target (.+))", dest):
        # "2 damage to each of two target creatures" (Jagged Lightning), "... of up to three targets"
        # (Jaya's Immolating Inferno): that many targets (or up to), each dealt the amount (CR 601.2c)
        spec = target_spec(each.group(4)) if each.group(4) else TargetSpec(ANY_TARGET, "any target")
        if spec is None:
            return None
        each.consume()
        most = num(each.group(2)).fixed
        ref = st.add_target(TargetSpec(spec.filter, dest.removeprefix("each of "), 0 if each.group(1) else most, most))
        return [DealDamage(amount, ref)]
    if (those := fullmatch(r"each (.+) (?:that|the) player controls", dest)) and st.targets \
            and st.targets[-1].filter.players and not st.targets[-1].filter.objects:
        # "3 damage to target player and 1 damage to each creature that player controls"
        flt = parse_filter(those.group(1))
        if flt is None or flt.spells or flt.controller:
            return None
        those.consume()
        return [DealDamage(amount, Ref("target_controls", len(st.targets) - 1, filter=flt))]
    if dest.startswith("target "):
        spec = target_spec(dest[7:])
        if spec is None:
            return None
        consume(dest[:7])
        return [DealDamage(amount, st.add_target(spec))]
    if dest in _DAMAGED_PLAYERS:
        consume(dest)
        return [DealDamage(amount, _DAMAGED_PLAYERS[dest])]
    if m2 := fullmatch(r"each (.+?) and each (player|opponent)", dest):
        # Pestilence, Hurricane ("each creature with flying and each player"), Earthquake
        flt = parse_filter(m2.group(1))
        if flt is None:
            return None
        m2.consume()
        players = Ref("each_player" if m2.group(2) == "player" else "each_opponent")
        return [DealDamage(amount, Ref("each", filter=flt)), DealDamage(amount, players)]
    if dest.startswith("each "):
        flt = parse_filter(dest[5:])
        if flt is None:
            return None
        consume(dest[:5])
        return [DealDamage(amount, Ref("each", filter=flt))]
    if dest == "that creature" and (it := it_ref(st, dest)) is not None:
        return [DealDamage(amount, it)]        # the other creature of a trigger event (Inferno Elemental)
    who = who_ref(dest, st)
    return [DealDamage(amount, who)] if who is not None else None


@effect_rule(SUBJECT + r" (gain|gains|lose|loses) life equal to (?:its|that creature's|that card's) "
             r"(power|toughness|mana value)")
def _life_equal(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Its controller gains life equal to its power": the target's characteristics as they
    are, or as they last were if it has left its zone (CR 608.2h)."""
    of = last_target(st)
    who = who_ref(m.group(1), st)
    if who is None or of is None:
        return None
    amount = Quantity(stat=m.group(3).lower().replace(" ", "_"), of=of)
    return [GainLife(who, amount) if m.group(2).lower().startswith("gain") else LoseLife(who, amount)]


@effect_rule(SUBJECT + r" (gain|gains|lose|loses) life equal to (.+)")
def _life_counted(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "You lose life equal to the number of cards in your hand" (Castle Locthwain), "When ~
    dies, you gain life equal to its power" (its last known power, CR 608.2h): an amount of
    ``amounts.count_phrase``, counted as the instruction is carried out (CR 608.2c)."""
    its = last_target(st) if st.targets else st.it
    amount = count_phrase(m.group(3), its)
    who = who_ref(m.group(1), st) if amount is not None else None
    if who is None or amount is None:
        return None
    return [GainLife(who, amount) if m.group(2).lower().startswith("gain") else LoseLife(who, amount)]


@effect_rule(SUBJECT + r" (gain|gains|lose|loses) {NUM} life")
def _life(m: SpanMatch, st: Parse) -> list[Effect] | None:
    who = who_ref(m.group(1), st)
    if who is None:
        return None
    amount = num(m.group(3))
    return [GainLife(who, amount) if m.group(2).startswith("gain") else LoseLife(who, amount)]


@effect_rule(r"(gain|lose) {NUM} life")
def _your_life(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "you may gain 1 life" read after "you may " (Demon's Horn): the imperative is yours (CR 119.3)."""
    amount = num(m.group(2))
    return [GainLife(YOU, amount) if m.group(1).lower() == "gain" else LoseLife(YOU, amount)]


@effect_rule(r"(target (.+?)|~|it) fights ({UP_TO}(?:another )?target .+)")
def _fight(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """CR 701.14a: "Target creature you control fights target creature you don't control"."""
    subject = m.group(1).lower()
    if subject == "~":
        first: Ref | None = SELF
    elif subject == "it":
        first = last_target(st) or st.it        # a reflexive ability's "it" (Back for More)
    else:
        spec = target_spec(m.group(2))
        first = st.add_target(spec) if spec else None
    if first is None:
        return None
    second = target_ref(m.group(3), st)
    return [Fight(first, second)] if second else None


@effect_rule(r"you win the game")
def _win(m: SpanMatch, st: Parse) -> list[Effect] | None:
    return [WinGame()]                                          # CR 104.2b


@effect_rule(r"(you|that player|target player|target opponent|each opponent) loses? the game")
def _lose(m: SpanMatch, st: Parse) -> list[Effect] | None:
    who = who_ref(m.group(1), st)                               # CR 104.3e
    return [LoseGame(who)] if who else None


@attempt
def _prevent_ref(phrase: str, st: Parse) -> Ref | None:
    """What damage is prevented to: "any target", "you", "target creature", "creatures you control"."""
    p = phrase.lower()
    if p == "any target":
        consume(p)
        return st.add_target(TargetSpec(ANY_TARGET, "any target"))
    if p == "you":
        consume(p)
        return YOU
    if p == "~":
        consume(p)
        return SELF                  # "Prevent the next 1 damage that would be dealt to ~ this turn"
    if p.startswith("target "):
        return target_ref(p, st)
    if m := fullmatch(r"(?:each )?(.+?)", p):
        flt = parse_filter(m.group(1))
        if flt is not None and not flt.spells and (flt.types or flt.controller):
            m.consume()
            return Ref("each", filter=flt)
    return None


@effect_rule(r"prevent all (combat )?damage that would be dealt (to and dealt )?by (target .+?|~|it|that creature) "
             r"this turn")
def _prevent_by(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Prevent all combat damage that would be dealt by target creature this turn" (Horn of
    Deafening), "... dealt to and dealt by that creature this turn" (Maze of Ith): the damage that
    creature deals (and is dealt), a prevention effect lasting this turn (CR 615.1a)."""
    what = m.group(3).lower()
    if what == "~":
        consume(what)
        ref: Ref | None = SELF
    elif what.startswith("target "):
        ref = target_ref(what, st)
    else:
        ref = it_ref(st, what)
    if ref is None:
        return None
    combat = bool(m.group(1))
    by = PreventDamage(None, None, combat=combat, by=ref)
    return [PreventDamage(None, ref, combat=combat), by] if m.group(2) else [by]


@effect_rule(r"prevent all (combat )?damage that would be dealt(?: to (.+?))? this turn")
def _prevent_all(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Fog (CR 615.1a): a prevention effect lasting this turn."""
    to = _prevent_ref(m.group(2), st) if m.group(2) else None
    if m.group(2) and to is None:
        return None
    return [PreventDamage(None, to, combat=bool(m.group(1)))]


@effect_rule(r"the next time an? ((?:(?:white|blue|black|red|green|colorless) )?)source of your choice would deal damage "
             r"to (you|target creature|any target) this turn, prevent that damage")
def _prevent_next_time(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """The Circles of Protection (CR 609.7a-b): a source chosen as it resolves, a shield used
    up by the next damage it would deal."""
    color = m.group(1).strip().lower()
    flt = Filter(colors=frozenset({COLOR_WORDS[color]})) if color and color != "colorless" else Filter()
    if color == "colorless":
        flt = Filter(not_colors=frozenset(COLOR_WORDS.values()))
    to = _prevent_ref(m.group(2), st)
    return [PreventDamage(None, to, source_choice=flt)] if to is not None else None


@effect_rule(r"prevent the next {NUM} damage that would be dealt to (.+?) this turn")
def _prevent_next(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """A prevention shield (CR 615.7): "Prevent the next 3 damage that would be dealt to any target this turn"."""
    to = _prevent_ref(m.group(2), st)
    return [PreventDamage(num(m.group(1)), to)] if to is not None else None
