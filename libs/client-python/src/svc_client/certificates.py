"""Exact checkers of the service's certificates (issue 34; docs/certificates.md), standard library only.

    report = svc_client.check_certificate(problem, result)          # result: the solve's result document
    report = svc_client.check_certificate(problem, answer, certificate, command="tsp")

The report is a dict with the keys and step names of the TypeScript checker (`@svc/certificates`,
docs/certificates.md): `ok`, `kind`, `sense`, `objective`, `bound`, `optimal`, `failed_step`, `detail`.
When `answer` is the result document, its own claims must follow from the certificate: a numeric
`bound` no stronger than the proven one (step `claim.bound`) and a `certainty` starting "certified"
only when the bound meets the objective (step `claim.optimal`).
Everything is exact: numbers are read as rationals (`fractions.Fraction`): an integer as itself, a
decimal string (`^-?\\d+(\\.\\d+)?([eE][+-]?\\d+)?$`, at most 1100 characters, exponent within ±1000) as
written, a JSON float as the decimal of its shortest round-trip form (`repr`), an integer beyond 2^53 − 1
as the double a JSON reader makes of it. reduce's `delta` is the exception its contract states: the exact
binary value of the number. Bounds are written as decimal strings when finite decimals, else "p/q".

The checker never raises on what it is given (a problem, an answer or a certificate that is
malformed or hostile is a report with `ok: False` and `failed_step`), and it counts a certificate's
nodes before any other work: over 1,000,000 it is refused at step `size`, as is a check whose work
(distance pairs times tree leaves, matrix entries, ...) would exceed `max_work` (50,000,000 by default,
the TypeScript checker's tree cap). Narrower than the TypeScript checker: tsp goes to 3,000 cities
here (5,000 there), and a `mu` proof on 81..1,000 nodes needs numpy here.

Kinds: `one_tree` and `tree` (tsp), `lagrangian` and `tree` (cover), `cycle_packing` and `tree` (rank),
`bipartite`, `odd_cycles`, `sdp_dual` (maxcut), `posiform` and `tree` (optimize; and `sdp_dual`, through
the max-cut form on n+1 nodes below), `contradiction` (xorsat), `unimodular` (reduce).

`posiform` (optimize): {"constant": C, "terms": [[a, l], [a, l, m], ...]}, a ≥ 0, a literal l = i + 1
for x_i and −(i + 1) for 1 − x_i. Every term is expanded (x̄ = 1 − x) and the polynomial compared with
the problem's coefficient by coefficient (step `posiform.identity`); then E(x) ≥ C on {0,1}^n. In an
optimize `tree` (splits are variable indices: x_i = 0, then x_i = 1) a leaf's posiform may use only the
variables free on its path and must equal the problem with the path's values substituted.

`sdp_dual` and numpy: the bound is Σ y_i + n·max(0, μ) for a μ with μI − (L/4 − Diag(y)) ⪰ 0 (L the
weighted Laplacian): the certificate's `mu` when it gives one, else the Gershgorin bound of
λ_max(L/4 − Diag(y)) (max over rows of a_ii + Σ_j |a_ij|), which needs no proof. A stated `mu` at or above
that bound is taken as it is; one below it is proven: up to 80 nodes by an exact fraction-free
elimination in integers (stdlib), on 81..1,000 nodes only with numpy (optional; the rest of the module
never imports it): a floating Cholesky of fl((μ − s)I − M) with s above its backward-error bound
(|ΔA| ≤ γ_{n+1}|R̃||R̃ᵀ|, Higham, Accuracy and Stability, Thm 10.3, taken with a 4× margin) plus the
rounding of the matrix into floats. Without numpy such a `mu` there is refused at step `size` saying
numpy is needed; a `mu` too close to λ_max for the floating check, or on more than 1,000 nodes, is
refused at `sdp_dual.psd` (as the TypeScript checker does).

QUBO (`optimize`) as max-cut: x_i is node i's side; node n (the last) is on side 0. Then
E(x) = −cut_W′(x) with W′_ij = w_ij/2 summed over the quadratic terms [i, j, w] (i ≠ j) and
W′_in = −(h_i + Σ_{terms [i, j, w], j ≠ i} w/2) (h_i including the [i, i, w] terms); a sdp_dual certificate
for optimize gives n + 1 values y (node n last) and proves the lower bound −(Σ y + (n+1)·max(0, μ)).
"""
from __future__ import annotations

import math
import re
from fractions import Fraction
from typing import Any, Callable, Dict, List, Optional, Tuple

__all__ = ["check_certificate", "MAX_NODES", "MAX_WORK"]

MAX_NODES = 1_000_000
MAX_WORK = 50_000_000
_EXACT_SDP_MAX_N = 80          # the exact elimination (as @svc/certificates)
_NUMPY_SDP_MAX_N = 1000        # the floating proof (numpy; @svc/certificates' own floating proof goes as far)
_DECIMAL = re.compile(r"^-?\d+(\.\d+)?([eE][+-]?\d+)?$")
_SAFE = 2 ** 53 - 1
_MAX_CHARS = 1100              # a decimal string's length ...
_MAX_EXPONENT = 1000           # ... and |exponent| beyond which it is refused (docs/certificates.md "Numbers")
_INF = None                     # an infeasible leaf's bound (+∞ for a minimisation)
_ABSENT = object()

_SENSE = {"tsp": "min", "cover": "min", "rank": "min", "xorsat": "min", "optimize": "min", "maxcut": "max", "reduce": None}
_OBJECTIVE_FIELD = {"length": "tsp", "cut_value": "maxcut", "energy": "optimize", "cost": "cover",
                    "disagreements": "rank", "violations": "xorsat", "shortest_norm_squared": "reduce"}
_KIND_COMMAND = {"one_tree": "tsp", "lagrangian": "cover", "cycle_packing": "rank", "bipartite": "maxcut",
                 "odd_cycles": "maxcut", "contradiction": "xorsat", "unimodular": "reduce", "posiform": "optimize"}
_PROBLEM_FIELD = {"matrix": "tsp", "points": "tsp", "universe": "cover", "items": "rank", "equations": "xorsat",
                  "basis": "reduce", "edges": "maxcut", "complete": "maxcut", "linear": "optimize", "quadratic": "optimize"}
_KINDS = {"tsp": ("one_tree", "tree"), "cover": ("lagrangian", "tree"), "rank": ("cycle_packing", "tree"),
          "maxcut": ("bipartite", "odd_cycles", "sdp_dual"), "optimize": ("posiform", "tree", "sdp_dual"),
          "xorsat": ("contradiction",), "reduce": ("unimodular",)}


class _Refuse(Exception):
    def __init__(self, step: str, detail: str):
        super().__init__(detail)
        self.step = step
        self.detail = detail


# ---------------------------------------------------------------- numbers and shapes

def _num(v: Any, where: str) -> Fraction:
    """A number of a certificate or a problem, exactly (cert-formats "Numbers")."""
    if isinstance(v, bool):
        raise _Refuse("numbers", f"{where}: expected a number, got a boolean")
    if isinstance(v, int):
        if abs(v) <= _SAFE:
            return Fraction(v)
        try:                            # beyond 2^53 - 1 a JSON number is a double: read as one reads it
            v = float(v)
        except OverflowError:
            raise _Refuse("numbers", f"{where}: a JSON number beyond the range of a double") from None
    if isinstance(v, float):
        if not math.isfinite(v):
            raise _Refuse("numbers", f"{where}: {v!r} is not a finite number")
        return Fraction(repr(v))
    if isinstance(v, str):
        if len(v) > _MAX_CHARS or not _DECIMAL.match(v):
            raise _Refuse("numbers", f"{where}: {v[:40]!r} is not a decimal string (-?digits[.digits][e±digits])")
        m = _DECIMAL.match(v)
        exp = int(m.group(2)[1:]) if m.group(2) and len(m.group(2)) <= 12 else (0 if not m.group(2) else _MAX_EXPONENT + 1)
        if abs(exp) > _MAX_EXPONENT:
            raise _Refuse("numbers", f"{where}: the exponent of {v[:40]!r} is beyond ±{_MAX_EXPONENT}")
        body = v[:len(v) - len(m.group(2) or "")]
        whole, _, frac = body.partition(".")
        n = _str_int(whole.lstrip("-") + frac)
        q = Fraction(n) * Fraction(10) ** (exp - len(frac))
        return -q if v.startswith("-") else q
    raise _Refuse("numbers", f"{where}: expected a number or a decimal string, got {type(v).__name__}")


