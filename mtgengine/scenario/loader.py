"""Reading scenario files: YAML documents with the line of every script step (SCENARIO-FORMAT)."""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

TOP_KEYS = ("name", "rules", "seed", "strict", "players", "turn", "script", "expect")
PLAYER_KEYS = ("life", "poison", "hand", "battlefield", "graveyard", "library", "exile", "command",
               "mana_pool", "counters", "sideboard")
ENTRY_KEYS = ("card", "as", "count", "tapped", "summoning_sick", "counters", "attached_to", "face_down",
              "transformed", "token", "controller", "damage", "commander")
VERBS = ("cast", "activate", "play", "turn_face_up", "attack", "block", "choose", "pass", "expect")
STEP_OPTIONS = {
    "cast": ("by", "from", "targets", "x", "modes", "face", "fuse", "face_down", "kicked", "alternative",
             "additional", "pay", "illegal", "splice"),
    "activate": ("by", "ability", "targets", "x", "pay", "illegal"),
    "play": ("by", "face", "from", "illegal"),
    "turn_face_up": ("by", "pay", "illegal"),
    "attack": ("by", "illegal"),
    "block": ("by", "illegal"),
    "choose": ("illegal",),
    "pass": (),
    "expect": (),
}
CHECK_KEYS = ("life", "poison", "player_counters", "zones", "permanents", "objects", "stack", "mana_pool",
              "winner", "loser", "draw", "log")
STEPS = ("upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers", "declare_blockers",
         "combat_damage", "end_of_combat", "postcombat_main", "end")


#: libyaml's parser when PyYAML has it (faster), else the pure-Python one; both are "safe"
_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class ScenarioError(Exception):
    """A malformed scenario: the message names the place and the cause."""


def suggest(word: str, choices: tuple[str, ...] | list[str]) -> str:
    close = difflib.get_close_matches(str(word), list(choices), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def unknown_key(key: Any, valid: tuple[str, ...], where: str) -> ScenarioError:
    return ScenarioError(f"{where}: unknown key {key!r}{suggest(key, valid)}")


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


def load_file(path: str | Path) -> list[ScenarioDoc]:
    """Every scenario in a file. A file that can't be read or parsed gives one failing doc."""
    path = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        return [ScenarioDoc(path, 0, None, 0, error=f"{path}: can't read the file: {exc.strerror}")]
    try:
        nodes = list(yaml.compose_all(text, Loader=_LOADER))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{path}:{mark.line + 1}" if mark is not None else path
        problem = getattr(exc, "problem", None) or str(exc)
        return [ScenarioDoc(path, 0, None, mark.line + 1 if mark else 0, error=f"{where}: malformed YAML: {problem}")]
    docs = []
    for i, node in enumerate(n for n in nodes if n is not None):
        loader = _LOADER("")
        try:
            data = loader.construct_document(node)
        except yaml.YAMLError as exc:
            docs.append(ScenarioDoc(path, i, None, node.start_mark.line + 1, error=f"{path}:{node.start_mark.line + 1}: {exc}"))
            continue
        step_lines: list[int] = []
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if key.value == "script" and isinstance(value, yaml.SequenceNode):
                    step_lines = [item.start_mark.line + 1 for item in value.value]
        docs.append(ScenarioDoc(path, i, data, node.start_mark.line + 1, step_lines))
    return docs


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
