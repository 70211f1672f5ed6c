"""Combat (CR 506-511): declaring attackers and blockers, and combat damage."""
from __future__ import annotations

from typing import Any

from ..agents.decisions import Decision, player_of, player_ref
from ..cards.compiler.combat_rules import (
    ASSIGNS_AS_UNBLOCKED, ATTACKS_NOT_ALONE, BLOCKED_BY, BLOCKED_BY_AT_LEAST, BLOCKED_EXCEPT_BY, BLOCKED_BY_AT_MOST,
    BLOCKED_BY_POWER_BELOW_OWN,
    BLOCKS_ANY_NUMBER, BLOCKS_NOT_ALONE, MUST_BE_BLOCKED, BLOCKS_ONE_MORE, BLOCKS_POWER_BELOW, block_filter, restriction_number,
)
from ..cards.compiler.keywords import ATTACKS_EACH_COMBAT, ATTACKS_ONLY_IF_DEFENDER_HAS, BLOCKS_ONLY_FLYING
from ..core.enums import Step, Zone
from ..core.errors import IllegalActionError
from ..effects.events import AttackEvent, BlockEvent
from ..effects.layers import characteristics, controller_of, matches, permanents, summoning_sick
from ..effects.combat_restrictions import combat_restriction
from ..effects.enlist import enlist_attackers
from ..effects.links import block_requirements, exert_attackers
from ..effects.primitives import deal_damage, name_of, set_tapped
from ..effects.replacement import has_protection_from, shield_order
from ..state.game_state import GameState
from .context import Ctx


#: Zones as module constants: reading a member off the Zone class costs several times a
#: global's in CPython 3.11 (``EnumType`` defines ``__getattr__``); combat reads it often.
_BATTLEFIELD = Zone.BATTLEFIELD


def can_attack(g: GameState, oid: int) -> bool:
    """CR 508.1a, 302.6, 702.3b: untapped, not summoning sick (or haste), no defender."""
    return _attack_rule(g, oid) is None


def attack_restriction(g: GameState, oid: int) -> str | None:
    """Why the creature can't attack now, or None if it can."""
    reason = _attack_rule(g, oid)
    if reason is None:
        return None
    return f"{characteristics(g, oid).name or 'a face-down creature'} can't attack: {reason}"


def _attack_rule(g: GameState, oid: int, ch: Any = None) -> str | None:
    """The rule that keeps the creature from attacking now (the reason, without its name);
    ``ch``: its characteristics, when the caller has them."""
    o = g.objects[oid]
    if ch is None:
        ch = characteristics(g, oid)
    if o.zone is not _BATTLEFIELD or "Creature" not in ch.types or "Battle" in ch.types:
        return "only a creature on the battlefield can (CR 506.3, 508.1a)"
    if ch.controller != g.active:
        return "its controller isn't the active player (CR 508.1a)"
    if o.tapped:
        return "it is tapped (CR 508.1a)"
    if "defender" in ch.keywords:
        return "it has defender (CR 702.3b)"
    if "can't attack" in ch.keywords:
        return "an effect says so (CR 508.1c)"
    if (why := combat_restriction(g, oid, ch, attack=True)) is not None:
        return why                                      # Moat, Ensnaring Bridge (CR 508.1c)
    if not ch.keywords.isdisjoint(_DEFENDER_LAND_RESTRICTIONS):
        # "can't attack unless defending player controls an Island" (CR 508.1c): each opponent is
        # a possible defending player (a two-player game has one)
        for land_type, keyword in ATTACKS_ONLY_IF_DEFENDER_HAS.items():
            if keyword in ch.keywords and not any(
                    land_type in c.subtypes and c.controller != ch.controller for c in permanents(g).values()):
                return f"defending player controls no {land_type} (CR 508.1c)"
    if summoning_sick(g, oid) and "haste" not in ch.keywords:
        return "its controller hasn't controlled it continuously since the turn began (CR 302.6)"
    return None


_DEFENDER_LAND_RESTRICTIONS = frozenset(ATTACKS_ONLY_IF_DEFENDER_HAS.values())


def possible_attackers(g: GameState) -> list[int]:
    """The creatures that can attack now, in battlefield order (only a creature can, CR 508.1a:
    the other permanents, mostly lands, aren't asked about)."""
    return [oid for oid, ch in permanents(g).items() if "Creature" in ch.types and _attack_rule(g, oid, ch) is None]


def defenders(g: GameState) -> list[int]:
    """What can be attacked (CR 506.3): each opponent and the planeswalkers they control."""
    out = []
    for p in g.players:
        if p.index != g.active and not p.lost:
            out.append(player_ref(p.index))
    for oid, ch in permanents(g).items():
        if ch.controller != g.active and "Planeswalker" in ch.types:
            out.append(oid)
    return out


