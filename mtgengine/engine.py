"""The Game facade: create a game, see the pending decision, answer it, clone, save and load.

    >>> from mtgengine.engine import Game
    >>> game = Game.new_game([["Forest"] * 40, ["Mountain"] * 40], seed=1)
    >>> game.pending.kind
    'mulligan'

The game is a state machine (ARCHITECTURE principle 5): ``pending`` is the decision the
rules are waiting for; ``submit`` answers it. An illegal answer raises
``IllegalActionError`` and leaves the game exactly as it was.
"""
from __future__ import annotations

import json
from collections import abc
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from .agents.decisions import Decision, NeedDecision, check_answer
from .cards.database import UnknownCardError, card_db
from .core.enums import Step, Zone
from .core.errors import DeckError, GameStateError, IllegalActionError, MtgError, NotImplementedCardError, quote
from .rules.context import Ctx
from .rules.turn import HANDS_ON, end_round, hand_on, pass_commits_first, run
from .state.game_state import GameState
from .state.objects import GameObject
from .state.serialize import state_from_json, state_to_json
from .options import Option, options, player_index
from .options import name as option_name

if TYPE_CHECKING:
    from .agents.view import View


class Game:
    """A game in progress. ``state`` is what the players see now; ``pending`` what is asked.

    Most answers update ``state`` in place (``_advance``): to keep a position, keep a
    :meth:`clone`."""

    __slots__ = ("base", "answers", "state", "pending", "at_question", "back", "_run", "_refused_base", "_lazy")

    def __init__(self, state: GameState, answers: list[Any] | None = None) -> None:
        self.base = state               # the last committed state
        self.answers = list(answers or [])   # answers given since it
        self.state = state
        self.pending: Decision | None = None
        # whether ``base`` is the state just before ``pending`` was asked (a priority question)
        self.at_question = False
        # An older committed state that nothing writes, the question it was committed at (or
        # None) and the answers given since it up to ``base``: replaying them from it reaches
        # ``base`` again. It lets an answer be given on ``base`` itself when it will most likely
        # reach a commit point before it could ask (``_advance``).
        self.back: tuple[GameState, Decision | None, list[Any]] | None = None
        # during a run: its first state, the question it resumes at, its answers, and whether
        # it runs on ``base`` itself; None once it has committed (``_commit``)
        self._run: tuple[GameState, Decision | None, list[Any], bool] | None = None
        # the committed state rebuilt after an answer that failed had changed it (``submit``)
        self._refused_base: GameState | None = None
        # during a run: it passed a commit point without copying the state there (``_commit``)
        self._lazy = False
        self._advance()

    # -- construction -----------------------------------------------------------------------
    @classmethod
    def new_game(cls, decks: list[list[str]], *, names: Iterable[str] | None = None, seed: int = 0,
                 first_player: int = 0, turn_cap: int = 0, sideboards: list[list[str]] | None = None,
                 commanders: list[list[str]] | None = None, allow_unimplemented: bool = False) -> Game:
        """A new game from one deck list (card names) per player, 2 to 6 players in turn order
        (CR 103.1; a game of more than two is a free-for-all multiplayer game, CR 800.1, 806);
        starts with shuffles and mulligans. ``names`` default to ``PLAYER_NAMES``.

        ``sideboards``: each player's cards outside the game (CR 400.11a). ``commanders``: each
        player's commander(s), which are part of the deck (a Commander game, CR 903: they start
        in the command zone, life 40). Steps before the game run first (rules.pregame, CR 103.2).
        Decks that can't make a game (not two, an empty one, an unknown card, more than
        ``decklist.MAX_DECK_CARDS`` cards) raise DeckError; other bad arguments GameStateError.
        A card with an ability the engine doesn't implement (``cards.coverage.missing``) is
        refused with NotImplementedCardError naming it and what is missing, rather than played
        as a blank, unless ``allow_unimplemented``: then it plays without those abilities, and
        the log says so each time one is skipped (CR 113.6: a spell resolving, a permanent
        entering the battlefield)."""
        from .cards.coverage import is_implemented
        from .rules.pregame import COMMANDER_LIFE, pregame_needed, validate_commanders, validate_deck_colors
        if names is None:
            count = len(decks) if isinstance(decks, (list, tuple)) and MIN_PLAYERS <= len(decks) <= MAX_PLAYERS \
                else MIN_PLAYERS
            names = PLAYER_NAMES[:count]
        names = _checked_names(names)
        _check_setup_numbers(seed, first_player, turn_cap, len(names))
        db = card_db()
        known: dict[str, Any] = {}          # each name looked up once (a deck repeats most of them)
        library = _checked_cards(db, known, decks, names, "deck", required=True)
        outside = _checked_cards(db, known, sideboards, names, "sideboard")
        leaders = _checked_cards(db, known, commanders, names, "commanders")
        if allow_unimplemented.__class__ is not bool:
            raise GameStateError(f"allow_unimplemented: expected true or false, got {quote(allow_unimplemented)}")
        if not allow_unimplemented and not all(is_implemented(card) for card in known.values()):
            refuse_unimplemented([(f"{names[p]}'s {what}", cards) for what, lists in
                                  (("deck", library), ("sideboard", outside), ("commanders", leaders))
                                  for p, cards in enumerate(lists)], "Game.new_game(..., allow_unimplemented=True)")
        state = GameState(names, seed)
        state.allow_unimplemented = allow_unimplemented
        for p, cards in enumerate(library):
            add_cards(state, cards, p, Zone.LIBRARY)
        for p, board in enumerate(outside):
            state.players[p].sideboard = tuple(card.name for card in board)
        for p, cards in enumerate(leaders):
            if not cards:
                continue
            try:
                validate_commanders([card.name for card in cards], state.players[p].name)
                validate_deck_colors([card.name for card in library[p]], [card.name for card in cards],
                                     state.players[p].name)
            except ValueError as exc:
                raise IllegalActionError(str(exc)) from None
            ids = tuple(add_card(state, card, p, Zone.LIBRARY) for card in cards)
            state.players[p].commanders = tuple(state.objects[i].card_id for i in ids)
        if any(state.players[p].commanders for p in range(len(state.players))):
            state.starting_life = COMMANDER_LIFE                       # CR 903.7
            for pl in state.players:
                pl.life = COMMANDER_LIFE
        state.first_player = first_player
        state.active = first_player
        state.turn_cap = turn_cap
        state.marker = ("pregame", "start") if pregame_needed(state, True) else ("start",)
        return cls(state)

    # -- the state machine ------------------------------------------------------------------
    def _commit(self, g: GameState, asking_now: bool, resume: bool = True, asks_soon: bool = True) -> None:
        # When the question comes next, nothing will change ``g`` before the run stops, so it
        # can be shared with the base (the next run starts from a clone of the base, or from
        # the base itself when it can't need it again: ``_advance``). Otherwise the run goes on
        # changing ``g``: the base is a copy of it, unless the procedure most often reaches
        # another commit point before it stops (not ``asks_soon``, ``Ctx.commit_point``).
        run = self._run
        if run is not None:             # the run's first commit: from here on ``back`` holds
            self._run = None
            start, resumed, answers, in_place = run
            if not in_place:            # the run left its first state as it was
                self.back = (start, resumed, answers)
            elif self.back is not None:
                back = self.back
                if len(back[2]) + len(answers) < BACK_LIMIT:
                    self.back = (back[0], back[1], back[2] + answers)
                else:
                    # too many answers to replay: ``_advance`` would no longer use it (and
                    # each run answered in place would copy the growing list)
                    self.back = None
        # (a later commit of the run: ``back`` replays up to it too, no answer being left)
        if asking_now:
            self.base = g
            self._lazy = False
        elif not asks_soon and self.back is not None and len(self.back[2]) < BACK_LIMIT:
            # Not copied: ``back`` now replays up to this point, and the base is rebuilt by that
            # replay only if the run stops before its next commit point (``_rebuild_lazy``).
            self._lazy = True
        else:
            # A copy nothing will write: the next run starts from a copy of it (it is not at a
            # question), so it is also the freshest ``back``.
            self.base = g.clone()
            self.back = (self.base, None, [])
            self._lazy = False
        self.answers = []
        self.at_question = asking_now and resume

    def _rebuild_lazy(self) -> None:
        """After a run that stopped past a commit point it didn't copy the state at (``_commit``):
        that state, rebuilt by replaying ``back``, becomes the base, and the freshest ``back``."""
        assert self.back is not None
        self.base = self._replayed(self.back)
        self.back = (self.base, None, [])
        self._lazy = False

    def _advance(self) -> None:
        """Runs the rules from the committed state with the answers so far, to the next decision."""
        resumed = self.pending if self.at_question else None
        self.at_question = False
        base, answers, back = self.base, self.answers, self.back
        # The run changes its copy of the committed state. A pass that reaches a commit point
        # before it could ask or end the game is answered on the committed state itself
        # (``submit``: ``_pass_in_place``); so is any other answer here when ``back`` can rebuild
        # the old base in the few cases it is still needed (``_replayed``): the answer asked or
        # ended the game before a commit point, or was refused. A run that most often asks
        # again first copies (``_ASKS_NEXT``, ``_ASKS_AGAIN``).
        if resumed is not None and answers == _PASS:
            in_place = back is not None and len(back[2]) < BACK_LIMIT
        elif back is not None and back[0] is not base and len(back[2]) < BACK_LIMIT \
                and self.pending is not None and self.pending.kind not in _ASKS_AGAIN:
            last = answers[-1]
            in_place = last.__class__ is not dict or last.get("action") not in _ASKS_NEXT
        else:
            in_place = False
        work = base if in_place else base.clone()
        self._run = (base, resumed, answers, in_place)
        self._refused_base = None
        ctx = Ctx(work, answers, self._commit, resumed)
        try:
            self.pending = run(ctx)
        except NeedDecision as need:
            self.pending = need.decision
        except Exception:
            self._run = None
            self._lazy = False
            if in_place:        # as if it had failed on a copy: ``base`` and ``state`` unchanged
                assert back is not None
                self._refused_base = rebuilt = self._replayed(back)
                if self.state is base:
                    self.state = rebuilt
                # (also when the run committed before it failed)
                self.base, self.answers, self.back = rebuilt, answers, back
            raise
        self._run = None
        self.state = work
        if in_place and self.answers:       # (a commit empties them)
            assert back is not None
            # As after a run on a copy that asked before a commit point: the base is the state
            # committed before, and the run replays from its marker (``at_question`` stays
            # False). ``back`` still holds: the answers since ``base`` stay.
            self.base = self._replayed(back)
        elif self._lazy:
            self._rebuild_lazy()

    @staticmethod
    def _replayed(back: tuple[GameState, Decision | None, list[Any]]) -> GameState:
        """The committed state a run answered on ``base`` itself changed, rebuilt by replaying
        ``back``'s answers from its state up to the commit point at which ``base`` was made (the
        last one of the replay)."""
        start, resumed, answers = back
        committed: list[GameState] = []

        def commit(g: GameState, asking_now: bool, resume: bool = True, asks_soon: bool = True) -> None:
            committed.append(g if asking_now else g.clone())

        try:
            run(Ctx(start.clone(), answers, commit, resumed))
        except NeedDecision:
            pass
        if not committed:
            raise AssertionError("replaying the answers since an older committed state committed nothing")
        return committed[-1]

    def submit(self, answer: Any) -> None:
        """Answers the pending decision. An illegal answer changes nothing and raises
        IllegalActionError: one of the wrong shape or type, or naming what doesn't exist, is
        refused by the decision's validator (``agents.decisions.check_answer``) before the rules
        run; one the rules forbid, by the rules, and the game is restored."""
        pending = self.pending
        if pending is None:
            raise IllegalActionError("the game is over: there is no decision to answer")
        if answer.__class__ is dict and answer == _PASS_ACTION and answer["action"].__class__ is str:
            # the usual answer, already a JSON value: a copy of it without ``_jsonable``'s walk
            value: Any = {"action": "pass"}
            if pending.kind != "priority":
                check_answer(pending, value, self.state)
            elif self.at_question:
                how = pass_commits_first(self.base)
                if how:
                    self._pass_in_place(pending, value, how)
                    return
        else:
            try:
                value = _jsonable(answer)
            except RecursionError:
                raise IllegalActionError(f"{pending.kind} ({pending.prompt}): the answer nests too deeply") from None
            except _NotJson as exc:
                raise IllegalActionError(f"{pending.kind} ({pending.prompt}): an answer is made of whole numbers, "
                                         f"texts, true/false, lists and mappings, got {quote(exc.args[0])}") from None
            check_answer(pending, value, self.state)
        saved = (self.base, self.answers, self.state, self.pending, self.at_question, self.back)
        self.answers = [*self.answers, value]     # a new list: ``saved`` keeps the old one
        try:
            self._advance()
        except Exception:
            # An illegal answer (IllegalActionError), or a bug the answer ran into: either way
            # the game is as it was, with the question still waiting.
            base, self.answers, state, self.pending, self.at_question, self.back = saved
            rebuilt, self._refused_base = self._refused_base, None
            if rebuilt is not None:        # the refused answer was tried on ``base`` itself
                if state is base:
                    state = rebuilt
                base = rebuilt
            self.base, self.state = base, state
            raise

    def _pass_in_place(self, pending: Decision, value: dict[str, str], how: int) -> None:
        """Answers the pass ``value`` of the priority question ``pending``, asked on ``base``
        (committed at it), on ``base`` itself: ``pass_commits_first`` found that it reaches a
        commit point before it could ask or end the game (``how``), so the committed state is
        never needed again. As ``_advance`` would with the answers ``[value]``, without replaying
        ``priority`` up to the pass: a pass that hands priority on asks the next player at once
        (``turn.hand_on``); one that ends the step runs the rules on from the marker it sets."""
        base = self.base
        self._run = (base, pending, [value], True)
        self._refused_base = None
        try:
            if how == HANDS_ON:
                asked = hand_on(base)
                self._commit(base, True)        # (as ``priority`` commits at its question)
            else:
                end_round(base)
                try:
                    asked = run(Ctx(base, [], self._commit))
                except NeedDecision as need:
                    asked = need.decision
                if self._run is not None:
                    raise AssertionError("a pass answered without a copy stopped before a commit point")
                if self._lazy:
                    self._rebuild_lazy()
        except Exception as exc:
            self._run = None
            self._lazy = False
            raise AssertionError("a pass answered without a copy failed") from exc
        self.pending = asked
        self.state = base

    @property
    def over(self) -> bool:
        return self.state.over

    # -- values -----------------------------------------------------------------------------
    def clone(self) -> Game:
        """An independent game at the same decision."""
        new = Game.__new__(Game)
        new.base = self.base.clone()
        new.answers = list(self.answers)
        new.state = self.state.clone()
        new.pending = self.pending
        new.at_question = self.at_question
        new.back = self.back          # (its state is never written: shared)
        new._run = None
        new._refused_base = None
        new._lazy = False
        return new

    def save(self) -> str:
        """The game as JSON text: the committed state and the answers given since, with the
        save format (``SAVE_FORMAT``) that :meth:`load` checks."""
        return json.dumps({"format": SAVE_FORMAT, "base": state_to_json(self.base), "answers": self.answers},
                          sort_keys=True, separators=(",", ":"))

    @classmethod
    def load(cls, text: str | bytes) -> Game:
        """The game :meth:`save` wrote. A save of another format, or one whose state is not one the
        rules keep (``state.invariants``), or whose answers are refused, raises GameStateError
        naming what is wrong."""
        if not isinstance(text, (str, bytes, bytearray)):
            raise GameStateError(f"not a saved game: expected the JSON text Game.save returns, got {quote(text)}")
        try:
            data = json.loads(text)
        except RecursionError:
            raise GameStateError("not a saved game: its JSON nests too deeply") from None
        except ValueError as exc:            # (JSONDecodeError, UnicodeDecodeError)
            raise GameStateError(f"not a saved game: not JSON ({quote(str(exc), 120)[1:-1]})") from None
        if not isinstance(data, dict) or "base" not in data or "answers" not in data:
            raise GameStateError('not a saved game: expected {"format": ..., "base": ..., "answers": ...}')
        if "format" not in data:
            raise GameStateError(f"not a saved game: it has no format (this engine writes and reads format "
                                 f"{SAVE_FORMAT})")
        version = data["format"]
        if version.__class__ is not int or version != SAVE_FORMAT:
            raise GameStateError(f"a saved game of format {quote(version)}: this engine reads only format "
                                 f"{SAVE_FORMAT} (saved by another version of it?)")
        unknown = sorted(set(data) - {"format", "base", "answers"})
        if unknown:
            raise GameStateError(f"not a valid saved game: unknown field {quote(unknown[0])}")
        answers = data["answers"]
        if not isinstance(answers, list) or len(answers) > MAX_SAVED_ANSWERS:
            raise GameStateError(f"not a valid saved game: answers: expected a list of at most "
                                 f"{MAX_SAVED_ANSWERS:,} answers, got {quote(answers)}")
        state = state_from_json(data["base"])
        try:
            return cls(state, answers)
        except IllegalActionError as exc:
            raise GameStateError(f"not a valid saved game: its answers are refused: {exc}") from None
        except (MtgError, RecursionError, LookupError, TypeError, ValueError, AttributeError) as exc:
            # the state passed its checks, but the rules can't play on from it
            raise GameStateError(f"not a valid saved game: the game can't go on from it "
                                 f"({type(exc).__name__}: {quote(str(exc), 200)[1:-1]})") from None

    @property
    def log(self) -> list[str]:
        return self.state.log

    def view(self, player: int) -> View:
        """What ``player`` may know of the game now (CR 400.2, 708): an ``agents.view.View``."""
        from .agents.view import view_of
        return view_of(self, player)

    # -- reading the game as a person does ---------------------------------------------------
    def options(self) -> list[Option]:
        """The pending decision's options, typed (:class:`mtgengine.options.Option`: its words,
        the object or player it names, and the ``value`` to submit); [] once the game is over."""
        return options(self.state, self.pending) if self.pending is not None else []

    def choose(self, answer: Option | str | Any) -> None:
        """Answers the pending decision with one of its options: an :class:`Option`, its label
        ("cast Lightning Bolt", "pass", "keep", "Bob") or its value. A label that names no
        option, or names two, raises IllegalActionError listing the options."""
        if isinstance(answer, Option):
            self.submit(answer.value)
            return
        if isinstance(answer, str) and self.pending is not None:
            offered = self.options()
            matching = [o for o in offered if o.label.lower() == answer.lower()]
            if len(matching) == 1:
                self.submit(matching[0].value)
                return
            if not any(o.value == answer for o in offered):
                raise IllegalActionError(f"{answer!r} is {'two options' if matching else 'no option'} of "
                                         f"{self.pending.kind} ({self.pending.prompt}); the options are: "
                                         + "; ".join(o.label for o in offered))
        self.submit(answer)

    def name(self, ref: int) -> str:
        """A player's name (``ref`` a player value, -1, -2, ...) or an object's current name
        (or last known name once it has left, CR 608.2h)."""
        return option_name(self.state, ref)

    def player(self, who: str | int) -> int:
        """The index of the player named ``who`` (0 is the first player listed)."""
        return player_index(self.state, who)

    @property
    def winner(self) -> str | None:
        """The winner's name once the game is over (None while it goes on, or for a draw)."""
        w = self.state.winner
        return self.state.players[w].name if w is not None else None


