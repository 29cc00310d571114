import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES, errorIndexMarkdown as errorIndex, errorPageMarkdown as errorPage } from '@svc/errors';

// Runs bundled from tools/dist, two levels below the repository root.
const out = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'errors');
mkdirSync(out, { recursive: true });
for (const code of ERROR_CODES) writeFileSync(join(out, `${code}.md`), errorPage(code));
writeFileSync(join(out, 'README.md'), errorIndex());
console.log(`wrote ${ERROR_CODES.length + 1} pages to ${out}`);
