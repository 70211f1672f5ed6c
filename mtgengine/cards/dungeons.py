"""The dungeon cards (CR 309): facts of four cards that begin outside the game (309.2) and are
brought into it only by venturing (701.49). Each room's effect is compiled from its printed text
by the text compiler; its room ability is "When you move your venture marker into this room,
[effect]" (CR 309.4c).

A dungeon is its rooms in printed order, the topmost first and the bottommost last (CR 309.4);
each room names the rooms its arrows point to (CR 309.5a). A dungeon with a room the compiler
can't read isn't offered: ``IMPLEMENTED`` lists the others (``cards.dungeon_rooms`` compiles the
rooms; a test checks the list against it, so the compiler, which reads the list, never compiles
them itself)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Room:
    name: str
    text: str
    next: tuple[str, ...] = ()     # the rooms its arrows point to; none: the bottommost room


#: CR 309.4: each dungeon's rooms, topmost first.
DUNGEONS: dict[str, tuple[Room, ...]] = {
    "Lost Mine of Phandelver": (
        Room("Cave Entrance", "Scry 1.", ("Goblin Lair", "Mine Tunnels")),
        Room("Goblin Lair", "Create a 1/1 red Goblin creature token.", ("Storeroom", "Dark Pool")),
        Room("Mine Tunnels", "Create a Treasure token.", ("Dark Pool", "Fungi Cavern")),
        Room("Storeroom", "Put a +1/+1 counter on target creature.", ("Temple of Dumathoin",)),
        Room("Dark Pool", "Each opponent loses 1 life and you gain 1 life.", ("Temple of Dumathoin",)),
        Room("Fungi Cavern", "Target creature gets -4/-0 until your next turn.", ("Temple of Dumathoin",)),
        Room("Temple of Dumathoin", "Draw a card."),
    ),
    "Tomb of Annihilation": (
        Room("Trapped Entry", "Each player loses 1 life.", ("Veils of Fear", "Oubliette")),
        Room("Veils of Fear", "Each player loses 2 life unless they discard a card.", ("Sandfall Cell",)),
        Room("Sandfall Cell", "Each player loses 2 life unless they sacrifice an artifact, a creature, or a land.",
             ("Cradle of the Death God",)),
        Room("Oubliette", "Discard a card and sacrifice an artifact, a creature, and a land.",
             ("Cradle of the Death God",)),
        Room("Cradle of the Death God",
             "Create The Atropal, a legendary 4/4 black God Horror creature token with deathtouch."),
    ),
    "Dungeon of the Mad Mage": (
        Room("Yawning Portal", "You gain 1 life.", ("Dungeon Level",)),
        Room("Dungeon Level", "Scry 1.", ("Goblin Bazaar", "Twisted Caverns")),
        Room("Goblin Bazaar", "Create a Treasure token.", ("Lost Level",)),
        Room("Twisted Caverns", "Target creature can't attack until your next turn.", ("Lost Level",)),
        Room("Lost Level", "Scry 2.", ("Runestone Caverns", "Muiral's Graveyard")),
        Room("Runestone Caverns", "Exile the top two cards of your library. You may play them.", ("Deep Mines",)),
        Room("Muiral's Graveyard", "Create two 1/1 black Skeleton creature tokens.", ("Deep Mines",)),
        Room("Deep Mines", "Scry 3.", ("Mad Wizard's Lair",)),
        Room("Mad Wizard's Lair",
             "Draw three cards and reveal them. You may cast one of them without paying its mana cost."),
    ),
    "Undercity": (
        Room("Secret Entrance", "Search your library for a basic land card, reveal it, put it into your hand, "
                                "then shuffle.", ("Forge", "Lost Well")),
        Room("Forge", "Put two +1/+1 counters on target creature.", ("Trap!", "Arena")),
        Room("Lost Well", "Scry 2.", ("Arena", "Stash")),
        Room("Trap!", "Target player loses 5 life.", ("Archives",)),
        Room("Arena", "Goad target creature.", ("Archives", "Catacombs")),
        Room("Stash", "Create a Treasure token.", ("Catacombs",)),
        Room("Archives", "Draw a card.", ("Throne of the Dead Three",)),
        Room("Catacombs", "Create a 4/1 black Skeleton creature token with menace.", ("Throne of the Dead Three",)),
        Room("Throne of the Dead Three", "Reveal the top ten cards of your library. Put a creature card from among "
                                         "them onto the battlefield with three +1/+1 counters on it. It gains "
                                         "hexproof until your next turn. Then shuffle."),
    ),
}

#: CR 725.2, 701.49d: the dungeon "venture into Undercity" brings into the game; "venture into the
#: dungeon" can't choose it (it is brought in only by the initiative).
UNDERCITY = "Undercity"


def rooms(dungeon: str) -> tuple[Room, ...]:
    return DUNGEONS[dungeon]


def room_index(dungeon: str, room: str) -> int:
    return next(i for i, r in enumerate(DUNGEONS[dungeon]) if r.name == room)


#: The dungeons every room of which the text compiler reads (``dungeon_rooms.implemented``).
IMPLEMENTED: frozenset[str] = frozenset({"Lost Mine of Phandelver"})


def available(dungeon: str) -> bool:
    return dungeon in IMPLEMENTED


def ventured_dungeons(into: str = "") -> tuple[str, ...]:
    """The dungeons a player may choose as they venture (CR 701.49a, d): "into Undercity" only
    Undercity; "into the dungeon" any dungeon but Undercity (CR 309.2a, 725.2) — those
    implemented, in printed order."""
    names = (UNDERCITY,) if into == UNDERCITY else tuple(d for d in DUNGEONS if d != UNDERCITY)
    return tuple(d for d in names if available(d))
