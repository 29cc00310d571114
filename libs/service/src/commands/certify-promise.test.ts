/**
 * The free estimate's "yes, would certify" is a promise (preflight.ts `certifyOutlook`): over
 * random instances at and just past each command's sure cap, every problem the registry says is
 * surely certified is solved certified, and a size past the cap is never called sure. Each such
 * command's sizes and random bodies are in its folder (commands/<command>/promise-cases.ts).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LATEST_BUDGET_MODEL, solveSync, type Command, type Effort } from '@svc/engine-ts';
import { COMMAND_MODULES, sureCertificateOf } from './index';
import { adapterHarness } from '../../test/adapters';
import type { PromiseCases } from '../../test/promise-cases';

const { prepare } = adapterHarness('Check that a promised certificate is delivered.');
const HERE = dirname(fileURLToPath(import.meta.url));

/** Each promising command's cases, from its folder (commands/<command>/promise-cases.ts), or undefined. */
async function casesOf(command: Command): Promise<PromiseCases | undefined> {
  if (!existsSync(join(HERE, command, 'promise-cases.ts'))) return undefined;
  return ((await import(`./${command}/promise-cases.ts`)) as { PROMISE_CASES: PromiseCases }).PROMISE_CASES;
}

const promising = COMMAND_MODULES.filter((m) => m.certifiesSurely !== undefined).map((m) => m.command);
const CASES = new Map(await Promise.all(promising.map(async (c) => [c, await casesOf(c)] as const)));

describe('a sure certificate (the estimate\'s "yes") is always delivered', () => {
  it('every command that can promise a certificate has its cases (commands/<command>/promise-cases.ts)', () => {
    expect(promising.length).toBeGreaterThan(0);
    for (const c of promising) expect(CASES.get(c), `libs/service/src/commands/${c}/promise-cases.ts exports PROMISE_CASES`).toBeDefined();
  });

  for (const command of promising) {
    it(`${command}: at the sure cap the solve certifies; just past it nothing is promised`, () => {
      const effort: Effort = 'flash';
      let promised = 0;
      let refused = 0;
      const cases = CASES.get(command);
      for (const size of cases?.sizes ?? []) {
        for (let seed = 1; seed <= 2; seed++) {
          const prep = prepare(command, cases!.generate(size, 1000 * size + seed));
          const sure = sureCertificateOf(command, prep, effort, LATEST_BUDGET_MODEL);
          if (sure === null) {
            refused++;
            continue;
          }
          promised++;
          const r = solveSync({ command, problem: prep.problem, effort, seed, warmStart: prep.warmStart, model: LATEST_BUDGET_MODEL });
          const done = prep.finish(r, { deadlineFired: false });
          expect(done.proof, `${command} size ${size} seed ${seed}: promised (${sure.reason}) but heuristic`).not.toBeNull();
        }
      }
      // The sizes straddle the cap: some promised, some not.
      expect(promised).toBeGreaterThan(0);
      expect(refused).toBeGreaterThan(0);
    }, 120_000);
  }
});
