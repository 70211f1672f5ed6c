"""Tests never see a user's imported card overlay (mtg cards import): the card database is
read from the shipped data only."""
from __future__ import annotations

import os
import tempfile

os.environ["MTGENGINE_DATA_DIR"] = tempfile.mkdtemp(prefix="mtgengine-tests-")
