"""Playing on inside a determinized world: the quick policy, settling a position, one-ply values.

Everything here runs on a world (``agents.determinize``), never on the real game, so it may read
the world's whole state: that state is a guess made from a view.

- :func:`settle` plays a world on from an answer to the next *quiet* point — a priority
  question with an empty stack outside combat, a new turn's first question, the deciding
  player's next declaration of attackers — every priority question passed and every other
  question answered by :func:`quick_answer`. The greedy agent evaluates the position there.
- :func:`quick_answer` is a fast rule-of-thumb policy for any decision (the playout policy of
  the search): play the land that makes the most of the hand castable, cast the permanent
  spell of highest mana value, cast an instant or sorcery by what it does (:func:`polarity`:
  removal on a creature it kills, a pump on a creature in combat, a counterspell on the
  opponent's spell) — or, with ``look``, when a one-ply look (:func:`best_by_resolving`)
  finds it better than passing — attack with creatures no untapped blocker eats for free (all
  of them when that is lethal), block when the blocker survives or trades up, chump only
  against lethal damage.
"""
from __future__ import annotations

import random
from typing import Any

from ..core.enums import Step, Zone
from ..core.errors import IllegalActionError
from ..effects.layers import characteristics, permanents
from ..engine import Game
from .agents import first_option
from .decisions import Decision, player_ref
from .evaluation import LAND_COLORS, castable, evaluate

_COMBAT = frozenset({Step.DECLARE_ATTACKERS, Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE})
_MAIN = frozenset({Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN})
_PASS = {"action": "pass"}
#: The most decisions :func:`settle` answers before it evaluates anyway, and then beyond.
SETTLE_LIMIT = 80
BEYOND_LIMIT = 150
_AFTER_COMBAT = frozenset({Step.END_OF_COMBAT, Step.POSTCOMBAT_MAIN, Step.END, Step.CLEANUP})


def submit(game: Game, decision: Decision, answer: Any) -> bool:
    """Answers in a world; an answer the engine refuses is replaced by the rules' default
    (``first_option``; the required blocks, CR 509.1c). False if even that is refused."""
    try:
        game.submit(answer)
        return True
    except IllegalActionError:
        pass
    fallback = decision.info.get("required", []) if decision.kind == "blockers" else first_option(decision)
    try:
        game.submit(fallback)
        return True
    except IllegalActionError:
        return False


def quiet(game: Game, player: int, start_turn: int) -> bool:
    """Whether a world has reached a point worth evaluating (module docstring)."""
    d = game.pending
    if d is None:
        return True
    g = game.state
    if g.turn != start_turn:
        return True
    if d.kind == "priority":
        return not g.stack and not game.answers and not (g.step in _COMBAT and g.combat.get("attackers"))
    return d.kind in ("attackers", "mulligan") and d.player == player


def settle(game: Game, player: int, rng: random.Random, deep: bool = False, limit: int = SETTLE_LIMIT,
           beyond: bool = False, start_turn: int | None = None) -> None:
    """Plays a world on to its next quiet point (module docstring); ``deep``: the questions
    met on the way may look one ply ahead (the targets of the spell just cast). ``beyond``:
    then on through the next turn's combat (every priority passed, attacks and blocks by the
    quick policy), so a position is judged after the answer it invites: the crack-back at
    creatures that attacked and stay tapped (CR 502.3: they untap in their controller's turn).
    ``start_turn``: the turn of the decision being judged (default: the world's turn now), so
    every answer to it is judged at the same point of the game."""
    if start_turn is None:
        start_turn = game.state.turn
    for _ in range(limit):
        if quiet(game, player, start_turn):
            break
        d = game.pending
        assert d is not None
        answer = _PASS if d.kind == "priority" else quick_answer(game, d, rng, look=deep)
        if not submit(game, d, answer):
            return
    if not beyond:
        return
    for _ in range(BEYOND_LIMIT):
        d = game.pending
        g = game.state
        if d is None or g.turn > start_turn + 1 or (g.turn == start_turn + 1 and g.step in _AFTER_COMBAT and not g.stack):
            return
        if d.kind == "priority":
            answer = develop(game, d) if len(d.options) > 1 else _PASS
        else:
            answer = quick_answer(game, d, rng)
        if not submit(game, d, answer):
            return


