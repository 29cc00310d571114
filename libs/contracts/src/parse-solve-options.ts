import { SvcError } from '@svc/errors';
import { DEFAULT_EFFORT, normalizeEffort, type Effort } from './effort';
import { LIMITS, VERSION_PATTERN } from './limits';
import { show, typeName } from './internal/issue';

/** Solve options from the query (or MCP/gRPC arguments). */
export interface SolveOptions {
  effort: Effort;
  /** Unsigned 32-bit; default 0. */
  seed: number;
  /** Wall-clock search budget in ms; 0 = none. */
  maxLatencyMs: number;
  /** The model version pin from the query or the body (they must agree). */
  version?: string;
  /** `certificate`: attached up to CERTIFICATE_FULL_CAP_BYTES (`full`) or never (`none`); absent: up to CERTIFICATE_CAP_BYTES. */
  certificate?: CertificateMode;
}

/** `?certificate=full|none`: how a solve attaches its certificate (absent: up to CERTIFICATE_CAP_BYTES). */
export type CertificateMode = 'full' | 'none';

/** The largest certificate attached by default (bytes of its JSON); `?certificate=full` lifts it to CERTIFICATE_FULL_CAP_BYTES. */
export const CERTIFICATE_CAP_BYTES = 1_000_000;
/** The largest certificate attached with `?certificate=full` (bytes of its JSON). */
export const CERTIFICATE_FULL_CAP_BYTES = 64 * 1024 * 1024;

/** Query parameters of `POST /api/v1/solve/<command>` (commands.md "Top-level fields"). */
export const SOLVE_QUERY_KEYS = ['effort', 'seed', 'max_latency_ms', 'version', 'certificate'] as const;

function bad(field: string, message: string): SvcError {
  return new SvcError('SVC_INVALID_INPUT', `${field}: ${message}`, { extensions: { field } });
}

function unsigned(value: unknown, field: string, max: number): number {
  let x: number;
  if (typeof value === 'number') {
    x = value;
  } else if (typeof value === 'string' && /^[0-9]{1,16}$/.test(value)) {
    x = Number(value);
  } else {
    throw bad(field, `expected a non-negative integer, got ${typeName(value)}`);
  }
  if (!Number.isInteger(x) || x < 0 || x > max) throw bad(field, `expected an integer in 0..${max}, got ${show(value)}`);
  return x;
}

/**
 * Parses the solve query: `effort` (flash|medium|high or an alias; default medium), `seed`
 * (u32, default 0), `max_latency_ms` (integer ms, 0 = none), `version`, `certificate` (full|none;
 * default: attached up to CERTIFICATE_CAP_BYTES). An unknown key is
 * 404 `SVC_UNSUPPORTED`; a bad value, or a body `version` that disagrees with the query one,
 * is `SVC_INVALID_INPUT`. Values may be strings (HTTP) or numbers (MCP, gRPC); absent
 * (undefined) values take the default.
 */
export function parseSolveOptions(query: Record<string, unknown>, bodyVersion?: string): SolveOptions {
  const q = query ?? {};
  for (const key of Object.keys(q)) {
    if (!(SOLVE_QUERY_KEYS as readonly string[]).includes(key)) {
      throw new SvcError('SVC_UNSUPPORTED', `unknown option ${show(key)}; supported: ${SOLVE_QUERY_KEYS.join(', ')}`, {
        extensions: { field: key },
      });
    }
  }
  let effort: Effort = DEFAULT_EFFORT;
  if (q.effort !== undefined) {
    if (typeof q.effort !== 'string') throw bad('effort', `expected flash, medium or high, got ${typeName(q.effort)}`);
    effort = normalizeEffort(q.effort);
  }
  const seed = q.seed === undefined ? 0 : unsigned(q.seed, 'seed', LIMITS.maxSeed);
  const maxLatencyMs = q.max_latency_ms === undefined ? 0 : unsigned(q.max_latency_ms, 'max_latency_ms', LIMITS.maxLatencyMs);
  let version: string | undefined;
  if (q.version !== undefined) {
    if (typeof q.version !== 'string' || !VERSION_PATTERN.test(q.version)) {
      throw bad('version', `expected a model version identifier, got ${typeName(q.version)}`);
    }
    version = q.version;
  }
  if (bodyVersion !== undefined) {
    if (version !== undefined && version !== bodyVersion) {
      throw bad('version', `the query version ${show(version)} disagrees with the body version ${show(bodyVersion)}`);
    }
    version = bodyVersion;
  }
  if (q.certificate !== undefined && q.certificate !== 'full' && q.certificate !== 'none') {
    throw bad('certificate', `expected full or none, got ${show(q.certificate)}`);
  }
  const out: SolveOptions = { effort, seed, maxLatencyMs };
  if (q.certificate !== undefined) out.certificate = q.certificate;
  if (version !== undefined) out.version = version;
  return out;
}