def declare_attackers(ctx: Ctx) -> None:
    """CR 508.1: the active player declares attackers (a decision), which become tapped."""
    g = ctx.g
    options = possible_attackers(g)
    g.combat = {}
    if not options:
        return
    ctx.commit_point(asking_now=True, resume=False)    # replayed from the step's beginning (turn.begin_step)
    # CR 508.1d: a creature that "attacks each combat if able" and can attack must (no attack
    # has a cost to pay here, so each such requirement can be obeyed)
    legal_defenders = defenders(g)
    required = [oid for oid in options if ATTACKS_EACH_COMBAT in characteristics(g, oid).keywords
                or _must_attack(g, oid, legal_defenders) is not None]
    info: dict[str, Any] = {"defenders": legal_defenders}
    if len(g.players) > 2:
        # the defenders each restricted attacker may attack (CR 508.1c, 802.3a)
        limited = [[oid, [d for d in legal_defenders if _defender_restriction(g, oid, d) is None]] for oid in options
                   if not characteristics(g, oid).keywords.isdisjoint(_DEFENDER_LAND_RESTRICTIONS)]
        limited += [[oid, [d]] for oid in options if (d := _must_attack(g, oid, legal_defenders)) is not None]
        if limited:
            info["defenders_of"] = limited
    if required:
        info["required"] = required
    if alone := [oid for oid in options if ATTACKS_NOT_ALONE in characteristics(g, oid).keywords]:
        info["not_alone"] = alone           # can't be the only attacker (CR 508.1c)
    answer = ctx.ask(Decision(g.active, "attackers", "declare attackers", options, min=0, max=len(options),
                              info=info))
    for entry in answer:
        attacker = entry[0] if isinstance(entry, (list, tuple)) else entry
        if attacker not in options:
            reason = attack_restriction(g, attacker) if attacker in g.objects else None
            raise IllegalActionError(reason or f"{name_of(ctx, attacker)} can't attack (CR 508.1a)")
    chosen: list[tuple[int, Any]] = []
    default = player_ref(g.opponent(g.active))
    for entry in answer:
        if isinstance(entry, (list, tuple)):
            attacker, defender = entry
        else:
            attacker, defender = entry, _default_defender(g, attacker, default)
        if attacker not in options:
            raise IllegalActionError(f"{name_of(ctx, attacker)} can't attack (CR 508.1a)")
        if defender not in legal_defenders:
            raise IllegalActionError(f"{name_of(ctx, defender)} can't be attacked (CR 506.3)")
        reason = _defender_restriction(g, attacker, defender)
        if reason:
            raise IllegalActionError(f"{name_of(ctx, attacker)} can't attack {name_of(ctx, defender)}: {reason}")
        must = _must_attack(g, attacker, legal_defenders)
        if must is not None and defender != must:
            raise IllegalActionError(f"{name_of(ctx, attacker)} attacks {name_of(ctx, must)} this turn if able "
                                     f"(encore, CR 702.141a, 508.1d)")
        chosen.append((attacker, defender))
    if len({a for a, _ in chosen}) != len(chosen):
        raise IllegalActionError("a creature can attack only once (CR 508.1a)")
    if len(chosen) == 1 and ATTACKS_NOT_ALONE in characteristics(g, chosen[0][0]).keywords:
        raise IllegalActionError(f"{name_of(ctx, chosen[0][0])} can't attack alone (CR 508.1c)")
    for oid in required:
        # (a creature that can't attack alone isn't able to when no other attacks, CR 508.1d)
        if all(a != oid for a, _ in chosen) and not (ATTACKS_NOT_ALONE in characteristics(g, oid).keywords
                                                     and not chosen):
            raise IllegalActionError(f"{name_of(ctx, oid)} attacks each combat if able (CR 508.1d)")
    if chosen:
        g.player(g.active).attacked_with_this_turn += len(chosen)   # "attacked with three or more creatures"
    for attacker, defender in chosen:
        o = g.obj(attacker)
        o.attacking = defender
        o.choices["attacked_turn"] = g.turn     # "if it attacked this turn" (Berserk)
        g.changed()         # a static ability may read it: "as long as it's attacking" (CR 611.3b, 506.4)
        ch = characteristics(g, attacker)
        if "vigilance" not in ch.keywords:
            set_tapped(ctx, attacker, True)    # CR 508.1f
        ctx.log("508.1", f"{ch.name} attacks {name_of(ctx, defender)}")
    exert_attackers(ctx, [a for a, _ in chosen])  # CR 508.1g, 701.43d: "you may exert ~ as it attacks"
    enlist_attackers(ctx, [a for a, _ in chosen])  # CR 508.1g, 702.154b
    for attacker, _ in chosen:
        g.events.append(AttackEvent(attacker))  # CR 508.1m
    g.combat = {"attackers": [a for a, _ in chosen]}


