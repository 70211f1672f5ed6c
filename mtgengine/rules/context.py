"""The procedure context: the working state, the answers given so far, and the log.

The rules are written as plain procedures that call :meth:`Ctx.ask` for each choice.
An unanswered choice raises ``NeedDecision``; the game then restores its last committed
state and, once the answer arrives, replays the interrupted unit of the procedure with
the answers given so far (deterministic: the RNG is part of the state). So the engine
asks and never blocks, and between decisions the whole game is a value.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ..agents.decisions import Decision, NeedDecision
from ..core.errors import IllegalActionError

if TYPE_CHECKING:
    from ..state.game_state import GameState


class Ctx:
    """``resumed``: the question the run starts at, when the state was committed just before it
    was asked (``commit_point(asking_now=True)``): its procedure may skip straight to the ask."""

    __slots__ = ("g", "answers", "used", "on_commit", "resumed")

    def __init__(self, g: GameState, answers: list[Any], on_commit: Callable[[GameState, bool, bool], None],
                 resumed: Decision | None = None) -> None:
        self.g = g
        self.answers = answers
        self.used = 0
        self.on_commit = on_commit
        self.resumed = resumed

    def ask(self, decision: Decision) -> Any:
        """The answer to ``decision``: the next recorded one, or raise ``NeedDecision``."""
        if self.used < len(self.answers):
            answer = self.answers[self.used]
            self.used += 1
            return validate_answer(decision, answer)
        raise NeedDecision(decision)

    def commit_point(self, asking_now: bool = False, resume: bool = True) -> None:
        """A consistent point of the procedure: if every answer is used, make it the new base.

        ``asking_now``: the caller asks its question next, before any change; the unanswered
        question then ends the run, so the working state itself can become the base, and the
        next run starts at that question (``resumed``): the caller must then skip to the ask.
        With ``resume=False`` the next run replays from the state's marker instead, which must
        lead back to the same question changing nothing but what it sets again (the declaration
        of attackers, ``turn.begin_step``)."""
        if self.used == len(self.answers):
            self.on_commit(self.g, asking_now, resume)
            self.answers = []
            self.used = 0

    def log(self, rule: str, text: str) -> None:
        self.g.log.append(f"[CR {rule}] {text}")


def validate_answer(decision: Decision, answer: Any) -> Any:
    """Checks an answer against the decision's options; raises IllegalActionError."""
    if decision.kind == "priority":
        if answer in decision.options:
            return answer          # one of the actions offered, as offered
        if not isinstance(answer, dict) or "action" not in answer:
            raise IllegalActionError(f"an action is a mapping with an 'action' key, got {answer!r}")
        key = (answer.get("action"), answer.get("object"), answer.get("ability"))
        if any((o.get("action"), o.get("object"), o.get("ability")) == key for o in decision.options):
            return answer
        if key[0] in ("activate", "play", "cast", "turn_face_up"):
            return answer          # not offered: the action itself explains why it is illegal
        raise IllegalActionError(f"not a legal action now: {answer!r}")
    if decision.kind == "x":
        if not isinstance(answer, int) or isinstance(answer, bool) or answer < 0:
            raise IllegalActionError(f"X must be a number 0 or more, got {answer!r}")
        return answer
    if decision.kind == "name":
        if not isinstance(answer, str):
            raise IllegalActionError(f"name a card or type, got {answer!r}")
        return answer            # checked by the procedure that asked (CR 201.3, effects.links)
    if decision.kind in ("damage_assignment", "divide"):
        if not isinstance(answer, (dict, list)):
            raise IllegalActionError(f"divide the damage with a mapping or an order, got {answer!r}")
        return answer            # checked where the division is made (CR 510.1c, 601.2d)
    if decision.kind == "new_targets":
        # "keep", or the targets, each checked by the copy's procedure with the reason a new one
        # is illegal (CR 707.10c)
        return "keep" if answer in ("keep", ["keep"]) else answer
    if decision.multi:
        if not isinstance(answer, (list, tuple)):
            answer = [answer]
        answer = list(answer)
        if decision.kind not in ("blockers", "attackers"):   # checked by the combat rules
            for a in answer:
                if a not in decision.options:
                    raise IllegalActionError(f"{_label(a)} is not one of the options for: {decision.prompt}")
            if len(set(map(repr, answer))) != len(answer):
                raise IllegalActionError(f"the same option was chosen twice for: {decision.prompt}")
        if decision.kind != "order" and not decision.min <= len(answer) <= decision.max:
            raise IllegalActionError(
                f"choose between {decision.min} and {decision.max} for: {decision.prompt} (got {len(answer)})")
        return answer
    if answer not in decision.options:
        raise IllegalActionError(f"{_label(answer)} is not one of the options for: {decision.prompt}")
    return answer


def _label(value: Any) -> str:
    """An answer as the user knows it (object ids are internal; the caller names the objects)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return f"player {-value}" if value < 0 else f"that object (id {value})"
    return repr(value)
