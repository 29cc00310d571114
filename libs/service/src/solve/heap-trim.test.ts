import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadNativeAddon, trimNativeHeap } from '@svc/engine-native';
import { trimAfterThreadsEnd } from './heap-trim';

describe('heap trim after a thread ends', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('trims once per burst of thread ends, after the delay, and never before a thread ends', () => {
    vi.useFakeTimers();
    const pool = new EventEmitter();
    const trim = vi.fn();
    trimAfterThreadsEnd(pool, { afterMs: 1000, trim });
    vi.advanceTimersByTime(5000);
    expect(trim).not.toHaveBeenCalled();
    pool.emit('workerDestroy');
    vi.advanceTimersByTime(500);
    pool.emit('workerDestroy');
    vi.advanceTimersByTime(999);
    expect(trim).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(trim).toHaveBeenCalledTimes(1);
    pool.emit('workerDestroy');
    vi.advanceTimersByTime(1000);
    expect(trim).toHaveBeenCalledTimes(2);
  });

  it('the addon exports trimHeap (glibc malloc_trim) where it is built', () => {
    const { addon } = loadNativeAddon();
    if (addon === null) return;
    expect(typeof addon.trimHeap).toBe('function');
    expect(typeof trimNativeHeap()).toBe('boolean');
  });
});
