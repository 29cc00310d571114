import { CERTAINTY, type InputOf } from '@svc/contracts';
import { REDUCE_DEFAULT_DELTA, sqrtToDouble } from '@svc/engine-ts/families/reduce';
import type { AnswerChecker, VerifyCheck } from '../command-module';
import { shortestOf } from './adapter';
import { checkReduced, inputBasis, readBasis, sameLatticeAs } from './rescore';

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
};
