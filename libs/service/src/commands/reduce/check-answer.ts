import { CERTAINTY, type InputOf } from '@svc/contracts';
import { REDUCE_DEFAULT_DELTA, sqrtToDouble } from '@svc/engine-ts/families/reduce';
import type { AnswerChecker, VerifyCheck } from '../command-module';
import { shortestOf } from './adapter';
import { checkReduced, inputBasis, readBasis, RECHECK_MAX_WORK, recheckWork, sameLatticeAs } from './rescore';
import { SvcError } from '@svc/errors';

/**
 * reduce: the caller's answer is a basis (rows of integers, zero vectors first) that is LLL-reduced
 * with the problem's delta, exactly, and spans the same lattice as the input (rescore.ts
 * sameLatticeAs: any valid reduced basis passes, not only the one the engines give). The objective
 * is the norm of its shortest nonzero vector.
 */
export const reduceChecker: AnswerChecker = {
  objectiveField: 'shortest_norm',
  minimise: true,
  check({ v, answer, declared }) {
    const input = v.input as InputOf<'reduce'>;
    const b = inputBasis(input.basis);
    const work = recheckWork(b);
    if (work > RECHECK_MAX_WORK) {
      throw new SvcError('SVC_DIMENSION_LIMIT', `verify re-checks a reduce answer exactly on the service's thread up to a size measure of ${RECHECK_MAX_WORK.toExponential(0)} (rows³ · (bits + 10·rows)²); this basis measures ${work.toExponential(1)}: fewer vectors or smaller entries (a solve checks its own answer at any size)`, {
        extensions: { field: 'problem.basis' },
      });
    }
    const delta = input.delta ?? REDUCE_DEFAULT_DELTA;
    const read = readBasis(answer, b.length, b[0].length);
    const checks: VerifyCheck[] = [{ name: 'answer_shape', ok: read.basis !== null, detail: read.detail }];
    if (read.basis === null) return { checks, objective: null };
    const reduced = checkReduced(read.basis, delta);
    checks.push({ name: 'lll_reduced', ok: reduced.ok, detail: reduced.detail });
    const same = sameLatticeAs(b, read.basis);
    checks.push({ name: 'same_lattice', ok: same.ok, detail: same.detail });
    const shortest = shortestOf(read.basis);
    if (declared?.rank !== undefined) {
      const rank = read.basis.filter((row) => row.some((x) => x !== 0n)).length;
      const ok = declared.rank === rank;
      checks.push({ name: 'rank', ok, detail: ok ? `rank ${rank}` : `declared rank ${JSON.stringify(declared.rank)}, the answer has ${rank} nonzero vectors` });
    }
    if (declared?.shortest_norm_squared !== undefined) {
      const ok = declared.shortest_norm_squared === shortest.squared.toString();
      checks.push({ name: 'shortest_norm_squared', ok, detail: ok ? `${shortest.squared}` : `declared ${JSON.stringify(declared.shortest_norm_squared)}, the answer's shortest nonzero vector has squared norm ${shortest.squared}` });
    }
    if (declared?.certainty !== undefined && declared.certainty !== CERTAINTY.operationExact) {
      checks.push({ name: 'certainty', ok: false, detail: `reduce answers are labelled '${CERTAINTY.operationExact}', not ${JSON.stringify(declared.certainty)}` });
    }
    return { checks, objective: sqrtToDouble(shortest.squared) };
  },
  // The norm of the lattice's shortest nonzero vector λ1, by enumeration over the input basis (small instances).
  reference({ v }) {
    const input = v.input as InputOf<'reduce'>;
    const sq = shortestByEnumeration(inputBasis(input.basis));
    return sq === null ? null : sqrtToDouble(sq);
  },
};

/**
 * λ1² of the lattice of an independent basis of at most 10 vectors with entries below 2^20, by
 * Fincke–Pohst enumeration (Gram–Schmidt in doubles, radius the shortest input vector, a relative
 * slack of 1e-9 so round-off never prunes a candidate; each candidate's squared norm is computed
 * exactly from its integer coefficients). Null beyond those sizes, for a dependent basis, or past
 * 10^6 nodes.
 */
export function shortestByEnumeration(b: bigint[][]): bigint | null {
  const n = b.length;
  if (n > 10 || b.some((r) => r.some((x) => (x < 0n ? -x : x) >= 1n << 20n))) return null;
  const rows = b.map((r) => r.map(Number));
  const dot = (x: number[], y: number[]) => x.reduce((s, xi, i) => s + xi * y[i], 0);
  const star: number[][] = [];
  const norm: number[] = [];
  const mu: number[][] = rows.map(() => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    let v = rows[i].slice();
    for (let j = 0; j < i; j++) {
      mu[i][j] = dot(rows[i], star[j]) / norm[j];
      v = v.map((x, t) => x - mu[i][j] * star[j][t]);
    }
    star.push(v);
    norm.push(dot(v, v));
    if (!(norm[i] > 1e-9 * Math.max(1, dot(rows[i], rows[i])))) return null;
  }
  let best = rows.reduce((m, r) => Math.min(m, dot(r, r)), Infinity);
  let bestExact: bigint | null = null;
  const coeff = new Array<number>(n).fill(0);
  let nodes = 0;
  const exactNorm = (): bigint => {
    let s = 0n;
    for (let t = 0; t < b[0].length; t++) {
      let x = 0n;
      for (let i = 0; i < n; i++) if (coeff[i] !== 0) x += BigInt(coeff[i]) * b[i][t];
      s += x * x;
    }
    return s;
  };
  // Depth-first from the last vector: coeff[k] ranges where the partial squared length stays under best.
  const visit = (k: number, partial: number): boolean => {
    if (++nodes > 1e6) return false;
    let c = 0;
    for (let j = k + 1; j < n; j++) c -= coeff[j] * mu[j][k];
    const room = Math.sqrt(Math.max(0, (best * (1 + 1e-9) - partial) / norm[k]));
    for (let x = Math.ceil(c - room); x <= Math.floor(c + room); x++) {
      coeff[k] = x;
      const p = partial + (x - c) * (x - c) * norm[k];
      if (p > best * (1 + 1e-9)) continue;
      if (k > 0) {
        if (!visit(k - 1, p)) return false;
      } else if (coeff.some((y) => y !== 0)) {
        const e = exactNorm();
        if (bestExact === null || e < bestExact) {
          bestExact = e;
          best = Math.min(best, Number(e));
        }
      }
    }
    coeff[k] = 0;
    return true;
  };
  if (!visit(n - 1, 0)) return null;
  return bestExact;
}
