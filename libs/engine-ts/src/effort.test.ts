import { describe, expect, it } from 'vitest';
import { parseEffort } from './effort';

describe('parseEffort', () => {
  it('accepts canonical names and the historical aliases', () => {
    expect(parseEffort('flash')).toBe('flash');
    expect(parseEffort('medium')).toBe('medium');
    expect(parseEffort('high')).toBe('high');
    expect(parseEffort('low')).toBe('medium');
    expect(parseEffort('med')).toBe('medium');
    expect(parseEffort('max')).toBe('high');
  });

  it('rejects anything else', () => {
    for (const bad of ['ultra', 'Medium', '', ' high', 'min']) expect(() => parseEffort(bad)).toThrow(RangeError);
  });
});