#: A game of this engine has 2 to 6 players (CR 103.1; more than two: a free-for-all, CR 806).
MIN_PLAYERS, MAX_PLAYERS = 2, 6
#: The players' default names, in turn order.
PLAYER_NAMES = ("Alice", "Bob", "Carol", "Dave", "Eve", "Frank")
#: The longest player name a game takes (names appear in every log line about the player).
MAX_NAME_CHARS = 100


def _checked_names(names: Iterable[str]) -> list[str]:
    """The players' names: 2 to 6 distinct, non-empty strings (GameStateError otherwise)."""
    if isinstance(names, (str, bytes)) or not isinstance(names, abc.Iterable):
        raise GameStateError(f"names: expected a list of {MIN_PLAYERS} to {MAX_PLAYERS} player names, "
                             f"got {quote(names)}")
    out = list(names)
    if not MIN_PLAYERS <= len(out) <= MAX_PLAYERS:
        raise GameStateError(f"names: a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(out)} name(s)")
    for name in out:
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME_CHARS:
            raise GameStateError(f"names: a player's name is a non-empty text of at most {MAX_NAME_CHARS} "
                                 f"characters, got {quote(name)}")
    if len(set(out)) != len(out):
        raise GameStateError(f"names: the players need different names, got {quote(out)}")
    return out


