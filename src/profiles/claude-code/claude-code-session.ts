// What a Claude Code 2.1.332 session file (`~/.claude/projects/<key>/<uuid>.jsonl`) fixes for the next request,
// as read by session-log/harness/read-claude-code-session.ts. Types only (pure).
import type { SessionUsage } from "../../model/logged-usage.js";
import type { ClaudeCodeMemoryFile } from "./claude-code-turn.js";

/** A content block as Claude Code stored and re-sends it (key order kept). */
export type AnthropicBlock = { type: string; [key: string]: unknown };

/** A message of the conversation so far, as Claude Code sends it again (no cache breakpoint yet). */
export interface AnthropicMessage {
  role: "user" | "assistant" | "system";
  /** A string for a plain user prompt or a system message; blocks otherwise. */
  content: string | AnthropicBlock[];
  /** Only the session's first system message carries the turn's effort (`output_config`). */
  output_config?: { [key: string]: unknown };
}

export interface ClaudeCodeSession {
  sessionId: string;
  cwd?: string;
  /** The first prompt's text: the billing fingerprint of every later request stays the first request's. */
  firstPrompt: string;
  messages: AnthropicMessage[];
  /** The instruction files as the model last saw each of them (later re-reads replace earlier copies by path). */
  instructions: Pick<ClaudeCodeMemoryFile, "path" | "kind" | "content">[];
  /** The date the model was last told. */
  date?: string;
  /** Names of the skills listed to the model so far (undefined: the file never listed any). */
  skillNames?: string[];
  /** The model of the last reply. */
  model?: string;
  /** The compactions on the chain, oldest first: the summary message's text and what the boundary recorded. */
  compactions: { line: number; summary: string; trigger?: string; tokensBefore?: number }[];
  /** Every model request the file records, once each (a reply re-written by a resume is counted once), what each
   * sent, and the events between them. */
  usage: SessionUsage;
}
