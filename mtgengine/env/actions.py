"""The action encoding: every decision as one or more choices among at most ``size`` actions.

A decision's answer may be one option (a priority action, a target, yes or no), a subset of
them (attackers, blockers, cards to discard), an order (triggers, damage assignment order), a
division (CR 601.2d) or a number (X). A :class:`Chooser` turns each into a sequence of
*sub-decisions*, each a choice of one action index in ``range(size)``:

- indices ``0 .. size - 3`` are candidates of the current page (``size - 2`` to a page);
- ``size - 2`` (:data:`MORE`) shows the next page (wrapping to the first) when the
  candidates don't fit on one page;
- ``size - 1`` (:data:`DONE`) ends a subset (a legal one: ``min``, ``max`` and ``sizes``).

Once the sub-decisions make a whole answer it is the Chooser's ``answer``. docs/RL.md
describes the encoding of each decision kind.
"""
from __future__ import annotations

from typing import Any

from ..agents.agents import first_option
from ..agents.decisions import Decision

#: The offset from the end of the action space of the "next page" and "done" actions.
MORE_FROM_END, DONE_FROM_END = 2, 1

ONE, SUBSET, SEQUENCE, DIVIDE = "one", "subset", "sequence", "divide"


class Chooser:
    """One pending decision as sub-decisions (module docstring).

    ``items``: the candidate values (options, or pairs, numbers, groups); ``mode``: how they
    make the answer. ``chosen``: the items chosen so far (indices into ``items``)."""

    __slots__ = ("decision", "size", "per_page", "mode", "items", "keys", "chosen", "used", "page",
                 "low", "high", "sizes", "total", "answer", "_legal")

    def __init__(self, decision: Decision, size: int) -> None:
        if size < 3:
            raise ValueError(f"the action space needs at least 3 actions (two are 'more' and 'done'), got {size}")
        self.decision = decision
        self.size = size
        self.per_page = size - 2
        self.chosen: list[int] = []
        self.used: set[Any] = set()
        self.page = 0
        self.keys: list[Any] | None = None
        self.low = self.high = 1
        self.sizes: list[int] | None = None
        self.total = 0
        self.answer: Any = _UNSET
        self._legal: list[int] | None = None
        self._setup(decision)

    # -- the decision kinds -----------------------------------------------------------------
    def _setup(self, d: Decision) -> None:
        kind, opts, info = d.kind, d.options, d.info
        self.mode = ONE
        if kind == "x":
            least = info.get("min", 0)
            self.items = list(range(least, max(info.get("max", least), least) + 1))
        elif kind == "name" and not opts:
            self.items = list(info.get("suggestions") or ())
        elif "groups" in info:                           # a pile, named by one of its cards (CR 701.20a piles)
            self.items = list(range(len(info["groups"])))
        elif kind == "new_targets":                       # CR 707.10c: keep, or one new target
            self.items = ["keep"] + ([o for o in opts if o != "keep"] if d.max == 1 else [])
        elif kind == "divide":                            # CR 601.2d: one each, the rest one at a time
            self.mode = DIVIDE
            self.items = list(opts)
            self.total = info.get("total", len(opts))
            self.chosen = list(range(len(opts)))
        elif kind in ("order", "damage_assignment"):
            self.mode = SEQUENCE
            self.items = [o for o in opts if o > 0] if kind == "damage_assignment" and len(opts) > d.min \
                else list(opts)
        elif kind == "attackers":                         # CR 508.1a: each attacker once, with its defender
            self.mode = SUBSET
            defenders = info.get("defenders") or []
            if len(defenders) > 1:
                self.items = [[a, t] for a in opts for t in defenders]
                self.keys = [a for a in opts for _t in defenders]
            else:
                self.items = list(opts)
            self.low, self.high = 0, len(opts)
            for required in info.get("required", ()):      # CR 508.1d: those that must attack do
                index = next(i for i, k in enumerate(self.keys or self.items) if k == required)
                self._add(index)
        elif kind == "blockers":                          # CR 509.1a: each blocker blocks one attacker
            self.mode = SUBSET
            self.items = list(opts)
            self.keys = [pair[0] for pair in opts]
            self.low, self.high = 0, len(set(self.keys))
        elif d.multi:
            self.mode = SUBSET
            self.items = list(opts)
            self.low, self.high = max(d.min, 0), min(max(d.max, d.min), len(opts))
            sizes = info.get("sizes")
            self.sizes = sorted(s for s in sizes if s <= len(opts)) if sizes else None
        else:
            self.items = list(opts)
        if not self.items and self.mode in (ONE, SEQUENCE):
            self.answer = first_option(d) if d.options or d.info.get("suggestions") else \
                (d.info.get("min", 0) if d.kind == "x" else [])
        self._settle()

    # -- the sub-decisions ------------------------------------------------------------------
    def legal_items(self) -> list[int]:
        """The items that may be chosen now (indices into ``items``), in order."""
        if self._legal is None:
            mode = self.mode
            if mode == ONE or mode == DIVIDE:
                self._legal = list(range(len(self.items)))
            elif mode == SEQUENCE:
                taken = set(self.chosen)
                self._legal = [i for i in range(len(self.items)) if i not in taken]
            else:
                count = len(self.chosen)
                room = count < self.high and (self.sizes is None or any(s > count for s in self.sizes))
                if not room:
                    self._legal = []
                else:
                    taken = set(self.chosen)
                    keys = self.keys
                    self._legal = [i for i in range(len(self.items)) if i not in taken
                                   and (keys is None or keys[i] not in self.used)]
        return self._legal

    def can_finish(self) -> bool:
        """Whether DONE is legal: a subset of an allowed size."""
        if self.mode != SUBSET:
            return False
        count = len(self.chosen)
        return self.low <= count <= self.high and (self.sizes is None or count in self.sizes)

    def page_items(self) -> list[int]:
        """The items behind actions ``0 .. per_page - 1`` now."""
        legal = self.legal_items()
        start = self.page * self.per_page
        return legal[start:start + self.per_page]

    def has_more(self) -> bool:
        return len(self.legal_items()) > self.per_page

    def mask(self) -> list[int]:
        """The legal actions now, as action indices."""
        out = list(range(len(self.page_items())))
        if self.has_more():
            out.append(self.size - MORE_FROM_END)
        if self.can_finish():
            out.append(self.size - DONE_FROM_END)
        return out

    def apply(self, action: int) -> None:
        """Takes action ``action`` (one of :meth:`mask`); sets ``answer`` once the decision is
        answered. Raises ValueError for an action that isn't legal now."""
        if self.answer is not _UNSET:
            raise ValueError("the decision is already answered")
        size = self.size
        if action == size - MORE_FROM_END and self.has_more():
            pages = -(-len(self.legal_items()) // self.per_page)
            self.page = (self.page + 1) % pages
            return
        if action == size - DONE_FROM_END and self.can_finish():
            self.answer = self._subset_answer()
            return
        shown = self.page_items()
        if not 0 <= action < len(shown):
            raise ValueError(f"action {action} is not legal now (legal: {self.mask()})")
        item = shown[action]
        if self.mode == ONE:
            self.answer = self._one_answer(item)
            return
        self._add(item)
        self._settle()

    def _add(self, item: int) -> None:
        self.chosen.append(item)
        if self.keys is not None:
            self.used.add(self.keys[item])
        self._legal = None
        self.page = 0

    def _settle(self) -> None:
        """Completes the answer when nothing is left to choose."""
        mode = self.mode
        if mode == DIVIDE:
            if len(self.chosen) >= self.total or not self.items:
                shares: dict[str, int] = {str(t): 0 for t in self.items}
                for i in self.chosen:
                    shares[str(self.items[i])] += 1
                self.answer = shares
        elif mode == SEQUENCE:
            if self.items and len(self.chosen) >= len(self.items) - 1:
                rest = [i for i in range(len(self.items)) if i not in self.chosen]
                self.answer = [self.items[i] for i in self.chosen + rest]
        elif mode == SUBSET:
            if not self.legal_items() and self.can_finish():
                self.answer = self._subset_answer()

    def _one_answer(self, item: int) -> Any:
        d = self.decision
        value = self.items[item]
        if "groups" in d.info and d.kind != "x":
            group = d.info["groups"][value]
            return list(group[:1])
        if d.multi and d.kind not in ("x", "new_targets", "name"):
            return [value]
        if d.kind == "new_targets" and value != "keep":
            return [value]
        return value

    def _subset_answer(self) -> list[Any]:
        return [self.items[i] for i in sorted(self.chosen)]

    @property
    def done(self) -> bool:
        return self.answer is not _UNSET


class _Unset:
    __slots__ = ()

    def __repr__(self) -> str:
        return "<no answer yet>"


_UNSET: Any = _Unset()

__all__ = ["Chooser", "DIVIDE", "DONE_FROM_END", "MORE_FROM_END", "ONE", "SEQUENCE", "SUBSET"]
