"""Deck lists as players export them (issue 22): a sample of each format in tests/decks/, read to
the same deck, and malformed relatives of each refused with the file, the line and the cause."""
from __future__ import annotations

import doctest
from collections import Counter
from pathlib import Path

import pytest

from mtgengine import decklist
from mtgengine.core.errors import DeckError
from mtgengine.decklist import detect_format, load_deck, parse_deck

DECKS = Path(__file__).resolve().parents[1] / "decks"

BURN_MAIN = {"Monastery Swiftspear": 4, "Goblin Guide": 4, "Eidolon of the Great Revel": 4, "Lightning Bolt": 4,
             "Chain Lightning": 4, "Lava Spike": 4, "Rift Bolt": 4, "Skewer the Critics": 4, "Searing Blaze": 4,
             "Skullcrack": 4, "Mountain": 20}
BURN_SIDE = {"Smash to Smithereens": 3, "Searing Blood": 3, "Pyroblast": 3, "Kor Firewalker": 3, "Roiling Vortex": 3}


def test_the_module_examples_hold() -> None:
    assert doctest.testmod(decklist).failed == 0


@pytest.mark.parametrize(("file", "fmt", "name"), [
    ("arena_burn.txt", "arena", "Mono-Red Burn"),       # Deck/Sideboard headers, set codes, About/Name
    ("mtgo_burn.txt", "mtgo", None),                    # main, blank line, sideboard
    ("mtgo_burn.dek", "mtgo-dek", None),                # MTGO's XML
    ("forge_burn.dck", "forge", "Modern Burn"),         # [metadata], [Main], [Sideboard], Name|SET|art
    ("moxfield_burn.txt", "moxfield", None),            # *F* *E*, #tags, SIDEBOARD:
    ("sb_lines.txt", "text", None),                     # SB: lines
])
def test_every_format_reads_the_same_sixty_and_fifteen(file: str, fmt: str, name: str | None) -> None:
    deck = load_deck(DECKS / file)
    assert Counter(deck.main) == BURN_MAIN and len(deck.main) == 60
    assert Counter(deck.sideboard) == BURN_SIDE and len(deck.sideboard) == 15
    assert deck.commander == [] and deck.companion == []
    assert (deck.format, deck.name) == (fmt, name)


def test_an_mtgo_blank_line_sideboard_is_the_sideboard_not_the_main_deck() -> None:
    # it used to be merged into the main deck without a word
    deck = parse_deck("4 Lightning Bolt\n20 Mountain\n\n3 Pyroblast\n")
    assert Counter(deck.main) == {"Lightning Bolt": 4, "Mountain": 20}
    assert deck.sideboard == ["Pyroblast"] * 3
    assert "line 4" in deck.notes[0] and "sideboard" in deck.notes[0]
    # with a header the list says where its cards go, and blank lines only space it out
    labeled = parse_deck("Deck\n4 Lightning Bolt\n\n20 Mountain\n")
    assert len(labeled.main) == 24 and labeled.sideboard == [] and labeled.notes == []


def test_a_headerless_list_in_three_groups_is_refused_not_guessed() -> None:
    with pytest.raises(DeckError, match=r"groups\.txt, line 5 \('20 Mountain'\): blank lines split this list "
                                        r"into 3 groups.*'Sideboard'"):
        parse_deck("4 Goblin Guide\n\n4 Lightning Bolt\n\n20 Mountain\n", source="groups.txt")


def test_arena_commander_and_companion_sections() -> None:
    deck = load_deck(DECKS / "arena_companion.txt")
    assert deck.companion == ["Lurrus of the Dream-Den"]
    assert len(deck.main) == 60 and Counter(deck.sideboard) == {"Lurrus of the Dream-Den": 1, "Path to Exile": 3}
    brawl = parse_deck("Commander\n1 Krenko, Mob Boss (M13) 139\n\nDeck\n59 Mountain (ZNR) 276\n")
    assert brawl.commander == ["Krenko, Mob Boss"] and brawl.main == ["Mountain"] * 59


