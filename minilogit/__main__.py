"""Command line: ``python3 -m minilogit fit|predict|trace|demo|doctest|help``.

- ``fit FILE.csv --target COLUMN [options]`` fits a logistic regression (a
  softmax regression for more than two labels; with ``--family``/``--link``,
  a GLM) to a CSV file and prints the summary table and why the fit
  stopped; ``--standardize`` fits on standardized columns and prints both
  scales (the first-order solvers gd, sgd and proximal do so unless
  ``--no-standardize``); ``--svg OUT.svg`` also draws it; ``--save
  MODEL.json`` writes the fitted model (``to_json``, on the raw columns).
- ``predict MODEL.json FILE.csv`` prints, as CSV, the saved model's
  probabilities (``--output label``: labels; ``link``: the linear
  predictor) for each row of FILE.csv, whose feature columns must be the
  fit's.
- ``trace FILE.csv --target COLUMN [options]`` prints the fit's iterations,
  one row each, from ``model.trace_``.
- ``demo`` follows lecture 001's breast-cancer slides: Newton's method
  (IRLS) from beta = 0 on the raw features, the loss falling step by step
  until the data turn out to be completely separable, then, on four
  standardized features that do not separate the classes, every solver side
  by side.
- ``doctest [MODULE ...]`` runs the examples in the docstrings of minilogit's
  modules (``core.solvers``, ``glm.links``, ...; default: every module of
  ``minilogit.core``) with the standard library's ``doctest``, so that one
  module can be checked with nothing but Python.

Options are parsed by hand (MicroPython has no ``argparse``): ``OPTIONS``
maps each name to (converter, default), a converter of None for a flag. Every error is one line on stderr,
``minilogit: ...``, and exit status 2 for a usage error (an unknown option,
a bad number, an unknown solver) or 1 for a data error (a missing file or
column, a non-numeric cell, a target with one class, a fit that
failed or ran out of memory), naming the columns as the file does and the
options as the command line spells them (``--max-iter``, not ``max_iter``);
Ctrl-C says what it interrupted, with status 130.
Warnings are one line each, ``minilogit: warning: ...``.

>>> import io
>>> err = io.StringIO()
>>> main(["fit", "data.csv", "--target", "y", "--lam", "big"], err=err)
2
>>> err.getvalue()
"minilogit: --lam needs a number, got 'big'\\n"
"""

import json
import sys

from . import plot
from .datasets import csv_columns, load_csv, standardize, too_large, unstandardize
from .demo import demo, fit_catching
from .core.checks import design
from .core.errors import DataError, DivergenceError, InferenceError, NotFittedError, SingularMatrixError
from .core.estimators import SPREAD
from .core.matrix import column_scales
from .glm.model import GLM
from .models.logistic import LogisticRegression
from .models.softmax import SoftmaxRegression
from .svg import save
from .tables import wrap_text

