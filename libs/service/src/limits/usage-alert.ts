import type { UsageAlert } from '@svc/contracts';

/** ISO instant of the next 00:00 UTC after `epochMs` (when daily allowances reset). */
export function nextUtcMidnight(epochMs: number): string {
  const d = new Date(epochMs);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1)).toISOString();
}

/** Alert levels and the share of the daily allowance at which each starts (interface §2.3). */
export const ALERT_THRESHOLDS: ReadonlyArray<{ readonly level: UsageAlert['level']; readonly share: number }> = Object.freeze([
  { level: 'notice', share: 0.5 },
  { level: 'warning', share: 0.8 },
  { level: 'critical', share: 0.95 },
]);

/**
 * The in-band budget signal past 50 % of the daily allowance (interface §8):
 * notice above 50 %, warning from 80 %, critical from 95 %.
 */
export function usageAlert(used: number, limit: number, now: number): UsageAlert | undefined {
  if (limit <= 0 || used <= limit / 2) return undefined;
  const share = used / limit;
  const level = share >= 0.95 ? 'critical' : share >= 0.8 ? 'warning' : 'notice';
  const left = Math.max(0, limit - used);
  return {
    level,
    used_pct: Math.round(share * 1000) / 10,
    compute_units_left: left,
    message: `${Math.round(share * 100)}% of today's ${limit} compute units are used; ${left} left until ${nextUtcMidnight(now)}.`,
    agent_fix_prompt: 'Tell the human operator that the daily compute allowance is running low; prefer lower effort or smaller problems, and never rotate keys or tokens to evade the limit.',
  };
}
