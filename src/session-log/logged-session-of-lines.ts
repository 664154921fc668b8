// Any session log promptc reads, from its lines, as a LoggedSession: another agent's file through that format's
// one reader, a Codex rollout or promptc log through the rollout reader with its requests rebuilt. `scan` (the
// session listing) walks Codex's and Claude Code's files once, through the same usage folds their readers use,
// so a gigabyte log is read in bounded memory (no history, no rebuilt requests). Pure.
import type { Diagnostic } from "../model/diagnostic.js";
import { isJsonObject } from "../model/json-value.js";
import { createCodexUsageFold } from "./codex-usage-fold.js";
import { createClaudeCodeUsageFold } from "./harness/claude-code-usage-fold.js";
import { detectHarnessFormat } from "./harness/detect-harness-format.js";
import { firstRecords, parseAgentSession } from "./harness/read-agent-session.js";
import {
  AGENT_USAGE_SEMANTICS,
  loggedSessionOfAgent,
  loggedSessionOfRollout,
  type LoggedSession,
} from "./logged-session.js";
import { parseRolloutLines, type LogLine } from "./parse-rollout.js";
import { requestsFromLog } from "./requests-from-log.js";

export interface LoggedSessionOptions {
  /** Read only usage and events (no history, no rebuilt requests), streaming where the format allows. */
  scan?: boolean;
}

/** Walks the lines once, handing each JSON object to `add`. */
function foldLines(lines: Iterable<LogLine>, add: (record: { [k: string]: unknown }, lineNo: number) => void): void {
  for (const { text, lineNo } of lines) {
    if (text.trim() === "") continue;
    let v: unknown;
    try {
      v = JSON.parse(text);
    } catch {
      continue;
    }
    if (isJsonObject(v)) add(v, lineNo);
  }
}

export function loggedSessionOfLines(
  lines: () => Iterable<LogLine>,
  path: string,
  diagnostics: Diagnostic[],
  options: LoggedSessionOptions = {},
): LoggedSession | undefined {
  const head = firstRecords(lines());
  const format = detectHarnessFormat(head);
  if (format === "claude-code-jsonl" && options.scan) {
    const fold = createClaudeCodeUsageFold();
    let sessionId: string | undefined;
    foldLines(lines(), (r, n) => {
      sessionId ??= typeof r.sessionId === "string" ? r.sessionId : undefined;
      fold.add(r, n);
    });
    const s: LoggedSession = {
      agent: "claude-code",
      provider: "anthropic",
      semantics: AGENT_USAGE_SEMANTICS["claude-code"],
      usage: fold.result(),
      notes: [],
    };
    if (sessionId !== undefined) s.sessionId = sessionId;
    return s;
  }
  if (format !== undefined) {
    const read = parseAgentSession(format, lines, path, diagnostics);
    return read && loggedSessionOfAgent(read);
  }
  const isRollout = head.some((r) => isJsonObject(r) && "payload" in r);
  if (!isRollout) return undefined;
  if (options.scan) {
    const fold = createCodexUsageFold();
    let sessionId: string | undefined;
    let originator: string | undefined;
    foldLines(lines(), (r, n) => {
      if (r.type === "session_meta" && isJsonObject(r.payload)) {
        sessionId ??= typeof r.payload.id === "string" ? r.payload.id : undefined;
        originator ??= typeof r.payload.originator === "string" ? r.payload.originator : undefined;
      }
      fold.add(r, n);
    });
    const s: LoggedSession = {
      agent: originator === "promptc" ? "promptc" : "codex",
      provider: "openai",
      semantics: AGENT_USAGE_SEMANTICS.codex,
      usage: fold.result(),
      notes: [],
    };
    if (sessionId !== undefined) s.sessionId = sessionId;
    return s;
  }
  const log = parseRolloutLines(lines(), { file: path });
  diagnostics.push(...log.diagnostics);
  const requests = requestsFromLog(lines, { file: path });
  return loggedSessionOfRollout(log.value, requests.value);
}