def _defender_restriction(g: GameState, attacker: int, defender: Any) -> str | None:
    """Why ``attacker`` can't attack ``defender`` (a player or a planeswalker): "can't attack unless
    defending player controls an Island" applies to the player it would attack (CR 508.1c, 802.3a)."""
    ch = characteristics(g, attacker)
    if ch.keywords.isdisjoint(_DEFENDER_LAND_RESTRICTIONS):
        return None
    p = player_of(defender)
    whose = p if p is not None else controller_of(g, defender)
    for land_type, keyword in ATTACKS_ONLY_IF_DEFENDER_HAS.items():
        if keyword in ch.keywords and not any(land_type in c.subtypes and c.controller == whose
                                              for c in permanents(g).values()):
            return f"{g.players[whose].name} controls no {land_type} (CR 508.1c)"
    return None


def _must_attack(g: GameState, attacker: int, legal: list[Any]) -> Any:
    """The player an attacker "attacks this turn if able" (encore's tokens, CR 702.141a): a
    requirement (CR 508.1d) while that player can be attacked by it; else None."""
    must = g.objects[attacker].choices.get("must_attack") if g.objects[attacker].choices else None
    if must is None or must[1] != g.turn or must[0] not in legal or _defender_restriction(g, attacker, must[0]):
        return None
    return must[0]


def _default_defender(g: GameState, attacker: int, default: Any) -> Any:
    """What an attacker named without a defender attacks: the next opponent in turn order (the
    only one in a two-player game), or the next one it may attack (CR 508.1c, 802.3a)."""
    must = _must_attack(g, attacker, defenders(g))
    if must is not None:
        return must                                 # "attacks that opponent this turn if able" (CR 508.1d)
    if _defender_restriction(g, attacker, default) is None:
        return default
    return next((player_ref(p) for p in g.opponents(g.active)
                 if _defender_restriction(g, attacker, player_ref(p)) is None), default)


def put_attacking(ctx: Ctx, oid: int, whom: int | None = None, how: str = "") -> bool:
    """CR 508.4: the creature ``oid``, just put onto the battlefield, is attacking ``whom`` (a player
    ref or a planeswalker) if the effect says, else what its controller chooses among the defending
    players and their planeswalkers. Only during combat and for the attacking player (CR 506.3b);
    never if what it would attack has left or isn't a planeswalker any more (CR 506.3c, 508.4a).
    It "attacks" for no trigger (CR 508.4); unblocked if blockers were declared (CR 509.1h)."""
    g = ctx.g
    ch = characteristics(g, oid)
    if g.step not in _ATTACKING_STEPS or ch.controller != g.active or "Creature" not in ch.types:
        return False
    if whom is None:
        options = defenders(g)
        if not options:
            return False
        whom = options[0] if len(options) == 1 else ctx.ask(Decision(
            ch.controller, "choose", f"what {ch.name} attacks (CR 508.4)", options))
    elif player_of(whom) is not None:
        if g.players[player_of(whom)].lost:
            return False
    elif whom not in g.objects or g.objects[whom].zone is not Zone.BATTLEFIELD \
            or "Planeswalker" not in characteristics(g, whom).types:
        return False
    g.obj(oid).attacking = whom     # (unblocked once blockers were declared: ``blocked`` is False)
    g.combat = {**g.combat, "attackers": [*g.combat.get("attackers", []), oid]}     # (replaced: clones share it)
    g.changed()
    ctx.log("508.4", f"{ch.name} enters tapped and attacking {name_of(ctx, whom)}{how}")
    return True


#: The steps a creature can be put onto the battlefield attacking in: once attackers were declared
#: and until combat ends (CR 506.1, 511.3).
_ATTACKING_STEPS = (Step.DECLARE_ATTACKERS, Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE, Step.END_OF_COMBAT)


def attackers(g: GameState) -> list[int]:
    return [oid for oid in g.combat.get("attackers", []) if oid in g.objects and g.objects[oid].attacking is not None]


