import { postgresBinDir, postgresRequired, redisServerBin } from '@svc/store/testing';
import { describe, it } from 'vitest';
import { crossTransport } from './cross-transport.suite';

// The conformance table (cross-transport.suite.ts) against a node of the distributed deployment:
// PostgreSQL state, jobs through the BullMQ queue on Redis, run by a worker (issue 24).
if ((postgresBinDir() !== null && redisServerBin() !== null) || postgresRequired()) crossTransport('distributed');
else {
  describe('cross-transport conformance against the distributed deployment', () => {
    it.skip('PostgreSQL or redis-server not found: skipped here (never under CI=true)', () => undefined);
  });
}
