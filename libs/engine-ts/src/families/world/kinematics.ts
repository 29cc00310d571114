/**
 * world kinematics (C++ core/world/kinematics.cc): every pose of a chain, with a bound on its
 * round-off computed alongside (rounding.ts for the planar chain).
 *   planar  pose 0 = base (x, y, θ); link i turns by its angle, then runs its length:
 *           θᵢ₊₁ = θᵢ + angleᵢ, (xᵢ₊₁, yᵢ₊₁) = (xᵢ, yᵢ) + lengthᵢ·(cos θᵢ₊₁, sin θᵢ₊₁); the reported θ is
 *           wrapped to (−π, π] (the sum is kept unwrapped).
 *   dh      frame 0 = identity; Tᵢ₊₁ = Tᵢ·Aᵢ, Aᵢ = Rz(θ)·Tz(d)·Tx(a)·Rx(α) = [[cθ, −sθcα, sθsα, a·cθ],
 *           [sθ, cθcα, −cθsα, a·sθ], [0, sα, cα, d]]; p ← p + R·t, then R ← R·A, each entry a sum in
 *           index order. Its bound is normwise (the rotations keep the errors additive).
 */
import type { WorldProblem } from './problem';
import { add, cos, exact, mul, sin, U, type Err } from './rounding';

const TWO_PI = 2 * Math.PI;
/** |2π − the double 2π| < this. */
const TWO_PI_ERROR = 2.5e-16;

/** θ wrapped to (−π, π] with its error bound. */
export function wrapAngle(t: Err): Err {
  const k = Math.round(t[0] / TWO_PI);
  let v = t[0] - k * TWO_PI;
  let kk = k;
  if (v <= -Math.PI) {
    v += TWO_PI;
    kk--;
  }
  if (v > Math.PI) {
    v -= TWO_PI;
    kk++;
  }
  return [v, t[1] + Math.abs(kk) * TWO_PI_ERROR + U * (Math.abs(t[0]) + Math.abs(v))];
}

export interface Computed {
  readonly answer: Float64Array;
  readonly tolerance: number;
  readonly objective: number;
}

export function planarChain(p: WorldProblem): Computed {
  const n = p.n;
  const L = p.links!;
  const base = p.base ?? new Float64Array(3);
  const out = new Float64Array((n + 1) * 3);
  let x = exact(base[0]), y = exact(base[1]), th = exact(base[2]);
  let tol = 0;
  const put = (i: number) => {
    const w = wrapAngle(th);
    out.set([x[0], y[0], w[0]], 3 * i);
    tol = Math.max(tol, x[1], y[1], w[1]);
  };
  put(0);
  for (let i = 0; i < n; i++) {
    th = add(th, exact(L[2 * i + 1]));
    const len = exact(L[2 * i]);
    x = add(x, mul(len, cos(th)));
    y = add(y, mul(len, sin(th)));
    put(i + 1);
  }
  return { answer: out, tolerance: tol, objective: Math.hypot(x[0] - base[0], y[0] - base[1]) };
}

export function dhChain(p: WorldProblem): Computed {
  const n = p.n;
  const D = p.links!;
  const out = new Float64Array((n + 1) * 12);
  // T as R (3×3, row-major) and the position; eR bounds ‖R̂ − R‖_F, eP bounds ‖p̂ − p‖₂ (normwise:
  // R stays orthogonal, so its errors add up along the chain instead of multiplying).
  const R = [1, 0, 0, 0, 1, 0, 0, 0, 1];
  const P = [0, 0, 0];
  let eR = 0, eP = 0;
  const g3 = (3 * U) / (1 - 3 * U);
  const put = (i: number) => out.set([P[0], P[1], P[2], ...R], 12 * i);
  put(0);
  for (let i = 0; i < n; i++) {
    const a = D[4 * i], alpha = D[4 * i + 1], d = D[4 * i + 2], theta = D[4 * i + 3];
    const ct = Math.cos(theta), st = Math.sin(theta), ca = Math.cos(alpha), sa = Math.sin(alpha);
    const A = [ct, -(st * ca), st * sa, st, ct * ca, -(ct * sa), 0, sa, ca];
    const t = [a * ct, a * st, d];
    // Each entry of A within 5u (cos/sin within 2u each, one product), ‖ΔA‖_F ≤ 15u; ‖Δt‖ ≤ 4u·|a|.
    const eA = 15 * U, eT = 4 * U * Math.abs(a), tn = Math.hypot(a, d);
    // P ← P + R·t
    for (let r = 0; r < 3; r++) P[r] = P[r] + (R[3 * r] * t[0] + R[3 * r + 1] * t[1] + R[3 * r + 2] * t[2]);
    eP = eP + (1 + eR) * eT + eR * tn + g3 * (Math.sqrt(3) + eR) * (tn + eT) + U * Math.sqrt(3) * Math.hypot(P[0], P[1], P[2]);
    // R ← R·A
    const N = new Array<number>(9);
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) N[3 * r + c] = R[3 * r] * A[c] + R[3 * r + 1] * A[3 + c] + R[3 * r + 2] * A[6 + c];
    for (let k = 0; k < 9; k++) R[k] = N[k];
    eR = eR * (1 + eA) + (1 + eR) * eA + g3 * (Math.sqrt(3) + eR) * (Math.sqrt(3) + eA);
    put(i + 1);
  }
  return { answer: out, tolerance: Math.max(eP, eR), objective: Math.hypot(P[0], P[1], P[2]) };
}
