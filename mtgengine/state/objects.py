"""Game objects and players: what is stored. Characteristics are derived (CR 613), see effects.layers."""
from __future__ import annotations

from typing import Any

from ..core.enums import Zone

MANA_TYPES = ("W", "U", "B", "R", "G", "C")


class GameObject:
    """A card, token, spell copy or ability on the stack (CR 109).

    Stores only what is printed (the card and which face), status (CR 110.5), counters,
    choices made for it and its zone. A zone change creates a new object (CR 400.7).
    """

    __slots__ = (
        "id", "card_id", "card", "face", "owner", "controller", "zone", "timestamp",
        "tapped", "sick", "steady", "damage", "deathtouched", "counters", "attached_to",
        "face_down", "transformed", "token", "is_copy", "copy_source",
        "ability", "source_id", "source_name",
        "targets", "x", "modes", "kicked", "cast", "attacking", "blocking", "blocked",
        "choices", "_gen",
    )

    def __init__(self, oid: int, card: Any, owner: int, zone: Zone, timestamp: int) -> None:
        self.id = oid
        self.card_id = oid            # the physical card (or token): kept across zone changes
        self.card = card              # CardData (None for an ability on the stack)
        self.face = 0                 # index of the face in use (split half cast, back face up...)
        self.owner = owner
        self.controller = owner
        self.zone = zone
        self.timestamp = timestamp    # CR 613.7d: a new object gets a new timestamp
        self.tapped = False
        self.sick = False             # CR 302.6: came under control since its controller's turn began
        self.steady = owner           # who has controlled it continuously since their turn began
        self.damage = 0
        self.deathtouched = False     # CR 704.5h: dealt damage by a source with deathtouch
        self.counters: dict[str, int] = {}
        self.attached_to: int | None = None
        self.face_down = False
        self.transformed = False
        self.token = False
        self.is_copy = False          # a spell copy or copy token (CR 707.10, 111.1)
        self.copy_source: Any = None  # copiable values this object copies (CR 707.2)
        self.ability: Any = None      # the Ability an ability-on-the-stack resolves (CR 113.1b)
        self.source_id: int | None = None
        self.source_name = ""
        self.targets: tuple[Any, ...] = ()   # chosen targets (object ids or ("player", n))
        self.x = 0                    # the chosen value of X (CR 107.3), 0 when none
        self.modes: tuple[int, ...] = ()
        self.kicked = False
        self.cast = False             # CR 601.1: cast (not a copy put on the stack)
        self.attacking: Any = None    # what it attacks (("player", n) or object id), CR 508.1
        self.blocking: tuple[int, ...] = ()
        self.blocked = False          # CR 509.1h: an attacking creature stays blocked
        self.choices: dict[str, Any] = {}
        self._gen: object = None

    def clone(self) -> GameObject:
        """A shallow copy whose mutable members are copied too (copy-on-write support)."""
        raise NotImplementedError   # replaced below by a generated, unrolled copy

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for slot in GameObject.__slots__:
            if slot == "_gen":
                continue
            value = getattr(self, slot)
            if slot == "card":
                value = value.name if value is not None else None
            elif slot in ("ability", "copy_source"):
                value = _ref_json(value)
            elif slot == "zone":
                value = value.value
            out[slot] = value
        return out


def _ref_json(value: Any) -> Any:
    if value is None:
        return None
    to_json = getattr(value, "to_json", None)
    return to_json() if to_json else repr(value)


