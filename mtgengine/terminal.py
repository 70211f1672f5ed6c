"""A person's seat in the terminal: ``mtg play --vs ai|greedy|random|first [--seat 1|2]``.

Each time the person must decide they see what happened since their last decision (the log,
every line citing its rule), the board as their view shows it (``Game.view``: their hand, never
the opponent's; battlefield with tapped state, counters, attachments and combat; the stack;
graveyards; exile; library sizes) and the question with its options numbered. Commands at any
question: ``help``, ``board``, ``log``, ``undo`` (take back their last answer: the game goes
back to that question, the opponent's answers since are replayed anew), ``save FILE``,
``load FILE``, ``quit``. Bad input gets a one-line message and the question again; the
game is never left changed by it (the engine refuses illegal answers whole).

Input goes through prompt_toolkit (the ``play`` extra) when it is installed and the terminal
is a real one: line editing, history, completion of the commands; else plain ``input()``.
"""
from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from .agents.decisions import Decision, player_of
from .agents.registry import make_agent
from .agents.view import View
from .cards.lang import translate_log_line
from .core.errors import GameStateError, MtgError
from .core.enums import Zone
from .engine import Game
from .simulate import answer_pending

PLAYER_NAMES = ("Alice", "Bob")
COMMANDS = ("help", "board", "log", "undo", "save", "load", "quit")
HELP = """Answer with the number of an option, or its words ('play forest', 'cast light'),
(several numbers, separated by spaces, where
several may be chosen; in the order you want for an order; nothing or 'none' for none
when none is allowed). A number for X; 'N=K ...' to divide (option N gets K); a name
where a name is asked. Just Enter: pass priority (or the default where shown).
Commands: board (show the board), log (the whole log), undo (take back your last answer),
save FILE, load FILE, quit."""


class Quit(Exception):
    """The person left the game."""


def play_in_terminal(decks: Sequence[Sequence[str]], seat: int, opponent: str, seed: int = 0, turn_cap: int = 0,
                     ai_time: float | None = None, lang: str = "en", sideboards: Any = None, commanders: Any = None,
                     allow_unimplemented: bool = False, read: Callable[[str], str] | None = None,
                     out: TextIO | None = None) -> int:
    """Plays one game, the person in ``seat`` (0: Alice, who starts; 1: Bob) against the agent
    named ``opponent``; returns the exit status (0 when the game ended or the person quit)."""
    out = out or sys.stdout
    game = Game.new_game([list(d) for d in decks], names=PLAYER_NAMES, seed=seed, first_player=0,
                         turn_cap=turn_cap, sideboards=[list(b) for b in sideboards] if sideboards else None,
                         commanders=[list(c) for c in commanders] if commanders else None,
                         allow_unimplemented=allow_unimplemented)
    seat_ = Seat(game, seat, make_agent(opponent, seed * 2 + 2 - seat, ai_time), opponent, read or _reader(),
                 out, lang)
    try:
        seat_.run()
    except (Quit, EOFError, KeyboardInterrupt):
        seat_.say("\nYou left the game.")
    return 0


def _reader() -> Callable[[str], str]:
    """prompt_toolkit's prompt (history, completion) on a real terminal, else ``input``."""
    if sys.stdin.isatty() and sys.stdout.isatty():
        try:
            from prompt_toolkit import PromptSession
            from prompt_toolkit.completion import WordCompleter
        except ImportError:
            return input
        session: Any = PromptSession(completer=WordCompleter(list(COMMANDS)), complete_while_typing=False)
        return lambda text: session.prompt(text)
    return input