def _check_setup_numbers(seed: Any, first_player: Any, turn_cap: Any, players: int) -> None:
    for field, value, low, high in (("seed", seed, 0, 2**64 - 1), ("first_player", first_player, 0, players - 1),
                                    ("turn_cap", turn_cap, 0, 10**9)):
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise GameStateError(f"{field}: expected a whole number from {low} to {high}, got {quote(value)}")


def _checked_cards(db: Any, known: dict[str, Any], lists: Any, names: list[str], what: str,
                   required: bool = False) -> list[list[Any]]:
    """Each player's cards of ``lists`` (decks, sideboards or commanders: one list of card names
    per player, or None for none), looked up; a list that can't be used raises DeckError
    naming the player, the card and the cause."""
    from .decklist import MAX_DECK_CARDS, MAX_LINE_CHARS
    if lists is None and not required:
        return []
    if isinstance(lists, (str, bytes)) or not isinstance(lists, (list, tuple)):
        raise DeckError(f"{what}s: expected one list of card names per player, got {quote(lists)}")
    if required and not MIN_PLAYERS <= len(lists) <= MAX_PLAYERS:
        raise DeckError(f"{what}s: a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(lists)} "
                        f"{what} list(s)")
    if len(lists) != len(names) and (required or len(lists) > len(names)):
        raise DeckError(f"{what}s: a game of {len(names)} players takes one {what} list per player, in turn "
                        f"order, got {len(lists)}")
    out = []
    for p, cards in enumerate(lists):
        who = f"{names[p]}'s {what}"
        if isinstance(cards, (str, bytes)) or not isinstance(cards, (list, tuple)):
            raise DeckError(f"{who}: expected a list of card names, got {quote(cards)}")
        if required and not cards:
            raise DeckError(f"{who} is empty: a game starts with a card in each library")
        if len(cards) > MAX_DECK_CARDS:
            raise DeckError(f"{who} has {len(cards):,} cards: at most {MAX_DECK_CARDS:,}")
        found = []
        for i, name in enumerate(cards):
            card = known.get(name) if name.__class__ is str else None
            if card is None:
                if not isinstance(name, str) or len(name) > MAX_LINE_CHARS:
                    raise DeckError(f"{who}, card {i + 1}: expected a card name (at most {MAX_LINE_CHARS} "
                                    f"characters), got {quote(name)}")
                try:
                    card = known[name] = db.get(name)
                except UnknownCardError as exc:
                    raise DeckError(f"{who}, card {i + 1}: {exc}") from None
            found.append(card)
        out.append(found)
    return out


