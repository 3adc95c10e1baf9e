"""Golden test: with default arguments, every golden model ends at the float64 optimum.

Reference: the exact optimum of each model, by tools/reference/optimum_reference.py
(mpmath 1.4.1, 60 digits, on CPython 3.11.7): Newton's method in 60-digit arithmetic from
minilogit's fit, until a step is below 1e-40 of the coefficients; printed to 17
digits, so the float64 optimum is each number rounded. R 4.2.2's glm refitted with
glm.control(epsilon = 1e-300, maxit = 1000) (tools/reference/glm_reference.R, the
"optimum" lines) agrees with them to 5e-13 (Star98) or better, except the probit fit,
whose Fisher scoring stops moving 7e-12 away.

Tolerance: 1e-12 relative in every coefficient. Measured (CPython 3.11.7): 3e-15
(Spector logit, both classes), 6e-13 (Fair, LogisticRegression), 9e-13 (Fair, GLM),
2e-15 (Spector probit), 1e-14 (Lbw), 5e-13 (Star98), 4e-15 and 1e-14 (Cpunish without
and with exposure), 6e-14 (Anes96 mlogit). Longley, 4e-12, is the one exception, with
1e-11: its columns are so nearly collinear that float64 normal equations, however
refined, leave a few units in the 12th digit (R's QR fit is 1e-13 from the optimum).
"""

import warnings

from golden import anes96, columns, cpunish, lbw, longley, max_rel, spector, star98, table

from minilogit import LogisticRegression, SoftmaxRegression
from minilogit.glm.model import GLM

REL = 1e-12
LONGLEY_REL = 1e-11

SPECTOR_LOGIT = [
    -13.021346858115691, 2.8261125948893214, 0.095157661317909301, 2.3786876550933542]
FAIR_LOGIT = [
    3.7257198665632163, -0.71610710508022451, -0.060487680696682221,
    0.11001794098251416, -0.0042332261929105321, -0.37515765268394430,
    -0.039219204064937794, 0.16023383319081765, 0.012400818906261618]
SPECTOR_PROBIT = [
    -7.4523196482203163, 1.6258100394515834, 0.051728945507599912, 1.4263323420071486]
LBW_LOGIT = [
    0.46122388641737004, -0.027100310886233478, -0.015150818440521630,
    1.2626472843971866, 0.86207916179822683, 0.92334482228527197, 0.54183656476303988,
    1.8325178035485862, 0.75851348017118216]
LONGLEY_GAUSSIAN = [
    -3482258.6345958184, 15.061872271373324, -0.035819179292591022, -2.0202298038168251,
    -1.0332268671735920, -0.051104105653580710, 1829.1514646135519]
STAR98_LOGIT = [
    2.9588779261863651, -0.016815036617130704, 0.0099254766112040374,
    -0.018724214780479965, -0.014238560943705189, 0.25448717299645227,
    0.24069366441823361, 0.080408673938091376, -1.9521605027241319,
    -0.33408647482704906, -0.16902216847398232, 0.0049167021229736161,
    -0.0035799643529617301, -0.014076564775628290, -0.0040049917551898849,
    -0.0039063957859156501, 0.091714300625330161, 0.048989838149198657,
    0.0080407389017109744, 0.00022200950302438478, -0.0022492486130486211]
CPUNISH_POISSON = [
    -6.8014798608837566, 0.00026110165198085404, 0.077818015042688952,
    -0.094931107814031742, 0.29693493348141864, 2.3011833213364740, -18.722067998058009]
CPUNISH_EXPOSURE_POISSON = [
    -12.207070940986019, 0.00041533131754954170, 0.11537645038446187,
    -0.13363890664982962, 0.53300826309135499, 2.6537007565746769, -30.796056911852562]
ANES96_MNLOGIT = [
    -0.37340167735848351, -0.011535974566688732, 0.29771435158938021,
    -0.024944995441998527, 0.082491442139343440, 0.0051965531725111041,
    -2.2509131768381349, -0.088750653030491653, 0.39166864173237901,
    -0.022897837092989337, 0.18104275751333768, 0.047873976087540538,
    -3.6655835302145368, -0.10596669898687452, 0.57345050776462734,
    -0.014851206884623141, -0.0071524190422847027, 0.057575159541368399,
    -7.6138430904448148, -0.091556701692666493, 1.2787717866111991,
    -0.0086813450301143094, 0.19982795531997883, 0.084498375250521515,
    -7.0604782464988979, -0.093284603957333873, 1.3469616457075989,
    -0.017904068947059190, 0.21693884988044809, 0.080958412155991804,
    -12.105750900463383, -0.14088069240150148, 2.0700801350414909,
    -0.0094326487013947118, 0.32192570241595215, 0.10889408328647960]


def fair():
    """The Fair data (tests/data/glm/fair.csv): the eight columns before 'affairs';
    y = 1 when affairs > 0."""
    rows = table("fair.csv")
    return columns(rows, list(rows[0])[:8]), [int(float(r["affairs"]) > 0) for r in rows]


def logistic(X, y):
    m = LogisticRegression().fit(X, y)
    assert m.converged_
    return [m.intercept_] + list(m.coef_)


def glm(X, y, **kwargs):
    fit_args = dict((k, kwargs.pop(k)) for k in ("exposure",) if k in kwargs)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        m = GLM(**kwargs).fit(X, y, **fit_args)
    assert m.converged_
    return m.params_


def test_logistic_regression_spector_and_fair():
    assert max_rel(logistic(*spector()), SPECTOR_LOGIT) <= REL
    assert max_rel(logistic(*fair()), FAIR_LOGIT) <= REL


def test_softmax_regression_anes96_with_a_reference_class():
    m = SoftmaxRegression(reference_class=0).fit(*anes96())
    assert m.converged_ and max_rel(m.params_, ANES96_MNLOGIT) <= REL


def test_every_golden_glm():
    X, y, t = cpunish()
    assert max_rel(glm(*spector()), SPECTOR_LOGIT) <= REL
    assert max_rel(glm(*fair()), FAIR_LOGIT) <= REL
    assert max_rel(glm(*spector(), link="probit"), SPECTOR_PROBIT) <= REL
    assert max_rel(glm(*lbw()), LBW_LOGIT) <= REL
    assert max_rel(glm(*star98()), STAR98_LOGIT) <= REL
    assert max_rel(glm(X, y, family="poisson"), CPUNISH_POISSON) <= REL
    assert max_rel(glm(X, y, family="poisson", exposure=t), CPUNISH_EXPOSURE_POISSON) <= REL
    assert max_rel(glm(*longley(), family="gaussian"), LONGLEY_GAUSSIAN) <= LONGLEY_REL
