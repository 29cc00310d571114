import { EFFORTS, normalizeEffort } from '@svc/client';
import { SvcError } from '@svc/errors';
import { nameList, nonNegativeInteger, oneOf, type FlagSpec } from './args';
import { FORMATS } from './render';

function parseEffort(raw: string): string {
  const e = normalizeEffort(raw);
  if (!e) throw new SvcError('SVC_CLIENT', `--effort must be one of ${EFFORTS.join(', ')} (aliases low, med, max), got "${raw}".`);
  return e;
}

/** Output flags every command accepts (interface §4 "CLI global flags"). */
export const GLOBAL_FLAGS: readonly FlagSpec[] = [
  { name: 'format', value: FORMATS.join('|'), description: 'human summary (default), the raw JSON document, or {problem, result|error}', parse: oneOf('format', FORMATS) },
  { name: 'out', value: 'FILE', description: 'write the full response (JSON) to FILE and print a summary' },
  { name: 'fields', value: 'a,b', description: 'keep only these top-level keys of a result (errors are never masked)', parse: nameList('fields') },
  { name: 'compact', description: 'drop heavy internals (observability, schemas) and truncate arrays to 20 items' },
  { name: 'help', short: 'h', description: 'show help' },
  { name: 'version', description: 'print the svc version' },
];

export const INPUT_FLAG: FlagSpec = { name: 'input', value: 'FILE', description: 'read the JSON from FILE (`-` or absent: stdin)' };

/** Query options of a solve and its preflights. */
export const QUERY_FLAGS: readonly FlagSpec[] = [
  { name: 'effort', value: 'LEVEL', description: 'flash | medium | high (aliases low, med → medium; max → high)', parse: parseEffort },
  { name: 'seed', value: 'INT', description: 'seed for reproducibility (default 0)', parse: nonNegativeInteger('seed') },
  { name: 'max-latency-ms', value: 'INT', description: 'wall-clock budget of the whole call in ms (within it plus max(200 ms, 3 %)); 0 means none', parse: nonNegativeInteger('max-latency-ms') },
  { name: 'model', value: 'VERSION', description: 'pin a model version (`svc models` lists them)' },
];

/** Following a queued job. */
export const WAIT_FLAGS: readonly FlagSpec[] = [
  { name: 'no-wait', description: 'do not follow a queued job: print its id and exit 0' },
  { name: 'wait-timeout', value: 'SECONDS', description: 'how long to follow a queued job (default 600)', parse: nonNegativeInteger('wait-timeout') },
];

/** What a solve adds to the query options. */
export const SOLVE_ONLY_FLAGS: readonly FlagSpec[] = [
  { name: 'binary', description: 'optimize/maxcut with integer weights: send SVCB to /api/v1/compute/binary (else JSON)' },
  { name: 'dry-run', description: 'free preflight: validity, estimate and the exact request; nothing is solved' },
  { name: 'max-compute-units', value: 'N', description: 'estimate first; refuse (SVC_BUDGET_EXCEEDED) when over N; fail closed', parse: nonNegativeInteger('max-compute-units') },
  { name: 'certificate', value: 'full|none', description: 'the answer\'s proof (docs/certificates.md): attached up to 1 MB by default, up to 64 MiB with full, never with none', parse: oneOf('certificate', ['full', 'none']) },
  ...WAIT_FLAGS,
  { name: 'idempotency-key', value: 'KEY', description: 'Idempotency-Key of the solve (default a fresh UUID; resend to replay)' },
];

export const SOLVE_FLAGS: readonly FlagSpec[] = [INPUT_FLAG, ...QUERY_FLAGS, ...SOLVE_ONLY_FLAGS];

/** The solve flags interface §4 lists among the CLI's global flags (`svc --help` lists them there). */
export const GLOBAL_SOLVE_FLAGS: readonly FlagSpec[] = SOLVE_FLAGS.filter((f) =>
  ['effort', 'seed', 'max-latency-ms', 'input', 'model', 'binary', 'dry-run', 'max-compute-units', 'no-wait'].includes(f.name));