def can_block(g: GameState, blocker: int, attacker: int) -> bool:
    """CR 509.1a-b: untapped creature; flying (702.9b) needs flying or reach."""
    b = g.objects[blocker]
    if b.tapped or b.zone is not _BATTLEFIELD:
        return False
    bch = characteristics(g, blocker)
    if "Creature" not in bch.types or "Battle" in bch.types or "can't block" in bch.keywords:
        return False                                   # CR 509.1b: restrictions
    if combat_restriction(g, blocker, bch, attack=False) is not None:
        return False                                   # "Creatures without flying can't block" (CR 509.1b)
    a = g.objects[attacker]
    defending = a.attacking
    p = player_of(defending)
    if p is not None and bch.controller != p:
        return False
    if p is None and defending in g.objects and controller_of(g, defending) != bch.controller:
        return False
    if b.choices and any(p[0] == attacker and p[1] == g.turn for p in b.choices.get("cant_block", ())):
        return False                                   # CR 509.1b: "Target creature can't block ~ this turn"
    ach = characteristics(g, attacker)
    return evasion_allows(g, ach, bch, bch.controller, blocker)




_BLOCKED_BY_POWER = "can't be blocked by creatures with power "


def evasion_allows(g: GameState, ach: Any, bch: Any, defender: int, blocker: int = 0) -> bool:
    """Blocking restrictions of the attacker's evasion abilities (CR 509.1b); ``blocker``: the
    blocking creature's id (what a restriction naming its qualities reads)."""
    a_kw, b_kw = ach.keywords, bch.keywords
    if "can't be blocked" in a_kw:
        return False                                    # CR 509.1b: Phantom Warrior
    if "flying" in a_kw and not ({"flying", "reach"} & b_kw):
        return False                                    # CR 702.9b
    if "intimidate" in a_kw and "Artifact" not in bch.types and not (ach.colors & bch.colors):
        return False                                    # CR 702.13b
    if "fear" in a_kw and "Artifact" not in bch.types and "B" not in bch.colors:
        return False                                    # CR 702.36b
    if ("shadow" in a_kw) != ("shadow" in b_kw):
        return False                                    # CR 702.28b
    if "horsemanship" in a_kw and "horsemanship" not in b_kw:
        return False                                    # CR 702.31b
    if "skulk" in a_kw and (bch.power or 0) > (ach.power or 0):
        return False                                    # CR 702.118b
    if has_protection_from(ach, bch):
        return False                                    # CR 702.16f
    if BLOCKS_ONLY_FLYING in b_kw and "flying" not in a_kw:
        return False                                    # CR 509.1b: "can block only creatures with flying"
    if BLOCKED_BY_POWER_BELOW_OWN in a_kw and (bch.power or 0) < (ach.power or 0):
        return False                                    # CR 509.1b: "power less than ~'s power can't block it"
    if (most := restriction_number(b_kw, BLOCKS_POWER_BELOW)) is not None and (ach.power or 0) >= most:
        return False                                    # CR 509.1b: "can't block creatures with power N or greater"
    for kw in a_kw:
        if kw.startswith(BLOCKED_BY) or kw.startswith(BLOCKED_EXCEPT_BY):
            # CR 509.1b: "can't be blocked by Walls", "... except by creatures with flying"
            by = not kw.startswith(BLOCKED_EXCEPT_BY)
            flt = block_filter(kw[len(BLOCKED_BY if by else BLOCKED_EXCEPT_BY):])
            if flt is not None and blocker and matches(g, blocker, flt, ach.controller, ch=bch) == by:
                return False
        if kw.startswith(_BLOCKED_BY_POWER) and kw.endswith(" or less") \
                and (bch.power or 0) <= int(kw[len(_BLOCKED_BY_POWER):].split()[0]):
            return False                                # CR 509.1b: "... by creatures with power N or less"
        if kw.startswith(_BLOCKED_BY_POWER) and kw.endswith(" or greater") \
                and (bch.power or 0) >= int(kw[len(_BLOCKED_BY_POWER):].split()[0]):
            return False                                # CR 509.1b: "... by creatures with power N or greater"
        if kw.endswith("walk") and kw != "walk":
            land_type = kw[: -len("walk")].capitalize()  # CR 702.14c
            if any(controller_of(g, oid) == defender and land_type in characteristics(g, oid).subtypes
                   and "Land" in characteristics(g, oid).types for oid in g.battlefield):
                return False
    return True


def block_options(g: GameState, player: int) -> list[list[int]]:
    """The [blocker, attacker] pairs ``player`` can declare, blockers in battlefield order (only
    a creature can block, CR 509.1a: the other permanents aren't asked about)."""
    out = []
    atk = attackers(g)
    for blocker, bch in permanents(g).items():
        if bch.controller != player or "Creature" not in bch.types:
            continue
        for attacker in atk:
            if can_block(g, blocker, attacker):
                out.append([blocker, attacker])
    return out


