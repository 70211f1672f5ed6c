"""Card definitions (docs/CARD-FORMAT.md): the shipped files load, the format and the text
compiler agree, merging follows ``covers``, and every mistake gets the documented message."""

from __future__ import annotations

import dataclasses
import re
import sys
import textwrap
from pathlib import Path
from typing import get_args

if __name__ == "__main__":  # run as a script: document this checkout's mtgengine, not an installed one
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pytest  # noqa: E402

from mtgengine.cards import definitions as defs
from mtgengine.cards.database import card_db
from mtgengine.cards.definitions import (
    CardDefinitionError,
    Definition,
    apply_definition,
    definition_for,
    load_definitions,
    merge_definition,
    read_definitions,
)
from mtgengine.cards.hooks import HOOKS, hook
from mtgengine.cards.compiler import compile_text
from mtgengine.cards.vocabulary import (
    ActivatedAbility, AddMana, CardScript, Cost, Effect, Filter, Quantity, Ref, SpellAbility,
    StaticAbility, TargetSpec, Trigger, TriggeredAbility,
)
from mtgengine.cards.vocabulary import ReplacementAbility
from mtgengine.cards.scripts import face_script

ROOT = Path(__file__).resolve().parents[2]


def compiled(face_name: str) -> CardScript:
    """The face's script from its text alone, whatever definitions exist."""
    face = card_db().get(face_name).face(face_name)
    return compile_text(face.name, face.oracle_text or "", "Instant" in face.types or "Sorcery" in face.types)


def write(tmp_path: Path, text: str, name: str = "defs.yaml") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def read_one(tmp_path: Path, text: str) -> dict[str, dict[str, Definition]]:
    return read_definitions([write(tmp_path, text)])


def error_of(tmp_path: Path, text: str) -> str:
    """The loader's message for ``text``, without the leading file name."""
    path = write(tmp_path, text)
    with pytest.raises(CardDefinitionError) as info:
        read_definitions([path])
    message = str(info.value)
    assert message.startswith(str(path)), message
    return message[len(str(path)):]


# -- the shipped definitions ---------------------------------------------------------------


def test_every_shipped_definition_loads_and_implements_its_face() -> None:
    shipped = read_definitions()
    assert len(shipped) >= 3
    for card_name, faces in shipped.items():
        card = card_db().get(card_name)
        for face_name, definition in faces.items():
            face = card.face(face_name)
            script = merge_definition(face, compiled(face_name), definition)
            assert script.implemented, f"{card_name}: {script.unimplemented}"
            assert compiled(face_name).unimplemented, f"{card_name} compiles already: drop its definition"


def test_load_definitions_and_definition_for_give_the_written_script() -> None:
    scripts = load_definitions()
    assert scripts["Berserk"]["Berserk"] == definition_for("Berserk", "Berserk")
    assert definition_for("Berserk", "Berserk").spell.targets[0].text == "target creature"
    assert definition_for("Lightning Bolt", "Lightning Bolt") is None
    # A merged definition's script is what it adds, not the merged result.
    assert definition_for("Nightveil Specter", "Nightveil Specter").keywords == frozenset()


def test_apply_definition() -> None:
    berserk = card_db().get("Berserk").front
    assert apply_definition(berserk, compiled("Berserk")) == definition_for("Berserk", "Berserk")
    bolt = card_db().get("Lightning Bolt").front
    assert apply_definition(bolt, compiled("Lightning Bolt")) is compiled("Lightning Bolt")
    # Only the face of the defined card: face names can repeat across cards.
    other = dataclasses.replace(berserk, oracle_text="Other creatures get +1/+1.")
    assert apply_definition(other, compiled("Berserk")) is compiled("Berserk")


# -- the format and the compiler agree ------------------------------------------------------

