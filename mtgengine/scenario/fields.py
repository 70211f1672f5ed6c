"""The keys of the scenario format and the kind of value each takes: the one table that the
validator (``loader``, ``setup``, ``runner``, ``checks`` read their key lists and option kinds
from it) and the JSON Schema (``schema.scenario_schema``) are both made from.

A kind names the form of a value, as the validator checks it and the schema states it:

- ``title``: a non-empty text; ``string``: any text; ``text``: a name or reference (YAML may read ``1`` as a number;
  both are taken);
- ``flag``: true or false; ``count``: a whole number 0 or more; ``number``: a whole number or
  null (power, toughness); ``amount``: a whole number 0 to a billion (X, an amount to pay);
  ``life``: a whole number within ±1,000,000,000; ``seed``: 0 to 2**64 - 1; ``turn_number``: 1
  or more;
- ``cards``: a list of card entries (``Name``, ``Name x6``, ``Name as alias`` or a mapping of
  :data:`ENTRY`); ``mana``: a mana string (``"{G}{G}"``); ``counters``: kinds to counts;
- ``rules``: rule numbers; ``modes``: mode numbers, 1 for the first; ``ability``: an ability's
  number or the start of its text; ``illegal``: true or part of the expected message; ``kicked``:
  true, false or kicker costs; ``step``: a step name (:data:`STEPS`); ``strings``: a list of texts;
- ``any``: a form the validator reads where the value is used (answers, references, payments).
"""
from __future__ import annotations

from typing import NamedTuple


#: Bounds of a scenario (issue 17), checked by ``setup`` and ``runner`` and stated by the schema:
#: the cards of a position, its players, an amount (life within ±, counters, X), the turn number,
#: the length of a name or reference, the passes of one ``pass: N``.
MAX_CARDS = 10_000
MAX_PLAYERS = 6
MAX_AMOUNT = 1_000_000_000
MAX_TURN = 1_000_000
MAX_NAME_CHARS = 200
MAX_PASSES = 10_000


class Field(NamedTuple):
    kind: str
    doc: str


#: The steps a scenario may start in or pass to (SCENARIO-FORMAT "Top level").
STEPS = ("upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers", "declare_blockers",
         "combat_damage", "end_of_combat", "postcombat_main", "end")

TOP: dict[str, Field] = {
    "name": Field("title", "what the scenario shows (required)"),
    "rules": Field("rules", "the rules it exercises; each must exist in the pinned Comprehensive Rules"),
    "seed": Field("seed", "the game's random seed (default 0)"),
    "strict": Field("flag", "an unanswered decision FAILs the scenario (default true)"),
    "players": Field("players", "player names to their zones and counters, in turn order (required)"),
    "turn": Field("turn", "turn number, active player and step play starts in"),
    "script": Field("script", "actions, answers and checkpoints, in order"),
    "expect": Field("expect", "the final checks"),
    "allow_unimplemented": Field("flag", "play cards whose abilities the engine lacks without them (default false)"),
    "teams": Field("teams", "teams of players (version 1.1; this engine FAILs such a file: not supported yet)"),
    "variant": Field("text", "the multiplayer variant (version 1.1; this engine plays free_for_all only)"),
    "commander_damage": Field("commander_damage", "combat damage already dealt to each player by each commander "
                                                  "(CR 903.10a)"),
    "commander_tax": Field("commander_tax", "times each commander was already cast from the command zone (CR 903.8)"),
}
REQUIRED_TOP = ("name", "players")

PLAYER: dict[str, Field] = {
    "life": Field("life", "life total (default 20; 40 in a Commander game)"),
    "poison": Field("count", "poison counters"),
    "hand": Field("cards", "cards in the hand"),
    "battlefield": Field("cards", "permanents, put there as if they had entered so"),
    "graveyard": Field("cards", "cards in the graveyard"),
    "library": Field("cards", "the library, top card first (default: 30 Wastes)"),
    "exile": Field("cards", "exiled cards"),
    "command": Field("cards", "cards in the command zone"),
    "mana_pool": Field("mana", "mana in the pool, such as \"{G}{G}{C}\""),
    "counters": Field("counters", "the player's counters, such as {energy: 2}"),
    "sideboard": Field("cards", "cards outside the game (CR 400.11a), names only"),
    "designations": Field("strings", "the player's designations: monarch (CR 724), initiative (CR 725), "
                                     "city's blessing (CR 702.131c)"),
    "dungeon": Field("text", "the dungeon the player's venture marker is in and the room, \"Undercity: Forge\" "
                             "(CR 309.4; the topmost room if only the dungeon is named)"),
    "completed_dungeons": Field("strings", "the dungeons the player has completed (CR 309.7)"),
    "speed": Field("count", "the player's speed, 1 to 4 (CR 702.179); none if not given"),
}

