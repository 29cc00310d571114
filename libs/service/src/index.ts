export {
  createService, assertSolvable, assertKnownQuery,
  CERTIFIED, HEURISTIC, SOLVABLE_COMMANDS,
  type Service, type ServiceOptions,
  usageAlert, type HealthStatus, type SandboxInfo,
} from './service';
export type { SolveContext, SolveEnvelope, Observability } from './solve/types';
export { bearerToken, type Principal, type SandboxPrincipal } from './principal';
export { resolveLimits, intSetting, DEFAULT_LIMITS, MIB, type SandboxLimits, type ServiceLimits } from './config';
export { computeUnits, COMPUTE_UNITS_FORMULA, EFFORT_FACTORS, UNITS_BLOCK } from './compute-units';
export { receipt, type ReceiptInput } from './receipt';
export { receiptProblem } from './commands/shared/qubo-family';
export { canonicalJson } from './canonical-json';
export { resolveVersion, MODEL_VERSION, MODEL_VERSIONS, VERSION_ALIASES, type ModelVersion } from './versions';
export { defaultWorkerFile, readRss, RssSampler } from './solve/pool';
export { type Scope, type Action, type AccountPrincipal, SCOPES } from './principal';
export { createAccess, type Access, type SolveAdmission } from './access';
export { resolveAccessLimits, DEFAULT_ACCESS_LIMITS, ACCESS_LIMIT_ENV, type AccessLimits } from './limits/access-limits';
export { nextUtcMidnight, ALERT_THRESHOLDS } from './limits/usage-alert';
export { type Meter, type Charge, type UsageReport, type UsageEntry } from './limits/meter';
export { type AccountService, type Registration, type KeyView, type AccountView, normalizeEmail } from './accounts/account-service';
export { API_KEY_PREFIX } from './accounts/api-key';
export { type Mailer, type Mail } from './accounts/outbox';
export { type Idempotency, type IdempotentOutcome, requestFingerprint } from './idempotency';
export { type ResultCache, type CachedSolve, type CacheKeyInput } from './result-cache';
export { runAdmin, ADMIN_USAGE, type AdminIo } from './accounts/admin';
export { type ServiceExtras } from './service';
export { isQueued, type SolveOutcome } from './solve/types';
export { type AnalyzeReport } from './preflight';
export { type RouteReport } from './compute';
export { type Readiness } from './operations';
export { planSolve, type SolvePlan, type SolveRequest } from './solve/plan';
export {
  type JobService, type JobView, type JobProgress, type JobReader, type JobDone,
} from './jobs/job-service';
export type { QueuedAck } from './solve/types';
export { resolveJobLimits, DEFAULT_JOB_LIMITS, type JobLimits } from './jobs/job-config';
export { estimateWork, MS_PER_WORK, WORK_PER_UNIT_FALLBACK, type WorkEstimate } from './solve/work-model';
export {
  decodeSvcb, prepareSvcb, encodeSvcb, SVCB_MAGIC, SVCB_VERSION, SVCB_COMMANDS, SVCB_HEADER_BYTES, SVCB_CONTENT_TYPE,
  type DecodedSvcb, type SvcbProblem, type SvcbCommand,
} from './commands/shared/svcb';
export { routeProblem, splitComputeBody, SHAPES, type RouteCandidate, type ComputeContract } from './route-problem';
export {
  checkAnswer, verifyAnswer, CHECKERS, EXHAUSTIVE_RECHECK_MAX_N, type VerifyReport, type VerifyCheck, type AnswerChecker, type CheckInput,
} from './check-answer';
export { COMMAND_MODULES, ADAPTERS, exactCapsOf, type CommandModule, type FinishedSolve, type PreparedSolve } from './commands';
export { formulate, FORMULATE_TEMPLATES, type Worksheet, type WorksheetField } from './formulate';
export { EXAMPLES, examplesCatalogue, type Example } from './examples';
export { agentCard, AGENT_CARD_PATH } from './agent-card';
export {
  createMetrics, defaultProcessName, exposition, serveMetrics, PROMETHEUS_CONTENT_TYPE, SOLVE_BUCKETS, STORE_BUCKETS,
  type ServiceMetrics, type GaugeSample, type ScrapeGauge, type MetricsOptions, type MetricsServer,
} from './metrics';
export { measureStore } from './measured-store';
export { serveOperations, METRICS_REUSE_MS, OPS_MAX_CONNECTIONS, type OperationsServer } from './serve-operations';
export { RawJson } from './solve/raw-json';
export { setStageRecorder, stageMark, stageMarksOn, type StageRecorder } from './solve/stage-marks';
export { createDoor, CALL_OPTION_KEYS, type AdmittedSolve, type Door, type JobWatch, type Caller, type CallArgs, type VerifyArgs } from './door/door';
export { overCap, type BodyCaps } from './door/body-cap';
export type { PlanAnalysis } from './preflight-report';
export { BodyBudget, DEFAULT_BODY_BYTES_IN_FLIGHT, type BodyHold } from './door/body-budget';
export { createBodyChecker, DEFAULT_OFFLOOP_BODY_BYTES, DEFAULT_OFFLOOP_VERIFY_BYTES, DEFAULT_VERIFY_IN_FLIGHT, DEFAULT_VERIFY_DEADLINE_MS, type BodyChecker, type BodyCheckOptions } from './door/body-check-pool';
export { assertUtf8ContentType, firstInvalidUtf8, parseJson } from './door/json-body';
export { WireJson, isWireError, wire } from './door/wire-json';
export { createRedisClient, redisUrlFromEnv, redactRedisUrl, type RedisRole } from './distributed/redis-client';
export { createRedisLimits, type RedisLimitsOptions } from './distributed/redis-limits';
export { nodeLimits, memoryWindows, type SharedLimits, type WindowCounts } from './limits/shared-limits';
