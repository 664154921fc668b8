// ctx/commands-exist: `npm run X` / `pnpm [run] X` / `yarn [run] X` / `bun run X` / `make X` name scripts and targets that exist. Pure.
import { defineRule } from "../define-rule.js";
import { dirOf } from "../lint-file.js";
import type { LintFs } from "../lint-project.js";
import { AGENTBENCH, AGNIX_RULES } from "../sources.js";

const RUN = /\b(npm|pnpm|yarn|bun)\s+run\s+([A-Za-z0-9][\w:.\-]*)|\b(npm)\s+(test|start)\b|\bmake\s+([A-Za-z0-9][\w.\-]*)/g;
/** Lines that run the command somewhere else than next to the nearest package.json. */
const ELSEWHERE = /\bcd\s|--workspace|\s-w\s|--filter|\s-C\s|--prefix|--cwd|\bnpx\b|\bworkspace\b/;
const NPM_BUILTIN_OK = new Set(["env"]);
/**
 * yarn and pnpm run a script without `run` (`yarn build`): recognised in code only (a fenced block or a code
 * span) where a command starts (line start, optional `$ `, a backtick, after `&&` or `;`), so prose such as
 * "yarn is our package manager" is not a script.
 */
const BARE_RUN = /(?:^\s*(?:\$\s*)?|`|&&\s*|;\s*)((?:yarn|pnpm)\s+([A-Za-z0-9][\w:.\-]*))/g;
/** Their own commands (yarn 1 and berry, pnpm, and the npm commands pnpm passes through), never scripts. */
const PACKAGE_MANAGER_BUILTINS = new Set(
  (
    "access add adduser approve-builds audit autoclean bin c cache cat-file cat-index check config constraints create dedupe " +
    "deploy deprecate dist-tag dlx docs doctor env exec explain fetch find-hash generate-lock-entry global help i ignored-builds " +
    "import info init install install-test it licenses link list ln login logout ls node npm outdated owner pack patch " +
    "patch-commit patch-remove ping plugin policies prune publish rb rebuild recursive remove repo rm root run search " +
    "self-update server set setup stage star store tag team un uninstall unlink unplug unpublish up update upgrade " +
    "upgrade-interactive version versions view whoami why workspace workspaces x"
  ).split(" "),
);

function nearest(fs: LintFs, dir: string, name: string): string | undefined {
  for (let d: string | undefined = dir; d !== undefined; d = d === "" ? undefined : dirOf(d)) {
    const p = d === "" ? name : `${d}/${name}`;
    if (fs.kind(p) === "file") return p;
  }
  return undefined;
}

function scriptsOf(text: string): Set<string> | undefined {
  try {
    const pkg = JSON.parse(text) as { scripts?: unknown };
    return new Set(pkg.scripts && typeof pkg.scripts === "object" ? Object.keys(pkg.scripts) : []);
  } catch {
    return undefined;
  }
}

function makeTargets(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/^([A-Za-z0-9_.\-/% ]+?)\s*::?(?!=)/gm)) for (const t of (m[1] as string).split(/\s+/)) out.add(t);
  return out;
}

export const ctxCommandsExist = defineRule({
  id: "ctx/commands-exist",
  meta: {
    description: "package scripts and make targets named in instructions exist in the nearest package.json / Makefile",
    rationale: "Agents run the commands their instructions name (AGENTbench: mentioned tools get used far more often). A renamed script sends every agent into a failing command first.",
    defaultSeverity: "error",
    appliesTo: ["context", "skill", "cursor-rule"],
    basis: "paper",
    sources: [AGENTBENCH, AGNIX_RULES],
    messages: { script: "'{{command}}': package.json at {{manifest}} has no script '{{name}}'", target: "'{{command}}': {{manifest}} has no target '{{name}}'" },
  },
  check({ file, project, report }) {
    const dir = dirOf(file.path);
    const pkgPath = nearest(project.fs, dir, "package.json");
    const scripts = pkgPath ? scriptsOf(project.fs.readText(pkgPath) ?? "") : undefined;
    const makePath = nearest(project.fs, dir, "Makefile");
    const targets = makePath ? makeTargets(project.fs.readText(makePath) ?? "") : undefined;
    if (!scripts && !targets) return;
    const first = file.frontmatter.closed ? file.frontmatter.bodyLine : 1;
    file.index.lines.forEach((line, i) => {
      if (i + 1 < first || ELSEWHERE.test(line)) return;
      for (const m of line.matchAll(RUN)) {
        const place = { line: i + 1, column: m.index + 1, endLine: i + 1, endColumn: m.index + 1 + m[0].length };
        if (m[5] !== undefined) {
          if (targets && !targets.has(m[5]) && makePath) report({ messageId: "target", data: { command: m[0], manifest: makePath, name: m[5] }, place });
          continue;
        }
        const name = (m[2] ?? m[4]) as string;
        if (scripts && pkgPath && !scripts.has(name) && !NPM_BUILTIN_OK.has(name)) report({ messageId: "script", data: { command: m[0], manifest: pkgPath, name }, place });
      }
      if (!scripts || !pkgPath) return;
      for (const m of line.matchAll(BARE_RUN)) {
        const name = m[2] as string;
        if (scripts.has(name) || PACKAGE_MANAGER_BUILTINS.has(name)) continue;
        const command = m[1] as string;
        const start = m.index + m[0].length - command.length;
        const inCode = file.markdown.inCode[i] === true || (file.markdown.codeSpans[i] ?? []).some(([from, to]) => start >= from && start < to);
        if (!inCode) continue;
        const column = start + 1;
        report({ messageId: "script", data: { command, manifest: pkgPath, name }, place: { line: i + 1, column, endLine: i + 1, endColumn: column + command.length } });
      }
    });
  },
});
