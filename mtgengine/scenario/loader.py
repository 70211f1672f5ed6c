"""Reading scenario files: YAML documents with the line of every script step (SCENARIO-FORMAT)."""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..core.errors import quote
from . import fields

# The keys and kinds of the format live in one table (``fields``), which the JSON Schema reads too.
TOP_KEYS = fields.keys(fields.TOP)
PLAYER_KEYS = fields.keys(fields.PLAYER)
ENTRY_KEYS = fields.keys(fields.ENTRY)
VERBS = fields.keys(fields.VERBS)
STEP_OPTIONS = {verb: fields.keys(options) for verb, options in fields.STEP_OPTIONS.items()}
CHECK_KEYS = fields.keys(fields.CHECKS)
STEPS = fields.STEPS


#: libyaml's parser when PyYAML has it (faster), else the pure-Python one; both are "safe"
_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class ScenarioError(Exception):
    """A malformed scenario: the message names the place and the cause."""

    line = 0


def suggest(word: str, choices: tuple[str, ...] | list[str]) -> str:
    if not isinstance(word, str) or len(word) > 100:
        return ""               # a mapping or a list is no misspelling of a word
    close = difflib.get_close_matches(word, list(choices), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def unknown_key(key: Any, valid: tuple[str, ...], where: str) -> ScenarioError:
    return ScenarioError(f"{where}: unknown key {quote(key)}{suggest(key, valid)}")


@dataclass
class ScenarioDoc:
    """One scenario: its data and the YAML line of each script step."""

    path: str
    index: int
    data: Any
    line: int
    step_lines: list[int] = field(default_factory=list)
    error: str | None = None

    @property
    def name(self) -> str:
        if isinstance(self.data, dict) and isinstance(self.data.get("name"), str):
            return self.data["name"]
        return f"{Path(self.path).name}#{self.index + 1}"


#: Bounds on a scenario file, so that no file can take the run down: its size in bytes, the
#: nodes of a document once YAML aliases are expanded (a "billion laughs" file expands ten
#: nodes into billions), how deeply its lists and mappings nest, and the length of one value.
MAX_FILE_BYTES = 4_000_000
MAX_NODES = 100_000
MAX_DEPTH = 40
MAX_TEXT_CHARS = 1_000


def load_file(path: str | Path) -> list[ScenarioDoc]:
    """Every scenario in a file. A file that can't be read or parsed, breaks a bound above or
    holds no scenario gives one failing doc."""
    path = str(path)
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        return [_failed(path, 0, f"{path}: can't read the file: {exc.strerror or exc}")]
    if len(data) > MAX_FILE_BYTES:
        return [_failed(path, 0, f"{path}: a scenario file has at most {MAX_FILE_BYTES:,} bytes")]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        return [_failed(path, line, f"{path}:{line}: not UTF-8 text (byte {data[exc.start]:#04x} "
                                    f"at offset {exc.start}): a scenario is a YAML text file")]
    try:
        _check_bounds(text)
        nodes = list(yaml.compose_all(text, Loader=_LOADER))
    except ScenarioError as exc:
        return [_failed(path, exc.line, f"{path}:{exc.line}: {exc}")]
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{path}:{mark.line + 1}" if mark is not None else path
        problem = getattr(exc, "problem", None) or str(exc)
        return [_failed(path, mark.line + 1 if mark else 0, f"{where}: malformed YAML: {quote(problem, 200)}")]
    docs = []
    # (an empty document, "---" alone, is no scenario: it composes to nothing or to a null)
    for i, node in enumerate(n for n in nodes if n is not None and n.tag != "tag:yaml.org,2002:null"):
        loader = _LOADER("")
        try:
            data = loader.construct_document(node)
        except (yaml.YAMLError, ValueError) as exc:
            docs.append(_failed(path, node.start_mark.line + 1, f"{path}:{node.start_mark.line + 1}: "
                                                                f"{quote(str(exc), 200)}", i))
            continue
        step_lines: list[int] = []
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if key.value == "script" and isinstance(value, yaml.SequenceNode):
                    step_lines = [item.start_mark.line + 1 for item in value.value]
        docs.append(ScenarioDoc(path, i, data, node.start_mark.line + 1, step_lines))
    if not docs:
        return [_failed(path, 0, f"{path}: no scenario in the file (it is empty or holds only comments)")]
    return docs


def _failed(path: str, line: int, error: str, index: int = 0) -> ScenarioDoc:
    return ScenarioDoc(path, index, None, line, error=error)


class _BoundError(ScenarioError):
    def __init__(self, message: str, mark: Any) -> None:
        super().__init__(message)
        self.line = mark.line + 1 if mark is not None else 0


def _check_bounds(text: str) -> None:
    """Raises ScenarioError (with ``line``) if a document of ``text`` breaks a bound: too many
    nodes with its aliases expanded, nested too deeply, a value too long, or an alias inside the
    node it names (a structure containing itself). It reads the parser's events, which needs
    no recursion: composing a document nested thousands deep crashes libyaml's composer."""
    try:
        _check_events(text)
    except yaml.MarkedYAMLError as exc:
        # libyaml 0.2.5's scanner, in PyYAML 6.0.4's wheels, refuses flow collections nested over
        # 1,000 deep while it reads ahead, before the parser has given the 41st level's event
        if exc.problem and "maximum nesting depth" in exc.problem:
            raise _BoundError(f"lists and mappings nest at most {MAX_DEPTH} deep", exc.problem_mark) from None
        raise


def _check_events(text: str) -> None:
    sizes: dict[str, int] = {}            # anchor -> nodes of its node, aliases expanded
    stack: list[list[Any]] = []           # open collections: [anchor, nodes so far]
    for event in yaml.parse(text, Loader=_LOADER):
        cls = event.__class__
        if cls is yaml.ScalarEvent or cls is yaml.AliasEvent:
            if cls is yaml.ScalarEvent:
                if len(event.value) > MAX_TEXT_CHARS:
                    raise _BoundError(f"a value has at most {MAX_TEXT_CHARS:,} characters, this one has "
                                      f"{len(event.value):,}: {quote(event.value)}", event.start_mark)
                size = 1
            else:
                if any(entry[0] == event.anchor for entry in stack):
                    raise _BoundError(f"the alias *{quote(event.anchor)[1:-1]} is inside the node it names "
                                      "(a structure that contains itself)", event.start_mark)
                size = sizes.get(event.anchor, 1)     # (an undefined alias: the composer says so)
            if cls is yaml.ScalarEvent and event.anchor is not None:
                sizes[event.anchor] = size
            if stack:
                _grow(stack[-1], size, event)
            elif size > MAX_NODES:
                _too_big(event)
        elif cls is yaml.SequenceStartEvent or cls is yaml.MappingStartEvent:
            if len(stack) >= MAX_DEPTH:
                raise _BoundError(f"lists and mappings nest at most {MAX_DEPTH} deep", event.start_mark)
            stack.append([event.anchor, 1])
        elif cls is yaml.SequenceEndEvent or cls is yaml.MappingEndEvent:
            anchor, size = stack.pop()
            if anchor is not None:
                sizes[anchor] = size
            if stack:
                _grow(stack[-1], size, event)
        elif cls is yaml.DocumentEndEvent:
            sizes.clear()                 # anchors are per document


def _grow(entry: list[Any], size: int, event: Any) -> None:
    entry[1] += size
    if entry[1] > MAX_NODES:
        _too_big(event)


def _too_big(event: Any) -> None:
    raise _BoundError(f"a scenario has at most {MAX_NODES:,} values once its YAML aliases are expanded "
                      "(a file of aliases of aliases expands into billions)", event.start_mark)


def collect_files(paths: list[str]) -> list[Path]:
    """Files named, and every *.yaml / *.yml below named folders, sorted."""
    out: list[Path] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            out.extend(sorted(q for q in path.rglob("*") if q.suffix in (".yaml", ".yml") and q.is_file()))
        else:
            out.append(path)
    return out
