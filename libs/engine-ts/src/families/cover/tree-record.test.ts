import { describe, expect, it } from 'vitest';
import { CoverTreeRecord, TREE_INFEASIBLE, TREE_LEAF, TREE_MAX_VALUES, TREE_MAX_WORK } from './tree-record';

describe('cover tree record', () => {
  it('writes pre-order, the x_S = 0 subtree first; multipliers kept only on uncovered elements', () => {
    const rec = new CoverTreeRecord(3, 5);
    const top = rec.split(4);
    const inner = rec.split(1);
    inner.f = rec.leaf(null);
    inner.t = rec.leaf([1, 2, 3], [0, 1, 0]);
    top.t = inner;
    top.f = rec.leaf([0.5, -1, 0]);
    expect(Array.from(rec.stream(top))).toEqual([4, TREE_LEAF, 0.5, 0, 0, 1, TREE_INFEASIBLE, TREE_LEAF, 1, 0, 3]);
    expect(() => rec.stream(rec.split(2))).toThrow(/missing/);
  });

  it('past the checker caps (values, leaf work) the record is dropped: an empty stream', () => {
    const wide = new CoverTreeRecord(TREE_MAX_VALUES, 0);
    const s = wide.split(0);
    s.f = wide.leaf(new Float64Array(TREE_MAX_VALUES));
    s.t = wide.leaf(null);
    expect([wide.tooLarge, wide.stream(s).length]).toEqual([true, 0]);
    const busy = new CoverTreeRecord(1, TREE_MAX_WORK / 2);
    let root = busy.leaf([1]);
    for (let k = 0; k < 2 && !busy.tooLarge; k++) root = busy.leaf([1]);
    expect([busy.tooLarge, busy.stream(root).length]).toEqual([true, 0]);
  });
});
