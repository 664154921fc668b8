// Small text helpers that mirror Rust's semantics where Codex relies on them (trim, char counts) and format numbers.
// Pure.
import { formatCount } from "../model/format-count.js";
import { codePointCount } from "../tokens/approx.js";

/** Rust `char::is_whitespace` (Unicode White_Space): unlike JS trim, U+0085 is whitespace and U+FEFF is not. */
const RUST_WHITESPACE = /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]$/u;

export function isRustWhitespace(ch: string): boolean {
  return RUST_WHITESPACE.test(ch);
}

/** Rust `str::trim`. All White_Space characters are single UTF-16 units, so scanning units is exact. */
export function rustTrim(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isRustWhitespace(text[start] as string)) start++;
  while (end > start && isRustWhitespace(text[end - 1] as string)) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** Number of Unicode scalar values (Rust `chars().count()`), not UTF-16 units. */
export const charCount: (text: string) => number = codePointCount;

/** `32768` → `32,768`. */
export { formatCount };

/** A byte budget for messages: `32 KiB` when whole KiB, else `1,000-byte`. */
export function formatBudget(bytes: number): string {
  return bytes % 1024 === 0 ? `${formatCount(bytes / 1024)} KiB` : `${formatCount(bytes)}-byte`;
}

/** `A`, `A and B`, `A, B and C`. */
export function formatList(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
