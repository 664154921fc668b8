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

type JsonRecord = { [k: string]: unknown };

/**
 * What a scan needs of a line, judged on its raw text before decoding: the record, a stand-in for it, or nothing.
 * A JSON string holds a quote only escaped, so a `"key":"value"` pattern in the text is the record's own.
 */
type Prefilter = (text: string) => JsonRecord | "parse" | "skip";

const CLAUDE_CODE_NEEDED = [
  '"type":"assistant"',
  '"type":"attachment"',
  '"type":"api-request',
  "compact_boundary",
  '"isCompactSummary"',
];
/** Claude Code: replies, attachments, request records and compactions; a user entry's tool results are skipped. */
const claudeCodeLines: Prefilter = (text) =>
  text.includes('"type":"user"') && !text.includes('"isCompactSummary"')
    ? "skip"
    : CLAUDE_CODE_NEEDED.some((k) => text.includes(k))
      ? "parse"
      : "skip";

const ROLLOUT_ITEM =
  /^\{"timestamp":"([^"]*)",(?:"ordinal":\d+,)?"type":"response_item","payload":\{"type":"([a-z_]+)"(?:,"id":"[^"\\]*")?(?:,"role":"([a-z]+)")?/;
/** Codex: a history item matters only as reply or input, which its first keys say (the item is not decoded). */
const rolloutLines: Prefilter = (text) => {
  const m = ROLLOUT_ITEM.exec(text);
  // A message's role decides; when the keys come in another order, decode it.
  if (m === null || (m[2] === "message" && m[3] === undefined)) return "parse";
  return {
    timestamp: m[1],
    type: "response_item",
    payload: m[3] === undefined ? { type: m[2] } : { type: m[2], role: m[3] },
  };
};

/** Walks the lines once, handing each JSON object (or the prefilter's stand-in) to `add`. */
function foldLines(
  lines: Iterable<LogLine>,
  add: (record: JsonRecord, lineNo: number) => void,
  prefilter: Prefilter = () => "parse",
): void {
  for (const { text, lineNo } of lines) {
    if (text.trim() === "") continue;
    const pre = prefilter(text);
    if (pre === "skip") continue;
    if (pre !== "parse") {
      add(pre, lineNo);
      continue;
    }
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
    const fold = createClaudeCodeUsageFold({ layers: false });
    let sessionId: string | undefined;
    foldLines(
      lines(),
      (r, n) => {
        sessionId ??= typeof r.sessionId === "string" ? r.sessionId : undefined;
        fold.add(r, n);
      },
      claudeCodeLines,
    );
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
    foldLines(
      lines(),
      (r, n) => {
        if (r.type === "session_meta" && isJsonObject(r.payload)) {
          sessionId ??= typeof r.payload.id === "string" ? r.payload.id : undefined;
          originator ??= typeof r.payload.originator === "string" ? r.payload.originator : undefined;
        }
        fold.add(r, n);
      },
      rolloutLines,
    );
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
