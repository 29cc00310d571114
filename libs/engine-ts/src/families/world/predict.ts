/**
 * world predict (C++ core/world/predict.cc): the pose at time `at` from the last poses.
 *   velocity      the last two poses a, b: v = (p_b − p_a)/(t_b − t_a); p(at) = p_b + v·(at − t_b).
 *   acceleration  the last three a, b, c by Newton's divided differences: f_ab, f_bc, f_abc =
 *                 (f_bc − f_ab)/(t_c − t_a); v_c = f_bc + f_abc·(t_c − t_b); with Δ = at − t_c,
 *                 p(at) = p_c + v_c·Δ + f_abc·Δ², velocity v_c + 2·f_abc·Δ, acceleration 2·f_abc.
 * Each component (x, y, z, θ) on its own; θ is unwrapped along the poses used (each step taken
 * within (−π, π]) and the predicted θ wrapped back to (−π, π]. Running error bounds (rounding.ts).
 */
import type { Computed } from './kinematics';
import { wrapAngle } from './kinematics';
import type { WorldProblem } from './problem';
import { add, div, exact, mul, sub, type Err } from './rounding';

export function predictPose(p: WorldProblem): Computed {
  const P = p.poses!;
  const n = p.n;
  const model = p.model ?? (n >= 3 ? 'acceleration' : 'velocity');
  const used = model === 'acceleration' ? 3 : 2;
  const first = n - used;
  const t = Array.from({ length: used }, (_, j) => exact(P[5 * (first + j)]));
  const at = exact(p.at!);
  const out = new Float64Array(12);
  let tol = 0;
  for (let comp = 0; comp < 4; comp++) {
    let vals: Err[] = Array.from({ length: used }, (_, j) => exact(P[5 * (first + j) + 1 + comp]));
    if (comp === 3) {
      // Unwrap θ: each step within (−π, π].
      const un: Err[] = [vals[0]];
      for (let j = 1; j < used; j++) un.push(add(un[j - 1], wrapAngle(sub(vals[j], vals[j - 1]))));
      vals = un;
    }
    let pos: Err, vel: Err, acc: Err;
    if (used === 2) {
      vel = div(sub(vals[1], vals[0]), sub(t[1], t[0]));
      pos = add(vals[1], mul(vel, sub(at, t[1])));
      acc = exact(0);
    } else {
      const fab = div(sub(vals[1], vals[0]), sub(t[1], t[0]));
      const fbc = div(sub(vals[2], vals[1]), sub(t[2], t[1]));
      const fabc = div(sub(fbc, fab), sub(t[2], t[0]));
      const vc = add(fbc, mul(fabc, sub(t[2], t[1])));
      const dt = sub(at, t[2]);
      pos = add(add(vals[2], mul(vc, dt)), mul(fabc, mul(dt, dt)));
      vel = add(vc, mul(mul(exact(2), fabc), dt));
      acc = mul(exact(2), fabc);
    }
    if (comp === 3) pos = wrapAngle(pos);
    out[comp] = pos[0];
    out[4 + comp] = vel[0];
    out[8 + comp] = acc[0];
    tol = Math.max(tol, pos[1], vel[1], acc[1]);
  }
  return { answer: out, tolerance: tol, objective: Math.hypot(out[4], out[5], out[6]) };
}
