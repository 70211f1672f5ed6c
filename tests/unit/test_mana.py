"""Mana symbols and costs: CR 107.4 symbols, CR 202.2 colors, CR 202.3 mana value."""

from __future__ import annotations

import gzip
import json
from importlib import resources

import pytest

from mtgengine.core.mana import (
    COLORS,
    ManaCost,
    ManaCostError,
    ManaSymbol,
    format_colors,
    parse_cost_symbols,
)


def mv(text: str, x: int = 0) -> int:
    return ManaCost.parse(text).mana_value(x)


# --- mana value (CR 202.3) -------------------------------------------------------


@pytest.mark.parametrize(
    ("cost", "expected"),
    [
        ("", 0),
        ("{0}", 0),
        ("{2}{W}{W}", 4),
        ("{W/U}", 1),  # CR 202.3f: largest component of a hybrid symbol
        ("{2/W}", 2),  # CR 202.3f: {2/W} counts 2, not 1
        ("{2/W}{2/U}{2/B}{2/R}{2/G}", 10),  # Reaper King
        ("{C/W}", 1),
        ("{W/P}", 1),  # CR 202.3g: Phyrexian mana counts 1
        ("{1}{B/P}{B/P}", 3),  # Dismember
        ("{G/U/P}", 1),
        ("{C}", 1),
        ("{S}", 1),
        ("{15}", 15),
        ("{1000000}", 1000000),  # Gleemax
        ("{HW}", 0),  # half mana: integers only (CR 107.1)
    ],
)
def test_mana_value(cost: str, expected: int) -> None:
    assert mv(cost) == expected


def test_x_is_zero_off_the_stack_and_chosen_value_on_it() -> None:
    # CR 202.3e
    assert mv("{X}{R}") == 1
    assert mv("{X}{R}", x=3) == 4
    assert mv("{X}{X}{G}") == 1
    assert mv("{X}{X}{G}", x=3) == 7
    assert ManaCost.parse("{X}{X}{G}").x_count == 2
    assert ManaCost.parse("{X}{R}").x_count == 1
    assert ManaCost.parse("{2}{G}").x_count == 0


def test_y_and_z_follow_x() -> None:
    # CR 107.3p
    assert mv("{X}{Y}{Z}", x=2) == 6


def test_symbol_mana_values() -> None:
    assert ManaSymbol.parse("{2/W}").mana_value() == 2
    assert ManaSymbol.parse("W/U").mana_value() == 1
    assert ManaSymbol.parse("{X}").mana_value(5) == 5
    assert ManaSymbol.parse("{7}").generic == 7
    assert ManaSymbol.parse("{W}").generic == 0


# --- colors (CR 202.2) -------------------------------------------------------------


@pytest.mark.parametrize(
    ("cost", "colors"),
    [
        ("{2}{W}{W}", {"W"}),
        ("{W/U}", {"W", "U"}),  # CR 107.4e: a hybrid symbol is all its colors
        ("{2/R}", {"R"}),
        ("{C/G}", {"G"}),  # CR 107.4e: colorless half does not make it colorless
        ("{B/P}", {"B"}),  # CR 107.4f
        ("{R/W/P}", {"R", "W"}),
        ("{1}{G/W}{G/W}", {"G", "W"}),
        ("{X}{C}{S}{5}", set()),  # CR 202.2b: colorless
        ("", set()),
    ],
)
def test_cost_colors(cost: str, colors: set[str]) -> None:
    assert ManaCost.parse(cost).colors == frozenset(colors)


# --- symbol kinds and canonical text ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical", "kind"),
    [
        ("{3}", "3", "generic"),
        ("{w}", "W", "colored"),
        ("{C}", "C", "colorless"),
        ("{S}", "S", "snow"),
        ("{X}", "X", "variable"),
        ("{U/W}", "W/U", "hybrid"),  # printed orientation of CR 107.4
        ("{G/W}", "G/W", "hybrid"),
        ("{W/G}", "G/W", "hybrid"),
        ("{2/W}", "2/W", "mono_hybrid"),
        ("{C/U}", "C/U", "colorless_hybrid"),
        ("{W/P}", "W/P", "phyrexian"),
        ("{U/W/P}", "W/U/P", "hybrid_phyrexian"),
        ("{HW}", "HW", "half"),
        ("{½}", "½", "half"),
    ],
)
def test_symbol_kind_and_canonical_text(text: str, canonical: str, kind: str) -> None:
    symbol = ManaSymbol.parse(text)
    assert symbol.text == canonical
    assert symbol.kind == kind
    assert str(symbol) == "{" + canonical + "}"


