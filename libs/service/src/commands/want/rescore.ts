import { engineFault } from '../../internal/rescore';

/** Fails unless every pin holds in the engine's answer. */
export function checkPinsHold(answer: ArrayLike<number>, pins: Readonly<Record<string, number>>): void {
  for (const key of Object.keys(pins)) {
    if (answer[Number(key)] !== pins[key]) throw engineFault(`engine answer sets pinned variable ${key} to ${answer[Number(key)]}, not ${pins[key]}`);
  }
}