ROUND_TRIPS = {
    "Lightning Bolt": """
        Lightning Bolt:
          spell:
            text: Lightning Bolt deals 3 damage to any target.
            targets:
              - filter: {types: [Creature, Planeswalker, Battle], players: true}
                text: any target
            effects:
              - deal_damage: {amount: 3, to: {target: 0}}
        """,
    "Lightning Helix": """
        Lightning Helix:
          spell:
            text: Lightning Helix deals 3 damage to any target and you gain 3 life.
            targets: [{filter: {types: [Creature, Planeswalker, Battle], players: true}, text: any target}]
            effects:
              - deal_damage: {amount: 3, to: {target: 0}}
              - gain_life: {who: you, amount: 3}
        """,
    "Llanowar Elves": """
        Llanowar Elves:
          activated:
            - cost: {tap: true}
              effects: [{add_mana: {mana: [G]}}]
              text: "{T}: Add {G}."
              is_mana: true
        """,
    "Prodigal Pyromancer": """
        Prodigal Pyromancer:
          activated:
            - cost: {tap: true}
              targets: [{filter: {types: [Creature, Planeswalker, Battle], players: true}, text: any target}]
              effects: [{deal_damage: {amount: 1, to: {target: 0}}}]
              text: "{T}: Prodigal Pyromancer deals 1 damage to any target."
        """,
    "Elvish Visionary": """
        Elvish Visionary:
          triggered:
            - trigger: {event: enters}
              effects: [{draw: {who: you, amount: 1}}]
              text: When Elvish Visionary enters the battlefield, draw a card.
        """,
    "Holy Strength": """
        Holy Strength:
          enchant: {types: [Creature]}
          static:
            - {affects: enchanted, power: 1, toughness: 2, text: Enchanted creature gets +1/+2.}
        """,
    "Serra Angel": """
        Serra Angel:
          keywords: [flying, vigilance]
        """,
    "Grizzly Bears": """
        Grizzly Bears: {}
        """,
}


@pytest.mark.parametrize("name", sorted(ROUND_TRIPS))
def test_hand_written_definition_equals_the_compiled_script(tmp_path: Path, name: str) -> None:
    definition = read_one(tmp_path, ROUND_TRIPS[name])[name][name]
    assert definition.script == face_script(card_db().get(name).front)


def test_short_forms_equal_the_full_mappings(tmp_path: Path) -> None:
    full = read_one(tmp_path, """
        Earthquake:
          spell:
            text: t
            effects:
              - deal_damage:
                  amount: {fixed: 0, x: true}
                  to: {kind: each, filter: {types: [Creature], not_keywords: [flying]}}
              - deal_damage: {amount: {fixed: 2}, to: {kind: each_player}}
        """)
    short = read_one(tmp_path, """
        Earthquake:
          spell:
            text: t
            effects:
              - deal_damage: {amount: X, to: {each: {types: [Creature], not_keywords: [flying]}}}
              - deal_damage: {amount: 2, to: each_player}
        """)
    assert full == short
    bolt = read_one(tmp_path, """
        Lightning Bolt:
          spell:
            text: t
            targets: [{filter: {players: true}, text: t}]
            effects: [{deal_damage: {amount: 3, to: {kind: target, index: 0}}}]
        """)["Lightning Bolt"]["Lightning Bolt"]
    assert bolt.script.spell.effects[0].to == Ref("target", 0)


# -- merging --------------------------------------------------------------------------------

HEARTSTABBER = """
    Aven Heartstabber:
      replace: false
      covers: [2]
      keywords: [first strike]
      static:
        - affects: self
          power: 2
          toughness: 2
          keywords: [deathtouch]
          text: Aven Heartstabber gets +2/+2 and has deathtouch.
    """


def test_merge_keeps_compiled_abilities_adds_the_definitions_and_removes_covered_paragraphs(tmp_path: Path) -> None:
    definition = read_one(tmp_path, HEARTSTABBER)["Aven Heartstabber"]["Aven Heartstabber"]
    face = card_db().get("Aven Heartstabber").front
    before = compiled("Aven Heartstabber")
    assert [number for number, _text in before.unimplemented] == [2]
    merged = merge_definition(face, before, definition)
    assert merged.keywords == frozenset({"flying", "first strike"})
    assert merged.triggered == before.triggered            # the compiled dies trigger stays
    assert merged.static == before.static + definition.script.static
    assert merged.unimplemented == ()


