// The JSON objects of an agent's JSONL session file, line by line; a line that is not a JSON object is skipped
// with a diagnostic (a cut-off last line as `session/truncated-line`). Pure.
import { diagnostic, type Diagnostic } from "../../model/diagnostic.js";
import { oneLine } from "../../model/one-line.js";
import type { LogLine } from "../parse-rollout.js";

export type JsonRecord = { [key: string]: unknown };

export interface JsonLineRecord {
  lineNo: number;
  value: JsonRecord;
}

export const isRecord = (v: unknown): v is JsonRecord => v !== null && typeof v === "object" && !Array.isArray(v);

export function parseJsonLines(lines: Iterable<LogLine>, file: string, diagnostics: Diagnostic[]): JsonLineRecord[] {
  const records: JsonLineRecord[] = [];
  for (const { text, lineNo, unterminated } of lines) {
    const line = text.trim();
    if (line === "") continue;
    const at = { file, place: { line: lineNo, column: 1 } };
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      const rule = unterminated ? "session/truncated-line" : "session/malformed-line";
      const why = unterminated ? "the last line is cut off (no closing newline)" : oneLine((err as Error).message);
      diagnostics.push(diagnostic(rule, "warning", `line ${lineNo} is not valid JSON (${why}); skipped`, at));
      continue;
    }
    if (!isRecord(value)) {
      diagnostics.push(
        diagnostic("session/malformed-line", "warning", `line ${lineNo} is not a JSON object; skipped`, at),
      );
      continue;
    }
    records.push({ lineNo, value });
  }
  return records;
}
