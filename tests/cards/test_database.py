"""The card database: characteristics built from the shipped data, and lookup."""

from __future__ import annotations

import json

import pytest

from mtgengine.cards.card_command import card_json, format_card
from mtgengine.cards.database import (
    CardData,
    CardDB,
    UnknownCardError,
    card_db,
    normalize_name,
    parse_type_line,
)


@pytest.fixture(scope="module")
def db() -> CardDB:
    return card_db()


# --- characteristics -------------------------------------------------------------


def test_grizzly_bears(db: CardDB) -> None:
    bears = db.get("Grizzly Bears")
    assert bears.name_ja == "灰色熊"
    assert bears.layout == "normal"
    assert len(bears.faces) == 1
    face = bears.front
    assert str(face.mana_cost) == "{1}{G}"
    assert face.supertypes == ()
    assert face.types == ("Creature",)
    assert face.subtypes == ("Bear",)
    assert (face.power, face.toughness) == ("2", "2")
    assert face.colors == ("G",)
    assert face.color_indicator is None
    assert bears.mana_value() == 2


def test_split_card_mana_value_combines_halves_off_the_stack(db: CardDB) -> None:
    # CR 709.4b: Fire // Ice has mana value 4 outside the stack, not 2.
    fire_ice = db.get("Fire // Ice")
    assert fire_ice.mana_value() == 4
    assert str(fire_ice.mana_cost) == "{1}{R}{1}{U}"
    assert fire_ice.colors == ("U", "R")
    assert [f.name for f in fire_ice.faces] == ["Fire", "Ice"]
    assert [f.mana_value() for f in fire_ice.faces] == [2, 2]
    # CR 709.4c: each card type of either half.
    assert db.get("Commit // Memory").types == ("Instant", "Sorcery")
    assert db.get("Commit // Memory").mana_value() == 10  # aftermath is a split card
    assert db.get("Smelt // Herd // Saw").mana_value() == 9


def test_delver_back_face_is_blue_without_mana_cost(db: CardDB) -> None:
    delver = db.get("Delver of Secrets // Insectile Aberration")
    back = delver.faces[1]
    assert back.name == "Insectile Aberration"
    assert back.mana_cost is None
    assert back.color_indicator == ("U",)
    assert back.colors == ("U",)
    assert (back.power, back.toughness) == ("3", "2")
    assert delver.mana_value() == 1  # CR 712.8a: front face outside the battlefield
    assert back.mana_value() == 0
    # CR 202.3b: the back face uses its front face's mana cost.
    assert delver.face_mana_value(back) == 1


def test_no_mana_cost_is_not_zero_cost(db: CardDB) -> None:
    evermind = db.get("Evermind")
    assert evermind.front.mana_cost is None  # CR 202.1b
    assert evermind.mana_cost is None
    assert evermind.mana_value() == 0  # CR 202.3a
    assert evermind.front.colors == ("U",)  # blue color indicator
    assert db.get("Ancestral Vision").front.colors == ("U",)
    arbor = db.get("Dryad Arbor")
    assert arbor.front.colors == ("G",)
    assert arbor.front.types == ("Land", "Creature")
    assert db.get("Forest").front.colors == ()
    # "{0}" is a real cost of zero: Ornithopter has one.
    assert str(db.get("Ornithopter").front.mana_cost) == "{0}"


def test_land_faces_of_double_faced_cards_are_colorless(db: CardDB) -> None:
    emeria = db.get("Emeria's Call")
    assert emeria.mana_value() == 7
    assert emeria.faces[1].types == ("Land",)
    assert emeria.faces[1].colors == ()
    hostel = db.get("Hostile Hostel // Creeping Inn")
    assert hostel.front.colors == ()
    assert hostel.faces[1].colors == ("B",)


