/** Small SVG line plots for the bench and the load test (files written by the tool, never screenshots). */

export interface Series {
  readonly name: string;
  readonly points: readonly (readonly [number, number])[];
}

export interface LinePlot {
  readonly title: string;
  readonly xLabel: string;
  readonly yLabel: string;
  readonly series: readonly Series[];
  /** Vertical markers (e.g. phase starts) at these x values, with labels. */
  readonly marks?: readonly { readonly x: number; readonly label: string }[];
  readonly width?: number;
  readonly height?: number;
}

const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b'];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A "nice" tick step for a range (1, 2 or 5 × a power of ten). */
function tickStep(range: number, target = 6): number {
  if (!(range > 0)) return 1;
  const raw = range / target;
  const p = 10 ** Math.floor(Math.log10(raw));
  const m = raw / p;
  return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * p;
}

const fmt = (v: number) => (Math.abs(v) >= 1000 || Number.isInteger(v) ? String(Math.round(v)) : v.toPrecision(3));

/** The SVG text of a line plot with axes, ticks, a legend and optional markers. */
export function linePlot(p: LinePlot): string {
  const W = p.width ?? 760;
  const H = p.height ?? 360;
  const L = 70, R = 20, T = 40, B = 50;
  const all = p.series.flatMap((s) => s.points);
  const xs = all.map(([x]) => x).concat((p.marks ?? []).map((m) => m.x));
  const ys = all.map(([, y]) => y);
  const x0 = Math.min(...xs, 0), x1 = Math.max(...xs, 1);
  const y0 = Math.min(0, ...ys), y1 = Math.max(...ys, 1) * 1.05;
  const sx = (x: number) => L + ((x - x0) / (x1 - x0 || 1)) * (W - L - R);
  const sy = (y: number) => H - B - ((y - y0) / (y1 - y0 || 1)) * (H - T - B);
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`);
  out.push(`<rect width="${W}" height="${H}" fill="white"/>`);
  out.push(`<text x="${W / 2}" y="20" text-anchor="middle" font-size="14">${esc(p.title)}</text>`);
  const xStep = tickStep(x1 - x0);
  for (let x = Math.ceil(x0 / xStep) * xStep; x <= x1 + 1e-9; x += xStep) {
    out.push(`<line x1="${sx(x)}" y1="${H - B}" x2="${sx(x)}" y2="${T}" stroke="#eee"/>`);
    out.push(`<text x="${sx(x)}" y="${H - B + 16}" text-anchor="middle">${fmt(x)}</text>`);
  }
  const yStep = tickStep(y1 - y0);
  for (let y = Math.ceil(y0 / yStep) * yStep; y <= y1 + 1e-9; y += yStep) {
    out.push(`<line x1="${L}" y1="${sy(y)}" x2="${W - R}" y2="${sy(y)}" stroke="#eee"/>`);
    out.push(`<text x="${L - 6}" y="${sy(y) + 4}" text-anchor="end">${fmt(y)}</text>`);
  }
  out.push(`<line x1="${L}" y1="${H - B}" x2="${W - R}" y2="${H - B}" stroke="black"/>`);
  out.push(`<line x1="${L}" y1="${H - B}" x2="${L}" y2="${T}" stroke="black"/>`);
  out.push(`<text x="${(L + W - R) / 2}" y="${H - 12}" text-anchor="middle">${esc(p.xLabel)}</text>`);
  out.push(`<text x="16" y="${(T + H - B) / 2}" text-anchor="middle" transform="rotate(-90 16 ${(T + H - B) / 2})">${esc(p.yLabel)}</text>`);
  for (const m of p.marks ?? []) {
    out.push(`<line x1="${sx(m.x)}" y1="${H - B}" x2="${sx(m.x)}" y2="${T}" stroke="#999" stroke-dasharray="4 3"/>`);
    out.push(`<text x="${sx(m.x) + 3}" y="${T + 12}" fill="#555">${esc(m.label)}</text>`);
  }
  p.series.forEach((s, k) => {
    const c = COLORS[k % COLORS.length];
    if (s.points.length > 0) {
      const d = s.points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${sx(x).toFixed(1)},${sy(y).toFixed(1)}`).join(' ');
      out.push(`<path d="${d}" fill="none" stroke="${c}" stroke-width="1.5"/>`);
    }
    out.push(`<rect x="${W - R - 170}" y="${T + 6 + 16 * k}" width="10" height="10" fill="${c}"/>`);
    out.push(`<text x="${W - R - 155}" y="${T + 15 + 16 * k}">${esc(s.name)}</text>`);
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
