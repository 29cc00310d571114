import { describe, expect, it } from 'vitest';
import { envelopeSchema } from './envelope';
import { outputSchemas, responseSchemas } from './schemas';
import { CERTAINTY } from './limits';
import { TAG } from './catalogue';

const envelope = {
  certainty: CERTAINTY.certified,
  receipt: `svcr_${'ab'.repeat(32)}`,
  compute_units: 1.5,
  compute_units_left: 49_998.5,
  elapsed_ms: 3.2,
  peak_rss_kb: 51_200,
  observability: { queue_ms: 0, compute_ms: 3.2, total_ms: 4 },
  tag: TAG,
  version: 'stable',
  engine: 'ts',
};

describe('success bodies', () => {
  it('an optimize response parses, with and without the optional envelope fields', () => {
    const body = { ...envelope, answer: [1, 0, 1], energy: -2.5, n: 3 };
    expect(responseSchemas.optimize.parse(body)).toMatchObject(body);
    const full = {
      ...body, latency_budget_ms: 100, stopped_at_deadline: false, proof: 'exhaustive',
      usage_alert: { level: 'notice', used_pct: 51, compute_units_left: 24_000, message: 'half used', agent_fix_prompt: 'slow down' },
      bound: -3, gap: 0.2,
    };
    expect(responseSchemas.optimize.safeParse(full).success).toBe(true);
    expect(responseSchemas.optimize.safeParse({ ...full, proof: null }).success).toBe(true);
  });

  it('every command has answer fields on top of the envelope', () => {
    const answers = {
      rules: { answer: [0, 1], energy: 1, violations: 0 },
      optimize: { answer: [0], energy: 0, n: 1 },
      maxcut: { answer: [0, 1], cut_value: 2 },
      milp: { answer: [1, 0.5], objective: -1.25, objective_decimal: '-1.25' },
      tsp: { answer: [0, 2, 1], length: 12 },
      qap: { answer: [2, 0, 1], cost: 40 },
      design: { answer: [0, 2, 1], energy: -3 },
      select: { answer: [0, 3], value: 4.5, count: 2 },
      rank: { answer: ['b', 'a'], disagreements: 1 },
    } as const;
    for (const [c, a] of Object.entries(answers) as [keyof typeof answers, object][]) {
      expect(responseSchemas[c].safeParse({ ...envelope, ...a }).success, c).toBe(true);
      expect(outputSchemas[c].safeParse({ ...a, certainty: CERTAINTY.heuristic, receipt: envelope.receipt }).success, c).toBe(true);
      expect(responseSchemas[c].safeParse({ ...envelope }).success, `${c} without answer`).toBe(false);
    }
  });

  it.each([
    ['tag', 'other'],
    ['engine', 'gpu'],
    ['receipt', 'svcr_xyz'],
    ['compute_units', -1],
    ['peak_rss_kb', 1.5],
    ['observability', { queue_ms: 0 }],
    ['proof', 'guess'],
  ])('rejects a bad %s', (k, v) => {
    expect(envelopeSchema.safeParse({ ...envelope, [k]: v }).success).toBe(false);
  });

  it('keeps unknown envelope keys (forward compatible)', () => {
    expect(envelopeSchema.parse({ ...envelope, mode: 'live' }).mode).toBe('live');
  });
});