_PLAIN = re.compile(r"(\d{1,300})(?:\.(\d{1,300}))?\Z")   # a non-negative decimal without exponent (y's fast path)


def _str_int(digits: str) -> int:
    """int() of a digit string of any length (Python refuses str→int past 4,300 digits)."""
    digits = digits.lstrip("+")
    if len(digits) <= 4000:
        return int(digits)
    sign = -1 if digits.startswith("-") else 1
    digits = digits.lstrip("-")
    n = 0
    for k in range(0, len(digits), 4000):
        chunk = digits[k:k + 4000]
        n = n * 10 ** len(chunk) + int(chunk)
    return sign * n


def _int_str(n: int) -> str:
    """str() of an int of any size (Python refuses int→str past 4,300 digits)."""
    if n < 0:
        return "-" + _int_str(-n)
    if n.bit_length() <= 13_000:
        return str(n)
    base, parts = 10 ** 4000, []
    while n:
        n, r = divmod(n, base)
        parts.append(r)
    return str(parts[-1]) + "".join(str(r).rjust(4000, "0") for r in reversed(parts[:-1]))


def _int(v: Any, where: str, lo: int = 0, hi: Optional[int] = None, step: str = "shape") -> int:
    if isinstance(v, bool) or not isinstance(v, int) and not (isinstance(v, float) and v.is_integer()):
        raise _Refuse(step, f"{where}: expected an integer index, got {type(v).__name__}")
    i = int(v)
    if i < lo or (hi is not None and i >= hi):
        raise _Refuse(step, f"{where}: index {i} is out of range {lo}..{'' if hi is None else hi - 1}")
    return i


def _list(v: Any, where: str, step: str = "shape") -> list:
    if not isinstance(v, list):
        raise _Refuse(step, f"{where}: expected an array, got {type(v).__name__}")
    return v


def _dict(v: Any, where: str, step: str = "shape") -> dict:
    if not isinstance(v, dict):
        raise _Refuse(step, f"{where}: expected an object, got {type(v).__name__}")
    return v


def _count_nodes(v: Any, cap: int) -> int:
    """The number of JSON values in v (stops counting past cap); no recursion."""
    count, stack = 0, [v]
    while stack:
        x = stack.pop()
        count += 1
        if count > cap:
            return count
        if isinstance(x, (dict, list, tuple)):
            if count + len(stack) + len(x) > cap:       # over the cap however the rest nests
                return cap + 1
            stack.extend(x.values() if isinstance(x, dict) else x)
    return count


def _fmt(q: Fraction) -> str:
    """A rational as a decimal string when it is a finite decimal, else "p/q"."""
    d, a, b = q.denominator, 0, 0
    while d % 2 == 0:
        d //= 2
        a += 1
    while d % 5 == 0:
        d //= 5
        b += 1
    if d != 1:
        return f"{_int_str(q.numerator)}/{_int_str(q.denominator)}"
    k = max(a, b)
    if k == 0:
        return _int_str(q.numerator)
    scaled = abs(q.numerator) * 10 ** k // q.denominator
    s = _int_str(scaled).rjust(k + 1, "0")
    return ("-" if q < 0 else "") + s[:-k] + "." + s[-k:]


def _lcm_den(values) -> int:
    m = 1
    for q in values:
        m = m * q.denominator // math.gcd(m, q.denominator)
    return m


class _Work:
    def __init__(self, limit: int):
        self.limit = limit

    def need(self, amount: int, what: str) -> None:
        if amount > self.limit:
            raise _Refuse("size", f"{what} needs about {amount:,} steps, over this checker's max_work of {self.limit:,}")


# ---------------------------------------------------------------- the entry point

def check_certificate(problem: Any, answer: Any, certificate: Any = None, command: Optional[str] = None, *,
                      max_work: int = MAX_WORK) -> Dict[str, Any]:
    """Check a certificate exactly; returns the report dict (module docstring). Never raises.

    answer: the bare answer, or the result document (its `answer`, and its `certificate` when the
    argument is None). command: the solve's command; when None it is read from the result document
    (its `command`, else its objective field), else from the certificate's kind, else from the
    problem's fields (edges/complete: maxcut, linear/quadratic: optimize, ...).
    """
    report: Dict[str, Any] = {"ok": False, "kind": None, "sense": None, "objective": None, "bound": None,
                              "optimal": False, "failed_step": None, "detail": ""}
    try:
        _check(problem, answer, certificate, command, max_work, report)
    except _Refuse as r:
        report.update(ok=False, bound=None, optimal=False, failed_step=r.step, detail=r.detail)
    except (RecursionError, MemoryError, ArithmeticError) as e:
        report.update(ok=False, bound=None, optimal=False, failed_step="size",
                      detail=f"the input is too large or too deep for this checker ({type(e).__name__})")
    except Exception as e:  # a defect of this checker; the tests fuzz for it
        report.update(ok=False, bound=None, optimal=False, failed_step="internal",
                      detail=f"the checker failed ({type(e).__name__}: {str(e)[:200]}); please report it")
    return report


_KEYS = {"one_tree": ("pi",), "tree": ("nodes",), "lagrangian": ("y",), "cycle_packing": ("base", "triangles"),
         "sdp_dual": ("y", "mu"), "bipartite": (), "odd_cycles": ("cycles",), "contradiction": ("rows",),
         "unimodular": ("U", "V"), "posiform": ("constant", "terms")}


def _only_keys(cert: dict, kind: str, where: str) -> None:
    for k in cert:
        if k != "kind" and k not in _KEYS[kind]:
            raise _Refuse("shape", f"{where}: unknown field {str(k)[:40]!r} (a {kind} certificate holds {', '.join(_KEYS[kind]) or 'nothing else'})")


def _check(problem, answer, certificate, command, max_work, report) -> None:
    if isinstance(command, str):
        report["sense"] = _SENSE.get(command)
    doc = answer if isinstance(answer, dict) and "answer" in answer else None
    if certificate is None and doc is not None:
        certificate = doc.get("certificate")
        if certificate is None:
            why = doc.get("certificate_omitted")
            raise _Refuse("certificate", "no certificate was given and the result document carries none"
                          + (f" (certificate_omitted: {why})" if isinstance(why, str) else ""))
    if certificate is None:
        raise _Refuse("certificate", "no certificate was given")
    if _count_nodes(certificate, MAX_NODES) > MAX_NODES:
        raise _Refuse("size", f"the certificate holds over {MAX_NODES:,} values (the cap); it was not read")
    cert = _dict(certificate, "certificate")
    kind = cert.get("kind")
    if not isinstance(kind, str):
        raise _Refuse("shape", 'a certificate is an object {"kind": ..., ...}')
    if command is None and doc is not None:
        if isinstance(doc.get("command"), str):
            command = doc["command"]
        else:
            command = next((c for f, c in _OBJECTIVE_FIELD.items() if f in doc), None)
    if command is None:
        command = _KIND_COMMAND.get(kind)
    if command is None and isinstance(problem, dict):
        command = next((c for f, c in _PROBLEM_FIELD.items() if f in problem), None)
    if not isinstance(command, str) or command not in _KINDS:
        raise _Refuse("kind", f"command {str(command)[:40]!r} carries no certificates (those that do: {', '.join(_KINDS)}; pass command=)")
    report["sense"] = _SENSE[command]
    if kind not in _KINDS[command]:
        raise _Refuse("kind", f"{command} certificates are of kind {' or '.join(_KINDS[command])}, got {kind[:40]!r}")
    report["kind"] = kind
    _only_keys(cert, kind, kind)
    if not isinstance(problem, dict):
        raise _Refuse("problem", "the problem must be the request's JSON object")
    bare = doc["answer"] if doc is not None else answer
    work = _Work(max_work)
    checker = _COMMANDS[command](problem, bare, work)
    bound, detail = checker.check(cert)
    if checker.objective is None:           # reduce: nothing to bound
        report.update(ok=True, detail=detail)
        return
    optimal = checker.meets(bound)
    if doc is not None:
        checker.claims(doc, kind, bound, optimal)
    word = "lower" if checker.sense == "min" else "upper"
    report.update(ok=True, objective=_fmt(checker.objective), bound=_fmt(bound), optimal=optimal, detail=(
        f"{detail}; proven optimal: the {word} bound {_fmt(bound)} meets the objective {_fmt(checker.objective)}" if optimal
        else f"{detail}; the {word} bound {_fmt(bound)} does not meet the objective {_fmt(checker.objective)}"))