USAGE = """usage: python3 -m minilogit COMMAND [ARGUMENTS]

commands:
  fit FILE.csv --target COLUMN [options]
          fit a model to FILE.csv (a header row; a column of text is coded
          by 0/1 columns, one per level but the first, sorted, named
          column[level]) and print its summary table (coefficients, standard
          errors, p-values, odds ratios; or why there are none) and a few
          sentences on why the fit stopped
  predict MODEL.json FILE.csv [--output WHAT] [--missing drop|error]
          print, as CSV on standard output, a row for each data row of
          FILE.csv: the probability of each class (a GLM: its mean), with
          --output label the predicted label, with --output link the linear
          predictor (softmax: one per class). MODEL.json is what fit --save
          wrote; FILE.csv has the fit's feature columns (its label column,
          if there, is not read) and no others
  trace FILE.csv --target COLUMN [options]
          fit as `fit` does and print one row per iteration: the loss, the
          scaled gradient (what --tol bounds), the largest coefficient change
          (step), the equations of walkthrough.md it applied, and the range
          of the IRLS weights w_min .. w_max (irls, cd) or the learning rate
          eta (gd, sgd, proximal)
  demo    fit the bundled breast-cancer data and print the loss trace, the
          separation diagnosis and every solver's coefficients
  doctest [MODULE ...]
          run the examples in the docstrings of minilogit's modules, e.g.
          `doctest core.solvers` (default: every module of minilogit.core,
          in reading order) and print how many were tried and failed
  help    print this help (also -h, --help)

options of fit and trace (a FILE whose name starts with "-": put -- before it):
  --target COLUMN      the label column (required). Two labels, any two (0/1,
                       -1/1, no/yes), fit a logistic regression: the larger
                       one, in sorted order, is the positive class. More than
                       two fit a softmax (multinomial) regression with the
                       first label, in sorted order, as the baseline class;
                       counts fit a Poisson GLM with --family poisson
  --columns A,B,...    the feature columns to use (default: all but the target)
  --categorical A,...  columns to read as text though some levels look like
                       numbers ("1", "2"); any other column holding text is
                       text, and one holding text and numbers is an error
  --missing drop|error drop: leave out each row with an empty cell in the
                       columns used (R's na.omit) and say how many; error
                       (default): stop at the first empty cell, naming it
  --standardize        fit on standardized columns (each minus its mean, divided
                       by its standard deviation) and print the coefficients
                       on both scales: first the raw columns', then these.
                       The default of gd, sgd and proximal, whose steps crawl
                       or diverge on columns of different sizes
  --no-standardize     gd, sgd, proximal: take the steps on the raw columns
  --solver NAME        newton (default), irls, gd, sgd, proximal or cd (or one
                       added to LogisticRegression.solvers); more than two
                       classes: newton, gd, sgd or proximal; with
                       --family or --link: irls (default) or newton
  --penalty NAME       none (default), l2, l1 or elasticnet: minimise
                       NLL + lam ((1 - alpha) b'b + alpha |b|_1), the intercept
                       unpenalised. l1 and elasticnet need --solver proximal
                       or cd (cd when no --solver is given). Standardized, the
                       penalty is on the standardized coefficients (as glmnet).
                       firth: Firth's penalised likelihood, finite estimates
                       with standard errors under separation (a binary target)
  --lam X              the penalty's weight lam >= 0 (default 1)
  --l1-ratio A         elasticnet's mixing alpha in [0, 1] (default 0.5)
  --learning-rate ETA  gd: a fixed step (default: a line search);
                       sgd: the first step eta_0 (default 0.5)
  --family NAME        fit a generalised linear model by IRLS instead:
                       binomial (a 0/1 target), poisson (counts) or gaussian
  --link NAME          the GLM's link: by default the family's canonical one
                       (logit, log, identity); probit or cloglog for binomial.
                       --link alone means --family binomial
  --quiet              no progress: by default a fit still running after 2 s
                       reports its iteration, loss and scaled gradient on
                       stderr (one line rewritten on a terminal, else a line
                       per report, every 0.5 s)
  --verbose            report every iteration, from the first
  --max-iter N         the most iterations (sgd: epochs); default 100 for
                       newton, irls and cd, 200 for sgd; gd, proximal: as
                       many as 1e8 multiply-adds allow, 500 to 10000
  --tol T              converged when the scaled gradient max_j |g_j| / (N s_j)
                       is at most T (default 1e-8; sgd 1e-3): g the gradient
                       of the loss, s_j column j's root mean square, so it is
                       the gradient of the mean loss in the coefficients of
                       columns rescaled to root mean square 1
  --svg OUT.svg        also write a picture to OUT.svg: the loss per iteration
                       on a log scale (of a converged fit, L - L_min: Newton's
                       quadratic convergence shows) and, when the data have exactly two
                       features and the model is binary, the data and the
                       decision boundary p = 1/2 beside it (one SVG, 1280 x 400)
  --save MODEL.json    also write the fitted model, on the raw columns, as JSON
                       (to_json), for predict and for LogisticRegression.from_json

exit status: 0 done; 1 a data error (a file that cannot be read or is not
UTF-8 CSV, a missing column, a non-numeric cell, a target with one
class, a failed fit, no memory left, a closed standard output); 2 a usage error; 130 interrupted. Errors are one line on stderr starting "minilogit: ";
warnings (separation, no convergence) one line each, "minilogit: warning: ".

examples:
  python3 -m minilogit fit minilogit/datasets/breast_cancer.csv --target target \\
      --columns mean_radius,mean_texture --svg fit.svg --save model.json
  python3 -m minilogit predict model.json minilogit/datasets/breast_cancer.csv
  python3 -m minilogit trace minilogit/datasets/breast_cancer.csv --target target \\
      --solver irls
"""


def _number(text):
    return float(text)


def _count(text):
    return int(text)


def _names(text):
    names = [n.strip() for n in text.split(",")]
    if not all(names):
        raise ValueError(text)
    return names


# Option name -> (converter, default). USAGE documents each one.
OPTIONS = {
    "--target": (str, None),
    "--columns": (_names, None),
    "--categorical": (_names, ()),
    "--solver": (str, None),
    "--penalty": (str, "none"),
    "--lam": (_number, None),
    "--l1-ratio": (_number, None),
    "--learning-rate": (_number, None),
    "--family": (str, None),
    "--link": (str, None),
    "--max-iter": (_count, None),
    "--tol": (_number, None),
    "--svg": (str, None),
    "--save": (str, None),
    "--missing": (str, "error"),
    "--standardize": (None, False),
    "--no-standardize": (None, False),
    "--quiet": (None, False),
    "--verbose": (None, False),
}
# predict's options: what to print, and what to do with a row with an empty cell
PREDICT_OPTIONS = {"--output": (str, None), "--missing": (str, "error")}
WHAT = {_number: "a number", _count: "a whole number", _names: "comma-separated column names"}
FIRST_ORDER = ("gd", "sgd", "proximal")      # standardized by default here
PENALTIES = {"none": None, "l2": "l2", "l1": "l1", "elasticnet": "elasticnet", "firth": "firth"}

