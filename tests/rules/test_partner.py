"""The partner abilities and "~ can be your commander" (CR 702.124, 903.3a): compiled as
understood wordings (``cards.compiler.commander_rules``) and read when commanders are designated
(``rules.partner``), in the game's set-up as in ``mtg deck``."""
from __future__ import annotations

import pytest

from mtgengine import Game
from mtgengine.cards.coverage import missing
from mtgengine.cards.database import card_db
from mtgengine.core.errors import IllegalActionError
from mtgengine.rules.partner import partner_abilities

WORDINGS = {
    "Wilson, Refined Grizzly": "Choose a Background",
    "Alora, Merry Thief": "Choose a Background",
    "Rose Tyler": "Doctor's companion",
    "Amy Pond": "Partner with Rory Williams",
    "Pako, Arcane Retriever": "Partner with Haldan, Avid Arcanist",
    "Bjorna, Nightfall Alchemist": "Friends forever",
    "Abby, Merciless Soldier": "Partner—Survivors",
    "Commodore Guff": "can be your commander",
    "Relentless Rats": "A deck can have any number",
    "Seven Dwarves": "A deck can have up to seven",
}


@pytest.mark.parametrize("name", sorted(WORDINGS))
def test_the_wording_is_understood(name: str) -> None:
    gaps = missing(card_db().get(name))
    assert not any(WORDINGS[name] in gap for gap in gaps), gaps


def test_partner_abilities_by_variant() -> None:
    db = card_db()
    assert partner_abilities(db.get("Wilson, Refined Grizzly")) == {"choose a background"}
    assert partner_abilities(db.get("Amy Pond")) == {"partner with Rory Williams", "doctor's companion"}
    assert partner_abilities(db.get("Cecily, Haunted Mage")) == {"partner—friends forever"}
    assert partner_abilities(db.get("Atreus, Impulsive Son")) == {"partner—father & son"}
    assert partner_abilities(db.get("Akiri, Line-Slinger")) == {"partner"}
    assert partner_abilities(db.get("Grizzly Bears")) == frozenset()


def test_a_game_s_commanders_are_paired_by_partner_with() -> None:
    # CR 702.124j: each names the other; 702.124f: different partner abilities don't pair
    Game.new_game([["Mountain"] * 40, ["Wastes"] * 40],
                  commanders=[["Brallin, Skyshark Rider", "Shabraz, the Skyshark"], []])
    with pytest.raises(IllegalActionError, match="702.124a"):
        Game.new_game([["Mountain"] * 40, ["Wastes"] * 40],
                      commanders=[["Brallin, Skyshark Rider", "Akiri, Line-Slinger"], []])