class Seat:
    """The game loop of a person's seat (module docstring)."""

    def __init__(self, game: Game, seat: int, agent: Any, agent_name: str, read: Callable[[str], str],
                 out: TextIO, lang: str) -> None:
        self.game = game
        self.seat = seat
        self.agent = agent
        self.agent_name = agent_name
        self.read = read
        self.out = out
        self.lang = lang
        self.history: list[tuple[Game, int]] = []    # before each of the person's answers, the log read
        self.shown = 0                              # log lines shown so far

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def run(self) -> None:
        me = PLAYER_NAMES[self.seat]
        self.say(f"You are {me} ({'first' if self.seat == 0 else 'second'} player) against {self.agent_name}. "
                 "Type 'help' at any question.")
        while not self.game.state.over:
            d = self.game.pending
            assert d is not None
            if d.player != self.seat:
                self._opponent_answers(d)
                continue
            if d.kind == "priority" and len(d.options) == 1:
                self.game.submit(d.options[0])      # nothing to do but pass: not worth a question
                continue
            self._ask(d)
        self._show_log()
        g = self.game.state
        if g.winner is not None:
            self.say(f"Game over: {PLAYER_NAMES[g.winner]} wins on turn {g.turn}"
                     f"{' — you win!' if g.winner == self.seat else '.'}")
        elif g.draw:
            self.say(f"Game over: a draw on turn {g.turn}.")
        else:
            self.say(f"Game over: the turn cap stopped the game on turn {g.turn}.")

    def _opponent_answers(self, d: Decision) -> None:
        agents = [self.agent, self.agent]        # (only the opponent's seat is ever asked here)
        answer_pending(self.game, agents)        # with the fallback of simulated games

    # -- the person's decision ------------------------------------------------------------
    def _ask(self, d: Decision) -> None:
        self._show_log()
        view = self.game.view(self.seat)
        self.say(render_board(view))
        labels = [label(view, o) for o in d.options]
        self.say(question(d, labels))
        while True:
            try:
                text = self.read(f"{PLAYER_NAMES[self.seat]}> ").strip()
            except KeyboardInterrupt:
                raise Quit() from None
            done = self._command(text)
            if done == "anew":
                return
            if done == "again":
                continue
            try:
                answer = parse_answer(d, text, labels)
            except ValueError as exc:
                self.say(f"! {exc} (type 'help')")
                continue
            before = (self.game.clone(), self.shown)
            try:
                self.game.submit(answer)
            except MtgError as exc:
                self.say(f"! not allowed: {exc}")
                continue
            self.history.append(before)
            return

    def _command(self, text: str) -> str | None:
        """Carries out a command: None if ``text`` is none (an answer), "again" to read the
        next line, "anew" when the question must be asked anew (after undo, load)."""
        word, _, rest = text.partition(" ")
        word = word.lower()
        if word in ("help", "?"):
            self.say(HELP)
        elif word == "board":
            self.say(render_board(self.game.view(self.seat)))
        elif word == "log":
            for line in self.game.state.log:
                self.say(translate_log_line(line, self.lang))
        elif word == "quit":
            raise Quit()
        elif word == "undo":
            if not self.history:
                self.say("! nothing to undo: you haven't answered yet")
                return "again"
            self.game, self.shown = self.history.pop()
            self.say("(undone: back to your previous question)")
            return "anew"
        elif word == "save":
            self._save(rest.strip())
        elif word == "load":
            return "anew" if self._load(rest.strip()) else "again"
        else:
            return None
        return "again"

    def _save(self, path: str) -> None:
        if not path:
            self.say("! save needs a file name: save FILE")
            return
        data = {"mtg_terminal": 1, "seat": self.seat, "opponent": self.agent_name, "game": self.game.save()}
        try:
            Path(path).write_text(json.dumps(data), encoding="utf-8")
        except OSError as exc:
            self.say(f"! can't save to {path}: {exc.strerror or exc}")
            return
        self.say(f"saved to {path}")

    def _load(self, path: str) -> bool:
        if not path:
            self.say("! load needs a file name: load FILE")
            return False
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
            if not isinstance(data, dict) or data.get("mtg_terminal") != 1 or data.get("seat") not in (0, 1):
                raise GameStateError("not a game saved by 'mtg play --vs'")
            game = Game.load(data["game"])
        except OSError as exc:
            self.say(f"! can't read {path}: {exc.strerror or exc}")
            return False
        except (ValueError, KeyError, TypeError, MtgError) as exc:
            self.say(f"! {path}: {exc}")
            return False
        self.game, self.seat, self.history, self.shown = game, data["seat"], [], len(game.state.log)
        self.say(f"loaded {path}: you are {PLAYER_NAMES[self.seat]}")
        return True

    def _show_log(self) -> None:
        lines = self.game.state.log[self.shown:]
        if lines:
            self.say("--- since your last decision ---")
            for line in lines:
                self.say(translate_log_line(line, self.lang))
        self.shown = len(self.game.state.log)


