// --fix passes composed into one list of edits on the original text, so a writer can change exactly the bytes
// the fixes touched (each pass's fixes are in the coordinates of that pass's text). Pure.
import type { Fix } from "./define-rule.js";

/** A replacement of original text [start, end) by `text`. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** The current text as pieces: ranges of the original, or text a fix inserted. */
export type EditPieces = ({ kind: "original"; start: number; end: number } | { kind: "inserted"; text: string })[];

export function startPieces(length: number): EditPieces {
  return length === 0 ? [] : [{ kind: "original", start: 0, end: length }];
}

const pieceLength = (p: EditPieces[number]): number => (p.kind === "original" ? p.end - p.start : p.text.length);

/** Applies fixes (sorted, non-overlapping, in the current text's coordinates) to the pieces. Linear in both. */
export function applyToPieces(pieces: EditPieces, fixes: readonly Fix[]): EditPieces {
  const out: EditPieces = [];
  const push = (p: EditPieces[number]): void => {
    if (pieceLength(p) === 0) return;
    const last = out[out.length - 1];
    if (p.kind === "inserted" && last?.kind === "inserted") last.text += p.text;
    else if (p.kind === "original" && last?.kind === "original" && last.end === p.start) last.end = p.end;
    else out.push({ ...p });
  };
  // A reader over the pieces' text, moving forward only: i is the piece, at its start in the current text.
  let i = 0;
  let at = 0;
  /** Emits the current text [from, to) and leaves the reader at `to`. */
  const copy = (from: number, to: number): void => {
    while (i < pieces.length && from < to) {
      const p = pieces[i] as EditPieces[number];
      const len = pieceLength(p);
      if (at + len <= from) {
        at += len;
        i++;
        continue;
      }
      const a = from - at;
      const b = Math.min(to, at + len) - at;
      push(
        p.kind === "original"
          ? { kind: "original", start: p.start + a, end: p.start + b }
          : { kind: "inserted", text: p.text.slice(a, b) },
      );
      from = at + b;
    }
  };
  let cursor = 0;
  let total = 0;
  for (const p of pieces) total += pieceLength(p);
  for (const fix of fixes) {
    copy(cursor, fix.start);
    push({ kind: "inserted", text: fix.text });
    cursor = Math.max(cursor, fix.end);
  }
  copy(cursor, total);
  return out;
}

/** The edits on the original text (sorted, non-overlapping) that turn it into the pieces' text. */
export function editsOfPieces(pieces: EditPieces, originalLength: number): TextEdit[] {
  const edits: TextEdit[] = [];
  let cursor = 0;
  let pending = "";
  for (const p of pieces) {
    if (p.kind === "inserted") {
      pending += p.text;
      continue;
    }
    if (p.start !== cursor || pending !== "") edits.push({ start: cursor, end: p.start, text: pending });
    pending = "";
    cursor = p.end;
  }
  if (cursor !== originalLength || pending !== "") edits.push({ start: cursor, end: originalLength, text: pending });
  return edits;
}
