"""`mtg cards import`: MTGJSON AtomicCards converted to the user's card overlay."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mtgengine.cards.database import CardDB, card_db, overlay_path, reset_card_db
from mtgengine.cards.importer import CardImportError, convert_atomic_cards, import_atomic_cards
from mtgengine.cli import main

SHIPPED = Path(__file__).resolve().parents[2] / "mtgengine" / "data" / "cards.jsonl.gz"


def _japanese(name: str, face_name: str | None = None) -> list[dict[str, str]]:
    entry = {"language": "Japanese", "name": name}
    if face_name:
        entry["faceName"] = face_name
    return [{"language": "German", "name": "Ignoriert"}, entry]


#: AtomicCards-shaped: a replaced normal card, a card the shipped data lacks, a
#: split card, a transform card whose back has its own color indicator, and a
#: meld pair whose melded face is listed under both of its cards.
ATOMIC: dict[str, Any] = {
    "meta": {"date": "2026-01-16", "version": "5.2.2"},
    "data": {
        "Grizzly Bears": [{
            "name": "Grizzly Bears", "layout": "normal", "manaCost": "{1}{G}", "type": "Creature — Bear",
            "text": "Trample", "power": "2", "toughness": "2", "colors": ["G"],
            "foreignData": _japanese("灰色熊"), "identifiers": {"scryfallOracleId": "14c8f55d"},
        }],
        "Zephyr Test Drake": [{
            "name": "Zephyr Test Drake", "layout": "normal", "manaCost": "{3}{U}{U}",
            "type": "Creature — Drake", "text": "Flying", "power": "3", "toughness": "3", "colors": ["U"],
            "foreignData": _japanese("試験の風ドレイク"),
        }],
        "Fire // Ice": [
            {"name": "Fire // Ice", "faceName": "Fire", "side": "a", "layout": "split", "manaCost": "{1}{R}",
             "type": "Instant", "colors": ["R"],
             "text": "Fire deals 2 damage divided as you choose among one or two targets.",
             "foreignData": _japanese("火 // 氷", "火")},
            {"name": "Fire // Ice", "faceName": "Ice", "side": "b", "layout": "split", "manaCost": "{1}{U}",
             "type": "Instant", "colors": ["U"], "text": "Tap target permanent.\nDraw a card.",
             "foreignData": _japanese("火 // 氷", "氷")},
        ],
        "Civilized Scholar // Homicidal Brute": [
            {"name": "Civilized Scholar // Homicidal Brute", "faceName": "Civilized Scholar", "side": "a",
             "layout": "transform", "manaCost": "{2}{U}", "type": "Creature — Human Advisor", "colors": ["U"],
             "power": "0", "toughness": "1", "text": "{T}: Draw a card, then discard a card."},
            {"name": "Civilized Scholar // Homicidal Brute", "faceName": "Homicidal Brute", "side": "b",
             "layout": "transform", "type": "Creature — Human Mutant", "colors": ["R"],
             "colorIndicator": ["R"], "power": "5", "toughness": "1"},
        ],
        "Bruna, the Fading Light // Brisela, Voice of Nightmares": [
            {"name": "Bruna, the Fading Light // Brisela, Voice of Nightmares",
             "faceName": "Bruna, the Fading Light", "side": "a", "layout": "meld", "manaCost": "{5}{W}{W}",
             "type": "Legendary Creature — Angel Horror", "colors": ["W"], "power": "5", "toughness": "7"},
            {"name": "Brisela, Voice of Nightmares", "faceName": "Brisela, Voice of Nightmares", "side": "b",
             "layout": "meld", "type": "Legendary Creature — Eldrazi Angel", "colors": [],
             "power": "9", "toughness": "10"},
        ],
        "Gisela, the Broken Blade // Brisela, Voice of Nightmares": [
            {"name": "Gisela, the Broken Blade // Brisela, Voice of Nightmares",
             "faceName": "Gisela, the Broken Blade", "side": "a", "layout": "meld", "manaCost": "{2}{W}{W}",
             "type": "Legendary Creature — Angel Horror", "colors": ["W"], "power": "4", "toughness": "3"},
            {"name": "Brisela, Voice of Nightmares", "faceName": "Brisela, Voice of Nightmares", "side": "b",
             "layout": "meld", "type": "Legendary Creature — Eldrazi Angel", "colors": [],
             "power": "9", "toughness": "10"},
        ],
    },
}


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A private MTGENGINE_DATA_DIR; the shared database is reloaded around each test."""
    folder = tmp_path / "data"
    monkeypatch.setenv("MTGENGINE_DATA_DIR", str(folder))
    reset_card_db()
    yield folder
    monkeypatch.undo()
    reset_card_db()


