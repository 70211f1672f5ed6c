"""``mtg card --json`` gives the card's Scryfall oracle id where the shipped data has one, and
Scryfall's search URL for it always (issue 22; the field names' mapping is in docs/card-data.md)."""
from __future__ import annotations

import json
from urllib.parse import parse_qs, urlparse

import pytest

from mtgengine import cli
from mtgengine.cards.card_command import card_json, scryfall_search_url
from mtgengine.cards.database import card_db


def test_the_oracle_id_comes_from_the_data() -> None:
    assert card_db().get("Lightning Bolt").oracle_id == "4457ed35-7c10-48c8-9776-456485fdf070"
    # a later card from the spoiler files: the data has no oracle id for it (NOTICE)
    assert card_db().get('"Brims" Barone, Midway Mobster').oracle_id is None


def test_the_search_url_asks_for_the_exact_name() -> None:
    url = urlparse(scryfall_search_url(card_db().get("Fire // Ice")))
    assert (url.scheme, url.netloc, url.path) == ("https", "scryfall.com", "/search")
    assert parse_qs(url.query) == {"q": ['!"Fire // Ice"'], "unique": ["cards"]}


def test_mtg_card_json_and_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["card", "lightning", "bolt", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["oracle_id"] == "4457ed35-7c10-48c8-9776-456485fdf070"
    assert data["scryfall_url"] == "https://scryfall.com/search?q=%21%22Lightning%20Bolt%22&unique=cards"
    assert card_json(card_db().get('"Brims" Barone, Midway Mobster'), None)["oracle_id"] is None
    assert cli.main(["card", "Lightning Bolt"]) == 0
    assert capsys.readouterr().out.endswith(
        "Scryfall: https://scryfall.com/search?q=%21%22Lightning%20Bolt%22&unique=cards\n")
