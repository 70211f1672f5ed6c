"""``simulate`` times the games only: the decks' cards are looked up and compiled before its
timer starts (as the phase.rs peer loads its cards before it times games)."""
from __future__ import annotations

import pytest

from mtgengine import simulate as sim
from mtgengine.cards.database import UnknownCardError
from mtgengine.effects import layers, printed_values


def test_cards_are_resolved_before_the_timer_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    events: list[str] = []
    resolve, clock = sim.resolve_cards, sim.time.perf_counter

    def resolving(decks: list[list[str]]) -> None:
        events.append("resolve")
        resolve(decks)

    def timing() -> float:
        events.append("clock")
        return clock()

    monkeypatch.setattr(sim, "resolve_cards", resolving)
    monkeypatch.setattr(sim.time, "perf_counter", timing)
    deck = ["Forest"] * 20 + ["Grizzly Bears"] * 10 + ["Fire // Ice"] * 10
    sim.simulate(1, 0, deck, deck, turn_cap=2)
    assert events[:2] == ["resolve", "clock"]


def test_resolve_compiles_every_face_and_refuses_unknown_names() -> None:
    sim.resolve_cards([["Fire // Ice", "Forest"]])
    assert {("Fire // Ice", 0), ("Fire // Ice", 1), ("Fire // Ice", layers.COMBINED), ("Forest", 0)} <= set(printed_values._BASE)
    with pytest.raises(UnknownCardError):
        sim.resolve_cards([["Forest", "Grizly Bears"]])
