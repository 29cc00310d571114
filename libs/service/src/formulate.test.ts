import { describe, expect, it } from 'vitest';
import { COMMAND_MODULES } from './commands';
import { formulate } from './formulate';

describe('formulate: common mistakes', () => {
  it('a worksheet lists the mistakes every command shares, then its own module\'s and no other\'s', () => {
    const shared = formulate('tsp', () => true).common_mistakes;
    for (const m of COMMAND_MODULES) {
      const own = m.worksheet.mistakes ?? [];
      expect(formulate(m.command, () => true).common_mistakes, m.command).toEqual([...shared, ...own]);
    }
    expect(COMMAND_MODULES.filter((m) => (m.worksheet.mistakes ?? []).length > 0).length).toBeGreaterThan(1);
  });
});