def test_merge_without_covers_leaves_the_paragraph_unimplemented(tmp_path: Path) -> None:
    text = HEARTSTABBER.replace("covers: [2]", "covers: []")
    definition = read_one(tmp_path, text)["Aven Heartstabber"]["Aven Heartstabber"]
    merged = merge_definition(card_db().get("Aven Heartstabber").front, compiled("Aven Heartstabber"), definition)
    assert [number for number, _text in merged.unimplemented] == [2]
    assert len(merged.static) == 1


def test_replace_drops_the_compiled_script(tmp_path: Path) -> None:
    definition = read_one(tmp_path, "Serra Angel: {keywords: [flying]}")["Serra Angel"]["Serra Angel"]
    merged = merge_definition(card_db().get("Serra Angel").front, compiled("Serra Angel"), definition)
    assert merged == CardScript(keywords=frozenset({"flying"}))


def test_faces_of_a_multi_face_card(tmp_path: Path) -> None:
    loaded = read_one(tmp_path, """
        Fire // Ice:
          faces:
            Fire:
              spell:
                text: Fire deals 2 damage divided as you choose among one or two targets.
                targets: [{filter: {types: [Creature, Planeswalker, Battle], players: true}, text: any target}]
                effects: [{deal_damage: {amount: 2, to: {target: 0}}}]
        """)
    assert list(loaded["Fire // Ice"]) == ["Fire"]


# -- hooks ----------------------------------------------------------------------------------


def test_a_hook_builds_on_the_merged_script(tmp_path: Path) -> None:
    definition = read_one(tmp_path, """
        Grizzly Bears: {replace: false, hook: example_mana_of_its_colors}
        """)["Grizzly Bears"]["Grizzly Bears"]
    face = card_db().get("Grizzly Bears").front
    script = merge_definition(face, compiled("Grizzly Bears"), definition)
    assert script.activated == (ActivatedAbility(Cost(tap=True), (AddMana(choice=("G",)),),
                                                 text="{T}: Add {G}.", is_mana=True),)


def test_a_hook_name_is_registered_once() -> None:
    with pytest.raises(ValueError, match="registered twice"):
        hook("example_mana_of_its_colors")(lambda face, script: script)
    assert "example_mana_of_its_colors" in HOOKS


# -- errors ---------------------------------------------------------------------------------

