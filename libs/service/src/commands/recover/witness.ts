/**
 * Test support (never imported by the service): an independent brute-force witness of this
 * command's expected answer on a small example, gathered by libs/service/test/witnesses.ts for
 * the examples test (apps/http/src/meta.test.ts).
 */
import { createHash } from 'node:crypto';

/** The shards to rebuild: missing ones, and given ones whose SHA-256 is not the manifest's. */
export function witness(p: Record<string, any>): number {
  return p.shards.filter((s: string | null, i: number) => s === null || createHash('sha256').update(Buffer.from(s, 'base64')).digest('hex') !== p.manifest.sha256[i]).length;
}
