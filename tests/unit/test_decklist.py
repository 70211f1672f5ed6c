"""Deck lists: the text forms people paste (Arena exports, ``4x``, set codes) and the errors
they get for a typo, which must point at the line to fix."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from mtgengine.core.errors import DeckError
from mtgengine.decklist import REFERENCE_DECK, load_deck, parse_deck

ARENA_EXPORT = """\
Deck
4 Lightning Bolt (M10) 146
20 Mountain (ZNR) 276
2 Shock (M21) 159 *F*

Sideboard
3 Giant Growth (M10) 180
"""


def test_arena_export_splits_main_deck_and_sideboard() -> None:
    deck = parse_deck(ARENA_EXPORT)
    assert Counter(deck.main) == {"Lightning Bolt": 4, "Mountain": 20, "Shock": 2}
    assert deck.main[:5] == ["Lightning Bolt"] * 4 + ["Mountain"]  # the list's order is kept
    assert deck.sideboard == ["Giant Growth"] * 3


def test_plain_list_with_x_counts_comments_and_loose_spelling() -> None:
    # comments: a list written by a person, whose blank lines only space it out
    text = "// burn\n# also a comment\n4x lightning bolt\n2X Forest\n\n1 fire // ice\n1 Shock (M21)\n"
    deck = parse_deck(text)
    assert deck.main == ["Lightning Bolt"] * 4 + ["Forest"] * 2 + ["Fire // Ice", "Shock"]
    assert deck.sideboard == []


def test_commander_and_companion_sections_stay_out_of_the_main_deck() -> None:
    deck = parse_deck("Commander\n1 Llanowar Elves\nCompanion\n1 Hill Giant\nDeck\n10 Forest\n")
    assert deck.main == ["Forest"] * 10
    assert deck.commander == ["Llanowar Elves"]
    assert deck.companion == ["Hill Giant"]


def test_a_name_with_parentheses_is_not_taken_for_a_set_code() -> None:
    assert parse_deck("1 B.F.M. (Big Furry Monster)").main == ["B.F.M. (Big Furry Monster)"]


def test_unknown_card_names_the_source_the_line_and_a_close_name() -> None:
    with pytest.raises(DeckError) as err:
        parse_deck("Deck\n20 Mountain\n4 Lightnig Bolt\n", source="burn.txt")
    message = str(err.value)
    assert "burn.txt, line 3" in message
    assert "'4 Lightnig Bolt'" in message
    assert "did you mean: Lightning Bolt" in message


@pytest.mark.parametrize(
    ("line", "cause"),
    [("Lightning Bolt", "expected '<count> <card name>'"), ("0 Shock", "at least 1"), ("4", "expected")],
)
def test_malformed_lines_are_reported(line: str, cause: str) -> None:
    with pytest.raises(DeckError, match=rf"line 2 .*{cause}"):
        parse_deck(f"10 Forest\n{line}\n")


def test_a_list_without_main_deck_cards_is_refused() -> None:
    with pytest.raises(DeckError, match="no main-deck cards"):
        parse_deck("Sideboard\n2 Shock\n", source="side.txt")


def test_load_deck_reads_a_file_and_names_it_in_errors(tmp_path: Path) -> None:
    good = tmp_path / "good.txt"
    good.write_text("\ufeff12 Forest\n", encoding="utf-8")  # a BOM, as Windows editors write
    assert load_deck(good).main == ["Forest"] * 12
    bad = tmp_path / "bad.txt"
    bad.write_text("12 Forest\n4 Lightnig Bolt\n", encoding="utf-8")
    with pytest.raises(DeckError, match=r"bad\.txt, line 2"):
        load_deck(bad)
    with pytest.raises(DeckError, match=r"missing\.txt: cannot read"):
        load_deck(tmp_path / "missing.txt")


def test_reference_deck_is_the_peer_benchmark_deck() -> None:
    assert len(REFERENCE_DECK) == 60
    assert Counter(REFERENCE_DECK) == {
        "Forest": 12, "Mountain": 12, "Grizzly Bears": 8, "Llanowar Elves": 6,
        "Hill Giant": 4, "Lightning Bolt": 6, "Shock": 4, "Giant Growth": 8,
    }


# -- bounds (issue 17): a deck list is typed or pasted by people, and a slip must not take the
# -- machine down or flood the terminal ------------------------------------------------------
def test_a_count_over_the_deck_cap_is_refused_before_any_card_is_made() -> None:
    # used to build a list of a billion names (MemoryError)
    with pytest.raises(DeckError, match=r"line 1 .*at most 10,000 cards"):
        parse_deck("1000000000 Forest\n")


def test_the_cap_is_on_the_whole_list_not_one_line() -> None:
    parse_deck("5000 Forest\n5000 Mountain\n")            # exactly the cap: accepted
    with pytest.raises(DeckError, match=r"line 4 .*at most 10,000 cards \(with this line: 10,001\)"):
        parse_deck("5000 Forest\n5000 Mountain\nSideboard\n1 Shock\n")      # the sideboard counts too


def test_a_long_line_is_refused_and_quoted_only_in_part() -> None:
    line = "1 " + "a" * 1_400_000
    with pytest.raises(DeckError) as err:
        parse_deck(line, source="paste.txt")
    message = str(err.value)
    assert "paste.txt, line 1" in message and "at most 300 characters" in message
    assert "1,400,002" in message           # how long it was
    assert len(message) < 300               # not the whole line (it used to be echoed twice)


def test_a_huge_text_is_refused_without_being_parsed() -> None:
    with pytest.raises(DeckError, match="at most 4,000,000 characters"):
        parse_deck("\n" * 4_000_001, source="blank.txt")


def test_a_name_of_nothing_but_punctuation_is_no_card() -> None:
    # "!!" normalizes to nothing, which was the key of the card "_____"
    with pytest.raises(DeckError, match=r"line 1 .*unknown card name '!!'"):
        parse_deck("4 !!\n")
    assert parse_deck("1 _____\n").main == ["_____"]     # its own spelling still names it


def test_a_file_that_is_not_utf8_names_the_line_and_the_byte(tmp_path: Path) -> None:
    binary = tmp_path / "deck.bin"
    binary.write_bytes(b"4 Forest\n\x89PNG\r\n\x1a\n\x00\x00")
    with pytest.raises(DeckError, match=r"deck\.bin, line 2: .*not UTF-8 text \(byte 0x89 at offset 9\)"):
        load_deck(binary)


def test_a_file_over_the_size_cap_is_refused_unread(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    big.write_bytes(b"1 Forest\n" * 500_000)            # 4.5 MB
    with pytest.raises(DeckError, match=r"big\.txt: a deck list file has at most 4,000,000 bytes"):
        load_deck(big)

