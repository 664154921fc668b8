// A JSONL log's lines read from disk in fixed-size chunks, so a gigabyte log is walked in bounded memory: each line
// decoded on its own; a line over the line cap skipped undecoded (yielded empty). Does IO (node:fs).
import { closeSync, openSync, readSync } from "node:fs";
import type { LogLine } from "../session-log/parse-rollout.js";

const CHUNK_BYTES = 1024 * 1024;
const decoder = new TextDecoder("utf-8", { ignoreBOM: false });

/** The lines of `path`; `onLongLine` hears of each line over `maxLineBytes` (it is yielded as an empty line). */
export function* readLogLines(
  path: string,
  maxLineBytes: number,
  onLongLine: (lineNo: number, bytes: number) => void = () => {},
): Generator<LogLine> {
  const fd = openSync(path, "r");
  try {
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    let parts: Buffer[] = [];
    let partBytes = 0;
    let tooLong = false;
    let lineNo = 0;
    const finish = (unterminated: boolean): LogLine => {
      lineNo++;
      if (tooLong) onLongLine(lineNo, partBytes);
      const text = tooLong ? "" : decoder.decode(Buffer.concat(parts, partBytes));
      parts = [];
      partBytes = 0;
      tooLong = false;
      return { text, lineNo, unterminated };
    };
    const take = (b: Buffer) => {
      partBytes += b.length;
      if (partBytes > maxLineBytes) tooLong = true;
      else parts.push(Buffer.from(b));
    };
    for (;;) {
      const n = readSync(fd, chunk, 0, CHUNK_BYTES, null);
      if (n === 0) break;
      let start = 0;
      for (let nl = chunk.indexOf(0x0a, start); nl >= 0 && nl < n; nl = chunk.indexOf(0x0a, start)) {
        take(chunk.subarray(start, nl));
        yield finish(false);
        start = nl + 1;
      }
      if (start < n) take(chunk.subarray(start, n));
    }
    if (partBytes > 0 || parts.length > 0) yield finish(true);
  } finally {
    closeSync(fd);
  }
}
