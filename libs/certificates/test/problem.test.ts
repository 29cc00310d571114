import { describe, expect, it } from 'vitest';
import { readMaxcut, readQubo } from '../src/problem';

describe('integrality of maxcut and optimize problems', () => {
  it('is judged once duplicates are summed (as the Python checker reads it)', () => {
    // Two halves of one edge are an edge of weight 1: every cut value is an integer.
    expect(readMaxcut({ n: 3, edges: [[0, 1, 0.5], [1, 0, 0.5], [1, 2, 2]] }).integral).toBe(true);
    expect(readMaxcut({ n: 3, edges: [[0, 1, 0.5], [1, 2, 2]] }).integral).toBe(false);
    expect(readMaxcut({ n: 2, edges: [[0, 1, 0.25], [0, 1, 0.25]] }).integral).toBe(false);
    expect(readQubo({ n: 2, quadratic: [[0, 1, 0.5], [0, 1, 0.5]] }).integral).toBe(true);
  });
});
