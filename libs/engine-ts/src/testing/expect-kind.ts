/** Narrowing an engine result to the variant a test expects, as a test assertion. */
import { expect } from 'vitest';
import type { EngineResult } from '../engine';

/** Expects `r.kind` to be `kind` and returns `r` as that variant. */
export function expectKind<K extends EngineResult['kind']>(r: EngineResult, kind: K, label = ''): Extract<EngineResult, { kind: K }> {
  expect(r.kind, label).toBe(kind);
  return r as Extract<EngineResult, { kind: K }>;
}