def _write(tmp_path: Path, document: Any, name: str = "AtomicCards.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.fixture()
def imported(tmp_path: Path, data_dir: Path) -> CardDB:
    assert main(["cards", "import", str(_write(tmp_path, ATOMIC))]) == 0
    return card_db()


def test_cli_writes_the_overlay_where_it_says(tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "import", str(_write(tmp_path, ATOMIC))]) == 0
    overlay = overlay_path()
    assert capsys.readouterr().out == f"imported 7 cards into {overlay}\n"
    names = [json.loads(line)["name"] for line in gzip.decompress(overlay.read_bytes()).splitlines()]
    assert names == sorted(names)  # Brisela once, though listed under both cards of her pair
    assert names.count("Brisela, Voice of Nightmares") == 1


def test_new_card_is_found_with_its_mana_value_and_japanese_name(imported: CardDB) -> None:
    drake = imported.get("Zephyr Test Drake")
    assert drake.mana_value() == 5  # computed from {3}{U}{U} (CR 202.3), not read from the file
    assert drake.front.colors == ("U",)
    assert imported.get("試験の風ドレイク") is drake
    assert imported.get("zephyr test drake") is drake
    # the 33,424 shipped records (30,999 Oracle, 2,425 supplement) and one new card: the other
    # imported cards replace shipped ones
    assert len(imported) == 30999 + 2425 + 1


def test_overlay_replaces_the_shipped_card_of_the_same_name(imported: CardDB) -> None:
    bears = imported.get("Grizzly Bears")
    assert bears.front.oracle_text == "Trample"
    assert imported.get("灰色熊") is bears


def test_split_card_record_matches_the_shipped_format() -> None:
    converted = {r["name"]: r for r in convert_atomic_cards(ATOMIC["data"], "AtomicCards.json")}
    with gzip.open(SHIPPED, "rt", encoding="utf-8") as fh:
        shipped = next(json.loads(line) for line in fh if line.startswith('{"name":"Fire // Ice"'))
    fire_ice = converted["Fire // Ice"]
    del shipped["oracle_id"]
    for face in fire_ice["faces"]:
        assert face.pop("color_indicator") == []
    assert fire_ice == shipped
    assert list(fire_ice) == list(shipped)
    assert fire_ice["mana_cost"] == "{1}{R} // {1}{U}"


def test_split_card_in_the_database(imported: CardDB) -> None:
    fire_ice = imported.get("火 // 氷")
    assert fire_ice.name == "Fire // Ice"
    assert fire_ice.mana_value() == 4  # CR 709.4b: both halves' costs
    assert [f.name_ja for f in fire_ice.faces] == ["火", "氷"]
    assert imported.get("Ice") is fire_ice


def test_back_face_color_indicator_is_used(imported: CardDB, data_dir: Path) -> None:
    scholar = imported.get("Homicidal Brute")
    front, brute = scholar.faces
    # CR 204.2: the indicator makes the back face red only; the shipped data,
    # without indicators, has to guess blue and red from the card's colors.
    assert brute.color_indicator == ("R",)
    assert brute.colors == ("R",)
    assert front.color_indicator is None and front.colors == ("U",)
    assert scholar.face_mana_value(brute) == 3  # CR 712.8e: the front face's mana cost
    overlay_path().unlink()
    reset_card_db()
    assert card_db().get("Homicidal Brute").faces[1].colors == ("U", "R")


def test_meld_cards_are_cards_of_their_own(imported: CardDB) -> None:
    bruna = imported.get("Bruna, the Fading Light")
    assert bruna.layout == "meld" and len(bruna.faces) == 1
    assert dict(bruna.meld or {}) == {"role": "part", "result": "Brisela, Voice of Nightmares"}
    assert dict(imported.get("Brisela, Voice of Nightmares").meld or {}) == {"role": "result"}


def test_compressed_download_is_read(tmp_path: Path) -> None:
    path = tmp_path / "AtomicCards.json.gz"
    path.write_bytes(gzip.compress(json.dumps(ATOMIC).encode()))
    overlay, count = import_atomic_cards(path)
    assert count == 7 and overlay.is_file()
    assert card_db().get("Zephyr Test Drake").mana_value() == 5