def develop(game: Game, d: Decision) -> Any:
    """The active player's main-phase play beyond the horizon, without a look: the land that
    makes the most of the hand castable, else the permanent spell of highest mana value;
    anything else (an instant, another step) passes. So a creature held to attack first is
    still cast in the second main phase, and the opponent's board grows in their turn."""
    g = game.state
    player = d.player
    if not (g.active == player and g.step in _MAIN and not g.stack):
        return _PASS
    lands = [o for o in d.options if o["action"] == "play"]
    if lands:
        return _land(g, player, lands)
    best, best_mv = _PASS, -1
    for o in d.options:
        if o["action"] != "cast":
            continue
        ch = characteristics(g, o["object"])
        if ch.types & _PERMANENT_TYPES:
            mv = ch.mana_cost.mana_value() if ch.mana_cost is not None else 0
            if mv > best_mv:
                best, best_mv = o, mv
    return best


def one_ply(game: Game, decision: Decision, answer: Any, player: int, rng: random.Random,
            deep: bool = False, beyond: bool = False, weights: dict[str, float] | None = None) -> float | None:
    """The value for ``player`` of answering ``decision`` in a world with ``answer`` and
    settling (None if the engine refuses the answer). The world is left as it was."""
    turn = game.state.turn
    w = game.clone()
    try:
        w.submit(answer)
    except IllegalActionError:
        return None
    settle(w, player, rng, deep, beyond=beyond, start_turn=turn)
    return evaluate(w.state, player, weights)


def best_by_resolving(game: Game, decision: Decision, answers: list[Any], rng: random.Random) -> tuple[Any, float]:
    """The best of ``answers`` by :func:`one_ply` for the deciding player, and its value."""
    best, best_value = answers[0], -1.0
    for answer in answers:
        value = one_ply(game, decision, answer, decision.player, rng)
        if value is not None and value > best_value:
            best, best_value = answer, value
    return best, best_value


def with_policy(world: Game, d: Decision, options: list[Any]) -> list[Any]:
    """``options`` with the quick policy's attack or blocks first (a wide board's sensible
    declaration is rarely among the sampled candidates): ties between candidates go to it."""
    if d.kind == "attackers":
        answer: Any = attacks(world.state, d)
    elif d.kind == "blockers":
        answer = blocks(world.state, d)
    else:
        return options
    return [answer] + [o for o in options if o != answer]


# -- the quick policy ---------------------------------------------------------------------------
def quick_answer(game: Game, d: Decision, rng: random.Random, look: bool = False) -> Any:
    """A fast, sensible answer to any decision in a world (module docstring). ``look``: an
    instant, a sorcery or a spell's targets may be chosen by a one-ply look (the greedy agent's
    settling does); without it, by what the spell does (:func:`polarity`)."""
    kind = d.kind
    g = game.state
    if kind == "priority":
        return _priority(game, d, rng, look) if len(d.options) > 1 else _PASS
    if kind == "attackers":
        return attacks(g, d)
    if kind == "blockers":
        return blocks(g, d)
    if kind == "mulligan":
        return keep_hand(g, d.player)
    if kind == "targets" and not d.multi:
        if look and 1 < len(d.options) <= 8:
            return best_by_resolving(game, d, list(d.options), rng)[0]
        return pick_target(g, d)
    return first_option(d)


#: Effects (``cards.vocabulary`` class names) that harm what they target, and that help it.
HARMFUL = frozenset({"DealDamage", "Destroy", "Exile", "ReturnToHand", "CounterSpell", "Discard", "LoseLife",
                     "Sacrifice", "Tap", "Mill", "Fight", "PutOnLibrary"})
HELPFUL = frozenset({"Pump", "GainLife", "Draw", "AddCounters", "Untap", "Regenerate", "GainControl"})


def polarity(g: Any, oid: int) -> str:
    """"harm", "help" or "" for a spell or ability on the stack (or a card): what its first
    targeted effect does to its target (a Pump with negative power harms)."""
    o = g.objects.get(oid)
    if o is None:
        return ""
    script_effects: tuple[Any, ...] = ()
    if o.ability is not None:
        script_effects = tuple(getattr(o.ability, "effects", ()) or ())
    else:
        spell = characteristics(g, oid).script.spell
        script_effects = tuple(spell.effects) if spell is not None else ()
    for eff in script_effects:
        name = type(eff).__name__
        if name == "Pump":
            return "harm" if getattr(eff, "power", 0) < 0 or getattr(eff, "toughness", 0) < 0 else "help"
        if name in HARMFUL:
            return "harm"
        if name in HELPFUL:
            return "help"
    return ""


