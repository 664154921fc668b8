// Line/column bookkeeping for a text: offsets ↔ 1-based places. Pure.
import type { Place } from "../model/diagnostic.js";

export interface TextIndex {
  /** Lines without their terminators. */
  lines: string[];
  /** UTF-16 offset where each line starts. */
  lineStarts: number[];
  placeAt(offset: number): { line: number; column: number };
  /** Place of [start, end) as line/column/endLine/endColumn. */
  span(start: number, end: number): Place;
  offsetOf(line: number, column: number): number;
}

export function buildTextIndex(text: string): TextIndex {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) lineStarts.push(i + 1);
    else if (c === 13 && text.charCodeAt(i + 1) !== 10) lineStarts.push(i + 1);
  }
  const lines = lineStarts.map((start, i) => {
    const next = i + 1 < lineStarts.length ? (lineStarts[i + 1] as number) : text.length;
    return text.slice(start, next).replace(/\r?\n$|\r$/, "");
  });
  const placeAt = (offset: number): { line: number; column: number } => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((lineStarts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (lineStarts[lo] as number) + 1 };
  };
  return {
    lines,
    lineStarts,
    placeAt,
    span(start, end) {
      const a = placeAt(start);
      const b = placeAt(end);
      return { line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
    },
    offsetOf(line, column) {
      return (lineStarts[line - 1] ?? text.length) + column - 1;
    },
  };
}