def test_other_layouts_use_the_front_face(db: CardDB) -> None:
    assert db.get("Bonecrusher Giant").mana_value() == 3  # CR 715.4
    assert db.get("Bonecrusher Giant").faces[1].subtypes == ("Adventure",)
    flip = db.get("Akki Lavarunner")
    assert flip.layout == "flip"
    # CR 710.1c: a flipped permanent keeps the card's mana cost and color.
    assert str(flip.faces[1].mana_cost) == "{3}{R}"
    assert flip.faces[1].colors == ("R",)
    assert flip.faces[1].supertypes == ("Legendary",)
    assert db.get("Barkchannel Pathway").mana_value() == 0


def test_meld_cards(db: CardDB) -> None:
    gisela = db.get("Gisela, the Broken Blade")
    assert gisela.meld == {"role": "part", "result": "Brisela, Voice of Nightmares"}
    brisela = db.get("Brisela, Voice of Nightmares")
    assert brisela.meld == {"role": "result"}
    assert brisela.front.mana_cost is None
    assert brisela.mana_value() == 0


def test_battle(db: CardDB) -> None:
    alara = db.get("Invasion of Alara")
    front = alara.front
    assert front.types == ("Battle",)
    assert front.subtypes == ("Siege",)  # CR 205.3q
    assert alara.mana_value() == 5
    # CR 310.4: a battle's printed defense, from the corrections (the Oracle records lack it);
    # the back face, a sorcery, has none.
    assert front.defense == "7"
    assert alara.faces[1].defense is None


def test_mana_symbols_in_card_costs(db: CardDB) -> None:
    assert db.get("Reaper King").mana_value() == 10
    assert db.get("Dismember").mana_value() == 3
    assert db.get("Kitchen Finks").colors == ("W", "G")
    assert db.get("Hangarback Walker").mana_value() == 0
    assert db.get("Ulalek, Fused Atrocity").colors == ("W", "U", "B", "R", "G")


def test_tribal_is_read_as_kindred(db: CardDB) -> None:
    tarfire = db.get("Tarfire")
    assert tarfire.front.type_line == "Tribal Instant — Goblin"
    assert tarfire.front.types == ("Kindred", "Instant")  # CR 308.3


def test_card_face_lookup(db: CardDB) -> None:
    fire_ice = db.get("Fire // Ice")
    assert fire_ice.face("Ice") is fire_ice.faces[1]
    assert fire_ice.face("ICE") is fire_ice.faces[1]
    with pytest.raises(KeyError):
        fire_ice.face("Steam")


def test_every_card_builds(db: CardDB) -> None:
    layouts = set()
    for name in db.names():
        card = db.get(name)
        assert card.faces
        assert card.mana_value() >= 0
        layouts.add(card.layout)
    assert {"normal", "split", "transform", "modal_dfc", "flip", "adventure", "meld"} <= layouts


# --- type lines -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Legendary Snow Creature — Time Lord Doctor",
         (("Legendary", "Snow"), ("Creature",), ("Time Lord", "Doctor"))),
        ("Basic Land — Forest", (("Basic",), ("Land",), ("Forest",))),
        ("Plane — Bolas’s Meditation Realm", ((), ("Plane",), ("Bolas’s Meditation Realm",))),
        ("Artifact Creature -- Construct", ((), ("Artifact", "Creature"), ("Construct",))),
        ("Creature Human Soldier", ((), ("Creature",), ("Human", "Soldier"))),
        ("Kindred Sorcery — Eldrazi", ((), ("Kindred", "Sorcery"), ("Eldrazi",))),
        ("Phenomenon", ((), ("Phenomenon",), ())),
    ],
)
def test_parse_type_line(line: str, expected: tuple) -> None:
    assert parse_type_line(line) == expected


