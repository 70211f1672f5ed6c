"""Issue 4: every card with a hand-written definition has at least one scenario that uses it."""
from __future__ import annotations

from pathlib import Path

from mtgengine.cards.definitions import load_definitions

ROOT = Path(__file__).resolve().parents[2]


def test_every_defined_card_has_a_scenario() -> None:
    text = "\n".join(p.read_text(encoding="utf-8") for folder in ("tests/scenarios", "examples")
                     for p in (ROOT / folder).rglob("*.yaml"))
    defined = load_definitions()
    assert defined, "no card definitions found"
    missing = [name for name, faces in sorted(defined.items())
               if name not in text and not any(face in text for face in faces)]
    assert not missing, f"cards defined without a scenario: {missing}"
