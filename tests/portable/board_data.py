"""The rows of tools/board.py's jobs, made on a board and on the host alike.

Draws of the ZX81's generator s -> (75 s + 74) mod 65537, whose products
stay small integers (no long integers on the board's heap); features
s / 16384 - 2, exact in single precision; labels 1 with probability
sigmoid(0.3 + b . x). tools/board.py runs the text from ``def data`` on
inside each job; tests/portable/test_heap.py imports it.
"""

def data(n, k):
    import math
    b = (0.8, -0.6, 0.4, -0.2)
    s, X, y = 4321, [], []
    for i in range(n):
        row = []
        for j in range(k + 1):
            s = (75 * s + 74) % 65537
            row.append(s / 16384.0 - 2.0)
        u = (row.pop() + 2.0) / 4.0
        a = 0.3
        for j in range(k):
            a += b[j] * row[j]
        X.append(row)
        y.append(1 if u * (1.0 + math.exp(-a)) < 1.0 else 0)
    return X, y