# --- lookup --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "name"),
    [
        ("Fire // Ice", "Fire // Ice"),
        ("fire//ice", "Fire // Ice"),
        ("Fire", "Fire // Ice"),  # face name; beats the Un-set Start // Fire
        ("Ice", "Fire // Ice"),
        ("Delver of Secrets", "Delver of Secrets // Insectile Aberration"),
        ("insectile aberration", "Delver of Secrets // Insectile Aberration"),
        ("灰色熊", "Grizzly Bears"),
        ("倍増の季節", "Doubling Season"),
        ("昆虫の逸脱者", "Delver of Secrets // Insectile Aberration"),  # Japanese face name
        ("火 // 氷", "Fire // Ice"),
        ("lim-dul's vault", "Lim-Dûl's Vault"),
        ("LIM DULS VAULT", "Lim-Dûl's Vault"),
        ("seance", "Séance"),
        ("SÉANCE", "Séance"),
        ("ＧＲＩＺＺＬＹ　ＢＥＡＲＳ", "Grizzly Bears"),  # NFKC: full-width letters
        ("jotun grunt", "Jötun Grunt"),
        ("Akki Lavarunner", "Akki Lavarunner // Tok-Tok, Volcano Born"),
        ("tok tok volcano born", "Akki Lavarunner // Tok-Tok, Volcano Born"),
    ],
)
def test_lookup(db: CardDB, query: str, name: str) -> None:
    assert db.get(query).name == name
    assert query in db


def test_japanese_voiced_marks_are_not_stripped() -> None:
    assert normalize_name("ドゥール") != normalize_name("トゥール")
    assert normalize_name("リム＝ドゥールの櫃") == "リムドゥールの櫃"


def test_unknown_card_suggests_close_names(db: CardDB) -> None:
    with pytest.raises(UnknownCardError) as info:
        db.get("Grizly Bears")
    error = info.value
    assert isinstance(error, KeyError)
    assert error.name == "Grizly Bears"
    assert error.suggestions[0] == "Grizzly Bears"
    assert str(error).startswith("unknown card name 'Grizly Bears' (did you mean: Grizzly Bears")
    assert db.find("Grizly Bears") is None
    assert "Grizly Bears" not in db
    assert db.suggest("Lightnig Bolt")[0] == "Lightning Bolt"
    assert db.suggest("Brizzly Bears")[0] == "Grizzly Bears"  # typo in the first letter
    assert db.suggest("灰色態") == ["灰色熊"]
    assert db.suggest("!!!") == []
    assert str(UnknownCardError("Zzzz")) == "unknown card name 'Zzzz'"


def test_suggestions_for_typos(db: CardDB) -> None:
    for typo, name in (("Serra Angle", "Serra Angel"), ("Counterspel", "Counterspell"),
                       ("Delver of Secret", "Delver of Secrets")):
        assert db.suggest(typo)[0] == name


def test_loading_gives_every_record_and_a_singleton() -> None:
    """Speed of loading and suggesting is measured in benchmarks/bench_cards.py, not here."""
    # 30,999 Oracle records and the 2,425 cards of the supplement (tools/build_card_data.py)
    assert len(CardDB.load()) == 30999 + 2425
    assert card_db() is card_db()


def test_names_len_contains(db: CardDB) -> None:
    names = db.names()
    assert names == sorted(names)
    assert len(names) == len(set(names))
    assert "Fire // Ice" in names
    assert "Fire" not in names  # a face name, not a full name
    assert len(db) >= len(names)
    assert 42 not in db  # type: ignore[operator]


def test_get_returns_the_same_cached_card(db: CardDB) -> None:
    assert db.get("Grizzly Bears") is db.get("grizzly bears")


# --- lookup priorities, on a hand-made database -----------------------------------


def _record(name: str, **fields: object) -> bytes:
    record = {"name": name, "layout": "normal", "type_line": "Creature — Bear", **fields}
    return json.dumps(record, ensure_ascii=False).encode()


def _two_faced(name: str, **fields: object) -> bytes:
    front, back = name.split(" // ")
    faces = [
        {"name": front, "mana_cost": "{1}", "type_line": "Instant", "side": "a"},
        {"name": back, "mana_cost": "{2}", "type_line": "Sorcery", "side": "b"},
    ]
    record = {"name": name, "layout": "split", "type_line": "Instant // Sorcery", "faces": faces, **fields}
    return json.dumps(record).encode()


