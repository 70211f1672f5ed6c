"""Game logs with card names in another language (``--lang ja`` of ``mtg play`` and ``mtg run``).

The engine logs English names, so its messages, tests and scenarios stay in one
language; a log is translated line by line when it is shown. Only card names
change: the rest of a line is engine text, which has no Japanese version.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .database import CardDB, card_db

#: Languages a log can be shown in.
LANGUAGES = ("en", "ja")

#: A run of word characters: the candidate first word of a card name.
_WORD = re.compile(r"\w+")
#: A character that continues a word, so no name may end or start next to it:
#: the hyphen makes "Wisp" in "Will-o'-the-Wisp" part of that longer name.
_WORD_CHAR = re.compile(r"[\w-]")


@lru_cache(maxsize=1)
def _japanese_index(db: CardDB) -> tuple[dict[str, str], dict[str, tuple[int, ...]]]:
    """English name -> Japanese name, and first word -> name lengths, longest first.

    Keyed by first word so that a line is scanned once, word by word, with a
    few dictionary lookups per word instead of a search for 22,000 names.
    Names that do not start with a word character (a few Un-set jokes) are
    left out. Cached per database, so a reloaded database is indexed afresh.
    """
    names = db.japanese_names()
    lengths: dict[str, set[int]] = {}
    for english in names:
        first = _WORD.match(english)
        if first is not None:
            lengths.setdefault(first.group(), set()).add(len(english))
    return names, {word: tuple(sorted(sizes, reverse=True)) for word, sizes in lengths.items()}


def translate_log_line(line: str, lang: str) -> str:
    """``line`` with every card or face name replaced by its name in ``lang``.

    "en" returns the line unchanged. For "ja", names are matched as whole
    words, case-sensitively, longest first (so "Fire // Ice" wins over
    "Fire"), and only names whose card has a Japanese name change. A player
    whose name merely contains a card name ("Icelyn", "Grizzly") is kept; one
    named exactly like a card ("Forest") would be translated too.
    """
    if lang == "en":
        return line
    if lang != "ja":
        raise ValueError(f"unsupported language {lang!r}: use one of {', '.join(LANGUAGES)}")
    names, lengths_by_word = _japanese_index(card_db())
    parts: list[str] = []
    done = 0  # line[:done] is translated
    for word in _WORD.finditer(line):
        start = word.start()
        lengths = lengths_by_word.get(word.group())
        if lengths is None or start < done or (start and line[start - 1] == "-"):
            continue
        for length in lengths:
            end = start + length
            japanese = names.get(line[start:end])
            if japanese is not None and not _WORD_CHAR.match(line, end):
                parts += (line[done:start], japanese)
                done = end
                break
    if not parts:
        return line
    parts.append(line[done:])
    return "".join(parts)