ERRORS = [
    pytest.param(
        """
        Lightning Helix:
          spell:
            text: t
            targets: [{filter: {players: true}, text: t}]
            effects:
              - deal_damage: {amount: 3, to: {target: 0}}
              - gain_life: {who: you, amount: three}
        """,
        ": Lightning Helix: spell.effects[1].gain_life.amount: expected a whole number or X, got 'three'",
        id="wrong-type"),
    pytest.param(
        "Crusade: {statc: []}",
        ": Crusade: unknown key 'statc' (did you mean 'static'?); valid keys: "
        + ", ".join([f.name for f in dataclasses.fields(CardScript) if f.name != "unimplemented"]
                    + ["replace", "covers", "hook"]),
        id="unknown-face-key"),
    pytest.param(
        "Crusade: {static: [{affects: each, filtr: {types: [Creature]}}]}",
        ": Crusade: static[0]: unknown key 'filtr' (did you mean 'filter'?); valid keys: affects, power, "
        "toughness, keywords, filter, text, mods, cda, condition",
        id="unknown-nested-key"),
    pytest.param(
        "Shock: {spell: {effects: [{deal_dmg: {amount: 2, to: you}}]}}",
        ": Shock: spell.effects[0]: unknown name 'deal_dmg' (did you mean 'deal_damage'?); valid names: "
        + ", ".join(defs._snake(cls.__name__) for cls in get_args(Effect)),
        id="unknown-effect"),
    pytest.param(
        "Crusade: {static: [{affects: each, filter: {types: [Creture]}}]}",
        ": Crusade: static[0].filter.types[0]: unknown value 'Creture' (did you mean 'Creature'?); valid "
        "values: Artifact, Battle, Conspiracy, Creature, Dungeon, Enchantment, Instant, Kindred, Land, "
        "Phenomenon, Plane, Planeswalker, Scheme, Sorcery, Vanguard",
        id="unknown-value"),
    pytest.param(
        "Shock: {spell: {effects: [{deal_damage: {amount: 2, to: opponent}}]}}",
        ": Shock: spell.effects[0].deal_damage.to: unknown reference 'opponent' (did you mean "
        "'each_opponent'?); valid references: you, self, each_opponent, each_player, enchanted, equipped, defending, "
        "{target: N}, {each: <filter>}",
        id="unknown-reference"),
    pytest.param(
        "Shock: {spell: {effects: [{deal_damage: {amount: 2}}]}}",
        ": Shock: spell.effects[0].deal_damage: missing key 'to'",
        id="missing-key"),
    pytest.param(
        "Shock: {spell: {effects: [{deal_damage: {amount: 2, to: {target: 0}}}]}}",
        ": Shock: spell.effects[0].deal_damage.to: target 0, but the ability has 0 target(s) (numbered from 0)",
        id="target-out-of-range"),
    pytest.param(
        "Lightnig Bolt: {}",
        ": Lightnig Bolt: unknown card name (did you mean: Lightning Bolt...",
        id="unknown-card"),
    pytest.param(
        "Ice: {}",
        ": Ice: write the card's full Oracle name, 'Fire // Ice'",
        id="face-name-as-card"),
    pytest.param(
        "Fire // Ice: {keywords: []}",
        ": Fire // Ice: the card has faces Fire, Ice: write each under faces",
        id="faces-needed"),
    pytest.param(
        "Grizzly Bears: {hook: no_such_hook}",
        ": Grizzly Bears: hook: unknown hook 'no_such_hook'; valid hooks: example_mana_of_its_colors",
        id="unknown-hook"),
    pytest.param(
        "Grizzly Bears: {spell: {effects: []}}",
        ": Grizzly Bears: spell: only an instant or sorcery has a spell ability (CR 113.3a)",
        id="spell-on-a-creature"),
    pytest.param(
        "Shock: {keywords: []}",
        ": Shock: an instant or sorcery needs its spell ability (CR 113.3a)",
        id="instant-without-spell"),
    pytest.param(
        "Captain of the Watch: {replace: false, covers: [3]}",
        ": Captain of the Watch: covers[0]: paragraph 3 compiles already; covering it would give its ability "
        "twice (replace: true writes the whole face)",
        id="covers-compiled-paragraph"),
    pytest.param(
        "Captain of the Watch: {replace: false, covers: [4]}",
        ": Captain of the Watch: covers[0]: the text has paragraphs 1 to 3, got 4",
        id="covers-out-of-range"),
    pytest.param(
        "Captain of the Watch: {covers: [2]}",
        ": Captain of the Watch: covers: covers goes with replace: false (a replacing definition stands for "
        "the whole text)",
        id="covers-with-replace"),
    pytest.param(
        "Earthquake: {replace: false, spell: {effects: []}}",
        ": Earthquake: spell: a merged definition can't add to the compiled spell: its instructions are "
        "followed in the order written (CR 608.2c); write the whole face with replace: true",
        id="merged-spell"),
    pytest.param(
        "Llanowar Elves: {activated: [{cost: {tap: true}, effects: [{add_mana: {mana: [G]}}]}]}",
        ": Llanowar Elves: activated[0].is_mana: a mana ability is one without targets that adds mana "
        "(CR 605.1a): write is_mana: true",
        id="mana-ability-flag"),
    pytest.param(
        "Llanowar Elves: {activated: [{cost: {mana: {G}}, effects: [{add_mana: {mana: [G]}}], is_mana: true}]}",
        ": Llanowar Elves: activated[0].cost.mana: expected text, got {'G': None}",
        id="unquoted-mana-cost"),
    pytest.param(
        "Llanowar Elves: {activated: [{cost: {mana: '{Q}{G}'}, effects: [{add_mana: {mana: [G]}}], is_mana: true}]}",
        ": Llanowar Elves: activated[0].cost.mana: not a mana cost: ...",
        id="bad-mana-cost"),
    pytest.param(
        "Advocate of the Beast: {triggered: [{trigger: {event: end_step}, effects: []}]}",
        ": Advocate of the Beast: triggered[0].trigger.whose: the engine fires 'end_step' triggers with whose: "
        "you or opponent or any or enchanted or enchanted_controller",
        id="trigger-whose"),
    pytest.param(
        "Advocate of the Beast: {triggered: [{trigger: {event: enters, filter: {types: [Creature]}}, effects: []}]}",
        ": Advocate of the Beast: triggered[0].trigger.filter: a filter is read only for ...",
        id="trigger-filter-on-self"),
    pytest.param(
        "Advocate of the Beast: {triggered: [{trigger: {event: state, whose: you}, effects: []}]}",
        ": Advocate of the Beast: triggered[0].condition: a state trigger (CR 603.8) needs the condition it "
        "triggers on",
        id="state-trigger-condition"),
    pytest.param(
        "Advocate of the Beast: {triggered: [{trigger: {event: upkeep, whose: you}, effects: [],"
        " condition: {kind: life, filter: {types: [Creature]}}}]}",
        ": Advocate of the Beast: triggered[0].condition: a filter goes with the kinds control and battlefield, "
        "and only with them",
        id="condition-filter"),
    pytest.param(
        "Crusade: {static: [{affects: each, filter: {types: [Creature], tapped: true}}]}",
        ": Crusade: static[0].filter.tapped: the layer system reads only all_types, chosen_color, chosen_name, chosen_type, colors, "
        "controller, controller_in, linked, not_colors, not_subtypes, not_supertypes, not_types, other, subtypes, "
        "supertypes, types",
        id="static-filter-field"),
    pytest.param(
        "Crusade: {static: [{affects: each}]}",
        ": Crusade: static[0]: a filter goes with affects: each, and only with it",
        id="static-each-without-filter"),
    pytest.param(
        "Cagemail: {static: []}",
        ": Cagemail: an Aura needs its enchant ability (CR 303.4a)",
        id="aura-without-enchant"),
    pytest.param(
        "Crusade: {keywords: [Flying]}",
        ": Crusade: keywords[0]: unknown value 'Flying' (did you mean 'flying'?); valid values: "
        + ", ".join(defs._KEYWORDS),
        id="keyword-spelling"),
    pytest.param(
        "- Crusade",
        ": expected a mapping of card names to definitions",
        id="not-a-mapping"),
]


