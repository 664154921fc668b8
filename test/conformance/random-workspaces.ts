// Random workspaces for the byte-exact conformance runs: a git repository with context files (AGENTS.md,
// GEMINI.md, CLAUDE.md, Copilot's instructions) of random content at random levels, a nested cwd, workspace
// and user skills, and a HOME with the user's own files and settings. Seeded, so a failing seed can be rerun.
// Pure: it returns a HarnessWorkspace for buildWorkspace.
import { seededRandom } from "../seeded-random.js";
import type { HarnessWorkspace } from "./harness-workspaces.js";

const WORDS = (
  "alpha beta gamma delta tests build lint deploy run use prefer avoid always never module service api client " +
  "server cache queue token schema config style tabs spaces docs review commit branch release python rust go " +
  "typescript node café naïve über 日本 données"
).split(" ");
const ODD = ["&", "<b>", '"quoted"', "it's", "a > b", "`code`", "*bold*", "50%", "C:\\path", "{braces}", "#tag"];

export interface Rng {
  next: () => number;
  int: (lo: number, hi: number) => number;
  pick: <T>(xs: readonly T[]) => T;
  chance: (p: number) => boolean;
}

export function createRng(seed: number): Rng {
  const next = seededRandom(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return { next, int, pick: (xs) => xs[int(0, xs.length - 1)]!, chance: (p) => next() < p };
}

function sentence(r: Rng, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(r.chance(0.08) ? r.pick(ODD) : r.pick(WORDS));
  const s = out.join(" ");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Markdown a person might write: headings, bullets, a code block, odd characters, varied blank lines. */
export function randomMarkdown(r: Rng): string {
  const lines: string[] = [];
  if (r.chance(0.2)) lines.push("");
  if (r.chance(0.7)) lines.push(`# ${sentence(r, r.int(1, 4))}`, "");
  for (let p = r.int(1, 4); p > 0; p--) {
    const kind = r.int(0, 3);
    if (kind === 0) lines.push(sentence(r, r.int(4, 16)) + ".");
    if (kind === 1) for (let i = r.int(1, 4); i > 0; i--) lines.push(`- ${sentence(r, r.int(2, 8))}`);
    if (kind === 2) lines.push(`## ${sentence(r, r.int(1, 3))}`);
    if (kind === 3) lines.push("```sh", `npm run ${r.pick(WORDS)}`, "```");
    lines.push("");
  }
  const body = lines.join("\n");
  const end = r.pick(["", "\n", "\n\n", "  \n"]);
  return body.replace(/\n+$/, "") + end;
}

function skillName(r: Rng, taken: Set<string>): string {
  for (;;) {
    const n = `${r.pick(WORDS.slice(0, 30))}-${r.pick(["helper", "tool", "check", "guide", "runner"])}${r.int(1, 99)}`;
    if (!taken.has(n)) {
      taken.add(n);
      return n;
    }
  }
}

function skill(r: Rng, name: string): string {
  const description = sentence(r, r.int(3, 14));
  const quoted = r.chance(0.3) ? JSON.stringify(description) : description.replace(/[:#]/g, "");
  return `---\nname: ${name}\ndescription: ${quoted}\n---\n\n${randomMarkdown(r)}`;
}

/** Which agent's files a workspace is meant for (every workspace also holds some of the others' files). */
export type RandomAgent = "claude-code" | "gemini-cli" | "pi" | "copilot";

const CONTEXT_FILES: { [a in RandomAgent]: string[] } = {
  "claude-code": ["CLAUDE.md", "AGENTS.md"],
  "gemini-cli": ["GEMINI.md", "AGENTS.md"],
  pi: ["AGENTS.md", "CLAUDE.md"],
  copilot: ["AGENTS.md", "CLAUDE.md", "GEMINI.md"],
};
const WORKSPACE_SKILLS: { [a in RandomAgent]: string[] } = {
  "claude-code": [".claude/skills"],
  "gemini-cli": [".gemini/skills", ".agents/skills"],
  pi: [".pi/skills", ".agents/skills"],
  copilot: [".github/skills", ".agents/skills"],
};
const USER_SKILLS: { [a in RandomAgent]: string[] } = {
  "claude-code": [".claude/skills"],
  "gemini-cli": [".gemini/skills", ".agents/skills"],
  pi: [".pi/agent/skills", ".agents/skills"],
  copilot: [".copilot/skills", ".agents/skills"],
};
const USER_CONTEXT: { [a in RandomAgent]: string } = {
  "claude-code": ".claude/CLAUDE.md",
  "gemini-cli": ".gemini/GEMINI.md",
  pi: ".pi/agent/AGENTS.md",
  copilot: ".copilot/copilot-instructions.md",
};
/** Settings a user might have set: some change nothing the agent sends, some change the body (commit
 * attribution, which files are context files, the thinking level). */
const USER_SETTINGS: { [a in RandomAgent]: (r: Rng) => { [path: string]: string } } = {
  "claude-code": (r) => ({
    ".claude/settings.json": JSON.stringify(
      r.pick([
        { includeCoAuthoredBy: r.chance(0.5) },
        { attribution: { commit: r.pick(["", "Co-authored-by: a bot"]) } },
        { theme: "dark" },
      ]),
    ),
  }),
  "gemini-cli": (r) => ({
    ".gemini/settings.json": JSON.stringify(
      r.pick([
        { ui: { theme: r.pick(["Default", "GitHub"]) }, general: { vimMode: r.chance(0.5) } },
        { context: { fileName: ["AGENTS.md", "GEMINI.md"] } },
        { general: { defaultApprovalMode: "default" } },
      ]),
    ),
  }),
  pi: (r) => ({
    ".pi/agent/settings.json": JSON.stringify(
      r.pick([{ theme: r.pick(["dark", "light"]), quietStartup: r.chance(0.5) }, { defaultThinkingLevel: "high" }]),
    ),
  }),
  copilot: (r) => ({
    ".copilot/config.json": JSON.stringify({ theme: r.pick(["dark", "light", "auto"]), banner: "never" }),
  }),
};

/** A random workspace for `agent`: `repo/` is a git work tree, the cwd one to three folders down. */
export function randomWorkspace(agent: RandomAgent, seed: number): HarnessWorkspace {
  const r = createRng(seed * 7919 + agent.length);
  const depth = r.int(1, 3);
  const dirs = ["repo"];
  for (let i = 0; i < depth; i++)
    dirs.push(`${dirs.at(-1)}/${r.pick(["src", "pkg", "app", "lib", "core", "web"])}${i}`);
  const files: { [path: string]: string } = {};
  const names = CONTEXT_FILES[agent];
  for (const dir of dirs)
    for (const name of names) if (r.chance(name === names[0] ? 0.6 : 0.3)) files[`${dir}/${name}`] = randomMarkdown(r);
  // A context file below the cwd: agents load it lazily or never.
  if (r.chance(0.5)) files[`${dirs.at(-1)}/deeper/${names[0]}`] = randomMarkdown(r);
  if (agent === "copilot" && r.chance(0.5)) files["repo/.github/copilot-instructions.md"] = randomMarkdown(r);
  for (let i = r.int(1, 6); i > 0; i--)
    files[`${r.pick(dirs)}/${r.pick(WORDS.slice(0, 20))}${i}.${r.pick(["py", "ts", "txt", "json"])}`] =
      `${sentence(r, 3)}\n`;
  const taken = new Set<string>();
  for (const dir of [dirs.at(-1)!, "repo"])
    for (const root of WORKSPACE_SKILLS[agent])
      if (r.chance(0.4)) {
        const name = skillName(r, taken);
        files[`${dir}/${root}/${name}/SKILL.md`] = skill(r, name);
      }
  const home: { [path: string]: string } = {};
  for (const root of USER_SKILLS[agent])
    for (let i = r.int(0, 2); i > 0; i--) {
      const name = skillName(r, taken);
      home[`${root}/${name}/SKILL.md`] = skill(r, name);
    }
  if (r.chance(0.6)) home[USER_CONTEXT[agent]] = randomMarkdown(r);
  if (r.chance(0.7)) Object.assign(home, USER_SETTINGS[agent](r));
  const ws: HarnessWorkspace = {
    name: `${agent}-random-${seed}`,
    files,
    home,
    git: { branch: r.pick(["main", "master", "dev"]), user: "T", commits: ["initial", "second"].slice(0, r.int(1, 2)) },
    cwd: dirs.at(-1)!,
  };
  if (r.chance(0.3))
    ws.git!.untracked = { [`${dirs.at(-1)!.slice(5)}/untracked-${seed}.txt`.replace(/^\//, "")]: "u\n" };
  return ws;
}
