"""``mtg coverage`` reads a coverage table instead of compiling every card: the one shipped in
the package must say what compiling says, and a cached one is used only while it is current."""
from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

from mtgengine.cards import coverage as cov
from mtgengine.cards.database import CardDB

REBUILD = "run `python tools/build_coverage_index.py` (then commit mtgengine/data/coverage_index.json)"


def test_the_shipped_index_agrees_with_the_compiler_for_every_card() -> None:
    # The content, not the inputs hash: any edit of the sources changes the hash (and only
    # makes the first `mtg coverage` compile and cache), while a card implemented or broken
    # changes what the index must say. The release regenerates it (CONTRIBUTING: the tool).
    shipped = json.loads(resources.files("mtgengine").joinpath(cov.INDEX_FILE).read_bytes())
    table = cov.read_table(resources.files("mtgengine").joinpath(cov.INDEX_FILE), shipped["inputs"])
    assert table is not None
    computed = cov.card_table(CardDB.load())          # every card compiled, on every CPU
    differ = [name for name in computed.keys() | table.keys() if computed.get(name) != table.get(name)]
    assert not differ, f"{len(differ)} card(s) differ from the shipped coverage index, e.g. {sorted(differ)[:5]}: {REBUILD}"


def test_the_table_is_the_same_on_one_process_and_on_several() -> None:
    db = CardDB.load()._loaded()
    names = db.names()[:60] + ["Grizzly Bears", "Fire // Ice", "Urza, Lord Protector"]
    small = CardDB([db._lines[i] for n in sorted(set(names)) for i in db._exact[0][n]])
    assert cov.card_table(small, jobs=1) == cov.card_table(small, jobs=2)
    one = cov.card_table(small, jobs=1)
    assert one["Grizzly Bears"] == ("normal", 0, 0)
    assert one["Urza, Lord Protector"][1] == len(cov.missing(small.get("Urza, Lord Protector"))) > 0


@pytest.fixture
def no_shipped_index(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[int]:
    """The shipped index missing, and compiling replaced by a small table; returns how many
    times the cards were compiled."""
    compiled: list[int] = []

    def fake_table(db: CardDB, jobs: int = 0) -> cov.Table:
        compiled.append(1)
        return {"Forest": ("normal", 0, 0), "Urza, Lord Protector": ("meld", 2, 0), "Fire // Ice": ("split", 0, 0),
                "Tempered Steel": ("normal", 0, 1), "Ach! Hans, Run!": ("normal", 0, 0),
                "Academy at Tolaria West": ("planar", 1, 0)}

    monkeypatch.setattr(cov, "INDEX_FILE", "data/no-such-coverage-index.json")
    monkeypatch.setattr(cov, "card_table", fake_table)
    monkeypatch.setenv("MTGENGINE_DATA_DIR", str(tmp_path))
    return compiled


def test_a_computed_table_is_cached_and_read_back(no_shipped_index: list[int], tmp_path: Path) -> None:
    first = cov.coverage()
    assert no_shipped_index == [1]
    assert cov.cache_path() == tmp_path / "cache" / "coverage.json" and cov.cache_path().is_file()
    assert cov.coverage() == first and no_shipped_index == [1]      # read from the cache
    assert first["implemented"] == 3 and first["names"] == ["Forest", "Fire // Ice", "Ach! Hans, Run!"]
    assert first["misparsed"] == 1 and first["misparsed_names"] == ["Tempered Steel"]   # compiles, not counted
    assert first["by_layout"] == {"meld": {"implemented": 0, "total": 1}, "normal": {"implemented": 2, "total": 3},
                                  "planar": {"implemented": 0, "total": 1}, "split": {"implemented": 1, "total": 1}}
    # the paper count leaves out a funny card and a plane (issue 19's "all paper cards")
    assert first["paper"] == {"implemented": 2, "total": 4,
                              "by_layout": {"meld": {"implemented": 0, "total": 1}, "normal": {"implemented": 1, "total": 2},
                                            "split": {"implemented": 1, "total": 1}}}


@pytest.mark.parametrize("damage", ["stale", "garbage", "truncated", "bad row"])
def test_a_stale_or_corrupt_cache_is_refused_and_replaced(no_shipped_index: list[int], damage: str) -> None:
    cov.coverage()
    path = cov.cache_path()
    text = path.read_text(encoding="utf-8")
    damaged = {
        "stale": text.replace(json.loads(text)["inputs"], "0" * 64),
        "garbage": "\x00\xffnot json",
        "truncated": text[: len(text) // 2],
        "bad row": text.replace('"normal", 0, 0]', '"normal", 0, -1]'),
    }[damage]
    assert damaged != text
    path.write_text(damaged, encoding="utf-8")
    assert cov.read_table(path, cov.input_hash()) is None
    cov.coverage()
    assert no_shipped_index == [1, 1]                                # compiled again
    assert cov.read_table(path, cov.input_hash()) is not None         # and cached again


def test_the_inputs_hash_follows_the_overlay(tmp_path: Path) -> None:
    overlay = tmp_path / "cards-overlay.jsonl.gz"
    overlay.write_bytes(b"one")
    with_overlay = cov.input_hash(overlay)
    overlay.write_bytes(b"two")
    assert len({cov.input_hash(), with_overlay, cov.input_hash(overlay)}) == 3
