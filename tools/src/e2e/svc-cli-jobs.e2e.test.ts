import { describe, expect, it, vi } from 'vitest';
import { randomEdges, svcOnTty, svcSuite } from './svc-cli-harness';

// Queued solves and batches through the bundled `svc`: a low queue threshold sends mid-sized
// problems to the job path (as apps/http's job tests do), small ones stay synchronous.
vi.setConfig({ testTimeout: 60_000 });

const suite = svcSuite('svc-cli-jobs-', {
  onFault: () => {},
  jobs: { queueThresholdWork: 300_000 },
  access: { sandboxRatePerMinute: 100_000, computeUnitsPerMinute: 1_000_000, resultCacheBytes: 0 },
});
const { svc } = suite;

const DESC = 'Split the night shift into two crews to maximise hand-offs.';
const SMALL = { description: DESC, n: 4, edges: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 0, 1]] };
// Estimated work about 0.6 M at effort medium (over the threshold): queued, done in about a second.
const MID = { description: DESC, n: 40, edges: randomEdges(40, 120, 7) };
// Minutes of work at effort high on the ts engine: it only ends by being cancelled.
const LONG = { description: DESC, n: 1500, edges: randomEdges(1500, 6000, 1) };

/** Charged requests of this sandbox IP today (from `svc report`): a job counts once, when accepted. */
async function requestsCharged(): Promise<number> {
  const r = await svc(['report', '--format', 'json']);
  return r.json().requests;
}

describe('queued solves', () => {
  it('a queued solve is followed to its result; piped stderr gets no progress line', async () => {
    const [est, r, sync] = await Promise.all([
      svc(['estimate', 'maxcut', '--format', 'json'], { stdin: JSON.stringify(MID) }),
      svc(['maxcut', '--format', 'json'], { stdin: JSON.stringify(MID) }),
      svc(['maxcut', '--format', 'json'], { stdin: JSON.stringify(SMALL) }),
    ]);
    expect(est.json().would_queue).toBe(true);
    expect([r.code, r.stderr]).toEqual([0, '']);
    const check = await svc(['verify', 'maxcut', '--local'], { stdin: JSON.stringify({ problem: MID, answer: r.json() }) });
    expect(check.code).toBe(0);
    expect(sync.json().cut_value).toBe(4);
  });

  it('--no-wait exits 0 with the job id; `svc jobs <id>` resumes and prints the result', async () => {
    const ack = await svc(['maxcut', '--no-wait', '--seed', '2', '--format', 'json'], { stdin: JSON.stringify(MID) });
    expect(ack.code).toBe(0);
    expect(ack.json()).toMatchObject({ status: 'queued', poll: `/api/v1/jobs/${ack.json().job_id}?wait=30` });
    const human = await svc(['maxcut', '--no-wait', '--seed', '3'], { stdin: JSON.stringify(MID) });
    expect(human.stdout).toMatch(/^maxcut: queued \(resume with `svc jobs job_[0-9a-f]+`\)/);
    const [done, shown] = await Promise.all([
      svc(['jobs', ack.json().job_id, '--format', 'json']),
      svc(['jobs', ack.json().job_id, '--no-wait', '--format', 'json']),
    ]);
    expect(done.code).toBe(0);
    expect(done.json()).toMatchObject({ seed: 2, certainty: expect.any(String) });
    expect(shown.json()).toMatchObject({ job_id: ack.json().job_id, command: 'maxcut' });
  });

  it('on a terminal the wait draws progress; a wait that ends first is SVC_JOB_WAIT_TIMEOUT (exit 1), never a resubmit; the job is cancelled', async () => {
    const before = await requestsCharged();
    const r = await svcOnTty(suite.work, ['maxcut', '--effort', 'high', '--wait-timeout', '3', '--format', 'json'], { stdin: JSON.stringify(LONG), env: { SVC_BASE_URL: suite.server.url }, cwd: suite.work });
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout);
    expect(doc).toMatchObject({ code: 'SVC_JOB_WAIT_TIMEOUT', job_id: expect.stringMatching(/^job_/) });
    const id = doc.job_id as string;
    expect(r.stderr).toContain(`\r\x1b[Ksvc: job ${id} running`);
    expect(r.stderr).toContain(`svc jobs ${id}`);
    // Accepted once; the polls and the wait's end submitted nothing more.
    expect(await requestsCharged()).toBe(before + 1);

    const [shown, again] = await Promise.all([
      svc(['jobs', id, '--no-wait']),
      svc(['jobs', id, '--wait-timeout', '1', '--format', 'json']),
    ]);
    expect(shown.stdout).toMatch(/status\s+running/);
    expect([again.code, again.json().code]).toEqual([1, 'SVC_JOB_WAIT_TIMEOUT']);

    const cancelled = await svc(['jobs', id, '--cancel', '--format', 'json']);
    expect([cancelled.code, cancelled.json().status]).toEqual([0, 'cancelled']);
    const followed = await svc(['jobs', id, '--format', 'json']);
    expect([followed.code, followed.json().code]).toEqual([3, 'SVC_ERROR']);
    expect(followed.json().detail).toContain('cancelled');
    expect(await requestsCharged()).toBe(before + 1);
  });

  it('`svc cancel <id>` cancels a queued job; an unknown job is 404 (exit 3)', async () => {
    const ack = await svc(['maxcut', '--no-wait', '--effort', 'high', '--seed', '9', '--format', 'json'], { stdin: JSON.stringify(LONG) });
    const id = ack.json().job_id as string;
    const c = await svc(['cancel', id, '--fields', 'status,job_id', '--format', 'json']);
    expect([c.code, c.json()]).toEqual([0, { status: 'cancelled', job_id: id }]);
    const missing = await svc(['jobs', 'job_00000000000000000000000000000000', '--no-wait', '--format', 'json']);
    expect([missing.code, missing.json().code]).toEqual([3, 'SVC_NOT_FOUND']);
  });
});

