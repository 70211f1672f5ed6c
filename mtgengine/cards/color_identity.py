"""A card's color identity (CR 903.4): what deck construction checks (CR 903.5c-d) and what
"mana of any color in your commander's color identity" may add (Command Tower)."""
from __future__ import annotations

import re
from typing import Any

from ..core.mana import COLORS


def color_identity(card: Any) -> frozenset[str]:
    """CR 903.4: the colors of the mana symbols in the card's mana costs and rules text (reminder
    text ignored, 903.4c), and its color indicators — of every face, the back face and an
    Adventure included (903.4d-e). A color chosen before the game (903.4b) is added by the caller."""
    colors: set[str] = set()
    for face in card.faces:
        if face.mana_cost is not None:
            for sym in face.mana_cost.symbols:
                colors |= set(sym.colors)
        colors |= set(face.color_indicator or ())
        text = re.sub(r"\([^)]*\)", "", face.oracle_text or "")
        for symbol in re.findall(r"\{([^}]*)\}", text):
            colors |= {c for c in symbol.split("/") if c in COLORS}
    return frozenset(colors)
