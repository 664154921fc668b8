// `promptc compact` on another agent's session file: pi (~/.pi/agent/sessions/…), Gemini CLI
// (~/.gemini/tmp/…/chats/…) or Claude Code (~/.claude/projects/…) JSONL, recognised by its records, read as history
// items with the prose its earlier compactions recorded. Does IO (reads the file through the Host).
import type { CompactStrategyName } from "../../compact/compact-options.js";
import { HARNESS_COMPACT_STAND_INS } from "../../compact/harness-compact-prose.js";
import { isClaudeCodeTranscriptRecord, parseClaudeCodeTranscript } from "../../compact/parse-claude-code-transcript.js";
import { isGeminiChatHeader, parseGeminiChat } from "../../compact/parse-gemini-chat.js";
import { isPiSessionHeader, parsePiSession, type AgentSessionItems } from "../../compact/parse-pi-session.js";
import { renderPiSummary } from "../../compact/pi-strategy.js";
import type { Host } from "../../host/host.js";
import { diagnostic, type Diagnostic, type Result } from "../../model/diagnostic.js";
import { readSessionLogContent } from "../../session-log/read-session-log.js";
import { linesOfText } from "../../session-log/parse-rollout.js";
import { parseJsonLines } from "../../session-log/harness/parse-json-lines.js";
import type { Input } from "./compact-input-type.js";

/** How many leading records are looked at to recognise a Claude Code transcript (its first lines are bookkeeping). */
const SNIFF_RECORDS = 20;

function jsonRecords(host: Pick<Host, "readBytes">, path: string, diagnostics: Diagnostic[]): unknown[] | undefined {
  const content = readSessionLogContent(host, path, diagnostics);
  if (!content) return undefined;
  const lines = content.kind === "lines" ? content.lines() : linesOfText(content.text);
  return parseJsonLines(lines, path, diagnostics).map((r) => r.value);
}

function asInput(
  format: string,
  strategy: CompactStrategyName,
  items: AgentSessionItems,
  lineCount: number,
  prose: Input["prose"],
  summaryTexts: string[] = [],
): Input {
  return {
    format,
    strategy,
    ...(prose ? { prose } : {}),
    log: {
      format: "item-lines",
      meta: items.cwd !== undefined ? { cwd: items.cwd } : {},
      history: items.history,
      compactions: [],
      summaryTexts,
      lineCount,
      ...(items.model !== undefined ? { model: items.model } : {}),
      ...(items.cwd !== undefined ? { cwd: items.cwd } : {}),
      ...(items.lastTotalTokens !== undefined ? { lastTotalTokens: items.lastTotalTokens } : {}),
    },
  };
}

/** The file as an agent session, or undefined (value) when it is none of the three formats. */
export function loadAgentSession(host: Pick<Host, "readBytes">, path: string): Result<Input | undefined> {
  const diagnostics: Diagnostic[] = [];
  const records = jsonRecords(host, path, diagnostics);
  if (!records || records.length === 0) return { value: undefined, diagnostics: [] };
  const first = records[0];
  if (isPiSessionHeader(first)) {
    // pi stores a summary's body only: rendered with a stand-in lead, and known as a summary by its exact text.
    const render = (body: string) => renderPiSummary(HARNESS_COMPACT_STAND_INS.piLead, body);
    const items = parsePiSession(records, render);
    return {
      value: asInput("pi session", "pi", items, records.length, undefined, items.summaries.map(render)),
      diagnostics,
    };
  }
  if (isGeminiChatHeader(first)) {
    const items = parseGeminiChat(records);
    const prose = items.acknowledgement !== undefined ? { geminiAcknowledgement: items.acknowledgement } : undefined;
    return {
      value: asInput("Gemini CLI chat", "gemini-cli", items, records.length, prose),
      diagnostics,
    };
  }
  if (records.slice(0, SNIFF_RECORDS).some(isClaudeCodeTranscriptRecord)) {
    const items = parseClaudeCodeTranscript(records);
    const prose = items.lead !== undefined ? { claudeCodeLead: items.lead } : undefined;
    return {
      value: asInput("Claude Code transcript", "claude-code", items, records.length, prose),
      diagnostics,
    };
  }
  return { value: undefined, diagnostics: [] };
}
