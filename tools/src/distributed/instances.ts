/** The distributed suites' problems: small rings solved at once, and long searches a cancel or a budget ends. */
const TAG = 'svc-cortex-v1';
const DESC = 'Split a ring of warehouses into two delivery zones.';

/** A small weighted ring with a chord: distinct per seed, solved in milliseconds. */
export function ring(seed: number) {
  const n = 8 + (seed % 9);
  const edges = Array.from({ length: n }, (_, i) => [i, (i + 1) % n, 1 + ((seed + i) % 4)]);
  edges.push([0, Math.floor(n / 2), 1 + (seed % 3)]);
  return { tag: TAG, description: DESC, n, edges };
}

/** A sparse graph that keeps a worker busy for minutes at effort high: a cancel or a latency budget ends it. */
export function long(seed: number) {
  const n = 3000;
  let x = (seed * 2654435761) >>> 0;
  const rnd = () => (x = (x * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  const edges: [number, number, number][] = [];
  for (let k = 0; k < 12000; k++) {
    const i = Math.floor(rnd() * n);
    const j = (i + 1 + Math.floor(rnd() * (n - 1))) % n;
    edges.push([i, j, 1 + Math.floor(rnd() * 5)]);
  }
  return { tag: TAG, description: DESC, n, edges };
}