ENTRY: dict[str, Field] = {
    "card": Field("text", "the card's name (required)"),
    "as": Field("text", "an alias naming this card in the script"),
    "count": Field("count", "how many such cards (default 1)"),
    "tapped": Field("flag", "tapped (battlefield only)"),
    "summoning_sick": Field("flag", "under its controller's control since the turn began? (battlefield only)"),
    "counters": Field("counters", "counters on it, such as {\"+1/+1\": 2}"),
    "attached_to": Field("text", "what it is attached to (battlefield only)"),
    "face_down": Field("flag", "face down: a 2/2 with no name (CR 708.2a)"),
    "transformed": Field("flag", "its back face up"),
    "token": Field("flag", "a token with the card's characteristics"),
    "controller": Field("text", "its controller, when not its owner"),
    "damage": Field("count", "marked damage (battlefield only)"),
    "commander": Field("flag", "its owner's commander (CR 903.3)"),
}

TURN: dict[str, Field] = {
    "number": Field("turn_number", "the turn number (default 1)"),
    "active": Field("text", "the active player (default: the first player)"),
    "step": Field("step", "the step play starts in (default precombat_main)"),
}

#: Each verb of a script step and the value it takes.
VERBS: dict[str, Field] = {
    "cast": Field("text", "cast a spell (CR 601.2)"),
    "activate": Field("text", "activate an ability (CR 602)"),
    "play": Field("text", "play a land (CR 305)"),
    "turn_face_up": Field("text", "turn a face-down permanent face up (CR 116.2b)"),
    "unlock": Field("text", "unlock a Room's locked door, paying its mana cost (CR 709.5e)"),
    "special": Field("text", "a keyword's special action from the hand: foretell, plot, suspend (CR 116.2)"),
    "attack": Field("attack", "declare these attackers"),
    "block": Field("block", "declare these blockers, {BLOCKER: ATTACKER} (or a list of attackers)"),
    "choose": Field("any", "answer the next decision"),
    "pass": Field("pass", "a number of passes, 'stack', a step name or 'turn'"),
    "expect": Field("expect", "a checkpoint: the same keys as the final expect"),
}

#: The options of a step (a step is a mapping of its verb and these), by verb.
_BY = Field("text", "the player taking the action")
_ILLEGAL = Field("illegal", "the action must be refused: true, or a part of the message")
_PAY = Field("any", "how the costs are paid: a mana string or a mapping")
_TARGETS = Field("any", "one entry per target phrase, in the text's order")
_X = Field("amount", "the value of X")
STEP_OPTIONS: dict[str, dict[str, Field]] = {
    "cast": {"by": _BY, "from": Field("text", "the zone it is cast from (default hand)"), "targets": _TARGETS,
             "x": _X, "modes": Field("modes", "the modes chosen, 1 for the first"),
             "face": Field("text", "the half or face cast"), "fuse": Field("flag", "cast both halves (CR 702.102a)"),
             "face_down": Field("flag", "cast face down (morph, disguise)"),
             "kicked": Field("kicked", "kicked: true, or the kicker costs paid"),
             "alternative": Field("text", "the alternative cost"),
             "additional": Field("any", "optional or variable additional costs"), "pay": _PAY,
             "illegal": _ILLEGAL, "splice": Field("any", "cards spliced onto it (CR 702.47)")},
    "activate": {"by": _BY, "ability": Field("ability", "which activated ability: its number or its text's start"),
                 "targets": _TARGETS, "x": _X, "pay": _PAY, "illegal": _ILLEGAL},
    "play": {"by": _BY, "face": Field("text", "a modal double-faced card's face"),
             "from": Field("text", "the zone it is played from (default hand)"), "illegal": _ILLEGAL},
    "turn_face_up": {"by": _BY, "pay": _PAY, "illegal": _ILLEGAL},
    "unlock": {"by": _BY, "door": Field("text", "the door's name (needed while both are locked)"), "pay": _PAY,
               "illegal": _ILLEGAL},
    "special": {"by": _BY, "keyword": Field("text", "foretell, plot or suspend"), "pay": _PAY, "illegal": _ILLEGAL},
    "attack": {"by": _BY, "illegal": _ILLEGAL},
    "block": {"by": _BY, "illegal": _ILLEGAL},
    "choose": {"illegal": Field("illegal", "the answer must be refused")},
    "pass": {},
    "expect": {},
}

