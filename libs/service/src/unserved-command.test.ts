import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COMMANDS } from '@svc/engine-ts';
import { REGISTRY, type SchemaCommand } from '@svc/contracts';
import { SOLVABLE_COMMANDS, type Principal, type Service } from './index';
import { caught, closeServices, makeService, sandboxPrincipal } from '../test/services';

// Every command is served today, so the "not available yet" path (a command the contract knows
// but this build has no adapter for) is reached only through an injected catalogue: the command
// registry without its first command's adapter.
vi.mock('./commands', async (importOriginal) => {
  const real = await importOriginal<typeof import('./commands')>();
  const [first] = Object.keys(real.ADAPTERS);
  return { ...real, ADAPTERS: Object.fromEntries(Object.entries(real.ADAPTERS).filter(([c]) => c !== first)) };
});

let svc: Service;
let me: Principal;

beforeAll(async () => {
  svc = await makeService();
  me = await sandboxPrincipal(svc, '203.0.113.9');
});

afterAll(closeServices);

describe('a command the contract knows but this build does not serve', () => {
  const unserved = COMMANDS.find((c) => !SOLVABLE_COMMANDS.includes(c));

  it('is left out of the solvable commands by the injected registry', () => {
    expect(unserved).toBeDefined();
    expect(SOLVABLE_COMMANDS).toHaveLength(COMMANDS.length - 1);
  });

  it('is refused with 404 SVC_UNSUPPORTED "not available yet", naming the commands available now, before its body is read', async () => {
    const e = await caught(svc.solve(unserved!, { not: 'a problem' }, { principal: me }));
    expect([e.code, e.status]).toEqual(['SVC_UNSUPPORTED', 404]);
    expect(e.message).toMatch(/not available yet/);
    expect(e.message).toContain(`available now: ${SOLVABLE_COMMANDS.join(', ')}.`);
  });

  it('its problem, routed by shape (compute), is refused with 404 SVC_UNSUPPORTED "not available yet" naming the shape', async () => {
    const { version: _pin, ...example } = REGISTRY[unserved as SchemaCommand].example as Record<string, unknown>;
    const e = await caught(svc.compute(example, { principal: me }));
    expect([e.code, e.status]).toEqual(['SVC_UNSUPPORTED', 404]);
    expect(e.message).toMatch(new RegExp(`^The problem's shape is '${unserved}' .*not available yet`));
    expect(e.message).toContain(`available now: ${SOLVABLE_COMMANDS.join(', ')}.`);
  });
});
