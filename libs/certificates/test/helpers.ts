/** Test helpers: a seeded PRNG, brute-force optima and small producers independent of the checkers and of the engines. */

export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const randInt = (r: () => number, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));

export function* permutations(n: number): Generator<number[]> {
  const p = Array.from({ length: n }, (_, i) => i);
  const c = new Array(n).fill(0);
  yield p.slice();
  let i = 0;
  while (i < n) {
    if (c[i] < i) {
      const k = i % 2 === 0 ? 0 : c[i];
      [p[k], p[i]] = [p[i], p[k]];
      yield p.slice();
      c[i]++;
      i = 0;
    } else { c[i] = 0; i++; }
  }
}

/** A symmetric integer matrix. */
export function randomMatrix(r: () => number, n: number, max = 50): number[][] {
  const m = Array.from({ length: n }, () => new Array(n).fill(0));
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) m[i][j] = m[j][i] = randInt(r, 1, max);
  return m;
}

export function tourLen(m: number[][], t: number[]): number {
  let s = 0;
  for (let k = 0; k < t.length; k++) s += m[t[k]][t[(k + 1) % t.length]];
  return s;
}

/** The shortest tour by brute force (tours starting at city 0). */
export function bestTour(m: number[][]): { tour: number[]; length: number } {
  const n = m.length;
  let best = { tour: [] as number[], length: Infinity };
  for (const p of permutations(n - 1)) {
    const t = [0, ...p.map((x) => x + 1)];
    const l = tourLen(m, t);
    if (l < best.length) best = { tour: t, length: l };
  }
  return best;
}

/** Held–Karp subgradient on float 1-trees (a producer of π independent of the checker). */
export function heldKarpPi(m: number[][], iters = 200): number[] {
  const n = m.length;
  const pi = new Array(n).fill(0);
  let step = 2;
  for (let it = 0; it < iters; it++) {
    const deg = new Array(n).fill(0);
    const w = (i: number, j: number) => m[i][j] + pi[i] + pi[j];
    const inT = new Array(n).fill(false);
    const key = new Array(n).fill(Infinity), from = new Array(n).fill(-1);
    key[1] = 0;
    for (let c = 1; c < n; c++) {
      let u = -1;
      for (let v = 1; v < n; v++) if (!inT[v] && (u < 0 || key[v] < key[u])) u = v;
      inT[u] = true;
      if (from[u] >= 0) { deg[u]++; deg[from[u]]++; }
      for (let v = 1; v < n; v++) if (!inT[v] && w(u, v) < key[v]) { key[v] = w(u, v); from[v] = u; }
    }
    const zero = Array.from({ length: n - 1 }, (_, k) => k + 1).sort((a, b) => w(0, a) - w(0, b));
    deg[0] = 2; deg[zero[0]]++; deg[zero[1]]++;
    if (deg.every((d) => d === 2)) break;
    for (let i = 0; i < n; i++) pi[i] += step * (deg[i] - 2);
    step *= 0.97;
  }
  return pi.map((x) => Math.round(x * 100) / 100);
}

/** The cheapest cover by brute force over all subsets of sets. */
export function bestCover(universe: number, sets: number[][], costs: number[]): number {
  let best = Infinity;
  for (let mask = 1; mask < 1 << sets.length; mask++) {
    const cov = new Set<number>();
    let c = 0;
    for (let t = 0; t < sets.length; t++) if (mask & (1 << t)) { c += costs[t]; for (const e of sets[t]) cov.add(e); }
    if (cov.size === universe && c < best) best = c;
  }
  return best;
}

/** A feasible dual of the cover LP by the greedy rule (each element takes the least slack left). */
export function greedyDual(universe: number, sets: number[][], costs: number[]): number[] {
  const slack = costs.slice();
  const y = new Array(universe).fill(0);
  for (let e = 0; e < universe; e++) {
    let m = Infinity;
    sets.forEach((s, t) => { if (s.includes(e)) m = Math.min(m, slack[t]); });
    y[e] = Math.max(0, m);
    sets.forEach((s, t) => { if (s.includes(e)) slack[t] -= y[e]; });
  }
  return y;
}

/** w[i][j] votes "i before j" of random comparisons. */
export function votes(n: number, comparisons: [number, number][]): number[][] {
  const w = Array.from({ length: n }, () => new Array(n).fill(0));
  for (const [a, b] of comparisons) w[a][b]++;
  return w;
}

export function kemeny(w: number[][], order: number[]): number {
  let s = 0;
  for (let x = 0; x < order.length; x++) for (let y = x + 1; y < order.length; y++) s += w[order[y]][order[x]];
  return s;
}

export function bestKemeny(w: number[][]): { order: number[]; value: number } {
  let best = { order: [] as number[], value: Infinity };
  for (const p of permutations(w.length)) { const v = kemeny(w, p); if (v < best.value) best = { order: p, value: v }; }
  return best;
}

/** A greedy packing of majority 3-cycles (λ = the least residual margin). */
export function greedyTriangles(w: number[][]): [number, number, number, number][] {
  const n = w.length;
  const res = w.map((row, i) => row.map((x, j) => Math.max(0, x - w[j][i])));
  const out: [number, number, number, number][] = [];
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) for (let k = 0; k < n; k++) {
    if (i >= j || i >= k || j === k) continue;
    if (w[i][j] > w[j][i] && w[j][k] > w[k][j] && w[k][i] > w[i][k]) {
      const l = Math.min(res[i][j], res[j][k], res[k][i]);
      if (l > 0) { res[i][j] -= l; res[j][k] -= l; res[k][i] -= l; out.push([i, j, k, l]); }
    }
  }
  return out;
}

export function cut(edges: number[][], x: number[]): number {
  let s = 0;
  for (const [i, j, w] of edges) if (x[i] !== x[j]) s += w;
  return s;
}

export function bits(n: number, mask: number): number[] {
  return Array.from({ length: n }, (_, i) => (mask >> i) & 1);
}

export function bestCut(n: number, edges: number[][]): { x: number[]; value: number } {
  let best = { x: [] as number[], value: -Infinity };
  for (let mask = 0; mask < 1 << n; mask++) { const x = bits(n, mask); const v = cut(edges, x); if (v > best.value) best = { x, value: v }; }
  return best;
}

export function energy(lin: Record<string, number>, quad: number[][], x: number[]): number {
  let s = 0;
  for (const k of Object.keys(lin)) if (x[+k]) s += lin[k];
  for (const [i, j, w] of quad) if (x[i] && x[j]) s += w;
  return s;
}

/** λ_max of a small symmetric matrix by power iteration on A + cI (float; a producer's estimate). */
export function lambdaMax(a: number[][]): number {
  const n = a.length;
  let c = 0;
  for (let i = 0; i < n; i++) c = Math.max(c, a[i].reduce((s, x) => s + Math.abs(x), 0));
  let v = Array.from({ length: n }, (_, i) => 1 + i / 7);
  let lam = 0;
  for (let it = 0; it < 3000; it++) {
    const u = v.map((_, i) => a[i].reduce((s, x, j) => s + x * v[j], 0) + c * v[i]);
    const norm = Math.hypot(...u);
    lam = norm / Math.hypot(...v);
    v = u.map((x) => x / norm);
  }
  return lam - c;
}
