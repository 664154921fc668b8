// Everything the Claude Code 2.1.332 request is derived from, as data (discovered by
// discover/claude-code/load-claude-code-turn.ts, or written by hand in tests). Types only (pure).
import type { GitFacts } from "../../model/git-facts.js";

export interface ClaudeCodeMemoryFile {
  path: string;
  kind: "user" | "project" | "local";
  /** As sent: frontmatter and HTML comments removed, trimmed. */
  content: string;
  bytesIn: number;
  importedFrom?: string;
}

export interface ClaudeCodeSkillLine {
  /** The listed id (the skill's folder name). */
  name: string;
  /** Shown in parentheses after the id: the frontmatter name, when Claude Code shows it. */
  displayName?: string;
  description: string;
  path: string;
}

export interface ClaudeCodeTurn {
  cwd: string;
  /** The user's home (memory folder, ~/.claude). */
  home: string;
  /** undefined outside a git work tree (then no git reminder and `Is a git repository: false`). */
  git?: GitFacts;
  /** `linux`, `darwin`, `win32` (Node's platform names). */
  platform: string;
  /** `$SHELL`'s basename, when set. */
  loginShell?: string;
  /** `uname -s` and `-r`, e.g. `Linux 6.8.0`. */
  osVersion: string;
  /** `YYYY-MM-DD`, local date. */
  date: string;
  message: string;
  model: string;
  memoryFiles: ClaudeCodeMemoryFile[];
  /** The user's and the project's skills, in Claude Code's order (the built-in ones are added by the layout). */
  skills: ClaudeCodeSkillLine[];
  /** The user's and the project's agent types for the Agent tool (a built-in one of the same name is replaced). */
  agents?: { name: string; description: string; tools?: string[] }[];
  /** `userID` from ~/.claude.json (written on first start); a placeholder when there is none yet. */
  deviceId: string;
  /** Claude Code makes a new uuid per run; promptc takes it as data. */
  sessionId: string;
  /** The settings' commit and pull-request attribution: a part's own text, or false when turned off (Claude
   * Code's own line when absent; no reminder when both are off). */
  attribution?: { commit?: false | string; pr?: false | string };
}
