/**
 * The independent checks of reduce (never trusting the engine): the input basis read again from
 * the request JSON; an engine answer is checked by its transforms (U·B = B', V·B' = B: engine-ts
 * verify.ts) and exactly for reducedness (integral Gram–Schmidt); a caller's answer (POST /verify),
 * which comes without transforms, by lattice equality against a basis of L(B) that engine-ts
 * computes and proves by its own transforms: every nonzero vector of the answer is an integer
 * combination of it (an exact solve of the Gram system) and the two Gram determinants agree.
 */
import { checkReduced, checkSameLattice, lllReduce, multiply, type IntMatrix } from '@svc/engine-ts/families/reduce';

/**
 * The service's own exact checks run on the request's thread, so their cost is bounded by size:
 * rows³ · (largest entry's bits + 10 · rows)² (integral Gram–Schmidt and Bareiss on numbers that grow
 * to about rows · (bits + log) bits). At most RECHECK_MAX_WORK: about d = 50 uniform 20-bit or
 * knapsack bases (0.1 s), up to d ≈ 70 (docs/reduce.md "Checks"). Above it a solve's answer stands
 * on the engine's own exact check (made in the worker before it returns) and `verify` answers 422
 * SVC_DIMENSION_LIMIT; deterministic, so the same request is always treated the same way.
 */
export const RECHECK_MAX_WORK = 4e11;

/** The size measure of RECHECK_MAX_WORK for a basis. */
export function recheckWork(b: IntMatrix): number {
  const rows = b.length;
  let bits = 0;
  for (const row of b) for (const x of row) bits = Math.max(bits, (x < 0n ? -x : x).toString(2).length);
  return rows ** 3 * (bits + 10 * rows) ** 2;
}

/** The input basis from the validated JSON (numbers are safe integers, strings decimal integers: the contract checked). */
export const inputBasis = (basis: readonly (readonly (number | string)[])[]): IntMatrix => basis.map((row) => row.map((x) => BigInt(typeof x === 'string' ? x.replace(/^\+/, '') : x)));

/** A caller's basis: rows × cols of integers (numbers that are safe integers, or decimal strings); null with a reason otherwise. */
export function readBasis(answer: unknown, rows: number, cols: number): { basis: IntMatrix | null; detail: string } {
  if (!Array.isArray(answer) || answer.length !== rows) return { basis: null, detail: `expected ${rows} vectors (one per input vector, zero vectors first), got ${Array.isArray(answer) ? answer.length : typeof answer}` };
  const out: IntMatrix = [];
  for (let i = 0; i < rows; i++) {
    const row = answer[i];
    if (!Array.isArray(row) || row.length !== cols) return { basis: null, detail: `vector ${i}: expected ${cols} coordinates` };
    const r: bigint[] = [];
    for (let j = 0; j < cols; j++) {
      const x = row[j];
      if (typeof x === 'number' && Number.isSafeInteger(x)) r.push(BigInt(x));
      else if (typeof x === 'string' && /^[+-]?\d{1,5000}$/.test(x)) r.push(BigInt(x.replace(/^\+/, '')));
      else return { basis: null, detail: `vector ${i}, coordinate ${j}: expected an integer (a decimal string, or a safe-integer number)` };
    }
    out.push(r);
  }
  return { basis: out, detail: `${rows} vectors of ${cols} integers` };
}

const isZeroRow = (r: readonly bigint[]): boolean => r.every((x) => x === 0n);

/** The Gram matrix of the rows. */
const gram = (rows: IntMatrix): IntMatrix => rows.map((a) => rows.map((b) => a.reduce((s, x, k) => s + x * b[k], 0n)));

/**
 * Solves G·x = c for every column c of C (G symmetric positive definite: no pivoting, Bareiss) and
 * returns D = det G and Y = D·X (integers by Cramer's rule).
 */
function solveScaled(g: IntMatrix, c: IntMatrix): { det: bigint; y: IntMatrix } {
  const r = g.length;
  const k = r === 0 ? 0 : c[0].length;
  const a = g.map((row, i) => [...row, ...c[i]]);
  let prev = 1n;
  for (let i = 0; i < r; i++) {
    for (let j = i + 1; j < r; j++) {
      for (let col = i + 1; col < r + k; col++) a[j][col] = (a[i][i] * a[j][col] - a[j][i] * a[i][col]) / prev;
      a[j][i] = 0n;
    }
    prev = a[i][i];
  }
  const det = r === 0 ? 1n : a[r - 1][r - 1];
  const y: IntMatrix = Array.from({ length: r }, () => new Array<bigint>(k).fill(0n));
  for (let col = 0; col < k; col++) {
    for (let i = r - 1; i >= 0; i--) {
      let s = det * a[i][r + col];
      for (let j = i + 1; j < r; j++) s -= a[i][j] * y[j][col];
      y[i][col] = s / a[i][i];
    }
  }
  return { det, y };
}

/** Does the (reduced, zeros-first) basis `answer` span the same lattice as `input`? */
export function sameLatticeAs(input: IntMatrix, answer: IntMatrix): { ok: boolean; detail: string } {
  const r = lllReduce(input, 0.75);
  const proof = checkSameLattice(input, r.basis, r.u, r.v, r.rank);
  if (!proof.ok) return { ok: false, detail: `the reference reduction failed its own check: ${proof.detail}` };
  const ref = r.basis.filter((row) => !isZeroRow(row));
  const mine = answer.filter((row) => !isZeroRow(row));
  if (mine.length !== ref.length) return { ok: false, detail: `the answer has ${mine.length} nonzero vectors; the lattice has rank ${ref.length}` };
  if (ref.length === 0) return { ok: true, detail: 'both are the zero lattice' };
  // Every nonzero answer vector a = x·ref with x integral: G·x = ref·aᵀ, G = ref·refᵀ.
  const g = gram(ref);
  const rhs = ref.map((row) => mine.map((a) => row.reduce((s, x, k) => s + x * a[k], 0n)));
  const { det, y } = solveScaled(g, rhs);
  for (let col = 0; col < mine.length; col++) {
    const x = y.map((row) => row[col]);
    if (x.some((v) => v % det !== 0n)) return { ok: false, detail: `answer vector ${answer.indexOf(mine[col])} is not an integer combination of the input vectors` };
    const coeffs = [x.map((v) => v / det)];
    const back = multiply(coeffs, ref)![0];
    if (back.some((v, k) => v !== mine[col][k])) return { ok: false, detail: `answer vector ${answer.indexOf(mine[col])} is not in the span of the input vectors` };
  }
  // Inside L(B) with the same rank; equal iff the Gram determinants (squared covolumes) agree.
  const { det: detMine } = solveScaled(gram(mine), mine.map(() => []));
  if (detMine !== det) return { ok: false, detail: `the answer spans a sublattice of index √(${detMine} / ${det}) > 1, not the whole lattice` };
  return { ok: true, detail: `same lattice: every answer vector is an integer combination of the input's, with the same rank (${ref.length}) and Gram determinant` };
}

/** Reducedness and the shortest vector of a basis (engine-ts verify.ts, exact). */
export { checkReduced, checkSameLattice };
