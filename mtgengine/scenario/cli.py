"""`mtg run PATH...`: runs scenario files and prints PASS/FAIL (SCENARIO-FORMAT "Command line")."""
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
    else:
        for r in results:
            if r.passed:
                out.write(f"{r.name}: PASS\n")
            else:
                out.write(f"{r.name}: FAIL: {r.failures[0]}\n")
                for more in r.failures[1:]:
                    out.write(f"    {more}\n")
            if args.verbose:
                for line in r.log:
                    out.write(f"    {translate_log_line(line, args.lang)}\n")
    passed = sum(r.passed for r in results)
    failed = len(results) - passed
    summary = f"{passed} passed, {failed} failed\n"
    (sys.stderr if args.json else out).write(summary)
    return 0 if failed == 0 else 1


def add_run_parser(subparsers: Any) -> None:
    p = subparsers.add_parser("run", help="run scenario files (YAML) and report PASS/FAIL")
    p.add_argument("paths", nargs="+", help="scenario files or folders")
    p.add_argument("-v", "--verbose", action="store_true", help="print each scenario's game log")
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