@pytest.mark.parametrize(("text", "message"), ERRORS)
def test_error_messages(tmp_path: Path, text: str, message: str) -> None:
    got = error_of(tmp_path, text)
    if message.endswith("..."):     # the rest comes from the card database or the mana parser
        assert got.startswith(message[:-3]), got
    else:
        assert got == message


def test_a_card_defined_in_two_files_names_both(tmp_path: Path) -> None:
    first = write(tmp_path, "Crusade: {keywords: []}", "a.yaml")
    second = write(tmp_path, "Crusade: {keywords: []}", "b.yaml")
    with pytest.raises(CardDefinitionError) as info:
        read_definitions([tmp_path])
    assert str(info.value) == f"{second}: Crusade: already defined in {first}"


def test_a_card_defined_twice_in_one_file_gives_both_lines(tmp_path: Path) -> None:
    path = write(tmp_path, "Crusade: {}\nBad Moon: {}\nCrusade: {}\n")
    with pytest.raises(CardDefinitionError) as info:
        read_definitions([path])
    assert str(info.value) == f"{path}:3: malformed YAML: duplicate key 'Crusade' (first at line 1)"


def test_bad_yaml_gives_the_line(tmp_path: Path) -> None:
    path = write(tmp_path, "Crusade:\n  static:\n    - affects: each\n   power: 1\n")
    with pytest.raises(CardDefinitionError) as info:
        read_definitions([path])
    assert re.fullmatch(rf"{re.escape(str(path))}:4: malformed YAML: .+", str(info.value))


