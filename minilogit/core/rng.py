"""A small seeded random generator that gives the same stream everywhere.

CPython's ``random.Random`` does not exist on MicroPython, whose own
``random`` gives a different stream for the same seed. Fitting must be
reproducible on every runtime, so minilogit draws its random numbers from
SplitMix64 (Steele, Lea and Flood 2014, "Fast splittable pseudorandom number
generators", OOPSLA), which needs nothing but integer arithmetic.

>>> rng = Random(0)
>>> [rng.randbelow(10) for _ in range(5)]
[5, 0, 9, 4, 7]
>>> order = [0, 1, 2, 3, 4]
>>> Random(1).shuffle(order)
>>> sorted(order) == [0, 1, 2, 3, 4]
True
"""

from .compat import MANT_DIG
from .checks import check_number
from .errors import DataError

_MASK = (1 << 64) - 1


class Random:
    """SplitMix64: a 64-bit state advanced by a constant, then scrambled.

    >>> Random(42).random() == Random(42).random()
    True
    """

    def __init__(self, seed=0):
        seed = check_number(seed, "the seed", "an integer", integer=True)   # numpy's too
        self.state = seed & _MASK

    def next64(self):
        """Return the next 64-bit unsigned integer of the stream.

        >>> Random(0).next64()
        16294208416658607535
        """
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def random(self):
        """Return a float in [0, 1) built from the top MANT_DIG bits (53 in
        double precision), as many as the float holds exactly: more bits
        could round a draw up to 1.0.

        >>> 0.0 <= Random(3).random() < 1.0
        True
        """
        return (self.next64() >> (64 - MANT_DIG)) / float(1 << MANT_DIG)

    def randbelow(self, n):
        """Return an integer in [0, n), without modulo bias (rejection).

        >>> Random(5).randbelow(1)
        0
        """
        if n <= 0:
            raise DataError("randbelow needs n > 0, got %r" % (n,))
        limit = (1 << 64) - ((1 << 64) % n)   # largest multiple of n that fits
        while True:
            r = self.next64()
            if r < limit:
                return r % n

    def shuffle(self, x):
        """Shuffle the list x in place (Fisher-Yates, from the end).

        >>> x = list(range(6)); Random(0).shuffle(x); x
        [4, 2, 5, 3, 0, 1]
        """
        for i in range(len(x) - 1, 0, -1):
            j = self.randbelow(i + 1)
            x[i], x[j] = x[j], x[i]