def unimplemented(groups: Sequence[tuple[str, Sequence[Any]]]) -> list[tuple[str, str, list[str]]]:
    """(card name, where, what the engine doesn't implement) for each card of ``groups`` (where,
    cards) that isn't fully implemented (``cards.coverage.missing``), each card once, in order."""
    from .cards.coverage import missing
    out: list[tuple[str, str, list[str]]] = []
    seen: set[int] = set()
    for where, cards in groups:
        for card in cards:
            if id(card) in seen:
                continue
            seen.add(id(card))
            gaps = missing(card)
            if gaps:
                out.append((card.name, where, gaps))
    return out


#: The cards named with what they miss in a refusal; the rest are named only.
_DETAILED = 20


def refuse_unimplemented(groups: Sequence[tuple[str, Sequence[Any]]], opt_in: str) -> None:
    """Raises NotImplementedCardError naming each card of ``groups`` the engine doesn't fully
    implement and what it misses (issue 17: no silent no-ops), and how to opt in (``opt_in``)."""
    found = unimplemented(groups)
    if not found:
        return
    parts = [f"{name} ({where}: " + "; ".join(quote(gap.removeprefix(name + ": "), 100) for gap in gaps) + ")"
             for name, where, gaps in found[:_DETAILED]]
    if len(found) > _DETAILED:
        parts.append("and " + ", ".join(name for name, _where, _gaps in found[_DETAILED:]))
    raise NotImplementedCardError(
        f"{len(found)} card(s) with abilities the engine does not implement yet, refused rather than played "
        f"without them: {', '.join(parts)}. To play them without those abilities (the log then says each time "
        f"one is skipped): {opt_in}")