def test_cost_prints_canonically_in_printed_order() -> None:
    assert str(ManaCost.parse("{2}{W}{W}")) == "{2}{W}{W}"
    assert str(ManaCost.parse("{1}{U/W}{g/p}")) == "{1}{W/U}{G/P}"
    # Symbols keep their order: CR 709.4b lets effects see individual symbols.
    assert str(ManaCost.parse("{W}{2}")) == "{W}{2}"
    assert str(ManaCost.parse("")) == ""


def test_empty_cost() -> None:
    empty = ManaCost.parse("")
    assert empty.is_empty
    assert empty.mana_value() == 0
    assert not ManaCost.parse("{0}").is_empty


def test_split_card_cost_combines_halves() -> None:
    # CR 709.4b: Fire // Ice's mana cost is the combined costs of its halves.
    cost = ManaCost.parse("{1}{R} // {1}{U}")
    assert cost.mana_value() == 4
    assert cost.colors == frozenset({"R", "U"})
    assert str(cost) == "{1}{R}{1}{U}"
    # The data writes a half with no mana cost as an empty side.
    assert ManaCost.parse(" // ").is_empty
    assert ManaCost.parse("{3}{W}{W} // ").mana_value() == 5


def test_parse_is_cached_and_value_equal() -> None:
    assert ManaCost.parse("{2}{G}") is ManaCost.parse("{2}{G}")
    assert ManaCost.parse("{U/W}") == ManaCost.parse("{W/U}")


# --- errors ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        ("{Q", "{Q"),
        ("{W/}", "{W/}"),
        ("abc", "abc"),
        ("{}", "{}"),
        ("{T}", "{T}"),  # a cost symbol, not a mana symbol
        ("{W/W}", "{W/W}"),
        ("{2/P}", "{2/P}"),
        ("{W}x{U}", "'x'"),
        ("{K}", "{K}"),
    ],
)
def test_invalid_costs_raise_with_the_offending_text(text: str, quoted: str) -> None:
    with pytest.raises(ManaCostError) as info:
        ManaCost.parse(text)
    message = str(info.value)
    assert quoted in message
    assert repr(text) in message
    assert isinstance(info.value, ValueError)


def test_invalid_symbol() -> None:
    with pytest.raises(ManaCostError, match="Q/Q"):
        ManaSymbol.parse("{Q/Q}")


# --- activation costs and helpers ---------------------------------------------


def test_parse_cost_symbols_accepts_tap_untap_energy() -> None:
    assert parse_cost_symbols("{2}{T}") == ("2", "T")
    assert parse_cost_symbols("{Q}{E}{E}") == ("Q", "E", "E")
    assert parse_cost_symbols("{u/w}{t}") == ("W/U", "T")
    with pytest.raises(ManaCostError):
        parse_cost_symbols("{T")


def test_format_colors_sorts_wubrg() -> None:
    assert COLORS == ("W", "U", "B", "R", "G")
    assert format_colors(["G", "W", "U"]) == ("W", "U", "G")
    assert format_colors("RBGUW") == COLORS
    assert format_colors({"G", "G"}) == ("G",)
    assert format_colors([]) == ()
    with pytest.raises(ValueError):
        format_colors(["Q"])


# --- the shipped data ---------------------------------------------------------


def test_every_mana_cost_in_the_shipped_data_parses() -> None:
    data = resources.files("mtgengine").joinpath("data/cards.jsonl.gz").read_bytes()
    count = 0
    kinds: set[str] = set()
    for line in gzip.decompress(data).splitlines():
        record = json.loads(line)
        costs = [record.get("mana_cost")] + [f.get("mana_cost") for f in record.get("faces") or []]
        for text in costs:
            if text is not None:
                cost = ManaCost.parse(text)
                kinds.update(s.kind for s in cost.symbols)
                count += 1
    assert count > 30000
    assert kinds >= {"generic", "colored", "colorless", "snow", "variable", "hybrid",
                     "mono_hybrid", "colorless_hybrid", "phyrexian", "hybrid_phyrexian", "half"}