@pytest.mark.parametrize("file", ["archidekt_krenko.txt", "forge_krenko.dck"])
def test_commander_decks_of_archidekt_and_forge(file: str) -> None:
    deck = load_deck(DECKS / file)
    assert deck.commander == ["Krenko, Mob Boss"]
    assert len(deck.main) == 99 and deck.sideboard == []
    assert Counter(deck.main)["Mountain"] == 32 and "Goblin Matron" in deck.main and "Sol Ring" in deck.main
    assert "Goblin Electromancer" not in deck.main       # Archidekt's maybeboard is no part of the deck


def test_archidekt_categories_place_cards_and_tags_are_ignored() -> None:
    deck = parse_deck("1x Krenko, Mob Boss (m13) 139 [Commander{top}]\n"
                      "1x Goblin Matron (uma) 136 [Creature,Tutor] ^Have,#37d67a^\n"
                      "1x Pyroblast (ice) 213 [Sideboard]\n"
                      "1x Goblin Electromancer (grn) 174 [Maybeboard{noDeck}{noPrice}]\n"
                      "1x Shock [Considering{noDeck}]\n"
                      "40x Mountain (znr) 276 [Land]\n")
    assert deck.commander == ["Krenko, Mob Boss"] and deck.sideboard == ["Pyroblast"]
    assert Counter(deck.main) == {"Goblin Matron": 1, "Mountain": 40}
    assert deck.format == "archidekt" and "2 maybeboard card(s) left out" in deck.notes[0]


def test_category_headers_go_to_the_main_deck_and_count_headers_are_headers() -> None:
    deck = parse_deck("Commander\n1 Krenko, Mob Boss\n\nCreatures (1)\n1 Goblin Guide\nRamp\n1 Sol Ring\n"
                      "Sideboard (1)\n1 Pyroblast\nMaybeboard:\n1 Shock\n")
    assert deck.commander == ["Krenko, Mob Boss"]
    assert deck.main == ["Goblin Guide", "Sol Ring"] and deck.sideboard == ["Pyroblast"]


def test_moxfield_markers_tags_and_an_un_card_with_parentheses() -> None:
    deck = parse_deck("1x Lightning Bolt (2XM) 141 *F* #Burn #!Staple\n1 Goblin Guide (ZEN) 126 *E*\n"
                      "1 Hazmat Suit (Used)\n1 B.F.M. (Big Furry Monster)\n")
    assert deck.main == ["Lightning Bolt", "Goblin Guide", "Hazmat Suit (Used)", "B.F.M. (Big Furry Monster)"]


def test_forge_sections_of_other_game_types_are_left_out_with_a_note() -> None:
    deck = parse_deck("[metadata]\nName=Planar\n[main]\n40 Mountain|M19\n[Planes]\n1 Akoum|HOP\n", source="p.dck")
    assert deck.main == ["Mountain"] * 40 and "[Planes]: 1 card(s) left out" in deck.notes[0]


def test_the_extension_is_a_hint_and_the_content_decides() -> None:
    assert detect_format("<?xml version='1.0'?><Deck/>", "deck.txt") == "mtgo-dek"
    assert detect_format("[Main]\n4 Mountain|M19\n", "deck.txt") == "forge"
    assert detect_format("4 Mountain|M19\n", "burn.dck") == "forge"      # a .dck without sections
    assert detect_format("4 Mountain\n", "burn.dek") == "text"           # an MTGO .txt saved as .dek


