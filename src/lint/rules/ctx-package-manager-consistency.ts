// ctx/package-manager-consistency: instructions use the package manager the project's lockfile says. Pure.
import { defineRule } from "../define-rule.js";
import { dirOf } from "../lint-file.js";
import type { LintFs } from "../lint-project.js";
import { AGNIX_RULES } from "../sources.js";

type Manager = "npm" | "pnpm" | "yarn" | "bun";
const LOCKFILES: readonly [string, Manager][] = [["pnpm-lock.yaml", "pnpm"], ["yarn.lock", "yarn"], ["bun.lock", "bun"], ["bun.lockb", "bun"], ["package-lock.json", "npm"]];
const COMMAND = /\b(npm|pnpm|yarn|bun)\s+(install|i|add|ci|run|test|exec|dlx|remove|rm|build|start|x)\b/g;
const GLOBAL = /\s(-g|--global)\b/;

/** The manager of the nearest package.json: its `packageManager` field, else the single lockfile beside it. */
function projectManager(fs: LintFs, dir: string): { manager: Manager; why: string } | undefined {
  for (let d: string | undefined = dir; d !== undefined; d = d === "" ? undefined : dirOf(d)) {
    const at = (name: string): string => (d === "" ? name : `${d}/${name}`);
    if (fs.kind(at("package.json")) !== "file") continue;
    try {
      const field = (JSON.parse(fs.readText(at("package.json")) ?? "{}") as { packageManager?: unknown }).packageManager;
      const m = typeof field === "string" ? /^(npm|pnpm|yarn|bun)@/.exec(field) : null;
      if (m) return { manager: m[1] as Manager, why: `"packageManager" in ${at("package.json")}` };
    } catch {
      // an unparsable package.json says nothing about the manager
    }
    const locks = LOCKFILES.filter(([name]) => fs.kind(at(name)) === "file");
    const managers = new Set(locks.map(([, m]) => m));
    if (managers.size === 1) return { manager: locks[0]![1], why: at(locks[0]![0]) };
    return undefined;
  }
  return undefined;
}

export const ctxPackageManagerConsistency = defineRule({
  id: "ctx/package-manager-consistency",
  meta: {
    description: "install and run commands in instructions use the project's package manager (its lockfile or `packageManager` field)",
    rationale:
      "An agent follows the command it is given. `npm install` in a pnpm repository writes a second lockfile and a different dependency tree; instruction layers that disagree make the agent pick one at random. Global installs (`-g`) and lines that name alternatives (\"npm or pnpm\") are not reported.",
    defaultSeverity: "warn",
    appliesTo: ["context", "skill", "cursor-rule"],
    basis: "community",
    sources: [AGNIX_RULES],
    messages: { other: "'{{command}}' uses {{used}}, but this project uses {{manager}} ({{why}})" },
  },
  check({ file, project, report }) {
    if (!/\b(npm|pnpm|yarn|bun)\s/.test(file.text)) return;
    const pm = projectManager(project.fs, dirOf(file.path));
    if (!pm) return;
    const first = file.frontmatter.closed ? file.frontmatter.bodyLine : 1;
    file.index.lines.forEach((line, i) => {
      if (i + 1 < first || GLOBAL.test(line)) return;
      const hits = [...line.matchAll(COMMAND)];
      if (new Set(hits.map((m) => m[1])).size > 1) return;
      for (const m of hits) {
        if (m[1] === pm.manager) continue;
        report({ messageId: "other", data: { command: m[0], used: m[1] as string, manager: pm.manager, why: pm.why }, place: { line: i + 1, column: m.index + 1, endLine: i + 1, endColumn: m.index + 1 + m[0].length } });
      }
    });
  },
});
