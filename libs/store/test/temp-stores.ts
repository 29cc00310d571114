import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { openSqliteStore, type Store } from '../src/index';

/**
 * Stores on temporary data dirs for a test file: `open()` makes a fresh dir (or reopens `dir`),
 * and after each test every store is closed and every fresh dir removed.
 */
export function tempStores(prefix: string): { open(dir?: string): Promise<{ s: Store; dir: string }> } {
  const dirs: string[] = [];
  const stores: Store[] = [];
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close();
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });
  return {
    async open(dir) {
      const d = dir ?? fs.mkdtempSync(path.join(os.tmpdir(), prefix));
      if (!dir) dirs.push(d);
      const s = await openSqliteStore({ dataDir: d });
      stores.push(s);
      return { s, dir: d };
    },
  };
}
