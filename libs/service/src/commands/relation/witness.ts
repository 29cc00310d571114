/**
 * Test support (never imported by the service): an independent brute-force witness of this
 * command's expected answer on a small example, gathered by libs/service/test/witnesses.ts for
 * the examples test (apps/http/src/meta.test.ts).
 */

/**
 * relation's witness: every integer vector with entries at most min(max_height, 100) (first nonzero
 * positive) in double arithmetic, |Σ a·x| < 1e-9·max|x|; the first coefficient of the one of least
 * height, or 'none'. Small examples only ((2h+1)^n ≤ 2·10^7).
 */
export function witness(p: Record<string, any>): number | string {
  const x: number[] = (p.values ?? []).map(Number);
  const h = Math.min(p.max_height ?? 1e6, 100);
  if (x.length === 0 || (2 * h + 1) ** x.length > 2e7) throw new Error('relation example too large for the brute force');
  const scale = Math.max(...x.map(Math.abs));
  const a = new Array<number>(x.length).fill(-h);
  let best: number[] | null = null;
  let bestHeight = Infinity;
  for (;;) {
    const first = a.find((c) => c !== 0);
    if (first !== undefined && first > 0) {
      let sum = 0, height = 0;
      for (let i = 0; i < a.length; i++) {
        sum += a[i] * x[i];
        height = Math.max(height, Math.abs(a[i]));
      }
      if (height < bestHeight && Math.abs(sum) < 1e-9 * scale) [best, bestHeight] = [[...a], height];
    }
    let k = 0;
    while (k < a.length && a[k] === h) a[k++] = -h;
    if (k === a.length) break;
    a[k]++;
  }
  if (best !== null) return best[0];
  return 'none';
}