# The errors of bad data or a failed fit: one line and exit status 1.
DATA_ERRORS = (DataError, InferenceError, NotFittedError, DivergenceError,
               SingularMatrixError)


class UsageError(Exception):
    """The command line itself is wrong: exit status 2.

    >>> import io
    >>> main(["fit"], io.StringIO(), io.StringIO())
    2
    """


def parse_options(args, options=OPTIONS, files=("FILE.csv",)):
    """Return ([FILE, ...], {option: value}) from a command's arguments: the
    files it takes, named in ``files``, and ``options`` (fit's and trace's
    by default).

    >>> paths, opts = parse_options(["d.csv", "--target", "y", "--max-iter=5"])
    >>> paths, opts["--target"], opts["--max-iter"], opts["--tol"]
    (['d.csv'], 'y', 5, None)
    >>> parse_options(["d.csv", "--frobnicate", "1"])
    Traceback (most recent call last):
    ...
    minilogit.__main__.UsageError: unknown option --frobnicate (see python3 -m minilogit --help)
    """
    opts = dict((name, options[name][1]) for name in options)
    paths, i, ended = [], 0, False
    while i < len(args):
        arg = args[i]
        if arg == "--" and not ended:           # the options end: a FILE may start with "-"
            ended = True
        elif arg.startswith("-") and len(arg) > 1 and not ended:
            name, value = arg, None
            if "=" in arg:
                name, value = arg.split("=", 1)
            if name not in options:
                raise UsageError("unknown option %s (see python3 -m minilogit --help)%s" % (
                    name, "; for a file of that name, write -- before it, or ./%s" % arg
                    if arg.lower().endswith(".csv") else ""))
            convert = options[name][0]
            if convert is None:                 # a flag: --standardize
                if value is not None:
                    raise UsageError("%s takes no value, got %r" % (name, value))
                opts[name] = True
                i += 1
                continue
            if value is None:
                i += 1
                if i == len(args):
                    raise UsageError("%s needs a value" % name)
                value = args[i]
            try:
                opts[name] = convert(value)
            except ValueError:
                raise UsageError("%s needs %s, got %r" % (name, WHAT[convert], value))
        elif len(paths) < len(files):
            paths.append(arg)
        elif len(files) == 1:
            raise UsageError("one %s only, got %r and %r" % (files[0], paths[0], arg))
        else:
            raise UsageError("%s only, got also %r" % (" and ".join(files), arg))
        i += 1
    if len(paths) < len(files):
        raise UsageError("give %s" % (
            "the CSV file: FILE.csv --target COLUMN" if files == ("FILE.csv",)
            else "the files: %s" % " ".join(files)))
    if opts.get("--missing") not in (None, "error", "drop"):
        raise UsageError("--missing needs drop or error, got %r" % opts["--missing"])
    if "--target" in opts and opts["--target"] is None:
        raise UsageError("give the label column: --target COLUMN")
    return paths, opts