def declare_blockers(ctx: Ctx) -> None:
    """CR 509.1: the defending player declares blockers; with several defending players, each in
    APNAP order declares all their blocks (CR 802.4), only for the creatures attacking them or
    their planeswalkers (CR 509.1a, 802.4a)."""
    g = ctx.g
    atk = attackers(g)
    if not atk:
        return
    pairs: list[tuple[int, int]] = []
    for defender in defending_players(g):
        options = block_options(g, defender)
        if not options:
            continue
        required = _required_blocks(g, options)
        info: dict[str, Any] = {"required": required} if required else {}
        menace = [a for a in atk if "menace" in characteristics(g, a).keywords and _defending(g, a) == defender]
        if menace:
            info["menace"] = menace         # blocked by two or more creatures or not at all (CR 702.111b)
        info.update(_block_counts_info(g, atk, options, defender))
        answer = ctx.ask(Decision(defender, "blockers", "declare blockers (pairs [blocker, attacker])", options,
                                  min=0, max=len(options), info=info))
        declared = [tuple(p) for p in answer]
        validate_blocks(ctx, declared, defender)
        for blocker, attacker in declared:
            b = g.obj(blocker)
            b.blocking = b.blocking + (attacker,)       # (two or more: CR 509.1a's "additional creature")
            ctx.log("509.1", f"{name_of(ctx, blocker)} blocks {name_of(ctx, attacker)}")
        pairs += declared
    for a in atk:
        g.obj(a).blocked = any(att == a for _, att in pairs)    # CR 509.1h
    g.changed()             # "as long as it's blocking" (CR 611.3b, 506.4)
    for blocker, attacker in pairs:
        g.events.append(BlockEvent(blocker, attacker))          # CR 509.2a: blocks triggers


def defending_players(g: GameState) -> list[int]:
    """The players attacked, or whose planeswalkers are, in APNAP order (CR 506.2, 802.2, 802.4);
    in a two-player game the nonactive player (CR 506.2), attacked or not."""
    if len(g.players) == 2:
        return [g.opponent(g.active)]
    attacked = {_defending(g, a) for a in attackers(g)}
    return [p for p in g.apnap() if p in attacked]


def _defending(g: GameState, attacker: int) -> int | None:
    """The defending player of an attacking creature: the player it attacks or the controller of
    the planeswalker it attacks (CR 802.2a)."""
    defending = g.objects[attacker].attacking
    p = player_of(defending)
    if p is not None:
        return p
    return controller_of(g, defending) if defending in g.objects else None


def _required_blocks(g: GameState, options: list[list[int]]) -> list[list[int]]:
    """A legal declaration with as few blocks as the requirements allow (CR 509.1c): each
    requirement that can be obeyed, a blocker obeying the first of its own (the agents' answer
    when theirs is refused; "no blocks" is refused when a requirement can be obeyed)."""
    offered = {(b, a) for b, a in options}
    out: list[list[int]] = []
    used: set[int] = set()
    for b, a in block_requirements(g):
        if b not in used and (b, a) in offered and blockers_allowed(g, a)[0] < 2 \
                and BLOCKS_NOT_ALONE not in characteristics(g, b).keywords:
            out.append([b, a])
            used.add(b)
    for a in attackers(g):
        # "must be blocked if able" (CR 509.1c): the first creature that can block it, if none does yet
        if _must_be_blocked(g, a) and blockers_allowed(g, a)[0] < 2 and all(x != a for _, x in out):
            b = next((b for b, x in options if x == a and b not in used
                      and BLOCKS_NOT_ALONE not in characteristics(g, b).keywords), None)
            if b is not None:
                out.append([b, a])
                used.add(b)
    return out


