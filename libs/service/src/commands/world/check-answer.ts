import type { AnswerChecker, VerifyCheck } from '../command-module';
import { toleranceOf } from '../shared/numeric-certainty';
import { worldFindings } from './adapter';
import type { WorldInputJson } from './rescore';

/**
 * `POST /api/v1/verify/world`: the answer (the op's `answer`, or a result document with its other
 * fields) recomputed by the service's own code (rescore.ts) within its tolerance (the document's
 * `tolerance`, its certainty text's, else 1e-9 relative): every pose (and every planar link recovered
 * from consecutive poses), height, normal and slope, predicted pose, velocity and acceleration; the
 * neighbours checked for order, distances and exactness against brute force. The objective is the
 * op's summary recomputed here (reach, highest point, sum of distances, speed).
 */
export const worldChecker: AnswerChecker = {
  objectiveField: 'objective',
  minimise: false,
  check({ v, answer, declared }) {
    const w = v.input as WorldInputJson;
    const tol = typeof declared?.tolerance === 'number' ? declared.tolerance : (toleranceOf(declared?.certainty) ?? 0);
    const fields: Record<string, unknown> = { ...(declared ?? {}), answer };
    try {
      const { findings, objective } = worldFindings(w, fields, tol);
      const checks: VerifyCheck[] = findings.map((f) => ({ ...f }));
      if (typeof declared?.objective === 'number' && objective !== null) {
        const ok = Math.abs(declared.objective - objective) <= 1e-9 * (1 + Math.abs(objective)) + 2 * tol;
        checks.push({ name: 'declared_objective', ok, detail: ok ? `declared objective ${declared.objective} matches` : `declared objective ${declared.objective}, recomputed ${objective}` });
      }
      return { checks, objective };
    } catch (e) {
      return { checks: [{ name: 'answer_shape', ok: false, detail: `the answer does not have the shape of a ${w.op} answer (${e instanceof Error ? e.message : String(e)})` }], objective: null };
    }
  },
};
