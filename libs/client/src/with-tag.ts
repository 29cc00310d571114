/** The provenance tag every problem carries (interface §2.1); clients fill it, never `description`. */
export const PROBLEM_TAG = 'svc-cortex-v1';

/**
 * Returns the problem with `tag` set to {@link PROBLEM_TAG} when it is a JSON object without one.
 * An existing `tag` (even a wrong one) is left for the service to judge; non-objects pass through.
 */
export function withTag<T>(problem: T): T {
  if (typeof problem !== 'object' || problem === null || Array.isArray(problem)) return problem;
  if (Object.prototype.hasOwnProperty.call(problem, 'tag')) return problem;
  return { tag: PROBLEM_TAG, ...problem };
}
