/** QAPLIB `.dat` files (n, then the n×n flow matrix A, then the n×n distance matrix B; whitespace only). */
export interface QaplibInstance {
  readonly n: number;
  readonly flow: number[][];
  readonly dist: number[][];
}

export function parseQaplib(text: string): QaplibInstance {
  const t = text.split(/\s+/).filter((x) => x.length > 0).map(Number);
  const n = t[0];
  const at = (k: number) => Array.from({ length: n }, (_, i) => t.slice(k + i * n, k + (i + 1) * n));
  return { n, flow: at(1), dist: at(1 + n * n) };
}
