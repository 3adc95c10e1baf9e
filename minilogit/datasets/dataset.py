"""``Dataset``: what the loaders (``minilogit.datasets``) and the generators
(``minilogit.datasets.synthetic``) return, rows and labels with their names.
"""

from ..core.errors import DataError


class Dataset:
    """Rows ``data``, labels ``target``, ``feature_names``, ``target_name``,
    and ``categories``, {text column: its levels, the first the reference}
    (see ``load_csv``).

    Unpacks as ``X, y = dataset``.

    >>> d = Dataset([[1.0]], [0], ["x"], "y")
    >>> X, y = d
    >>> X, y
    ([[1.0]], [0])
    """

    def __init__(self, data, target, feature_names, target_name, categories=None):
        self.data = data
        self.target = target
        self.feature_names = feature_names
        self.target_name = target_name
        # a text column's levels, sorted, the first the reference: {column: levels}
        self.categories = {} if categories is None else categories
        self.dropped = []           # load_csv(missing="drop"): the lines of rows left out

    def __iter__(self):
        return iter((self.data, self.target))

    def columns(self, names):
        """Return a Dataset with only the named feature columns, in that order
        (a text column's name stands for its indicator columns).

        >>> d = Dataset([[1.0, 2.0]], [0], ["a", "b"], "y").columns(["b"])
        >>> d.data, d.feature_names
        ([[2.0]], ['b'])
        """
        chosen = []
        for name in names:
            if name in self.categories:
                chosen += ["%s[%s]" % (name, level) for level in self.categories[name][1:]]
            elif name in self.feature_names:
                chosen.append(name)
            else:
                raise DataError("no feature named %r; there are: %s"
                                % (name, ", ".join(self.feature_names)))
        idx = [self.feature_names.index(n) for n in chosen]
        return Dataset([[r[j] for j in idx] for r in self.data], self.target, chosen,
                       self.target_name,
                       dict((n, v) for n, v in self.categories.items() if n in names))
