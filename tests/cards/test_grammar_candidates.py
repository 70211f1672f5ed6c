"""``Grammar.candidates`` skips a rule only when no text it is given could match it: a template
that begins with a literal word and a space matches only texts beginning with that word."""
from __future__ import annotations

import re

import pytest

from mtgengine.cards.compiler.grammar import Grammar, Rule


@pytest.mark.parametrize(("source", "first"), [
    ("destroy (it|that creature)( at random)?", "destroy"),
    ("gain {NUM} life", "gain"),
    ("(other )?(.+?) you control", ""),           # begins with a group
    ("destroy it|exile it", ""),                  # an alternation of the whole template
    ("destroy ?target", ""),                      # the space may be missing
    ("draws? a card", ""),                        # the word is not fixed
    ("gain [|] x", "gain"),                       # a "|" in a class is no alternation
])
def test_a_template_s_first_word(source: str, first: str) -> None:
    assert Rule(source, print, re.IGNORECASE).first == first


def test_a_case_sensitive_template_is_always_tried() -> None:
    assert Rule("Destroy (.+)", print, 0).first == ""


def test_the_rules_tried_are_those_that_can_match_in_order() -> None:
    g: Grammar[str] = Grammar("test")
    g.add("destroy (.+)", lambda m: "destroy")
    g.add("(.+) dies", lambda m: "dies")
    g.add("exile (.+)", lambda m: "exile")
    g.add("(.+)", lambda m: "anything")
    assert [r.source for r in g.candidates("Destroy target creature")] == ["destroy (.+)", "(.+) dies", "(.+)"]
    assert [r.source for r in g.candidates("it")] == ["(.+) dies", "(.+)"]
    assert g.parse("Exile it") == "exile" and g.parse("it dies") == "dies" and g.parse("destroyit") == "anything"
    g.add("destroyer (.+)", lambda m: "destroyer")      # a rule added later is indexed too
    assert [r.source for r in g.candidates("destroyer of worlds")] == ["(.+) dies", "(.+)", "destroyer (.+)"]
