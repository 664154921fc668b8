// Finds the real Claude Code CLI for conformance tests: $CLAUDE_BIN, then /tmp/claude, then an npm install into a
// cache folder under the temp dir. Returns the binary or the reason it cannot be had (the tests then skip).
import { findNpmAgent, type FindAgentResult } from "./find-codex.js";

/** The version the capture view was checked against (2026-11-29). */
export const CLAUDE_CODE_VERSION = "2.1.197";

export type FindClaudeResult = FindAgentResult;

export function findClaudeCode(): FindClaudeResult {
  return findNpmAgent({
    envVar: "CLAUDE_BIN",
    candidates: ["/tmp/claude/node_modules/.bin/claude"],
    pkg: `@anthropic-ai/claude-code@${CLAUDE_CODE_VERSION}`,
    bin: "claude",
    cacheName: "promptc-claude-cache",
    version: CLAUDE_CODE_VERSION,
  });
}