def make_model(opts, n_classes=2):
    """The unfitted estimator the options ask for, for a target of ``n_classes``
    labels (more than two: softmax regression); UsageError if they do not fit together.

    >>> make_model({"--family": None, "--link": "probit", "--solver": None, "--penalty": "none",
    ...             "--lam": None, "--l1-ratio": None, "--learning-rate": None,
    ...             "--max-iter": None, "--tol": None}).get_params()["family"]
    'binomial'
    """
    if opts["--penalty"] not in PENALTIES:
        raise UsageError("unknown penalty %r: choose none, l2, l1, elasticnet or firth"
                         % opts["--penalty"])
    penalty = PENALTIES[opts["--penalty"]]
    if penalty in (None, "firth") and (opts["--lam"] is not None
                                       or opts["--l1-ratio"] is not None):
        raise UsageError("--lam and --l1-ratio need --penalty l2, l1 or elasticnet")
    if opts["--l1-ratio"] is not None and penalty != "elasticnet":
        raise UsageError("--l1-ratio needs --penalty elasticnet")
    try:
        if opts["--family"] is not None or opts["--link"] is not None:
            if penalty is not None or opts["--learning-rate"] is not None:
                raise UsageError("a GLM (--family, --link) takes no --penalty and no "
                                 "--learning-rate: it is fitted by IRLS")
            model = GLM(family=_given(opts["--family"], "binomial"), link=opts["--link"],
                        solver=_given(opts["--solver"], "irls"), max_iter=opts["--max-iter"],
                        tol=opts["--tol"])
            model.check_params()                      # the checks GLM.fit starts with
            return model
        cls = LogisticRegression if n_classes <= 2 else SoftmaxRegression
        sparse = "cd" if cls is LogisticRegression else "proximal"
        solver = _given(opts["--solver"], sparse if penalty in ("l1", "elasticnet") else "newton")
        if cls is SoftmaxRegression and solver not in cls.solvers:
            raise UsageError("column %r has %d classes, for softmax regression: --solver %s "
                             "fits two; choose one of %s" % (opts["--target"], n_classes, solver,
                                                             ", ".join(sorted(cls.solvers))))
        takes_rate = [name for name, entry in cls.solvers.items()
                      if "learning_rate" in entry.settings]       # its table of solvers
        if opts["--learning-rate"] is not None and solver not in takes_rate:
            raise UsageError("--learning-rate needs --solver %s" % " or ".join(takes_rate))
        lam = 1.0 if penalty not in (None, "firth") and opts["--lam"] is None else opts["--lam"]
        model = cls(solver=solver, penalty=penalty, lam=lam, l1_ratio=opts["--l1-ratio"],
                    learning_rate=opts["--learning-rate"],
                    max_iter=opts["--max-iter"], tol=opts["--tol"])
        model.check_params()          # the checks of every parameter that fit starts with
        return model
    except DataError as e:            # a bad option value, not bad data
        raise UsageError(in_cli_words(str(e), None))


def _given(value, default):
    """The option's value, or default when it was not given (an empty --solver= is given)."""
    return default if value is None else value


def read_data(path, opts, err):
    """load_csv(path, ...) with the options --target, --columns, --categorical
    and --missing; with --missing drop, a note on ``err`` of the rows dropped.

    >>> read_data("no/such.csv", {"--target": "y", "--columns": None, "--categorical": (),
    ...                           "--missing": "error"}, None)
    Traceback (most recent call last):
    ...
    minilogit.DataError: cannot read no/such.csv: No such file or directory
    """
    try:
        data = load_csv(path, target=opts["--target"], categorical=opts["--categorical"],
                        columns=opts["--columns"], missing=opts["--missing"])
    except OSError as e:
        raise DataError("cannot read %s: %s" % (path, _reason(e)))
    note_dropped(data.dropped, len(data.data), path, err)
    return data


def note_dropped(lines, kept, path, err):
    """--missing drop: say on ``err`` how many rows were dropped, and which lines.

    >>> import io
    >>> err = io.StringIO()
    >>> note_dropped([3, 7], 10, "d.csv", err)
    >>> err.getvalue()
    'minilogit: note: --missing drop left out 2 rows of d.csv with an empty cell (lines 3, 7); 10 rows remain\\n'
    """
    if lines:
        shown = ", ".join(str(k) for k in lines[:10]) + (", ..." if len(lines) > 10 else "")
        err.write("minilogit: note: --missing drop left out %s of %s with an empty cell "
                  "(line%s %s); %s remain\n" % (plural(len(lines), "row"), path,
                                                "s" if len(lines) > 1 else "", shown,
                                                plural(kept, "row")))


def plural(n, word):
    """"1 row", "2 rows".

    >>> plural(1, "row"), plural(2, "row")
    ('1 row', '2 rows')
    """
    return "%d %s%s" % (n, word, "" if n == 1 else "s")


def _reason(e):
    """The words of an OSError: its strerror, or (MicroPython, which has none) its number."""
    return getattr(e, "strerror", None) or "%s %s" % (type(e).__name__, e)


def fit_quietly(model, X, y):
    """Fit; return the warnings' messages, one line of text each.

    >>> texts = fit_quietly(LogisticRegression(max_iter=1), [[0.0], [1.0], [2.0]], [0, 1, 0])
    >>> len(texts), texts[0].split(":")[0]
    (1, 'newton did not converge in 1 iteration')
    """
    return [" ".join(text.split()) for _, text in fit_catching(model, X, y)]


