"""Decks whose boards fill up, and agents that let them (the decks of ``benchmarks/bench_board.py``),
for the tests of the layer system on large boards."""
from __future__ import annotations

from typing import Any

from mtgengine.agents.agents import RandomAgent

LORDS = (["Plains"] * 7 + ["Forest"] * 6 + ["Mountain"] * 6 + ["Island"] * 5
         + ["Glorious Anthem"] * 3 + ["Crusade"] * 2 + ["Honor of the Pure"] * 2 + ["Benalish Marshal"]
         + ["Spidersilk Armor"] + ["Elvish Champion"] * 2 + ["Llanowar Elves"] * 4 + ["Elvish Mystic"] * 3
         + ["Elvish Warrior"] * 2 + ["Goblin King"] * 2 + ["Goblin Chieftain"] + ["Raging Goblin"] * 3
         + ["Goblin Piker"] * 2 + ["Lord of Atlantis"] * 2 + ["Merfolk of the Pearl Trident"] * 3
         + ["Savannah Lions"] * 2 + ["Silvercoat Lion"])
TOKENS = (["Plains"] * 9 + ["Mountain"] * 9 + ["Forest"] * 6
          + ["Doubling Season"] * 3 + ["Parallel Lives"] * 3 + ["Anointed Procession"] * 3
          + ["Raise the Alarm"] * 4 + ["Dragon Fodder"] * 4 + ["Krenko's Command"] * 4
          + ["Secure the Wastes"] * 3 + ["Spectral Procession"] * 2 + ["Hordeling Outburst"] * 3
          + ["Goblin Rally"] * 2 + ["Captain's Call"] * 2 + ["Beetleback Chief"] * 3)


class NoAttack(RandomAgent):
    """A random agent that declares no attackers but those that must attack (CR 508.1d)."""

    def decide(self, decision: Any) -> Any:
        if decision.kind == "attackers":
            return [o for o in decision.options if o in (decision.info.get("required") or ())]
        return super().decide(decision)