def unrolled_clone(cls: type, copies: dict[str, str], after: tuple[str, ...] = (),
                    names: dict[str, Any] | None = None) -> None:
    """Generates ``cls.clone`` as straight-line attribute copies: cloning is on the hot path
    of every decision (ARCHITECTURE "Cost of a game state"). ``copies``: the expression that
    copies each mutable slot (the others are shared); ``after``: statements run on ``self``
    once the copy is made; ``names``: what those expressions use besides ``_new`` and ``cls``."""
    lines = ["def clone(self):", f"    new = _new({cls.__name__})"]
    lines += [f"    new.{slot} = {copies.get(slot, f'self.{slot}')}" for slot in cls.__slots__]
    lines += [f"    {statement}" for statement in after]
    lines.append("    return new")
    namespace: dict[str, Any] = {"_new": object.__new__, cls.__name__: cls, **(names or {})}
    exec(compile("\n".join(lines), f"<{cls.__name__}.clone>", "exec"), namespace)
    clone = namespace["clone"]
    clone.__doc__ = cls.clone.__doc__
    cls.clone = clone


def _dict_copies(*slots: str) -> dict[str, str]:
    return {slot: f"dict(self.{slot})" for slot in slots}


unrolled_clone(GameObject, _dict_copies("counters", "choices"))


class Player:
    """A player (CR 102): life, counters, mana pool (CR 106.4) and per-turn counts."""

    __slots__ = (
        "index", "name", "life", "poison", "counters", "pool", "lands_played",
        "lost", "drew_from_empty", "mulligans", "kept", "life_gained_this_turn", "life_lost_this_turn",
        "attacked_with_this_turn", "drawn_this_turn", "pool_tags", "sideboard", "commanders", "commander_casts",
        "commander_damage", "lands_entered_this_turn", "died_this_turn", "left_battlefield_this_turn",
        "spells_cast_this_turn", "cast_types_this_turn", "_gen",
    )

    def __init__(self, index: int, name: str, life: int = 20) -> None:
        self.index = index
        self.name = name
        self.life = life
        self.poison = 0
        self.counters: dict[str, int] = {}
        self.pool: dict[str, int] = dict.fromkeys(MANA_TYPES, 0)
        # snow and restricted mana in the pool, one entry per mana (rules.mana_pool, CR 106.6)
        self.pool_tags: tuple[tuple[str, bool, Any], ...] = ()
        self.lands_played = 0
        self.lost = False
        self.drew_from_empty = False   # CR 704.5b
        self.mulligans = 0
        self.kept = True
        self.life_gained_this_turn = 0
        self.life_lost_this_turn = 0       # Wound Reflection: "the life they lost this turn" (CR 119.3)
        self.attacked_with_this_turn = 0   # creatures this player attacked with this turn (CR 508.1)
        self.drawn_this_turn = 0           # cards drawn this turn ("the first card you draw each turn")
        self.sideboard: tuple[str, ...] = ()   # card names outside the game (CR 400.11a)
        self.commanders: tuple[int, ...] = ()  # card ids designated as this player's commander (CR 903.3)
        self.commander_casts: dict[int, int] = {}   # times each was cast from the command zone (CR 903.8)
        self.commander_damage: dict[int, int] = {}  # combat damage dealt to this player by each commander
                                                    # (card id), CR 903.10a
        self.lands_entered_this_turn = 0   # lands that entered under this player's control (landfall)
        self.died_this_turn = 0            # creatures this player controlled that died (morbid, CR 700.4)
        self.left_battlefield_this_turn = 0    # permanents this player controlled that left the battlefield (revolt)
        self.spells_cast_this_turn = 0     # spells this player cast this turn (storm, CR 702.40a)
        # the card types of each of those spells as it was cast ("can't cast more than one
        # noncreature spell each turn", CR 601.2e)
        self.cast_types_this_turn: tuple[tuple[str, ...], ...] = ()
        self._gen: object = None

    def clone(self) -> Player:
        raise NotImplementedError   # replaced below by a generated, unrolled copy

    def can_pay_life(self, amount: int) -> bool:
        """CR 119.4: a player can pay life only if their life total is at least the payment."""
        return self.life >= amount

    def to_json(self) -> dict[str, Any]:
        return {s: getattr(self, s) for s in Player.__slots__ if s != "_gen"}


unrolled_clone(Player, _dict_copies("counters", "pool", "commander_casts", "commander_damage"))
