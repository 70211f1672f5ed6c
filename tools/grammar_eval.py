"""The evaluation of issue 18 item 2: a parsing library (lark, Earley and LALR) against the
hand-written grammar tables (``cards.compiler.grammar``), on the same small grammar.

The small grammar covers eight common effect wordings (damage, draw, destroy, exile, life gain
and loss, pumps, creature tokens) and the target phrases they take. It is written twice: as
lark EBNF (``LARK_GRAMMAR``) and as grammar tables (``hand_written``), both building the same
plain tuples, not the vocabulary. The sample is every sentence of every card's rules text
(normalized as the compiler reads it) that starts like one of those wordings. For each parser
the tool prints how many sentences it accepts, whether the parsers agree, the CPU time to parse
the sample (best of ``--repeats``), the time to build the parser, and the error each gives for
a few sentences it can't read. docs/CARD-FORMAT.md ("Why hand-written grammar tables") has
the figures and the decision.

Needs lark, which the engine doesn't: ``pip install 'mtgengine[grammar-eval]'`` (or put lark
on PYTHONPATH), then ``python3 tools/grammar_eval.py [--repeats N]``.
"""
from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path
from typing import Any, Callable

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))      # this checkout's mtgengine, not an installed one

from mtgengine.cards.compiler.grammar import Grammar  # noqa: E402
from mtgengine.cards.compiler.normalize import normalize_self, split_sentences, strip_reminder  # noqa: E402
from mtgengine.cards.compiler.text import Span, SpanMatch, span_of  # noqa: E402
from mtgengine.cards.database import CardDB  # noqa: E402

# -- the grammar in lark's EBNF ----------------------------------------------------------------
LARK_GRAMMAR = r"""
?start: effect "."?
?effect: damage | draw | destroy | exile | gain | lose | pump | token

damage: "~ deals" NUM "damage to" target
draw: "you"? ("draw" | "draws") NUM ("card" | "cards")
destroy: "destroy" target
exile: "exile" target
gain: "you gain" NUM "life"
lose: PLAYER ("lose" | "loses") NUM "life"
pump: target ("gets" | "get") PT "until end of turn"
token: "create" NUM PT colors SUBTYPE+ "creature" ("token" | "tokens") ("with" keywords)?

target: "any target"                          -> any_target
      | "target" filter                       -> one_target
filter: NON? COLOR? TYPE ("or" TYPE)* CONTROLLER?
colors: COLOR ("and" COLOR)?
keywords: KEYWORD (("," | "and" | ", and") KEYWORD)*

PLAYER: "you" | "target player" | "target opponent" | "each opponent" | "each player"
NUM: "a" | "an" | "one" | "two" | "three" | "four" | "five" | "x" | /\d+/
PT: /[+-]?(\d+|X)\/[+-]?(\d+|X)/
NON: "non"
COLOR: "white" | "blue" | "black" | "red" | "green" | "colorless"
TYPE: "creature" | "artifact" | "enchantment" | "land" | "planeswalker" | "permanent" | "player"
CONTROLLER: "you control" | "an opponent controls" | "your opponents control"
SUBTYPE: /[A-Z][a-z]+/
KEYWORD: "flying" | "haste" | "trample" | "vigilance" | "lifelink" | "deathtouch" | "reach" | "menace"

%ignore " "
"""

# -- the same grammar as grammar tables ----------------------------------------------------------
_NUM = r"(a|an|one|two|three|four|five|x|\d+)"
_PT = r"([+-]?(?:\d+|X)/[+-]?(?:\d+|X))"
_COLOR = r"(?:white|blue|black|red|green|colorless)"
_TYPE = r"(?:creature|artifact|enchantment|land|planeswalker|permanent|player)"
_KEYWORD = r"(?:flying|haste|trample|vigilance|lifelink|deathtouch|reach|menace)"


def hand_written() -> Callable[[str], Any]:
    """The small grammar as two tables: effects, and the target phrases their slots go to."""
    targets: Grammar[tuple[Any, ...]] = Grammar("target", first_match=True)
    effects: Grammar[tuple[Any, ...]] = Grammar("effect")

    @targets.rule(r"any target", flags=0)
    def _any(m: SpanMatch) -> tuple[Any, ...]:
        return ("any_target",)

    @targets.rule(rf"target (non)?({_COLOR} )?({_TYPE}(?: or {_TYPE})*)"
                  r"(?: (you control|an opponent controls|your opponents control))?", flags=0)
    def _one(m: SpanMatch) -> tuple[Any, ...]:
        return ("one_target", bool(m.group(1)), (m.group(2) or "").strip(), tuple(m.group(3).split(" or ")),
                m.group(4) or "")

    def target(m: SpanMatch, group: int) -> tuple[Any, ...] | None:
        return targets.parse(m.group(group))

    @effects.rule(rf"~ deals {_NUM} damage to (.+)", flags=0)
    def _damage(m: SpanMatch) -> tuple[Any, ...] | None:
        to = target(m, 2)
        return ("damage", m.group(1), to) if to else None

    @effects.rule(rf"(?:you )?draws? {_NUM} cards?", flags=0)
    def _draw(m: SpanMatch) -> tuple[Any, ...]:
        return ("draw", m.group(1))

    @effects.rule(r"(destroy|exile) (.+)", flags=0)
    def _remove(m: SpanMatch) -> tuple[Any, ...] | None:
        what = target(m, 2)
        return (m.group(1), what) if what else None

    @effects.rule(rf"you gain {_NUM} life", flags=0)
    def _gain(m: SpanMatch) -> tuple[Any, ...]:
        return ("gain", m.group(1))

    @effects.rule(rf"(you|target player|target opponent|each opponent|each player) loses? {_NUM} life", flags=0)
    def _lose(m: SpanMatch) -> tuple[Any, ...]:
        return ("lose", m.group(1), m.group(2))

    @effects.rule(rf"(.+?) gets? {_PT} until end of turn", flags=0)
    def _pump(m: SpanMatch) -> tuple[Any, ...] | None:
        who = target(m, 1)
        return ("pump", who, m.group(2)) if who else None

    @effects.rule(rf"create {_NUM} {_PT} ({_COLOR}(?: and {_COLOR})?) ((?:[A-Z][a-z]+ )+)creature tokens?"
                  rf"(?: with ({_KEYWORD}(?:(?:,| and|, and) {_KEYWORD})*))?", flags=0)
    def _token(m: SpanMatch) -> tuple[Any, ...]:
        return ("token", m.group(1), m.group(2), m.group(3), tuple(m.group(4).split()), m.group(5) or "")

    def parse(sentence: str) -> Any:
        return effects.parse(span_of(sentence.removesuffix(".")))
    parse.effects = effects        # type: ignore[attr-defined]
    return parse


