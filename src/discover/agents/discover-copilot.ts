// Copilot CLI 1.0.102's instruction files and skills, from the shared write-up of its captures (not confirmed by
// a capture of promptc's own: its binary is not installed here): ~/.copilot/copilot-instructions.md, the git
// root's .github/copilot-instructions.md, AGENTS.md, CLAUDE.md and GEMINI.md there, then AGENTS.md from the cwd
// upward. IO through the Host only.
import type { Host } from "../../host/host.js";
import { ancestorsOf, joinPath, normalizePath } from "../paths.js";

export interface CopilotLoad {
  files: string[];
  skills: string[];
}

const exists = (host: Host, p: string) => {
  const st = host.stat(p);
  return st.ok && st.value.kind === "file";
};

export function discoverCopilot(host: Host, options: { cwd: string; home: string; gitRoot?: string }): CopilotLoad {
  const cwd = normalizePath(options.cwd);
  const root = options.gitRoot ?? cwd;
  const files: string[] = [];
  const push = (p: string) => {
    if (exists(host, p) && !files.includes(p)) files.push(p);
  };
  push(joinPath(options.home, ".copilot", "copilot-instructions.md"));
  push(joinPath(root, ".github", "copilot-instructions.md"));
  for (const n of ["AGENTS.md", "CLAUDE.md", "GEMINI.md"]) push(joinPath(root, n));
  for (const dir of ancestorsOf(cwd)) {
    if (dir === root) break;
    push(joinPath(dir, "AGENTS.md"));
  }
  const skills: string[] = [];
  for (const r of [
    joinPath(root, ".github", "skills"),
    joinPath(root, ".agents", "skills"),
    joinPath(options.home, ".copilot", "skills"),
  ]) {
    const listed = host.readDir(r);
    if (!listed.ok) continue;
    for (const e of listed.value)
      if (exists(host, joinPath(r, e.name, "SKILL.md"))) skills.push(joinPath(r, e.name, "SKILL.md"));
  }
  return { files, skills };
}
