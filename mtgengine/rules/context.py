"""The procedure context: the working state, the answers given so far, and the log.

The rules are written as plain procedures that call :meth:`Ctx.ask` for each choice.
An unanswered choice raises ``NeedDecision``; the game then restores its last committed
state and, once the answer arrives, replays the interrupted unit of the procedure with
the answers given so far (deterministic: the RNG is part of the state). So the engine
asks and never blocks, and between decisions the whole game is a value.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ..agents.decisions import Decision, NeedDecision, check_answer

if TYPE_CHECKING:
    from ..state.game_state import GameState


class Ctx:
    """``resumed``: the question the run starts at, when the state was committed just before it
    was asked (``commit_point(asking_now=True)``): its procedure may skip straight to the ask."""

    __slots__ = ("g", "answers", "used", "on_commit", "resumed")

    def __init__(self, g: GameState, answers: list[Any], on_commit: Callable[[GameState, bool, bool, bool], None],
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
            return check_answer(decision, answer, self.g)
        raise NeedDecision(decision)

    def commit_point(self, asking_now: bool = False, resume: bool = True, asks_soon: bool = True) -> None:
        """A consistent point of the procedure: if every answer is used, make it the new base.

        ``asking_now``: the caller asks its question next, before any change; the unanswered
        question then ends the run, so the working state itself can become the base, and the
        next run starts at that question (``resumed``): the caller must then skip to the ask.
        With ``resume=False`` the next run replays from the state's marker instead, which must
        lead back to the same question changing nothing but what it sets again (the declaration
        of attackers, ``turn.begin_step``). Otherwise ``asks_soon``: whether the procedure most
        often asks before its next commit point (the base is then copied here rather than
        rebuilt when it does: ``Game._commit``)."""
        if self.used == len(self.answers):
            self.on_commit(self.g, asking_now, resume, asks_soon)
            self.answers = []
            self.used = 0

    def log(self, rule: str, text: str) -> None:
        self.g.log.append(f"[CR {rule}] {text}")


def validate_answer(decision: Decision, answer: Any, g: GameState | None = None) -> Any:
    """Checks an answer against its decision (``agents.decisions.check_answer``: one validator
    per decision kind); raises IllegalActionError."""
    return check_answer(decision, answer, g)


def log_unimplemented(ctx: Ctx, name: str, script: Any, event: str) -> None:
    """In a game that opted in to cards the engine doesn't fully implement (issue 17), says of each
    ability of ``script`` it doesn't implement that it is skipped, where it would function (CR
    113.6: a spell's as it resolves, a permanent's as it is on the battlefield): never a silent
    no-op. ``event``: what happens ("resolves", "enters the battlefield")."""
    for _number, text in script.unimplemented:
        ctx.log("113.6", f"{name} {event}: its ability {text!r} is not implemented by this engine "
                         "and is skipped")
