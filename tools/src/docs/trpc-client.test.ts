import { expect, it } from 'vitest';
import { main } from '../../../docs/trpc-client';
import { serverSuite } from '../e2e/svc-cli-harness';

// The typed tRPC client example of docs/ compiles (tools' typecheck) and runs as written.
const suite = serverSuite('svc-trpc-doc-', { onFault: () => {} });

it('docs/trpc-client.ts solves the five-office ring and reads a fault through the typed client', async () => {
  const out = await main(suite.server.url);
  expect(out).toEqual({
    cut_value: 4,
    certainty: 'certified optimum (proven by exhaustion)',
    receipt: expect.stringMatching(/^svcr_[0-9a-f]{64}$/),
    fault: 'SVC_INVALID_INPUT',
  });
});