# ---------------------------------------------------------------- shared command logic

class _Command:
    name = ""
    sense = "min"
    objective: Optional[Fraction] = None
    integral = True
    leaf_kind = ""

    def meets(self, bound: Fraction) -> bool:
        o = self.objective
        integral = self.integral and o.denominator == 1
        if self.sense == "min":
            return bound > o - 1 if integral else bound >= o
        return bound < o + 1 if integral else bound <= o

    def claims(self, doc: dict, kind: str, bound: Fraction, optimal: bool) -> None:
        """A result document's own claims must follow from the certificate (docs/certificates.md "Claims")."""
        claimed = doc.get("bound")
        if isinstance(claimed, (int, float)) and not isinstance(claimed, bool) and math.isfinite(claimed):
            c = _num(claimed, "bound")
            integral = self.integral and self.objective.denominator == 1
            if integral:
                proven = Fraction(math.ceil(bound) if self.sense == "min" else math.floor(bound))
                slack = Fraction(0)
            else:
                proven, slack = bound, Fraction(1, 10 ** 9) * max(Fraction(1), abs(c))
            holds = proven + slack >= c if self.sense == "min" else proven - slack <= c
            if not holds:
                raise _Refuse("claim.bound", f"the {kind} certificate proves the {'lower' if self.sense == 'min' else 'upper'} bound {_fmt(bound)}, which does not support the answer's bound {claimed!r}")
        certainty = doc.get("certainty")
        if isinstance(certainty, str) and certainty[:9].lower() == "certified" and not optimal:
            raise _Refuse("claim.optimal", f"the answer says {certainty[:60]!r}, but the {kind} certificate proves only the bound {_fmt(bound)}")

    # --- branch trees (tsp, cover, rank): a path is a list of (variable, literal, value)
    def parse_literal(self, lit: Any, where: str) -> Tuple[Any, Any]:
        raise NotImplementedError

    def infeasible(self, path) -> Optional[str]:
        raise NotImplementedError

    def leaf_check(self, cert: dict, path) -> Optional[Fraction]:
        raise NotImplementedError

    def leaf_work(self) -> int:
        raise NotImplementedError

    def check_tree(self, cert: dict) -> Tuple[Fraction, str]:
        nodes = _list(cert.get("nodes"), "tree.nodes")
        if not nodes:
            raise _Refuse("tree.nodes", "tree.nodes: expected at least one node")
        leaves = sum(1 for x in nodes if isinstance(x, dict) and "leaf" in x and x["leaf"] != "infeasible")
        self.work.need(leaves * self.leaf_work(), f"tree: {leaves} leaves")
        stack: List[list] = []
        path: List[tuple] = []
        on_path = set()   # the variables of `path`, for the repeat check in O(1)
        best: Optional[Fraction] = None
        done = False
        for idx, node in enumerate(nodes):
            if done:
                raise _Refuse("tree.nodes", f"tree.nodes[{idx}]: the tree ended before this node (too many nodes)")
            if not isinstance(node, dict) or len(node) != 1 or not ("split" in node or "leaf" in node):
                raise _Refuse("shape", f'tree.nodes[{idx}]: expected {{"split": literal}} or {{"leaf": certificate | "infeasible"}}')
            if "split" in node:
                where = f"tree.split[{idx}]"
                try:
                    var, lit = self.parse_literal(node["split"], where)
                except _Refuse as r:
                    raise _Refuse(where, r.detail)
                if var in on_path:
                    raise _Refuse(where, f"{where}: the literal is already fixed on its path")
                stack.append([var, lit, False])
                path.append((var, lit, False))
                on_path.add(var)
                continue
            where = f"tree.leaf[{idx}]"
            leaf = node["leaf"]
            if leaf == "infeasible":
                if self.infeasible(path) is None:
                    raise _Refuse(where, f'{where}: "infeasible", but its literals leave feasible answers by inspection')
            else:
                if not isinstance(leaf, dict):
                    raise _Refuse("shape", f"{where}: expected an object or \"infeasible\", got {type(leaf).__name__}")
                if "same" in leaf:
                    # {"same": j}: the certificate of node j, an earlier leaf carrying one, read with this leaf's path.
                    j = leaf["same"]
                    if len(leaf) != 1:
                        raise _Refuse(where, f'{where}: a leaf {{"same": j}} has no other field')
                    if isinstance(j, bool) or not (isinstance(j, int) or isinstance(j, float) and j.is_integer()) or not 0 <= j < idx:
                        raise _Refuse(where, f'{where}: "same" must name an earlier node\'s index (0..{idx - 1})')
                    j = int(j)
                    src = nodes[j].get("leaf") if isinstance(nodes[j], dict) else None
                    if not isinstance(src, dict) or "same" in src:
                        raise _Refuse(where, f"{where}: node {j} is not a leaf carrying its own certificate")
                    leaf = src
                if leaf.get("kind") != self.leaf_kind:
                    raise _Refuse(where, f'{where}: expected a leaf of kind {self.leaf_kind} or "infeasible"')
                try:
                    _only_keys(leaf, self.leaf_kind, where)
                    b = self.leaf_check(leaf, path)
                except _Refuse as r:
                    k = self.leaf_kind
                    step = where + r.step[len(k):] if r.step == k or r.step.startswith(k + ".") else f"{where}.{r.step}"
                    raise _Refuse(step, r.detail)
                if b is not None and (best is None or b < best):
                    best = b
            while stack and stack[-1][2]:
                stack.pop()
                on_path.discard(path.pop()[0])
            if stack:
                stack[-1][2] = True
                path[-1] = (stack[-1][0], stack[-1][1], True)
            else:
                done = True
        if not done:
            raise _Refuse("tree.nodes", f"tree.nodes: the tree is incomplete ({len(stack)} subtrees missing)")
        if best is None:
            raise _Refuse("tree", "tree: every leaf is infeasible, yet the answer is a feasible point of one of them")
        return best, f"a branch tree of {len(nodes)} nodes, every leaf checked, proves {_fmt(best)}"


# ---------------------------------------------------------------- tsp

def _tsplib(metric: str, a, b) -> int:
    x1, y1 = a
    x2, y2 = b
    dx, dy = x1 - x2, y1 - y2
    if metric == "euc_2d":
        return math.floor(math.sqrt(dx * dx + dy * dy) + 0.5)
    if metric == "ceil_2d":
        return math.ceil(math.sqrt(dx * dx + dy * dy))
    if metric == "att":
        r = math.sqrt((dx * dx + dy * dy) / 10.0)
        t = math.floor(r + 0.5)
        return t + 1 if t < r else t

    def rad(x):
        deg = math.trunc(x)
        return (3.141592 * (deg + 5.0 * (x - deg) / 3.0)) / 180.0
    lat1, lon1, lat2, lon2 = rad(x1), rad(y1), rad(x2), rad(y2)
    q1, q2, q3 = math.cos(lon1 - lon2), math.cos(lat1 - lat2), math.cos(lat1 + lat2)
    return math.trunc(6378.388 * math.acos(min(1.0, max(-1.0, 0.5 * ((1.0 + q1) * q2 - (1.0 - q1) * q3)))) + 1.0)


