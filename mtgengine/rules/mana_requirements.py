"""What a cost asks for once its symbols are announced (CR 601.2b, 601.2f, 107.4), its changes
(cost reductions, CR 118.7) and how a player says to pay it (the scenario format's ``pay``).

A cost is first reduced to a :class:`Requirement`: a slot for each colored or colorless symbol
("G"; a two-color hybrid symbol whose half isn't announced yet is the slot "WU", paid with
either), an amount of generic mana and an amount of life. ``rules.mana_planning`` finds how the
default payment would pay it, and ``rules.mana_payment`` pays it (601.2g-h).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.errors import IllegalActionError
from ..core.memo import identity_memo
from ..core.mana import COLORS, ManaCost, ManaSymbol


MANA_ORDER = COLORS + ("C",)

MANA_RANK = {k: i for i, k in enumerate(MANA_ORDER)}


@dataclass(frozen=True, slots=True)
class Requirement:
    """What a cost asks for once its symbols are announced (CR 601.2b, 601.2f).

    ``colored``: one slot per colored or colorless symbol, each the mana types that may pay
    it ("G", "C"; "WU" for a hybrid symbol paid with either colored half); ``generic``: the
    generic mana; ``life``: life to pay (Phyrexian symbols, CR 107.4f, and life costs)."""

    colored: tuple[str, ...]
    generic: int
    life: int = 0
    #: {S} symbols: each paid with one mana from a snow source (CR 107.4h)
    snow: int = 0


def symbol_colors(sym: ManaSymbol) -> str:
    return "".join(sorted(sym.colors, key=MANA_RANK.__getitem__))


def requirement(cost: ManaCost, x: int = 0, hybrid: list[str] | None = None,
                phyrexian: Any = None, x_mana: str = "") -> Requirement:
    """Announces how each symbol of ``cost`` is paid (CR 601.2b) and reduces it to a Requirement.

    ``x``: the value of X (CR 107.3a). ``hybrid``: the half chosen for each hybrid symbol in
    order — a color letter, "C", or a number for a monocolored hybrid's generic half; not given:
    a colored half (CR 107.4e). ``phyrexian``: "life" (each Phyrexian symbol is paid with 2
    life, CR 107.4f), "mana" (the default), or a list with one of those per Phyrexian symbol;
    True is "life". ``x_mana``: the only color of mana that may pay X ("Spend only black mana
    on X")."""
    colored: list[str] = []
    generic = 0
    life = 0
    snow = 0
    hybrid = [str(h).upper() for h in (hybrid or [])]
    if phyrexian is True:
        phyrexian = "life"
    per_symbol = list(phyrexian) if isinstance(phyrexian, list) else None

    def life_for_phyrexian() -> bool:
        if per_symbol is not None:
            choice = str(per_symbol.pop(0)) if per_symbol else "mana"
        else:
            choice = str(phyrexian or "mana")
        if choice not in ("life", "mana"):
            raise IllegalActionError(f"pay: a Phyrexian symbol is paid with 'life' or 'mana', not {choice!r}")
        return choice == "life"

    for sym in cost.symbols:
        kind = sym.kind
        if kind == "generic":
            generic += sym.generic
        elif kind == "variable":
            if x_mana:
                colored.extend([x_mana] * x)
            else:
                generic += x
        elif kind == "colored":
            colored.append(symbol_colors(sym))
        elif kind == "colorless":
            colored.append("C")
        elif kind == "snow":
            snow += 1             # CR 107.4h: mana from a snow source
        elif kind == "phyrexian":
            if life_for_phyrexian():
                life += 2         # CR 107.4f
            else:
                colored.append(symbol_colors(sym))
        elif kind in ("hybrid", "mono_hybrid", "colorless_hybrid", "hybrid_phyrexian"):
            if kind == "hybrid_phyrexian" and life_for_phyrexian():
                life += 2
                continue
            choice = hybrid.pop(0) if hybrid else None
            halves = symbol_colors(sym) + ("C" if kind == "colorless_hybrid" else "")
            if choice is None:
                colored.append("C" + halves if kind == "colorless_hybrid" else halves)
            elif choice.isdigit() and kind == "mono_hybrid":
                if int(choice) != sym.generic:
                    raise IllegalActionError(f"pay: {sym} is paid with {{{sym.generic}}} or its colored half, "
                                             f"not {{{choice}}}")
                generic += sym.generic
            elif choice in halves:
                colored.append(choice)
            else:
                raise IllegalActionError(f"pay: {sym} can't be paid with {{{choice}}} (CR 107.4e)")
        else:
            generic += sym.mana_value()
    colored.sort(key=lambda s: (len(s), MANA_RANK[s[0]]))
    return Requirement(tuple(colored), generic, life, snow)


def reduce_requirement(req: Requirement, less: ManaCost, times: int = 1) -> Requirement:
    """CR 118.7: a cost reduction takes generic mana off the generic part only (118.7a); colored
    or colorless mana the cost doesn't ask for reduces the generic part instead (118.7b-d). The
    mana part can't go below {0} (601.2f)."""
    colored = list(req.colored)
    generic = req.generic
    for _ in range(times):
        for sym in less.symbols:
            if sym.kind == "generic":
                generic = max(0, generic - sym.generic)
                continue
            kinds = "C" if sym.kind == "colorless" else symbol_colors(sym)
            slot = next((s for s in colored if any(k in s for k in kinds)), None)
            if slot is not None:
                colored.remove(slot)
            else:
                generic = max(0, generic - max(1, sym.generic if sym.kind == "mono_hybrid" else 1))
    return Requirement(tuple(colored), generic, req.life, req.snow)      # {S} isn't reduced (CR 107.4h)


def add_requirements(a: Requirement, b: Requirement) -> Requirement:
    colored = sorted(a.colored + b.colored, key=lambda s: (len(s), MANA_RANK[s[0]]))
    return Requirement(tuple(colored), a.generic + b.generic, a.life + b.life, a.snow + b.snow)


def default_variants(req: Requirement, cost: ManaCost, hybrid_given: bool) -> list[Requirement]:
    """The default payment's fallback for monocolored hybrid symbols ({2/W}): the colored half
    first; the generic half for as few of them as needed, last ones first."""
    if hybrid_given:
        return [req]
    monos = [s for s in cost.symbols if s.kind == "mono_hybrid"]
    if not monos:
        return [req]
    out = [req]
    for k in range(1, len(monos) + 1):
        colored = list(req.colored)
        generic = req.generic
        for sym in monos[-k:]:
            c = symbol_colors(sym)
            if c in colored:
                colored.remove(c)
                generic += sym.generic
        out.append(Requirement(tuple(colored), generic, req.life, req.snow))
    return out


# -- paying ------------------------------------------------------------------------------------
@dataclass(slots=True)
class PayOptions:
    """A scenario step's ``pay``, parsed (object references already ids)."""

    mana: str | None = None
    hybrid: list[str] | None = None
    phyrexian: Any = None
    tap: list[int] | None = None
    delve: list[int] = field(default_factory=list)
    convoke: list[int] = field(default_factory=list)
    improvise: list[int] = field(default_factory=list)
    objects: dict[str, list[int]] = field(default_factory=dict)   # exile / sacrifice / discard / ...

    @classmethod
    def of(cls, pay: Any) -> PayOptions:
        if pay is None:
            return cls()
        if isinstance(pay, PayOptions):
            return pay
        if isinstance(pay, str):
            return cls(mana=pay)
        if not isinstance(pay, dict):
            raise IllegalActionError(f"pay: expected a mana string or a mapping, got {pay!r}")
        opts = cls(mana=pay.get("mana"), hybrid=pay.get("hybrid"), phyrexian=pay.get("phyrexian"),
                   tap=pay.get("tap"))
        opts.delve = list(pay.get("delve") or [])
        opts.convoke = list(pay.get("convoke") or [])
        opts.improvise = list(pay.get("improvise") or [])
        for key, value in pay.items():
            if key not in ("mana", "hybrid", "phyrexian", "tap", "delve", "convoke", "improvise"):
                opts.objects[key] = list(value or [])
        return opts


@identity_memo
def least_mana(cost: ManaCost) -> tuple[int, dict[str, int]]:
    """A lower bound on the mana any payment of ``cost`` (X = 0) takes, added symbols and cost
    increases included, cost reductions not: the total, and how many of it must be of each
    type (one per {W} or {C} symbol). Hybrid symbols count one of any type; Phyrexian
    symbols nothing (life may pay them, CR 107.4f)."""
    total = 0
    kinds: dict[str, int] = {}
    for sym in cost.symbols:
        if sym.kind == "generic":
            total += sym.generic
        elif sym.kind in ("colored", "colorless") and len(sym.colors) <= 1:
            total += 1
            kind = next(iter(sym.colors)) if sym.colors else "C"
            kinds[kind] = kinds.get(kind, 0) + 1
        elif sym.kind in ("hybrid", "mono_hybrid", "colorless_hybrid", "snow"):
            total += 1
    return total, kinds
