/** Exhaustive optima for tests (n <= 18), written independently of both engines. */
export type Triple = [number, number, number];

export function bruteQubo(n: number, linear: Record<string, number>, quadratic: Triple[]): number {
  let best = Infinity;
  for (let mask = 0; mask < 1 << n; mask++) {
    let e = 0;
    for (const [k, h] of Object.entries(linear)) if ((mask >> Number(k)) & 1) e += h;
    for (const [i, j, w] of quadratic) if ((mask >> i) & 1 && (mask >> j) & 1) e += w;
    if (e < best) best = e;
  }
  return best;
}

export function bruteMaxcut(n: number, edges: Triple[]): number {
  let best = -Infinity;
  for (let mask = 0; mask < 1 << n; mask++) {
    let c = 0;
    for (const [i, j, w] of edges) if (((mask >> i) & 1) !== ((mask >> j) & 1)) c += w;
    if (c > best) best = c;
  }
  return best;
}

/** Deterministic test instances (mulberry32). */
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

/** Deterministic test instances (Numerical Recipes LCG), for tests whose instances were drawn with it. */
export function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

/** m random edges on n nodes from `lcg(seed)`: self-loops skipped, repeats kept, weights 1..maxWeight. */
export function randomEdges(n: number, m: number, seed: number, maxWeight = 9): Triple[] {
  const r = lcg(seed);
  const edges: Triple[] = [];
  while (edges.length < m) {
    const i = Math.floor(r() * n);
    const j = Math.floor(r() * n);
    if (i !== j) edges.push([i, j, 1 + Math.floor(r() * maxWeight)]);
  }
  return edges;
}

/** Every state's energy (n <= 18) in ascending order, optionally only the states `allowed` keeps. */
export function sortedEnergies(n: number, energy: (x: number[]) => number, allowed: (x: number[]) => boolean = () => true): number[] {
  const out: number[] = [];
  for (let mask = 0; mask < 1 << n; mask++) {
    const x = Array.from({ length: n }, (_, i) => (mask >> i) & 1);
    if (allowed(x)) out.push(energy(x));
  }
  return out.sort((a, b) => a - b);
}

export function randomQubo(n: number, density: number, seed: number): { linear: Record<string, number>; quadratic: Triple[] } {
  const r = rng(seed);
  const linear: Record<string, number> = {};
  for (let i = 0; i < n; i++) linear[String(i)] = Math.round((r() * 2 - 1) * 10);
  const quadratic: Triple[] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (r() < density) quadratic.push([i, j, Math.round((r() * 2 - 1) * 10)]);
  return { linear, quadratic };
}

export function randomGraph(n: number, density: number, seed: number): Triple[] {
  const r = rng(seed);
  const edges: Triple[] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (r() < density) edges.push([i, j, 1 + Math.floor(r() * 5)]);
  return edges;
}
