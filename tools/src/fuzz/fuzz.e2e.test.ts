import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REGISTRY } from '@svc/contracts';
import { SOLVABLE_COMMANDS } from '@svc/service';
import { encodeSvcb } from '@svc/client';
import { svcSuite } from '../e2e/svc-cli-harness';
import { anyCase, binaryCase, type Json } from './cases';
import { binarySender, checkReply, jsonSender, FUZZ_SERVER } from './send';

// Bad input, systematically: mutations of every command's valid fixture (the contracts registry)
// through HTTP, SVCB and `svc`. Every case answers 2xx (the mutation left it valid) or a 4xx whose
// SVC_ code has that status; never a 5xx, a crash or a hang. `npm run fuzz:soak` runs 100,000.
const suite = svcSuite('svc-fuzz-', FUZZ_SERVER);
const SEED = Number(process.env.SVC_FUZZ_SEED ?? 20261124);
// Served commands (the rest answer 404 SVC_UNSUPPORTED, which the cross-transport test covers).
const fixtures = Object.fromEntries(SOLVABLE_COMMANDS.map((c) => [c, REGISTRY[c as keyof typeof REGISTRY].example as Json]));

describe('fuzzing the doors with bad input', () => {
  it('HTTP JSON: 2,500 mutated problems over every command, none answered 5xx', async () => {
    const send = jsonSender(suite.server.url);
    const tally = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(anyCase(fixtures), async (c) => {
        const r = await send(c);
        tally.set(r.status, (tally.get(r.status) ?? 0) + 1);
        checkReply(r, c.label);
      }),
      { numRuns: 2500, seed: SEED, endOnFailure: true },
    );
    // The mutations do reach the checks: most cases are refused, some stay valid.
    const refused = [...tally].filter(([s]) => s >= 400).reduce((a, [, k]) => a + k, 0);
    expect(refused).toBeGreaterThan(1500);
    expect((await fetch(`${suite.server.url}/healthz`)).status).toBe(200);
  }, 600_000);

  it('SVCB: 600 corrupted binary problems, none answered 5xx', async () => {
    const valid = [
      encodeSvcb('maxcut', { description: 'Split five offices into two teams to maximise links.', n: 5, edges: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 4, 1], [4, 0, 1]] }),
      encodeSvcb('optimize', { description: 'Choose which of four sites to open at least cost.', n: 4, linear: { 0: -3, 2: 5 }, quadratic: [[0, 1, 2], [1, 3, -4], [2, 3, 1]] }),
    ].map((e) => {
      if (!e.ok) throw new Error(e.reason);
      return e.bytes;
    });
    const send = binarySender(suite.server.url);
    await fc.assert(
      fc.asyncProperty(binaryCase(valid), async (c) => checkReply(await send(c.body), c.label)),
      { numRuns: 600, seed: SEED, endOnFailure: true },
    );
  }, 300_000);

  it('svc: 40 mutated problem files end with exit 0, 2 or 3 and a problem document, never a crash', async () => {
    const cases = fc.sample(anyCase(fixtures).filter((c) => c.contentType === 'application/json'), { numRuns: 40, seed: SEED });
    for (const [k, c] of cases.entries()) {
      const file = join(suite.work, `case-${k}.json`);
      writeFileSync(file, c.body);
      const run = await suite.svc(['--format', 'json', 'solve', c.command, '--input', file, '--effort', 'flash', '--max-latency-ms', '100']);
      expect([0, 2, 3], `${c.label}\n${run.stdout}${run.stderr}`).toContain(run.code);
      if (run.code !== 0) expect(`${run.stdout}${run.stderr}`).toMatch(/SVC_[A-Z_]+/);
    }
  }, 300_000);
});
