import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..', '..', '..');

describe('first contact', () => {
  it('`npm start` builds the svc bundle too, so `npx svc` works after the quick start', () => {
    const start = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.start as string;
    expect(start).toMatch(/nx run-many -t build -p (http cli|cli http)\b/);
  });

  it('the launcher without a bundle says how to build it and exits 3, not 1 (retryable)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-launcher-'));
    try {
      mkdirSync(join(dir, 'bin'));
      copyFileSync(join(ROOT, 'apps', 'cli', 'bin', 'svc.mjs'), join(dir, 'bin', 'svc.mjs'));
      const r = spawnSync(process.execPath, [join(dir, 'bin', 'svc.mjs'), 'capabilities'], { encoding: 'utf8' });
      expect(r.status).toBe(3);
      expect(r.stderr).toContain('the CLI is not built');
      expect(r.stderr).toContain('npx nx run cli:build');
      expect(r.stderr).not.toMatch(/retry/i);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
