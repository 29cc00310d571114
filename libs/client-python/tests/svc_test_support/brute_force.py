"""Exhaustive optima (n <= 18) computed independently of the service, for checking its answers."""
from __future__ import annotations

from itertools import product
from typing import Any, Mapping


def brute_max_cut(problem: Mapping[str, Any]) -> float:
    n, edges = problem["n"], problem["edges"]
    assert n <= 18
    best = float("-inf")
    for bits in product((0, 1), repeat=n):
        best = max(best, sum(w for i, j, w in edges if bits[i] != bits[j]))
    return best


def qubo_energy(problem: Mapping[str, Any], x: Any) -> float:
    e = sum(h * x[int(i)] for i, h in problem.get("linear", {}).items())
    return e + sum(w * x[i] * x[j] for i, j, w in problem.get("quadratic", []))


def brute_min_qubo(problem: Mapping[str, Any]) -> float:
    n = problem["n"]
    assert n <= 18
    return min(qubo_energy(problem, bits) for bits in product((0, 1), repeat=n))