describe('batch', () => {
  const line = (p: unknown) => JSON.stringify(p);

  it('NDJSON in and out in one process, queued lines followed; exit code of the first failed line', async () => {
    const input = [
      line({ id: 'small', command: 'maxcut', problem: SMALL }),
      line({ id: 'queued', command: 'maxcut', problem: MID, seed: 5 }),
      line({ id: 'bad', command: 'maxcut', problem: { ...SMALL, edges: [] } }),
      line({ id: 'qubo', command: 'optimize', problem: { description: DESC, n: 2, linear: { 0: -1 } } }),
    ].join('\n');
    const r = await svc(['batch', '--fields', 'cut_value,energy,seed'], { stdin: input });
    const rows = r.lines();
    expect(rows.map((x) => [x.id, x.ok, x.exit_code])).toEqual([['small', true, 0], ['queued', true, 0], ['bad', false, 3], ['qubo', true, 0]]);
    expect(rows[0].result).toEqual({ cut_value: 4, seed: 0 });
    expect(rows[1].result.seed).toBe(5);
    expect(rows[2].error.code).toBe('SVC_INVALID_INPUT');
    expect(rows[3].result).toEqual({ energy: -1, seed: 0 });
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('svc batch: 4 line(s): 3 ok, 1 failed, 0 skipped\n');
  });

  it('--fail-fast marks the rest SVC_SKIPPED (nothing sent); the exit code is the first failure\'s, not the skips\'', async () => {
    const before = (await svc(['report', '--format', 'json'])).json().requests as number;
    const input = [line(SMALL), line({ ...SMALL, n: 60_000, edges: undefined, complete: true }), line(SMALL), 'not json', line(SMALL)].join('\n');
    const r = await svc(['batch', 'maxcut', '--fail-fast', '--format', 'json'], { stdin: input });
    const rows = r.lines();
    expect(rows.map((x) => (x.ok ? 'ok' : x.error.code))).toEqual(['ok', 'SVC_SANDBOX_LIMIT', 'SVC_SKIPPED', 'SVC_SKIPPED', 'SVC_SKIPPED']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('1 ok, 1 failed, 3 skipped');
    // One charged solve: the refused line is not charged and the skipped ones were never sent.
    expect(((await svc(['report', '--format', 'json'])).json().requests as number) - before).toBe(1);
  });
});
