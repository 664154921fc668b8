// The custom agent types Claude Code lists for its Agent tool: `~/.claude/agents/*.md`, then `.claude/agents/*.md`
// in the cwd and each ancestor up to the git root; a file without a frontmatter `name` is not listed; a later
// file does not replace an earlier one of the same name. IO through the Host only. Measured with 2.1.332: the
// description is sent as written (line breaks kept), `tools` as a comma-joined list (else "All tools"), and a
// custom agent named like a built-in one replaces it.
import { parseYamlFrontmatter } from "../parse-yaml-frontmatter.js";
import type { Host } from "../../host/host.js";
import { ancestorsOf, joinPath, normalizePath } from "../paths.js";
import { splitFrontmatter } from "./parse-claude-md.js";

export interface ClaudeAgentType {
  name: string;
  description: string;
  /** undefined: every tool. */
  tools?: string[];
  path: string;
}

const utf8 = new TextDecoder("utf-8");

function readAgent(host: Host, path: string): ClaudeAgentType | undefined {
  const r = host.readBytes(path);
  if (!r.ok) return undefined;
  const { frontmatter } = splitFrontmatter(utf8.decode(r.value.bytes).replace(/^\uFEFF/, ""));
  if (frontmatter === undefined) return undefined;
  let fields: { [key: string]: unknown };
  try {
    fields = (parseYamlFrontmatter(frontmatter) ?? {}) as { [key: string]: unknown };
  } catch {
    return undefined;
  }
  if (typeof fields.name !== "string" || fields.name === "") return undefined;
  const agent: ClaudeAgentType = {
    name: fields.name,
    description: typeof fields.description === "string" ? fields.description : "",
    path,
  };
  const tools = fields.tools;
  if (typeof tools === "string" && tools.trim() !== "") agent.tools = tools.split(",").map((t) => t.trim());
  else if (Array.isArray(tools)) agent.tools = tools.map(String);
  return agent;
}

export function discoverClaudeAgents(
  host: Host,
  options: { cwd: string; home?: string; gitRoot?: string },
): ClaudeAgentType[] {
  const dirs: string[] = [];
  if (options.home !== undefined) dirs.push(joinPath(options.home, ".claude", "agents"));
  for (const dir of ancestorsOf(normalizePath(options.cwd))) {
    dirs.push(joinPath(dir, ".claude", "agents"));
    if (options.gitRoot !== undefined && dir === normalizePath(options.gitRoot)) break;
  }
  const out: ClaudeAgentType[] = [];
  for (const dir of dirs) {
    const listed = host.readDir(dir);
    if (!listed.ok) continue;
    for (const e of listed.value) {
      if (!e.name.endsWith(".md")) continue;
      const agent = readAgent(host, joinPath(dir, e.name));
      if (agent !== undefined && !out.some((a) => a.name === agent.name)) out.push(agent);
    }
  }
  return out;
}