def _jsonable(value: Any) -> Any:
    """Answers are stored as JSON values (tuples become lists) so save/load is exact."""
    cls = value.__class__
    if cls is dict:    # the usual answer: an action, a flat mapping of words and numbers
        out = {}
        for k, v in value.items():
            out[k if k.__class__ is str else str(k)] = v if v.__class__ in _SCALARS else _jsonable(v)
        return out
    if cls in _SCALARS:
        return value
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    raise _NotJson(value)


class _NotJson(Exception):
    """A value an answer can't hold (a float, a set, an object): ``submit`` names the decision."""


_SCALARS = frozenset({str, int, bool, type(None)})
#: The format of ``Game.save``'s text; ``Game.load`` refuses any other. Bump it when a save can't
#: be read as before (a field's meaning changes); a field added with a default needs no bump.
SAVE_FORMAT = 1
#: The most answers a save may hold: those given since its last commit point, a handful.
MAX_SAVED_ANSWERS = 10_000
_PASS_ACTION = {"action": "pass"}
_PASS = [_PASS_ACTION]     # the answers of a run that only passes priority
#: The most answers ``Game.back`` may hold for a pass to be answered on the committed state when
#: it may not reach a commit point first, or for a commit point before a question that seldom
#: comes not to copy the state (the cleanup step, ``turn.begin_step``): the replay that then
#: rebuilds that state replays them. As ``back`` is reset only by a copy, it spans turns.
BACK_LIMIT = 32
#: The actions after which the run most often asks before a commit point (targets, modes, X),
#: and the questions whose answer often brings another question first (a hand kept after a
#: mulligan: which cards go to the bottom, CR 103.5): answered on a copy rather than rebuilding
#: the committed state (``Game._advance``).
_ASKS_NEXT = frozenset({"cast", "activate"})
_ASKS_AGAIN = frozenset({"mulligan"})