def validate_blocks(ctx: Ctx, pairs: list[tuple[int, int]], defender: int | None = None) -> None:
    """CR 509.1a-c: ``defender``'s blocks (default: the nonactive player of a two-player game);
    other players' attackers and blockers are ignored (CR 802.4b)."""
    g = ctx.g
    if defender is None:
        defender = g.opponent(g.active)
    if len(set(pairs)) != len(pairs):
        raise IllegalActionError("a creature blocks an attacker once (CR 509.1a)")
    for b, a in pairs:
        if b not in g.objects or a not in g.objects or not can_block(g, b, a):
            raise IllegalActionError(f"{name_of(ctx, b)} can't block {name_of(ctx, a)} (CR 509.1a-b)")
    blocking: dict[int, list[int]] = {}
    for b, a in pairs:
        blocking.setdefault(b, []).append(a)
    for b, blocked in blocking.items():
        most = attackers_it_may_block(g, b)
        if most is not None and len(blocked) > most:
            raise IllegalActionError(f"{name_of(ctx, b)} can block only {most} attacker{'s' * (most > 1)} (CR 509.1a)")
        if len(blocking) == 1 and BLOCKS_NOT_ALONE in characteristics(g, b).keywords:
            raise IllegalActionError(f"{name_of(ctx, b)} can't block alone (CR 509.1b)")
    for a in set(a for _, a in pairs):
        count = sum(1 for _, x in pairs if x == a)
        least, most = blockers_allowed(g, a)
        if count < least:
            why = "has menace and " if "menace" in characteristics(g, a).keywords and least == 2 else ""
            raise IllegalActionError(f"{name_of(ctx, a)} {why}can't be blocked except by {least} or more creatures "
                                     f"(CR {'702.111b' if why else '509.1b'})")
        if most is not None and count > most:
            raise IllegalActionError(f"{name_of(ctx, a)} can't be blocked by more than {most} creature"
                                     f"{'s' * (most > 1)} (CR 509.1b)")
    required = block_requirements(g)
    for b, a in required:
        # CR 509.1c: a requirement it can obey without breaking a restriction must be obeyed; a
        # creature blocking as many attackers as it may, each one it is required to block, obeys
        # as many as it can
        mine = blocking.get(b, [])
        most = attackers_it_may_block(g, b)
        full = most is not None and len(mine) >= most and all((b, x) in required for x in mine)
        least, at_most = blockers_allowed(g, a)
        # (a block a restriction forbids isn't required: one more blocker than "by more than N",
        # a lone blocker that "can't block alone")
        forbidden = (at_most is not None and sum(1 for _, x in pairs if x == a) >= at_most) \
            or (BLOCKS_NOT_ALONE in characteristics(g, b).keywords and not set(blocking) - {b})
        if (b, a) not in pairs and characteristics(g, b).controller == defender and can_block(g, b, a) \
                and least < 2 and not full and not forbidden:
            raise IllegalActionError(f"{name_of(ctx, b)} must block {name_of(ctx, a)} this turn if able (CR 509.1c)")
    _check_must_be_blocked(ctx, pairs, blocking, required, defender)


def _check_must_be_blocked(ctx: Ctx, pairs: list[tuple[int, int]], blocking: dict[int, list[int]],
                           required: list[tuple[int, int]], defender: int) -> None:
    """CR 509.1c: an attacker that "must be blocked if able" is blocked when a creature of the
    defending player can block it without giving up a block that obeys another requirement."""
    g = ctx.g
    blocked = {a for _, a in pairs}
    wanted = set(required) | {(b, a) for b, a in pairs if _must_be_blocked(g, a)
                              and sum(1 for _, x in pairs if x == a) == 1}
    for a in attackers(g):
        if a in blocked or not _must_be_blocked(g, a) or _defending(g, a) != defender or blockers_allowed(g, a)[0] > 1:
            continue
        for b, bch in permanents(g).items():
            if bch.controller != defender or "Creature" not in bch.types or not can_block(g, b, a) \
                    or (BLOCKS_NOT_ALONE in bch.keywords and not set(blocking) - {b}):
                continue
            mine = blocking.get(b, [])
            most = attackers_it_may_block(g, b)
            if not mine or most is None or len(mine) < most or any((b, x) not in wanted for x in mine):
                raise IllegalActionError(f"{name_of(ctx, a)} must be blocked if able: {name_of(ctx, b)} can block it "
                                         "(CR 509.1c)")


def _must_be_blocked(g: GameState, attacker: int) -> bool:
    return MUST_BE_BLOCKED in characteristics(g, attacker).keywords


def blockers_allowed(g: GameState, attacker: int) -> tuple[int, int | None]:
    """The fewest and the most creatures that may block ``attacker`` if any do (CR 509.1b):
    menace's two (CR 702.111b), "except by N or more creatures", "by more than N creatures"."""
    kws = characteristics(g, attacker).keywords
    least = restriction_number(kws, BLOCKED_BY_AT_LEAST) or 1
    if "menace" in kws:
        least = max(least, 2)
    return least, restriction_number(kws, BLOCKED_BY_AT_MOST)


def attackers_it_may_block(g: GameState, blocker: int) -> int | None:
    """How many attackers ``blocker`` may block (CR 509.1a): one, one more with "can block an
    additional creature each combat" and one more for each "... this turn" that resolved this
    turn, any number (None)."""
    kws = characteristics(g, blocker).keywords
    if BLOCKS_ANY_NUMBER in kws:
        return None
    turn, extra = g.objects[blocker].choices.get("extra_blocks", (0, 0))    # "... this turn" (Coastline Chimera)
    return (2 if BLOCKS_ONE_MORE in kws else 1) + (extra if turn == g.turn else 0)


