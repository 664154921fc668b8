// How each agent's own session log counts a request's tokens (the agents differ; `promptc sessions` names it), and
// which agents' logs promptc reports on. Pure data.
import type { UsageSemantics } from "../model/logged-usage.js";

/** The agents whose session logs promptc reads (their profile ids). */
export type SessionAgent = "codex" | "claude-code" | "gemini-cli" | "pi" | "copilot" | "promptc";

export const SESSION_AGENTS: readonly SessionAgent[] = [
  "codex",
  "claude-code",
  "gemini-cli",
  "pi",
  "copilot",
  "promptc",
];

/** Codex, promptc, Gemini CLI and Copilot CLI log cached tokens inside input; Claude Code and pi apart from it. */
export const AGENT_USAGE_SEMANTICS: { readonly [a in SessionAgent]: UsageSemantics } = {
  codex: "input-includes-cached",
  promptc: "input-includes-cached",
  "gemini-cli": "input-includes-cached",
  copilot: "input-includes-cached",
  "claude-code": "input-excludes-cached",
  pi: "input-excludes-cached",
};
