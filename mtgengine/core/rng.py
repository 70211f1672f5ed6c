"""The game's deterministic random number generator.

The game state holds one ``Rng``, so the same seed and the same answers replay the same
game on every Python version and platform.  ``random.Random`` cannot give that
guarantee (its shuffle and randrange algorithms have changed between versions), so this
is PCG32 (O'Neill's PCG-XSH-RR 64/32, as in the reference ``pcg32_random_r``) written
out in integer arithmetic, with every derived operation defined here too.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

__all__ = ["Rng"]

_T = TypeVar("_T")

_MASK32 = 0xFFFF_FFFF
_MASK64 = 0xFFFF_FFFF_FFFF_FFFF
_OUTPUTS = 1 << 32          # the number of distinct outputs of ``next_u32``
_TWICE = _OUTPUTS + 1       # x * _TWICE: a 32-bit x beside itself (x << 32 | x)
_MULTIPLIER = 6364136223846793005
# The stream of the PCG reference demo (initseq 54), so Rng(42) reproduces the published
# pcg32 demo output and the implementation can be checked against it.
_INCREMENT = (54 << 1) | 1


class Rng:
    """A seeded PCG32 generator: 64-bit state, 32-bit outputs, period 2**64."""

    __slots__ = ("_state", "_inc")

    def __init__(self, seed: int) -> None:
        """Seed as ``pcg32_srandom_r(seed, 54)`` does; ``seed`` must fit in 64 bits."""
        if not 0 <= seed <= _MASK64:
            raise ValueError(f"seed must be in [0, 2**64), got {seed}")
        self._inc = _INCREMENT
        self._state = 0
        self.next_u32()
        self._state = (self._state + seed) & _MASK64
        self.next_u32()

    def next_u32(self) -> int:
        """The next 32-bit output, uniform in [0, 2**32)."""
        old = self._state
        self._state = (old * _MULTIPLIER + self._inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & _MASK32
        # rotated right by the top 5 bits: the low 32 bits of (xorshifted twice side by side) >> rotation
        return (xorshifted * _TWICE >> (old >> 59)) & _MASK32

    def randrange(self, n: int) -> int:
        """A uniform integer in [0, n), for 1 <= n <= 2**32.

        Outputs below ``2**32 % n`` are rejected so that every result is equally likely
        (a plain ``next_u32() % n`` favours small results). The generator step of
        :meth:`next_u32` is written out here (a call per draw costs more than the draw);
        with one outcome (the agent's lone "pass") the output needn't be computed at all: it
        is never below the threshold 0, so exactly one step is taken, as in the general case.
        """
        if n == 1:
            self._state = (self._state * _MULTIPLIER + self._inc) & _MASK64
            return 0
        if not 1 <= n <= _OUTPUTS:
            raise ValueError(f"randrange bound must be in [1, 2**32], got {n}")
        threshold = _OUTPUTS % n
        old = self._state
        while True:
            state = (old * _MULTIPLIER + self._inc) & _MASK64
            value = ((((old >> 18) ^ old) >> 27) & _MASK32) * _TWICE >> (old >> 59) & _MASK32
            if value >= threshold:
                self._state = state
                return value % n
            old = state

    def shuffle(self, items: MutableSequence[_T]) -> None:
        """Shuffle ``items`` in place (Fisher–Yates), every permutation equally likely.

        Each swap draws ``randrange(i + 1)``, written out (libraries are shuffled whole)."""
        old = self._state
        inc = self._inc
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            threshold = _OUTPUTS % n
            while True:
                state = (old * _MULTIPLIER + inc) & _MASK64
                value = ((((old >> 18) ^ old) >> 27) & _MASK32) * _TWICE >> (old >> 59) & _MASK32
                old = state
                if value >= threshold:
                    break
            j = value % n
            items[i], items[j] = items[j], items[i]
        self._state = old

    def choice(self, seq: Sequence[_T]) -> _T:
        """A uniformly chosen element of ``seq``; IndexError if it is empty."""
        if not seq:
            raise IndexError("cannot choose from an empty sequence")
        return seq[self.randrange(len(seq))]

    def getstate(self) -> tuple[int, int]:
        """The complete generator state, as plain integers (for saving a game)."""
        return (self._state, self._inc)

    def setstate(self, state: Sequence[int]) -> None:
        """Restore a state from :meth:`getstate` (a list, as read back from JSON, works too)."""
        value, inc = state
        if not (0 <= value <= _MASK64 and 0 <= inc <= _MASK64 and inc & 1):
            raise ValueError(f"not a PCG32 state: {tuple(state)!r}")
        self._state = value
        self._inc = inc

    def clone(self) -> Rng:
        """An independent copy; skips ``__init__`` because game states are cloned often."""
        twin = Rng.__new__(Rng)
        twin._state = self._state
        twin._inc = self._inc
        return twin

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rng):
            return NotImplemented
        return self._state == other._state and self._inc == other._inc

    # Mutable, so not hashable (equal generators stop being equal once one is used).
    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Rng state={self._state:#018x} inc={self._inc:#x}>"
