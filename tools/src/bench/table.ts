/** Prints rows as an aligned Markdown table (what `npm run bench` shows and docs quote). */
export function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const width = headers.map((_, c) => Math.max(...cells.map((r) => (r[c] ?? '').length)));
  const line = (r: string[]) => '| ' + r.map((x, c) => x.padEnd(width[c])).join(' | ') + ' |';
  return [line(headers), '|' + width.map((w) => '-'.repeat(w + 2)).join('|') + '|', ...cells.slice(1).map(line)].join('\n');
}
