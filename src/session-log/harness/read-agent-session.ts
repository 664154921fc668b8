// Reads another agent's session file through the Host (the one session-log reader, with its size and line caps),
// recognises its format and parses it with that format's one reader. IO via Host.
import type { Host } from "../../host/host.js";
import type { Diagnostic } from "../../model/diagnostic.js";
import type { HarnessSessionFormat } from "../../profiles/harness-session.js";
import type { ClaudeCodeSession } from "../../profiles/claude-code/claude-code-session.js";
import type { CopilotSession } from "../../profiles/copilot/copilot-session.js";
import type { GeminiSession } from "../../profiles/gemini-cli/gemini-session.js";
import type { PiSession } from "../../profiles/pi/pi-session.js";
import { type LogLine, linesOfText } from "../parse-rollout.js";
import { readSessionLogContent } from "../read-session-log.js";
import { detectHarnessFormat, SNIFF_RECORDS } from "./detect-harness-format.js";
import { parseClaudeCodeSession } from "./read-claude-code-session.js";
import { parseCopilotSession } from "./read-copilot-session.js";
import { parseGeminiSession } from "./read-gemini-session.js";
import { parsePiSession } from "./read-pi-session.js";

export type AgentSession = { lineCount: number } & (
  | { format: "claude-code-jsonl"; session: ClaudeCodeSession }
  | { format: "gemini-cli-jsonl"; session: GeminiSession }
  | { format: "pi-jsonl"; session: PiSession }
  | { format: "copilot-jsonl"; session: CopilotSession }
);

/** The first records that parse as JSON (for recognising the format; bad lines are reported by the reader). */
export function firstRecords(lines: Iterable<LogLine>, max = SNIFF_RECORDS): unknown[] {
  const out: unknown[] = [];
  for (const { text } of lines) {
    if (out.length >= max) break;
    if (text.trim() === "") continue;
    try {
      out.push(JSON.parse(text));
    } catch {
      // Not JSON: the reader reports it.
    }
  }
  return out;
}

/** Undefined when the file cannot be read or is none of the agents' formats (diagnostics say why). */
export function readAgentSession(
  host: Pick<Host, "readBytes">,
  path: string,
  diagnostics: Diagnostic[],
): AgentSession | undefined {
  const content = readSessionLogContent(host, path, diagnostics);
  if (content === undefined) return undefined;
  const lines = content.kind === "lines" ? content.lines : () => linesOfText(content.text);
  const format = detectHarnessFormat(firstRecords(lines()));
  return format === undefined ? undefined : parseAgentSession(format, lines, path, diagnostics);
}

/** The file's lines (walked more than once) read by its format's reader. Pure. */
export function parseAgentSession(
  format: HarnessSessionFormat,
  lines: () => Iterable<LogLine>,
  path: string,
  diagnostics: Diagnostic[],
): AgentSession | undefined {
  let lineCount = 0;
  for (const l of lines()) if (l.text.trim() !== "") lineCount++;
  const parse = <T>(read: { value: T | undefined; diagnostics: Diagnostic[] }): T | undefined => {
    diagnostics.push(...read.diagnostics);
    return read.value;
  };
  switch (format) {
    case "claude-code-jsonl": {
      const session = parse(parseClaudeCodeSession(lines(), path));
      return session && { format, session, lineCount };
    }
    case "gemini-cli-jsonl": {
      const session = parse(parseGeminiSession(lines(), path));
      return session && { format, session, lineCount };
    }
    case "pi-jsonl": {
      const session = parse(parsePiSession(lines(), path));
      return session && { format, session, lineCount };
    }
    case "copilot-jsonl": {
      const session = parse(parseCopilotSession(lines(), path));
      return session && { format, session, lineCount };
    }
    default: {
      const never: never = format;
      return never;
    }
  }
}
