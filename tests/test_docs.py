"""The documentation: the site builds (``mkdocs build --strict``, when the ``docs`` extra is
installed, as the ``test`` extra makes it), its examples run as written, the command-line page
names every command and option, and no page names a file the repository doesn't have."""
from __future__ import annotations

import argparse
import doctest
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from mtgengine import cli
from mtgengine.scenario.cli import run_paths

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = sorted(DOCS.glob("*.md"))
#: what a reader meets besides the site's pages
OTHER_TEXTS = [ROOT / name for name in ("README.md", "CONTRIBUTING.md", "CHANGELOG.md", "benchmarks/README.md")]
FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def _blocks(page: Path, language: str) -> list[tuple[int, str]]:
    """The fenced code blocks of ``page`` in ``language``: (line of the first code line, code)."""
    text = page.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start(2)) + 1, m.group(2)) for m in FENCE.finditer(text)
            if m.group(1) == language]


# -- the site ----------------------------------------------------------------------------------
def test_the_site_builds_strictly(tmp_path: Path) -> None:
    """Every warning fails the build (``strict: true``): a broken link or anchor, a page left out
    of the nav, an API name mkdocstrings can't find, a snippet whose file is gone."""
    for module in ("mkdocs", "material", "mkdocstrings", "mkdocstrings_handlers.python"):
        pytest.importorskip(module, reason="the docs extra is not installed: pip install -e '.[docs]'")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    api = (tmp_path / "site" / "api" / "index.html").read_text(encoding="utf-8")
    for name in ("mtgengine.engine.Game.submit", "mtgengine.agents.decisions.Decision", "mtgengine.scenario.builder.Scenario"):
        assert f'id="{name}"' in api, f"the API reference lacks {name}"
    benchmarks = (tmp_path / "site" / "benchmarks" / "index.html").read_text(encoding="utf-8")
    assert "bench_engine.py" in benchmarks and "--8&lt;--" not in benchmarks     # the README included


def test_every_page_is_in_the_nav() -> None:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    listed = {page for entry in config["nav"] for page in entry.values()}
    assert listed == {page.name for page in PAGES}


# -- examples run as written -------------------------------------------------------------------
@pytest.mark.parametrize("page", [p for p in PAGES if _blocks(p, "pycon")], ids=lambda p: p.name)
def test_the_python_examples_of_a_page_run(page: Path) -> None:
    """Its ``pycon`` blocks, in order, as one doctest (a block goes on from the one before)."""
    parser = doctest.DocTestParser()
    examples = []
    for line, code in _blocks(page, "pycon"):
        for example in parser.get_examples(code):
            example.lineno += line - 1
            examples.append(example)
    test = doctest.DocTest(examples, {}, page.name, str(page), 0, None)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test, out=lambda text: print(text, end=""))
    assert runner.failures == 0 and runner.tries == len(examples) > 0


def _scenario_blocks() -> list[tuple[Path, int, str]]:
    found = []
    for page in PAGES:
        for line, code in _blocks(page, "yaml"):
            data = yaml.safe_load(code)
            if isinstance(data, dict) and "name" in data and "players" in data:     # a whole scenario
                found.append((page, line, code))
    return found


@pytest.mark.parametrize("page,line,code", [pytest.param(*block, id=f"{block[0].name}:{block[1]}")
                                             for block in _scenario_blocks()])
def test_the_scenarios_of_the_pages_pass(page: Path, line: int, code: str, tmp_path: Path) -> None:
    path = tmp_path / f"{page.stem}_{line}.yaml"
    path.write_text(code, encoding="utf-8")
    results = run_paths([str(path)])
    assert results and all(r.passed for r in results), f"{page.name}:{line}: {[r.failures for r in results]}"


def test_the_scenario_pages_have_whole_scenarios() -> None:
    assert {page.name for page, _line, _code in _scenario_blocks()} >= {"index.md", "cli.md", "SCENARIO-FORMAT.md"}


def test_the_allow_unimplemented_example_needs_its_key(tmp_path: Path) -> None:
    """Without ``allow_unimplemented: true`` the cli page's scenario is refused, naming the card."""
    [(line, code)] = [(line, code) for line, code in _blocks(DOCS / "cli.md", "yaml") if "allow_unimplemented" in code]
    path = tmp_path / "without.yaml"
    path.write_text(code.replace("allow_unimplemented: true\n", ""), encoding="utf-8")
    [result] = run_paths([str(path)])
    assert not result.passed
    assert "Smothering Tithe (players.Alice.battlefield" in result.failures[0]
    assert result.failures[0].endswith("add 'allow_unimplemented: true' to the scenario")


