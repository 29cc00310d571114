"""svc_client.check_precision (issue 34 item 9): a precision answer's rounding re-checked with `decimal`
by interval evaluation. Published constants, random roots against integer arithmetic, ties (half-even),
exact answers, one unit in the last place refused, hostile input never raising. No server needed."""
import decimal
import random
import unittest
from decimal import Decimal

import svc_test_support  # noqa: F401  (puts this tree's src/ first: test it, not an installed svc_client)
from svc_client import check_precision

# Decimal's operators round to the thread's context (28 digits): the tests' arithmetic goes through this one.
WIDE = decimal.Context(prec=400, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN)


def isqrt_round(x: Decimal, D: int) -> Decimal:
    """sqrt(x) rounded half-even to D significant digits in integers (independent of decimal's sqrt)."""
    from fractions import Fraction
    from math import isqrt
    g = x.adjusted() // 2                      # sqrt(x) is in [10^g, 10^(g+1))
    X = Fraction(x) * Fraction(10) ** (2 * (D - 1 - g))   # (sqrt(x) · 10^(D-1-g))^2
    N = isqrt(X.numerator // X.denominator)
    mid = Fraction(2 * N + 1, 2) ** 2
    if X > mid or (X == mid and N % 2 == 1):
        N += 1
    return Decimal(N).scaleb(g - D + 1, decimal.Context(prec=D + 5))


class PrecisionTest(unittest.TestCase):
    def test_published_constants(self):
        for op, right, wrong in (("pi", "3.14159265358979323846264338328", "3.141592653589793238462643383279"),
                                 ("e", "2.718281828459045235360287471353", "2.718281828459045235360287471352"),
                                 ("ln2", "0.6931471805599453094172321214582", "0.6931471805599453094172321214581")):
            r = check_precision({"op": op, "digits": 31}, {"answer": right, "exact": False})
            self.assertTrue(r["ok"], r)
            self.assertEqual((r["exact"], r["digits"], r["op"]), (False, 31, op))
            r = check_precision({"op": op, "digits": 31}, wrong)
            self.assertEqual((r["ok"], r["failed_step"]), (False, "rounding"), r)

    def test_random_square_roots_against_integers(self):
        rng = random.Random(4)
        for _ in range(60):
            D = rng.choice([2, 5, 31, 60])
            x = Decimal(rng.randint(1, 10 ** 15)).scaleb(rng.randint(-20, 20))
            a = isqrt_round(x, D)
            text = format(a.normalize(decimal.Context(prec=200)), "f") if abs(a.adjusted()) < 30 else str(a)
            r = check_precision({"op": "sqrt", "x": str(x), "digits": D}, text)
            self.assertTrue(r["ok"], (x, D, text, r))
            ulp = Decimal(1).scaleb(a.adjusted() - D + 1)
            for moved in (WIDE.add(a, ulp), WIDE.subtract(a, ulp)):
                if moved > 0 and moved.adjusted() == a.adjusted():
                    r = check_precision({"op": "sqrt", "x": str(x), "digits": D}, str(moved))
                    self.assertEqual(r["failed_step"], "rounding", (x, D, str(moved), r))

    def test_every_operation_one_ulp_either_side(self):
        rng = random.Random(9)
        ctx = decimal.Context(prec=120)
        for op in ("exp", "ln", "nthroot", "powq"):
            for _ in range(6):
                x = Decimal(rng.randint(1, 10 ** 8)).scaleb(rng.randint(-6, 2))
                prob = {"op": op, "x": str(x), "digits": 31}
                if op == "exp":
                    x = Decimal(rng.randint(1, 10 ** 7)).scaleb(-4) * (-1 if rng.random() < 0.5 else 1)
                    prob["x"] = str(x)
                    v = ctx.exp(x)
                elif op == "ln":
                    v = ctx.ln(x)
                elif op == "nthroot":
                    prob["k"] = k = rng.randint(2, 9)
                    v = ctx.exp(ctx.divide(ctx.ln(x), k))
                else:
                    prob["p"], prob["q"] = p, q = rng.choice([-7, -2, 3, 5]), rng.choice([3, 4, 7])
                    v = ctx.exp(ctx.divide(ctx.multiply(ctx.ln(x), p), q))
                a = decimal.Context(prec=31).plus(v)
                self.assertTrue(check_precision(prob, str(a))["ok"], (prob, str(a)))
                ulp = Decimal(1).scaleb(a.adjusted() - 30)
                for moved in (WIDE.add(a.copy_abs(), ulp), WIDE.subtract(a.copy_abs(), ulp)):
                    if moved.adjusted() == a.adjusted():
                        text = ("-" if a < 0 else "") + str(moved)
                        self.assertEqual(check_precision(prob, text)["failed_step"], "rounding", (prob, text))

    def test_ties_go_to_even(self):
        self.assertTrue(check_precision({"op": "sqrt", "x": "1.1025", "digits": 2}, "1")["ok"])        # 1.05 -> 1.0
        self.assertEqual(check_precision({"op": "sqrt", "x": "1.1236", "digits": 2}, "1")["failed_step"], "rounding")    # 1.06 -> 1.1
        self.assertTrue(check_precision({"op": "sqrt", "x": "1.1236", "digits": 2}, "1.1")["ok"])
        self.assertTrue(check_precision({"op": "sqrt", "x": "1.1025", "digits": 2}, "1.0")["ok"])
        self.assertEqual(check_precision({"op": "sqrt", "x": "1.1025", "digits": 2}, "1.1")["failed_step"], "rounding")
        self.assertTrue(check_precision({"op": "sqrt", "x": "1.3225", "digits": 2}, "1.2")["ok"])      # 1.15 -> 1.2
        x = str(WIDE.power(WIDE.add(Decimal(1), Decimal("5e-31")), 2))            # sqrt is 1.0000000000000000000000000000005, a tie at 31
        self.assertTrue(check_precision({"op": "sqrt", "x": x, "digits": 31}, "1")["ok"])
        self.assertEqual(check_precision({"op": "sqrt", "x": x, "digits": 31}, "1.000000000000000000000000000001")["failed_step"], "rounding")

    def test_exact_answers_and_claims(self):
        cases = [({"op": "sqrt", "x": "1522756"}, "1234"), ({"op": "powq", "x": "8", "p": 2, "q": 3}, "4"),
                 ({"op": "powq", "x": "0.0625", "p": -3, "q": 4}, "8"), ({"op": "powq", "x": "-8", "p": 2, "q": 6}, "-2"),
                 ({"op": "nthroot", "x": "-8", "k": 3}, "-2"), ({"op": "exp", "x": "0"}, "1"), ({"op": "ln", "x": "1"}, "0"),
                 ({"op": "sqrt", "x": "0"}, "0")]
        for prob, a in cases:
            prob = dict(prob, digits=31)
            r = check_precision(prob, {"answer": a, "exact": True})
            self.assertEqual((r["ok"], r["exact"]), (True, True), (prob, r))
            self.assertEqual(check_precision(prob, {"answer": a, "exact": False})["failed_step"], "exact", prob)
        r = check_precision({"op": "sqrt", "x": "2", "digits": 31}, {"answer": "1.41421356237309504880168872421", "exact": True})
        self.assertEqual(r["failed_step"], "exact")

    def test_the_documented_examples(self):
        self.assertTrue(check_precision({"op": "exp", "x": "-1000000", "digits": 31}, "3.296831478088558578968907969108e-434295")["ok"])
        self.assertTrue(check_precision({"description": "Give the square root of two to 31 significant digits.", "n": 31, "op": "sqrt", "x": "2", "digits": 31},
                                        {"answer": "1.41421356237309504880168872421", "exact": False, "digits": 31})["ok"])

    def test_sign_and_digit_count(self):
        p = {"op": "sqrt", "x": "2", "digits": 31}
        self.assertEqual(check_precision(p, "-1.41421356237309504880168872421")["failed_step"], "rounding")
        self.assertEqual(check_precision(p, "1.414213562373095048801688724209698")["failed_step"], "answer")   # 34 digits
        self.assertEqual(check_precision({"op": "ln", "x": "0.5", "digits": 31}, "0.6931471805599453094172321214582")["failed_step"], "rounding")
        self.assertTrue(check_precision({"op": "ln", "x": "0.5", "digits": 31}, "-0.6931471805599453094172321214582")["ok"])

    def test_hostile_input_never_raises(self):
        bad_problems = [None, [], {}, {"op": "nope"}, {"op": "sqrt"}, {"op": "sqrt", "x": 2}, {"op": "sqrt", "x": "-1"},
                        {"op": "ln", "x": "0"}, {"op": "nthroot", "x": "2"}, {"op": "nthroot", "x": "-4", "k": 2},
                        {"op": "powq", "x": "0", "p": -1, "q": 1}, {"op": "sqrt", "x": "1e" + "9" * 50},
                        {"op": "sqrt", "x": "2", "digits": True}, {"op": "sqrt", "x": "2", "digits": 10 ** 9}, {"op": "sqrt", "x": "9" * 20000}]
        for prob in bad_problems:
            r = check_precision(prob, "1")
            self.assertFalse(r["ok"], prob)
            self.assertNotIn(r["failed_step"], (None, "internal"), (prob, r))
        for ans in (None, 1.4142, "", "abc", "1/3", "NaN", "inf", [], {"answer": None}, "1e" + "9" * 40, "9" * 5000):
            r = check_precision({"op": "sqrt", "x": "2", "digits": 31}, ans)
            self.assertFalse(r["ok"], ans)
            self.assertNotIn(r["failed_step"], (None, "internal"), (ans, r))


if __name__ == "__main__":
    unittest.main()
