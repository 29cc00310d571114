import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDoor, isQueued, type Door, type Service } from '../index';
import { closeServices, codeOf, makeService, ring } from '../../test/services';

const TAG = 'svc-cortex-v1';
const cycle = ring;


let service: Service;
let door: Door;
let auth: string;

beforeAll(async () => {
  service = await makeService({ sandbox: { bodyBytes: 4096 } });
  door = createDoor(service);
  auth = `Bearer ${(await service.sandboxInfo()).token}`;
}, 60_000);
afterAll(closeServices);

describe('createDoor: the call layer of MCP, gRPC and tRPC', () => {
  it('solves as the service does: same receipt, answer and certainty', async () => {
    const viaDoor = await door.solve({ command: 'maxcut', problem: cycle(5), effort: 'high', seed: 7 }, { authorization: auth });
    const principal = await service.authenticate(auth, { ip: '127.0.0.1' });
    const direct = await service.solve('maxcut', cycle(5), { principal, query: { effort: 'high', seed: '7' } });
    expect(isQueued(viaDoor)).toBe(false);
    const env = viaDoor as Record<string, unknown>;
    expect(env.cut_value).toBe(4);
    expect(env.receipt).toBe(direct.receipt);
    expect(env.certainty).toBe(direct.certainty);
    expect(env.answer).toEqual(direct.answer);
  });

  it('takes a bare token as well as a Bearer header', async () => {
    const env = (await door.solve({ command: 'maxcut', problem: cycle(3) }, { authorization: auth.slice('Bearer '.length) })) as Record<string, unknown>;
    expect(env.cut_value).toBe(2);
  });

  it('keeps commands.md precedence: command, then options, then auth, then size, then the problem', async () => {
    // An unknown command outranks missing credentials.
    expect(await codeOf(door.solve({ command: 'not-a-command', problem: cycle(3) }, {}))).toBe('SVC_UNSUPPORTED');
    expect(await codeOf(door.solve({ command: 'maxcut', problem: cycle(3) }, {}))).toBe('SVC_UNAUTHENTICATED');
    expect(await codeOf(door.solve({ command: 'maxcut', problem: cycle(3) }, { authorization: 'Bearer not_a_token' }))).toBe('SVC_UNAUTHENTICATED');
    // Size (the sandbox cap here is 4096 bytes) outranks a broken problem.
    const big = { ...cycle(400), edges: [[0, 999, 1], ...cycle(400).edges] };
    expect(await codeOf(door.solve({ command: 'maxcut', problem: big }, { authorization: auth }))).toBe('SVC_PAYLOAD_TOO_LARGE');
    expect(await codeOf(door.solve({ command: 'maxcut', problem: { ...cycle(3), edges: [[0, 9, 1]] } }, { authorization: auth }))).toBe('SVC_INVALID_INPUT');
    expect(await codeOf(door.solve({ command: 'maxcut', problem: cycle(3), effort: 'ultra' }, { authorization: auth }))).toBe('SVC_INVALID_INPUT');
    expect(await codeOf(door.solve({ command: 'maxcut' }, { authorization: auth }))).toBe('SVC_INVALID_INPUT');
    expect(await codeOf(door.solve({ problem: cycle(3) }, { authorization: auth }))).toBe('SVC_INVALID_INPUT');
    // An unknown argument is what an unknown query parameter is over HTTP, before auth.
    expect(await codeOf(door.solve({ command: 'maxcut', problem: cycle(3), timeout: 5 } as never, {}))).toBe('SVC_UNSUPPORTED');
    expect(await codeOf(door.verify({ command: 'maxcut', problem: cycle(3), answer: [0, 1, 0], seed: 1 } as never, {}))).toBe('SVC_UNSUPPORTED');
  });

  it('compute routes a bare problem by shape, or solves the named command', async () => {
    const routed = (await door.compute({ problem: cycle(4), seed: 1 }, { authorization: auth })) as Record<string, any>;
    expect(routed.routed.command).toBe('maxcut');
    expect(routed.cut_value).toBe(4);
    const named = (await door.compute({ command: 'maxcut', problem: cycle(4), seed: 1 }, { authorization: auth })) as Record<string, any>;
    expect(named.receipt).toBe(routed.receipt);
  });

  it('analyze and verify are free and answer the same reports as the HTTP routes', async () => {
    const report = await door.analyze({ command: 'maxcut', problem: cycle(6), effort: 'high' }, { authorization: auth });
    expect(report).toMatchObject({ command: 'maxcut', compute_units: 4 });
    const good = await door.verify({ command: 'maxcut', problem: cycle(6), answer: [0, 1, 0, 1, 0, 1] }, { authorization: auth });
    expect(good.ok).toBe(true);
    expect(good.objective).toBe(6);
    const bad = await door.verify({ command: 'maxcut', problem: cycle(6), answer: [0, 1, 2, 1, 0, 1] }, { authorization: auth });
    expect(bad.ok).toBe(false);
  });

  it('an idempotency key replays the stored answer', async () => {
    const caller = { authorization: auth, idempotencyKey: 'door-test-1' };
    const a = (await door.solve({ command: 'maxcut', problem: cycle(7), seed: 3 }, caller)) as Record<string, unknown>;
    const b = (await door.solve({ command: 'maxcut', problem: cycle(7), seed: 3 }, caller)) as Record<string, unknown>;
    expect(b.receipt).toBe(a.receipt);
    expect(await codeOf(door.solve({ command: 'maxcut', problem: cycle(7), seed: 4 }, caller))).toBe('SVC_IDEMPOTENCY_CONFLICT');
  });

  it('the identical request through another door replays too (HTTP sends seed=3 as text, gRPC and MCP as a number)', async () => {
    const caller = { authorization: auth, idempotencyKey: 'door-test-2' };
    const a = (await door.solve({ command: 'maxcut', problem: cycle(9), seed: 3, effort: 'low' }, caller)) as Record<string, unknown>;
    const principal = await service.authenticate(auth, { ip: '127.0.0.1' });
    const http = await service.solve('maxcut', cycle(9), { principal, query: { effort: 'low', seed: '3' }, idempotencyKey: 'door-test-2' });
    expect(http.receipt).toBe(a.receipt);
    await expect(service.solve('maxcut', cycle(9), { principal, query: { effort: 'low', seed: '4' }, idempotencyKey: 'door-test-2' })).rejects.toMatchObject({ code: 'SVC_IDEMPOTENCY_CONFLICT' });
  });

  it('jobs: an unknown id is 404, a bad wait is 422, credentials are optional', async () => {
    expect(await codeOf(door.getJob('job_missing', {}, 0))).toBe('SVC_NOT_FOUND');
    expect(await codeOf(door.getJob('job_missing', { authorization: auth }, -1))).toBe('SVC_INVALID_INPUT');
    expect(await codeOf(door.cancelJob('', { authorization: auth }))).toBe('SVC_INVALID_INPUT');
    expect(await codeOf(door.getJob('job_missing', { authorization: 'Bearer not_a_token' }, 0))).toBe('SVC_UNAUTHENTICATED');
  });

  it('capabilities is the manifest', () => {
    expect(door.capabilities()).toEqual(service.capabilities());
  });
});

