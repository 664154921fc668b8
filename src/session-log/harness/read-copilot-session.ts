// Reads a Copilot CLI 1.0.102 session file (`~/.copilot/session-state/<uuid>/events.jsonl`): the session's ids and
// folder, the model and system message as last recorded, the main agent's conversation (user messages as sent,
// with their `<current_datetime>` wrapper; replies with their tool requests; tool results) after rewinds, the
// compactions, and the usage of every model request. Pure; bad lines and events are diagnostics.
import { diagnostic, type Diagnostic, type Result } from "../../model/diagnostic.js";
import type { LoggedUsage } from "../../model/logged-usage.js";
import type { CopilotMessage, CopilotSession, CopilotToolRequest } from "../../profiles/copilot/copilot-session.js";
import type { LogLine } from "../parse-rollout.js";
import { isRecord, parseJsonLines, type JsonLineRecord, type JsonRecord } from "./parse-json-lines.js";

const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);

/** The events left after every `session.snapshot_rewind` (the rewind events themselves dropped). */
function afterRewinds(records: JsonLineRecord[]): JsonLineRecord[] {
  let kept: JsonLineRecord[] = [];
  for (const r of records) {
    const data = isRecord(r.value.data) ? r.value.data : {};
    if (r.value.type !== "session.snapshot_rewind") {
      kept.push(r);
      continue;
    }
    const ids = Array.isArray(data.eventIds) ? new Set(data.eventIds) : undefined;
    if (ids !== undefined) kept = kept.filter((k) => !ids.has(k.value.id));
    else {
      const at = kept.findIndex((k) => k.value.id === data.upToEventId);
      if (at >= 0) kept = kept.slice(0, at);
    }
  }
  return kept;
}

/** Copilot CLI's usage figures (input counts cached tokens, as the OpenAI figures it records do). */
function usageOf(u: JsonRecord, kind: LoggedUsage["kind"], line: number, at: string | undefined): LoggedUsage {
  const out: LoggedUsage = {
    kind,
    line,
    input: num(u.inputTokens),
    cached: num(u.cacheReadTokens),
    cacheWrite: num(u.cacheWriteTokens),
    output: num(u.outputTokens),
  };
  if (at !== undefined) out.at = at;
  if (typeof u.model === "string") out.model = u.model;
  if (typeof u.apiCallId === "string") out.id = u.apiCallId;
  if (typeof u.reasoningTokens === "number") out.reasoning = u.reasoningTokens;
  return out;
}

function toolRequestsOf(v: unknown): CopilotToolRequest[] {
  if (!Array.isArray(v)) return [];
  return v.filter(isRecord).flatMap((t) => {
    if (typeof t.toolCallId !== "string" || typeof t.name !== "string") return [];
    const req: CopilotToolRequest = { toolCallId: t.toolCallId, name: t.name, arguments: t.arguments };
    if (typeof t.type === "string") req.type = t.type;
    if (typeof t.intentionSummary === "string") req.intentionSummary = t.intentionSummary;
    return [req];
  });
}

/** The text a tool result sent to the model (its concise `content`, else the error message). */
function toolResultText(data: JsonRecord): string {
  if (isRecord(data.result) && typeof data.result.content === "string") return data.result.content;
  if (isRecord(data.error) && typeof data.error.message === "string") return data.error.message;
  return "";
}