def _damage(g: Any, oid: int) -> int | None:
    """The fixed damage a spell's first effect deals (Lightning Bolt: 3), if it deals damage."""
    o = g.objects.get(oid)
    if o is None or o.ability is not None:
        return None
    spell = characteristics(g, oid).script.spell
    for eff in (spell.effects if spell is not None else ()):
        if type(eff).__name__ == "DealDamage":
            fixed = getattr(getattr(eff, "amount", None), "fixed", None)
            return fixed if isinstance(fixed, int) else None
    return None


def pick_target(g: Any, d: Decision) -> Any:
    """A target without a look ahead: for a harmful spell the opponent's most valuable creature
    it can kill (damage: toughness not above the damage), else the opponent; for a helpful one
    the deciding player's creature in combat, else their biggest, else themselves."""
    me = d.player
    opp = player_ref(g.opponent(me))          # the next opponent in turn order
    source = g.stack[-1] if g.stack else 0
    kind = polarity(g, source) if source else "harm"
    board = permanents(g)
    mine = [o for o in d.options if isinstance(o, int) and o > 0 and o in board and board[o].controller == me]
    theirs = [o for o in d.options if isinstance(o, int) and o > 0 and o in board and board[o].controller != me]
    if kind == "help":
        fighting = [o for o in mine if g.objects[o].attacking is not None or g.objects[o].blocking]
        pool = fighting or mine
        if pool:
            return max(pool, key=lambda o: sum(_pt(board[o])))
        return player_ref(me) if player_ref(me) in d.options else d.options[0]
    damage = _damage(g, source) if source else None
    killable = [o for o in theirs if "Creature" in board[o].types and
                (damage is None or (board[o].toughness or 0) - g.objects[o].damage <= damage)]
    if killable:
        return max(killable, key=lambda o: sum(_pt(board[o])) + len(board[o].keywords))
    if opp in d.options:
        return opp
    if theirs:
        return theirs[0]
    others = [o for o in d.options if o not in mine and o != player_ref(me)]
    return others[0] if others else d.options[0]


def _priority(game: Game, d: Decision, rng: random.Random, look: bool) -> Any:
    g = game.state
    player = d.player
    lands = [o for o in d.options if o["action"] == "play"]
    own_main = g.active == player and g.step in _MAIN and not g.stack
    if lands and own_main:
        return _land(g, player, lands)
    permanent_spells = []
    other = []
    for o in d.options:
        if o["action"] != "cast":
            continue
        ch = characteristics(g, o["object"])
        if ch.types & _PERMANENT_TYPES:
            permanent_spells.append((ch.mana_cost.mana_value() if ch.mana_cost is not None else 0, o))
        else:
            other.append(o)
    if permanent_spells and own_main:
        return max(permanent_spells, key=lambda mv_o: mv_o[0])[1]
    if not other:
        return _PASS
    if look:
        if own_main or g.step is Step.DECLARE_BLOCKERS or g.stack:
            return best_by_resolving(game, d, [_PASS] + other[:3], rng)[0]
        return _PASS
    return _spell_by_rule(g, player, other, own_main, rng)


def _land(g: Any, player: int, plays: list[dict[str, Any]]) -> dict[str, Any]:
    """The land play that lets the most cards in hand be cast (``evaluation.castable``), the
    first of the best."""
    board = permanents(g)
    colors = {LAND_COLORS[t] for ch in board.values() if ch.controller == player and "Land" in ch.types
              for t in ch.subtypes if t in LAND_COLORS}
    def gain(play: dict[str, Any]) -> int:
        subtypes = characteristics(g, play["object"]).subtypes
        return castable(g, player, colors | {LAND_COLORS[t] for t in subtypes if t in LAND_COLORS})
    return max(plays, key=lambda play: (gain(play), -plays.index(play)))


def _spell_by_rule(g: Any, player: int, spells: list[dict[str, Any]], own_main: bool, rng: random.Random) -> Any:
    """An instant or sorcery without a look ahead: a harmful one when the opponent has a
    creature it kills (or to counter the opponent's spell), or at the opponent's face now and
    then; a helpful one on a creature in combat once blockers are declared, or in a main phase
    when it targets nothing (draw, tokens)."""
    board = permanents(g)
    theirs = [oid for oid, ch in board.items() if ch.controller != player and "Creature" in ch.types]
    in_combat = g.step is Step.DECLARE_BLOCKERS and any(
        g.objects[oid].blocking or (g.objects[oid].attacking is not None and g.objects[oid].blocked)
        for oid, ch in board.items() if ch.controller == player)
    top_is_theirs = bool(g.stack) and g.objects[g.stack[-1]].controller != player
    for o in spells:
        oid = o["object"]
        kind = polarity(g, oid)
        spell = characteristics(g, oid).script.spell
        targeted = spell is not None and bool(spell.targets)
        if kind == "harm":
            if any(type(e).__name__ == "CounterSpell" for e in (spell.effects if spell else ())):
                if top_is_theirs:
                    return o
                continue
            damage = _damage(g, oid)
            if any(damage is None or (board[c].toughness or 0) - g.objects[c].damage <= damage for c in theirs):
                if own_main or g.stack or in_combat:
                    return o
            elif damage is not None and (g.players[g.opponent(player)].life <= damage or rng.random() < 0.15):
                return o
        elif kind == "help" and targeted:
            if in_combat:
                return o
        elif own_main and not targeted:
            return o
    return _PASS