describe('watchJob: a watch is one request of the rate', () => {
  it('opening counts once, looks count nothing; a credential that stops authenticating ends the watch', async () => {
    // Rate windows are whole minutes of the service's clock: a clock that stands still keeps the test in one window.
    const s = await makeService({ clock: () => Date.UTC(2026, 10, 2, 12, 0, 30), jobs: { queueThresholdWork: 1 }, access: { sandboxRatePerMinute: 4 } });
    const d = createDoor(s);
    const token = `Bearer ${(await s.sandboxInfo()).token}`;
    const caller = { authorization: token };
    const ack = await d.solve({ command: 'maxcut', problem: cycle(5), seed: 1 }, caller); // 1
    expect(isQueued(ack)).toBe(true);
    const id = (ack as unknown as { job_id: string }).job_id;
    const watch = await d.watchJob(id, caller); // 2
    for (let i = 0; i < 10; i++) expect((await watch.look(0)).job_id).toBe(id);
    expect(await codeOf(d.getJob(id, caller, 0))).toBe('ok'); // 3
    const other: { authorization: string } = { authorization: token };
    const second = await d.watchJob(id, other); // 4
    expect(await codeOf(d.getJob(id, caller, 0))).toBe('SVC_SANDBOX_RATE');
    // Both watches go on past the rate: each was counted when it opened.
    expect((await watch.look(0)).job_id).toBe(id);
    expect((await second.look(0)).job_id).toBe(id);
    // Each look checks the credential again.
    other.authorization = 'Bearer not_a_token';
    expect(await codeOf(second.look(0))).toBe('SVC_UNAUTHENTICATED');
  });
});

describe('Caller.principal: a credential the transport checked is not checked again', () => {
  it('the door takes the principal it is given instead of authenticating the header once more', async () => {
    const principal = await service.authenticate(auth, { ip: '127.0.0.1' });
    const spy = vi.spyOn(service, 'authenticate');
    try {
      const env = (await door.solve({ command: 'maxcut', problem: cycle(4), seed: 21 }, { authorization: auth, principal })) as Record<string, unknown>;
      expect(env.cut_value).toBe(4);
      expect(spy).not.toHaveBeenCalled();
      await door.solve({ command: 'maxcut', problem: cycle(4), seed: 22 }, { authorization: auth });
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });
});
