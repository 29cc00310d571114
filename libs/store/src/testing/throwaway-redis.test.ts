import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { postgresRequired } from './throwaway-postgres';
import { redisServerBin, startThrowawayRedis } from './throwaway-redis';

/** One RESP command over a raw socket; resolves with the first reply line. */
function send(port: number, cmd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = net.connect(port, '127.0.0.1', () => s.write(`${cmd}\r\n`));
    s.on('data', (d) => {
      s.destroy();
      resolve(d.toString().split('\r\n').slice(0, 2).join(' '));
    });
    s.on('error', reject);
  });
}

// Under CI=true Redis must be there (.ci/run installs redis-server): the test fails, never skips.
const run = redisServerBin() !== null || postgresRequired();

describe.runIf(run)('throwaway Redis', () => {
  it('starts on a free loopback port, keeps data until a restart, and stops', async () => {
    const r = await startThrowawayRedis();
    try {
      expect(r.url).toBe(`redis://127.0.0.1:${r.port}`);
      expect(await send(r.port, 'SET k 1')).toBe('+OK ');
      expect(await send(r.port, 'GET k')).toBe('$1 1');
      await r.restart();
      expect(await send(r.port, 'GET k')).toBe('$-1 ');
      // A kill leaves it down until a restart.
      await r.kill();
      await expect(send(r.port, 'PING')).rejects.toThrow();
      await r.restart();
      expect(await send(r.port, 'PING')).toBe('+PONG ');
    } finally {
      await r.stop();
    }
    await expect(send(r.port, 'PING')).rejects.toThrow();
  }, 60_000);
});