_START = re.compile(r"(~ deals \S+ damage to |(you )?draws? |destroy |exile |you gain |(you|target player|target opponent"
                    r"|each opponent|each player) loses? |target .+ gets? |create )")


def sample_sentences() -> list[str]:
    """Every sentence of every card's text (reminder text off, its name as ~) that starts like
    one of the small grammar's wordings, first letter lowered, each once, in name order."""
    db = CardDB.load()._loaded()
    seen: dict[str, None] = {}
    for name in db.names():
        for face in db.get(name).faces:
            for raw in (face.oracle_text or "").split("\n"):
                for s in split_sentences(strip_reminder(normalize_self(raw, face.name))):
                    s = s[:1].lower() + s[1:]
                    if _START.match(s):
                        seen.setdefault(str(s), None)
    return list(seen)


def timed(parse: Callable[[str], Any], sentences: list[str], repeats: int) -> tuple[float, list[Any]]:
    """The best CPU time of ``repeats`` runs over the sample, and what each sentence gave."""
    best, results = float("inf"), []
    for _ in range(repeats):
        start = time.process_time()
        results = [parse(s) for s in sentences]
        best = min(best, time.process_time() - start)
    return best, results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    try:
        import lark
    except ImportError:
        print("lark is not installed: pip install 'mtgengine[grammar-eval]'", file=sys.stderr)
        return 2
    sentences = sample_sentences()
    print(f"{len(sentences)} distinct sentences in the sample")

    def lark_parser(kind: str) -> tuple[float, Callable[[str], Any]]:
        start = time.process_time()
        p = lark.Lark(LARK_GRAMMAR, parser=kind, lexer="contextual" if kind == "lalr" else "dynamic")
        built = time.process_time() - start

        def parse(s: str) -> Any:
            try:
                return p.parse(s)
            except lark.exceptions.LarkError:
                return None
        parse.lark = p             # type: ignore[attr-defined]
        return built, parse

    start = time.process_time()
    hand = hand_written()
    hand_built = time.process_time() - start
    parsers: dict[str, tuple[float, Callable[[str], Any]]] = {
        "grammar tables": (hand_built, hand), "lark LALR": lark_parser("lalr"), "lark Earley": lark_parser("earley")}
    accepted: dict[str, set[str]] = {}
    for label, (built, parse) in parsers.items():
        seconds, results = timed(parse, sentences, args.repeats)
        accepted[label] = {s for s, r in zip(sentences, results) if r is not None}
        print(f"{label:15} accepts {len(accepted[label]):5}; parses the sample in {seconds * 1000:8.1f} ms of CPU "
              f"({seconds / len(sentences) * 1e6:6.1f} us a sentence); built in {built * 1000:.1f} ms")
    base = accepted["grammar tables"]
    for label, got in accepted.items():
        if got != base:
            print(f"  {label} differs from the grammar tables on {len(got ^ base)} sentences, e.g. "
                  f"{sorted(got ^ base)[:3]}")
    print("\nerrors for sentences none of them reads:")
    lalr = parsers["lark LALR"][1].lark           # type: ignore[attr-defined]
    earley = parsers["lark Earley"][1].lark       # type: ignore[attr-defined]
    for s in ["~ deals 3 damage to target creature with flying.", "destroy target creature with power 4 or greater.",
              "create two 1/1 white Soldier artifact creature tokens."]:
        print(f"- {s}")
        text = span_of(s.removesuffix("."))
        hand.effects.parse(text)                   # type: ignore[attr-defined]
        assert isinstance(text, Span) and text.src is not None
        print(f"  grammar tables: not understood: {text.src.first_unread(text.src.ever)!r}")
        for label, p in (("lark LALR", lalr), ("lark Earley", earley)):
            try:
                p.parse(s)
                print(f"  {label}: parsed")
            except lark.exceptions.LarkError as exc:
                print(f"  {label}: " + " ".join(str(exc).split())[:160])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
