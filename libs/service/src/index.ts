export {
  createService, assertSolvable, assertKnownQuery,
  CERTIFIED, HEURISTIC, SOLVABLE_COMMANDS,
  type Service, type ServiceOptions, type SolveContext, type SolveEnvelope, type Observability,
  usageAlert, type HealthStatus, type SandboxInfo,
} from './service';
export { bearerToken, type Principal, type SandboxPrincipal } from './principal';
export { resolveLimits, intSetting, DEFAULT_LIMITS, MIB, type SandboxLimits, type ServiceLimits } from './config';
export { computeUnits, COMPUTE_UNITS_FORMULA, EFFORT_FACTORS, UNITS_BLOCK } from './compute-units';
export { receipt, receiptProblem, type ReceiptInput } from './receipt';
export { canonicalJson } from './canonical-json';
export { resolveVersion, MODEL_VERSION, MODEL_VERSIONS, VERSION_ALIASES, type ModelVersion } from './versions';
export { defaultWorkerFile } from './internal/solve-pool';