def fit_command(args, out, err, trace=False, doing=None):
    """``fit`` (summary and explanation) or ``trace`` (the iteration table).
    ``doing``: a list that holds what it is doing now, for an interruption.

    >>> import io
    >>> fit_command(["no/such.csv", "--target", "y"], io.StringIO(), io.StringIO())
    Traceback (most recent call last):
    ...
    minilogit.DataError: cannot read no/such.csv: No such file or directory
    """
    doing = [] if doing is None else doing
    (path,), opts = parse_options(args)
    if opts["--standardize"] and opts["--no-standardize"]:
        raise UsageError("--standardize and --no-standardize: give one of them")
    model = make_model(opts)
    doing[:] = ["reading %s" % path]
    data = read_data(path, opts, err)
    n_classes = len(set(data.target))
    if n_classes > 2 and opts["--family"] is None and opts["--link"] is None:
        model = make_model(opts, n_classes)          # softmax regression
    model.verbose = 0 if opts["--quiet"] else 2 if opts["--verbose"] else 1
    scaled = opts["--standardize"] or (model.solver in FIRST_ORDER
                                       and not opts["--no-standardize"])
    X, advice = data.data, None
    if scaled:
        X, means, scales = standardize(X)
    else:
        advice = scale_advice(model, data)
        if advice is not None:
            err.write("minilogit: note: %s\n" % advice)
    doing[:] = ["fitting %s (%s) to %s of %s" % (type(model).__name__, model.solver,
                                                  plural(len(X), "row"), path)]
    try:
        for message in fit_quietly(model, X, data.target):
            if advice is not None and message.startswith(model.solver + " takes steps on"):
                continue                        # the note above said it, with its option
            err.write("minilogit: warning: %s\n" % in_cli_words(message, data))
    except DATA_ERRORS as e:
        raise type(e)(in_cli_words(str(e), data))
    except MemoryError:
        raise too_large("%s has" % path, len(X), len(X[0])) from None
    if data.categories:
        model.categories_ = data.categories     # summary() names the reference levels
    shown = unstandardize(model, means, scales) if scaled else model
    doing[:] = ["writing the %s of the fit" % ("trace" if trace else "summary")]
    if trace:
        out.write(str(model.trace_) + "\n")     # minilogit.tables.trace_table
        if scaled:
            out.write("(%s: these iterates are of the standardized columns.)\n"
                      % standardized_by(opts))
    else:
        out.write(summary_text(shown, data) + "\n")
        if scaled:
            out.write("\n" + "\n".join(wrap_text(standardized_note(shown, opts), 79)) + "\n\n")
            out.write(summary_text(model, data) + "\n")
    why = in_cli_words(model.explain(), data)
    if model.separation_ is not None:           # the warning said how: once is enough
        why = why.replace(": %s." % in_cli_words(model.separation_, data),
                          " (the warning above says how).")
    out.write("\n" + "\n".join(wrap_text(why, 79)) + "\n")
    if opts["--svg"] is not None:
        svg = plot.fit_plot(shown, data)
        _write(opts["--svg"], lambda: save(svg, opts["--svg"]))
        out.write("\nWrote %s.\n" % opts["--svg"])
    if opts["--save"] is not None:
        doing[:] = ["writing %s" % opts["--save"]]
        _write(opts["--save"], lambda: save_model(shown, data, opts["--save"], path))
        out.write("\nWrote %s (python3 -m minilogit predict %s FILE.csv).\n"
                  % (opts["--save"], opts["--save"]))
    return 0


def summary_text(model, data):
    """``model.summary()`` with the file's column names, its note below the
    table in the command line's words (``in_cli_words``; not the table, whose
    rows are the file's names).

    >>> from minilogit.datasets import Dataset
    >>> m = LogisticRegression(penalty="l2", lam=1.0).fit([[0.0], [1.0], [2.0]], [0, 1, 0])
    >>> summary_text(m, Dataset([], [], ["lam"], "y")).splitlines()[-1][-39:]
    'refit with --penalty none for inference'
    """
    text = model.summary(feature_names=data.feature_names)
    rule = text.rfind("=" * 20)
    end = text.find("\n", rule)
    return text if end < 0 else text[:end] + in_cli_words(text[end:], data)


def _write(path, action):
    """Run ``action``, which writes ``path``; a DataError if it cannot."""
    try:
        action()
    except OSError as e:
        raise DataError("cannot write %s: %s" % (path, _reason(e)))


def standardized_by(opts):
    """Which option standardized the columns: --standardize, or the solver's default."""
    return "--standardize" if opts["--standardize"] else (
        "the default of --solver %s, which --no-standardize turns off" % opts["--solver"])


def standardized_note(shown, opts):
    """The sentence between the raw-scale table and the standardized one."""
    what = "" if shown.inference_blocked_ else ", standard errors and intervals"
    penalty = "" if getattr(shown, "penalty", None) is None else (
        " The penalty applies to the coefficients of the standardized columns, as "
        "glmnet's does, so the fit differs from the same penalty on the raw columns.")
    return ("The table above gives the fit on the scale of the raw columns (its "
            "coefficients%s transformed exactly).%s The fit itself ran on the standardized "
            "columns (each column minus its mean, divided by its standard deviation, ddof 0: "
            "%s), where it reads:" % (what, penalty, standardized_by(opts)))