_PERMANENT_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"})


def keep_hand(g: Any, player: int) -> bool:
    """CR 103.5: keep a hand of two to five lands (any hand after two mulligans)."""
    if g.players[player].mulligans >= 2:
        return True
    hand = g.zones[(player, Zone.HAND)]
    lands = sum(1 for oid in hand if "Land" in characteristics(g, oid).types)
    return 2 <= lands <= 5


def _pt(ch: Any) -> tuple[int, int]:
    return max(ch.power or 0, 0), max(ch.toughness or 0, 0)


def attacks(g: Any, d: Decision) -> list[Any]:
    """Attackers no untapped potential blocker kills while surviving; all when lethal."""
    required = list(d.info.get("required", []))
    me = d.player
    opp = g.opponent(me)       # the one the attackers attack (the next opponent in turn order)
    board = permanents(g)
    blockers = [(oid, ch) for oid, ch in board.items()
                if ch.controller == opp and "Creature" in ch.types and not g.objects[oid].tapped
                and "can't block" not in ch.keywords]
    chosen = list(required)
    total = 0
    for oid in d.options:
        ach = board.get(oid)
        if ach is None:
            continue
        p, t = _pt(ach)
        total += p
        if oid in chosen:
            continue
        flying = "flying" in ach.keywords
        eaten = False
        for _, bch in blockers:
            if flying and not ({"flying", "reach"} & bch.keywords):
                continue
            bp, bt = _pt(bch)
            if (bp >= t or "deathtouch" in bch.keywords) and bt > p and "deathtouch" not in ach.keywords:
                eaten = True
                break
        if not eaten and p > 0:
            chosen.append(oid)
    if total >= g.players[opp].life and len(blockers) < len(d.options):
        return list(d.options)
    return chosen


def blocks(g: Any, d: Decision) -> list[list[int]]:
    """Blocks that survive or trade up; chump blocks only when the attack is otherwise lethal."""
    board = permanents(g)
    me = d.player
    by_attacker: dict[int, list[int]] = {}
    for b, a in d.options:
        by_attacker.setdefault(a, []).append(b)
    attackers = sorted(by_attacker, key=lambda a: -_pt(board[a])[0] if a in board else 0)
    used: set[int] = set()
    out: list[list[int]] = [list(p) for p in d.info.get("required", [])]
    used |= {b for b, _ in out}
    unblocked = 0
    for a in attackers:
        ach = board.get(a)
        if ach is None:
            continue
        ap, at = _pt(ach)
        best, best_score = None, 0.0
        for b in by_attacker[a]:
            if b in used or b not in board:
                continue
            bp, bt = _pt(board[b])
            kills = bp >= at or "deathtouch" in board[b].keywords
            dies = ap >= bt or "deathtouch" in ach.keywords
            if not dies:
                score = 3.0 + (1.0 if kills else 0.0)
            elif kills and ap + at >= bp + bt:
                score = 2.0
            else:
                continue
            if score > best_score:
                best, best_score = b, score
        if best is not None and "menace" not in ach.keywords:
            out.append([best, a])
            used.add(best)
        else:
            unblocked += ap
    life = g.players[me].life
    if unblocked >= life:
        for a in attackers:
            if any(pair[1] == a for pair in out) or a not in board or "menace" in board[a].keywords:
                continue
            free = [b for b in by_attacker[a] if b not in used and b in board]
            if free:
                cheapest = min(free, key=lambda b: sum(_pt(board[b])))
                out.append([cheapest, a])
                used.add(cheapest)
                unblocked -= _pt(board[a])[0]
                if unblocked < life:
                    break
    return out


__all__ = ["HARMFUL", "HELPFUL", "attacks", "best_by_resolving", "blocks", "keep_hand", "one_ply", "pick_target",
           "polarity", "quick_answer", "quiet", "settle", "submit", "with_policy"]
