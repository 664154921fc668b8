// --fix on bytes: maps edits of a file's decoded text back to the bytes it was decoded from, so everything a fix
// does not touch (encoding, BOM, line ends, invalid bytes) is written back unchanged. Pure.
import type { TextEdit } from "./compose-edits.js";

/** Decoded as the WHATWG UTF-8 decoder does (BOM dropped, U+FFFD per maximal invalid subpart), with byte offsets. */
interface MappedText {
  text: string;
  /** Byte offset where each UTF-16 unit's character starts; `[text.length]` is the end of the bytes. */
  offsets: Uint32Array;
  /** Units that are a U+FFFD standing for invalid bytes. */
  invalid: Uint8Array;
  anyInvalid: boolean;
}

function mapUtf8(bytes: Uint8Array): MappedText {
  const units: number[] = [];
  const starts: number[] = [];
  const bad: number[] = [];
  const emit = (cp: number, start: number, invalid: boolean): void => {
    if (cp > 0xffff) {
      const v = cp - 0x10000;
      units.push(0xd800 + (v >> 10), 0xdc00 + (v & 0x3ff));
      starts.push(start, start);
      bad.push(0, 0);
    } else {
      units.push(cp);
      starts.push(start);
      bad.push(invalid ? 1 : 0);
    }
  };
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  let needed = 0;
  let seen = 0;
  let cp = 0;
  let lower = 0x80;
  let upper = 0xbf;
  let seqStart = i;
  let anyInvalid = false;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    if (needed === 0) {
      seqStart = i;
      if (b <= 0x7f) emit(b, i, false);
      else if (b >= 0xc2 && b <= 0xdf) (needed = 1), (cp = b & 0x1f);
      else if (b >= 0xe0 && b <= 0xef) {
        if (b === 0xe0) lower = 0xa0;
        if (b === 0xed) upper = 0x9f;
        needed = 2;
        cp = b & 0xf;
      } else if (b >= 0xf0 && b <= 0xf4) {
        if (b === 0xf0) lower = 0x90;
        if (b === 0xf4) upper = 0x8f;
        needed = 3;
        cp = b & 0x7;
      } else {
        emit(0xfffd, i, true);
        anyInvalid = true;
      }
      i++;
      continue;
    }
    if (b < lower || b > upper) {
      // The sequence so far is one U+FFFD; this byte starts over (it is not consumed).
      emit(0xfffd, seqStart, true);
      anyInvalid = true;
      needed = seen = cp = 0;
      lower = 0x80;
      upper = 0xbf;
      continue;
    }
    lower = 0x80;
    upper = 0xbf;
    cp = (cp << 6) | (b & 0x3f);
    i++;
    if (++seen === needed) {
      emit(cp, seqStart, false);
      needed = seen = cp = 0;
    }
  }
  if (needed !== 0) {
    emit(0xfffd, seqStart, true);
    anyInvalid = true;
  }
  const offsets = new Uint32Array(units.length + 1);
  offsets.set(starts);
  offsets[units.length] = bytes.length;
  let text = "";
  for (let k = 0; k < units.length; k += 8192) text += String.fromCharCode(...units.slice(k, k + 8192));
  return { text, offsets, invalid: Uint8Array.from(bad), anyInvalid };
}

/** Above this many cells, a replaced range is not aligned character by character (its common ends still are). */
const MAX_ALIGN_CELLS = 1_000_000;

/** Splits one replacement into the smallest changed runs (common ends, then an LCS of what is left). */
function refine(old: string, next: string, start: number): TextEdit[] {
  let p = 0;
  while (p < old.length && p < next.length && old.charCodeAt(p) === next.charCodeAt(p)) p++;
  let s = 0;
  while (
    s < old.length - p &&
    s < next.length - p &&
    old.charCodeAt(old.length - 1 - s) === next.charCodeAt(next.length - 1 - s)
  )
    s++;
  const a = old.slice(p, old.length - s);
  const b = next.slice(p, next.length - s);
  if (a.length === 0 || b.length === 0 || a.length * b.length > MAX_ALIGN_CELLS)
    return a.length === 0 && b.length === 0 ? [] : [{ start: start + p, end: start + p + a.length, text: b }];
  const n = a.length;
  const m = b.length;
  const lcs = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i * (m + 1) + j] =
        a.charCodeAt(i) === b.charCodeAt(j)
          ? lcs[(i + 1) * (m + 1) + j + 1]! + 1
          : Math.max(lcs[(i + 1) * (m + 1) + j]!, lcs[i * (m + 1) + j + 1]!);
  const out: TextEdit[] = [];
  let i = 0;
  let j = 0;
  let open: TextEdit | undefined;
  while (i < n || j < m) {
    if (i < n && j < m && a.charCodeAt(i) === b.charCodeAt(j)) {
      open = undefined;
      i++;
      j++;
      continue;
    }
    if (!open) {
      open = { start: start + p + i, end: start + p + i, text: "" };
      out.push(open);
    }
    if (j < m && (i >= n || lcs[i * (m + 1) + j + 1]! >= lcs[(i + 1) * (m + 1) + j]!)) open.text += b[j++];
    else open.end = start + p + ++i;
  }
  return out;
}

export interface ByteEditPlan {
  bytes: Uint8Array;
  /** What the edits change besides the fixed text itself (shown by --fix-dry-run). */
  notes: string[];
}

/**
 * The file's bytes with `edits` (on `text`, the bytes' decoded form) applied and nothing else changed. New line
 * ends follow the file's when it uses CRLF throughout. Undefined when `text` is not what `bytes` decode to.
 */
export function planByteEdits(bytes: Uint8Array, text: string, edits: readonly TextEdit[]): ByteEditPlan | undefined {
  const mapped = mapUtf8(bytes);
  if (mapped.text !== text) return undefined;
  const crlf = text.includes("\r\n") && !/(^|[^\r])\n/.test(text);
  const lineOf = (offset: number): number => {
    let line = 1;
    for (let k = text.indexOf("\n"); k >= 0 && k < offset; k = text.indexOf("\n", k + 1)) line++;
    return line;
  };
  const notes: string[] = [];
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  let cursor = 0;
  for (const edit of edits) {
    const next = crlf ? edit.text.replace(/(^|[^\r])\n/g, "$1\r\n").replace(/(^|[^\r])\n/g, "$1\r\n") : edit.text;
    for (const run of refine(text.slice(edit.start, edit.end), next, edit.start)) {
      let { start, end } = run;
      let insert = run.text;
      // Never cut a surrogate pair: widen the run to whole characters.
      if (start > 0 && start < text.length && mapped.offsets[start] === mapped.offsets[start - 1])
        (insert = text[start - 1] + insert), start--;
      if (end > 0 && end < text.length && mapped.offsets[end] === mapped.offsets[end - 1]) (insert += text[end]), end++;
      if (mapped.invalid.subarray(start, end).includes(1))
        notes.push(`line ${lineOf(start)}: the fix replaces bytes that are not valid UTF-8`);
      if (mapped.anyInvalid && /[^\x00-\x7f]/.test(insert))
        notes.push(`line ${lineOf(start)}: the fix writes UTF-8 into a file that is not valid UTF-8`);
      const from = mapped.offsets[start] as number;
      chunks.push(bytes.subarray(cursor, from), encoder.encode(insert));
      cursor = mapped.offsets[end] as number;
    }
  }
  chunks.push(bytes.subarray(cursor));
  const total = chunks.reduce((n, c) => n + c.length, 0);
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return { bytes: out, notes };
}
