"""Re-checks a `precision` answer's rounding on this machine with Python's `decimal` (issue 34 item 9).

    report = svc_client.check_precision({"op": "sqrt", "x": "2", "digits": 31}, result)
    report["ok"]          # True: the answer is the exact value rounded half-even to `digits` digits

`precision` answers carry no certificate: what a caller recomputes instead is the rounding
(docs/precision.md). The answer a (with D = `digits` significant digits) is right when the exact
value v lies in a's rounding interval: |a| ± half a unit in a's last place (below a power of ten,
half a unit of the decade below), its ends belonging to it when a's last digit is even (ties go to
even). v is enclosed by interval evaluation: an operation `decimal` rounds correctly (sqrt, exp, ln)
is within one unit of its last place at P digits; x^(p/q) is exp(p/q · ln|x|) with the error of the
ln, the product and the exp carried into the enclosure; π is Machin's formula in integers with
every truncation counted. The ends are computed with directed rounding. P starts at D + 20 and
doubles its guard digits until the enclosure lies inside or outside the interval; a value exactly
on an end (a tie, or an exact answer) is settled for the algebraic operations by comparing integer
powers exactly, and a declared `exact` is checked the same way (when its powers are at most a few
million digits; else the report says it was not checked).

The report: `ok`, `op`, `digits`, `exact` (the exact value equals the answer: True/False, None when
not decided), `failed_step` (`problem`, `answer`, `rounding`, `exact`, `undecided`) and `detail`.
Never raises on what it is given.
"""
from __future__ import annotations

import decimal
import math
import re
from decimal import Decimal
from fractions import Fraction
from typing import Any, Dict, Optional, Tuple

__all__ = ["check_precision"]

_OPS = ("sqrt", "nthroot", "exp", "ln", "powq", "pi", "e", "ln2")
_WITH_X = ("sqrt", "nthroot", "exp", "ln", "powq")
_DECIMAL = re.compile(r"^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$")
_MAX_DIGITS = 6000
_MAX_X_CHARS = 10_000
_MAX_GUARD = 640
_EXACT_POWER_BITS = 10_000_000


class _Refuse(Exception):
    def __init__(self, step: str, detail: str):
        super().__init__(detail)
        self.step, self.detail = step, detail


def _ctx(prec: int, rounding: str = decimal.ROUND_HALF_EVEN) -> decimal.Context:
    return decimal.Context(prec=prec, rounding=rounding, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN, traps=[decimal.InvalidOperation, decimal.DivisionByZero])


# Unary operations and scaleb round to a context (the thread's default has 28 digits): every one here
# goes through this context, wide enough to keep all the digits it is given (x has at most 10,000).
_WIDE = None


def _wide() -> decimal.Context:
    global _WIDE
    if _WIDE is None:
        _WIDE = _ctx(_MAX_X_CHARS + _MAX_DIGITS + 2 * _MAX_GUARD)
    return _WIDE


def _ulp(r: Decimal, prec: int) -> Decimal:
    return _wide().scaleb(Decimal(1), r.adjusted() - prec + 1)


def _dec(s: Any, where: str, step: str) -> Decimal:
    if not isinstance(s, str) or len(s) > _MAX_X_CHARS or not _DECIMAL.match(s):
        raise _Refuse(step, f"{where}: expected a decimal string such as \"-1.25e-3\"")
    m = re.search(r"[eE]([+-]?\d+)$", s)
    if m and (len(m.group(1)) > 9 or abs(int(m.group(1))) > 10_000_000):
        raise _Refuse(step, f"{where}: the exponent is out of range")
    return Decimal(s)


