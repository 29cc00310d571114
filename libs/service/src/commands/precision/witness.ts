/**
 * Test support (never imported by the service): an independent brute-force witness of this
 * command's expected answer on a small example, gathered by libs/service/test/witnesses.ts for
 * the examples test (apps/http/src/meta.test.ts).
 */
import { execFileSync } from 'node:child_process';

/**
 * precision's value from Python's decimal (sqrt, exp, ln correctly rounded at the digits asked;
 * nthroot and powq at 30 more digits, then rounded half-even), spelled plain without trailing zeros.
 */
export function witness(p: Record<string, any>): string {
  const script = [
    'import sys, json',
    'from decimal import Decimal, Context, ROUND_HALF_EVEN',
    'p = json.loads(sys.argv[1]); D = p.get("digits", p.get("n", 31)); C = Context(prec=D, rounding=ROUND_HALF_EVEN); W = Context(prec=D + 30)',
    'x = Decimal(p.get("x", "0")); op = p["op"]',
    'v = {"sqrt": lambda: x.sqrt(C), "exp": lambda: x.exp(C), "ln": lambda: x.ln(C), "nthroot": lambda: C.plus(W.power(x, W.divide(Decimal(1), Decimal(p.get("k", 1))))),',
    '     "powq": lambda: C.plus(W.power(x, W.divide(Decimal(p.get("p", 1)), Decimal(p.get("q", 1))))), "e": lambda: Decimal(1).exp(C), "ln2": lambda: Decimal(2).ln(C)}[op]()',
    'print(format(v.normalize(C), "f"))',
  ].join('\n');
  return execFileSync('python3', ['-c', script, JSON.stringify(p)], { encoding: 'utf8' }).trim();
}