def _block_counts_info(g: GameState, atk: list[int], options: list[list[int]], defender: int) -> dict[str, Any]:
    """What the agents are told of the blocks' counts (CR 509.1a-b): the attackers needing more
    than one blocker or allowing only so many ("fewest", "most": [attacker, N] pairs), the
    blockers that may block more than one attacker ("blocks": [blocker, N or None]), and those
    that can't block alone ("not_alone")."""
    info: dict[str, Any] = {}
    limits = [(a, *blockers_allowed(g, a)) for a in atk if _defending(g, a) == defender]
    if fewest := [[a, least] for a, least, _ in limits if least > 2]:
        info["fewest"] = fewest
    if most := [[a, m] for a, _, m in limits if m is not None]:
        info["most"] = most
    blockers = sorted({b for b, _ in options})
    if many := [[b, attackers_it_may_block(g, b)] for b in blockers if attackers_it_may_block(g, b) != 1]:
        info["blocks"] = many
    if alone := [b for b in blockers if BLOCKS_NOT_ALONE in characteristics(g, b).keywords]:
        info["not_alone"] = alone
    return info


def has_first_strike_step(g: GameState) -> bool:
    """CR 510.4: a first-strike damage step happens if any attacker or blocker has first or double strike."""
    for oid in g.battlefield:
        o = g.objects[oid]
        if o.attacking is not None or o.blocking:
            kws = characteristics(g, oid).keywords
            if "first strike" in kws or "double strike" in kws:
                return True
    return False


def combat_damage(ctx: Ctx, first_strike_step: bool | None) -> None:
    """CR 510.1-510.2: assign and deal combat damage simultaneously.

    ``first_strike_step``: True for the first-strike step, False for the regular step after
    one, None when there is only one combat damage step.
    """
    g = ctx.g

    def deals(oid: int) -> bool:
        kws = characteristics(g, oid).keywords
        fs = "first strike" in kws
        ds = "double strike" in kws
        if first_strike_step is None:
            return True
        if first_strike_step:
            return fs or ds                                    # CR 702.7b, 702.4b
        return ds or not (fs or oid in g.combat.get("dealt_first", []))   # CR 702.4c, 702.7c

    assignments: list[tuple[int, int, int]] = []
    assigned: dict[int, int] = {}      # damage assigned to each creature so far this step (CR 702.19b)

    def add(src: int, tgt: int, amount: int) -> None:
        assignments.append((src, tgt, amount))
        assigned[tgt] = assigned.get(tgt, 0) + amount

    for a in attackers(g):
        if not deals(a):
            continue
        ch = characteristics(g, a)
        power = ch.power or 0
        if power <= 0:
            continue                                           # CR 510.1a
        o = g.objects[a]
        if not o.blocked:
            if _still_there(g, o.attacking):
                add(a, o.attacking, power)                     # CR 510.1b
            continue
        if ASSIGNS_AS_UNBLOCKED in ch.keywords and _still_there(g, o.attacking) and ctx.ask(Decision(
                ch.controller, "yesno", f"assign {ch.name}'s combat damage as though it weren't blocked?",
                [True, False])):
            # Thorn Elemental's rulings: all of it to what it attacks, as an unblocked creature
            # would (CR 510.1b), or all of it to its blockers as usual (CR 510.1c), not split
            ctx.log("510.1b", f"{ch.name} assigns its combat damage as though it weren't blocked")
            add(a, o.attacking, power)
            continue
        blockers = [b for b in g.battlefield if a in g.objects[b].blocking]
        trample = "trample" in ch.keywords
        if not blockers:
            if trample and _still_there(g, o.attacking):       # CR 702.19d
                add(a, o.attacking, power)
            continue
        deathtouch = "deathtouch" in ch.keywords

        def lethal(b: int) -> int:
            """Lethal damage for assignment, counting damage already marked and that assigned by
            other creatures this step (CR 702.19b; deathtouch makes 1 lethal, 702.2c)."""
            left = max(0, (characteristics(g, b).toughness or 0) - g.objects[b].damage - assigned.get(b, 0))
            return min(left, 1) if deathtouch else left

        # CR 510.1c: two or more blockers divide the damage as its controller chooses; with
        # trample the excess over lethal damage may go to what it attacks too (CR 702.19b), a
        # choice as soon as the power exceeds the one blocker's lethal damage
        if len(blockers) > 1 or (trample and power > lethal(blockers[0])):
            defender = o.attacking if trample and _still_there(g, o.attacking) else None
            _divided(ctx, a, ch.controller, f"{ch.name}'s {power} combat damage among its blockers", blockers,
                     defender, power, lethal, add)
        else:
            add(a, blockers[0], power)                         # CR 510.1c: all to the one blocker
    for b in g.battlefield:
        bo = g.objects[b]
        if not bo.blocking or not deals(b):
            continue
        bch = characteristics(g, b)
        power = bch.power or 0
        blocked = [a for a in bo.blocking if a in g.objects]
        if power <= 0 or not blocked:
            continue
        if len(blocked) == 1:
            add(b, blocked[0], power)                          # CR 510.1d
        else:
            # CR 510.1d: a creature blocking two or more divides its damage as its controller chooses
            def lethal_to(x: int) -> int:
                return max(0, (characteristics(g, x).toughness or 0) - g.objects[x].damage - assigned.get(x, 0))
            _divided(ctx, b, bch.controller, f"{bch.name}'s {power} combat damage among the creatures it blocks",
                     blocked, None, power, lethal_to, add)
    if first_strike_step:
        g.combat["dealt_first"] = [src for src, _t, _n in assignments]
    for src, tgt, amount in shield_order(ctx, assignments, True):  # CR 510.2: simultaneously (615.7)
        deal_damage(ctx, src, tgt, amount, combat=True)


