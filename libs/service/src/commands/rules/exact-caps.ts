/**
 * Typical n certified by branch and bound per effort (measured on random mixed-rule instances, 0.5n
 * to n rules, with a quadratic objective: all certified at this n, some up to n = 100);
 * capabilities quotes them as sizes, not rules: any n is certified when the search finishes
 * (a pure satisfaction problem with a satisfying answer is, at any n). rules has no sure
 * certificate: no input is certified whatever happens.
 */
export const RULES_TYPICAL_EXACT_N = { flash: 40, medium: 50, high: 60 } as const;