def test_full_name_beats_face_name_beats_japanese() -> None:
    db = CardDB(
        [
            _record("Alpha", name_ja="Gamma"),
            _two_faced("Beta // Gamma"),
            _record("Gamma // Delta"),
            _two_faced("Omega // Alpha"),
        ]
    )
    assert db.get("Alpha").name == "Alpha"  # full name over Omega // Alpha's face
    assert db.get("Gamma").name == "Beta // Gamma"  # face name over Japanese
    assert db.get("gamma").name == "Beta // Gamma"
    assert db.get("Omega").name == "Omega // Alpha"


def test_ordinary_card_beats_funny_or_digital_one() -> None:
    db = CardDB(
        [
            _two_faced("Aaa // Fire", flags=["funny"]),
            _two_faced("Bbb // Fire", flags=["digital_only"]),
            _two_faced("Ccc // Fire"),
            _record("Spy", flags=["funny"], oracle_text="first"),
            _record("Spy", flags=["funny"], oracle_text="second"),
        ]
    )
    assert db.get("Fire").name == "Ccc // Fire"
    assert db.get("Spy").front.oracle_text == "first"  # then file order
    assert len(db) == 5
    assert db.names() == ["Aaa // Fire", "Bbb // Fire", "Ccc // Fire", "Spy"]


def test_exact_spelling_beats_normalized_match() -> None:
    db = CardDB([_record("Ice-Cage"), _two_faced("Fire // Ice Cage")])
    assert db.get("Ice Cage").name == "Fire // Ice Cage"
    assert db.get("ice cage").name == "Ice-Cage"  # normalized: full name tier first


def test_malformed_data_line_is_rejected() -> None:
    with pytest.raises(ValueError):
        CardDB([b'{"layout":"normal","name":"X"}'])


def test_from_record_matches_the_database(db: CardDB) -> None:
    record = {"name": "Test Bear", "layout": "normal", "mana_cost": "{G/W}", "type_line": "Creature — Bear",
              "power": "2", "toughness": "2", "colors": ["G", "W"]}
    card = CardData.from_record(record)
    assert card.mana_value() == 1
    assert card.colors == ("W", "G")
    assert card.flags == ()
    assert hash(card) == hash(CardData.from_record(record))


# --- card command -----------------------------------------------------------------


def test_format_card(db: CardDB) -> None:
    text = format_card(db.get("Grizzly Bears"))
    lines = text.splitlines()
    assert lines[0] == "Grizzly Bears (灰色熊)"
    assert "Mana cost: {1}{G}  Mana value: 2" in lines
    assert "Type: Creature — Bear" in lines
    assert "P/T: 2/2" in lines
    assert lines[-1] == "Implemented: unknown"
    assert format_card(db.get("Grizzly Bears"), lang="ja").startswith("灰色熊 (Grizzly Bears)")
    assert format_card(db.get("Grizzly Bears"), implemented=True).endswith("Implemented: yes")
    assert format_card(db.get("Grizzly Bears"), implemented=False).endswith("Implemented: no")
    with pytest.raises(ValueError):
        format_card(db.get("Grizzly Bears"), lang="fr")


def test_format_multi_face_card(db: CardDB) -> None:
    text = format_card(db.get("Fire // Ice"), lang="ja")
    assert text.startswith("火 // 氷 (Fire // Ice)\nLayout: split  Mana value: 4")
    assert "-- 火 (Fire) --" in text
    assert "Tap target permanent." in text
    delver = format_card(db.get("Delver of Secrets"))
    assert "Mana cost: (no mana cost)  Mana value: 1" in delver
    assert "Color indicator: U" in delver