# -- the command-line page ---------------------------------------------------------------------
def _commands() -> dict[str, argparse.ArgumentParser]:
    """Every command of ``mtg``, ``cards import`` included, by its words after ``mtg``."""
    found: dict[str, argparse.ArgumentParser] = {}

    def walk(parser: argparse.ArgumentParser, prefix: str) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    found[f"{prefix}{name}"] = sub
                    walk(sub, f"{prefix}{name} ")
    walk(cli.build_parser(), "")
    return found


def _sections(page: Path) -> dict[str, str]:
    """Each ``## `` section of ``page`` by its heading."""
    parts = re.split(r"^## (.*)$", page.read_text(encoding="utf-8"), flags=re.MULTILINE)
    return dict(zip(parts[1::2], parts[2::2]))


def test_the_cli_page_describes_every_command_and_option() -> None:
    sections = _sections(DOCS / "cli.md")
    for command, parser in _commands().items():
        if any(isinstance(a, argparse._SubParsersAction) for a in parser._actions):
            continue                                    # ``mtg cards``: its actions are commands
        [text] = [body for heading, body in sections.items() if f"`mtg {command}`" in heading] or [None]
        assert text is not None, f"docs/cli.md has no section for mtg {command}"
        for action in parser._actions:
            if action.option_strings and "--help" not in action.option_strings:
                assert any(option in text for option in action.option_strings), \
                    f"docs/cli.md, mtg {command}: {action.option_strings[-1]} is not described"
    assert "--allow-unimplemented" in sections["Cards the engine does not implement"]
    assert "allow_unimplemented: true" in sections["Cards the engine does not implement"]


# -- the README and what the pages name --------------------------------------------------------
def _commands_of(text: str) -> list[str]:
    """The shell commands of a page: its indented code lines."""
    return [line.strip() for line in text.splitlines() if line.startswith("    ") and line.strip()]


def test_the_readme_has_the_two_commands_and_ci_runs_the_second() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = _commands_of(readme)
    assert len(commands) == 2 and "```" not in readme, commands
    setup_and_run, tests = commands
    assert "mtg run examples/" in setup_and_run and "pytest" in tests
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert ci[-1] == tests
    index = _commands_of((DOCS / "index.md").read_text(encoding="utf-8"))
    assert index[:2] == commands                     # the site's getting started says the same


#: a repository path as the pages write it: `mtgengine/engine.py`, `tools/x.py`, `examples/copy/C05`
REPO_PATH = re.compile(r"(?<![\w/.-])((?:mtgengine|tools|benchmarks|tests|examples|docs|\.ci)/[\w./*-]*[\w*])")
#: a path in the package as the pages write it: `rules/casting.py`, `effects/resolutions/`, `rules/turn.settle`
PACKAGE_PATH = re.compile(r"(?<![\w/.-])((?:%s)/[\w./*-]*[\w*])" % "|".join(
    sorted(p.name for p in (ROOT / "mtgengine").iterdir() if p.is_dir() and not p.name.startswith("_"))))


def _exists(path: str) -> bool:
    """Whether ``path`` (from the root) names a file or folder, the start of file names
    (`examples/copy/C05`), files (a glob) or an attribute of a module (`rules/turn.settle`)."""
    if (ROOT / path).exists() or list(ROOT.glob(path if "*" in path else path + "*")):
        return True
    module, _, _attribute = path.rpartition(".")
    return bool(module) and (ROOT / f"{module}.py").is_file()
MODULE = re.compile(r"\bmtgengine(?:\.[A-Za-z_]\w*)+")


@pytest.mark.parametrize("page", PAGES + OTHER_TEXTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_files_and_modules_a_page_names_exist(page: Path) -> None:
    """A module moved or a file renamed must not leave a page naming the old one; and no page
    points outside the repository (the maintainers' shared folder is not the users')."""
    import importlib
    text = page.read_text(encoding="utf-8")
    missing = []
    named = [(m.start(), m.group(1)) for m in REPO_PATH.finditer(text)]
    named += [(m.start(), "mtgengine/" + m.group(1)) for m in PACKAGE_PATH.finditer(text)]
    for start, path in named:
        if "..." not in path and not _exists(path):
            missing.append(f"line {text.count(chr(10), 0, start) + 1}: {path}")
    for m in MODULE.finditer(text):
        parts = m.group(0).split(".")
        for i in range(len(parts), 0, -1):
            try:
                found: object = importlib.import_module(".".join(parts[:i]))
            except ImportError:
                continue
            for attribute in parts[i:]:
                found = getattr(found, attribute, None)
            break
        if found is None:
            missing.append(f"line {text.count(chr(10), 0, m.start()) + 1}: {m.group(0)}")
    for m in re.finditer(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):       # relative Markdown links
        target = m.group(1)
        if "://" not in target and not (page.parent / target).exists():
            missing.append(f"link {target}")
    assert not re.search(r"\.\./shared|/work/", text), "a page points outside the repository"
    assert not missing, missing
