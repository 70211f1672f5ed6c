"""`mtg run PATH...`: runs scenario files and prints PASS/FAIL (SCENARIO-FORMAT "Command line"):
one line per file, the failing scenarios of a failing file under it; with ``-v`` each scenario's
name, PASS or FAIL and game log; ``--json`` one object per scenario. The last line is always
``N passed, M failed`` (scenarios). ``mtg schema`` prints the format's JSON Schema."""
from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from ..cards.lang import LANGUAGES, translate_log_line
from .loader import collect_files, load_file

if TYPE_CHECKING:
    from .runner import Result


def run_paths(paths: list[str]) -> list[Result]:
    from .runner import Result, Runner    # the engine loads only when scenarios run
    results: list[Result] = []
    for path in collect_files(paths):
        for doc in load_file(path):
            try:
                results.append(Runner(doc).run())
            except Exception as exc:     # never a traceback: report it as that scenario's failure
                results.append(Result(doc.name, doc.path, False, [f"{doc.path}: internal error: {type(exc).__name__}: {exc}"]))
    return results


def run_command(args: argparse.Namespace) -> int:
    results = run_paths(args.paths)
    if not results:
        # a folder without *.yaml files: nothing was checked, which must not pass as "0 passed"
        sys.stderr.write(f"mtg run: no scenario file (*.yaml, *.yml) in {', '.join(args.paths)}\n")
        return 2
    out = sys.stdout
    if args.json:
        for r in results:
            out.write(json.dumps(r.to_json(), ensure_ascii=False) + "\n")
    elif args.verbose:
        # each scenario's name and PASS or FAIL with its log (SCENARIO-FORMAT "Command line")
        for r in results:
            _write_result(out, r, "")
            for line in r.log:
                out.write(f"    {translate_log_line(line, args.lang)}\n")
    else:
        # one line per file (a folder of examples is a hundred files, not thousands of log lines);
        # a failing file lists its failing scenarios
        for path, group in _by_file(results):
            failed = [r for r in group if not r.passed]
            many = f" ({len(group)} scenarios)" if len(group) > 1 else ""
            if not failed:
                out.write(f"PASS {path}{many}\n")
                continue
            out.write(f"FAIL {path}" + (f" ({len(failed)} of {len(group)} failed)" if len(group) > 1 else "") + "\n")
            for r in failed:
                _write_result(out, r, "    ")
    passed = sum(r.passed for r in results)
    failed = len(results) - passed
    summary = f"{passed} passed, {failed} failed\n"
    (sys.stderr if args.json else out).write(summary)
    return 0 if failed == 0 else 1


def _write_result(out: Any, r: Result, indent: str) -> None:
    if r.passed:
        out.write(f"{indent}{r.name}: PASS\n")
        return
    out.write(f"{indent}{r.name}: FAIL: {r.failures[0]}\n")
    for more in r.failures[1:]:
        out.write(f"{indent}    {more}\n")


def _by_file(results: list[Result]) -> list[tuple[str, list[Result]]]:
    """The results grouped by their file, in the order the files ran."""
    groups: dict[str, list[Result]] = {}
    for r in results:
        groups.setdefault(r.path, []).append(r)
    return list(groups.items())


def add_run_parser(subparsers: Any) -> None:
    p = subparsers.add_parser("run", help="run scenario files (YAML) and report PASS/FAIL")
    p.add_argument("paths", nargs="+", help="scenario files or folders")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="print each scenario's name, PASS or FAIL and game log (default: one line per file)")
    p.add_argument("--json", action="store_true", help="one JSON object per scenario")
    p.add_argument("--lang", choices=LANGUAGES, default="en",
                   help="card names in the -v log: en, or ja (Japanese where known)")
    p.set_defaults(func=run_command)
    schema = subparsers.add_parser(
        "schema", help="print the JSON Schema of the scenario format (for editors)",
        description="Prints the JSON Schema (draft 2020-12) of one scenario document, made from the table "
                    "the validator reads (mtgengine/scenario/fields.py); the package ships the same file as "
                    "mtgengine/data/scenario.schema.json. A YAML editor given it completes and checks keys "
                    "and values; what needs the game (card names, references) is checked by 'mtg run'.")
    schema.set_defaults(func=schema_command)


def schema_command(args: argparse.Namespace) -> int:
    from .schema import schema_text
    sys.stdout.write(schema_text())
    return 0