def test_card_json(db: CardDB) -> None:
    data = card_json(db.get("Fire // Ice"), implemented=None)
    assert json.loads(json.dumps(data)) == data
    assert data["name"] == "Fire // Ice"
    assert data["mana_value"] == 4
    assert data["mana_cost"] == "{1}{R}{1}{U}"
    assert data["colors"] == ["U", "R"]
    assert data["types"] == ["Instant"]
    assert data["implemented"] is None
    assert [f["mana_value"] for f in data["faces"]] == [2, 2]
    assert data["faces"][0]["name_ja"] == "火"
    evermind = card_json(db.get("Evermind"), implemented=True)
    assert evermind["mana_cost"] is None
    assert evermind["mana_value"] == 0
    assert evermind["faces"][0]["color_indicator"] == ["U"]
    assert evermind["implemented"] is True


def test_shipped_name_index_matches_the_shipped_data() -> None:
    """The prebuilt index (``mtg card`` starts fast with it) is current: same CRC-32 as the data,
    and the same tables the loader would build (regenerate with tools/build_card_data.py)."""
    import gzip
    import json
    import zlib
    from importlib import resources

    from mtgengine.cards import database

    data = resources.files("mtgengine").joinpath("data/cards.jsonl.gz").read_bytes()
    raw = resources.files("mtgengine").joinpath(database.INDEX_FILE).read_bytes()
    index = json.loads(gzip.decompress(raw))
    assert index["crc32"] == zlib.crc32(data)
    built = database.name_index(database._data_lines(data))
    assert {k: index[k] for k in built} == built


def test_shipped_member_table_matches_the_shipped_data() -> None:
    """The table of the data file's gzip members (a card asked for by its full name is read from
    its member alone) is current: made from these bytes (regenerate with tools/build_card_data.py)."""
    from importlib import resources

    from mtgengine.cards import database

    data = resources.files("mtgengine").joinpath("data/cards.jsonl.gz").read_bytes()
    table = json.loads(resources.files("mtgengine").joinpath(database.BLOCKS_FILE).read_bytes())
    assert table == database.block_table(data)
    assert len(table["offsets"]) > 3, "the data file should be a series of gzip members"


def test_lookups_read_from_members_find_what_the_whole_index_finds() -> None:
    """A database reading only the members of the cards asked for by full name finds the same
    cards, under the same line numbers, as one that read everything; any other lookup (a face
    name, a Japanese name, a misspelling) reads everything first."""
    import random
    from importlib import resources

    from mtgengine.cards import database

    data = resources.files("mtgengine").joinpath("data/cards.jsonl.gz").read_bytes()
    whole = CardDB(database._data_lines(data))
    full_index = whole._exact[0]
    blocks = database._shipped_blocks(data)
    assert blocks is not None
    names = sorted(full_index)
    # every member's first and last names, the names shared by several cards, and a sample
    edges = {n for i, n in enumerate(names) if n in blocks.first_names or names[i - 1] in blocks.first_names}
    shared = {n for n, lines in full_index.items() if len(lines) > 1}
    sample = set(random.Random(7).sample(names, 1500))
    for name in sorted(edges | shared | sample):
        assert blocks.full_name(name) == full_index[name], name
    assert blocks.full_name("Not A Card") == [] and blocks.full_name("") == []

    lazy = CardDB.load()
    assert lazy._blocks is not None and len(lazy) == len(whole)
    for name in ["Sly Spy", "Forest", "Grizzly Bears", names[0], names[-1]]:
        assert lazy.find(name) == whole.find(name)
    assert lazy._blocks is not None                  # full names only: nothing else was read
    for name in ["Ice", "灰色熊", "grizzly bears", "Insectile Aberration"]:
        assert lazy.find(name) == whole.find(name)
    assert lazy._blocks is None                      # a face name read everything

    # one CardData per card: what was read from a member is the card found after the full read
    lazy = CardDB.load()
    bears = lazy.get("Grizzly Bears")
    assert lazy.get("灰色熊") is bears and lazy._blocks is None