def _still_there(g: GameState, defending: Any) -> bool:
    """Whether what an attacker attacks can be dealt its combat damage: a player still in the game
    (CR 800.4e) or a permanent still there."""
    if defending is None:
        return False
    p = player_of(defending)
    return not g.players[p].lost if p is not None else defending in g.objects


def _divided(ctx: Ctx, src: int, controller: int, what: str, among: list[int], defender: Any, power: int,
             lethal: Any, add: Any) -> None:
    """Asks ``controller`` to divide ``src``'s combat damage among the creatures ``among`` (and,
    with trample, ``defender``): a mapping {creature: amount}, or an order of the creatures —
    each in turn is assigned lethal damage and the last one (or, with trample, the defender)
    the rest (CR 510.1c-d, 702.19b). The order of the creatures is the default answer."""
    options = sorted(among) + ([defender] if defender is not None else [])
    answer = ctx.ask(Decision(controller, "damage_assignment", f"divide {what}", options,
                              min=len(among), max=len(options)))
    if isinstance(answer, dict):
        division = {int(k): v for k, v in answer.items()}
        _check_division(ctx, division, options, among, power, lethal, defender)
        for tgt in options:                                    # (in the options' order)
            if division.get(tgt, 0) > 0:
                add(src, tgt, division[tgt])
        return
    order = [x for x in answer if x in among]
    if sorted(order) != sorted(among):
        raise IllegalActionError("the damage order must list each creature once")
    remaining = power
    for i, x in enumerate(order):
        last = i == len(order) - 1
        amount = remaining if (last and defender is None) else min(remaining, lethal(x))
        if amount > 0:
            add(src, x, amount)
            remaining -= amount
    if remaining > 0 and defender is not None:
        add(src, defender, remaining)                          # CR 702.19b


def _check_division(ctx: Ctx, division: dict[int, Any], options: list[int], blockers: list[int], power: int,
                    lethal: Any, defender: Any) -> None:
    """CR 510.1c-e, 702.19b: a division is legal if it deals exactly the power to its
    blockers (and, with trample, the defender only once each blocker has lethal damage)."""
    for tgt, amount in division.items():
        if tgt not in options:
            raise IllegalActionError(f"{name_of(ctx, tgt)} is not in combat with this creature (CR 510.1c-d)")
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
            raise IllegalActionError(f"damage amounts are whole numbers 0 or more, got {amount!r}")
    if sum(division.values()) != power:
        raise IllegalActionError(f"the division must assign exactly {power} damage (CR 510.1a)")
    if defender is not None and division.get(defender, 0) > 0:
        if any(division.get(b, 0) < lethal(b) for b in blockers):
            raise IllegalActionError("with trample, the defender gets damage only once every blocker "
                                     "is assigned lethal damage (CR 702.19b)")


def in_combat(g: GameState) -> list[int]:
    """The permanents attacking, blocking or blocked (what ``end_combat`` resets), in
    battlefield order."""
    objects = g.objects
    return [oid for oid in g.battlefield
            if (o := objects[oid]).attacking is not None or o.blocking or o.blocked]


def end_combat(g: GameState) -> None:
    """CR 511.3: all creatures are removed from combat."""
    for oid in in_combat(g):
        w = g.obj(oid)
        w.attacking = None
        w.blocking = ()
        w.blocked = False
    g.combat = {}
    g.changed()             # removed from combat: "as long as it's attacking" no longer holds (CR 511.3)
