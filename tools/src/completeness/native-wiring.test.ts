import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOT_AVAILABLE_COMMANDS, SERVED_COMMANDS, validateProblem, REGISTRY } from '@svc/contracts';
import { nativeBudgetOf, newCancelSignal, problemKindOf, type CanonicalProblem, type Command } from '@svc/engine-ts';
import { createNativeEngine, loadNativeAddon } from '@svc/engine-native';
import { describeNative } from '@svc/engine-native/testing';
import { COMMAND_MODULES } from '@svc/service';
import { ROOT } from '../e2e/svc-cli-harness';
import { CORE_DIR, coreFolderRegistering, errorChain, missingEntryHint, nativeFailureHint, nativeWiring } from './native-wiring';

// The completeness test's messages when the native engine does not answer: they name the file to
// fix. Here on the real tree and, with the addon, on the real binding's errors.

/** A command not served yet that no entries.h names and no core folder is named after (from the catalogue, never a fixed name). */
const UNWIRED = NOT_AVAILABLE_COMMANDS.find((c) => coreFolderRegistering(ROOT, c) === null && !existsSync(join(ROOT, CORE_DIR, c))) as Command | undefined;
const UNWIRED_SKIP = 'every command is served or wired natively: no command left to play the unwired one';

describe('where a command is wired natively', () => {
  it('every served command is found in a core/<folder>/entries.h, paired with its engine-ts family folder', () => {
    for (const c of SERVED_COMMANDS as readonly Command[]) {
      const w = nativeWiring(ROOT, c, problemKindOf(c));
      expect(w.registered, c).toBe(true);
      expect(w.coreFolder, c).toBe(w.tsFolder);
    }
    expect(nativeWiring(ROOT, 'maxcut', 'maxcut')).toEqual({ tsFolder: 'qubo', coreFolder: 'qubo', registered: true });
    expect(nativeWiring(ROOT, 'quantum-scale', 'planted-ising')).toEqual({ tsFolder: 'planted', coreFolder: 'planted', registered: true });
  });

  it.runIf(UNWIRED !== undefined)(`a command no entries.h names: the hint names the entries.h and the line to add${UNWIRED === undefined ? ` (SKIPPED: ${UNWIRED_SKIP})` : ''}`, () => {
    // A family that exists (qap) with a command it does not register yet, and a brand-new family.
    const c = UNWIRED!;
    const joined = missingEntryHint(ROOT, c, { tsFolder: 'qap', coreFolder: 'qap', registered: false });
    expect(joined).toContain(`add its line Entry<…>("${c}") to kEntries_qap in libs/engine-native/src/core/qap/entries.h`);
    expect(joined).not.toContain('a new file');
    const fresh = missingEntryHint(ROOT, c, nativeWiring(ROOT, c, undefined));
    expect(fresh).toContain(`libs/engine-native/src/core/${c}/entries.h (a new file`);
    expect(fresh).toContain('TS_ONLY_COMMANDS (libs/engine-native/src/create-engine.ts)');
  });
});

describeNative('the hints on the real binding errors', () => {
  const native = () => createNativeEngine()!;
  const prepared = (c: Command): CanonicalProblem => {
    const m = COMMAND_MODULES.find((x) => x.command === c)!;
    const { version: _pin, ...body } = REGISTRY[c as keyof typeof REGISTRY].example as Record<string, unknown>;
    return m.adapter.prepare(validateProblem(c, body, { sandbox: false })).problem;
  };
  // The addon throws a TypeError at once on badly shaped arguments, and rejects on a failed solve.
  const failure = async (f: () => Promise<unknown>): Promise<string> => {
    try {
      await f();
      return 'no error';
    } catch (e) {
      return errorChain(e);
    }
  };

  it('a record naming a field the canonical problem does not carry: problem.h and the engine-ts problem.ts', async () => {
    const p = prepared('qap') as unknown as Record<string, unknown>;
    const { flow: _dropped, ...withoutFlow } = p;
    const error = await failure(() => native().solve({ command: 'qap', problem: withoutFlow as unknown as CanonicalProblem, effort: 'medium', seed: 0 }));
    expect(error).toMatch(/qap problem needs flow/);
    const hint = nativeFailureHint(ROOT, 'qap', nativeWiring(ROOT, 'qap', 'qap'), error);
    expect(hint).toContain('the WireField "flow" in libs/engine-native/src/core/qap/problem.h');
    expect(hint).toContain('libs/engine-ts/src/families/qap/problem.ts');
  });

  it('a budget without a number its BudgetField records read: the family.ts nativeBudget and solve.h', async () => {
    const problem = prepared('tsp');
    const nb = nativeBudgetOf(problem, { command: 'tsp', problem, effort: 'medium', seed: 0 });
    const { dpMaxN: _dropped, ...family } = nb.family as Record<string, unknown>;
    const error = await failure(() => loadNativeAddon().addon!.solve('tsp', problem, { seed: 0, deadlineMs: 0, warmStart: null, family }, newCancelSignal().flag));
    expect(error).toMatch(/tsp budget needs dpMaxN/);
    const hint = nativeFailureHint(ROOT, 'tsp', nativeWiring(ROOT, 'tsp', 'tsp'), error);
    expect(hint).toContain('lacks the number "dpMaxN"');
    expect(hint).toContain('libs/engine-ts/src/families/tsp/family.ts');
    expect(hint).toContain('BudgetField record in libs/engine-native/src/core/tsp/solve.h');
    const none = await failure(() => loadNativeAddon().addon!.solve('tsp', problem, { seed: 0, deadlineMs: 0, warmStart: null }, newCancelSignal().flag));
    expect(nativeFailureHint(ROOT, 'tsp', nativeWiring(ROOT, 'tsp', 'tsp'), none)).toContain('lacks its budget object (options.family)');
  });

  it.runIf(UNWIRED !== undefined)(`a command the addon does not serve: the entries.h hint${UNWIRED === undefined ? ` (SKIPPED: ${UNWIRED_SKIP})` : ''}`, async () => {
    const error = await failure(() => native().solve({ command: UNWIRED!, problem: prepared('qap'), effort: 'medium', seed: 0 }));
    expect(nativeFailureHint(ROOT, UNWIRED!, { tsFolder: 'qap', coreFolder: 'qap', registered: false }, error)).toContain('kEntries_qap in libs/engine-native/src/core/qap/entries.h');
  });
});
