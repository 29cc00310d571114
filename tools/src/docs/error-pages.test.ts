import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, errorIndexMarkdown as errorIndex, errorPageMarkdown as errorPage } from '@svc/errors';

const DIR = join(__dirname, '..', '..', '..', 'docs', 'errors');

describe('error reference pages stay in step with the catalogue', () => {
  it.each(ERROR_CODES)('%s has its page, as generated', (code) => {
    expect(readFileSync(join(DIR, `${code}.md`), 'utf8')).toBe(errorPage(code));
  });
  it('has no page for a code that does not exist, and an up-to-date index', () => {
    const pages = readdirSync(DIR).filter((f) => f !== 'README.md').map((f) => f.replace(/\.md$/, ''));
    expect(pages.sort()).toEqual([...ERROR_CODES].sort());
    expect(readFileSync(join(DIR, 'README.md'), 'utf8')).toBe(errorIndex());
  });
});
