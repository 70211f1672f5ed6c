"""Cases (CR 719.3): the "Solved —" abilities apply only while the Case is solved, a designation
that isn't copiable and is lost when the Case leaves the battlefield (CR 719.3b-c)."""
from __future__ import annotations

from mtgengine.cards.database import card_db
from mtgengine.cards.scripts import face_script
from mtgengine.effects.layers import characteristics
from mtgengine.scenario.builder import Scenario

GATEWAY = "Case of the Gateway Express"


def _power(s: Scenario, name: str) -> int:
    g = s.game.state
    (oid,) = [o for o in g.battlefield if characteristics(g, o).name == name]
    power = characteristics(g, oid).power
    assert power is not None
    return power


def test_solved_compiles_apart_from_the_always_on_abilities() -> None:
    script = face_script(card_db().get(GATEWAY).faces[0])
    assert script.solved is not None
    assert [s.text for s in script.solved.static] == ["Solved — Creatures you control get +1/+0."]
    assert not any("+1/+0" in s.text for s in script.static)


def test_solved_abilities_apply_only_while_solved() -> None:
    s = Scenario("solved", allow_unimplemented=True, Alice={"battlefield": [GATEWAY, "Grizzly Bears"]}, Bob={})
    assert _power(s, "Grizzly Bears") == 2
    g = s.game.state
    (case,) = [o for o in g.battlefield if characteristics(g, o).name == GATEWAY]
    g.obj(case).choices["solved"] = True          # (what the Solve effect sets, CR 719.3a)
    g.changed()
    assert _power(s, "Grizzly Bears") == 3
