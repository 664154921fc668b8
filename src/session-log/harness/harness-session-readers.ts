// One reader per agent session-file format (the format a harness profile's `session.format` names). Pure.
import type { Result } from "../../model/diagnostic.js";
import type { HarnessSessionFormat } from "../../profiles/harness-session.js";
import type { LogLine } from "../parse-rollout.js";
import { parseCopilotSession } from "./read-copilot-session.js";
import { parseClaudeCodeSession } from "./read-claude-code-session.js";
import { parseGeminiSession } from "./read-gemini-session.js";
import { parsePiSession } from "./read-pi-session.js";

export type HarnessSessionReader = (lines: Iterable<LogLine>, file: string) => Result<unknown>;

export const HARNESS_SESSION_READERS: { readonly [F in HarnessSessionFormat]: HarnessSessionReader } = {
  "claude-code-jsonl": parseClaudeCodeSession,
  "gemini-cli-jsonl": parseGeminiSession,
  "pi-jsonl": parsePiSession,
  "copilot-jsonl": parseCopilotSession,
};
