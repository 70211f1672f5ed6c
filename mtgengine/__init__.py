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
