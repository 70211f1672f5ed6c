"""The game state as a value: cheap to clone (copy-on-write objects), saved as JSON.

Every mutation of an object or player goes through :meth:`GameState.obj` / :meth:`player`
with ``write=True``, which copies a shared object first. Cloning therefore copies only the
dictionaries and zone lists (ARCHITECTURE "Cost of a game state").
"""
from __future__ import annotations

from typing import Any, Iterator

from ..core.enums import Step, Zone
from ..core.rng import Rng
from .game_log import GameLog
from .objects import GameObject, Player, unrolled_clone

_BATTLEFIELD, _STACK = Zone.BATTLEFIELD, Zone.STACK   # module constants: an Enum member read costs ~0.2 us


#: The ids of the characteristics shared by every card with only its printed values
#: (``layers._PLAIN``: kept for the whole process, so an id is never reused)
SHARED_CHARACTERISTICS: set[int] = set()
#: The zones where a card with only its printed values keeps them across changes off the
#: battlefield (``GameState.changed_off_battlefield``).
UNCHANGED_ZONES = frozenset({Zone.HAND, Zone.LIBRARY, Zone.GRAVEYARD, Zone.EXILE, Zone.COMMAND})
#: The memo's key for the ids of the objects off the battlefield whose memoized characteristics
#: any change may alter (all but the shared printed values of cards in ``UNCHANGED_ZONES``),
#: added as ``layers.characteristics`` memoizes them.
VOLATILE = ("volatile",)
#: The memo's key of the record of the last layer pass (``effects.layer_memo.RECORD``), which
#: describes the state it was made from and so is kept across changes.
LAYER_RECORD = ("layers",)
#: The memo's key of the index of the resolved effects (``layers._effects_index``): it names the
#: effects it was made from, so it is kept across changes and extended when effects are added.
EFFECTS_INDEX = ("effects",)
#: The memo entries that describe the state they were made from, checked before use.
_KEPT = (LAYER_RECORD, EFFECTS_INDEX)


