"""svc_client.check_certificate (issue 34): every kind against brute force on random small instances
(n <= 8), certificates built here by small producers independent of the checker, tampering refused
with the step named, hostile inputs never raising, and oversized certificates refused by size."""
import itertools
import json
import random
import unittest
from fractions import Fraction

import svc_test_support  # noqa: F401  (puts this tree's src/ first: test it, not an installed svc_client)
import svc_client
from svc_client import certificates as C
from svc_client.certificates import check_certificate

SEEDS = range(12)


def F(s):
    return Fraction(s) if "/" in s else Fraction(s)


def D(q):
    """A dyadic rational (halves here) as its exact decimal string."""
    assert Fraction(float(q)) == q
    return repr(float(q))


# ---------------------------------------------------------------- tsp

def tsp_instance(rng, n):
    m = [[0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            m[i][j] = m[j][i] = rng.randint(1, 20)
    return {"description": "t", "matrix": m}


def tour_len(m, t):
    return sum(m[t[k]][t[(k + 1) % len(t)]] for k in range(len(t)))


def brute_tsp(m):
    n = len(m)
    return min(((0,) + p for p in itertools.permutations(range(1, n))), key=lambda t: tour_len(m, t))


def brute_one_tree(m, pi, ins=(), outs=()):
    """The least w'(T) over 1-trees T (a spanning tree on 1..n-1 plus two edges at 0) holding ins, avoiding outs."""
    n = len(m)
    edges = [(i, j) for i in range(n) for j in range(i + 1, n) if (i, j) not in outs]
    best = None
    for T in itertools.combinations(edges, n):
        if sum(1 for e in T if e[0] == 0) != 2 or not set(ins) <= set(T):
            continue
        parent = list(range(n))

        def find(x):
            while parent[x] != x:
                x = parent[x]
            return x
        acyclic = True
        for a, b in T:
            if a == 0:
                continue
            ra, rb = find(a), find(b)
            if ra == rb:
                acyclic = False
                break
            parent[ra] = rb
        if not acyclic:
            continue
        w = sum(Fraction(m[a][b]) + pi[a] + pi[b] for a, b in T)
        best = w if best is None or w < best else best
    return best


def tsp_tree(m, opt, path=()):
    """Pre-order nodes of a branch tree proving opt, pi = 0 at every leaf (brute-force 1-trees)."""
    n = len(m)
    ins = [e for e, v in path if v]
    outs = [e for e, v in path if not v]
    deg = [0] * n
    for a, b in ins:
        deg[a] += 1
        deg[b] += 1
    if max(deg) > 2:
        return [{"leaf": "infeasible"}]
    zero = [Fraction(0)] * n
    w = brute_one_tree(m, zero, ins, outs)
    if w is None or w > opt - 1:
        return [{"leaf": {"kind": "one_tree", "pi": [0] * n}}]
    fixed = set(ins) | set(outs)
    e = next((i, j) for i in range(n) for j in range(i + 1, n) if (i, j) not in fixed)
    return [{"split": list(e)}] + tsp_tree(m, opt, path + ((e, False),)) + tsp_tree(m, opt, path + ((e, True),))


class TspTest(unittest.TestCase):
    def test_one_tree_is_the_least_1_tree(self):
        for seed in SEEDS:
            rng = random.Random(seed)
            n = rng.randint(3, 6)
            p = tsp_instance(rng, n)
            best = brute_tsp(p["matrix"])
            pi = [Fraction(rng.randint(-8, 8), rng.choice([1, 2, 4, 3])) for _ in range(n)]
            cert = {"kind": "one_tree", "pi": [str(float(q)) if q.denominator in (1, 2, 4) else q.numerator for q in pi]}
            pi = [C._num(x, "") for x in cert["pi"]]
            r = check_certificate(p, list(best), cert)
            want = brute_one_tree(p["matrix"], pi) - 2 * sum(pi)
            self.assertTrue(r["ok"], r)
            self.assertEqual(F(r["bound"]), want, (seed, r))
            self.assertEqual(F(r["objective"]), tour_len(p["matrix"], best))
            self.assertLessEqual(F(r["bound"]), F(r["objective"]))
            self.assertEqual(r["optimal"], want > F(r["objective"]) - 1)
            self.assertEqual((r["sense"], r["kind"]), ("min", "one_tree"))

    def test_points_metric_distances(self):
        p = {"points": [[0, 0], [3, 4], [6, 0], [3, -4]]}
        r = check_certificate(p, [0, 1, 2, 3], {"kind": "one_tree", "pi": [0, 0, 0, 0]})
        self.assertEqual(r["objective"], "20")
        self.assertTrue(r["ok"] and r["optimal"], r)      # the 1-tree is a tour here

    def test_branch_tree_proves_the_optimum(self):
        for seed in range(6):
            rng = random.Random(100 + seed)
            p = tsp_instance(rng, rng.randint(4, 6))
            best = brute_tsp(p["matrix"])
            L = tour_len(p["matrix"], best)
            nodes = tsp_tree(p["matrix"], L)
            r = check_certificate(p, {"answer": list(best), "length": L, "certificate": {"kind": "tree", "nodes": nodes}})
            self.assertTrue(r["ok"] and r["optimal"], (seed, r))
            self.assertGreater(F(r["bound"]), L - 1)
            self.assertLessEqual(F(r["bound"]), L)
            # Tampering: a worse tour is not proven optimal by the same tree (a leaf fails to reach it)...
            worse = next(t for t in ((0,) + q for q in itertools.permutations(range(1, len(best)))) if tour_len(p["matrix"], t) > L)
            if len(nodes) > 1:
                r2 = check_certificate(p, list(worse), {"kind": "tree", "nodes": nodes})
                self.assertTrue(r2["ok"], r2)            # the bound holds; it no longer meets the answer
                self.assertFalse(r2["optimal"])
            # ...and leaves whose pi[1] is lowered no longer reach the objective (the first such leaf is named).
            bad = json.loads(json.dumps(nodes))
            for x in bad:
                if isinstance(x.get("leaf"), dict):
                    x["leaf"]["pi"][1] = -50
            r3 = check_certificate(p, {"answer": list(best), "certainty": "certified optimum (branch and bound)"}, {"kind": "tree", "nodes": bad})
            self.assertEqual((r3["ok"], r3["failed_step"]), (False, "claim.optimal"), r3)
            r3 = check_certificate(p, list(best), {"kind": "tree", "nodes": bad})
            self.assertEqual((r3["ok"], r3["optimal"]), (True, False), r3)

    def test_infeasible_leaf_by_inspection_only(self):
        p = tsp_instance(random.Random(5), 5)
        tour = list(brute_tsp(p["matrix"]))
        one = {"leaf": {"kind": "one_tree", "pi": [0] * 5}}
        good = [{"split": [0, 1]}, one, {"split": [0, 2]}, one, {"split": [0, 3]}, one, {"leaf": "infeasible"}]
        r = check_certificate(p, tour, {"kind": "tree", "nodes": good}, command="tsp")
        self.assertTrue(r["ok"], r)          # nodes[6]: [0, 1], [0, 2], [0, 3] all in, three in-edges at city 0
        bad = json.loads(json.dumps(good))
        bad[1] = {"leaf": "infeasible"}
        r = check_certificate(p, tour, {"kind": "tree", "nodes": bad})
        self.assertEqual(r["failed_step"], "tree.leaf[1]", r)
        self.assertIn("infeasible", r["detail"])

    def test_tree_shape_errors(self):
        p = tsp_instance(random.Random(1), 4)
        tour = [0, 1, 2, 3]
        one = {"leaf": {"kind": "one_tree", "pi": [0] * 4}}
        for nodes, step in (([{"split": [0, 1]}, one], "tree.nodes"),
                            ([{"split": [0, 1]}, {"leaf": "infeasible"}], "tree.leaf[1]"),      # in walk order
                            ([{"leaf": {"kind": "one_tree", "pi": [0] * 4}}, {"leaf": "infeasible"}], "tree.nodes"),
                            ([{"leaf": {"pi": [0] * 4}}], "tree.leaf[0]"),
                            ([{"split": [0, 1]}, {"split": [1, 0]}, {"leaf": "infeasible"}, {"leaf": "infeasible"}, {"leaf": "infeasible"}], "tree.split[1]"),
                            ([{"split": [0, 0]}, {"leaf": "infeasible"}, {"leaf": "infeasible"}], "tree.split[0]"),
                            ([{"split": [0, 9]}, {"leaf": "infeasible"}, {"leaf": "infeasible"}], "tree.split[0]"),
                            ([{"split": [0, 1]}], "tree.nodes"),
                            ([], "tree.nodes"),
                            ([{"bogus": 1}], "shape")):
            r = check_certificate(p, tour, {"kind": "tree", "nodes": nodes}, command="tsp")
            self.assertEqual(r["failed_step"], step, (nodes, r))

    def test_asymmetric_is_refused(self):
        r = check_certificate({"matrix": [[0, 1, 2], [5, 0, 1], [1, 2, 0]]}, [0, 1, 2], {"kind": "one_tree", "pi": [0, 0, 0]})
        self.assertEqual(r["failed_step"], "one_tree")


# ---------------------------------------------------------------- cover

def cover_instance(rng):
    U = rng.randint(2, 5)
    m = rng.randint(2, 7)
    sets = [sorted(rng.sample(range(U), rng.randint(1, U))) for _ in range(m)]
    for e in range(U):
        if not any(e in s for s in sets):
            sets[rng.randrange(m)].append(e)
    return {"description": "c", "universe": U, "sets": sets, "costs": [rng.randint(1, 9) for _ in range(m)]}


def brute_cover(p):
    best = None
    for r in range(1, len(p["sets"]) + 1):
        for pick in itertools.combinations(range(len(p["sets"])), r):
            if set().union(*(p["sets"][t] for t in pick)) == set(range(p["universe"])):
                c = sum(p["costs"][t] for t in pick)
                if best is None or c < best[0]:
                    best = (c, list(pick))
    return best


def lagrangian_bound(p, y, fixed):
    b = sum(y, Fraction(0))
    for t, s in enumerate(p["sets"]):
        red = p["costs"][t] - sum(y[e] for e in set(s))
        if fixed.get(t) is True or (t not in fixed and red < 0):
            b += red
    return b


def cover_tree(p, opt, fixed):
    m = len(p["sets"])
    zero = [Fraction(0)] * p["universe"]
    if any(all(fixed.get(t) is False for t in range(m) if e in p["sets"][t]) for e in range(p["universe"])):
        return [{"leaf": "infeasible"}]
    if lagrangian_bound(p, zero, fixed) > opt - 1 or len(fixed) == m:
        return [{"leaf": {"kind": "lagrangian", "y": [0] * p["universe"]}}]
    t = next(t for t in range(m) if t not in fixed)
    return [{"split": t}] + cover_tree(p, opt, {**fixed, t: False}) + cover_tree(p, opt, {**fixed, t: True})


class CoverTest(unittest.TestCase):
    def test_lagrangian_against_brute_force(self):
        for seed in SEEDS:
            rng = random.Random(seed)
            p = cover_instance(rng)
            cost, pick = brute_cover(p)
            y = [Fraction(rng.randint(0, 8), 2) for _ in range(p["universe"])]
            r = check_certificate(p, pick, {"kind": "lagrangian", "y": [str(float(v)) for v in y]})
            self.assertTrue(r["ok"], r)
            self.assertEqual(F(r["bound"]), lagrangian_bound(p, y, {}))
            self.assertLessEqual(F(r["bound"]), cost)
            self.assertEqual(F(r["objective"]), cost)
            bad = [str(float(v)) for v in y]
            bad[0] = "-0.5"
            r = check_certificate(p, pick, {"kind": "lagrangian", "y": bad})
            self.assertEqual((r["ok"], r["failed_step"]), (False, "lagrangian.y"))

    def test_tree_proves_the_optimum(self):
        for seed in SEEDS:
            p = cover_instance(random.Random(50 + seed))
            cost, pick = brute_cover(p)
            nodes = cover_tree(p, cost, {})
            r = check_certificate(p, {"answer": pick, "cost": cost}, {"kind": "tree", "nodes": nodes})
            self.assertTrue(r["ok"] and r["optimal"], (seed, r))
            if len(nodes) > 1:
                leaf = next(k for k, x in enumerate(nodes) if isinstance(x["leaf" if "leaf" in x else "split"], dict))
                bad = json.loads(json.dumps(nodes))
                bad[leaf]["leaf"]["y"][0] = -1
                r = check_certificate(p, pick, {"kind": "tree", "nodes": bad})
                self.assertEqual(r["failed_step"], f"tree.leaf[{leaf}].y", r)

    def test_leaves_sharing_a_y(self):
        # The checker reuses a leaf's reduced costs for the next leaf whose y is written the same:
        # the tree's bound must still be the least leaf bound recomputed one by one, whichever
        # leaves repeat a y, or differ from the previous in one entry.
        for seed in range(40):
            rng = random.Random(3400 + seed)
            p = cover_instance(rng)
            U, m = p["universe"], len(p["sets"])
            base = [Fraction(rng.randint(0, 12), 4) for _ in range(U)]
            pool = [base, [Fraction(rng.randint(0, 12), 4) for _ in range(U)]]
            pool += [[v + Fraction(1, 4) if i == e else v for i, v in enumerate(base)] for e in range(U)]
            nodes, bounds, last = [], [], [base]

            def build(depth, fixed):
                free = [t for t in range(m) if t not in fixed]
                if not free or depth >= 4 or rng.random() < 0.3:
                    y = last[0] if rng.random() < 0.6 else rng.choice(pool)
                    last[0] = y
                    nodes.append({"leaf": {"kind": "lagrangian", "y": [str(float(v)) if v.denominator > 1 else int(v) for v in y]}})
                    bounds.append(lagrangian_bound(p, y, fixed))
                    return
                t = rng.choice(free)
                nodes.append({"split": t})
                build(depth + 1, {**fixed, t: False})
                build(depth + 1, {**fixed, t: True})

            build(0, {})
            cost, pick = brute_cover(p)
            r = check_certificate(p, pick, {"kind": "tree", "nodes": nodes})
            self.assertTrue(r["ok"], (seed, r))
            self.assertEqual(F(r["bound"]), min(bounds), seed)

    def test_a_tampered_repeat_of_the_previous_y(self):
        p = {"universe": 3, "sets": [[0, 1], [1, 2], [0, 2], [0, 1, 2]], "costs": [2, 2, 2, 3]}
        y = [1, 1, 1]
        nodes = [{"split": 3}, {"split": 0}] + [{"leaf": {"kind": "lagrangian", "y": list(y)}} for _ in range(3)]
        doc = {"answer": [3], "certainty": "certified optimal"}
        r = check_certificate(p, doc, {"kind": "tree", "nodes": nodes})
        self.assertEqual((r["ok"], r["bound"], r["optimal"]), (True, "3", True), r)

        def tamper(k, e, v):
            bad = json.loads(json.dumps(nodes))
            bad[k]["leaf"]["y"][e] = v
            return check_certificate(p, doc, {"kind": "tree", "nodes": bad})

        self.assertEqual(tamper(3, 1, -1)["failed_step"], "tree.leaf[3].y")
        for v in ("x", True, None):
            self.assertFalse(tamper(4, 2, v)["ok"], v)
        self.assertEqual(tamper(4, 0, 3)["failed_step"], "claim.optimal")
        self.assertTrue(tamper(4, 0, "1")["ok"])

    def test_leaf_same_as_an_earlier_leaf(self):
        # {"leaf": {"same": j}}: leaf j's certificate read with this leaf's path, as if written out.
        for seed in range(40):
            rng = random.Random(3500 + seed)
            p = cover_instance(rng)
            U, m = p["universe"], len(p["sets"])
            nodes, written = [], []

            def build(depth, fixed):
                free = [t for t in range(m) if t not in fixed]
                if not free or depth >= 4 or rng.random() < 0.3:
                    if written and rng.random() < 0.6:
                        nodes.append({"leaf": {"same": rng.choice(written)}})
                    else:
                        written.append(len(nodes))
                        nodes.append({"leaf": {"kind": "lagrangian", "y": [rng.randint(0, 8) / 4 for _ in range(U)]}})
                    return
                t = rng.choice(free)
                nodes.append({"split": t})
                build(depth + 1, fixed | {t})
                build(depth + 1, fixed | {t})

            build(0, frozenset())
            inlined = [{"leaf": nodes[x["leaf"]["same"]]["leaf"]} if isinstance(x.get("leaf"), dict) and "same" in x["leaf"] else x
                       for x in nodes]
            cost, pick = brute_cover(p)
            a = check_certificate(p, pick, {"kind": "tree", "nodes": nodes})
            b = check_certificate(p, pick, {"kind": "tree", "nodes": inlined})
            self.assertTrue(a["ok"], (seed, a))
            self.assertEqual(a, b)
        p = {"universe": 2, "sets": [[0], [1], [0, 1]], "costs": [1, 1, 1]}
        y = {"kind": "lagrangian", "y": [0.5, 0.5]}
        ok = check_certificate(p, [2], {"kind": "tree", "nodes": [{"split": 2}, {"leaf": y}, {"leaf": {"same": 1}}]})
        self.assertEqual((ok["ok"], ok["bound"], ok["optimal"]), (True, "1", True), ok)
        # JSON 1.0 is the index 1 (as the TypeScript checker reads it).
        self.assertEqual(check_certificate(p, [2], {"kind": "tree", "nodes": [{"split": 2}, {"leaf": y}, {"leaf": {"same": 1.0}}]}), ok)
        for leaf, first, step in (({"same": 2}, y, "tree.leaf[2]"), ({"same": 0}, y, "tree.leaf[2]"), ({"same": 1.5}, y, "tree.leaf[2]"),
                                  ({"same": "1"}, y, "tree.leaf[2]"), ({"same": True}, y, "tree.leaf[2]"), ({"same": -1}, y, "tree.leaf[2]"),
                                  ({"same": 1, "kind": "lagrangian"}, y, "tree.leaf[2]"), ({"same": 1}, "infeasible", "tree.leaf[1]"),
                                  ({"same": 1}, {"kind": "lagrangian", "y": [-1, 0]}, "tree.leaf[1].y")):
            r = check_certificate(p, [2], {"kind": "tree", "nodes": [{"split": 2}, {"leaf": first}, {"leaf": leaf}]})
            self.assertEqual((r["ok"], r["failed_step"]), (False, step), (leaf, first, r))

    def test_answer_must_cover(self):
        p = {"universe": 3, "sets": [[0, 1], [2]], "costs": [1, 1]}
        r = check_certificate(p, [0], {"kind": "lagrangian", "y": [0, 0, 0]})
        self.assertEqual(r["failed_step"], "answer")


# ---------------------------------------------------------------- rank

def rank_instance(rng):
    n = rng.randint(3, 6)
    items = [f"i{k}" for k in range(n)]
    comps = []
    for _ in range(rng.randint(5, 30)):
        a, b = rng.sample(items, 2)
        comps.append([a, b])
    return {"description": "r", "items": items, "comparisons": comps}


def kemeny(p, order):
    place = {s: k for k, s in enumerate(order)}
    return sum(1 for a, b in p["comparisons"] if place[b] < place[a])


def greedy_packing(p):
    idx = {s: k for k, s in enumerate(p["items"])}
    n = len(idx)
    w = [[0] * n for _ in range(n)]
    for a, b in p["comparisons"]:
        w[idx[a]][idx[b]] += 1
    cap = {(a, b): w[a][b] - w[b][a] for a in range(n) for b in range(n) if w[a][b] > w[b][a]}
    tris = []
    for i, j, k in itertools.permutations(range(n), 3):
        if i < j and i < k and all(e in cap for e in ((i, j), (j, k), (k, i))):
            lam = min(cap[(i, j)], cap[(j, k)], cap[(k, i)])
            if lam > 0:
                for e in ((i, j), (j, k), (k, i)):
                    cap[e] -= lam
                tris.append([i, j, k, lam])
    base = sum(min(w[a][b], w[b][a]) for a in range(n) for b in range(a + 1, n))
    return {"kind": "cycle_packing", "base": base, "triangles": tris}, w


def rank_tree(p, opt, w, fixed):
    """Branch on pairs until the leaf bound (fixed costs + free minima, no triangles) reaches opt."""
    n = len(p["items"])
    succ = {}
    for (a, b), v in fixed.items():
        succ.setdefault(a if v else b, set()).add(b if v else a)

    def reach(s, t, seen=()):
        return s == t or any(reach(x, t, seen + (s,)) for x in succ.get(s, ()) if x not in seen)
    if any(reach(b if v else a, a if v else b) for (a, b), v in fixed.items()):
        return [{"leaf": "infeasible"}]
    base = 0
    for a in range(n):
        for b in range(a + 1, n):
            f = fixed.get((a, b))
            base += min(w[a][b], w[b][a]) if f is None else (w[b][a] if f else w[a][b])
    if base > opt - 1 or len(fixed) == n * (n - 1) // 2:
        return [{"leaf": {"kind": "cycle_packing", "triangles": []}}]
    pair = next((a, b) for a in range(n) for b in range(a + 1, n) if (a, b) not in fixed)
    return ([{"split": list(pair)}] + rank_tree(p, opt, w, {**fixed, pair: False})
            + rank_tree(p, opt, w, {**fixed, pair: True}))


class RankTest(unittest.TestCase):
    def test_cycle_packing_against_brute_force(self):
        hit = 0
        for seed in SEEDS:
            p = rank_instance(random.Random(seed))
            best = min(itertools.permutations(p["items"]), key=lambda o: kemeny(p, o))
            cert, w = greedy_packing(p)
            r = check_certificate(p, list(best), cert)
            self.assertTrue(r["ok"], r)
            self.assertEqual(F(r["bound"]), cert["base"] + sum(t[3] for t in cert["triangles"]))
            self.assertLessEqual(F(r["bound"]), kemeny(p, best))
            if cert["triangles"]:
                hit += 1
                bad = json.loads(json.dumps(cert))
                bad["triangles"][0][3] += 1
                r = check_certificate(p, list(best), bad)
                self.assertEqual(r["failed_step"], "cycle_packing.triangles[0]", r)
                bad = json.loads(json.dumps(cert))
                bad["triangles"][0][:3] = bad["triangles"][0][2::-1]   # reversed: not majority arcs
                r = check_certificate(p, list(best), bad)
                self.assertEqual(r["failed_step"], "cycle_packing.triangles[0]", r)
            bad = dict(cert, base=cert["base"] + 1)
            self.assertEqual(check_certificate(p, list(best), bad)["failed_step"], "cycle_packing.base")
        self.assertGreater(hit, 0)

    def test_tree_proves_the_optimum(self):
        for seed in range(8):
            p = rank_instance(random.Random(300 + seed))
            best = min(itertools.permutations(p["items"]), key=lambda o: kemeny(p, o))
            _, w = greedy_packing(p)
            nodes = rank_tree(p, kemeny(p, best), w, {})
            r = check_certificate(p, {"answer": list(best), "disagreements": kemeny(p, best), "certificate": {"kind": "tree", "nodes": nodes}})
            self.assertTrue(r["ok"] and r["optimal"], (seed, r))

    def test_leaf_triangle_against_a_fixed_pair(self):
        p = {"items": ["a", "b", "c"], "comparisons": [["a", "b"], ["b", "c"], ["c", "a"]]}
        tri = {"kind": "cycle_packing", "triangles": [[0, 1, 2, 1]]}
        self.assertEqual(check_certificate(p, ["a", "b", "c"], tri)["bound"], "1")
        # Under "b before a" the arc a->b is fixed against the cycle: the triangle may not be used there.
        nodes = [{"split": [0, 1]}, {"leaf": tri}, {"leaf": tri}]
        r = check_certificate(p, ["a", "b", "c"], {"kind": "tree", "nodes": nodes})
        self.assertEqual(r["failed_step"], "tree.leaf[1].triangles[0]", r)
        self.assertIn("fixed on its branch path", r["detail"])
        nodes = [{"split": [0, 1]}, {"leaf": {"kind": "cycle_packing", "triangles": []}}, {"leaf": {"kind": "cycle_packing", "triangles": []}}]
        r = check_certificate(p, ["a", "b", "c"], {"kind": "tree", "nodes": nodes})
        self.assertEqual((r["ok"], r["bound"]), (True, "0"), r)     # "a before b" leaves every free pair at its minimum 0
        self.assertEqual(check_certificate(p, ["a", "b", "c"], {"kind": "tree", "nodes": [{"split": ["a", "b"]}] + nodes[1:]})["failed_step"], "tree.split[0]")


# ---------------------------------------------------------------- maxcut and optimize

def cut(p, x):
    return sum(w for i, j, w in p["edges"] if x[i] != x[j])


def brute_cut(p):
    return max((list(b) for b in itertools.product((0, 1), repeat=p["n"])), key=lambda x: cut(p, x))


def maxcut_instance(rng, n):
    edges = [[i, j, rng.choice([-2, -1, 1, 1, 2, 3, 0.5])] for i in range(n) for j in range(i + 1, n) if rng.random() < 0.6]
    return {"description": "m", "n": n, "edges": edges or [[0, 1, 1]]}


class MaxcutTest(unittest.TestCase):
    def test_bipartite_planted(self):
        for seed in SEEDS:
            rng = random.Random(seed)
            n = rng.randint(2, 8)
            side = [rng.randint(0, 1) for _ in range(n)]
            edges = []
            for i in range(n):
                for j in range(i + 1, n):
                    if rng.random() < 0.7:
                        w = rng.randint(1, 5)
                        edges.append([i, j, w if side[i] != side[j] else -w])
            if not edges:
                continue
            p = {"n": n, "edges": edges}
            r = check_certificate(p, side, {"kind": "bipartite"})
            self.assertTrue(r["ok"] and r["optimal"], r)
            self.assertEqual(F(r["bound"]), cut(p, brute_cut(p)))
            flipped = side[:]
            flipped[edges[0][0]] ^= 1
            r = check_certificate(p, flipped, {"kind": "bipartite"})
            self.assertEqual((r["ok"], r["failed_step"]), (False, "bipartite.edge"))

    def test_odd_cycles_against_brute_force(self):
        for seed in SEEDS:
            rng = random.Random(seed)
            p = maxcut_instance(rng, rng.randint(3, 8))
            W = {(min(i, j), max(i, j)): w for i, j, w in p["edges"]}
            used, cycles = set(), []
            for i, j, k in itertools.combinations(range(p["n"]), 3):
                es = [(i, j), (j, k), (i, k)]
                if all(W.get(e, 0) > 0 and e not in used for e in es):
                    used.update(es)
                    cycles.append([i, j, k])
            best = brute_cut(p)
            r = check_certificate(p, best, {"kind": "odd_cycles", "cycles": cycles})
            self.assertTrue(r["ok"], r)
            want = sum(Fraction(repr(w)) for w in W.values() if w > 0) - sum(min(Fraction(repr(W[e])) for e in [(c[0], c[1]), (c[1], c[2]), (c[0], c[2])]) for c in cycles)
            self.assertEqual(F(r["bound"]), want)
            self.assertGreaterEqual(F(r["bound"]), Fraction(repr(cut(p, best))))
            if cycles:
                bad = json.loads(json.dumps(cycles))
                bad[0] = bad[0][:2]
                self.assertEqual(check_certificate(p, best, {"kind": "odd_cycles", "cycles": bad})["failed_step"], "odd_cycles.cycles[0]")
                self.assertEqual(check_certificate(p, best, {"kind": "odd_cycles", "cycles": cycles + [cycles[0]]})["failed_step"],
                                 f"odd_cycles.cycles[{len(cycles)}]")

    def test_sdp_dual_is_a_valid_bound_exact_and_numpy(self):
        try:
            import numpy  # noqa: F401
            have_numpy = True
        except ImportError:
            have_numpy = False
        for seed in SEEDS:
            rng = random.Random(seed)
            p = maxcut_instance(rng, rng.randint(2, 8))
            best = brute_cut(p)
            y = [rng.randint(-2, 6) / 4 for _ in range(p["n"])]
            r = check_certificate(p, best, {"kind": "sdp_dual", "y": y})
            self.assertTrue(r["ok"], r)
            self.assertGreaterEqual(F(r["bound"]), Fraction(repr(cut(p, best))))
            if have_numpy:
                saved = C._EXACT_SDP_MAX_N
                C._EXACT_SDP_MAX_N = 0
                try:
                    r2 = check_certificate(p, best, {"kind": "sdp_dual", "y": y})
                finally:
                    C._EXACT_SDP_MAX_N = saved
                self.assertTrue(r2["ok"], r2)
                # Both are upper bounds within a hair of the exact Σy + n·max(0, λ_max).
                self.assertLess(abs(F(r2["bound"]) - F(r["bound"])), Fraction(1, 10 ** 6))

    def test_sdp_dual_proves_an_even_cycle(self):
        p = {"n": 4, "edges": [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 0, 1]]}
        r = check_certificate(p, [0, 1, 0, 1], {"kind": "sdp_dual", "y": ["1", "1", "1", "1"]})
        self.assertTrue(r["ok"] and r["optimal"], r)
        self.assertLess(F(r["bound"]) - 4, Fraction(1, 10 ** 6))
        self.assertGreaterEqual(F(r["bound"]), 4)
        # The triangle: without mu the Gershgorin bound (3); with mu = 0 (= λ_max, proven exactly) 2.25 < 2 + 1.
        r = check_certificate({"n": 3, "complete": True}, [0, 1, 0], {"kind": "sdp_dual", "y": [0.75] * 3})
        self.assertEqual((r["ok"], r["bound"], r["optimal"]), (True, "3", False), r)
        r = check_certificate({"n": 3, "complete": True}, [0, 1, 0], {"kind": "sdp_dual", "y": [0.75] * 3, "mu": 0})
        self.assertEqual((r["ok"], r["bound"], r["optimal"]), (True, "2.25", True), r)

    def test_sdp_dual_mu_proven_exactly_and_by_numpy(self):
        # K_n with y = (n-1)/4: L/4 - Diag(y) = (I - J)/4, lambda_max = 1/4 exactly; the bound n^2/4 is the max cut.
        for n, exact in ((8, True), (80, True), (120, False)):
            p = {"n": n, "complete": True}
            x = [i % 2 for i in range(n)]
            y = [f"{(n - 1) / 4}"] * n
            if not exact:
                try:
                    import numpy  # noqa: F401
                except ImportError:
                    continue
            r = check_certificate(p, x, {"kind": "sdp_dual", "y": y, "mu": "0.25" if exact else "0.2500001"})
            self.assertTrue(r["ok"] and r["optimal"], (n, r))
            self.assertLessEqual(F(r["bound"]) - Fraction(n * n, 4), Fraction(n, 10 ** 6))
            r = check_certificate(p, x, {"kind": "sdp_dual", "y": y, "mu": "0.2499999"})
            self.assertEqual((r["ok"], r["failed_step"]), (False, "sdp_dual.psd"), (n, r))
        r = check_certificate({"n": 130, "complete": True}, [0] * 130, {"kind": "sdp_dual", "y": ["32.25"] * 130, "mu": "0.25"})
        self.assertNotEqual(r["failed_step"], "internal")
        # Over 1,000 nodes a mu below the Gershgorin bound is refused at sdp_dual.psd (as @svc/certificates does).
        n = 1001
        p = {"n": n, "edges": [[i, (i + 1) % n, 1] for i in range(n)]}
        r = check_certificate(p, [i % 2 for i in range(n)], {"kind": "sdp_dual", "y": ["0.25"] * n, "mu": "0.4"})
        self.assertEqual(r["failed_step"], "sdp_dual.psd", r)
        self.assertTrue(check_certificate(p, [i % 2 for i in range(n)], {"kind": "sdp_dual", "y": ["0.25"] * n, "mu": "0.75"})["ok"])   # = Gershgorin

    def test_sdp_without_numpy_refuses_large(self):
        n = 90
        p = {"n": n, "complete": True}
        real_import = __builtins__["__import__"] if isinstance(__builtins__, dict) else __builtins__.__import__

        def no_numpy(name, *a, **k):
            if name == "numpy":
                raise ImportError("no numpy")
            return real_import(name, *a, **k)
        import builtins
        builtins.__import__ = no_numpy
        try:
            r = check_certificate(p, [i % 2 for i in range(n)], {"kind": "sdp_dual", "y": [str((n - 1) / 4)] * n, "mu": "0.26"})
        finally:
            builtins.__import__ = real_import
        self.assertEqual(r["failed_step"], "size")
        self.assertIn("numpy", r["detail"])

    def test_optimize_sdp_dual_is_a_lower_bound(self):
        for seed in SEEDS:
            rng = random.Random(seed)
            n = rng.randint(1, 6)
            lin = {str(i): rng.randint(-4, 4) for i in range(n) if rng.random() < 0.8}
            quad = [[rng.randrange(n), rng.randrange(n), rng.randint(-3, 3)] for _ in range(rng.randint(0, 8))]
            p = {"n": n, "linear": lin, "quadratic": quad}

            def energy(x):
                return sum(h * x[int(i)] for i, h in lin.items()) + sum(w * x[i] * x[j] for i, j, w in quad)
            best = min((list(b) for b in itertools.product((0, 1), repeat=n)), key=energy)
            y = [rng.randint(-4, 8) / 2 for _ in range(n + 1)]
            r = check_certificate(p, best, {"kind": "sdp_dual", "y": y})
            self.assertTrue(r["ok"], r)
            self.assertEqual(F(r["objective"]), energy(best))
            self.assertLessEqual(F(r["bound"]), energy(best))
            self.assertEqual(check_certificate(p, best, {"kind": "sdp_dual", "y": y[:-1]})["failed_step"], "sdp_dual.y")

    @staticmethod
    def trivial_posiform(n, lin, quad, fix=None):
        """An independent producer: every term at its most negative. h x = h + |h| x̄ (h < 0);
        w x_i x_j = w + |w| x̄_i + |w| x_i x̄_j (w < 0). With `fix`, the restricted problem (a tree leaf)."""
        fix = fix or {}
        h = [Fraction(0)] * n
        const = Fraction(0)
        for k, v in lin.items():
            h[int(k)] += Fraction(v)
        pairs = {}
        for i, j, w in quad:
            if i == j:
                h[i] += Fraction(w)
            else:
                pairs[(min(i, j), max(i, j))] = pairs.get((min(i, j), max(i, j)), Fraction(0)) + Fraction(w)
        for (i, j), w in pairs.items():
            if i in fix and j in fix:
                const += w * fix[i] * fix[j]
            elif i in fix or j in fix:
                free, other = (j, i) if i in fix else (i, j)
                h[free] += w * fix[other]
        free_pairs = {k: w for k, w in pairs.items() if k[0] not in fix and k[1] not in fix}
        terms = []
        for i in range(n):
            if i in fix:
                const += h[i] * fix[i]
            elif h[i] > 0:
                terms.append([D(h[i]), i + 1])
            elif h[i] < 0:
                const += h[i]
                terms.append([D(-h[i]), -(i + 1)])
        for (i, j), w in free_pairs.items():
            if w > 0:
                terms.append([D(w), i + 1, j + 1])
            elif w < 0:
                const += w
                terms += [[D(-w), -(i + 1)], [D(-w), i + 1, -(j + 1)]]
        return {"kind": "posiform", "constant": D(const), "terms": terms}

    def test_optimize_posiform_and_tree(self):
        for seed in SEEDS:
            rng = random.Random(100 + seed)
            n = rng.randint(2, 6)
            lin = {str(i): rng.randint(-8, 8) / 2 for i in range(n) if rng.random() < 0.8}
            quad = [[rng.randrange(n), rng.randrange(n), rng.randint(-6, 6) / 2] for _ in range(rng.randint(1, 10))]
            p = {"n": n, "linear": lin, "quadratic": quad}

            def energy(x):
                return sum(Fraction(h) * x[int(i)] for i, h in lin.items()) + sum(Fraction(w) * x[i] * x[j] for i, j, w in quad)
            best = min((list(b) for b in itertools.product((0, 1), repeat=n)), key=energy)
            cert = self.trivial_posiform(n, lin, quad)
            r = check_certificate(p, best, cert)
            self.assertTrue(r["ok"], r)
            self.assertEqual(F(r["objective"]), energy(best))
            self.assertLessEqual(F(r["bound"]), energy(best))
            # Tampering: a coefficient, the constant, a negative coefficient, a literal out of range.
            if cert["terms"]:
                bad = json.loads(json.dumps(cert))
                bad["terms"][0][0] = D(F(bad["terms"][0][0]) + Fraction(1, 2))
                self.assertEqual(check_certificate(p, best, bad)["failed_step"], "posiform.identity")
                bad = json.loads(json.dumps(cert))
                bad["terms"][0][0] = "-1"
                self.assertEqual(check_certificate(p, best, bad)["failed_step"], "posiform.terms[0]")
                bad = json.loads(json.dumps(cert))
                bad["terms"][0][1] = n + 1
                self.assertEqual(check_certificate(p, best, bad)["failed_step"], "posiform.terms[0]")
            bad = json.loads(json.dumps(cert))
            bad["constant"] = D(F(bad["constant"]) + 1)
            r = check_certificate(p, best, bad)
            self.assertEqual(r["failed_step"], "posiform.identity")
            self.assertIn("constant term", r["detail"])
            # The full tree over every variable: each leaf's constant is that point's energy, so it proves the optimum.
            nodes = []

            def grow(i, fix):
                if i == n:
                    nodes.append({"leaf": self.trivial_posiform(n, lin, quad, fix)})
                    return
                nodes.append({"split": i})
                for v in (0, 1):
                    grow(i + 1, {**fix, i: v})
            grow(0, {})
            doc = {"answer": best, "energy": float(energy(best)), "certainty": "certified optimum", "certificate": {"kind": "tree", "nodes": nodes}}
            r = check_certificate(p, doc)
            self.assertTrue(r["ok"] and r["optimal"], r)
            self.assertEqual(F(r["bound"]), energy(best))
            # A leaf's coefficient changed: refused at that leaf.
            k = next(k for k, nd in enumerate(nodes) if "leaf" in nd)
            bad = json.loads(json.dumps(doc))
            bad["certificate"]["nodes"][k]["leaf"]["constant"] = D(F(nodes[k]["leaf"]["constant"]) - 1)
            self.assertEqual(check_certificate(p, bad)["failed_step"], f"tree.leaf[{k}].identity")
            # Stopped one level short, the root posiform alone does not support "certified" (unless it is tight).
            r = check_certificate(p, {**doc, "certificate": cert})
            self.assertIn(r["failed_step"], (None, "claim.optimal"))

    def test_optimize_sdp_dual_can_be_tight(self):
        # E = -x0 - x1 + 3 x0 x1, min -1. The max-cut form on 3 nodes; y found by search on a grid of quarters.
        p = {"n": 2, "linear": {"0": -1, "1": -1}, "quadratic": [[0, 1, 3]]}
        best = max((check_certificate(p, [1, 0], {"kind": "sdp_dual", "y": [a / 4, b / 4, c / 4]})
                    for a in range(-4, 9) for b in range(-4, 9) for c in range(-4, 9)), key=lambda r: F(r["bound"]))
        self.assertTrue(best["ok"] and best["optimal"], best)


# ---------------------------------------------------------------- xorsat

def violations(p, x):
    return sum((e["rhs"] + sum(x[v] for v in e["vars"])) % 2 for e in p["equations"])


def contradiction_rows(p):
    """A set of equations XORing to 0 = 1, by Gaussian elimination over GF(2) tracking combinations."""
    rows = []
    for t, e in enumerate(p["equations"]):
        vec = 0
        for v in e["vars"]:
            vec ^= 1 << v
        rows.append([vec, e["rhs"], 1 << t])
    pivots = []
    for r in rows:
        for pv in pivots:
            if r[0] ^ pv[0] < r[0]:
                r[0] ^= pv[0]
                r[1] ^= pv[1]
                r[2] ^= pv[2]
        if r[0]:
            pivots.append(r)
        elif r[1]:
            return [t for t in range(len(rows)) if r[2] >> t & 1]
    return None


class XorsatTest(unittest.TestCase):
    def test_contradiction_against_brute_force(self):
        found = 0
        for seed in range(40):
            rng = random.Random(seed)
            n = rng.randint(1, 5)
            p = {"n": n, "equations": [{"vars": rng.sample(range(n), rng.randint(0, n)), "rhs": rng.randint(0, 1)} for _ in range(rng.randint(2, 8))]}
            rows = contradiction_rows(p)
            best = min((list(b) for b in itertools.product((0, 1), repeat=n)), key=lambda x: violations(p, x))
            if rows is None:
                self.assertEqual(violations(p, best), 0)
                continue
            found += 1
            r = check_certificate(p, best, {"kind": "contradiction", "rows": [rows]})
            self.assertTrue(r["ok"], r)
            self.assertEqual(r["bound"], "1")
            self.assertGreaterEqual(violations(p, best), 1)
            self.assertEqual(r["optimal"], violations(p, best) == 1)
            self.assertTrue(check_certificate(p, best, {"kind": "contradiction", "rows": rows})["ok"])   # one set, flat
            if len(rows) > 1:
                r = check_certificate(p, best, {"kind": "contradiction", "rows": [rows[1:]]})
                self.assertEqual(r["failed_step"], "contradiction.rows[0]", r)
        self.assertGreater(found, 5)

    def test_disjoint_sets_bound_k(self):
        p = {"n": 2, "equations": [{"vars": [0], "rhs": 0}, {"vars": [1], "rhs": 1}, {"vars": [0], "rhs": 1}, {"vars": [1, 1], "rhs": 0}, {"vars": [1], "rhs": 0}]}
        best = min((list(b) for b in itertools.product((0, 1), repeat=2)), key=lambda x: violations(p, x))
        r = check_certificate(p, {"answer": best, "violations": violations(p, best)}, {"kind": "contradiction", "rows": [[0, 2], [1, 4]]})
        self.assertTrue(r["ok"] and r["optimal"], r)
        self.assertEqual((r["bound"], violations(p, best)), ("2", 2))
        r = check_certificate(p, best, {"kind": "contradiction", "rows": [[0, 2], [2, 1, 4]]})
        self.assertEqual(r["failed_step"], "contradiction.rows[1]")


# ---------------------------------------------------------------- reduce

def lll(B, delta=Fraction(3, 4)):
    """Textbook exact LLL (Fractions) returning (B', U) with U·B = B'."""
    B = [row[:] for row in B]
    n = len(B)
    U = [[int(i == j) for j in range(n)] for i in range(n)]

    def gso():
        Bs, mu = [], [[Fraction(0)] * n for _ in range(n)]
        for i in range(n):
            v = [Fraction(x) for x in B[i]]
            for j in range(i):
                mu[i][j] = sum(Fraction(a) * b for a, b in zip(B[i], Bs[j])) / sum(b * b for b in Bs[j])
                v = [a - mu[i][j] * b for a, b in zip(v, Bs[j])]
            Bs.append(v)
        return Bs, mu
    k = 1
    while k < n:
        for j in range(k - 1, -1, -1):
            _, mu = gso()
            q = round(mu[k][j])
            if q:
                B[k] = [a - q * b for a, b in zip(B[k], B[j])]
                U[k] = [a - q * b for a, b in zip(U[k], U[j])]
        Bs, mu = gso()
        nk, nk1 = sum(x * x for x in Bs[k]), sum(x * x for x in Bs[k - 1])
        if nk >= (delta - mu[k][k - 1] ** 2) * nk1:
            k += 1
        else:
            B[k], B[k - 1] = B[k - 1], B[k]
            U[k], U[k - 1] = U[k - 1], U[k]
            k = max(k - 1, 1)
    return B, U


def inverse(U):
    n = len(U)
    A = [[Fraction(x) for x in row] + [Fraction(int(i == j)) for j in range(n)] for i, row in enumerate(U)]
    for c in range(n):
        p = next(r for r in range(c, n) if A[r][c] != 0)
        A[c], A[p] = A[p], A[c]
        A[c] = [x / A[c][c] for x in A[c]]
        for r in range(n):
            if r != c and A[r][c]:
                A[r] = [a - A[r][c] * b for a, b in zip(A[r], A[c])]
    return [[int(x) for x in row[n:]] for row in A]


class ReduceTest(unittest.TestCase):
    def test_unimodular_from_an_independent_lll(self):
        for seed in SEEDS:
            rng = random.Random(seed)
            n = rng.randint(1, 4)
            B = [[rng.randint(-30, 30) for _ in range(n)] for _ in range(n)]
            while any(not any(r) for r in B) or n > 1 and B[0] == B[1]:
                B = [[rng.randint(-30, 30) for _ in range(n)] for _ in range(n)]
            try:
                V0 = inverse([[int(i == j) for j in range(n)] for i in range(n)])
            except StopIteration:
                continue
            p = {"basis": B, "delta": 0.75}
            Bp, U = lll(B, Fraction(3, 4))
            try:
                V = inverse(U)
            except StopIteration:
                continue
            del V0
            if any(not any(r) for r in Bp):
                continue         # dependent input: the zero vectors first is the engine's layout, not this LLL's
            cert = {"kind": "unimodular", "U": U, "V": [[str(x) for x in r] for r in V]}
            r = check_certificate(p, [[str(x) for x in row] for row in Bp], cert)
            self.assertTrue(r["ok"], (seed, r))
            self.assertEqual((r["bound"], r["optimal"], r["sense"]), (None, False, None))
            bad = json.loads(json.dumps(cert))
            bad["U"][0][0] += 1
            self.assertEqual(check_certificate(p, Bp, bad)["failed_step"], "unimodular.U")
            bad = json.loads(json.dumps(cert))
            bad["V"][-1][-1] = str(int(bad["V"][-1][-1]) + 1)
            self.assertEqual(check_certificate(p, Bp, bad)["failed_step"], "unimodular.V")

    def test_not_reduced_is_refused(self):
        B = [[1, 0], [7, 1]]           # mu = 7: not size-reduced
        r = check_certificate({"basis": B}, B, {"kind": "unimodular", "U": [[1, 0], [0, 1]], "V": [[1, 0], [0, 1]]})
        self.assertEqual((r["ok"], r["failed_step"]), (False, "unimodular.lll"))
        B = [[5, 0], [0, 1]]           # Lovász fails (the second is much shorter)
        r = check_certificate({"basis": B}, B, {"kind": "unimodular", "U": [[1, 0], [0, 1]], "V": [[1, 0], [0, 1]]})
        self.assertEqual(r["failed_step"], "unimodular.lll")
        r = check_certificate({"basis": B}, [[0, 1], [5, 0]], {"kind": "unimodular", "U": [[0, 1], [1, 0]], "V": [[0, 1], [1, 0]]})
        self.assertTrue(r["ok"], r)

    def test_delta_is_the_binary_value(self):
        # b0 = (10^18, 0), b1 = (0, b) with b^2 / 10^36 just below 0.99 (by less than 2e-18): the Lovász condition
        # delta·|b0|^2 <= |b1|^2 holds for the double 0.99 (0.98999999999999999112 exactly) and fails for 0.99 itself.
        from math import isqrt
        a, b = 10 ** 18, isqrt(99 * 10 ** 34)
        basis = [[str(a), "0"], ["0", str(b)]]
        eye = {"kind": "unimodular", "U": [[1, 0], [0, 1]], "V": [[1, 0], [0, 1]]}
        r = check_certificate({"basis": basis, "delta": 0.99}, basis, eye)
        self.assertTrue(r["ok"], r)
        r = check_certificate({"basis": basis, "delta": 0.9899999999999999}, basis, eye)
        self.assertTrue(r["ok"], r)
        r = check_certificate({"basis": basis, "delta": 0.9900000000000001}, basis, eye)
        self.assertEqual(r["failed_step"], "unimodular.lll", r)


# ---------------------------------------------------------------- every kind: hostile input, size, numbers

VALID = [
    ({"matrix": [[0, 2, 3], [2, 0, 4], [3, 4, 0]]}, [0, 1, 2], {"kind": "one_tree", "pi": [0, "0.5", -1]}),
    ({"universe": 2, "sets": [[0], [1], [0, 1]], "costs": [1, 1, 1]}, [2], {"kind": "lagrangian", "y": [0.5, 0.5]}),
    ({"items": ["a", "b", "c"], "comparisons": [["a", "b"], ["b", "c"], ["c", "a"]]}, ["a", "b", "c"],
     {"kind": "cycle_packing", "base": 0, "triangles": [[0, 1, 2, 1]]}),
    ({"n": 3, "edges": [[0, 1, 1], [1, 2, 1], [0, 2, 1]]}, [0, 1, 0], {"kind": "odd_cycles", "cycles": [[0, 1, 2]]}),
    ({"n": 2, "edges": [[0, 1, 1]]}, [0, 1], {"kind": "bipartite"}),
    ({"n": 3, "edges": [[0, 1, 1], [1, 2, 1], [0, 2, 1]]}, [0, 1, 0], {"kind": "sdp_dual", "y": [0.75, 0.75, 0.75]}),
    ({"n": 1, "equations": [{"vars": [0], "rhs": 0}, {"vars": [0], "rhs": 1}]}, [0], {"kind": "contradiction", "rows": [[0, 1]]}),
    ({"basis": [[1, 0], [0, 1]]}, [["1", "0"], ["0", "1"]], {"kind": "unimodular", "U": [[1, 0], [0, 1]], "V": [[1, 0], [0, 1]]}),
    ({"matrix": [[0, 2, 3], [2, 0, 4], [3, 4, 0]]}, [0, 1, 2], {"kind": "tree", "nodes": [{"split": [0, 1]}, {"leaf": {"kind": "one_tree", "pi": [0, 0, 0]}}, {"leaf": {"kind": "one_tree", "pi": [0, 0, 0]}}]}),
    # optimize: −x0 − x1 + 3·x0·x1 = −1 + x̄0·x̄1 + 2·x0·x1; and a tree on x0 (x0 = 0: −x1 = −1 + x̄1; x0 = 1: −1 + 2·x1).
    ({"n": 2, "linear": {"0": -1, "1": -1}, "quadratic": [[0, 1, 3]]}, [1, 0], {"kind": "posiform", "constant": -1, "terms": [[1, -1, -2], ["2", 1, 2]]}),
    ({"n": 2, "linear": {"0": -1, "1": -1}, "quadratic": [[0, 1, 3]]}, [1, 0], {"kind": "tree", "nodes": [{"split": 0}, {"leaf": {"kind": "posiform", "constant": -1, "terms": [[1, -2]]}}, {"leaf": {"kind": "posiform", "constant": -1, "terms": [[2, 2]]}}]}),
]
JUNK = [None, True, "x", "1/3", "0x10", "NaN", float("nan"), float("inf"), -1, 10 ** 400, "1e99999999", [], {}, [[[]]],
        {"kind": "tree"}, "9" * 20000, 1.5, [None] * 5, {"split": {"split": []}}]


def mutations(v, rng, depth=0):
    """Every way of replacing one node of v by junk (sampled)."""
    paths = []

    def walk(x, path):
        paths.append(path)
        if isinstance(x, dict):
            for k in x:
                walk(x[k], path + (k,))
        elif isinstance(x, list):
            for k in range(len(x)):
                walk(x[k], path + (k,))
    walk(v, ())
    for path in paths:
        for junk in rng.sample(JUNK, 4):
            c = json.loads(json.dumps(v))
            if not path:
                yield junk
                continue
            t = c
            for k in path[:-1]:
                t = t[k]
            t[path[-1]] = junk
            yield c


class HostileTest(unittest.TestCase):
    def test_valid_examples_pass(self):
        for problem, answer, cert in VALID:
            r = check_certificate(problem, answer, cert)
            self.assertTrue(r["ok"], r)
            self.assertEqual(set(r), {"ok", "kind", "sense", "objective", "bound", "optimal", "failed_step", "detail"})

    def test_mutations_never_raise(self):
        rng = random.Random(7)
        count = 0
        for problem, answer, cert in VALID:
            for bad in mutations(cert, rng):
                count += 1
                r = check_certificate(problem, answer, bad)
                self.assertNotEqual(r["failed_step"], "internal", (cert, bad, r))
                if not r["ok"]:
                    self.assertTrue(r["failed_step"] and r["detail"])
                    self.assertIsNone(r["bound"])
            for bad in mutations(problem, rng):
                self.assertNotEqual(check_certificate(bad, answer, cert)["failed_step"], "internal", bad)
            for bad in mutations(answer, rng):
                self.assertNotEqual(check_certificate(problem, bad, cert)["failed_step"], "internal", bad)
        self.assertGreater(count, 200)

    def test_hostile_numbers_are_refused_at_numbers(self):
        p, a, _ = VALID[0]
        for x in ("1/3", "0x10", "NaN", float("nan"), float("inf"), True, "1e99999", "Infinity", " 1", [1], None):
            r = check_certificate(p, a, {"kind": "one_tree", "pi": [0, x, 0]})
            self.assertEqual((r["ok"], r["failed_step"]), (False, "numbers"), (x, r))

    def test_json_numbers_read_as_their_shortest_decimal(self):
        p = {"universe": 1, "sets": [[0]], "costs": [1]}
        r = check_certificate(p, [0], {"kind": "lagrangian", "y": [0.1]})
        self.assertEqual(r["bound"], "0.1")           # not 0.1000000000000000055511151231257827...
        r = check_certificate(p, [0], {"kind": "lagrangian", "y": ["1e-1"]})
        self.assertEqual(r["bound"], "0.1")
        p = {"universe": 1, "sets": [[0]], "costs": [3]}
        self.assertEqual(check_certificate(p, [0], {"kind": "lagrangian", "y": [1]}, command="cover")["bound"], "1")
        self.assertEqual(check_certificate({"universe": 1, "sets": [[0]], "costs": ["1/3"]}, [0], {"kind": "lagrangian", "y": [0]})["failed_step"], "numbers")

    def test_a_million_nodes_refused_by_size_first(self):
        n = 1_000_001
        r = check_certificate({"matrix": [[0, 1], [1, 0]]}, [0, 1], {"kind": "one_tree", "pi": [0] * n})
        self.assertEqual((r["ok"], r["failed_step"]), (False, "size"))
        r = check_certificate({"matrix": [[0, 1], [1, 0]]}, [0, 1], {"kind": "tree", "nodes": [{"leaf": "infeasible"}] * (n // 2)})
        self.assertEqual(r["failed_step"], "size")

    def test_work_cap_refuses_by_size(self):
        p = tsp_instance(random.Random(3), 40)
        nodes = [{"split": [0, 1]}, {"leaf": {"pi": [0] * 40}}, {"leaf": {"pi": [0] * 40}}]
        r = check_certificate(p, list(range(40)), {"kind": "tree", "nodes": nodes}, max_work=1000)
        self.assertEqual(r["failed_step"], "size")

    def test_deep_nesting_and_wrong_kinds(self):
        deep = []
        for _ in range(100_000):
            deep = [deep]
        p, a, _ = VALID[0]
        r = check_certificate(p, a, {"kind": "one_tree", "pi": deep})
        self.assertFalse(r["ok"])
        self.assertEqual(check_certificate(p, a, {"kind": "lagrangian", "y": [0]}, command="tsp")["failed_step"], "kind")
        self.assertEqual(check_certificate(p, a, {"kind": "one_tree", "pi": [0]}, command="nope")["failed_step"], "kind")
        self.assertEqual(check_certificate("not a problem", a, {"kind": "one_tree"})["failed_step"], "problem")
        r = check_certificate(p, {"answer": a, "certificate": None, "certificate_omitted": "heuristic answer: nothing to prove"})
        self.assertEqual(r["failed_step"], "certificate")
        self.assertIn("heuristic answer", r["detail"])

    def test_exported(self):
        self.assertIs(svc_client.check_certificate, check_certificate)


class ReadmeTest(unittest.TestCase):
    def test_the_readme_example_prints_what_it_says(self):
        import contextlib
        import io
        import re
        from pathlib import Path
        text = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
        blocks = [b for b in re.findall(r"```python\n(.*?)```", text, flags=re.S) if "svc_client.check_" in b]
        self.assertEqual(len(blocks), 2)
        ns = {"__name__": "readme"}
        for block in blocks:
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                exec(compile(block, "README.md check_* block", "exec"), ns)
            said = [line.split("#")[-1].strip() for line in block.splitlines() if line.startswith("print(")]
            self.assertEqual(out.getvalue().splitlines(), said)


if __name__ == "__main__":
    unittest.main()
