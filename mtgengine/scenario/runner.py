"""Running a scenario: set up, play the script, check the expectations (SCENARIO-FORMAT)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..agents.agents import first_option
from ..agents.decisions import Decision, player_ref
from ..cards.database import UnknownCardError, card_db, normalize_name
from ..cards.vocabulary.casting import NAMED_OPTIONAL_COSTS
from ..core.enums import Step, Zone
from ..core.errors import IllegalActionError, MtgError, quote
from ..core.mana import COLOR_WORDS, ManaCost, ManaCostError
from ..core.rules_index import rule_exists
from ..effects.layers import characteristics
from ..engine import Game
from ..rules.combat import attack_restriction
from .loader import (
    CHECK_KEYS, STEP_OPTIONS, STEPS, TOP_KEYS, VERBS, ScenarioDoc, ScenarioError, suggest, unknown_key,
)
from . import fields
from .references import ALL_ZONES, describe, find_objects
from .setup import Setup, build



#: The most passes one ``pass: N`` step makes (as many as ``pass: STEP`` makes looking for its step).
MAX_PASSES = fields.MAX_PASSES
#: The largest number an option takes (X, an amount of mana or life to pay): far beyond a game.
MAX_AMOUNT = fields.MAX_AMOUNT


def _check_option(key: str, value: Any) -> None:
    """A step option's type and range (SCENARIO-FORMAT "Script steps"): the option named, never
    passed on to the engine as something else. Options not listed take references or mappings,
    checked where they are read."""
    def whole(v: Any, low: int) -> bool:
        return isinstance(v, int) and not isinstance(v, bool) and low <= v <= MAX_AMOUNT

    kind = _OPTION_KINDS.get(key)
    if kind == "amount" and not whole(value, 0):
        raise ScenarioError(f"{key}: expected a whole number from 0 to {MAX_AMOUNT:,}, got {quote(value)}")
    if kind == "modes" and not (isinstance(value, list) and value and all(whole(v, 1) for v in value)):
        raise ScenarioError(f"modes: expected a list of mode numbers (1 for the first), got {quote(value)}")
    if kind == "ability" and not (whole(value, 1) or (isinstance(value, str) and value.strip())):
        raise ScenarioError(f"ability: expected its number (1 for the first) or the start of its text, got {quote(value)}")
    if kind == "flag" and not isinstance(value, bool):
        raise ScenarioError(f"{key}: expected true or false, got {quote(value)}")
    if kind == "text" and not (isinstance(value, str) and value.strip()):
        raise ScenarioError(f"{key}: expected a name, got {quote(value)}")
    if kind == "illegal" and not (isinstance(value, bool) or (isinstance(value, str) and value.strip())):
        raise ScenarioError(f"illegal: expected true or a part of the expected message, got {quote(value)}")
    if kind == "kicked" and not (isinstance(value, bool) or (isinstance(value, list)
                                                             and all(isinstance(v, str) for v in value))):
        raise ScenarioError(f"kicked: expected true, false or a list of kicker costs, got {quote(value)}")


#: The kind of each step option the runner checks here (``fields.STEP_OPTIONS``; "any": read
#: where it is used).
_OPTION_KINDS = {key: f.kind for options in fields.STEP_OPTIONS.values() for key, f in options.items()
                 if f.kind != "any"}


@dataclass
class Result:
    name: str
    path: str
    passed: bool
    failures: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "file": self.path, "passed": self.passed, "failures": self.failures,
                "log": self.log}


class StepFailure(Exception):
    """A failed step or check; the scenario stops (or records it, for checks)."""


class Runner:
    def __init__(self, doc: ScenarioDoc) -> None:
        self.doc = doc
        self.data: dict[str, Any] = doc.data
        self.game: Game
        self.setup: Setup
        self.names: list[str] = []
        self.strict = True
        self.script: list[Any] = []
        self.pos = 0
        self.failures: list[str] = []
        self.checkpoint = ""          # the saved game just before the last action submitted
        self.interactive = False      # driven step by step from Python (scenario.builder)

    # -- entry point ------------------------------------------------------------------------
    def run(self) -> Result:
        doc = self.doc
        if doc.error:
            return Result(doc.name, doc.path, False, [doc.error])
        try:
            self.start()
            self._run_script()
            self._checks(self.data.get("expect") or {}, "expect")
        except ScenarioError as exc:
            self.failures.append(self._where() + str(exc))
        except StepFailure as exc:
            self.failures.append(str(exc))
        except MtgError as exc:
            self.failures.append(self._where() + f"{type(exc).__name__}: {exc}")
        log = list(self.game.log) if hasattr(self, "game") else []
        return Result(doc.name, doc.path, not self.failures, self.failures, log)

    def start(self) -> None:
        """Validates the scenario and sets up its position (the game starts)."""
        self._validate_top()
        self.setup = build(self.data)
        self.names = [p.name for p in self.setup.state.players]
        self.game = Game(self.setup.state)

    def _where(self) -> str:
        if not self.script or self.pos >= len(self.script) + 1 or not hasattr(self, "game"):
            return f"{self.doc.path}: "
        i = min(self.pos, len(self.script) - 1)
        line = self.doc.step_lines[i] if i < len(self.doc.step_lines) else self.doc.line
        verb = next(iter(self.script[i])) if isinstance(self.script[i], dict) and self.script[i] else "?"
        return f"{self.doc.path}:{line}: step {i + 1} ({verb}): "

    def _validate_top(self) -> None:
        if not isinstance(self.data, dict):
            raise ScenarioError("a scenario is a mapping with at least 'name' and 'players'")
        for key in self.data:
            if key not in TOP_KEYS:
                raise unknown_key(key, TOP_KEYS, "top level")
        if not isinstance(self.data.get("name"), str) or not self.data["name"].strip():
            raise ScenarioError("'name' is required (a string)")
        rules = self.data.get("rules", []) or []
        if not isinstance(rules, list):
            raise ScenarioError("'rules' must be a list of rule numbers")
        for r in rules:
            if not rule_exists(str(r)):
                raise ScenarioError(f"rules: {quote(r)} is not a rule of the pinned Comprehensive Rules")
        strict = self.data.get("strict", True)
        if not isinstance(strict, bool):
            raise ScenarioError(f"strict: expected true or false, got {quote(strict)}")
        self.strict = strict
        script = self.data.get("script", []) or []
        if not isinstance(script, list):
            raise ScenarioError("'script' must be a list of steps")
        self.script = script

    # -- the script -------------------------------------------------------------------------
    def _run_script(self) -> None:
        while self.pos < len(self.script):
            if self.game.over:
                return          # the rest of the script is skipped (SCENARIO-FORMAT "pass")
            step = self.script[self.pos]
            verb, arg, opts = self._parse_step(step)
            self.pos += 1
            if verb == "expect":
                self._checks(arg or {}, f"step {self.pos} (expect)")
                continue
            if verb == "choose":
                if self.game.pending is None or self.game.pending.kind == "priority":
                    raise StepFailure(self._where_prev() + "choose: no decision is waiting to be answered")
                if "illegal" in opts:
                    self._refused_answer(arg, opts["illegal"])
                else:
                    self._answer_choose(arg)
                self._resolve_decisions()
                continue
            if "illegal" in opts:
                self._expect_illegal(verb, arg, opts)
                continue
            self._do(verb, arg, opts)

    def _where_prev(self) -> str:
        self.pos -= 1
        try:
            return self._where()
        finally:
            self.pos += 1

    def _parse_step(self, step: Any) -> tuple[str, Any, dict[str, Any]]:
        if not isinstance(step, dict) or not step:
            raise ScenarioError(f"a step is a mapping with one verb ({', '.join(VERBS)}), got {quote(step)}")
        verbs = [k for k in step if k in VERBS]
        if len(verbs) != 1:
            unknown = [k for k in step if k not in VERBS and k not in STEP_OPTIONS.get(verbs[0] if verbs else "", ())]
            if not verbs and unknown:
                raise ScenarioError(f"unknown verb {quote(unknown[0])}{suggest(unknown[0], VERBS)}")
            raise ScenarioError(f"a step needs exactly one verb, found {verbs or list(step)}")
        verb = verbs[0]
        opts = {k: v for k, v in step.items() if k != verb}
        for key, value in opts.items():
            if key not in STEP_OPTIONS[verb]:
                raise unknown_key(key, STEP_OPTIONS[verb], f"{verb} option")
            _check_option(key, value)
        return verb, step[verb], opts

    def _expect_illegal(self, verb: str, arg: Any, opts: dict[str, Any]) -> None:
        expected = opts["illegal"]
        self.checkpoint = self.game.save()
        try:
            self._do(verb, arg, opts, illegal_check=True)
        except IllegalActionError as exc:
            msg = str(exc)
            if expected is not True and str(expected).lower() not in msg.lower():
                raise StepFailure(self._where_prev() + f"refused as expected, but the message {quote(msg, 300)} "
                                  f"does not contain {quote(expected)}") from None
            # The state must be as just before the refused action itself (after any passes
            # the runner made to reach it: SCENARIO-FORMAT "illegal").
            if self.game.save() != self.checkpoint:
                raise StepFailure(self._where_prev() + "the action was refused but the game state changed") from None
            return
        raise StepFailure(self._where_prev() + f"expected the action to be refused ({quote(expected)}), but it was allowed")

    # -- verbs ------------------------------------------------------------------------------
    def _do(self, verb: str, arg: Any, opts: dict[str, Any], illegal_check: bool = False) -> None:
        g = self.game
        if verb == "pass":
            self._pass(arg)
            return
        if verb in ("attack", "block"):
            self._combat(verb, arg, opts, illegal_check)
            return
        by = self._player(opts["by"]) if "by" in opts else None
        if verb == "cast":
            zone = Zone(opts.get("from", "hand")) if opts.get("from", "hand") in [z.value for z in Zone] else None
            if zone is None:
                raise ScenarioError(f"cast from: unknown zone {quote(opts.get('from'))}")
            oid = self._one(arg, (zone,), owner=by if zone is not Zone.EXILE else None)
            player = by if by is not None else g.state.objects[oid].owner
            action: dict[str, Any] = {"action": "cast", "object": oid, "from": zone.value}
            if "x" in opts:
                action["x"] = opts["x"]
            if "targets" in opts:
                action["targets"] = self._targets(opts["targets"])
            if "pay" in opts:
                action["pay"] = self._pay(opts["pay"], player)
            if "modes" in opts:
                action["modes"] = opts["modes"]
            if opts.get("kicked"):
                # true: its (first) kicker; a list: the kicker costs paid, e.g. ["{W}"] (CR 702.33d)
                action["kicked"] = list(opts["kicked"]) if isinstance(opts["kicked"], list) else True
            if "face" in opts:
                action["face"] = str(opts["face"])
            if opts.get("face_down"):
                action["face_down"] = True
            if opts.get("fuse"):
                action["fuse"] = True                       # CR 702.102a
            if opts.get("alternative") not in (None, False, ""):
                action["alternative"] = str(opts["alternative"])    # CR 118.9; "Prototype": CR 718.3
            if opts.get("additional") is not None:
                action["additional"] = self._additional(opts["additional"], player)
            if opts.get("splice"):
                # an extension of the format: cards revealed from the hand and spliced (CR 702.47)
                action["splice"] = self._many(opts["splice"], (Zone.HAND,), player, None, "splice")
            self._act(player, action)
        elif verb == "play":
            # a land played from another zone where an effect allows it ("play lands ... exiled
            # with ~", CR 607.2a): ``from``, as for cast
            zone = Zone(opts["from"]) if "from" in opts else Zone.HAND
            oid = self._one(arg, (zone,), owner=by if zone is Zone.HAND else None)
            player = by if by is not None else g.state.objects[oid].owner
            action = {"action": "play", "object": oid}
            if "face" in opts:
                action["face"] = str(opts["face"])
            self._act(player, action)
        elif verb == "activate":
            try:
                oid = self._one(arg, (Zone.BATTLEFIELD,), controller=by)
            except ScenarioError:
                # beyond the format: an ability that functions from the hand (transmute, CR 702.53a)
                # or the graveyard (unearth, CR 702.84a)
                oid = self._one(arg, (Zone.HAND, Zone.GRAVEYARD), owner=by)
            player = by if by is not None else characteristics(g.state, oid).controller
            action = {"action": "activate", "object": oid, "ability": self._ability_index(oid, opts.get("ability"))}
            if "targets" in opts:
                action["targets"] = self._targets(opts["targets"])
            if "x" in opts:
                action["x"] = opts["x"]
            if "pay" in opts:
                action["pay"] = self._pay(opts["pay"], player)
            self._act(player, action)
        elif verb == "special":
            # a keyword's special action from the hand: foretell, plot, suspend (CR 116.2f, h, k)
            oid = self._one(arg, (Zone.HAND,), owner=by)
            player = by if by is not None else g.state.objects[oid].owner
            action = {"action": "special", "object": oid, "keyword": str(opts.get("keyword", ""))}
            if "pay" in opts:
                action["pay"] = self._pay(opts["pay"], player)
            self._act(player, action)
        elif verb == "unlock":
            # a Room's locked door, paying its mana cost (special action, CR 709.5e)
            oid = self._one(arg, (Zone.BATTLEFIELD,), controller=by)
            player = by if by is not None else characteristics(g.state, oid).controller
            action = {"action": "unlock", "object": oid}
            if "door" in opts:
                card = g.state.objects[oid].card
                names = [f.name.lower() for f in card.faces] if card is not None else []
                door = str(opts["door"]).lower()
                if door not in names:
                    raise StepFailure(f"unlock: {opts['door']!r} is not a door of that Room ({', '.join(names)})")
                action["half"] = names.index(door)
            if "pay" in opts:
                action["pay"] = self._pay(opts["pay"], player)
            self._act(player, action)
        elif verb == "turn_face_up":
            oid = self._one(arg, (Zone.BATTLEFIELD,), controller=by)
            player = by if by is not None else characteristics(g.state, oid).controller
            action = {"action": "turn_face_up", "object": oid}
            if "pay" in opts:
                action["pay"] = self._pay(opts["pay"], player)
            self._act(player, action)

    def _act(self, player: int, action: dict[str, Any]) -> None:
        """Takes a priority action for ``player``; if the other player holds priority and nobody
        has passed yet, that player passes first (no object resolves by it)."""
        g = self.game
        self._resolve_decisions()
        d = g.pending
        if d is None:
            raise StepFailure(self._where_prev() + "the game is over")
        if d.kind != "priority":
            raise StepFailure(self._where_prev() + "a decision is waiting: " + self._describe(d))
        if d.player != player:
            if g.state.passes == 0:
                g.submit({"action": "pass"})
                self._resolve_decisions()
                d = g.pending
            if d is None or d.kind != "priority" or d.player != player:
                raise IllegalActionError(f"{self.names[player]} doesn't have priority "
                                         f"({self.names[d.player] if d else 'nobody'} does)")
        self.checkpoint = g.save()
        g.submit(action)
        self._resolve_decisions()

    def _combat(self, verb: str, arg: Any, opts: dict[str, Any], illegal_check: bool) -> None:
        g = self.game
        kind = "attackers" if verb == "attack" else "blockers"
        target_step = Step.DECLARE_ATTACKERS if verb == "attack" else Step.DECLARE_BLOCKERS
        start_turn = g.state.turn
        while True:
            self._resolve_decisions(stop_at=kind)
            d = g.pending
            if d is None:
                raise StepFailure(self._where_prev() + "the game ended before the declaration")
            if d.kind == kind:
                break
            if d.kind == "priority":
                st = g.state
                order = list(Step)
                if st.turn == start_turn and st.step is target_step and not arg:
                    return          # nothing could be declared, and nothing was asked for
                if st.turn == start_turn and st.step is target_step and verb == "block" and isinstance(arg, dict):
                    self.checkpoint = g.save()      # the game stays where the declaration would be
                    raise IllegalActionError("; ".join(f"{b} can't block {a} (CR 509.1a-b)" for b, a in arg.items()))
                if st.turn == start_turn and st.step is target_step and verb == "attack":
                    named = list(arg) if isinstance(arg, (dict, list)) else [arg]
                    reasons = [attack_restriction(st, self._one(a, (Zone.BATTLEFIELD,))) for a in named]
                    self.checkpoint = g.save()      # the game stays where the declaration would be
                    raise IllegalActionError("; ".join(r for r in reasons if r) or "no creature can attack")
                if st.turn != start_turn or order.index(st.step) >= order.index(target_step):
                    raise IllegalActionError(f"no {kind} can be declared this turn: no creature can "
                                             f"{'attack' if verb == 'attack' else 'block'} (or that step is past)")
                g.submit({"action": "pass"})
        if verb == "block" and len(self.names) > 2:
            self._multiplayer_blocks(arg, opts, illegal_check)
            return
        if "by" in opts and self._player(opts["by"]) != d.player:
            raise IllegalActionError(f"{opts['by']} is not the {'attacking' if verb == 'attack' else 'defending'} player")
        if verb == "attack":
            answer: list[Any] = []
            if isinstance(arg, dict):
                for a, dfd in arg.items():
                    answer.append([self._one(a, (Zone.BATTLEFIELD,)), self._target(dfd)])
            else:
                for a in (arg or []):
                    answer.append(self._one(a, (Zone.BATTLEFIELD,)))
        else:
            if not isinstance(arg, dict):
                raise ScenarioError("block: expects a mapping {BLOCKER: ATTACKER, ...} ({} for none)")
            # (a list of attackers: a creature that can block more than one, CR 509.1a)
            answer = [[self._one(b, (Zone.BATTLEFIELD,)), self._one(a, (Zone.BATTLEFIELD,))]
                      for b, named in (arg or {}).items() for a in (named if isinstance(named, list) else [named])]
        self.checkpoint = g.save()
        g.submit(answer)
        self._resolve_decisions()

    def _multiplayer_blocks(self, arg: Any, opts: dict[str, Any], illegal_check: bool) -> None:
        """Version 1.1: each `block` step names the blockers of one defending player (``by``, else
        the controller of its first blocker, else the player asked first); this step and the
        `block` steps right after it answer the defending players' declarations, asked in APNAP
        order (CR 802.4); a defending player with no `block` step declares none. A step marked
        `illegal` stands alone and must name the player asked now; after the named players have
        declared, a `block` step that comes next (one marked `illegal`) answers the next one."""
        g = self.game
        steps = [(arg, opts)]
        while not illegal_check and self.pos < len(self.script) and isinstance(nxt := self.script[self.pos], dict) \
                and "block" in nxt and "illegal" not in nxt:
            _verb, more, more_opts = self._parse_step(nxt)
            self.pos += 1
            steps.append((more, more_opts))
        blocks: dict[int, list[list[int]]] = {}
        for value, options in steps:
            if not isinstance(value, dict):
                raise ScenarioError("block: expects a mapping {BLOCKER: ATTACKER, ...} ({} for none)")
            pairs = [[self._one(b, (Zone.BATTLEFIELD,)), self._one(a, (Zone.BATTLEFIELD,))] for b, a in value.items()]
            if "by" in options:
                who = self._player(options["by"])
            elif pairs:
                who = characteristics(g.state, pairs[0][0]).controller
            else:
                assert g.pending is not None
                who = g.pending.player
            if who in blocks:
                raise ScenarioError(f"block: two block steps for {self.names[who]} in one combat")
            blocks[who] = pairs
        while g.pending is not None and g.pending.kind == "blockers":
            asked = g.pending.player
            if not blocks and self.pos < len(self.script) and isinstance(nxt := self.script[self.pos], dict) \
                    and "block" in nxt:
                return          # the next step declares for the player asked now
            if illegal_check and asked not in blocks:
                raise StepFailure(self._where_prev() + f"{self.names[asked]} declares blockers first (APNAP order, "
                                  "CR 802.4): a block step marked illegal must be theirs")
            answer = blocks.pop(asked, [])
            self.checkpoint = g.save()
            g.submit(answer)
        left = [self.names[p] for p, pairs in blocks.items() if pairs]
        if left:
            raise IllegalActionError(f"{', '.join(left)}: not a defending player whose creatures can block "
                                     "(CR 509.1a, 802.4)")
        self._resolve_decisions()

    def _pass(self, arg: Any) -> None:
        g = self.game
        if isinstance(arg, bool) or not (isinstance(arg, int) or arg in ("stack", "turn") or arg in STEPS):
            raise ScenarioError(f"pass: expects a number, 'stack', 'turn' or a step name, got {quote(arg)}"
                                + (suggest(arg, list(STEPS) + ["stack", "turn"]) if isinstance(arg, str) else ""))
        if isinstance(arg, int) and not 0 <= arg <= MAX_PASSES:
            raise ScenarioError(f"pass: the number of passes is at most {MAX_PASSES:,} and 0 or more, got {quote(arg)}")
        self._resolve_decisions()
        if isinstance(arg, int):
            for _ in range(arg):
                if g.over:
                    return
                self._pass_once()
            return
        if arg == "stack":
            while not g.over and g.state.stack:
                self._pass_once()
            return
        target = Step.UPKEEP if arg == "turn" else Step(arg)
        start_turn = g.state.turn
        left = False
        for _ in range(10000):
            if g.over:
                return
            st = g.state
            if left and st.step is target and (arg != "turn" or st.turn > start_turn):
                return
            self._pass_once()
            if g.state.step is not target or g.state.turn != start_turn:
                left = True
        raise StepFailure(self._where_prev() + f"pass: never reached {arg}")

    def _pass_once(self) -> None:
        g = self.game
        d = g.pending
        if d is None:
            return
        if d.kind != "priority":
            raise StepFailure(self._where_prev() + "a decision is waiting: " + self._describe(d))
        g.submit({"action": "pass"})
        self._resolve_decisions()

    def _resolve_decisions(self, stop_at: str | None = None) -> None:
        """Answers decisions that are not priority: attackers/blockers while passing (none),
        the next ``choose`` steps of the script, or (non-strict) the first legal option."""
        g = self.game
        while g.pending is not None and g.pending.kind != "priority":
            d = g.pending
            if stop_at is not None and d.kind == stop_at:
                return
            if d.kind in ("attackers", "blockers") and stop_at is None:
                g.submit([])            # passing never declares attackers or blockers
                continue
            nxt = self.script[self.pos] if self.pos < len(self.script) else None
            if isinstance(nxt, dict) and "choose" in nxt:
                self._parse_step(nxt)
                self.pos += 1
                if "illegal" in nxt:
                    self._refused_answer(nxt["choose"], nxt["illegal"])
                else:
                    self._answer_choose(nxt["choose"])
                continue
            if self.interactive:
                return          # the Python builder answers it with its next call
            if d.kind == "damage_assignment":
                # a combat damage division no `choose` answers (version 1 files): lethal damage to
                # each creature in order, the rest to the last or, with trample, to what the
                # attacker attacks (CR 510.1c-d, 702.19b), as version 1 assigned it
                g.submit(first_option(d))
                continue
            if self.strict:
                raise StepFailure(self._where_prev() + "unanswered decision (strict): " + self._describe(d))
            g.submit(first_option(d))

    # -- answers ----------------------------------------------------------------------------
    def _refused_answer(self, arg: Any, expected: Any) -> None:
        """A `choose` step marked `illegal`: the answer must be refused, the question stays."""
        before = self.game.save()
        try:
            self._answer_choose(arg)
        except (IllegalActionError, ScenarioError) as exc:     # not one of the options: refused too
            if expected is not True and str(expected).lower() not in str(exc).lower():
                raise StepFailure(self._where_prev() + f"refused as expected, but the message {quote(str(exc), 300)} "
                                  f"does not contain {quote(expected)}") from None
            if self.game.save() != before:
                raise StepFailure(self._where_prev() + "the answer was refused but the game state changed") from None
            return
        raise StepFailure(self._where_prev() + f"expected the answer to be refused ({quote(expected)}), but it was accepted")

    def _answer_choose(self, arg: Any) -> None:
        g = self.game
        d = g.pending
        assert d is not None
        if d.kind == "scry_bottom" and isinstance(arg, dict) and arg and set(arg) <= {"top", "bottom"}:
            self._answer_scry(d, arg)
            return
        answer = self._convert_answer(d, arg)
        g.submit(answer)

    def _answer_scry(self, d: Decision, arg: dict[str, Any]) -> None:
        """An extension of the format: ``choose: {top: [A, B], bottom: [C]}`` answers a scry
        (CR 701.22a) at once: the cards put on the bottom, then the order of each group (first
        listed: the top card; for the bottom group, the last listed ends at the bottom)."""
        def listed(key: str) -> list[Any]:
            refs = arg.get(key) or []
            return refs if isinstance(refs, list) else [refs]
        bottom: list[Any] = []
        for r in listed("bottom"):
            bottom.append(self._option_ref(d, r, exclude=bottom))
        top: list[Any] = []
        for r in listed("top"):
            top.append(self._option_ref(d, r, exclude=top + bottom))
        if "top" in arg and sorted(top + bottom) != sorted(d.options):
            raise ScenarioError("choose: a scry's top and bottom must list each card looked at once")
        self.game.submit(bottom)
        for group, words in ((top, "on top"), (bottom, "on the bottom")):
            nxt = self.game.pending
            if len(group) > 1 and nxt is not None and nxt.kind == "order" and words in nxt.prompt \
                    and sorted(nxt.options) == sorted(group):
                self.game.submit(group)

    def _convert_answer(self, d: Decision, arg: Any) -> Any:
        if d.kind in ("yesno", "mulligan"):
            if isinstance(arg, str) and arg.lower() in ("yes", "no", "keep", "mulligan"):
                return arg.lower() in ("yes", "keep")
            if isinstance(arg, bool):
                return arg
            raise ScenarioError(f"choose: this decision takes yes or no, got {quote(arg)}")
        if d.kind == "x":
            if not isinstance(arg, int) or isinstance(arg, bool):
                raise ScenarioError(f"choose: this decision takes a number, got {quote(arg)}")
            return arg
        if d.kind == "name":
            # a card name or creature type named freely (CR 201.3, 607.2d): checked by the engine
            if not isinstance(arg, str):
                raise ScenarioError(f"choose: this decision takes a name, got {quote(arg)}")
            return arg
        if isinstance(arg, dict):
            if "order" in arg:
                items: list[Any] = []
                for r in arg["order"]:
                    items.append(self._option_ref(d, r, exclude=items))
                return items
            if "targets" in arg:
                t = arg["targets"]
                if t == "keep":
                    return "keep"
                if d.kind == "new_targets":
                    vals = [self._target(r) for r in (t if isinstance(t, list) else [t])]
                    return vals if d.multi else vals[0]
                vals = [self._option_ref(d, r) for r in (t if isinstance(t, list) else [t])]
                return vals if d.multi else vals[0]
            if d.kind in ("damage_assignment", "divide"):
                # an extension of the format: {REF: amount, ...} divides combat damage (CR 510.1c)
                return {str(self._option_ref(d, r)): n for r, n in arg.items()}
            raise ScenarioError(f"choose: unknown answer form {quote(arg)}")
        if isinstance(arg, list):
            vals: list[Any] = []
            for r in arg:
                vals.append(self._option_ref(d, r, exclude=vals))
            return vals if d.multi else (vals[0] if len(vals) == 1 else vals)
        if arg is None or (isinstance(arg, str) and arg.lower() == "none"):
            return [] if d.multi else None
        val = self._option_ref(d, arg)
        return [val] if d.multi else val

    def _option_ref(self, d: Decision, ref: Any, exclude: list[Any] | None = None) -> Any:
        """Matches a reference against the decision's options (library cards by name among
        them; of identical cards in a hidden zone or graveyard, the first not in ``exclude``)."""
        opts = d.options
        if ref in opts and not isinstance(ref, bool):
            return ref
        if isinstance(ref, str):
            low = ref.lower()
            for o in opts:
                if isinstance(o, str) and o.lower() == low:
                    return o
            if d.kind == "color" and low in COLOR_WORDS and COLOR_WORDS[low] in opts:
                return COLOR_WORDS[low]
            if d.kind == "order" and "triggered" in d.prompt:
                # trigger order: options are indexes; match by source name in the prompt
                names = [part.split(": ", 1)[1] for part in d.prompt.split(": ", 1)[1].split("; ")]
                matches = [i for i, nm in enumerate(names) if normalize_name(nm) == normalize_name(ref)]
                sources = d.info.get("sources")
                if not matches and sources:
                    # an alias or other reference to the source of the ability
                    found = set(find_objects(self.game.state, self.setup.aliases, ref, ALL_ZONES, self.names))
                    matches = [i for i, src in enumerate(sources) if src in found]
                free = [i for i in matches if i not in (exclude or [])]
                if free or matches:
                    return (free or matches)[0]
            if ref in self.names:
                p = player_ref(self.names.index(ref))
                if p in opts:
                    return p
            ids = [o for o in opts if isinstance(o, int) and o > 0]
            found = [oid for oid in find_objects(self.game.state, self.setup.aliases, ref, ALL_ZONES, self.names)
                     if oid in ids]
            if len(found) > 1 and exclude:
                found = [oid for oid in found if oid not in exclude] or found
            if len(found) == 1:
                return found[0]
            if len(found) > 1 and self._interchangeable(found):
                return found[0]
            if len(found) > 1:
                raise ScenarioError(f"choose: {quote(ref)} is ambiguous: " + ", ".join(describe(self.game.state, o) for o in found))
        raise ScenarioError(f"choose: {quote(ref)} is not one of the options: {self._describe(d)}")

    def _interchangeable(self, oids: list[int]) -> bool:
        """Identical cards of one owner in a library, hand or graveyard: any of them will do."""
        g = self.game.state
        first = g.objects[oids[0]]
        return all(g.objects[o].card is not None and g.objects[o].card is first.card
                   and g.objects[o].zone is first.zone and g.objects[o].owner == first.owner
                   and g.objects[o].zone in (Zone.HAND, Zone.LIBRARY, Zone.GRAVEYARD)
                   and not g.objects[o].is_copy and not g.objects[o].token for o in oids)

    def _describe(self, d: Decision) -> str:
        """A decision in words: who is asked what, its options named, not numbered."""
        g = self.game.state

        def name(opt: Any) -> str:
            if isinstance(opt, bool) or not isinstance(opt, int):
                if isinstance(opt, list):
                    return "[" + ", ".join(name(x) for x in opt) + "]"
                if isinstance(opt, dict):
                    obj = opt.get("object")
                    return opt.get("action", "?") + (f" {name(obj)}" if obj is not None else "")
                return str(opt)
            if opt < 0:
                return self.names[-opt - 1]
            return describe(g, opt) if opt in g.objects else str(opt)

        opts = ", ".join(name(o) for o in d.options[:12])
        more = "" if len(d.options) <= 12 else f", ... ({len(d.options)} options)"
        return f"{self.names[d.player]} is asked ({d.kind}): {d.prompt} [options: {opts}{more}]"

    # -- references -------------------------------------------------------------------------
    def _player(self, name: Any) -> int:
        if name not in self.names:
            raise ScenarioError(f"unknown player {quote(name)}{suggest(name, self.names)}")
        return self.names.index(name)

    def _one(self, ref: Any, zones: tuple[Zone, ...], owner: int | None = None, controller: int | None = None) -> int:
        g = self.game.state
        ref = str(ref)
        found = find_objects(g, self.setup.aliases, ref, zones, self.names)
        if owner is not None:
            found = [o for o in found if g.objects[o].owner == owner] or found
        if controller is not None:
            found = [o for o in found if g.objects[o].controller == controller] or found
        if not found:
            where = "/".join(z.value for z in zones)
            hint = ""
            if card_db().find(ref.split(":")[-1].split("#")[0]) is None and ref not in self.setup.aliases:
                try:
                    card_db().get(ref.split(":")[-1].split("#")[0])
                except UnknownCardError as exc:
                    hint = f" ({exc})"
            raise ScenarioError(f"{quote(ref)}: no such object in {where}{hint}")
        if len(found) > 1:
            if all(g.objects[o].card is not None and g.objects[o].card is g.objects[found[0]].card and g.objects[o].zone in (Zone.HAND, Zone.LIBRARY, Zone.GRAVEYARD) and not g.objects[o].is_copy and not g.objects[o].token for o in found) and len({g.objects[o].owner for o in found}) == 1:
                return found[0]          # identical cards in a hidden pile: any will do
            raise ScenarioError(f"{quote(ref)} is ambiguous: " + ", ".join(describe(g, o) for o in found))
        return found[0]

    def _target(self, ref: Any) -> int:
        if isinstance(ref, list):
            raise ScenarioError("a nested list is only for a target phrase that takes several targets")
        if ref in self.names:
            return player_ref(self.names.index(ref))
        return self._one(ref, (Zone.BATTLEFIELD, Zone.STACK, Zone.GRAVEYARD, Zone.EXILE))

    def _targets(self, refs: Any) -> list[Any]:
        if not isinstance(refs, list):
            refs = [refs]
        return [[self._target(r) for r in ref] if isinstance(ref, list) else self._target(ref) for ref in refs]

    #: Where the objects named by ``pay`` and ``additional`` are looked up (SCENARIO-FORMAT "pay").
    _PAY_ZONES = {
        "tap": (Zone.BATTLEFIELD,), "convoke": (Zone.BATTLEFIELD,), "improvise": (Zone.BATTLEFIELD,),
        "sacrifice": (Zone.BATTLEFIELD,), "return": (Zone.BATTLEFIELD,), "delve": (Zone.GRAVEYARD,),
        "discard": (Zone.HAND,),
        "reveal": (Zone.HAND,), "exile": (Zone.GRAVEYARD, Zone.HAND, Zone.BATTLEFIELD),
    }

    def _pay(self, pay: Any, player: int | None = None) -> Any:
        if isinstance(pay, str):
            try:
                ManaCost.parse(pay)
            except ManaCostError as exc:
                raise ScenarioError(f"pay: {exc}") from None
            return pay
        if isinstance(pay, dict):
            out: dict[str, Any] = {}
            for key, value in pay.items():
                if key in self._PAY_ZONES:
                    owner = player if key in ("delve", "discard", "reveal", "exile") else None
                    controller = player if key not in ("delve", "discard", "reveal", "exile") else None
                    out[key] = self._many(value, self._PAY_ZONES[key], owner, controller, f"pay: {key}")
                elif key == "phyrexian":
                    if not (value in ("life", "mana") or (isinstance(value, list)
                                                          and all(v in ("life", "mana") for v in value))):
                        raise ScenarioError(f"pay: phyrexian is 'life', 'mana' or a list of them, got {quote(value)}")
                    out["phyrexian"] = value
                elif key == "hybrid":
                    out["hybrid"] = [str(v) for v in (value if isinstance(value, list) else [value])]
                elif key == "mana":
                    try:
                        ManaCost.parse(str(value))
                    except ManaCostError as exc:
                        raise ScenarioError(f"pay: {exc}") from None
                    out["mana"] = str(value)
                else:
                    raise ScenarioError(f"pay: unknown key {quote(key)}{suggest(str(key), list(self._PAY_ZONES) + ['phyrexian', 'hybrid', 'mana'])}")
            return out
        raise ScenarioError(f"pay: expected a mana string or a mapping, got {quote(pay)}")

    def _additional(self, value: Any, player: int) -> dict[str, Any]:
        """A cast step's ``additional``: ``{mana: 2}``, ``{life: 4}``, ``{exile|sacrifice|discard: [refs]}``."""
        if not isinstance(value, dict):
            raise ScenarioError(f"additional: expected a mapping such as {{mana: 2}}, got {quote(value)}")
        out: dict[str, Any] = {}
        for key, v in value.items():
            if key in ("mana", "life"):
                if isinstance(v, bool) or not (isinstance(v, int) or (key == "mana" and isinstance(v, str))):
                    raise ScenarioError(f"additional: {key} takes an amount, got {quote(v)}")
                out[key] = v
            elif key in ("exile", "sacrifice", "discard"):
                owner = player if key != "sacrifice" else None
                out[key] = self._many(v, self._PAY_ZONES[key], owner, player if key == "sacrifice" else None,
                                      f"additional: {key}")
            elif key in NAMED_OPTIONAL_COSTS:       # buyback (CR 702.27a); replicate: how many times
                if not isinstance(v, (bool, int)):
                    raise ScenarioError(f"additional: {key} takes true, false or a number of times, got {quote(v)}")
                out[key] = v
            else:
                raise ScenarioError(f"additional: unknown cost {quote(key)}"
                                    f"{suggest(str(key), ['mana', 'life', 'exile', 'sacrifice', 'discard', *NAMED_OPTIONAL_COSTS])}")
        return out

    def _many(self, refs: Any, zones: tuple[Zone, ...], owner: int | None, controller: int | None,
              what: str) -> list[int]:
        """Distinct objects for a list of references (identical cards: one each)."""
        g = self.game.state
        out: list[int] = []
        for r in (refs if isinstance(refs, list) else [refs]):
            found = find_objects(g, self.setup.aliases, str(r), zones, self.names)
            if owner is not None:
                found = [o for o in found if g.objects[o].owner == owner] or found
            if controller is not None:
                found = [o for o in found if characteristics(g, o).controller == controller] or found
            free = [o for o in found if o not in out]
            if not free:
                self._one(r, zones, owner=owner, controller=controller)     # the reason, as a ScenarioError
                raise ScenarioError(f"{what}: {quote(r)} names an object already listed")
            if len(free) > 1 and not self._interchangeable(free):
                raise ScenarioError(f"{what}: {quote(r)} is ambiguous: " + ", ".join(describe(g, o) for o in free))
            out.append(free[0])
        return out

    def _ability_index(self, oid: int, ability: Any) -> int:
        abilities = characteristics(self.game.state, oid).script.activated
        if ability is None:
            non_mana = [i for i, ab in enumerate(abilities)]
            if len(non_mana) == 1:
                return non_mana[0]
            if not abilities:
                return 0        # the engine explains why nothing can be activated
            raise ScenarioError(f"{characteristics(self.game.state, oid).name} has {len(abilities)} activated "
                                "abilities: say which with 'ability'")
        if isinstance(ability, int) and not isinstance(ability, bool):
            return ability - 1
        text = str(ability).lower()
        for i, ab in enumerate(abilities):
            if ab.text.lower().startswith(text):
                return i
        raise ScenarioError(f"no activated ability starts with {quote(ability)}")

    # -- checks -----------------------------------------------------------------------------
    def _checks(self, expect: Any, label: str) -> None:
        if not isinstance(expect, dict):
            raise ScenarioError(f"{label}: expected a mapping of checks")
        for key in expect:
            if key not in CHECK_KEYS:
                raise unknown_key(key, CHECK_KEYS, label)
        from .checks import run_checks
        for failure in run_checks(self.game, self.setup, self.names, expect):
            self.failures.append(f"{self.doc.path}: {label}: {failure}")