# -- showing ---------------------------------------------------------------------------------
def object_text(view: View, oid: int) -> str:
    """An object as the viewer sees it: its name, or what little is known of a hidden one."""
    o = view.state.objects.get(oid)
    if o is None:
        return "a card you can't see"
    if o.card is None:
        return "a face-down card" if o.face_down else "a hidden card"
    if o.ability is not None:
        return f"ability of {o.source_name}"
    return o.card.name


def label(view: View, value: Any) -> str:
    """An option in words."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        player = player_of(value)
        if player is not None:
            return PLAYER_NAMES[player] if player < len(PLAYER_NAMES) else f"player {player + 1}"
        return object_text(view, value)
    if isinstance(value, dict) and "action" in value:
        act = value["action"]
        if act == "pass":
            return "pass"
        words = [act.replace("_", " ")]
        if "object" in value:
            words.append(object_text(view, value["object"]))
        if "ability" in value and act == "activate":
            words.append(f"(ability {value['ability'] + 1})")
        extra = {k: v for k, v in value.items() if k not in ("action", "object", "ability")}
        if extra:
            words.append("(" + ", ".join(f"{k.replace('_', ' ')}: {v}" for k, v in extra.items()) + ")")
        return " ".join(words)
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return f"{label(view, value[0])} blocks {label(view, value[1])}"
    return str(value)


def _permanent(view: View, oid: int) -> str:
    g = view.state
    o = g.objects[oid]
    text = object_text(view, oid)
    try:
        from .effects.layers import characteristics
        ch = characteristics(g, oid) if o.card is not None else None
    except Exception:       # a view's characteristics may need a card it can't see
        ch = None
    if ch is not None and "Creature" in ch.types and ch.power is not None:
        text += f" {ch.power}/{ch.toughness}"
    elif o.face_down:
        text += " 2/2"
    notes = []
    if o.tapped:
        notes.append("tapped")
    if o.damage:
        notes.append(f"{o.damage} damage")
    for kind, n in sorted(o.counters.items()):
        notes.append(f"{n} {kind} counter{'s' if n != 1 else ''}")
    if o.attached_to is not None:
        notes.append(f"attached to {label(view, o.attached_to)}")        # an object or a player (CR 303.4b)
    if o.attacking is not None:
        notes.append("attacking")
    if o.blocking:
        notes.append("blocking " + ", ".join(object_text(view, a) for a in o.blocking))
    if o.sick and ch is not None and "Creature" in ch.types:
        notes.append("summoning sick")
    return text + (f" ({', '.join(notes)})" if notes else "") + f" #{oid}"


def render_board(view: View) -> str:
    """The board as ``view`` shows it, the viewer last (closest to their prompt)."""
    g = view.state
    me = view.player
    step = g.step.value.replace("_", " ")
    lines = [f"=== Turn {g.turn} ({g.players[g.active].name}'s turn), {step} ==="]
    for p in (1 - me, me):
        pl = g.players[p]
        pool = " ".join(f"{k}:{v}" for k, v in pl.pool.items() if v) or "empty"
        who = "You" if p == me else "Opponent"
        lines.append(f"{who} — {pl.name}: life {pl.life}" + (f", poison {pl.poison}" if pl.poison else "")
                     + f", hand {len(g.zones[(p, Zone.HAND)])}, library {len(g.zones[(p, Zone.LIBRARY)])}"
                     + f", mana pool {pool}")
        if p == me:
            hand = [object_text(view, oid) + f" #{oid}" for oid in g.zones[(p, Zone.HAND)]]
            lines.append("  hand: " + (", ".join(hand) or "—"))
        mine = [oid for oid in g.battlefield if g.objects[oid].controller == p]
        lands = [oid for oid in mine if _is_land(view, oid)]
        others = [oid for oid in mine if oid not in lands]
        lines.append("  battlefield: " + ("; ".join(_permanent(view, oid) for oid in others) or "—"))
        lines.append("  lands: " + (", ".join(_permanent(view, oid) for oid in lands) or "—"))
        for zone in (Zone.GRAVEYARD, Zone.EXILE, Zone.COMMAND):
            ids = g.zones[(p, zone)]
            if ids or zone is Zone.GRAVEYARD:
                lines.append(f"  {zone.value}: " + (", ".join(object_text(view, oid) for oid in ids) or "—"))
    if g.stack:
        lines.append("Stack (top first):")
        for oid in reversed(g.stack):
            o = g.objects[oid]
            targets = ", ".join(label(view, t) for t in o.targets if isinstance(t, int))
            lines.append(f"  {object_text(view, oid)} ({g.players[o.controller].name})"
                         + (f" targeting {targets}" if targets else ""))
    return "\n".join(lines)


def _is_land(view: View, oid: int) -> bool:
    o = view.state.objects[oid]
    if o.card is None or o.face_down:
        return False
    try:
        from .effects.layers import characteristics
        return "Land" in characteristics(view.state, oid).types
    except Exception:
        return False


def question(d: Decision, labels: list[str]) -> str:
    """The question and its numbered options."""
    head = f"? {d.prompt}"
    kind = d.kind
    if kind == "priority":
        head += "  [Enter: pass]"
    elif kind == "x":
        head += f"  [a number from 0 to {d.info.get('max', '?')}]"
    elif kind == "divide":
        head += f"  [N=K for each option, {d.info.get('total', '?')} in all]"
    elif kind == "order":
        head += "  [all the numbers, in the order you want]"
    elif d.multi:
        low, high = max(d.min, 0), d.max
        head += f"  [choose {low}" + (f" to {high}" if high != low else "") + " numbers; Enter: "
        head += ("the default" if kind in ("attackers", "blockers") else "none") + "]" if low == 0 else "]"
    if not d.options and d.info.get("suggestions"):
        head += "\n  e.g. " + ", ".join(map(str, d.info["suggestions"][:8]))
    body = [f"  {i}. {text}" for i, text in enumerate(labels, 1)]
    return "\n".join([head, *body])


def parse_answer(d: Decision, text: str, labels: list[str] | None = None) -> Any:
    """The answer ``text`` stands for — numbers, or the words of one option (``labels``: the
    options in words, as shown); ValueError with the reason when it is none."""
    kind = d.kind
    opts = d.options
    if kind == "priority" and text in ("", "pass", "p"):
        return {"action": "pass"}
    if kind == "x":
        if not text.isdigit():
            raise ValueError("type a number for X (0 or more)")
        return int(text)
    if not opts:
        if not text:
            raise ValueError("type an answer")
        return text                                  # a name
    if kind == "divide":
        shares: dict[str, int] = {}
        for part in text.replace(",", " ").split():
            n, eq, k = part.partition("=")
            if not eq or not n.isdigit() or not k.isdigit():
                raise ValueError("divide as N=K (option N gets K), e.g. 1=2 2=1")
            shares[str(opts[_index(n, opts)])] = int(k)
        return shares
    if kind in ("yesno", "mulligan") and text.lower() in ("y", "yes", "n", "no"):
        wanted = text.lower().startswith("y")
        if wanted in opts:
            return wanted
    numbers = text.replace(",", " ").split()
    if labels and not d.multi and text and not text.isdigit():
        words = text.lower()
        matching = [i for i, lab in enumerate(labels) if lab.lower() == words] or \
            [i for i, lab in enumerate(labels) if lab.lower().startswith(words)]
        if len({labels[i] for i in matching}) == 1:
            return opts[matching[0]]            # (equal labels: the same card, the first one)
        if matching:
            raise ValueError(f"{text!r} could be any of: " + ", ".join(sorted({labels[i] for i in matching})))
    if not d.multi:
        if len(numbers) != 1:
            raise ValueError(f"choose one of the options by its number (1 to {len(opts)})")
        return opts[_index(numbers[0], opts)]
    if text.lower() == "none" or not numbers:
        if kind in ("attackers", "blockers"):
            return list(d.info.get("required", []))
        return []
    return [opts[_index(n, opts)] for n in numbers]


def _index(text: str, opts: list[Any]) -> int:
    if not text.isdigit() or not 1 <= int(text) <= len(opts):
        raise ValueError(f"{text!r} is not an option number (1 to {len(opts)})")
    return int(text) - 1


__all__ = ["play_in_terminal", "parse_answer", "render_board", "question", "label"]
