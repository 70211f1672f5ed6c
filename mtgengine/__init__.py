"""mtgengine: a Magic: The Gathering rules engine that plays by the Comprehensive Rules and cites them."""
from __future__ import annotations


def _version() -> str:
    """The installed distribution's version (pyproject.toml's ``version``, the one source); a
    checkout run without installing reads pyproject.toml beside the package."""
    from importlib import metadata
    from pathlib import Path
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    if pyproject.is_file():          # a checkout (installed editable or not): its own version
        import re
        text = pyproject.read_text(encoding="utf-8")
        match = re.search(r'^version\s*=\s*"([^"]+)"', text, re.MULTILINE)
        if match and re.search(r'^name\s*=\s*"mtgengine"', text, re.MULTILINE):
            return match.group(1)
    try:
        return metadata.version("mtgengine")
    except metadata.PackageNotFoundError:
        return "0+unknown"


#: The version of this package, e.g. "0.1.0" (from pyproject.toml, through the installed metadata).
__version__: str = _version()

#: The public names, each imported at first use (``import mtgengine`` stays light: a command
#: that plays no game doesn't load the rules).
_PUBLIC = {
    "Game": "mtgengine.engine",
    "Decision": "mtgengine.agents.decisions",
    "Option": "mtgengine.options",
    "Scenario": "mtgengine.scenario.builder",
    "RandomAgent": "mtgengine.agents.agents",
    "GreedyAgent": "mtgengine.agents.greedy",
    "SearchAgent": "mtgengine.agents.search",
    "make_agent": "mtgengine.agents.registry",
    "card_db": "mtgengine.cards.database",
}
__all__ = ["__version__", *_PUBLIC]


def __getattr__(name: str) -> object:
    """``mtgengine.Game`` and the other public names, imported when first asked for (PEP 562)."""
    module = _PUBLIC.get(name)
    if module is None:
        raise AttributeError(f"module 'mtgengine' has no attribute {name!r}")
    from importlib import import_module
    return getattr(import_module(module), name)