def _int(v: Any, where: str, lo: int, hi: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise _Refuse("problem", f"{where}: expected an integer {lo}..{hi}")
    return v


def check_precision(problem: Any, answer: Any) -> Dict[str, Any]:
    """Whether `answer` (a decimal string, or the result document) is the exact value of the
    `precision` problem rounded half-even to its digits; see the module docstring. Never raises."""
    report: Dict[str, Any] = {"ok": False, "op": None, "digits": None, "exact": None, "failed_step": None, "detail": ""}
    try:
        _check(problem, answer, report)
    except _Refuse as r:
        report.update(ok=False, failed_step=r.step, detail=r.detail)
    except (MemoryError, RecursionError, ArithmeticError, OverflowError) as e:
        report.update(ok=False, failed_step="undecided", detail=f"the check could not be completed ({type(e).__name__})")
    except Exception as e:  # a defect of this checker
        report.update(ok=False, failed_step="internal", detail=f"the checker failed ({type(e).__name__}: {str(e)[:200]}); please report it")
    return report


def _check(problem: Any, answer: Any, report: Dict[str, Any]) -> None:
    if not isinstance(problem, dict):
        raise _Refuse("problem", "the problem must be the request's JSON object")
    op = problem.get("op")
    if op not in _OPS:
        raise _Refuse("problem", f"problem.op: expected one of {', '.join(_OPS)}")
    report["op"] = op
    D = problem.get("digits", problem.get("n", 31))
    D = _int(D, "problem.digits", 1, _MAX_DIGITS)
    report["digits"] = D
    x = _dec(problem.get("x"), "problem.x", "problem") if op in _WITH_X else None
    p, q = 1, 1
    if op == "nthroot":
        q = _int(problem.get("k"), "problem.k", 2, 1000)
    elif op == "powq":
        p, q = _int(problem.get("p"), "problem.p", -1000, 1000), _int(problem.get("q"), "problem.q", 1, 1000)
        g = math.gcd(p, q) or 1
        p, q = p // g, q // g
    elif op == "sqrt":
        q = 2
    doc = answer if isinstance(answer, dict) else None
    text = doc.get("answer") if doc is not None else answer
    a = _dec(text, "answer", "answer")
    declared = doc.get("exact") if doc is not None and isinstance(doc.get("exact"), bool) else None

    # The sign of the exact value, and the cases where it is 0 or exactly known.
    negative, known = False, None
    if op in ("sqrt", "nthroot", "powq"):
        if x < 0 and q % 2 == 0:
            raise _Refuse("problem", f"an even root of a negative number ({op})")
        if x == 0:
            if p <= 0:
                raise _Refuse("problem", "0 to a power p <= 0")
            known = Decimal(0)
        negative = x < 0 and p % 2 == 1
    elif op == "ln":
        if x <= 0:
            raise _Refuse("problem", "ln of 0 or less")
        if x == 1:
            known = Decimal(0)
        negative = x < 1
    elif op == "exp" and x == 0:
        known = Decimal(1)
    if known is not None:
        if a != known:
            raise _Refuse("rounding", f"{op} here is exactly {known}; the answer is {text}")
        _exact_claim(declared, True)
        report.update(ok=True, exact=True, detail=f"{op} here is exactly {known}, as answered")
        return
    if a == 0 or (a < 0) != negative:
        raise _Refuse("rounding", f"the exact value is {'negative' if negative else 'positive'} and not 0; the answer is {text}")
    a = a.copy_abs()
    sig = len(_wide().normalize(a).as_tuple().digits)
    if sig > D:
        raise _Refuse("answer", f"the answer has {sig} significant digits, more than {D}")
    lo, hi, ends_in = _interval(a, D)
    algebraic = op in ("sqrt", "nthroot", "powq")
    ax = x.copy_abs() if x is not None else None
    exact: Optional[bool] = False if not algebraic else None
    guard = 20
    while True:
        vlo, vhi = _enclose(op, x, p, q, D + guard)
        if lo < vlo and vhi < hi:
            break
        if vhi < lo or vlo > hi or (not ends_in and (vhi <= lo or vlo >= hi)):
            raise _Refuse("rounding", f"the exact value lies {'below' if vhi <= lo else 'above'} the answer's rounding interval at {D} digits (enclosed at {D + guard} digits): the answer is not correctly rounded")
        if algebraic and (vlo <= lo <= vhi or vlo <= hi <= vhi):
            end = lo if vlo <= lo <= vhi else hi
            on_end = _equals_power(end, ax, p, q)
            if on_end:
                if not ends_in:
                    raise _Refuse("rounding", "the exact value is the midpoint at an end of the answer's rounding interval, and ties go to the even digit: not this answer")
                break
        guard *= 2
        if guard > _MAX_GUARD:
            raise _Refuse("undecided", f"the enclosure at {D + guard // 2} digits still meets an end of the rounding interval")
    if algebraic:
        exact = _equals_power(a, ax, p, q)
    _exact_claim(declared, exact)
    report.update(ok=True, exact=exact, detail=f"the exact value of {op} lies in the answer's rounding interval at {D} digits (enclosed at {D + guard} digits)"
                  + ("" if exact is not None else "; `exact` not checked (its powers are too large here)"))


def _exact_claim(declared: Optional[bool], exact: Optional[bool]) -> None:
    if declared is not None and exact is not None and declared != exact:
        raise _Refuse("exact", f"the answer says exact: {str(declared).lower()}, but the value {'is' if exact else 'is not'} exactly the answer")


def _interval(a: Decimal, D: int) -> Tuple[Decimal, Decimal, bool]:
    """a's rounding interval at D digits (a > 0): [lo, hi], and whether the ends belong to it."""
    ctx = _ctx(D + 10)
    half = _wide().scaleb(Decimal(5), a.adjusted() - D)
    digits = _wide().normalize(a).as_tuple()
    power_of_ten = digits.digits == (1,)
    lo = ctx.subtract(a, ctx.divide(half, 10) if power_of_ten else half)
    hi = ctx.add(a, half)
    # The last of the D digits: a · 10^(D-1-E) is an integer.
    last = int(ctx.scaleb(a, D - 1 - a.adjusted())) % 10
    return lo, hi, last % 2 == 0


def _enclose(op: str, x: Optional[Decimal], p: int, q: int, P: int) -> Tuple[Decimal, Decimal]:
    """[lo, hi] holding |op(x)|, from a computation at P digits."""
    ax = x.copy_abs() if x is not None else None
    ctx = _ctx(P)
    down, up = _ctx(P + 10, decimal.ROUND_FLOOR), _ctx(P + 10, decimal.ROUND_CEILING)
    if op == "pi":
        return _pi(P)
    if op in ("sqrt", "exp", "ln", "e", "ln2"):
        r = {"sqrt": lambda: ctx.sqrt(ax), "exp": lambda: ctx.exp(x), "e": lambda: ctx.exp(Decimal(1)),
             "ln": lambda: ctx.ln(ax), "ln2": lambda: ctx.ln(Decimal(2))}[op]()
        r = r.copy_abs()                # correctly rounded at P digits: within half a unit of its last place
        u = _ulp(r, P)
        return down.subtract(r, u), up.add(r, u)
    # |x|^(p/q) = exp(t), t = p/q · ln|x|: the ln within u_l/2, the product and quotient each within an ulp.
    lnx = ctx.ln(ax)
    t = ctx.divide(ctx.multiply(lnx, p), q)
    err = up.add(up.multiply(up.divide(Decimal(abs(p)), q), _ulp(lnx, P)) if lnx != 0 else Decimal(0), up.multiply(2, _ulp(t, P)) if t != 0 else Decimal(0))
    e = ctx.exp(t)
    u = _ulp(e, P)
    if err > Decimal("0.5"):
        raise _Refuse("undecided", "the exponent is too large to enclose")
    two_err = up.multiply(2, err)
    return down.multiply(down.subtract(e, u), down.subtract(1, two_err)), up.multiply(up.add(e, u), up.add(1, two_err))


def _pi(P: int) -> Tuple[Decimal, Decimal]:
    """π enclosed by Machin's formula 16·atan(1/5) − 4·atan(1/239) in integers scaled by 10^(P+10)."""
    G = P + 10
    scale = 10 ** G

    def atan_inv(m: int) -> Tuple[int, int]:
        # Σ (−1)^k / ((2k+1)·m^(2k+1)) · scale with x_k = ⌊x_{k−1} / m²⌋ (below the true x_k by less than 2)
        # and each term ⌊x_k / (2k+1)⌋ (less than 3 below its true value); the tail after the last nonzero
        # term is below 1: so the sum is within 3·(terms + 1) of atan(1/m)·scale.
        total, k, x, m2 = 0, 0, scale // m, m * m
        while x:
            term = x // (2 * k + 1)
            total += -term if k % 2 else term
            k += 1
            x //= m2
        return total, 3 * (k + 1)
    a5, n5 = atan_inv(5)
    a239, n239 = atan_inv(239)
    centre = 16 * a5 - 4 * a239
    err = 16 * n5 + 4 * n239            # n5, n239: the error bounds of the two sums
    return _wide().scaleb(Decimal(centre - err), -G), _wide().scaleb(Decimal(centre + err), -G)


def _equals_power(m: Decimal, ax: Decimal, p: int, q: int) -> Optional[bool]:
    """Whether m = |x|^(p/q) exactly (m ≥ 0): m^q = |x|^p in rationals; None when too large to compare."""
    fm, fx = Fraction(m), Fraction(ax)
    bits = lambda f: f.numerator.bit_length() + f.denominator.bit_length()   # noqa: E731
    if bits(fm) * q > _EXACT_POWER_BITS or bits(fx) * abs(p) > _EXACT_POWER_BITS:
        return None
    return fm ** q == fx ** p