def add_card(state: GameState, card: Any, owner: int, zone: Zone, *, top: bool = False) -> int:
    """Puts a card into a zone at setup (no zone change, no triggers)."""
    oid = add_cards(state, (card,), owner, zone)[0]
    if top:
        lst = state.zone_list(zone, owner)
        lst.insert(0, lst.pop())
    return oid


def add_cards(state: GameState, cards: Sequence[Any], owner: int, zone: Zone) -> range:
    """Puts cards into a zone at setup, in order (the last at the bottom of a library), as
    :func:`add_card` would one by one — each a new object with the next id and timestamp, each
    a change of the state (``GameState.changed``) — in one pass: a game starts with a hundred
    or more. Returns their ids."""
    first = oid = state.next_id
    timestamp = state.next_timestamp
    gen = state._gen
    objects = state.objects
    lst = state.zone_list(zone, owner)
    for card in cards:
        obj = GameObject(oid, card, owner, zone, timestamp)
        obj._gen = gen
        objects[oid] = obj
        lst.append(oid)
        oid += 1
        timestamp += 1
    state.next_id = oid
    state.next_timestamp = timestamp
    state.version += len(cards)             # one ``changed`` per card
    state._chars.clear()
    return range(first, oid)


__all__ = ["Game", "add_card", "add_cards", "Step"]