export function parseCopilotSession(lines: Iterable<LogLine>, file: string): Result<CopilotSession | undefined> {
  const diagnostics: Diagnostic[] = [];
  const records = afterRewinds(parseJsonLines(lines, file, diagnostics));
  const session: CopilotSession = { sessionId: "", messages: [], compactions: [], usage: [] };
  const usageIds = new Set<string>();
  const addUsage = (u: LoggedUsage) => {
    if (u.id !== undefined && usageIds.has(u.id)) return;
    if (u.id !== undefined) usageIds.add(u.id);
    session.usage.push(u);
  };
  for (const { lineNo, value: e } of records) {
    const data = isRecord(e.data) ? e.data : undefined;
    if (data === undefined || typeof e.type !== "string") continue;
    const at = str(e.timestamp);
    const subagent = typeof e.agentId === "string" || typeof data.parentToolCallId === "string";
    const bad = (why: string) =>
      diagnostics.push(
        diagnostic("session/malformed-item", "warning", `line ${lineNo}: ${why}; skipped`, {
          file,
          place: { line: lineNo, column: 1 },
        }),
      );
    switch (e.type) {
      case "session.start":
      case "session.resume": {
        if (e.type === "session.start" && typeof data.sessionId === "string") session.sessionId = data.sessionId;
        if (typeof data.copilotVersion === "string") session.copilotVersion = data.copilotVersion;
        if (typeof data.selectedModel === "string") session.model = data.selectedModel;
        const context = isRecord(data.context) ? data.context : {};
        if (typeof context.cwd === "string") session.cwd = context.cwd;
        if (typeof context.gitRoot === "string") session.gitRoot = context.gitRoot;
        break;
      }
      case "session.model_change":
        if (typeof data.newModel === "string") session.model = data.newModel;
        break;
      case "system.message":
        if (typeof data.content === "string" && !subagent) session.instructions = data.content;
        break;
      case "user.message": {
        if (subagent) break;
        const content = str(data.transformedContent) ?? str(data.content);
        if (content === undefined) bad("a user message without content");
        else session.messages.push({ role: "user", content, messageId: str(data.messageId) ?? "" });
        break;
      }
      case "assistant.message": {
        if (subagent) break;
        if (typeof data.content !== "string") {
          bad("an assistant message without content");
          break;
        }
        const m: CopilotMessage = {
          role: "assistant",
          content: data.content,
          messageId: str(data.messageId) ?? "",
          toolRequests: toolRequestsOf(data.toolRequests),
        };
        if (typeof data.model === "string") m.model = data.model;
        if (typeof data.apiCallId === "string") m.apiCallId = data.apiCallId;
        if (typeof data.reasoningText === "string") m.reasoningText = data.reasoningText;
        if (typeof data.encryptedContent === "string") m.encryptedContent = data.encryptedContent;
        session.messages.push(m);
        break;
      }
      case "tool.execution_complete":
        if (subagent) break;
        if (typeof data.toolCallId !== "string") bad("a tool result without a call id");
        else
          session.messages.push({
            role: "tool",
            toolCallId: data.toolCallId,
            content: toolResultText(data),
            success: data.success === true,
          });
        break;
      case "session.usage_record":
      case "assistant.usage": {
        const u = e.type === "assistant.usage" ? data : data.usage;
        if (isRecord(u)) addUsage(usageOf(u, subagent ? "subagent" : "turn", lineNo, at));
        break;
      }
      case "session.compaction_complete": {
        if (isRecord(data.compactionTokensUsed)) {
          const used = { model: data.model, ...data.compactionTokensUsed };
          addUsage(usageOf(used, "compaction", lineNo, at));
        }
        if (data.success !== true) break;
        const c: CopilotSession["compactions"][number] = { line: lineNo };
        if (typeof data.summaryContent === "string") c.summary = data.summaryContent;
        if (typeof data.messagesRemoved === "number") c.messagesRemoved = data.messagesRemoved;
        if (typeof data.preCompactionTokens === "number") c.tokensBefore = data.preCompactionTokens;
        if (typeof data.postCompactionTokens === "number") c.tokensAfter = data.postCompactionTokens;
        session.compactions.push(c);
        diagnostics.push(
          diagnostic(
            "session/unsupported-item",
            "warning",
            `line ${lineNo}: a Copilot CLI compaction; promptc keeps the messages before it as they are`,
            { file, place: { line: lineNo, column: 1 } },
          ),
        );
        break;
      }
    }
  }
  if (session.sessionId === "") {
    diagnostics.push(
      diagnostic("session/unknown-format", "error", `${file}: no Copilot CLI session.start event found`, { file }),
    );
    return { value: undefined, diagnostics };
  }
  return { value: session, diagnostics };
}
