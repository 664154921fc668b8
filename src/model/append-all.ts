// Appending one list to another without spreading it into arguments (`push(...xs)` overflows the stack once a
// list has ~100k entries: a long session, 130k exec-policy rules, a diagnostic per bad line). Pure.

/** Pushes every item of `items` onto `target` and returns `target`. */
export function appendAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}

/** The largest of `values` (`fallback` when there are none), without `Math.max(...values)`. */
export function maxOf(values: Iterable<number>, fallback = Number.NEGATIVE_INFINITY): number {
  let max = fallback;
  for (const v of values) if (v > max) max = v;
  return max;
}
