// `promptc compact` on another agent's session file: pi (~/.pi/agent/sessions/…), Gemini CLI
// (~/.gemini/tmp/…/chats/…) or Claude Code (~/.claude/projects/…) JSONL, recognised by its records, read as history
// items with the prose its earlier compactions recorded — through session-log/'s one reader per format. Does IO
// (reads the file through the Host).
import type { CompactStrategyName } from "../../compact/compact-options.js";
import { HARNESS_COMPACT_STAND_INS } from "../../compact/harness-compact-prose.js";
import type { AgentSessionItems } from "../../compact/agent-session-items.js";
import { buildClaudeCodeSessionItems } from "../../compact/claude-code-session-history.js";
import { buildGeminiSessionItems } from "../../compact/gemini-session-history.js";
import { buildPiSessionItems } from "../../compact/pi-session-history.js";
import { renderPiSummary } from "../../compact/pi-strategy.js";
import type { Host } from "../../host/host.js";
import type { Diagnostic, Result } from "../../model/diagnostic.js";
import { readAgentSession } from "../../session-log/harness/read-agent-session.js";
import type { Input } from "./compact-input-type.js";

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
  const read = readAgentSession(host, path, diagnostics);
  if (read === undefined) return { value: undefined, diagnostics: [] };
  switch (read.format) {
    case "pi-jsonl": {
      // pi stores a summary's body only: rendered with a stand-in lead, and known as a summary by its exact text.
      const render = (body: string) => renderPiSummary(HARNESS_COMPACT_STAND_INS.piLead, body);
      const items = buildPiSessionItems(read.session, render);
      return {
        value: asInput("pi session", "pi", items, read.lineCount, undefined, items.summaries.map(render)),
        diagnostics,
      };
    }
    case "gemini-cli-jsonl": {
      const items = buildGeminiSessionItems(read.session);
      const prose = items.acknowledgement !== undefined ? { geminiAcknowledgement: items.acknowledgement } : undefined;
      return { value: asInput("Gemini CLI chat", "gemini-cli", items, read.lineCount, prose), diagnostics };
    }
    case "claude-code-jsonl": {
      const items = buildClaudeCodeSessionItems(read.session);
      const prose = items.lead !== undefined ? { claudeCodeLead: items.lead } : undefined;
      return { value: asInput("Claude Code transcript", "claude-code", items, read.lineCount, prose), diagnostics };
    }
    case "copilot-jsonl":
      return { value: undefined, diagnostics: [] };
    default: {
      const never: never = read;
      return never;
    }
  }
}
