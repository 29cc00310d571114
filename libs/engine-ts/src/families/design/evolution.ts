/**
 * design: the hybrid evolutionary search of Galinier and Hao for colourings (step 3 of solve.ts's
 * specification; libs/engine-native/src/core/design/evolution.cc follows it step for step).
 */
import { Limits } from '../../kernels/model';
import { Prng } from '../../prng';
import type { DesignProblem } from './problem';
import { type Work, type Adjacency } from './model';
import { tabuSearch } from './tabu';

/** Answers kept by the evolutionary search. */
const POPULATION = 10;

/**
 * The hybrid evolutionary search of Galinier and Hao for colourings (interchangeable values): a
 * population of POPULATION tabu-searched answers; each generation crosses two random parents by
 * GPX (the largest remaining value class of each parent in turn becomes the child's next value, the
 * rest random), runs the tabu search from the child (4·sites iterations, 10·sites every other
 * generation), and puts it in place of the worse parent; until the target, the iteration or work
 * budget, or a limit.
 */
export function evolve(
  p: DesignProblem, adj: Adjacency, hard: Int32Array, x: Int32Array, iters: number, workCap: number,
  target: number, tol: number, rowMin: Float64Array, rng: Prng, limits: Limits, work: Work,
): void {
  const K = p.K;
  const h = hard.length;
  // Tabu iterations per individual: 4 per site, then 4 and 10 per site in turn.
  let L = 4 * h;
  const pop: Int32Array[] = [];
  const fit: number[] = [];
  let usedIters = 0;
  let usedWork = 0;
  const load = (vals: Int32Array): void => {
    for (let t = 0; t < h; t++) x[hard[t]] = vals[t];
  };
  const run = (): number => {
    const before = work.iterations;
    const r = tabuSearch(p, adj, hard, x, Math.min(L, iters - usedIters), workCap - usedWork, target, tol, rowMin, rng, limits, work);
    usedIters += work.iterations - before;
    usedWork += r.spent;
    return r.energy;
  };
  const save = (): Int32Array => Int32Array.from(hard, (s) => x[s]);
  let bestK = 0;
  const finish = (): void => load(pop[bestK]);
  for (let k = 0; k < POPULATION; k++) {
    if (k > 0) for (let t = 0; t < h; t++) x[hard[t]] = rng.nextInt(K);
    const e = run();
    pop.push(save());
    fit.push(e);
    if (e < fit[bestK]) bestK = k;
    if (e <= target + tol || limits.stopped !== null || usedIters >= iters || usedWork > workCap) return finish();
  }
  const child = new Int32Array(h);
  const taken = new Uint8Array(h);
  const size = new Int32Array(K);
  while (usedIters < iters && usedWork <= workCap && limits.stopped === null) {
    const a = rng.nextInt(POPULATION);
    let c = rng.nextInt(POPULATION - 1);
    if (c >= a) c++;
    taken.fill(0);
    for (let l = 0; l < K; l++) {
      const par = l % 2 === 0 ? pop[a] : pop[c];
      size.fill(0);
      for (let t = 0; t < h; t++) if (!taken[t]) size[par[t]]++;
      let v = 0;
      for (let w = 1; w < K; w++) if (size[w] > size[v]) v = w;
      if (size[v] === 0) break;
      for (let t = 0; t < h; t++) {
        if (!taken[t] && par[t] === v) {
          child[t] = l;
          taken[t] = 1;
        }
      }
    }
    for (let t = 0; t < h; t++) if (!taken[t]) child[t] = rng.nextInt(K);
    load(child);
    work.restarts++;
    L = (work.restarts % 2 === 0 ? 4 : 10) * h;
    const e = run();
    const worse = fit[a] >= fit[c] ? a : c;
    pop[worse] = save();
    fit[worse] = e;
    if (e < fit[bestK] || worse === bestK) {
      bestK = 0;
      for (let k = 1; k < POPULATION; k++) if (fit[k] < fit[bestK]) bestK = k;
    }
    if (e <= target + tol) break;
  }
  finish();
}
