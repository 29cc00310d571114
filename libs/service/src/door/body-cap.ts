import { SvcError } from '@svc/errors';

/** Byte caps for one request: the plan's cap and the server's absolute cap. */
export interface BodyCaps {
  readonly plan: number;
  readonly absolute: number;
  /** The sandbox's cap is lifted by registering; a key's only by the binary lane or a bigger plan. */
  readonly sandbox?: boolean;
}

/** 413 for a body of `size` bytes (at least) over one of the caps, else null. Every door measures with it. */
export function overCap(size: number, caps: BodyCaps): SvcError | null {
  if (size > caps.absolute) {
    return new SvcError('SVC_RESOURCE_LIMIT', `The body is larger than the server's absolute limit of ${caps.absolute} bytes.`, {
      extensions: { limit_bytes: caps.absolute },
    });
  }
  if (size > caps.plan) {
    const remedy = caps.sandbox ? 'register a free key for a larger cap, or use the binary lane' : 'use the binary lane, shrink the problem, or upgrade the plan';
    return new SvcError('SVC_PAYLOAD_TOO_LARGE', `The JSON body is larger than this plan's cap of ${caps.plan} bytes; ${remedy}.`, {
      extensions: { limit_bytes: caps.plan },
      actions: caps.sandbox ? ['register_key', 'use_binary_lane', 'reduce_problem_size'] : ['use_binary_lane', 'reduce_problem_size', 'upgrade_plan'],
    });
  }
  return null;
}
