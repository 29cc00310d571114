/**
 * `want`: pins in canonical form. A pin fixes x_i to 0 or 1; the engines substitute the pins
 * and search the remaining (free) variables only (pinned.ts).
 */
import type { PinList } from './problem';

const INDEX_KEY = /^(0|[1-9][0-9]*)$/;

/**
 * `pins` {index: 0|1} → `PinList` (indices ascending). Throws a plain Error on a bad key, an
 * index outside 0..n−1, a value other than 0/1, or an empty map.
 */
export function canonicalPins(n: number, pins: Readonly<Record<string, number>>): PinList {
  const keys = Object.keys(pins);
  if (keys.length === 0) throw new Error('pins must fix at least one variable');
  const order: number[] = [];
  for (const key of keys) {
    if (!INDEX_KEY.test(key)) throw new Error(`pins key "${key}" is not a 0-based index`);
    const i = Number(key);
    if (i >= n) throw new Error(`pins index ${i} is out of range 0..${n - 1}`);
    const v = pins[key];
    if (v !== 0 && v !== 1) throw new Error(`pins[${key}] must be 0 or 1`);
    order.push(i);
  }
  order.sort((a, b) => a - b);
  const index = Int32Array.from(order);
  const value = new Uint8Array(index.length);
  for (let k = 0; k < index.length; k++) value[k] = pins[String(index[k])];
  return { index, value };
}

/** A copy of `x` with every pin applied (the pin wins over whatever x says). */
export function applyPins(x: ArrayLike<number>, pins: PinList): Uint8Array {
  const out = Uint8Array.from(x as ArrayLike<number>);
  for (let k = 0; k < pins.index.length; k++) out[pins.index[k]] = pins.value[k];
  return out;
}

/** Throws unless `pins` is canonical for size n (ascending distinct indices in range, 0/1 values). */
export function checkPins(pins: PinList, n: number): void {
  if (!(pins.index instanceof Int32Array) || !(pins.value instanceof Uint8Array)) {
    throw new TypeError('pins must be {index: Int32Array, value: Uint8Array}');
  }
  if (pins.index.length !== pins.value.length) throw new Error('pins index and value differ in length');
  if (pins.index.length === 0) throw new Error('want needs at least one pin');
  for (let k = 0; k < pins.index.length; k++) {
    const i = pins.index[k];
    if (i < 0 || i >= n || (k > 0 && i <= pins.index[k - 1])) throw new Error(`pins are not ascending indices in 0..${n - 1}`);
    if (pins.value[k] > 1) throw new Error(`pin value for ${i} is not 0 or 1`);
  }
}
