import { ANSWER_ENCODING, CERTAINTY, unpackSpinBits } from '@svc/contracts';
import { plantedEnergyOf, plantedLayout } from '@svc/engine-ts/families/planted';
import type { AnswerChecker, VerifyCheck } from '../command-module';
import { plantedProblemOf } from './adapter';

/**
 * `POST /api/v1/verify/quantum-scale`: decodes the bits-base64 answer, regenerates the instance
 * and re-scores it; checks the declared energy, planted energy, edges, reached_floor, bound and
 * the `planted floor` claim (only a re-score equal to the planted energy supports it).
 */
export const quantumScaleChecker: AnswerChecker = {
  objectiveField: 'energy',
  minimise: true,
  check({ v, answer, declared }) {
    const p = plantedProblemOf(v);
    let x: Uint8Array;
    try {
      if (typeof answer !== 'string') throw new RangeError(`expected a ${ANSWER_ENCODING} string of ${(p.n + 7) >>> 3} bytes`);
      x = unpackSpinBits(answer, p.n);
    } catch (e) {
      return { checks: [{ name: 'answer_shape', ok: false, detail: e instanceof Error ? e.message : String(e) }], objective: null };
    }
    const layout = plantedLayout(p.n, p.degree, p.instanceSeed);
    const energy = plantedEnergyOf(layout, x);
    const floor = layout.plantedEnergy;
    const checks: VerifyCheck[] = [
      { name: 'answer_shape', ok: true, detail: `${p.n} spins, ${ANSWER_ENCODING}` },
      { name: 'objective_recomputed', ok: energy >= floor, detail: `energy = ${energy} recomputed from the regenerated instance (planted energy ${floor})` },
    ];
    const same = (name: string, field: string, want: unknown) => {
      const got = declared?.[field];
      if (got === undefined) return;
      const ok = got === want;
      checks.push({ name, ok, detail: ok ? `declared ${field} ${JSON.stringify(got)} matches` : `declared ${field} ${JSON.stringify(got)}, recomputed ${JSON.stringify(want)}` });
    };
    same('declared_objective', 'energy', energy);
    same('planted_energy', 'planted_energy', floor);
    same('edges', 'edges', layout.edges);
    same('reached_floor', 'reached_floor', energy === floor);
    if (typeof declared?.bound === 'number') {
      const ok = declared.bound <= energy;
      checks.push({ name: 'bound', ok, detail: ok ? `the declared bound ${declared.bound} is at most ${energy}` : `the declared bound ${declared.bound} exceeds the energy ${energy}` });
    }
    if (declared?.certainty === CERTAINTY.planted) {
      const ok = energy === floor;
      checks.push({ name: 'planted_floor', ok, detail: ok ? `the energy equals the planted energy ${floor}, the proven ground energy` : `energy ${energy} is above the planted energy ${floor}: not a ground state` });
    }
    return { checks, objective: energy };
  },
  // A planted instance is its own witness: its ground energy is known by construction.
  reference({ v }) {
    const p = plantedProblemOf(v);
    return plantedLayout(p.n, p.degree, p.instanceSeed).plantedEnergy;
  },
};