# -- malformed relatives: the file, the line and the cause ----------------------------------------
@pytest.mark.parametrize(("name", "content", "message"), [
    ("bad.dek", '<?xml version="1.0"?>\n<Deck>\n  <Cards Quantity="4" Sideboard="false" Name="Lightning Bolt">\n'
                "</Deck>\n", r"bad\.dek, line 4: not a readable MTGO \.dek file: mismatched tag"),
    ("bad.dek", '<Deck>\n<Cards Quantity="four" Sideboard="false" Name="Shock"/>\n</Deck>\n',
     r"bad\.dek, line 2 \(.*Shock.*\): Quantity must be a whole number, got 'four'"),
    ("bad.dek", '<Deck>\n<Cards Quantity="4" Sideboard="maybe" Name="Shock"/>\n</Deck>\n',
     r"bad\.dek, line 2 .*Sideboard is 'true' or 'false', got 'maybe'"),
    ("bad.dek", '<Deck>\n<Cards Quantity="4" Sideboard="false"/>\n</Deck>\n', r"line 2 .*needs a Name"),
    ("bad.dek", '<Deck>\n<Cards Quantity="4" Sideboard="false" Name="Lightnig Bolt"/>\n</Deck>\n',
     r"line 2 .*unknown card name 'Lightnig Bolt' \(did you mean: Lightning Bolt"),
    ("bad.dek", '<Deckk>\n</Deckk>\n', r"bad\.dek, line 1: expected an MTGO deck \(<Deck>\), found <Deckk>"),
    ("bad.dek", '<Deck>\n<Cards Quantity="9999999" Sideboard="false" Name="Shock"/>\n</Deck>\n',
     r"line 2 .*at most 10,000 cards"),
    ("bad.dck", "[metadata]\nName=Burn\n[Main]\n4 Lightnig Bolt|M10\n",
     r"bad\.dck, line 4 \('4 Lightnig Bolt\|M10'\): unknown card name 'Lightnig Bolt'"),
    ("bad.dck", "[metadata]\nName Burn\n[Main]\n4 Shock\n", r"bad\.dck, line 2 .*'Key=Value'"),
    ("bad.dck", "[Main]\nMountain|M19\n", r"bad\.dck, line 2 .*expected '<count> <card name>'"),
    ("bad.dck", "[Mian]\n4 Shock\n", r"bad\.dck, line 1 .*unknown Forge section"),
    ("bad.txt", "Deck\n4 Lightning Bolt (M10) 146\n4\n", r"bad\.txt, line 3 \('4'\): expected '<count> <card name>'"),
    ("bad.txt", "4 Lightning Bolt\nSB: Pyroblast\n", r"bad\.txt, line 2 \('SB: Pyroblast'\): expected"),
    ("bad.txt", "1x Lightning Bolt (2XM) 141 *F*\n0x Shock\n", r"line 2 .*the count must be at least 1"),
    ("bad.txt", "1x Sol Ring [Ramp]\n1x Sol Rnig [Ramp]\n", r"line 2 .*unknown card name 'Sol Rnig'"),
])
def test_malformed_files_name_the_file_the_line_and_the_cause(tmp_path: Path, name: str, content: str,
                                                              message: str) -> None:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    with pytest.raises(DeckError, match=message) as err:
        load_deck(path)
    assert str(err.value).startswith(str(path))


@pytest.mark.parametrize("doctype", [
    # billion laughs: entities of entities
    '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>\n'
    '<Deck><Cards Quantity="1" Sideboard="false" Name="&lol2;"/></Deck>\n',
    # an external entity: a file of the machine
    '<?xml version="1.0"?>\n<!DOCTYPE d [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n'
    '<Deck><Cards Quantity="1" Sideboard="false" Name="&xxe;"/></Deck>\n',
])
def test_a_dek_with_a_document_type_or_entities_is_refused_unexpanded(tmp_path: Path, doctype: str) -> None:
    path = tmp_path / "evil.dek"
    path.write_text(doctype, encoding="utf-8")
    with pytest.raises(DeckError, match=r"evil\.dek, line 2: an MTGO \.dek file has no document type"):
        load_deck(path)


def test_unknown_names_can_be_collected_instead_of_raised() -> None:
    deck = parse_deck("4 Lightnig Bolt\n20 Mountain\n\n2 Pyroblats\n", collect_unknown=True)
    assert deck.main == ["Mountain"] * 20
    assert [(u.line, u.name, u.count, u.section) for u in deck.unknown] == [
        (1, "Lightnig Bolt", 4, "main"), (4, "Pyroblats", 2, "sideboard")]
    assert "Lightning Bolt" in deck.unknown[0].suggestions and "Pyroblast" in deck.unknown[1].suggestions