def test_an_empty_file_defines_nothing(tmp_path: Path) -> None:
    assert read_one(tmp_path, "# nothing yet\n") == {}


# -- the documentation ----------------------------------------------------------------------

DOC = ROOT / "docs" / "CARD-FORMAT.md"
BEGIN = "<!-- field reference: generated by tests/cards/test_definitions.py (field_reference) -->"
END = "<!-- end of field reference -->"
CLASSES = (CardScript, SpellAbility, ActivatedAbility, TriggeredAbility, StaticAbility, ReplacementAbility, Trigger,
           Cost, TargetSpec, Filter, Ref, Quantity, *get_args(Effect))


def _yaml_default(field: dataclasses.Field) -> str:
    if field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
        return "required"
    value = field.default if field.default is not dataclasses.MISSING else field.default_factory()
    if isinstance(value, (tuple, frozenset)):
        return "`[]`"
    if value is None or isinstance(value, bool):
        return "`" + str(value).lower().replace("none", "null") + "`"
    if isinstance(value, Quantity) and value == Quantity(fixed=value.fixed):
        return f"`{value.fixed}`"
    return '`""`' if value == "" else f"`{value}`"


def field_reference() -> str:
    """The field tables of CARD-FORMAT.md, made from the vocabulary and the loader's tables."""
    out = []
    for cls in CLASSES:
        title = defs._snake(cls.__name__) if cls in get_args(Effect) else cls.__name__
        out += [f"#### `{title}`", ""]
        if not defs._writable(cls):
            out += [f"No keys: written `{{{title}: {{}}}}`.", ""]
            continue
        out += ["| key | written as | default |", "|---|---|---|"]
        hints = defs._hints(cls)
        for field in dataclasses.fields(cls):
            if (cls, field.name) in defs._NOT_WRITTEN:
                continue
            written = defs._describe(hints[field.name])
            if (cls, field.name) in defs._CHOICES:
                written += "; values: " + ", ".join(defs._CHOICES[cls, field.name])
            if (cls, field.name) in defs._MANA_COSTS:
                written += '; mana cost syntax, e.g. `"{1}{R}"` (quote it)'
            written = written.replace("|", "\\|")
            out.append(f"| `{field.name}` | {written} | {_yaml_default(field)} |")
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def _doc_with_reference(text: str) -> str:
    start, end = text.index(BEGIN) + len(BEGIN), text.index(END)
    return text[:start] + "\n\n" + field_reference() + "\n" + text[end:]


def test_card_format_doc_lists_every_field() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert text == _doc_with_reference(text), (
        "docs/CARD-FORMAT.md is out of date with the vocabulary: run python tests/cards/test_definitions.py")


def test_the_doc_examples_load(tmp_path: Path) -> None:
    """Every ```yaml block of CARD-FORMAT.md marked as a definition file loads."""
    text = DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"```yaml\n# definition\n(.*?)```", text, re.S)
    assert len(blocks) >= 6
    for i, block in enumerate(blocks):
        assert read_definitions([write(tmp_path, block, f"example{i}.yaml")])


if __name__ == "__main__":
    # Rewrites the field reference of docs/CARD-FORMAT.md after a vocabulary change.
    DOC.write_text(_doc_with_reference(DOC.read_text(encoding="utf-8")), encoding="utf-8")
