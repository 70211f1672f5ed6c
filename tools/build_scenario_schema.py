"""Write the scenario format's JSON Schema shipped in the package (``mtgengine/data/scenario.schema.json``).

The schema is made from ``mtgengine.scenario.fields``, the table the validator reads; run this
after changing that table (tests/test_scenario_schema.py fails until then). ``mtg schema``
prints the same schema.

Usage: ``python tools/build_scenario_schema.py``
"""
from __future__ import annotations

import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))      # this checkout's mtgengine, not an installed one

from mtgengine.scenario.schema import schema_text  # noqa: E402

OUTPUT = REPO_ROOT / "mtgengine/data/scenario.schema.json"

if __name__ == "__main__":
    OUTPUT.write_text(schema_text(), encoding="utf-8")
    print(f"wrote {OUTPUT.relative_to(REPO_ROOT)}")
