"""minilogit.rng.Random (SplitMix64): the same stream on every runtime.

The constants were printed by CPython 3.11; next64's first values for seed 0
are SplitMix64's published reference outputs (0xE220A8397B1DCDAF, ...).
"""

from helpers import EPS, SINGLE, assert_close, raises

from minilogit.core.errors import DataError
from minilogit.core.rng import Random


def test_next64_reference_stream():
    r = Random(0)
    assert [r.next64() for _ in range(3)] == [
        16294208416658607535, 7960286522194355700, 487617019471545679]
    assert Random(0).next64() == 0xE220A8397B1DCDAF


def test_random_floats():
    r = Random(42)
    # single precision keeps the top 24 of these 53 bits: the same to within EPS
    assert_close([r.random() for _ in range(3)],
                 [0.7415648787718233, 0.1599103928769201, 0.27860113025513866],
                 rel=0.0, abs_tol=EPS if SINGLE else 0.0, what="random")
    r = Random(9)
    for _ in range(200):
        u = r.random()
        assert 0.0 <= u < 1.0, u


def test_randbelow():
    assert [Random(0).randbelow(10) for _ in range(1)] == [5]
    r = Random(0)
    assert [r.randbelow(10) for _ in range(5)] == [5, 0, 9, 4, 7]
    r = Random(7)
    assert [r.randbelow(1000) for _ in range(10)] == [487, 804, 346, 203, 674, 305, 798, 182, 985, 425]
    r = Random(5)
    assert all(r.randbelow(1) == 0 for _ in range(10))
    raises(ValueError, Random(0).randbelow, 0)
    raises(ValueError, Random(0).randbelow, -3)


def test_randbelow_is_roughly_uniform():
    r = Random(123)
    counts = [0] * 10
    for _ in range(2000):
        counts[r.randbelow(10)] += 1
    assert counts == [204, 217, 192, 179, 229, 216, 180, 193, 206, 184], counts


def test_shuffle():
    x = list(range(6))
    Random(0).shuffle(x)
    assert x == [4, 2, 5, 3, 0, 1]
    x = list(range(10))
    Random(3).shuffle(x)
    assert x == [2, 8, 7, 4, 5, 6, 0, 1, 9, 3]
    y = []
    Random(0).shuffle(y)
    assert y == []
    z = ["only"]
    Random(0).shuffle(z)
    assert z == ["only"]


def test_shuffle_of_569_rows():
    # The first epoch's visit order of SGD on the breast-cancer data (random_state=0).
    order = list(range(569))
    Random(0).shuffle(order)
    assert order[:20] == [296, 166, 65, 217, 466, 104, 276, 489, 342, 18,
                          323, 258, 108, 297, 547, 562, 203, 289, 561, 171]
    assert sorted(order) == list(range(569))


def test_same_seed_same_stream_and_seed_masking():
    a, b = Random(2024), Random(2024)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    assert Random(1).next64() != Random(2).next64()
    assert Random(-1).state == (1 << 64) - 1
    assert Random((1 << 64) + 5).next64() == Random(5).next64()


def test_seed_must_be_an_int():
    for bad in (1.5, "0", None, True, [1]):
        e = raises(DataError, Random, bad)
        assert str(e) == "the seed must be an integer, got %r" % (bad,), str(e)
