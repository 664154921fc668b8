// Which agent wrote a JSONL session file, judged by its first records (pi's header, Gemini CLI's chat header,
// Copilot CLI's start event, Claude Code's linked entries). Pure.
import type { HarnessSessionFormat } from "../../profiles/harness-session.js";
import { isRecord } from "./parse-json-lines.js";

/** How many leading records are looked at (a Claude Code file opens with bookkeeping lines). */
export const SNIFF_RECORDS = 20;

export function detectHarnessFormat(first: readonly unknown[]): HarnessSessionFormat | undefined {
  const head = first[0];
  if (isRecord(head) && head.type === "session" && typeof head.version === "number") return "pi-jsonl";
  if (isRecord(head) && typeof head.sessionId === "string" && typeof head.projectHash === "string")
    return "gemini-cli-jsonl";
  if (isRecord(head) && head.type === "session.start" && isRecord(head.data) && typeof head.data.sessionId === "string")
    return "copilot-jsonl";
  if (first.slice(0, SNIFF_RECORDS).some((r) => isRecord(r) && "parentUuid" in r && typeof r.sessionId === "string"))
    return "claude-code-jsonl";
  return undefined;
}
