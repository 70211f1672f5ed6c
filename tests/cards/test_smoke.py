"""Every implemented card passes its smoke test (issue 19, "how implemented is proven"): used
in a constructed position — cast or played, at instant speed in response and in combat, its
abilities activated, a turn cycle played on — the engine neither crashes nor refuses an action
it offered (CR 601.2, 602.2, 608.2). The cards run in batches so a failure names its batch."""
from __future__ import annotations

import pytest

from mtgengine.cards.coverage import implemented_names
from mtgengine.smoke import smoke_card

BATCHES = 16
NAMES = sorted(implemented_names())


@pytest.mark.parametrize("batch", range(BATCHES))
def test_every_implemented_card_passes_its_smoke_test(batch: int) -> None:
    problems = [f"{name}: {p}" for name in NAMES[batch::BATCHES] for p in smoke_card(name).problems]
    assert not problems, "\n".join(problems[:20])


def test_the_smoke_test_finds_a_refused_offer(monkeypatch: pytest.MonkeyPatch) -> None:
    # a smoke test that can't fail proves nothing: an engine that refuses the cast it offered
    # must be reported
    from mtgengine.core.errors import IllegalActionError
    from mtgengine.engine import Game
    submit = Game.submit

    def refuse_casts(self: Game, answer: object) -> None:
        if isinstance(answer, dict) and answer.get("action") == "cast":
            raise IllegalActionError("refused for the test")
        submit(self, answer)
    monkeypatch.setattr(Game, "submit", refuse_casts)
    report = smoke_card("Lightning Bolt")
    assert report.tried and any("refused for the test" in p for p in report.problems)


def test_the_smoke_test_uses_the_card_where_it_can_be_used() -> None:
    assert smoke_card("Counterspell").tried == ["response: action=cast"]
    assert smoke_card("Condemn").tried == ["combat: action=cast"]
    tried = smoke_card("Mind Stone").tried
    assert "hand: action=cast" in tried and any(t.startswith("battlefield: action=activate") for t in tried)
