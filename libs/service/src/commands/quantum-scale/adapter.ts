import { SvcError } from '@svc/errors';
import {
  ANSWER_ENCODING, CERTAINTY, QUANTUM_SCALE_LIMITS, packSpinBits, type QuantumScaleInput, type ValidatedProblem,
} from '@svc/contracts';
import { type EngineResult } from '@svc/engine-ts';
import { forEachPlantedCoupling, plantedEnergyOf, plantedLayout, type PlantedIsingProblem } from '@svc/engine-ts/families/planted';
import { checkBinaryAnswer } from '../../internal/rescore';
import type { CommandAdapter, FinishedSolve } from '../adapter';
import { canonicalOrInvalid } from '../shared/qubo-family';

/**
 * quantum-scale: the engine generates the planted instance of (n, degree, instance_seed) itself
 * (engine-ts families/planted/generate.ts), so only those three numbers travel. The answer is checked
 * by regenerating the instance here and streaming its energy (O(edges) time, no graph in
 * memory, fine at n = 10^7); `planted floor` is claimed only when that re-score equals the
 * planted energy, which the construction proves to be the ground energy.
 */
export const quantumScaleAdapter: CommandAdapter = {
  command: 'quantum-scale',
  prepare(v) {
    const problem = plantedProblemOf(v);
    // Only the closed-form layout here (no random numbers): sizes for billing, nothing generated yet.
    const layout = canonicalOrInvalid(() => plantedLayout(problem.n, problem.degree, problem.instanceSeed));
    return {
      problem,
      terms: layout.edges,
      receiptProblem: { n: problem.n, degree: problem.degree, instance_seed: problem.instanceSeed },
      finish: (r, ctx) => finishQuantumScale(problem, r, ctx.deadlineFired),
    };
  },
};

/** The canonical problem of a validated request (defaults resolved). */
export function plantedProblemOf(v: ValidatedProblem): PlantedIsingProblem {
  const input = v.input as QuantumScaleInput;
  return {
    kind: 'planted-ising',
    n: v.n,
    degree: input.degree ?? QUANTUM_SCALE_LIMITS.defaultDegree,
    instanceSeed: input.instance_seed ?? QUANTUM_SCALE_LIMITS.defaultInstanceSeed,
  };
}

/** The independent check of an engine result and the answer fields. */
export function finishQuantumScale(p: PlantedIsingProblem, r: EngineResult, deadlineFired: boolean): FinishedSolve {
  const layout = plantedLayout(p.n, p.degree, p.instanceSeed);
  checkBinaryAnswer(r.answer, p.n);
  const energy = plantedEnergyOf(layout, r.answer);
  // Integer energies: the re-score must agree exactly.
  if (r.objective !== energy) throw fault(`engine energy ${r.objective} disagrees with the re-score ${energy}`);
  if (r.kind !== 'planted') throw fault(`engine returned a ${r.kind} result for quantum-scale`);
  if (r.plantedEnergy !== layout.plantedEnergy || r.edges !== layout.edges) {
    throw fault(`engine instance (planted energy ${r.plantedEnergy}, ${r.edges} edges) differs from the generator's (${layout.plantedEnergy}, ${layout.edges})`);
  }
  const floor = layout.plantedEnergy;
  if (energy < floor) throw fault(`energy ${energy} is below the proven floor ${floor}`);
  const reached = energy === floor;
  if (r.proof !== (reached ? 'planted' : null)) throw fault(`engine proof '${r.proof}' does not match the re-score (floor ${reached ? '' : 'not '}reached)`);
  const fields = {
    answer: packSpinBits(r.answer),
    answer_encoding: ANSWER_ENCODING,
    energy,
    planted_energy: floor,
    reached_floor: reached,
    edges: layout.edges,
    n: p.n,
    degree: p.degree,
    instance_seed: p.instanceSeed,
  };
  if (reached) {
    // A ground state is proven whatever stopped the search.
    return { fields, proof: 'planted', stoppedAtDeadline: false, certainty: CERTAINTY.planted };
  }
  return {
    fields,
    proof: null,
    stoppedAtDeadline: r.stoppedAtDeadline || deadlineFired,
    bound: floor,
    gap: (energy - floor) / Math.max(1, Math.abs(energy)),
  };
}

function fault(detail: string): SvcError {
  return new SvcError('SVC_ENGINE_FAILURE', detail);
}

/**
 * Every coupling [u, v, J] (J = ±1, energy Σ J s_u s_v) of the quantum-scale instance of
 * (n, degree, instanceSeed), for brute-force checks and tooling; O(edges) memory, so small n.
 */
export function plantedCouplingList(n: number, degree: number, instanceSeed: number): [number, number, number][] {
  const out: [number, number, number][] = [];
  forEachPlantedCoupling(plantedLayout(n, degree, instanceSeed), (u, v, j) => out.push([u, v, j]));
  return out;
}
