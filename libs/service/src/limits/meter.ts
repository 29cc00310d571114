import { randomUUID } from 'node:crypto';
import { SvcError } from '@svc/errors';
import type { UsageAlert } from '@svc/contracts';
import { utcDay, type Store } from '@svc/store';
import type { AccessLimits } from './access-limits';
import type { Principal } from '../principal';
import { nextUtcMidnight, usageAlert } from './usage-alert';

/** A granted charge against today's allowance. */
export interface Charge {
  /** UTC day charged (refunds go to the same day). */
  readonly day: string;
  /** Units used today including this charge. */
  readonly used: number;
  readonly allowance: number;
  /** The hold this charge stays under until the call is settled (answered, queued or refunded). */
  readonly holdId: string;
}

/** One charged call, as `GET /api/v1/usage` lists it. */
export interface UsageEntry {
  kind: 'solve' | 'job';
  command: string;
  compute_units: number;
  receipt: string | null;
  job_id: string | null;
  cached: boolean;
  at: string;
}

/** `GET /api/v1/usage`. */
export interface UsageReport {
  principal: { kind: Principal['kind']; plan: string; account_id?: string; key_id?: string; ip?: string };
  day: string;
  daily_allowance: number;
  compute_units_used: number;
  compute_units_left: number;
  /** Charged calls today. */
  requests: number;
  resets_at: string;
  usage_alert?: UsageAlert;
  /** Thresholds crossed today, in order. */
  alerts: { level: string; used_pct: number; at: string }[];
  limits: { requests_per_minute: number; compute_units_per_minute: number };
  recent: UsageEntry[];
}

export interface Meter {
  /** Daily compute units of the principal's plan (sandbox: per IP). */
  allowanceOf(p: Principal): number;
  /**
   * Atomically charges `units` to today's allowance under a new hold (store.ts `ChargeHold`), or
   * throws 402 SVC_QUOTA_EXCEEDED (nothing charged).
   */
  charge(p: Principal, units: number): Promise<Charge>;
  /**
   * Records a charged call in the usage log and any alert threshold it crossed; returns the
   * `usage_alert` for the envelope (absent below 50 %).
   */
  settle(p: Principal, charge: Omit<Charge, 'holdId'>, entry: Omit<UsageEntry, 'at' | 'receipt' | 'job_id'> & { receipt?: string | null; job_id?: string | null }): Promise<UsageAlert | undefined>;
  report(p: Principal): Promise<UsageReport>;
}

const RECENT = 20;

export function createMeter(deps: { store: Store; clock: () => number; sandboxDailyUnits: number; access: AccessLimits }): Meter {
  const { store, clock, access } = deps;
  const allowanceOf = (p: Principal) => (p.kind === 'sandbox' ? deps.sandboxDailyUnits : access.freeDailyUnits);
  return {
    allowanceOf,
    async charge(p, units) {
      const now = clock();
      const day = utcDay(now);
      const allowance = allowanceOf(p);
      const holdId = randomUUID();
      const r = await store.consumeUnits(p.id, day, units, allowance, { holdId, createdAt: now });
      if (!r.granted) {
        const left = Math.max(0, allowance - r.used);
        throw new SvcError('SVC_QUOTA_EXCEEDED', `This call costs ${units} compute units but only ${left} of today's ${allowance} are left; the allowance resets at 00:00 UTC.`, {
          extensions: { compute_units: units, compute_units_left: left, resets_at: nextUtcMidnight(now) },
          // An anonymous caller has no plan to upgrade: its next step is a free key of its own.
          ...(p.kind === 'sandbox' ? { actions: ['register_key'] as const } : {}),
        });
      }
      return { day, used: r.used, allowance, holdId };
    },
    async settle(p, charge, entry) {
      const now = clock();
      await store.appendUsageLog({
        principal: p.id, at: now, kind: entry.kind, command: entry.command, units: entry.compute_units,
        receipt: entry.receipt ?? null, jobId: entry.job_id ?? null, cached: entry.cached,
      });
      const alert = usageAlert(charge.used, charge.allowance, now);
      if (alert) {
        // Every threshold at or below the current share counts as crossed (one charge may jump two).
        const pct = alert.used_pct;
        for (const level of ['notice', 'warning', 'critical'] as const) {
          await store.recordUsageAlert(p.id, charge.day, { level, usedPct: pct, at: now });
          if (level === alert.level) break;
        }
      }
      return alert;
    },
    async report(p) {
      const now = clock();
      const day = utcDay(now);
      const allowance = allowanceOf(p);
      const u = await store.usage(p.id, day);
      const alert = usageAlert(u.units, allowance, now);
      const principal: UsageReport['principal'] = p.kind === 'account'
        ? { kind: 'account', plan: p.plan, account_id: p.accountId, key_id: p.keyId }
        : { kind: 'sandbox', plan: 'sandbox', ip: p.ip };
      const report: UsageReport = {
        principal,
        day,
        daily_allowance: allowance,
        compute_units_used: u.units,
        compute_units_left: Math.max(0, allowance - u.units),
        requests: u.requests,
        resets_at: nextUtcMidnight(now),
        alerts: (await store.usageAlerts(p.id, day)).map((a) => ({ level: a.level, used_pct: a.usedPct, at: new Date(a.at).toISOString() })),
        limits: {
          requests_per_minute: p.kind === 'sandbox' ? access.sandboxRatePerMinute : access.keyRatePerMinute,
          compute_units_per_minute: access.computeUnitsPerMinute,
        },
        recent: (await store.recentUsageLog(p.id, RECENT)).map((e) => ({
          kind: e.kind === 'job' ? 'job' : 'solve',
          command: e.command,
          compute_units: e.units,
          receipt: e.receipt,
          job_id: e.jobId,
          cached: e.cached,
          at: new Date(e.at).toISOString(),
        })),
      };
      if (alert) report.usage_alert = alert;
      return report;
    },
  };
}
