// Finds the session files each agent keeps in a user's homes (Codex's rollouts, Claude Code's projects, Gemini CLI's
// chats, pi's sessions, Copilot CLI's session state), with their size and modification time; symlinks are not
// followed. Does IO (node:fs).
import { lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { SessionAgent } from "../session-log/logged-session.js";

export interface SessionFile {
  agent: SessionAgent;
  path: string;
  bytes: number;
  modifiedMs: number;
}

export interface SessionHomes {
  /** The user's home (Claude Code, Gemini CLI, pi and Copilot CLI keep their sessions under it). */
  home?: string;
  /** Codex's home (`$CODEX_HOME`, default `~/.codex`). */
  codexHome?: string;
  /** Claude Code's config folder (`$CLAUDE_CONFIG_DIR`, default `~/.claude`). */
  claudeHome?: string;
}

/** A folder walk never goes deeper than this or looks at more entries (a runaway tree must not hang a listing). */
export const SESSION_WALK_MAX_DEPTH = 6;
export const SESSION_WALK_MAX_ENTRIES = 1_000_000;

interface Root {
  agent: SessionAgent;
  dir: string;
  /** Folder levels below `dir` where the files are (undefined: any depth up to the cap). */
  depth?: number;
  match: (name: string) => boolean;
}

function rootsOf(h: SessionHomes): Root[] {
  const roots: Root[] = [];
  const jsonl = (n: string) => n.endsWith(".jsonl");
  if (h.codexHome !== undefined)
    roots.push({
      agent: "codex",
      dir: join(h.codexHome, "sessions"),
      match: (n) => n.startsWith("rollout-") && jsonl(n),
    });
  if (h.claudeHome !== undefined)
    roots.push({ agent: "claude-code", dir: join(h.claudeHome, "projects"), match: jsonl });
  if (h.home !== undefined) {
    roots.push({
      agent: "gemini-cli",
      dir: join(h.home, ".gemini", "tmp"),
      depth: 2,
      match: (n) => n.startsWith("session-") && jsonl(n),
    });
    roots.push({ agent: "pi", dir: join(h.home, ".pi", "agent", "sessions"), depth: 1, match: jsonl });
    roots.push({
      agent: "copilot",
      dir: join(h.home, ".copilot", "session-state"),
      depth: 1,
      match: (n) => n === "events.jsonl",
    });
  }
  return roots;
}

export function findSessionFiles(homes: SessionHomes, agents?: readonly SessionAgent[]): SessionFile[] {
  const out: SessionFile[] = [];
  let entries = 0;
  const walk = (root: Root, dir: string, level: number) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names.sort()) {
      if (++entries > SESSION_WALK_MAX_ENTRIES) return;
      const path = join(dir, name);
      let st: ReturnType<typeof lstatSync>;
      try {
        st = lstatSync(path);
      } catch {
        continue;
      }
      if (st.isDirectory()) {
        if (level < (root.depth ?? SESSION_WALK_MAX_DEPTH)) walk(root, path, level + 1);
      } else if (st.isFile() && root.match(name) && (root.depth === undefined || level === root.depth))
        out.push({ agent: root.agent, path, bytes: st.size, modifiedMs: st.mtimeMs });
    }
  };
  for (const root of rootsOf(homes)) if (agents === undefined || agents.includes(root.agent)) walk(root, root.dir, 0);
  return out.sort((a, b) => b.modifiedMs - a.modifiedMs || a.path.localeCompare(b.path));
}
