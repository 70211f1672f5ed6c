"""Game log lines with Japanese card names (`--lang ja`)."""

from __future__ import annotations

import time

import pytest

from mtgengine.cards.lang import translate_log_line


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("[CR 601.2i] Alice casts Lightning Bolt targeting Grizzly Bears",
         "[CR 601.2i] Alice casts 稲妻 targeting 灰色熊"),
        ("[CR 106.3] Alice adds {R} (Mountain)", "[CR 106.3] Alice adds {R} (山)"),
        # The whole split card before either half; a half alone is a face name.
        ("[CR 601.2i] Bob casts Fire // Ice", "[CR 601.2i] Bob casts 火 // 氷"),
        ("[CR 608.2] Ice resolves", "[CR 608.2] 氷 resolves"),
        ("[CR 120.3e] Lightning Bolt's damage", "[CR 120.3e] 稲妻's damage"),
        ("Jace, Vryn's Prodigy attacks", "ヴリンの神童、ジェイス attacks"),
        ("Insectile Aberration attacks", "昆虫の逸脱者 attacks"),
    ],
)
def test_card_names_become_japanese(line: str, expected: str) -> None:
    assert translate_log_line(line, "ja") == expected


@pytest.mark.parametrize(
    "line",
    [
        # Players whose names contain a card name or start like one.
        "[CR 601.2i] Icelyn casts Grizzly Bearsworth",
        "[CR 502.3] Grizzly untaps their permanents",
        # Words that are card names only when capitalized, or inside a compound.
        "[CR 514.2] damage wears off; turn 3 begins; the fire spreads",
        "[CR 601.2i] Anti-Shock casts nothing",
        # Cards without a Japanese name.
        "[CR 601.2i] Alice casts Budoka Gardener",
        "[CR 601.2i] Bob casts Mishra, Claimed by Gix",
    ],
)
def test_other_words_stay_as_they_are(line: str) -> None:
    assert translate_log_line(line, "ja") == line


def test_only_names_change_next_to_a_player_named_like_a_card_word() -> None:
    line = "[CR 601.2i] Grizzly casts Shock targeting Icelyn"
    assert translate_log_line(line, "ja") == "[CR 601.2i] Grizzly casts ショック targeting Icelyn"


def test_english_is_the_line_itself_and_other_languages_are_refused() -> None:
    line = "[CR 601.2i] Alice casts Lightning Bolt"
    assert translate_log_line(line, "en") is line
    with pytest.raises(ValueError, match="unsupported language 'fr'"):
        translate_log_line(line, "fr")


def test_a_thousand_line_log_is_fast() -> None:
    translate_log_line("Shock", "ja")  # loads the database and builds the name index
    log = [
        "[CR 106.3] Alice adds {R} (Mountain)",
        "[CR 601.2h] Alice pays {R} for Lightning Bolt",
        "[CR 601.2i] Alice casts Lightning Bolt targeting Grizzly Bears",
        "[CR 608.2] Lightning Bolt resolves",
        "[CR 120.3e] Lightning Bolt deals 3 damage to Grizzly Bears",
        "[CR 704.5g] Grizzly Bears is destroyed (lethal damage)",
        "[CR 514.2] damage wears off and \"until end of turn\" effects end",
        "[CR 500.1] turn 4 begins (Bob)",
    ] * 125
    start = time.perf_counter()
    translated = [translate_log_line(line, "ja") for line in log]
    assert time.perf_counter() - start < 0.25  # about 0.01 s on the development machine
    assert translated[2] == "[CR 601.2i] Alice casts 稲妻 targeting 灰色熊"
