"""Every scenario under tests/scenarios/ and examples/ runs as its own test (issue 3); the files
under tests/scenarios_invalid/ must each FAIL with the message fragment their header comment names."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from mtgengine.scenario.loader import collect_files, load_file
from mtgengine.scenario.runner import Runner

ROOT = Path(__file__).resolve().parents[1]
VALID = [d for d in collect_files([str(ROOT / "tests" / "scenarios"), str(ROOT / "examples")])]
INVALID = collect_files([str(ROOT / "tests" / "scenarios_invalid")]) if (ROOT / "tests" / "scenarios_invalid").exists() else []


def _docs(files: list[Path]) -> list:
    out = []
    for f in files:
        for doc in load_file(f):
            out.append(pytest.param(doc, id=f"{f.relative_to(ROOT)}::{doc.name}"))
    return out


@pytest.mark.parametrize("doc", _docs(VALID))
def test_scenario(doc) -> None:
    result = Runner(doc).run()
    assert result.passed, "\n".join(result.failures)


@pytest.mark.parametrize("path", INVALID, ids=[str(p.relative_to(ROOT)) for p in INVALID])
def test_invalid_scenario_fails_clearly(path: Path) -> None:
    header = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        header.append(line)
    text = "\n".join(header)
    m = re.search(r'fragment:\s*"([^"]+)"', text, re.IGNORECASE) or \
        re.match(r"#\s*expect:\s*(.+)", text, re.IGNORECASE)
    assert m, f"{path}: the header comment must give the message fragment: '# expect: TEXT' or 'fragment: \"TEXT\"'"
    fragment = m.group(1).strip().strip('"').lower()
    results = [Runner(doc).run() for doc in load_file(path)]
    assert results and not any(r.passed for r in results)
    messages = " | ".join(f for r in results for f in r.failures)
    assert fragment in messages.lower(), messages
    assert "Traceback" not in messages
