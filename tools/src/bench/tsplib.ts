/**
 * TSPLIB95 `.tsp` files (the bench reads ../shared/benchmarks/tsp in place): NODE_COORD_SECTION
 * with EUC_2D / CEIL_2D / ATT / GEO, or EXPLICIT weights (FULL_MATRIX, UPPER_ROW, LOWER_DIAG_ROW,
 * UPPER_DIAG_ROW), as a tsp request body ({points, metric} or {matrix}).
 */
export interface TsplibInstance {
  readonly name: string;
  readonly n: number;
  readonly body: { points: number[][]; metric: 'euc_2d' | 'ceil_2d' | 'att' | 'geo' } | { matrix: number[][] };
}

export function parseTsplib(text: string): TsplibInstance {
  const lines = text.split(/\r?\n/);
  const head: Record<string, string> = {};
  let at = 0;
  for (; at < lines.length; at++) {
    const line = lines[at].trim();
    if (line === 'NODE_COORD_SECTION' || line === 'EDGE_WEIGHT_SECTION' || line.startsWith('EOF')) break;
    const m = /^([A-Z_]+)\s*:\s*(.*)$/.exec(line);
    if (m) head[m[1]] = m[2].trim();
  }
  const n = Number(head.DIMENSION);
  const type = head.EDGE_WEIGHT_TYPE;
  const section = lines[at]?.trim();
  const tokens = lines.slice(at + 1).join(' ').split(/\s+/).filter((t) => t.length > 0 && t !== 'EOF');
  if (section === 'NODE_COORD_SECTION') {
    const metric = ({ EUC_2D: 'euc_2d', CEIL_2D: 'ceil_2d', ATT: 'att', GEO: 'geo' } as const)[type as 'EUC_2D'];
    if (!metric) throw new Error(`${head.NAME}: unsupported EDGE_WEIGHT_TYPE ${type}`);
    const points: number[][] = [];
    for (let k = 0; k < n; k++) points.push([Number(tokens[3 * k + 1]), Number(tokens[3 * k + 2])]);
    return { name: head.NAME, n, body: { points, metric } };
  }
  if (type !== 'EXPLICIT') throw new Error(`${head.NAME}: unsupported EDGE_WEIGHT_TYPE ${type}`);
  const w = tokens.map(Number);
  const matrix = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  let t = 0;
  const format = head.EDGE_WEIGHT_FORMAT;
  for (let i = 0; i < n; i++) {
    const [from, to] = format === 'FULL_MATRIX' ? [0, n - 1] : format === 'UPPER_ROW' ? [i + 1, n - 1] : format === 'UPPER_DIAG_ROW' ? [i, n - 1] : format === 'LOWER_DIAG_ROW' ? [0, i] : [0, i - 1];
    for (let j = from; j <= to; j++) {
      matrix[i][j] = w[t];
      matrix[j][i] = w[t];
      t++;
    }
  }
  return { name: head.NAME, n, body: { matrix } };
}
