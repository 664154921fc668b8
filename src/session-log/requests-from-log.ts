// The model requests a session log stands for, rebuilt by replaying it: exactly from promptc's `request_sent`
// records, approximately from a Codex rollout (which logs no request boundaries). For `promptc diff LOG`. Pure.
import { diagnostic, type Diagnostic, type Result } from "../model/diagnostic.js";
import type { ResponseItem } from "../model/items.js";
import type { ResponsesRequest, ToolSpec } from "../model/request.js";
import { parseRolloutItem } from "./parse-rollout-item.js";
import { sentBaseInstructions } from "./resume-from-log.js";
import { isJsonObject, stringValue } from "../model/json-value.js";
import { linesOfText, type LogLine } from "./parse-rollout.js";

export type LoggedRequestBody = Partial<ResponsesRequest> & { input: ResponseItem[] };

export interface LoggedRequest {
  /** Line of the record the request was rebuilt from (`request_sent`, or the first reply item for a rollout). */
  line: number;
  request: LoggedRequestBody;
  /** false: boundaries inferred from a rollout; tools and parameters unknown (not compared). */
  exact: boolean;
}

export interface LoggedRequests {
  requests: LoggedRequest[];
  /** What the rebuild could not do exactly, for the reader (one sentence each). */
  notes: string[];
}

/** Items the model produced: a run of them follows each request in a rollout. */
const isModelOutput = (item: ResponseItem): boolean =>
  (item.type === "message" && item.role === "assistant") ||
  item.type === "function_call" ||
  item.type === "custom_tool_call" ||
  item.type === "reasoning" ||
  item.type === "web_search_call";

/**
 * `source`: the log's text, or its lines as `readSessionLogContent` reads them (a line over the cap already skipped);
 * the lines are walked twice (is it promptc's log with `request_sent` records, then the replay).
 */
export function requestsFromLog(
  source: string | (() => Iterable<LogLine>),
  options: { file?: string } = {},
): Result<LoggedRequests> {
  const lines = typeof source === "string" ? () => linesOfText(source) : source;
  const diagnostics: Diagnostic[] = [];
  const at = (line: number) => ({ ...(options.file ? { file: options.file } : {}), place: { line, column: 1 } });
  let exact = false;
  for (const l of lines()) {
    if (!l.text.includes('"request_sent"')) continue;
    exact = true;
    break;
  }
  const requests: LoggedRequest[] = [];
  let history: ResponseItem[] = [];
  let base: string | undefined;
  let model: string | undefined;
  let tools: ToolSpec[] | undefined;
  let instructions: string | undefined;
  // Rollout mode: the request of the latest reply, until a non-reply item (kept) or a compaction (dropped) follows.
  let pending: LoggedRequest | undefined;
  let inReply = false;
  let compactionRequests = 0;
  const settle = () => {
    if (pending) requests.push(pending);
    pending = undefined;
  };
  for (const { text: raw, lineNo: line } of lines()) {
    let record: unknown;
    try {
      record = raw.trim() === "" ? undefined : JSON.parse(raw);
    } catch {
      diagnostics.push(
        diagnostic("session/malformed-line", "warning", `line ${line} is not valid JSON; skipped`, at(line)),
      );
      continue;
    }
    if (!isJsonObject(record) || !isJsonObject(record.payload)) continue;
    const p = record.payload;
    switch (record.type) {
      case "session_meta": {
        const b = isJsonObject(p.base_instructions) ? stringValue(p.base_instructions.text) : undefined;
        if (b !== undefined) base = b;
        break;
      }
      case "turn_context":
        model = stringValue(p.model) ?? model;
        break;
      case "response_item": {
        const parsed = parseRolloutItem(p);
        if (!parsed.ok) break;
        if (!exact && isModelOutput(parsed.item) && !inReply) {
          settle();
          // 0.171.0 sends the session's base instructions first (never logged; no update_plan tool offered).
          const input = base !== undefined ? [baseItem(sentBaseInstructions(base, false)), ...history] : [...history];
          pending = { line, request: { ...(model !== undefined ? { model } : {}), input }, exact: false };
        }
        inReply = isModelOutput(parsed.item);
        if (!inReply) settle();
        history.push(parsed.item);
        break;
      }
      case "compacted": {
        // A reply that a compaction follows directly answered the summarisation request (its prompt is not logged).
        if (pending) {
          pending = undefined;
          compactionRequests++;
        }
        settle();
        inReply = false;
        if (Array.isArray(p.replacement_history))
          history = p.replacement_history.flatMap((i) => ((r) => (r.ok ? [r.item] : []))(parseRolloutItem(i)));
        else
          diagnostics.push(
            diagnostic(
              "session/legacy-compaction",
              "warning",
              `line ${line}: compaction without replacement_history; later requests are rebuilt from the history before it`,
              at(line),
            ),
          );
        break;
      }
      case "event_msg": {
        // Usage is reported once per response: the next reply item answers a new request.
        if (p.type === "token_count") inReply = false;
        if (p.type !== "request_sent") break;
        const n = typeof p.input_items === "number" ? p.input_items : -1;
        if (n < 0 || n > history.length) {
          diagnostics.push(
            diagnostic(
              "session/malformed-line",
              "warning",
              `line ${line}: request_sent names ${String(p.input_items)} input items but the history has ${history.length}; skipped`,
              at(line),
            ),
          );
          break;
        }
        if (Array.isArray(p.tools)) tools = p.tools as ToolSpec[];
        if (typeof p.instructions === "string") instructions = p.instructions;
        const params = isJsonObject(p.params) ? p.params : {};
        const request: LoggedRequestBody = {
          ...params,
          ...(instructions !== undefined && p.instructions_hash !== undefined ? { instructions } : {}),
          input: history.slice(0, n),
          ...(tools ? { tools } : {}),
        };
        requests.push({ line, request, exact: true });
        break;
      }
    }
  }
  settle();
  const notes: string[] = [];
  if (!exact && requests.length > 0) {
    notes.push(
      "rebuilt from a Codex rollout, which logs no request boundaries: a request is the history before each reply (its base instructions from session_meta); tools and request parameters are not logged, so they are not compared",
    );
  }
  if (compactionRequests > 0)
    notes.push(`${compactionRequests} compaction request(s) left out (their summarisation prompt is not logged)`);
  return { value: { requests, notes }, diagnostics };
}

const baseItem = (text: string): ResponseItem => ({
  type: "message",
  role: "developer",
  content: [{ type: "input_text", text }],
});
