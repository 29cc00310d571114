import { SPEC_VERSION, TAG } from '@svc/contracts';
import type { Command } from '@svc/engine-ts';
import type { ServiceLimits } from './config';
import { MODEL_VERSION } from './versions';

/** Where the public agent card is served (interface §4 `{agent_card_path}`). */
export const AGENT_CARD_PATH = '/.well-known/svc-agent-card.json';

/**
 * The public agent card: what the service is, the zero-credential contract (the public sandbox
 * token, no signup), the live sandbox limits, and that solving never runs on the client.
 * `baseUrl` is the origin the card was requested at ('' keeps every link root-relative).
 */
export function agentCard(x: {
  readonly baseUrl: string;
  readonly limits: ServiceLimits;
  readonly sandboxRatePerMinute: number;
  readonly commands: readonly Command[];
  readonly engine: 'native' | 'ts';
}): Record<string, unknown> {
  const api = `${x.baseUrl}/api/v1`;
  const sb = x.limits.sandbox;
  return {
    schema_version: '1.0',
    name: 'svc decision solver',
    description: 'A remote solver for structured decision problems: send one JSON problem, get the answer, an honest certainty label, measured cost and a reproducible receipt.',
    tag: TAG,
    spec_version: SPEC_VERSION,
    model_version: MODEL_VERSION,
    api_base: api,
    solving: {
      runs_on: 'service',
      client_side_solving: false,
      statement: 'Solving always runs on the service, never on the client; clients only send problems and read answers.',
    },
    zero_credential_contract: {
      signup_required: false,
      token_endpoint: `${api}/sandbox`,
      token_is_secret: false,
      how: 'GET /api/v1/sandbox, then send "Authorization: Bearer <token>". The token is public by design and rotated from time to time.',
      on_rejected: 'SVC_SANDBOX_CAPABILITY_REJECTED (401): fetch the token again once and retry; never substitute a production key for it.',
      sandbox_limits: {
        max_n: sb.maxN,
        max_body_bytes: sb.bodyBytes,
        requests_per_minute_per_ip: x.sandboxRatePerMinute,
        daily_compute_units_per_ip: sb.dailyUnits,
        daily_reset: '00:00 UTC',
        requires_n: true,
      },
      beyond_the_sandbox: `POST ${api}/accounts with an email registers a free key (verify the emailed link before solving).`,
    },
    commands_available: [...x.commands],
    engine: x.engine,
    endpoints: {
      capabilities: `${api}/capabilities`,
      openapi: `${api}/openapi.json`,
      examples: `${api}/examples`,
      pricing: `${api}/pricing`,
      models: `${api}/models`,
      formulate: `${api}/formulate/{command}`,
      analyze: `${api}/analyze/{command}`,
      solve: `${api}/solve/{command}`,
      compute: `${api}/compute`,
      compute_binary: `${api}/compute/binary`,
      route: `${api}/route`,
      verify: `${api}/verify/{command}`,
      jobs: `${api}/jobs/{job_id}?wait=30`,
    },
    conventions: {
      errors: 'application/problem+json with a stable `code`, `retryable`, `retry_after` and `next_actions`; branch on code, never on prose.',
      heavy_solves: '202 {status: "queued", job_id, poll}: poll the job (the poll URL long-waits 30 s), never resubmit.',
      free_operations: ['analyze', 'estimate', 'preflight', 'route', 'verify', 'formulate', 'examples', 'capabilities', 'pricing', 'models'],
      idempotency: 'Idempotency-Key header: an identical retry replays the original answer.',
    },
  };
}
