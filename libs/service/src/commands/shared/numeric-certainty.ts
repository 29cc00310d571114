/** The certainty text of numeric operations (frequency, world): `operation (numeric, tolerance <t>)`. */
import { CERTAINTY } from '@svc/contracts';

/** t rounded up to two significant digits ("1.3e-9"; "0" for 0), so the text never understates it. */
export function toleranceText(t: number): string {
  if (!(t > 0)) return '0';
  if (!Number.isFinite(t)) return 'Infinity';
  let [mant, exp] = t.toExponential(1).split('e');
  if (Number(`${mant}e${exp}`) < t) {
    const up = Number(mant) + 0.1;
    if (up >= 10) {
      mant = '1.0';
      exp = String(Number(exp) + 1);
    } else {
      mant = up.toFixed(1);
    }
  }
  return `${mant}e${Number(exp)}`;
}

/** `operation (numeric, tolerance <t>)` with t from toleranceText. */
export function numericCertainty(t: number): string {
  return CERTAINTY.operationNumeric.replace('<t>', toleranceText(t));
}

/** The tolerance a numeric certainty text states, or null when the text is another one. */
export function toleranceOf(certainty: unknown): number | null {
  if (typeof certainty !== 'string') return null;
  const m = /^operation \(numeric, tolerance ([^)]+)\)$/.exec(certainty);
  return m ? Number(m[1]) : null;
}