def save_model(model, data, path, source):
    """Write ``model``, fitted to ``data`` read from the file ``source``, to
    ``path``: to_json's document, with the coded column names as
    ``feature_names_in_`` (and the text columns' levels, ``categories_``), and
    "csv": the label column's name and the columns of ``source``, which
    predict reads."""
    model.feature_names_in_ = list(data.feature_names)
    doc = json.loads(model.to_json())
    # from_json reads no other top-level key
    doc["csv"] = {"target": data.target_name, "columns": csv_columns(source)}
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps(doc) + "\n")


PREDICTORS = {"LogisticRegression": LogisticRegression, "SoftmaxRegression": SoftmaxRegression,
              "GLM": GLM}


def read_model(path):
    """(model, label column name or None, the training file's columns or None):
    the estimator that ``fit --save`` (or ``to_json``) wrote to ``path``."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise DataError("cannot read %s: %s" % (path, _reason(e)))
    except ValueError:                      # UnicodeDecodeError
        text = None
    try:
        doc = json.loads(text)
    except (TypeError, ValueError):
        doc = None
    if not isinstance(doc, dict) or doc.get("estimator") not in PREDICTORS:
        raise DataError("%s is not a model that fit --save wrote: predict reads the JSON of a "
                        "%s" % (path, ", ".join(sorted(PREDICTORS))))
    try:
        model = PREDICTORS[doc["estimator"]].from_json(text)
    except DataError as e:
        raise DataError("%s: %s" % (path, e))
    csv = doc.get("csv") if isinstance(doc.get("csv"), dict) else {}
    target, header = csv.get("target"), csv.get("columns")
    return (model, target if isinstance(target, str) else None,
            header if isinstance(header, list) else None)


def raw_columns(names, categories):
    """The CSV columns behind the coded feature names: a text column stands for
    its indicator columns ``column[level]``.

    >>> raw_columns(["age", "g[b]", "g[c]", "dose"], {"g": ["a", "b", "c"]})
    ['age', 'g', 'dose']
    """
    coded = dict(("%s[%s]" % (c, level), c) for c in categories for level in categories[c][1:])
    out = []
    for name in names:
        column = coded.get(name, name)
        if column not in out:
            out.append(column)
    return out


def predict_command(args, out, err, doing):
    """``predict MODEL.json FILE.csv``: the saved model's predictions for each
    data row of FILE.csv, as CSV on ``out``.

    >>> import io
    >>> predict_command(["no/model.json", "d.csv"], io.StringIO(), io.StringIO(), [])
    Traceback (most recent call last):
    ...
    minilogit.DataError: cannot read no/model.json: No such file or directory
    """
    (model_path, path), opts = parse_options(args, PREDICT_OPTIONS, ("MODEL.json", "FILE.csv"))
    doing[:] = ["reading %s" % model_path]
    model, target, known = read_model(model_path)
    glm = isinstance(model, GLM)
    what = opts["--output"] or ("mean" if glm else "probability")
    able = ("mean", "link") if glm else ("probability", "label", "link")
    if what not in able:
        raise UsageError("--output needs %s for a %s, got %r"
                         % (" or ".join(able), type(model).__name__, what))
    names = getattr(model, "feature_names_in_", None)
    if names is None:
        raise DataError("%s has no feature names (it was fitted on rows without column "
                        "names), so predict cannot match the columns of %s to it; fit "
                        "with python3 -m minilogit fit ... --save" % (model_path, path))
    categories = getattr(model, "categories_", None) or {}
    columns = raw_columns(names, categories)
    doing[:] = ["reading %s" % path]
    try:
        header = csv_columns(path)
        # the fit's columns, and no column its training file did not have
        absent = [c for c in columns if c not in header]
        extra = [c for c in header if c not in (known or columns + [target])]
        if absent or extra:
            lacks = "lacks %s" % ", ".join(map(repr, absent)) if absent else ""
            has = "has %s, which the training file did not have" % ", ".join(
                map(repr, extra)) if extra else ""
            raise DataError("%s does not have the columns of the fit in %s: it %s; the model "
                            "reads %s" % (path, model_path, " and ".join(
                                [t for t in (lacks, has) if t]), ", ".join(columns)))
        data = load_csv(path, target=False, categorical=list(categories), columns=columns,
                        missing=opts["--missing"], levels=categories)
    except OSError as e:
        raise DataError("cannot read %s: %s" % (path, _reason(e)))
    note_dropped(data.dropped, len(data.data), path, err)
    doing[:] = ["predicting %s rows of %s" % (len(data.data), path)]
    X = data.data
    if what == "label":
        head, rows = [target or "label"], [[c] for c in model.predict(X)]
    elif what == "link":
        scores = model.linear_predictor(X) if glm else model.decision_function(X)
        if isinstance(scores[0], list):                       # softmax: K scores
            head, rows = ["link(%s)" % c for c in model.classes_], scores
        else:
            head, rows = ["link"], [[a] for a in scores]
    elif glm:
        head, rows = ["mean"], [[m] for m in model.predict(X)]
    else:
        head = ["P(%s)" % c if target is None else "P(%s=%s)" % (target, c)
                for c in model.classes_]
        rows = model.predict_proba(X)
    out.write(",".join(_cell(h) for h in head) + "\n")
    for row in rows:
        out.write(",".join(_cell(v) for v in row) + "\n")
    return 0


def _cell(value):
    """A CSV cell: a float as repr writes it (it reads back exactly), text quoted
    when it holds a comma, a quote or a line break."""
    text = repr(value) if isinstance(value, float) else str(value)
    if any(c in text for c in ',"\r\n'):
        text = '"%s"' % text.replace('"', '""')
    return text


# the estimators' parameters as the command line names them
CLI_NAMES = (("learning_rate=None", "no --learning-rate"), ("learning_rate", "--learning-rate"),
             ("max_iter", "--max-iter"), ("l1_ratio", "--l1-ratio"), ("tol", "--tol"),
             ("lam", "--lam"), ("penalty=None", "--penalty none"),
             ("look at history_", "run trace"))


def in_cli_words(text, data):
    """A library message as the command line says it: the columns named as
    the file names them (``name_columns``) and the estimators' parameters as
    options (``max_iter`` is ``--max-iter``, ``solver='gd'`` is ``--solver gd``).

    >>> in_cli_words("raise max_iter, or use solver='newton'", None)
    'raise --max-iter, or use --solver newton'
    >>> in_cli_words("a smaller learning_rate, or learning_rate=None for a line search", None)
    'a smaller --learning-rate, or no --learning-rate for a line search'
    """
    if data is not None:
        text = name_columns(text, data)
    for name, option in CLI_NAMES:
        out, start = "", 0
        i = text.find(name)
        while i >= 0:
            before, after = text[i - 1:i], text[i + len(name):i + len(name) + 1]
            if not _in_word(before, "_-.'\"") and not _in_word(after, "_"):
                out, start = out + text[start:i] + option, i + len(name)
            i = text.find(name, i + len(name))
        text = out + text[start:]
    for name in ("solver", "penalty"):              # solver='gd' -> --solver gd
        while name + "='" in text:
            i = text.index(name + "='")
            j = text.find("'", i + len(name) + 2)
            if j < 0:
                break
            text = text[:i] + "--%s %s" % (name, text[i + len(name) + 2:j]) + text[j + 1:]
    return text


def _in_word(c, also):
    """Whether the character c (or "") is a letter, a digit or one of ``also``."""
    return c != "" and (c.isalpha() or c.isdigit() or c in also)


def name_columns(text, data):
    """``text``, a library message about X and y, with the columns named as
    the file names them: "column j of X" and a leading "y" or "y[i]" (data
    row i + 1).

    >>> from minilogit.datasets import Dataset
    >>> d = Dataset([[1.0, 2.0]], [0], ["age", "dose"], "species")
    >>> name_columns("y has 3 classes (0, 1, 2): a binary model needs exactly two", d)
    "column 'species' has 3 classes (0, 1, 2): a binary model needs exactly two"
    >>> name_columns("column 1 of X is constant", d)
    "column 1 of X ('dose') is constant"
    >>> name_columns("y[0] is -1: the poisson family needs counts 0, 1, 2, ...", d)
    "column 'species', data row 1, is -1: the poisson family needs counts 0, 1, 2, ..."
    """
    if text.startswith("y "):
        text = "column %r%s" % (data.target_name, text[1:])
    elif text.startswith("y[") and text[2:text.find("]")].isdigit():
        end = text.index("]")
        text = "column %r, data row %d,%s" % (data.target_name, int(text[2:end]) + 1,
                                              text[end + 1:])
    if "column " not in text:
        return text
    from .interop import name_column
    return name_column(text, data.feature_names)


def scale_advice(model, data):
    """What to do before a first-order fit (gd, sgd, proximal) with --no-standardize
    on columns whose scales (root mean squares, the intercept's 1 among them) are more than
    SPREAD apart, as the fit's own ConvergenceWarning says (gd, sgd); None
    when the solver or the data need nothing.

    >>> from minilogit.datasets import Dataset
    >>> d = Dataset([[1.0, 250.0], [2.0, 310.0], [1.5, 280.0]], [0, 1, 0], ["a", "b"], "y")
    >>> print(scale_advice(LogisticRegression(solver="gd"), d))
    gd takes steps on the raw columns, whose root mean squares range from 1 (intercept) to 281 (b): on such data first-order steps crawl or diverge. Leave out --no-standardize (the fit then runs on standardized columns and reports the coefficients on both scales), or use --solver newton.
    >>> scale_advice(LogisticRegression(), d) is None
    True
    """
    if model.solver not in ("gd", "sgd", "proximal"):
        return None
    s = column_scales(design(data.data, True))          # what the fit computes
    lo, hi = s.index(min(s)), s.index(max(s))
    if s[hi] <= SPREAD * s[lo]:
        return None
    names = ["intercept"] + data.feature_names
    return ("%s takes steps on the raw columns, whose root mean squares range from %.3g "
            "(%s) to %.3g (%s): on such data first-order steps crawl or diverge. Leave "
            "out --no-standardize (the fit then runs on standardized columns and reports "
            "the coefficients on both scales), or use --solver newton."
            % (model.solver, s[lo], names[lo], s[hi], names[hi]))


# the modules of minilogit.core in the order core/__init__.py gives for reading
CORE_MODULES = ["core", "core.functions", "core.matrix", "core.logistic", "core.penalty",
                "core.solvers", "core.estimators", "core.softmax_regression", "core.checks",
                "core.errors", "core.rng", "core.compat"]


def doctest_command(args, out):
    """Run the docstring examples of the modules ``args`` (names under minilogit,
    e.g. "core.solvers"); print a line per module; return 1 if any failed.

    >>> import io
    >>> out = io.StringIO()
    >>> doctest_command(["core.rng"], out), out.getvalue().split(":")[0]
    (0, 'minilogit.core.rng')
    """
    try:
        import doctest
    except ImportError:                  # MicroPython
        raise UsageError("doctest needs the doctest module of CPython or PyPy")
    failed = 0
    for name in args or CORE_MODULES:
        if not name.replace("_", "a").replace(".", "a").isalnum():
            raise UsageError("%r is not a module name such as core.solvers" % name)
        try:
            module = __import__("minilogit." + name, None, None, ["__name__"])
        except ImportError:
            raise UsageError("there is no module minilogit.%s" % name)
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        out.write("%s: %d examples, %d failed\n"
                  % (module.__name__, result.attempted, result.failed))
        failed += result.failed
    return 1 if failed else 0


class _Nowhere:
    """A closed stream's stand-in: what is written to it goes nowhere."""

    def write(self, text):
        return len(text)


def main(argv=None, out=None, err=None):
    """Run the command line ``argv`` (default ``sys.argv[1:]``); return the exit status.

    ``out`` and ``err`` default to ``sys.stdout`` and ``sys.stderr``.

    >>> import io
    >>> err = io.StringIO()
    >>> main(["fit", "no-such-file.csv", "--target", "y"], err=err)
    1
    >>> err.getvalue()
    'minilogit: cannot read no-such-file.csv: No such file or directory\\n'
    """
    argv = sys.argv[1:] if argv is None else list(argv)
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    if err is None:                 # stderr closed (2>&-): its lines go nowhere
        err = _Nowhere()
    if out is None:                 # stdout closed (>&-): nowhere for what a command prints
        err.write("minilogit: standard output is closed: nowhere to write the results\n")
        return 1
    if not argv:
        err.write(USAGE)
        return 2
    if "-h" in argv or "--help" in argv or argv[0] == "help":
        out.write(USAGE)
        return 0
    command, args = argv[0], argv[1:]
    doing = ["starting %s" % command]               # what the command is doing now
    try:
        if command == "demo":
            if args:
                raise UsageError("demo takes no arguments, got %s" % " ".join(args))
            demo(out)
            return 0
        if command in ("fit", "trace"):
            return fit_command(args, out, err, command == "trace", doing)
        if command == "predict":
            return predict_command(args, out, err, doing)
        if command == "doctest":
            return doctest_command(args, out)
        raise UsageError("unknown command %s: choose fit, predict, trace, demo, doctest or help"
                         % command)
    except UsageError as e:
        err.write("minilogit: %s\n" % e)
        return 2
    except DATA_ERRORS as e:
        err.write("minilogit: %s\n" % " ".join(str(e).split()))
        return 1
    except MemoryError:
        err.write("minilogit: out of memory\n")
        return 1
    except KeyboardInterrupt:                    # Ctrl-C: status 130, as shells give
        tty = getattr(err, "isatty", None)
        err.write("%sminilogit: interrupted while %s\n" % ("\n" if tty and tty() else "",
                                                          doing[0]))
        return 130


def _shell():
    """main() for ``python3 -m minilogit``: Ctrl-C before main() has started
    (status 130) and a closed pipe (``... | head``) end it quietly."""
    try:
        return main()
    except KeyboardInterrupt:
        return 130
    except OSError as e:
        import errno
        if getattr(e, "errno", None) != errno.EPIPE:
            raise
        import os                # CPython would complain again when flushing stdout at exit
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(_shell())