def _drake_changed(field: str, value: str | None) -> dict[str, Any]:
    """ATOMIC with a field of the new card set to ``value`` or, for None, removed."""
    document: dict[str, Any] = json.loads(json.dumps(ATOMIC))
    drake = document["data"]["Zephyr Test Drake"][0]
    if value is None:
        del drake[field]
    else:
        drake[field] = value
    return document


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (None, "cannot read the file"),
        ("{not json", "not JSON"),
        (json.dumps([1, 2]), 'no "data" object'),
        (json.dumps({"data": {"Zephyr Test Drake": {"name": "Zephyr Test Drake"}}}),
         "card 'Zephyr Test Drake': expected a non-empty list of card objects"),
        (json.dumps(_drake_changed("name", None)), "card 'Zephyr Test Drake': missing field 'name'"),
        (json.dumps({"data": {"X": [{"name": "X", "type": "Instant", "text": 3}]}}), "card 'X': field 'text' is not a string"),
        (json.dumps(_drake_changed("manaCost", "{3}{Q}{U")), "card 'Zephyr Test Drake': "),
    ],
    ids=["missing file", "not json", "no data", "not a list", "no name", "wrong type", "bad mana cost"],
)
def test_bad_files_fail_clearly(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str], content: str | None, expected: str
) -> None:
    path = tmp_path / "AtomicCards.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    assert main(["cards", "import", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"mtg cards import: {path}: ")
    assert expected in captured.err
    assert captured.err.count("\n") == 1
    assert not overlay_path().exists()


def test_a_failed_import_keeps_the_previous_overlay(tmp_path: Path, data_dir: Path) -> None:
    import_atomic_cards(_write(tmp_path, ATOMIC))
    before = overlay_path().read_bytes()
    with pytest.raises(CardImportError):
        import_atomic_cards(_write(tmp_path, _drake_changed("name", None), "broken.json"))
    assert overlay_path().read_bytes() == before


def test_a_damaged_overlay_is_reported_with_its_path(data_dir: Path) -> None:
    data_dir.mkdir()
    overlay_path().write_bytes(b"not gzip")
    with pytest.raises(ValueError, match="cards-overlay.jsonl.gz: not a usable card overlay"):
        card_db()


# -- issue 17: bad input is refused and nothing is lost ----------------------------------------
def test_an_empty_import_is_refused_and_keeps_the_previous_overlay(
        tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # used to replace the overlay by one without cards: the earlier import was lost
    import_atomic_cards(_write(tmp_path, ATOMIC))
    before = overlay_path().read_bytes()
    empty = _write(tmp_path, {"meta": {}, "data": {}}, "empty.json")
    assert main(["cards", "import", str(empty)]) == 2
    err = capsys.readouterr().err
    assert err == (f'mtg cards import: {empty}: the "data" object holds no card: nothing to import '
                   "(the card overlay is left as it was)\n")
    assert overlay_path().read_bytes() == before
    assert card_db().get("Zephyr Test Drake").mana_value() == 5


def test_deeply_nested_json_is_refused_in_one_line(tmp_path: Path, data_dir: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    # used to be a RecursionError traceback
    path = tmp_path / "deep.json"
    path.write_text('{"data": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    assert main(["cards", "import", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == f"mtg cards import: {path}: not an MTGJSON AtomicCards file: its JSON nests too deeply\n"
    assert not overlay_path().exists()


def test_a_long_bad_card_name_is_quoted_short(tmp_path: Path, data_dir: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, {"data": {"x" * 100_000: {}}})
    assert main(["cards", "import", str(path)]) == 2
    err = capsys.readouterr().err
    assert "expected a non-empty list of card objects" in err and len(err) < 400


@pytest.mark.parametrize("name", ["", "   ", "!!"])
def test_mtg_card_refuses_a_name_that_names_nothing(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    # used to show the card "_____", whose name normalizes to nothing, as "" does
    assert main(["card", name]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err in ("mtg card: give a card's name, such as 'mtg card Lightning Bolt'\n",
                            "mtg card: unknown card name '!!'\n")
    assert main(["card", "_____"]) == 0 and capsys.readouterr().out.startswith("_____\n")


def test_mtg_card_quotes_a_long_name_short(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["card", "Bolt " * 100_000]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mtg card: a card name has at most 300 characters") and len(err) < 200


def test_a_file_or_its_decompression_over_the_bound_is_refused(
        tmp_path: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a "zip bomb" used to be decompressed whole into memory before any check
    from mtgengine.cards import importer
    monkeypatch.setattr(importer, "MAX_JSON_BYTES", 10_000)
    bomb = tmp_path / "AtomicCards.json.gz"
    bomb.write_bytes(gzip.compress(b" " * 1_000_000))
    with pytest.raises(CardImportError, match=r"decompressed, a card file has at most 10,000 bytes"):
        import_atomic_cards(bomb)
    monkeypatch.setattr(importer, "MAX_FILE_BYTES", 100)
    with pytest.raises(CardImportError, match=r"a card file has at most 100 bytes"):
        import_atomic_cards(_write(tmp_path, ATOMIC))
    assert not overlay_path().exists()
