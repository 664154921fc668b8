// ctx/package-manager-consistency: instructions use the package manager the project's lockfile says. Pure.
import { defineRule } from "../define-rule.js";
import { dirOf } from "../lint-file.js";
import type { LintFs } from "../lint-project.js";
import { collectCommandMentions, isNegatedCommandLine, type CommandMention } from "../collect-command-mentions.js";
import { addressesWorkspace } from "../loading-harnesses.js";
import { AGNIX_RULES } from "../sources.js";

type Manager = "npm" | "pnpm" | "yarn" | "bun";
const LOCKFILES: readonly [string, Manager][] = [
  ["pnpm-lock.yaml", "pnpm"],
  ["yarn.lock", "yarn"],
  ["bun.lock", "bun"],
  ["bun.lockb", "bun"],
  ["package-lock.json", "npm"],
];
/** Commands where another manager does harm: a second lockfile, a different dependency tree. `npm run x` in a yarn repo runs the same script. */
const COMMAND = /^(npm|pnpm|yarn|bun)\s+(install|i|add|ci|remove|rm|uninstall|update|up|upgrade)\b/;
/** Lines that contrast managers or show what not to do. */
const CONTRAST = /\b(or|instead|wrong|don't|do not|never|not|legacy|deprecated|old|avoid|incorrect|bad)\b|❌/i;
const GLOBAL = /\s(-g|--global)\b/;

/** The manager of the nearest package.json: its `packageManager` field, else the single lockfile beside it. */
function projectManager(fs: LintFs, dir: string): { manager: Manager; why: string } | undefined {
  for (let d: string | undefined = dir; d !== undefined; d = d === "" ? undefined : dirOf(d)) {
    const at = (name: string): string => (d === "" ? name : `${d}/${name}`);
    if (fs.kind(at("package.json")) !== "file") continue;
    try {
      const field = (JSON.parse(fs.readText(at("package.json")) ?? "{}") as { packageManager?: unknown })
        .packageManager;
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
    description:
      "install and run commands in instructions use the project's package manager (its lockfile or `packageManager` field)",
    rationale:
      'An agent follows the command it is given. `npm install` in a pnpm repository writes a second lockfile and a different dependency tree; instruction layers that disagree make the agent pick one at random. Global installs (`-g`), lines that name alternatives ("npm or pnpm") and negated mentions ("no `npm install` needed") are not reported.',
    defaultSeverity: "warn",
    appliesTo: ["context", "skill", "cursor-rule"],
    basis: "community",
    sources: [AGNIX_RULES],
    messages: { other: "'{{command}}' uses {{used}}, but this project uses {{manager}} ({{why}})" },
  },
  check({ file, project, report }) {
    // The names as plain text first ("pnpm" holds "npm"): most files name none, and the regex is not compiled.
    const named = ["npm", "yarn", "bun"].some((n) => file.text.includes(n));
    if (!named || !/\b(npm|pnpm|yarn|bun)\s/.test(file.text) || !addressesWorkspace(file, project.facts)) return;
    const pm = projectManager(project.fs, dirOf(file.path));
    if (!pm) return;
    const byLine = new Map<number, CommandMention[]>();
    const reported = new Set<string>();
    for (const m of collectCommandMentions(file)) byLine.set(m.line, [...(byLine.get(m.line) ?? []), m]);
    for (const [line, mentions] of byLine) {
      const text = file.index.lines[line - 1] ?? "";
      // "npm or pnpm", a WRONG/legacy example, a global install: not an instruction to use another manager here.
      // "no `npm install` needed": a negated mention is no instruction either.
      if (
        GLOBAL.test(text) ||
        isNegatedCommandLine(text) ||
        [0, 1, 2, 3].some((k) => CONTRAST.test(file.index.lines[line - 1 - k] ?? ""))
      )
        continue;
      const used = mentions
        .map((m) => ({ m, hit: COMMAND.exec(m.text) ?? undefined }))
        .filter((x): x is { m: CommandMention; hit: RegExpExecArray } => x.hit !== undefined && x.hit.index === 0);
      if (new Set(used.map((u) => u.hit[1])).size > 1) continue;
      for (const { m, hit } of used) {
        if (hit[1] === pm.manager || reported.has(hit[1] as string)) continue;
        reported.add(hit[1] as string);
        // `npm install some-package`: installing a named package (often into the reader's own project), not the workspace's setup.
        if (/^(install|i|add)$/.test(hit[2] as string) && m.words.slice(2).some((w) => !w.startsWith("-"))) continue;
        const command = `${hit[1]} ${hit[2]}`;
        report({
          messageId: "other",
          data: { command, used: hit[1] as string, manager: pm.manager, why: pm.why },
          place: { line, column: m.column, endLine: line, endColumn: m.column + command.length },
        });
      }
    }
  },
});