class GameState:
    """Everything that defines a game between two decisions."""

    __slots__ = (
        "players", "objects", "zones", "battlefield", "stack", "turn", "active", "step",
        "priority", "passes", "rng", "next_id", "next_timestamp", "effects", "log",
        "pending_triggers", "delayed", "lki", "over", "winner", "draw", "marker",
        "first_player", "turn_cap", "combat", "damage_events", "_gen", "_chars",
        "starting_life", "events", "version", "settled", "_legal", "replacement_effects", "strays",
        "links", "extra_turns", "allow_unimplemented", "monarch", "initiative", "dungeons", "completed_dungeons",
        "blessed", "phased_out", "day_night", "last_turn_spells", "speeds", "land_plays",
    )

    def __init__(self, names: list[str], seed: int = 0) -> None:
        self.players = [Player(i, n) for i, n in enumerate(names)]
        self.objects: dict[int, GameObject] = {}
        self.zones: dict[tuple[int, Zone], list[int]] = {}
        for p in range(len(names)):
            for z in (Zone.LIBRARY, Zone.HAND, Zone.GRAVEYARD, Zone.EXILE, Zone.COMMAND):
                self.zones[(p, z)] = []
        self.battlefield: list[int] = []
        self.phased_out: list[int] = []     # phased-out permanents (CR 702.26b, ``effects.phasing``)
        self.stack: list[int] = []          # bottom first; the top is stack[-1] (CR 405.1)
        self.turn = 1
        self.active = 0
        self.first_player = 0
        self.step = Step.PRECOMBAT_MAIN
        self.priority = 0
        self.passes = 0                     # consecutive passes (CR 117.4)
        self.rng = Rng(seed)
        self.next_id = 1
        self.next_timestamp = 1
        self.effects: list[Any] = []        # continuous effects from resolved spells/abilities (CR 611)
        # replacement and prevention effects from resolved spells and abilities (CR 615.3, 615.7):
        # an immutable tuple, replaced on change, so clones share it safely
        self.replacement_effects: tuple[Any, ...] = ()
        # linked abilities (CR 607): {(object id, link): (objects or values, ...)}, per object and
        # per pair of linked abilities (``effects.links``); replaced on change, so clones share it
        self.links: dict[tuple[int, str], tuple[Any, ...]] = {}
        self.strays: tuple[int, ...] = ()   # tokens / spell copies that left their zone (CR 704.5d-e)
        self.extra_turns: tuple[int, ...] = ()  # players to take extra turns, the next one first (CR 500.7)
        self.log = GameLog()
        self.pending_triggers: list[Any] = []   # triggered, not yet put on the stack (CR 603.3)
        self.delayed: list[Any] = []        # delayed triggered abilities (CR 603.7)
        self.lki: dict[int, Any] = {}       # last known information (CR 608.2h) by old id
        self.over = False
        self.winner: int | None = None
        self.draw = False
        self.marker: tuple[Any, ...] = ("start",)  # where the turn-structure procedure stands
        self.turn_cap = 0
        self.combat: dict[str, Any] = {}
        self.damage_events: list[Any] = []
        self.starting_life = 20
        self.events: list[Any] = []         # events since the last trigger check (CR 603.2)
        self._gen = object()
        self._chars: dict[int, Any] = {}
        self.version = 0                    # bumped by every write (memo keys, CR 117.5 checks)
        self.settled = -1                   # the version at which SBAs/triggers were last settled
        self._legal: Any = None             # per player and sorcery timing, the last legal actions (turn.legal_actions)
        # the game's opt-in to cards with abilities the engine doesn't implement: they are played
        # without them (each skip logged) instead of the game being refused (issue 17)
        self.allow_unimplemented = False
        # player designations (``effects.designations``): the monarch (CR 724) and the player with
        # the initiative (CR 725), None until an effect makes one; each venture marker, (player,
        # dungeon, room index), CR 309.4; the dungeons completed, (player, dungeon), CR 309.7
        self.monarch: int | None = None
        self.initiative: int | None = None
        self.dungeons: tuple[tuple[int, str, int], ...] = ()
        self.completed_dungeons: tuple[tuple[int, str], ...] = ()
        self.blessed: tuple[int, ...] = ()     # the players with the city's blessing (CR 702.131c)
        # the game's designation (``effects.day_night``): None (neither, CR 730.1), "day" or "night"
        self.day_night: str | None = None
        # the spells cast during the previous turn, (its active player, the count of each player),
        # recorded as a turn ends when something reads it (CR 730.2, 603.4: "if no spells were cast
        # last turn"); None on the first turn or when nothing did
        self.last_turn_spells: tuple[int, tuple[int, ...]] | None = None
        # (player, speed, the turn its ability last triggered) of the players with a speed (CR 702.179b)
        self.speeds: tuple[tuple[int, int, int], ...] = ()
        # the additional land plays resolved effects gave this turn: (turn, player, count), CR 305.2a;
        # count None: the player can't play lands this turn (CR 305.2b); ``effects.land_plays``
        self.land_plays: tuple[tuple[int, int, int | None], ...] = ()

    # -- copy on write -------------------------------------------------------------
    def clone(self) -> GameState:
        """An independent game: objects are shared until either side writes them."""
        raise NotImplementedError   # replaced below by a generated, unrolled copy

    def obj(self, oid: int) -> GameObject:
        """The object for writing: copied first if another state shares it.

        Writing status (tapped, damage, combat roles) keeps the memoized characteristics;
        a write that can change them (zone, counters, attachment, face, controller) must
        call :meth:`changed`."""
        self.version += 1
        o = self.objects[oid]
        if o._gen is not self._gen:
            o = o.clone()
            o._gen = self._gen
            self.objects[oid] = o
        return o

    def player(self, index: int) -> Player:
        """The player for writing (copy on write)."""
        self.version += 1
        p = self.players[index]
        if p._gen is not self._gen:
            p = p.clone()
            p._gen = self._gen
            self.players[index] = p
        return p

    def changed(self) -> None:
        """Forget derived characteristics after a change that can alter them, but the record of
        the last layer pass (``layer_memo.LayerRecord``, under ``LAYER_RECORD``): the next pass
        compares it with the state and derives again only what changed; and the index of the
        resolved effects (``EFFECTS_INDEX``), extended when effects are only added."""
        self.version += 1
        chars = self._chars
        record = chars.get(LAYER_RECORD)        # type: ignore[call-overload]
        index = chars.get(EFFECTS_INDEX)        # type: ignore[call-overload]
        chars.clear()
        if record is not None:
            chars[LAYER_RECORD] = record        # type: ignore[index]
        if index is not None:
            chars[EFFECTS_INDEX] = index        # type: ignore[index]

    def changed_off_battlefield(self, gone: int = 0) -> None:
        """Forget derived characteristics after a change that involves no permanent: an object
        moved between zones other than the battlefield (drawn, cast, put into a graveyard), a
        spell's face or choices set on the stack, a life total changed.

        The memo ``_chars`` holds, under object ids, each object's characteristics; under 0,
        every permanent's (``layers._battlefield``); under tuples, values derived from the
        permanents' characteristics alone (``permanents_with``, mana sources, priority actors),
        and the record of the last layer pass (``LAYER_RECORD``, kept by :meth:`changed` too).
        The permanents' characteristics come from the permanents themselves, the continuous
        effects (CR 611) and the permanents' static abilities (CR 613.1): such a change alters
        none of them, so the permanents' memo stays valid — unless one of their static
        abilities or effects reads something off the battlefield (a life total, a hand size, a
        linked choice: CR 604.3, 611.3b), in which case ``_battlefield`` didn't mark the memo
        ``("closed",)`` and everything is forgotten. Objects off the battlefield are
        forgotten — a characteristic-defining ability works in every zone and may count
        anything (CR 604.3) — except a card with nothing but its printed values, in a hand, a
        library, a graveyard, exile or the command zone: its values (shared by all such cards,
        ``SHARED_CHARACTERISTICS``) come from the card alone, as no effect applies to it (CR
        707.2, 613.1); such a change doesn't alter that card (a moved card is a new object, CR
        400.7, and only a spell on the stack is changed in place before this is called), and a
        new effect comes with :meth:`changed`. The objects off the battlefield to forget are
        listed under ``VOLATILE`` as they are memoized; ``gone``: an object that has just left
        the game state (moved, CR 400.7), forgotten too."""
        self.version += 1
        chars = self._chars
        # in place (the memo is this state's own: ``clone`` copies it)
        if chars.get(0) is None or not chars.get(("closed",)):   # type: ignore[call-overload]
            objects = self.objects
            for key in list(chars):
                if key in _KEPT or (id(chars[key]) in SHARED_CHARACTERISTICS and key.__class__ is int
                                           and (o := objects.get(key)) is not None and o.zone in UNCHANGED_ZONES):
                    continue
                del chars[key]
            return
        volatile = chars.pop(VOLATILE, None)            # type: ignore[call-overload]
        if volatile is not None:
            for key in volatile:
                chars.pop(key, None)
        if gone:
            chars.pop(gone, None)

    # -- reading -------------------------------------------------------------------
    def zone_list(self, zone: Zone, player: int | None = None) -> list[int]:
        if zone is _BATTLEFIELD:
            return self.battlefield
        if zone is _STACK:
            return self.stack
        if zone is Zone.PHASED_OUT:
            return self.phased_out
        assert player is not None
        return self.zones[(player, zone)]

    def all_ids(self) -> Iterator[int]:
        return iter(self.objects)

    def new_id(self) -> int:
        oid = self.next_id
        self.next_id += 1
        return oid

    def new_timestamp(self) -> int:
        ts = self.next_timestamp
        self.next_timestamp += 1
        return ts

    # -- players in turn order (CR 101.4, 102.2, 800.4) --------------------------------------
    def next_player(self, player: int) -> int:
        """The next player in turn order after ``player`` who is still in the game (CR 117.3d,
        800.4a, 800.4k); ``player`` itself when no other is left."""
        players = self.players
        n = len(players)
        for k in range(1, n):
            q = (player + k) % n
            if not players[q].lost:
                return q
        return player

    def first_in_game(self, player: int) -> int:
        """``player`` if still in the game, else the next player in turn order who is (CR 800.4j:
        priority the active player who left would receive goes to the next player)."""
        return player if not self.players[player].lost else self.next_player(player)

    def opponents(self, player: int) -> list[int]:
        """``player``'s opponents still in the game, in turn order from the player after them
        (CR 102.2; 102.3 a free-for-all game has no teams; 800.4a: a player who left is no one's
        opponent)."""
        players = self.players
        n = len(players)
        return [q for q in ((player + k) % n for k in range(1, n)) if not players[q].lost]

    def opponent(self, player: int) -> int:
        """The next opponent in turn order still in the game (the only one in a two-player game,
        CR 102.2; the default defending player of an attack, SCENARIO-FORMAT 1.1)."""
        if len(self.players) == 2:
            return 1 - player
        return self.next_player(player)

    def apnap(self) -> list[int]:
        """The players still in the game in APNAP order (CR 101.4, 800.4a)."""
        players = self.players
        n = len(players)
        return [q for q in ((self.active + i) % n for i in range(n)) if not players[q].lost]


#: How :meth:`GameState.clone` copies the mutable slots; every other slot holds an immutable
#: value (or one replaced on change, never mutated) and is shared.
_CLONE_COPIES = {
    "players": "self.players[:]",
    "objects": "self.objects.copy()",
    "zones": "{k: v[:] for k, v in self.zones.items()}",
    "battlefield": "self.battlefield[:]",
    "phased_out": "self.phased_out[:]",
    "stack": "self.stack[:]",
    "rng": "self.rng.clone()",
    "effects": "self.effects[:]",
    "log": "self.log.clone()",
    "pending_triggers": "self.pending_triggers[:]",
    "delayed": "self.delayed[:]",
    "lki": "self.lki.copy()",
    "combat": "self.combat.copy()",
    "damage_events": "self.damage_events[:]",
    "events": "self.events[:]",
    "_gen": "_object()",
    "_chars": "self._chars.copy()",   # identical states: the memo stays valid for both
}


# Both sides now treat every object as shared: the next write copies it.
unrolled_clone(GameState, _CLONE_COPIES, after=("self._gen = _object()",), names={"_object": object})
