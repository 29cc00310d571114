/**
 * Test support (never imported by the service): an independent brute-force witness of this
 * command's expected answer on a small example, gathered by libs/service/test/witnesses.ts for
 * the examples test (apps/http/src/meta.test.ts).
 */

/** Energy of the least-squares fit of [1, cos 2πfn, sin 2πfn] to x (3×3 normal equations by Cramer's rule). */
function toneEnergy(x: number[], f: number): number {
  const cols = [x.map(() => 1), x.map((_, i) => Math.cos(2 * Math.PI * f * i)), x.map((_, i) => Math.sin(2 * Math.PI * f * i))];
  const dot = (a: number[], b: number[]) => a.reduce((s, v, i) => s + v * b[i], 0);
  const G = cols.map((a) => cols.map((b) => dot(a, b)));
  const q = cols.map((a) => dot(a, x));
  const det = (m: number[][]) => m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
  const d = det(G);
  return q.reduce((s, qi, k) => s + qi * det(G.map((row, r) => row.map((v, c) => (c === k ? q[r] : v)))) / d, 0);
}

/** The dominant frequency (Hz): the least-squares tone energy scanned 8 points a bin, then golden section. */
export function witness(p: Record<string, any>): number {
  const x: number[] = p.signal;
  const rate: number = p.sample_rate ?? 1;
  const grid = 8 * x.length;
  let best = 1;
  for (let k = 2; k < grid / 2; k++) if (toneEnergy(x, k / grid) > toneEnergy(x, best / grid)) best = k;
  let [a, b] = [(best - 1) / grid, (best + 1) / grid];
  const g = (Math.sqrt(5) - 1) / 2;
  for (let it = 0; it < 60; it++) {
    const [c, d] = [b - g * (b - a), a + g * (b - a)];
    if (toneEnergy(x, c) > toneEnergy(x, d)) b = d;
    else a = c;
  }
  return ((a + b) / 2) * rate;
}