CHECKS: dict[str, Field] = {
    "life": Field("player_numbers", "life totals by player"),
    "poison": Field("player_counts", "poison counters by player"),
    "player_counters": Field("player_counters", "each player's counters by kind"),
    "zones": Field("zones", "cards in each player's zones: names (a multiset) or a count"),
    "permanents": Field("object_checks", "checks of the permanents a reference matches"),
    "objects": Field("object_checks", "checks of objects in any zone"),
    "stack": Field("strings", "the stack's names, top first"),
    "mana_pool": Field("player_mana", "each player's mana pool"),
    "winner": Field("text", "the player who won"),
    "loser": Field("text", "a player who lost"),
    "draw": Field("flag", "the game is a draw"),
    "log": Field("strings", "texts each of which must appear in the log"),
    "active": Field("text", "the active player (whose turn it is)"),
    "turn_number": Field("turn_number", "the turn number"),
    "over": Field("flag", "the game is over"),
    "commander_damage": Field("commander_damage", "combat damage dealt to each player by each commander (CR 903.10a)"),
    "monarch": Field("text", "the monarch (CR 724), or none"),
    "initiative": Field("text", "the player who has the initiative (CR 725), or none"),
    "dungeons": Field("player_texts", "each player's venture marker, \"Undercity: Forge\", or none (CR 309.4)"),
    "completed_dungeons": Field("player_counts", "how many dungeons each player has completed (CR 309.7)"),
    "blessed": Field("strings", "the players with the city's blessing (CR 702.131c), all of them"),
    "speed": Field("player_counts", "each player's speed (CR 702.179), 0 for none (702.179f)"),
    "commander_tax": Field("commander_tax", "times each commander was cast from the command zone (CR 903.8)"),
}

#: The keys of one item of ``permanents`` and ``objects``.
OBJECT_CHECK: dict[str, Field] = {
    "ref": Field("text", "a reference: matches the objects checked (required)"),
    "count": Field("count", "exactly this many match"),
    "name": Field("string", "its name ('' for none: a face-down permanent)"), "controller": Field("text", "its controller"),
    "owner": Field("text", "its owner"), "power": Field("number", "its power"),
    "toughness": Field("number", "its toughness"), "loyalty": Field("count", "its loyalty"),
    "counters": Field("counters", "counters of the kinds listed"),
    "exact": Field("flag", "counters lists every kind on it"), "damage": Field("count", "marked damage"),
    "tapped": Field("flag", "tapped"), "token": Field("flag", "a token"), "copy": Field("flag", "a copy"),
    "face_down": Field("flag", "face down"), "transformed": Field("flag", "transformed"),
    "attached_to": Field("any", "what it is attached to (null: nothing)"),
    "types": Field("strings", "its card types (as a set)"), "subtypes": Field("strings", "its subtypes"),
    "supertypes": Field("strings", "its supertypes"), "colors": Field("strings", "its colors ([] colorless)"),
    "mana_value": Field("count", "its mana value"), "mana_cost": Field("any", "its mana cost"),
    "abilities": Field("strings", "texts each of which must appear in one of its abilities"),
    "zone": Field("text", "the zone it is in"),
}


def keys(table: dict[str, Field]) -> tuple[str, ...]:
    """The keys of a table, in its order (the order the validator suggests them in)."""
    return tuple(table)


def of_kind(table: dict[str, Field], *kinds: str) -> tuple[str, ...]:
    """The keys of ``table`` whose values are of one of ``kinds``."""
    return tuple(key for key, f in table.items() if f.kind in kinds)
