import { describe, expect, it } from 'vitest';
import { utcDay } from './index';
import { postgresBackend, sqliteBackend } from '../test/backends';
import { storeContract } from '../test/store-contract';

// One contract, both implementations: the embedded SQLite store and the PostgreSQL one (on a
// throwaway server this file starts and stops; skipped with a message only outside CI when
// PostgreSQL is not installed).
storeContract(sqliteBackend());
storeContract(postgresBackend());

describe('utcDay', () => {
  it('is the UTC calendar day', () => {
    expect(utcDay(Date.UTC(2026, 10, 1, 23, 59, 59, 999))).toBe('2026-11-01');
    expect(utcDay(Date.UTC(2026, 10, 2, 0, 0, 0, 0))).toBe('2026-11-02');
  });
});