class _Tsp(_Command):
    name = "tsp"
    MAX_N = 3000

    def __init__(self, problem, answer, work: _Work):
        self.work = work
        if "matrix" in problem:
            rows = _list(problem["matrix"], "problem.matrix", "problem")
            n = len(rows)
            if n < 2 or n > self.MAX_N:
                raise _Refuse("size" if n > self.MAX_N else "problem", f"problem.matrix has {n} rows (2..{self.MAX_N} here)")
            work.need(n * n, "reading the matrix")
            d = []
            for i, r in enumerate(rows):
                r = _list(r, f"problem.matrix[{i}]", "problem")
                if len(r) != n:
                    raise _Refuse("problem", f"problem.matrix[{i}] has {len(r)} entries, expected {n}")
                row = []
                for j, x in enumerate(r):
                    if isinstance(x, bool) or not isinstance(x, (int, float)) or not float(x).is_integer() or abs(x) > _SAFE:
                        raise _Refuse("problem", f"problem.matrix[{i}][{j}]: expected an integer")
                    row.append(0 if i == j else int(x))
                d.append(row)
            self.symmetric = all(d[i][j] == d[j][i] for i in range(n) for j in range(i))
        else:
            pts = _list(problem.get("points"), "problem.points", "problem")
            n = len(pts)
            metric = problem.get("metric", "euc_2d")
            if metric not in ("euc_2d", "ceil_2d", "att", "geo"):
                raise _Refuse("problem", f"problem.metric {metric!r} is not a TSPLIB metric")
            if n < 2 or n > self.MAX_N:
                raise _Refuse("size" if n > self.MAX_N else "problem", f"problem.points has {n} cities (2..{self.MAX_N} here)")
            work.need(n * n, "computing the distances")
            xy = []
            for i, p in enumerate(pts):
                if not isinstance(p, list) or len(p) != 2 or not all(isinstance(c, (int, float)) and not isinstance(c, bool) and math.isfinite(c) for c in p):
                    raise _Refuse("problem", f"problem.points[{i}]: expected [x, y] finite numbers")
                xy.append((float(p[0]), float(p[1])))
            d = [[0 if i == j else _tsplib(metric, xy[i], xy[j]) for j in range(n)] for i in range(n)]
            self.symmetric = True
        self.n, self.d = n, d
        tour = _list(answer, "answer", "answer")
        if len(tour) != n or sorted(x if isinstance(x, int) and not isinstance(x, bool) else -1 for x in tour) != list(range(n)):
            raise _Refuse("answer", f"the answer is not a tour: a permutation of 0..{n - 1}")
        self.objective = Fraction(sum(d[tour[k]][tour[(k + 1) % n]] for k in range(n)))

    leaf_kind = "one_tree"

    def check(self, cert):
        if cert["kind"] == "one_tree":
            b = self.one_tree(cert, [])
            if b is None:
                raise _Refuse("one_tree", "one_tree: no 1-tree exists")     # not reached: no literals
            return b, f"a minimum 1-tree under the given pi proves {_fmt(b)}"
        return self.check_tree(cert)

    def leaf_work(self):
        return self.n * self.n

    def leaf_check(self, cert, path):
        return self.one_tree(cert, path)

    def parse_literal(self, lit, where):
        if not isinstance(lit, list) or len(lit) != 2:
            raise _Refuse("shape", f"{where}: a tsp literal is an edge [i, j]")
        i, j = _int(lit[0], where, 0, self.n), _int(lit[1], where, 0, self.n)
        if i == j:
            raise _Refuse("shape", f"{where}: [{i}, {i}] is not an edge (an edge joins two different cities)")
        e = (min(i, j), max(i, j))
        return e, e

    def infeasible(self, path) -> Optional[str]:
        n = self.n
        ins = {e for e, _, v in path if v}
        outs = {e for e, _, v in path if not v}
        deg_in, deg_out = [0] * n, [0] * n
        for a, b in ins:
            deg_in[a] += 1
            deg_in[b] += 1
        for a, b in outs:
            deg_out[a] += 1
            deg_out[b] += 1
        for v in range(n):
            if deg_in[v] > 2:
                return f"city {v} has {deg_in[v]} in-edges"
            if n - 1 - deg_out[v] < 2 and n > 2:
                return f"city {v} has fewer than two edges left"
        parent = list(range(n))
        size = [1] * n

        def find(x):
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x
        for a, b in ins:
            ra, rb = find(a), find(b)
            if ra == rb:
                if size[ra] < n:
                    return "the in-edges close a subtour"
                continue
            parent[ra] = rb
            size[rb] += size[ra]
        return None

    def one_tree(self, cert, path) -> Optional[Fraction]:
        n, d = self.n, self.d
        if not self.symmetric:
            raise _Refuse("one_tree", "one_tree: one_tree needs a symmetric distance matrix")
        if n < 3:
            raise _Refuse("one_tree", "one_tree: one_tree needs at least 3 cities")
        pi = _list(cert.get("pi"), "one_tree.pi")
        if len(pi) != n:
            raise _Refuse("one_tree.pi", f"pi has {len(pi)} entries, expected one per city ({n})")
        pq = [_num(x, f"one_tree.pi[{i}]") for i, x in enumerate(pi)]
        D = _lcm_den(pq)
        P = [q.numerator * (D // q.denominator) for q in pq]
        ins = {e for e, _, v in path if v}
        outs = {e for e, _, v in path if not v}
        maxabs = max(abs(x) for row in d for x in row) * D + 2 * max(abs(x) for x in P) + 1
        BIG = 2 * n * maxabs
        # Prim on cities 1..n-1: key of edge = d'·D, minus BIG when it is an in-edge (so every in-edge is taken
        # when they form a forest, and the tree is the cheapest one containing them); out-edges are absent.
        total, used_in = 0, 0
        if n > 2:
            inf = None
            key = [inf] * n
            inside = [False] * n
            key[1] = 0
            for _ in range(n - 1):
                u, best = -1, None
                for v in range(1, n):
                    if not inside[v] and key[v] is not None and (best is None or key[v] < best):
                        u, best = v, key[v]
                if u < 0:
                    return _INF            # the edges left do not connect cities 1..n-1
                inside[u] = True
                total += best
                if best < -BIG // 2:
                    used_in += 1
                    total += BIG
                du, pu = d[u], P[u]
                for v in range(1, n):
                    if inside[v]:
                        continue
                    e = (u, v) if u < v else (v, u)
                    if outs and e in outs:
                        continue
                    c = du[v] * D + pu + P[v]
                    if ins and e in ins:
                        c -= BIG
                    if key[v] is None or c < key[v]:
                        key[v] = c
            if used_in != sum(1 for a, b in ins if a != 0):
                return _INF                # the in-edges among 1..n-1 hold a cycle
        forced = [d[0][b] * D + P[0] + P[b] for a, b in ins if a == 0]
        if len(forced) > 2:
            return _INF
        free = sorted(d[0][v] * D + P[0] + P[v] for v in range(1, n) if (0, v) not in ins and (0, v) not in outs)
        two = forced + free[:2 - len(forced)]
        if len(two) < 2:
            return _INF
        total += sum(two)
        return Fraction(total - 2 * sum(P), D)


# ---------------------------------------------------------------- cover

class _Cover(_Command):
    name = "cover"

    def __init__(self, problem, answer, work):
        self.work = work
        U = _int(problem.get("universe"), "problem.universe", 1, None, "problem")
        sets = _list(problem.get("sets"), "problem.sets", "problem")
        work.need(sum(len(s) if isinstance(s, list) else 1 for s in sets) + U, "reading the sets")
        self.sets = [frozenset(_int(e, f"problem.sets[{t}]", 0, U, "problem") for e in _list(s, f"problem.sets[{t}]", "problem"))
                     for t, s in enumerate(sets)]
        costs = problem.get("costs")
        if costs is None:
            self.costs = [Fraction(1)] * len(sets)
        else:
            costs = _list(costs, "problem.costs", "problem")
            if len(costs) != len(sets):
                raise _Refuse("problem", "problem.costs needs one cost per set")
            self.costs = [_num(c, f"problem.costs[{t}]") for t, c in enumerate(costs)]
        self.U, self.m = U, len(sets)
        self.integral = all(c.denominator == 1 for c in self.costs)
        self.of = [[] for _ in range(U)]
        for t, s in enumerate(self.sets):
            for e in s:
                self.of[e].append(t)
        chosen = _list(answer, "answer", "answer")
        picks = {_int(t, f"answer[{k}]", 0, self.m, "answer") for k, t in enumerate(chosen)}   # a repeat counts once
        covered = set()
        for t in picks:
            covered |= self.sets[t]
        if len(covered) != U:
            e = next(e for e in range(U) if e not in covered)
            raise _Refuse("answer", f"the chosen sets miss element {e}")
        self.objective = sum((self.costs[t] for t in picks), Fraction(0))
        self._members = [list(x) for x in self.sets]
        self._cost_den = _lcm_den(self.costs)

    def check(self, cert):
        if cert["kind"] == "lagrangian":
            b = self.lagrangian(cert, [])
            return b, f"the Lagrangian bound of the given y proves {_fmt(b)}"
        return self.check_tree(cert)

    leaf_kind = "lagrangian"

    def leaf_work(self):
        return sum(len(s) for s in self.sets) + self.U

    def parse_literal(self, lit, where):
        t = _int(lit, where, 0, self.m)
        return t, t

    def infeasible(self, path):
        zero = {t for t, _, v in path if not v}
        for e in range(self.U):
            if all(t in zero for t in self.of[e]):
                return f"element {e} is only in sets fixed to 0"
        return None

    def leaf_check(self, cert, path):
        return self.lagrangian(cert, [(t, v) for t, _, v in path])

    def lagrangian(self, cert, fixings):
        y = _list(cert.get("y"), "lagrangian.y")
        terms = self._last if self._same_y(y) else self._terms(y)
        self._last = terms
        scale, reduced, bound = terms[1], terms[2], terms[3]
        # A set fixed to 0 drops its min(0, r_S); one fixed to 1 counts r_S.
        for t, v in fixings:
            r = reduced[t]
            if v is True and r >= 0:
                bound += r
            elif v is False and r < 0:
                bound -= r
        return Fraction(bound, scale)

    _last = None

    def _same_y(self, y) -> bool:
        """y written exactly as the last leaf's (the same JSON values, of the same types): the same terms."""
        prev = self._last
        if prev is None or len(y) != len(prev[0]):
            return False
        return all(type(a) is type(b) and type(a) in (int, float, str) and a == b for a, b in zip(y, prev[0]))

    def _terms(self, y):
        """y read exactly: (y, scale, reduced costs r_S, Σ y + Σ min(0, r_S)), integers over the common denominator scale."""
        if len(y) != self.U:
            raise _Refuse("lagrangian.y", f"y has {len(y)} entries, expected one per element ({self.U})")
        # Each y as an integer over 10^places: plain non-negative integers and decimal strings
        # directly, anything else (floats, exponents, signs) through _num, which refuses what is not a number.
        nums, places, other = [], [], {}
        for e, v in enumerate(y):
            if type(v) is int and 0 <= v <= _SAFE:
                nums.append(v)
                places.append(0)
                continue
            m = _PLAIN.match(v) if type(v) is str else None
            if m is not None:
                frac = m.group(2) or ""
                nums.append(int(m.group(1) + frac))
                places.append(len(frac))
                continue
            other[e] = _num(v, f"lagrangian.y[{e}]")
            nums.append(0)
            places.append(0)
        # Every number read first (a refusal at `numbers` comes before one at `lagrangian.y`, as in the TS checker).
        for e, q in other.items():
            if q < 0:
                raise _Refuse("lagrangian.y", f"y[{e}] = {_fmt(q)} is negative")
        ten = 10 ** max(places)
        scale = _lcm_den([Fraction(1, ten), Fraction(1, self._cost_den)] + list(other.values()))
        yi = [other[e].numerator * (scale // other[e].denominator) if e in other else n * (scale // 10 ** d)
              for e, (n, d) in enumerate(zip(nums, places))]
        reduced = []
        free = sum(yi)
        get = yi.__getitem__
        for t, members in enumerate(self._members):
            c = self.costs[t]
            r = c.numerator * (scale // c.denominator) - sum(map(get, members))
            if r < 0:
                free += r
            reduced.append(r)
        return (list(y), scale, reduced, free)


# ---------------------------------------------------------------- rank

class _Rank(_Command):
    name = "rank"

    def __init__(self, problem, answer, work):
        items = _list(problem.get("items"), "problem.items", "problem")
        if not items or not all(isinstance(s, str) for s in items) or len(set(items)) != len(items):
            raise _Refuse("problem", "problem.items must be unique strings")
        n = len(items)
        work.need(n * n, "the vote matrix")
        self.n, self.index = n, {s: i for i, s in enumerate(items)}
        w: Dict[Tuple[int, int], int] = {}
        for t, c in enumerate(_list(problem.get("comparisons", []), "problem.comparisons", "problem")):
            if not isinstance(c, list) or len(c) != 2 or not all(isinstance(s, str) for s in c) or c[0] not in self.index or c[1] not in self.index or c[0] == c[1]:
                raise _Refuse("problem", f"problem.comparisons[{t}] is not [winner, loser] of two items")
            k = (self.index[c[0]], self.index[c[1]])
            w[k] = w.get(k, 0) + 1
        self.w = w
        order = _list(answer, "answer", "answer")
        if sorted(map(str, order)) != sorted(items) or not all(isinstance(s, str) for s in order):
            raise _Refuse("answer", "the answer is not an order of every item")
        place = {self.index[s]: p for p, s in enumerate(order)}
        self.objective = Fraction(sum(c for (a, b), c in w.items() if place[b] < place[a]))
        self.work = work

    def W(self, a, b) -> int:
        return self.w.get((a, b), 0)

    def item(self, v, where):
        return _int(v, where, 0, self.n)

    def check(self, cert):
        if cert["kind"] == "cycle_packing":
            b = self.packing(cert, {})
            return b, f"a packing of {len(cert['triangles'])} majority 3-cycles proves {_fmt(b)}"
        return self.check_tree(cert)

    leaf_kind = "cycle_packing"

    def leaf_work(self):
        return self.n * self.n

    def parse_literal(self, lit, where):
        if not isinstance(lit, list) or len(lit) != 2:
            raise _Refuse("shape", f"{where}: a rank literal is a pair [a, b] of item indices")
        a, b = self.item(lit[0], where), self.item(lit[1], where)
        if a == b:
            raise _Refuse("shape", f"{where}: a pair of two different items")
        return (min(a, b), max(a, b)), (a, b)

    @staticmethod
    def before(path) -> Dict[Tuple[int, int], bool]:
        """Pair (min, max) → True when min goes first ("a before b" on the true branch of [a, b])."""
        out: Dict[Tuple[int, int], bool] = {}
        for key, (a, b), v in path:
            out[key] = (a if v else b) == key[0]
        return out

    def infeasible(self, path):
        return "the fixed pairs hold a directed cycle" if self.cyclic(self.before(path)) else None

    def leaf_check(self, cert, path):
        return self.packing(cert, self.before(path))

    def cyclic(self, fixed) -> bool:
        succ: Dict[int, List[int]] = {}
        for (a, b), v in fixed.items():
            s, t = (a, b) if v else (b, a)
            succ.setdefault(s, []).append(t)
        colour: Dict[int, int] = {}
        for root in succ:
            if root in colour:
                continue
            stack = [(root, iter(succ.get(root, ())))]
            colour[root] = 1
            while stack:
                v, it = stack[-1]
                nxt = next(it, None)
                if nxt is None:
                    colour[v] = 2
                    stack.pop()
                elif colour.get(nxt) == 1:
                    return True
                elif nxt not in colour:
                    colour[nxt] = 1
                    stack.append((nxt, iter(succ.get(nxt, ()))))
        return False

    def packing(self, cert, fixed):
        tris = _list(cert.get("triangles"), "cycle_packing.triangles")
        base = 0                        # Σ over pairs i < j; a pair nobody voted on adds 0
        for i, j in {(min(a, b), max(a, b)) for a, b in self.w}:
            f = fixed.get((i, j))
            if f is None:
                base += min(self.W(i, j), self.W(j, i))
            else:   # i first contradicts the votes j beat i
                base += self.W(j, i) if f else self.W(i, j)
        if "base" in cert and _num(cert["base"], "cycle_packing.base") != base:   # (base is an integer: votes)
            raise _Refuse("cycle_packing.base", f"base is {cert['base']!r}, the votes give {_fmt(base)}")
        arcs = []
        for t, tri in enumerate(tris):
            where = f"cycle_packing.triangles[{t}]"
            if not isinstance(tri, list) or len(tri) != 4:
                raise _Refuse("shape", f"{where}: expected [i, j, k, lambda]")
            v = [self.item(x, where) for x in tri[:3]]
            if len(set(v)) != 3:
                raise _Refuse(where, f"{where}: the three items must differ")
            lam = _num(tri[3], f"{where}[3]")
            if lam < 0:
                raise _Refuse(where, f"{where}: lambda {_fmt(lam)} is negative")
            for a, b in ((v[0], v[1]), (v[1], v[2]), (v[2], v[0])):
                if self.W(a, b) <= self.W(b, a):
                    raise _Refuse(where, f"{where}: {a}->{b} is not a majority arc ({self.W(a, b)} votes against {self.W(b, a)})")
                if (min(a, b), max(a, b)) in fixed:
                    raise _Refuse(where, f"{where}: uses the pair {a}, {b} fixed on its branch path")
            arcs.append((v, lam))
        used: Dict[Tuple[int, int], Fraction] = {}
        total = Fraction(0)
        for t, (v, lam) in enumerate(arcs):
            for a, b in ((v[0], v[1]), (v[1], v[2]), (v[2], v[0])):
                load = used[(a, b)] = used.get((a, b), Fraction(0)) + lam
                if load > self.W(a, b) - self.W(b, a):
                    raise _Refuse(f"cycle_packing.triangles[{t}]", f"cycle_packing.triangles[{t}]: the lambdas on arc {a}->{b} sum past its margin {self.W(a, b) - self.W(b, a)}")
            total += lam
        return base + total


# ---------------------------------------------------------------- maxcut and optimize

def _sdp_mu(n: int, W: Dict[Tuple[int, int], Fraction], y: List[Fraction], mu_raw: Any, work: _Work) -> Fraction:
    """μ with μI − (L/4 − Diag(y)) ⪰ 0, proven: the stated `mu`, else the Gershgorin bound of λ_max."""
    diag = [-v for v in y]                    # A = L/4 − Diag(y): a_ii = deg_w(i)/4 − y_i, a_ij = −w_ij/4
    off = [Fraction(0)] * n
    for (i, j), w in W.items():
        w4 = w / 4
        diag[i] += w4
        diag[j] += w4
        off[i] += abs(w4)
        off[j] += abs(w4)
    gersh = max(diag[i] + off[i] for i in range(n))
    if mu_raw is _ABSENT:
        return gersh
    mu = _num(mu_raw, "sdp_dual.mu")
    if mu >= gersh:
        return mu
    try:
        import numpy as np  # optional: only this proof uses it
    except ImportError:
        np = None
    if n <= _EXACT_SDP_MAX_N:
        work.need(n ** 3 // 3 + n * n, "the exact elimination")
        bad = _psd_failure(n, W, mu, diag)
        if bad is not None:
            raise _Refuse("sdp_dual.psd", f"sdp_dual.psd: μI − (L/4 − Diag y) is not positive semidefinite (pivot {bad} fails)")
        return mu
    if n > _NUMPY_SDP_MAX_N:
        raise _Refuse("sdp_dual.psd", f"sdp_dual.psd: mu is below the Gershgorin bound and n = {n} is over the floating proof's cap of {_NUMPY_SDP_MAX_N}; state a mu the Gershgorin discs prove, or omit mu")
    if np is None:
        raise _Refuse("size", f"sdp_dual.psd: proving mu below the Gershgorin bound on {n} nodes needs numpy (without it the exact elimination goes to {_EXACT_SDP_MAX_N} nodes)")
    work.need(n * n, "the matrices of the floating check")
    if not _psd_numpy(np, n, W, mu, diag):
        raise _Refuse("sdp_dual.psd", f"sdp_dual.psd: the floating check could not prove μI − (L/4 − Diag y) ⪰ 0 with a margin (μ is at or too close to λ_max for it)")
    return mu


def _psd_failure(n: int, W: Dict[Tuple[int, int], Fraction], mu: Fraction, diag: List[Fraction]) -> Optional[int]:
    """Fraction-free symmetric elimination of μI − A in integers: the first failing pivot, or None (PSD)."""
    entries = [mu] + diag + [w / 4 for w in W.values()]
    S = _lcm_den(entries)

    def sc(q: Fraction) -> int:
        return q.numerator * (S // q.denominator)
    M = [[0] * n for _ in range(n)]
    for i in range(n):
        M[i][i] = sc(mu - diag[i])
    for (i, j), w in W.items():
        v = sc(w / 4)
        M[i][j] += v
        M[j][i] += v
    prev = 1
    for k in range(n):
        p = M[k][k]
        if p < 0:
            return k
        if p == 0:
            if any(M[k][j] for j in range(k + 1, n)):
                return k
            continue
        rk = M[k]
        for i in range(k + 1, n):
            ri, mik = M[i], M[i][k]
            for j in range(i, n):
                v = (ri[j] * p - mik * rk[j]) // prev
                ri[j] = v
                M[j][i] = v
        prev = p
    return None


def _psd_numpy(np, n: int, W, mu: Fraction, diag: List[Fraction]) -> bool:
    """Proves μI − A ⪰ 0 by a floating Cholesky of fl((μ − s)I − A) with s above its error bound.

    If the Cholesky of H̄ = fl(H_s), H_s = (μ − s)I − A, completes with factor R̃, then R̃R̃ᵀ = H̄ + ΔH with
    |ΔH| ≤ γ_{n+1}|R̃||R̃ᵀ| (Higham, Accuracy and Stability, Thm 10.3; taken with a 4× margin), so
    λ_min(H_s) ≥ −(γ‖R̃‖_F² + ‖H_s − H̄‖_F) =: −τ, and λ_min(μI − A) = s + λ_min(H_s) ≥ s − τ ≥ 0 when s ≥ τ.
    """
    u = Fraction(1, 2 ** 53)
    g = Fraction(4 * (n + 1), 2 ** 53 - 4 * (n + 1))
    s = Fraction(0)
    for _ in range(3):
        Hbar = np.zeros((n, n))
        for i in range(n):
            Hbar[i, i] = float(mu - s - diag[i])
        for (i, j), w in W.items():
            Hbar[i, j] = Hbar[j, i] = float(w / 4)
        try:
            R = np.linalg.cholesky(Hbar)
        except np.linalg.LinAlgError:
            return False
        if not np.all(np.isfinite(R)):
            return False
        rf2 = Fraction(math.fsum(float(x) for x in (R * R).ravel())) * (1 + 8 * u) + Fraction(n * n, 2 ** 1000)
        hf2 = Fraction(math.fsum(float(x) for x in (Hbar * Hbar).ravel())) * (1 + 8 * u) + Fraction(n * n, 2 ** 1000)
        tau = g * rf2 + u * (hf2 + 1) + Fraction(n, 2 ** 1000)      # ‖H − H̄‖_F ≤ u‖H̄‖_F ≤ u(‖H̄‖_F² + 1)
        if s >= tau:
            return True
        s = 2 * tau
    return False


class _CutBase(_Command):
    def sdp(self, cert, n, W, sign_note) -> Fraction:
        y = _list(cert.get("y"), "sdp_dual.y")
        if len(y) != n:
            raise _Refuse("sdp_dual.y", f"sdp_dual.y: expected {n} numbers{sign_note}, got {len(y)}")
        ys = [_num(v, f"sdp_dual.y[{i}]") for i, v in enumerate(y)]
        work = self.work
        work.need(len(W) + n, "the Laplacian")
        mu = _sdp_mu(n, W, ys, cert["mu"] if "mu" in cert else _ABSENT, work)
        return sum(ys, Fraction(0)) + n * max(Fraction(0), mu)


def _merge(edges, n, where) -> Dict[Tuple[int, int], Fraction]:
    W: Dict[Tuple[int, int], Fraction] = {}
    for t, e in enumerate(edges):
        if not isinstance(e, list) or len(e) != 3:
            raise _Refuse("problem", f"{where}[{t}]: expected [i, j, w]")
        i, j = _int(e[0], f"{where}[{t}]", 0, n, "problem"), _int(e[1], f"{where}[{t}]", 0, n, "problem")
        if i == j:
            raise _Refuse("problem", f"{where}[{t}]: a self-edge")
        k = (min(i, j), max(i, j))
        W[k] = W.get(k, Fraction(0)) + _num(e[2], f"{where}[{t}]")
    return W


def _bits(answer, n) -> List[int]:
    x = _list(answer, "answer", "answer")
    if len(x) != n or not all(v in (0, 1) and not isinstance(v, bool) for v in x):
        raise _Refuse("answer", f"the answer must be {n} bits 0/1")
    return [int(v) for v in x]


class _Maxcut(_CutBase):
    name = "maxcut"
    sense = "max"

    def __init__(self, problem, answer, work):
        self.work = work
        n = _int(problem.get("n"), "problem.n", 1, None, "problem")
        if problem.get("complete") is True:
            if n > 2000:
                raise _Refuse("size", f"problem: the complete graph on {n} nodes is over the checker's cap of 2000 nodes")
            work.need(n * n, "the complete graph")
            W = {(i, j): Fraction(1) for i in range(n) for j in range(i + 1, n)}
        else:
            edges = _list(problem.get("edges"), "problem.edges", "problem")
            work.need(len(edges), "the edges")
            W = _merge(edges, n, "problem.edges")
        self.n, self.W = n, W
        self.integral = all(w.denominator == 1 for w in W.values())
        self.x = _bits(answer, n)
        self.objective = sum((w for (i, j), w in W.items() if self.x[i] != self.x[j]), Fraction(0))

    def check(self, cert):
        kind, x, W = cert["kind"], self.x, self.W
        positive = sum((w for w in W.values() if w > 0), Fraction(0))
        if kind == "bipartite":
            for (i, j), w in W.items():
                if (w > 0 and x[i] == x[j]) or (w < 0 and x[i] != x[j]):
                    raise _Refuse("bipartite.edge", f"edge [{i}, {j}] of weight {_fmt(w)} is {'not ' if w > 0 else ''}cut by the answer")
            return positive, "every positive edge is cut and no negative one: the cut attains Σ max(0, w)"
        if kind == "odd_cycles":
            cycles = _list(cert.get("cycles"), "odd_cycles.cycles")
            seen = set()
            loss = Fraction(0)
            for c, cyc in enumerate(cycles):
                where = f"odd_cycles.cycles[{c}]"
                cyc = _list(cyc, where)
                vs = [_int(v, where, 0, self.n) for v in cyc]
                if len(vs) < 3 or len(vs) % 2 == 0 or len(set(vs)) != len(vs):
                    raise _Refuse(where, f"expected an odd cycle of distinct nodes, got {len(vs)} nodes")
                least = None
                for k in range(len(vs)):
                    e = (min(vs[k], vs[(k + 1) % len(vs)]), max(vs[k], vs[(k + 1) % len(vs)]))
                    w = W.get(e)
                    if w is None or w <= 0:
                        raise _Refuse(where, f"[{e[0]}, {e[1]}] is not a positive edge")
                    if e in seen:
                        raise _Refuse(where, f"edge [{e[0]}, {e[1]}] is in two cycles")
                    seen.add(e)
                    least = w if least is None or w < least else least
                loss += least
            b = positive - loss
            return b, f"{len(cycles)} edge-disjoint odd cycles prove {_fmt(b)}"
        b = self.sdp(cert, self.n, W, "")
        return b, f"the SDP dual y proves {_fmt(b)}"


class _Optimize(_CutBase):
    name = "optimize"

    def __init__(self, problem, answer, work):
        self.work = work
        n = _int(problem.get("n"), "problem.n", 1, None, "problem")
        lin = problem.get("linear", {})
        quad = problem.get("quadratic", [])
        _dict(lin, "problem.linear", "problem")
        _list(quad, "problem.quadratic", "problem")
        work.need(len(lin) + len(quad), "the terms")
        h = [Fraction(0)] * n
        for k, v in lin.items():
            if not re.match(r"^(0|[1-9][0-9]{0,11})$", k) or int(k) >= n:
                raise _Refuse("problem", f"problem.linear key {k[:20]!r} is not an index < {n}")
            h[int(k)] += _num(v, f"problem.linear[{k}]")
        pairs: Dict[Tuple[int, int], Fraction] = {}
        for t, e in enumerate(quad):
            if not isinstance(e, list) or len(e) != 3:
                raise _Refuse("problem", f"problem.quadratic[{t}]: expected [i, j, w]")
            i, j = _int(e[0], f"problem.quadratic[{t}]", 0, n, "problem"), _int(e[1], f"problem.quadratic[{t}]", 0, n, "problem")
            w = _num(e[2], f"problem.quadratic[{t}]")
            if i == j:
                h[i] += w
            else:
                k = (min(i, j), max(i, j))
                pairs[k] = pairs.get(k, Fraction(0)) + w
        self.n, self.h, self.pairs = n, h, pairs
        self.integral = all(v.denominator == 1 for v in h) and all(v.denominator == 1 for v in pairs.values())
        x = _bits(answer, n)
        self.objective = sum((h[i] for i in range(n) if x[i]), Fraction(0)) + sum((w for (i, j), w in pairs.items() if x[i] and x[j]), Fraction(0))

    def check(self, cert):
        if cert["kind"] == "posiform":
            b = self.posiform(cert, {})
            return b, f"the posiform's terms are non-negative and it equals the energy, so it proves {_fmt(b)}"
        if cert["kind"] == "tree":
            return self.check_tree(cert)
        return self.sdp_check(cert)

    leaf_kind = "posiform"

    def leaf_work(self):
        return self.n + 2 * len(self.pairs)

    def parse_literal(self, lit, where):
        i = _int(lit, where, 0, self.n)
        return i, i

    def infeasible(self, path):
        return None     # every 0/1 point is an answer of optimize

    def leaf_check(self, cert, path):
        return self.posiform(cert, {i: (1 if v else 0) for i, _, v in path})

    def posiform(self, cert, fix: Dict[int, int]) -> Fraction:
        """C of a posiform that equals the problem restricted by `fix` (module docstring)."""
        n = self.n
        C = _num(cert.get("constant"), "posiform.constant")
        terms = _list(cert.get("terms"), "posiform.terms")
        self.work.need(len(terms) + n + len(self.pairs), "the posiform")
        # The problem restricted by fix: constant, linear, pairs of free variables.
        ec, eh, ew = Fraction(0), {}, {}
        for i in range(n):
            f = fix.get(i)
            if f is None:
                eh[i] = eh.get(i, Fraction(0)) + self.h[i]
            elif f == 1:
                ec += self.h[i]
        for (i, j), w in self.pairs.items():
            fi, fj = fix.get(i), fix.get(j)
            if fi is None and fj is None:
                ew[(i, j)] = ew.get((i, j), Fraction(0)) + w
            elif fi is None:
                if fj == 1:
                    eh[i] = eh.get(i, Fraction(0)) + w
            elif fj is None:
                if fi == 1:
                    eh[j] = eh.get(j, Fraction(0)) + w
            elif fi == 1 and fj == 1:
                ec += w
        pc, ph, pw = C, {}, {}
        for t, term in enumerate(terms):
            where = f"posiform.terms[{t}]"
            if not isinstance(term, list) or len(term) not in (2, 3):
                raise _Refuse(where, f"{where}: expected [a, literal] or [a, literal, literal]")
            a = _num(term[0], f"{where}[0]")
            if a < 0:
                raise _Refuse(where, f"{where}: the coefficient {_fmt(a)} is negative")
            lits = []
            for k, l in enumerate(term[1:]):
                if not isinstance(l, int) or isinstance(l, bool) or l == 0 or abs(l) > n:
                    raise _Refuse(where, f"{where}[{k + 1}]: a literal is i + 1 (x_i) or -(i + 1) (1 - x_i) with 0 <= i < {n}")
                v = abs(l) - 1
                if v in fix:
                    raise _Refuse(where, f"{where}: x_{v} is fixed on the leaf's path")
                lits.append((v, l > 0))
            if len(lits) == 1:
                v, pos = lits[0]
                if pos:
                    ph[v] = ph.get(v, Fraction(0)) + a
                else:
                    pc += a
                    ph[v] = ph.get(v, Fraction(0)) - a
                continue
            (u, pu), (v, pv) = sorted(lits)
            if u == v:
                raise _Refuse(where, f"{where}: the two literals are on one variable")
            k = (u, v)
            if pu and pv:
                pw[k] = pw.get(k, Fraction(0)) + a
            elif pu or pv:
                lone = u if pu else v
                ph[lone] = ph.get(lone, Fraction(0)) + a
                pw[k] = pw.get(k, Fraction(0)) - a
            else:
                pc += a
                ph[u] = ph.get(u, Fraction(0)) - a
                ph[v] = ph.get(v, Fraction(0)) - a
                pw[k] = pw.get(k, Fraction(0)) + a
        if pc != ec:
            raise _Refuse("posiform.identity", f"posiform: the posiform's constant term is {_fmt(pc)}, the problem's {_fmt(ec)}")
        for i in sorted(set(ph) | set(eh)):
            if ph.get(i, 0) != eh.get(i, 0):
                raise _Refuse("posiform.identity", f"posiform: the posiform's coefficient of x_{i} is {_fmt(Fraction(ph.get(i, 0)))}, the problem's {_fmt(Fraction(eh.get(i, 0)))}")
        for k in sorted(set(pw) | set(ew)):
            if pw.get(k, 0) != ew.get(k, 0):
                raise _Refuse("posiform.identity", f"posiform: the posiform's coefficient of x_{k[0]}·x_{k[1]} is {_fmt(Fraction(pw.get(k, 0)))}, the problem's {_fmt(Fraction(ew.get(k, 0)))}")
        return C

    def sdp_check(self, cert):
        n = self.n
        W: Dict[Tuple[int, int], Fraction] = {}
        a = list(self.h)
        for (i, j), w in self.pairs.items():
            W[(i, j)] = w / 2
            a[i] += w / 2
            a[j] += w / 2
        for i in range(n):
            if a[i] != 0:
                W[(i, n)] = -a[i]
        cut = self.sdp(cert, n + 1, W, " (n + 1: the max-cut form's extra node last)")
        b = -cut
        return b, f"the SDP dual y of the max-cut form proves the energy is at least {_fmt(b)}"


# ---------------------------------------------------------------- xorsat

class _Xorsat(_Command):
    name = "xorsat"

    def __init__(self, problem, answer, work):
        n = _int(problem.get("n"), "problem.n", 1, None, "problem")
        eqs = _list(problem.get("equations"), "problem.equations", "problem")
        work.need(sum(len(e.get("vars", ())) if isinstance(e, dict) and isinstance(e.get("vars"), list) else 1 for e in eqs), "the equations")
        self.eqs = []
        for t, e in enumerate(eqs):
            if not isinstance(e, dict) or not isinstance(e.get("vars"), list) or e.get("rhs") not in (0, 1) or isinstance(e.get("rhs"), bool):
                raise _Refuse("problem", f"problem.equations[{t}]: expected {{vars, rhs}}")
            self.eqs.append(([_int(v, f"problem.equations[{t}].vars", 0, n, "problem") for v in e["vars"]], int(e["rhs"])))
        x = _bits(answer, n)
        viol = 0
        for vs, r in self.eqs:
            s = r
            for v in vs:
                s ^= x[v]
            viol += s
        self.objective = Fraction(viol)

    def check(self, cert):
        rows = _list(cert.get("rows"), "contradiction.rows")
        if rows and all(isinstance(r, (int, float)) and not isinstance(r, bool) for r in rows):
            rows = [rows]              # one set given flat: bound 1
        if not rows:
            raise _Refuse("contradiction.rows", "contradiction.rows: expected at least one set of equations")
        used = set()
        for r, row in enumerate(rows):
            where = f"contradiction.rows[{r}]"
            row = _list(row, where)
            parity: Dict[int, int] = {}
            rhs = 0
            for k, t in enumerate(row):
                t = _int(t, where, 0, len(self.eqs))
                if t in used:
                    raise _Refuse(where, f"equation {t} is used twice (the sets must be disjoint)")
                used.add(t)
                vs, b = self.eqs[t]
                rhs ^= b
                for v in vs:
                    parity[v] = parity.get(v, 0) ^ 1
            odd = [v for v, p in parity.items() if p]
            if odd or rhs != 1:
                raise _Refuse(where, f"the XOR of these equations is not 0 = 1 ({'x' + str(odd[0]) + ' remains' if odd else 'it reads 0 = 0'})")
        b = Fraction(len(rows))
        return b, f"{len(rows)} disjoint contradictory sets: every assignment violates at least {len(rows)} equations"


# ---------------------------------------------------------------- reduce

class _Reduce(_Command):
    name = "reduce"
    sense = None

    def __init__(self, problem, answer, work):
        basis = _list(problem.get("basis"), "problem.basis", "problem")
        self.B = [[self.entry(x, f"problem.basis[{i}]", "problem") for x in _list(r, f"problem.basis[{i}]", "problem")] for i, r in enumerate(basis)]
        if not self.B or any(len(r) != len(self.B[0]) for r in self.B) or not self.B[0]:
            raise _Refuse("problem", "problem.basis must be n vectors of one length")
        delta = problem.get("delta", 0.99)
        if isinstance(delta, bool) or not isinstance(delta, (int, float)) or not 0.25 < delta < 1:
            raise _Refuse("problem", "problem.delta must be a number in (0.25, 1)")
        self.delta = Fraction(float(delta))          # reduce's contract: the exact binary value
        Bp = _list(answer, "answer", "answer")
        self.Bp = [[self.entry(x, f"answer[{i}]", "answer") for x in _list(r, f"answer[{i}]", "answer")] for i, r in enumerate(Bp)]
        n, m = len(self.B), len(self.B[0])
        if len(self.Bp) != n or any(len(r) != m for r in self.Bp):
            raise _Refuse("answer", f"the answer must be {n} vectors of {m} coordinates")
        work.need(3 * n * n * m + n ** 3, "the products and the Gram-Schmidt")
        self.objective = None

    @staticmethod
    def entry(x, where, step):
        if isinstance(x, bool):
            raise _Refuse(step, f"{where}: a boolean is not an integer")
        if isinstance(x, int) and abs(x) <= _SAFE:
            return x
        if isinstance(x, str) and re.match(r"^[+-]?\d{1,10000}$", x):
            return _str_int(x)
        raise _Refuse(step, f"{where}: expected an integer or a decimal integer string")

    def check(self, cert):
        n = len(self.B)
        mats = {}
        for name in ("U", "V"):
            M = _list(cert.get(name), f"unimodular.{name}")
            if len(M) != n:
                raise _Refuse("shape", f"unimodular.{name}: expected {n} rows, got {len(M)}")
            mats[name] = []
            for i, row in enumerate(M):
                row = _list(row, f"unimodular.{name}[{i}]")
                if len(row) != n:
                    raise _Refuse("shape", f"unimodular.{name}[{i}]: expected {n} entries, got {len(row)}")
                mats[name].append([self.entry(v, f"unimodular.{name}[{i}]", "numbers") for v in row])
        for name, src, dst in (("U", self.B, self.Bp), ("V", self.Bp, self.B)):
            M = mats[name]
            for i in range(n):
                acc = [0] * len(src[0])
                for k, c in enumerate(M[i]):
                    if c:
                        acc = [a + c * b for a, b in zip(acc, src[k])]
                if acc != dst[i]:
                    raise _Refuse(f"unimodular.{name}", f"row {i} of {name}·{'B' if name == 'U' else 'B′'} is not row {i} of {'B′' if name == 'U' else 'B'}")
        self.lll()
        return None, "U·B = B′ and V·B′ = B (the same lattice), and B′ is LLL-reduced for the request's delta, checked exactly"

    def lll(self):
        rows = self.Bp
        z = 0
        while z < len(rows) and not any(rows[z]):
            z += 1
        vs = rows[z:]
        if any(not any(r) for r in vs):
            raise _Refuse("unimodular.lll", "a zero vector after the first nonzero one (zero vectors come first)")
        k = len(vs)
        G = [[sum(a * b for a, b in zip(vs[i], vs[j])) for j in range(i + 1)] for i in range(k)]
        # Integral Gram-Schmidt: d[i+1] = det of the leading (i+1)x(i+1) Gram minor, lam[i][j] = d[j+1]·mu_ij.
        d = [1] + [0] * k
        lam = [[0] * k for _ in range(k)]
        for i in range(k):
            for j in range(i + 1):
                u = G[i][j]
                for h in range(j):
                    u = (d[h + 1] * u - lam[i][h] * lam[j][h]) // d[h]
                if j < i:
                    lam[i][j] = u
                else:
                    d[i + 1] = u
            if d[i + 1] <= 0:
                raise _Refuse("unimodular.lll", f"the nonzero vectors of B′ are dependent (vector {z + i})")
        for i in range(k):
            for j in range(i):
                if 2 * abs(lam[i][j]) > d[j + 1]:
                    raise _Refuse("unimodular.lll", f"not size-reduced: |mu[{z + i}][{z + j}]| = {_fmt(Fraction(abs(lam[i][j]), d[j + 1]))} > 1/2")
        for i in range(1, k):
            Bprev = Fraction(d[i], d[i - 1])
            Bi = Fraction(d[i + 1], d[i])
            mu = Fraction(lam[i][i - 1], d[i])
            if self.delta * Bprev > Bi + mu * mu * Bprev:
                raise _Refuse("unimodular.lll", f"the Lovász condition fails at vector {z + i}")


_COMMANDS: Dict[str, Callable[..., _Command]] = {
    "tsp": _Tsp, "cover": _Cover, "rank": _Rank, "maxcut": _Maxcut, "optimize": _Optimize,
    "xorsat": _Xorsat, "reduce": _Reduce,
}
