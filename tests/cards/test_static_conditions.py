"""The conditions a permanent's static ability may have (CR 611.3b) must be ones the
characteristics memo follows: ``GameState.changed`` / ``changed_off_battlefield`` forget it when
permanents, life totals or cards in a zone change, and as each turn begins; never when the step moves on."""
from mtgengine.cards.compiler.conditions import STATIC_CONDITION_KINDS, parse_condition
from mtgengine.cards.compiler.statics import conditional_static


def test_the_threshold_wordings_compile_to_a_graveyard_condition() -> None:
    # CR 207.2c: "Threshold" is an ability word; both wordings mean seven or more cards
    for text in ("Threshold — ~ gets +3/+3 as long as seven or more cards are in your graveyard.",
                 "As long as seven or more cards are in your graveyard, ~ gets +3/+3 and has flying.",
                 "~ gets +2/+1 as long as there are seven or more cards in your graveyard."):
        ability = conditional_static(text.split("— ")[-1], text)
        assert ability is not None, text
        assert (ability.condition.kind, ability.condition.at_least) == ("graveyard", 7)


def test_conditions_the_memo_does_not_follow_are_refused() -> None:
    # each of these reads the step or a count kept for the turn, which the memo doesn't follow
    for cond_text in ("you attacked with two or more creatures this turn",):
        cond = parse_condition(cond_text)
        assert cond is not None and cond.kind not in STATIC_CONDITION_KINDS
        assert conditional_static(f"~ gets +1/+1 as long as {cond_text}.", "") is None
    assert not {"main_phase", "attacked_with", "landfall"} & STATIC_CONDITION_KINDS
    # "you control no untapped lands": tapping writes status the memo keeps (``GameState.obj``)
    assert conditional_static("~ gets +1/+1 as long as you control no untapped lands.", "") is None


def test_combat_status_is_followed() -> None:
    # declaring attackers and blockers and the end of combat forget the memo (``rules.combat``), so
    # "as long as it's attacking" is a static condition (CR 506.4, 611.3b);
    # tests/scenarios/statics/conditional_statics.yaml plays it
    ability = conditional_static("~ has first strike as long as it's attacking.", "")
    assert ability is not None and (ability.condition.kind, ability.condition.at_least) == ("source_attacking", 1)


def test_whose_turn_it_is_is_followed() -> None:
    # the memo is forgotten as each turn begins (``rules.turn``), so "as long as it's your turn"
    # is a static condition (CR 611.3b); tests/scenarios/statics/your_turn_statics.yaml plays it
    ability = conditional_static("~ has first strike as long as it's your turn.", "")
    assert ability is not None and (ability.condition.kind, ability.condition.value) == ("turn", "you")
    ability = conditional_static("As long as it's not your turn, ~ gets +0/+2.", "")
    assert ability is not None and ability.condition.value == "opponent"
