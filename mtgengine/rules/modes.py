"""Modes (CR 700.2): choosing them, their targets and carrying them out, for modal spells (as
they are cast, CR 601.2b, 700.2a) and modal triggered abilities (as they are put on the stack,
CR 603.3c, 700.2b) alike.

Modes are numbered from 1 in scripts and answers, from 0 inside. The chosen modes are kept in
printed order; with "You may choose the same mode more than once" a mode chosen twice is there
twice, as if it appeared that many times in sequence (CR 700.2d), each with its own targets.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..agents.decisions import Decision
from ..cards.vocabulary import SpellAbility, TargetSpec
from ..core.errors import IllegalActionError, NotImplementedCardError
from ..effects.resolve import Resolving, execute
from ..state.game_state import GameState
from .context import Ctx
from .targeting import has_targets


def legal_mode_indices(g: GameState, modes: Sequence[SpellAbility], player: int, source_id: int | None,
                       quality: Any = None) -> list[int]:
    """The modes that can be chosen: those whose targets can be chosen (CR 700.2a-b), 0-based."""
    return [i for i, m in enumerate(modes) if m.implemented and has_targets(g, m.targets, player, source_id, quality)]


def chosen_targets(modes: Sequence[SpellAbility], chosen: Sequence[int]) -> tuple[TargetSpec, ...]:
    """The target phrases of the chosen modes, in order (CR 700.2c: the others' aren't chosen)."""
    return tuple(t for i in chosen for t in modes[i].targets)


def ability_targets(ability: Any, chosen: Sequence[int]) -> tuple[TargetSpec, ...]:
    """The target phrases of an ability on the stack: a modal one's, of its chosen modes."""
    modes = getattr(ability, "modes", ())
    return chosen_targets(modes, chosen) if modes else ability.targets


def has_mode_costs(modes: Sequence[SpellAbility]) -> bool:
    """Whether some mode has an additional cost of its own (CR 700.2h; spree, 702.172a)."""
    return any(m.cost for m in modes)


def chosen_mode_costs(modes: Sequence[SpellAbility], chosen: Sequence[int]) -> str:
    """The additional costs of the chosen modes, together (CR 700.2h: all of them are paid)."""
    return "".join(modes[i].cost for i in chosen)


def ask_modes(ctx: Ctx, player: int, modes: Sequence[SpellAbility], least: int, most: int, repeat: bool,
              legal: list[int], preset: Any, name: str,
              affordable: Callable[[list[int]], bool] | None = None) -> tuple[int, ...]:
    """Asks ``player`` for the modes (``preset``: the answer given in advance, 1-based) and checks
    them (CR 700.2a, 700.2d); returns them 0-based in printed order. ``affordable``: whether
    modes with costs of their own (CR 700.2h) can be paid together, 0-based; they are then
    asked one at a time, each question offering only the modes that could be paid with those
    chosen before, and 0 for "no more modes" once enough are chosen."""
    options = [i + 1 for i in legal]
    if preset is not None:
        chosen = preset if isinstance(preset, list) else [preset]
    elif affordable is not None:
        chosen = []
        while len(chosen) < most:
            offered = [i + 1 for i in legal if i + 1 not in chosen and affordable([c - 1 for c in chosen] + [i])]
            if len(chosen) >= least:
                offered.append(0)
            if not offered or offered == [0]:
                break
            answer = ctx.ask(Decision(player, "mode", f"choose a mode of {name}"
                                      + (" (0: no more modes)" if len(chosen) >= least else ""), offered))
            if answer == 0:
                break
            chosen.append(answer)
    elif repeat:
        # CR 700.2d: each of the N choices may name any legal mode, one question per choice
        chosen = [ctx.ask(Decision(player, "mode", f"choose mode {k + 1} of {most} of {name} "
                                   f"(the same mode may be chosen more than once)", options))
                  for k in range(most)]
    elif least == most == 1:
        chosen = [ctx.ask(Decision(player, "mode", f"choose a mode of {name}", options))]
    else:
        answer = ctx.ask(Decision(player, "mode", f"choose {least} to {most} modes of {name}", options,
                                  min=least, max=min(most, len(options))))
        chosen = answer if isinstance(answer, list) else [answer]
    if not least <= len(chosen) <= most:
        raise IllegalActionError(f"{name}: choose between {least} and {most} modes")
    if not repeat and len(set(chosen)) != len(chosen):
        raise IllegalActionError(f"{name}: the same mode can't be chosen twice (CR 700.2d)")
    for m in chosen:
        if not isinstance(m, int) or isinstance(m, bool) or not 1 <= m <= len(modes):
            raise IllegalActionError(f"{name} has no mode {m!r}")
        if not modes[m - 1].implemented:
            raise NotImplementedCardError(f"{name}: its mode {m} is not implemented yet ({modes[m - 1].text!r})")
        if m - 1 not in legal:
            raise IllegalActionError(f"{name}: mode {m} has no legal target (CR 700.2a)")
    return tuple(sorted(m - 1 for m in chosen))   # performed, and targeted, in printed order


def execute_modes(ctx: Ctx, modes: Sequence[SpellAbility], chosen: Sequence[int], targets: tuple[int, ...],
                  legal: tuple[bool, ...], counts: tuple[int, ...],
                  resolving: Callable[[tuple[int, ...], tuple[bool, ...], tuple[int, ...]], Resolving]) -> None:
    """CR 700.2: the chosen modes' instructions, in printed order, each with its own targets
    (``resolving`` makes the resolution record of a mode from its targets, their legality and
    how many each of its target phrases has)."""
    start = phrase = 0
    for i in chosen:
        mode = modes[i]
        mode_counts = counts[phrase:phrase + len(mode.targets)] if counts else (1,) * len(mode.targets)
        n = sum(mode_counts)
        execute(ctx, mode.effects, resolving(targets[start:start + n], legal[start:start + n], tuple(mode_counts)))
        start += n
        phrase += len(mode.targets)


def choose_trigger_modes(ctx: Ctx, controller: int, source_id: int, name: str,
                         ability: Any) -> tuple[int, ...] | None:
    """CR 603.3c, 700.2b: the controller of a modal triggered ability chooses its modes as it is
    put on the stack; a mode whose targets can't be chosen can't be chosen. None: no mode was
    chosen (too few could be: "choose two" with one legal mode), and the ability is removed
    from the stack."""
    legal = legal_mode_indices(ctx.g, ability.modes, controller, source_id)
    least = ability.min_modes
    if not legal or (len(legal) < least and not ability.repeat_modes):
        ctx.log("603.3c", f"{name}'s ability is removed from the stack: its modes can't be chosen")
        return None
    most = ability.max_modes if ability.repeat_modes else min(ability.max_modes, len(legal))
    chosen = ask_modes(ctx, controller, ability.modes, least, most, ability.repeat_modes, legal, None,
                       f"{name}'s ability")
    if not chosen:
        ctx.log("603.3c", f"{name}'s ability is removed from the stack: no mode was chosen")
        return None
    ctx.log("700.2b", f"{name}'s ability: mode{'s' if len(chosen) > 1 else ''} "
                      f"{', '.join(str(i + 1) for i in chosen)} chosen")
    return chosen
