// ctx/commands-exist: package scripts and make targets that instructions run exist somewhere in the workspace. Pure.
import { collectCommandMentions, isNegatedCommandLine, type CommandMention } from "../collect-command-mentions.js";
import {
  collectWorkspacePackages,
  hasMakeTarget,
  isInstalledBinary,
  nearestWith,
  parseMakeTargets,
  readPackage,
  type Workspace,
  type WorkspacePackage,
} from "../collect-workspace-packages.js";
import { collectPythonExtras, normalizeExtra, parsePipExtras } from "../collect-python-extras.js";
import { defineRule } from "../define-rule.js";
import { dirOf, joinPath } from "../lint-file.js";
import type { LintFs } from "../lint-project.js";
import { addressesWorkspace } from "../loading-harnesses.js";
import { AGENTBENCH, AGNIX_RULES } from "../sources.js";

type Manager = "npm" | "pnpm" | "yarn" | "bun";

/** Each package manager's own commands (never scripts), aliases included, space-separated. */
const BUILTIN_WORDS: { readonly [M in Manager]: string } = {
  npm:
    "access adduser audit bugs cache ci completion config create dedupe deprecate diff dist-tag docs doctor edit exec explain explore " +
    "find-dupes fund help help-search hook i init install install-ci-test install-test it link ll ln login logout ls org outdated owner " +
    "pack ping pkg prefix profile prune publish query rebuild repo restart root run run-script sbom search set shrinkwrap star stars " +
    "start stop t team test tst token un uninstall unpublish unstar up update version view whoami x add rm r",
  pnpm:
    "add approve-builds audit bin c cat-file cat-index change changeset config create dedupe deploy dlx doctor env exec fetch find-hash get " +
    "help i ignored-builds import init install install-test it licenses link list ln ls outdated pack patch patch-commit patch-remove " +
    "prune publish rb rebuild recursive remove rm root run sbom self-update server set setup store un uninstall unlink up " +
    "update upgrade version why " +
    // npm commands pnpm passes through to npm
    "access adduser bugs deprecate dist-tag docs edit info login logout owner ping prefix profile pkg repo s se search set-script show " +
    "star stars team token unpublish unstar v view whoami",
  yarn:
    "add audit autoclean bin cache check config constraints create dedupe dlx exec explain generate-lock-entry global help import info init " +
    "install licenses link list login logout node npm outdated owner pack patch patch-commit plugin policies publish rebuild remove run " +
    "search set stage tag team unlink unplug up upgrade upgrade-interactive version versions why workspace workspaces",
  bun:
    "add audit build completions create exec help i info init install link outdated patch pm publish remove repl rm run test unlink update " +
    "upgrade why x",
};
const builtinSets: { [M in Manager]?: ReadonlySet<string> } = {};

/** Built on first use: a run meets pnpm, yarn or bun commands seldom (npm never asks). */
function isBuiltin(manager: Manager, name: string): boolean {
  return (builtinSets[manager] ??= new Set(BUILTIN_WORDS[manager].split(" "))).has(name);
}

/**
 * Built-in commands that run a script, by the script they run: `npm t` and `pnpm t` run `test` (npm runs no
 * other script without `run`; pnpm and yarn run any script without it).
 */
const SCRIPT_COMMANDS: { readonly [M in Manager]?: { readonly [command: string]: string } } = {
  npm: { test: "test", t: "test", tst: "test", start: "start", stop: "stop", restart: "restart" },
  pnpm: { test: "test", t: "test", tst: "test", start: "start" },
};
/** Flags that take a value, per manager (the value is not the script name). */
const VALUE_FLAGS = new Set([
  "--filter",
  "-F",
  "-C",
  "--dir",
  "--prefix",
  "--cwd",
  "-w",
  "--workspace",
  "--reporter",
  "--loglevel",
  "--config",
  "-c",
  "--stream",
  "--workspace-concurrency",
  "--parallel",
]);

/** The names make reads, in its order (GNU make: GNUmakefile, makefile, Makefile). */
const MAKEFILE_NAMES = ["GNUmakefile", "makefile", "Makefile"];

/** The makefile make reads in folder `dir`, or undefined. */
function makefileIn(fs: LintFs, dir: string): string | undefined {
  return MAKEFILE_NAMES.map((n) => (dir === "" ? n : `${dir}/${n}`)).find((p) => fs.kind(p) === "file");
}

function nearestMakefileDir(fs: LintFs, dir: string): string | undefined {
  for (let d: string | undefined = dir; d !== undefined; d = d === "" ? undefined : dirOf(d))
    if (makefileIn(fs, d) !== undefined) return d;
  return undefined;
}

function isPlaceholder(name: string): boolean {
  return /[<>{}[\]$*…]|\.\.\.|[:\-_]$/.test(name) || name.includes("/") || /\.(m?[jt]sx?|c[jt]s)$/.test(name);
}

interface ScriptCall {
  manager: Manager;
  name: string;
  explicitRun: boolean;
  filter?: string;
  dir?: string;
  root: boolean;
  recursive: boolean;
}

function parseScriptCall(words: readonly string[]): ScriptCall | undefined {
  const manager = words[0] as Manager;
  if (!(manager in BUILTIN_WORDS)) return undefined;
  let filter: string | undefined;
  let dir: string | undefined;
  let root = false;
  let recursive = false;
  let explicitRun = false;
  let name: string | undefined;
  for (let i = 1; i < words.length; i++) {
    const w = words[i] as string;
    const [flag, inline] =
      w.startsWith("--") && w.includes("=")
        ? [w.slice(0, w.indexOf("=")), w.slice(w.indexOf("=") + 1)]
        : [w, undefined];
    if (flag.startsWith("-")) {
      const value = inline ?? (VALUE_FLAGS.has(flag) ? words[++i] : undefined);
      if (flag === "--filter" || flag === "-F" || ((flag === "-w" || flag === "--workspace") && manager !== "pnpm"))
        filter = value;
      else if (flag === "-C" || flag === "--dir" || flag === "--prefix" || flag === "--cwd") dir = value;
      else if (flag === "-w" || flag === "--workspace-root") root = true;
      else if (flag === "-r" || flag === "--recursive") recursive = true;
      if (name !== undefined) break;
      continue;
    }
    if (name !== undefined) break;
    if (manager === "yarn" && w === "workspace" && words[i + 1] !== undefined) {
      filter = words[++i];
      continue;
    }
    if (manager === "yarn" && w === "workspaces") return undefined;
    if ((w === "run" || w === "run-script") && !explicitRun) {
      explicitRun = true;
      continue;
    }
    name = w;
  }
  if (name === undefined) return undefined;
  return {
    manager,
    name,
    explicitRun,
    root,
    recursive,
    ...(filter !== undefined ? { filter } : {}),
    ...(dir !== undefined ? { dir } : {}),
  };
}

/** Folders the text around a command names (`from backend/`, "in `dev-packages/e2e-tests`"), when they exist. */
function mentionedDirs(fs: LintFs, lines: readonly string[], line: number, base: string): string[] {
  const out: string[] = [];
  for (let i = Math.max(0, line - 4); i < line; i++) {
    for (const m of (lines[i] ?? "").matchAll(/[\w@.~-]+(?:\/[\w@.-]+)*\/?/g)) {
      const raw = m[0].replace(/^\.\//, "").replace(/\/$/, "");
      if (raw === "" || raw === "." || raw === "..") continue;
      for (const d of [joinPath(base, raw), joinPath("", raw)])
        if (d !== undefined && d !== "" && fs.kind(d) === "directory") out.push(d);
    }
  }
  return out;
}

function resolveFilter(ws: Workspace, fs: LintFs, filter: string): WorkspacePackage[] | undefined {
  const f = filter
    .replace(/^["']|["']$/g, "")
    .replace(/^\{(.*)\}$/, "$1")
    .replace(/\.\.\.$|^\.\.\./, "")
    .replace(/\^/g, "");
  if (/[*!]/.test(f)) return undefined;
  const named = ws.byName.get(f);
  if (named) return [...named];
  const dir = joinPath("", f.replace(/^\.\//, ""));
  const pkg = dir !== undefined ? (ws.byDir.get(dir) ?? readPackage(fs, dir)) : undefined;
  return pkg ? [pkg] : undefined;
}

export const ctxCommandsExist = defineRule({
  id: "ctx/commands-exist",
  meta: {
    description:
      "package scripts, make targets and Python extras that instructions run (in shell code blocks and code spans) exist in the workspace",
    rationale:
      "Agents run the commands their instructions name (AGENTbench: mentioned tools get used far more often). A renamed script sends every agent into a failing command first. " +
      "Only commands in code are read (prose such as 'make sure' is English), against the whole workspace: the nearest and root package.json, the package a --filter/-w/workspace/-C names " +
      "or an earlier `cd` enters, every workspace package, installed binaries and dependencies' bins, each package manager's own commands, make targets including pattern rules (GNUmakefile, makefile or Makefile, as make looks for them), and the extras `pip install -e '.[test]'` names (pyproject.toml, setup.cfg). " +
      "Commands after a scaffold step in the same block (`npx create-x my-app`, `npm create x`) run in the generated project and are skipped, as are lines that say a command does not exist or must not be run, placeholders (`build:<pkg>`, `test:*`) and skills meant for other projects are skipped; a command is reported once per file.",
    defaultSeverity: "warn",
    appliesTo: ["context", "skill", "cursor-rule"],
    basis: "paper",
    sources: [AGENTBENCH, AGNIX_RULES],
    messages: {
      script: "'{{command}}': no script '{{name}}' in {{manifest}}",
      target: "'{{command}}': {{manifest}} has no target '{{name}}'",
      extra: "'{{command}}': {{manifest}} declares no extra '{{name}}'",
    },
  },
  check({ file, project, report }) {
    if (!addressesWorkspace(file, project.facts)) return;
    const fs = project.fs;
    const fileDir = dirOf(file.path);
    const reported = new Set<string>();
    const place = (m: CommandMention) => ({
      line: m.line,
      column: m.column,
      endLine: m.line,
      endColumn: m.column + m.text.length,
    });
    for (const m of collectCommandMentions(file)) {
      if (isNegatedCommandLine(file.index.lines[m.line - 1] ?? "")) continue;
      // After `npx @x/start my-app` the block runs in the generated project, not this one.
      if (m.afterScaffold) continue;
      const cwd = m.cwd !== undefined ? (joinPath(fileDir, m.cwd) ?? joinPath("", m.cwd)) : undefined;
      const hinted = [...(cwd !== undefined ? [cwd] : []), ...mentionedDirs(fs, file.index.lines, m.line, fileDir)];
      const pip = parsePipExtras(m.words);
      if (pip !== undefined) {
        const dir = joinPath(cwd ?? fileDir, pip.dir) ?? pip.dir;
        const declared = collectPythonExtras(fs, dir) ?? (pip.dir === "" ? collectPythonExtras(fs, "") : undefined);
        const missing = pip.extras.find((e) => declared !== undefined && !declared.extras.has(normalizeExtra(e)));
        if (declared === undefined || missing === undefined || reported.has(`pip [${missing}]`)) continue;
        reported.add(`pip [${missing}]`);
        report({
          messageId: "extra",
          data: { command: m.text.split(/\s+/).slice(0, 5).join(" "), manifest: declared.manifest, name: missing },
          place: place(m),
        });
        continue;
      }
      if (m.words[0] === "make") {
        const args = m.words.slice(1);
        const cIdx = args.findIndex((w) => w === "-C" || w === "--directory");
        const dirArg = cIdx >= 0 ? args[cIdx + 1] : undefined;
        const name = args.find((w, i) => !w.startsWith("-") && !w.includes("=") && !(cIdx >= 0 && i === cIdx + 1));
        if (name === undefined || isPlaceholder(name) || reported.has(`make ${name}`)) continue;
        const dirs =
          dirArg !== undefined
            ? [joinPath(cwd ?? fileDir, dirArg) ?? dirArg]
            : [...hinted, nearestMakefileDir(fs, fileDir), ""];
        const makefiles = [...new Set(dirs.filter((d): d is string => d !== undefined))]
          .map((d) => makefileIn(fs, d))
          .filter((p): p is string => p !== undefined);
        if (makefiles.length === 0) continue;
        const parsed = makefiles.map((p) => parseMakeTargets(fs.readText(p) ?? ""));
        if (parsed.some((t) => t.open || hasMakeTarget(t, name))) continue;
        reported.add(`make ${name}`);
        report({
          messageId: "target",
          data: { command: `make ${name}`, manifest: makefiles[0] as string, name },
          place: place(m),
        });
        continue;
      }
      const call = parseScriptCall(m.words);
      if (!call || isPlaceholder(call.name)) continue;
      const { manager } = call;
      const runs = call.explicitRun ? undefined : SCRIPT_COMMANDS[manager]?.[call.name];
      const name = runs ?? call.name;
      if (manager === "npm" && !call.explicitRun && runs === undefined) continue;
      if (!call.explicitRun && runs === undefined && manager !== "npm" && isBuiltin(manager, name)) continue;
      const key = `${manager} ${name}`;
      if (reported.has(key)) continue;
      const ws = collectWorkspacePackages(fs, project.facts.packageDirs);
      let candidates: WorkspacePackage[];
      let where: string;
      if (call.filter !== undefined) {
        const hit = resolveFilter(ws, fs, call.filter);
        if (!hit) continue;
        candidates = hit;
        where = `${hit[0]?.dir === "" ? "package.json" : `${hit[0]?.dir}/package.json`}`;
      } else if (call.dir !== undefined) {
        const d = joinPath(cwd ?? "", call.dir);
        const pkg = d !== undefined ? readPackage(fs, d) : undefined;
        if (!pkg) continue;
        candidates = [pkg];
        where = `${d === "" ? "" : `${d}/`}package.json`;
      } else {
        const near = nearestWith(fs, cwd ?? fileDir, "package.json");
        const extra = [near, ...hinted]
          .filter((d): d is string => d !== undefined)
          .map((d) => readPackage(fs, d))
          .filter((p): p is WorkspacePackage => p !== undefined);
        candidates = [...extra, ...ws.packages];
        if (candidates.length === 0) continue;
        where =
          ws.packages.length > 1
            ? `any of the workspace's ${ws.packages.length} package.json files`
            : `${candidates[0]?.dir === "" ? "" : `${candidates[0]?.dir}/`}package.json`;
      }
      if (candidates.some((p) => p.scripts.has(name))) continue;
      // `pnpm tsx`, `yarn changeset`, `bun vitest`: without `run` an unknown name runs an installed binary.
      if (
        (!call.explicitRun || manager === "bun") &&
        runs === undefined &&
        manager !== "npm" &&
        isInstalledBinary(
          fs,
          ws,
          candidates.map((p) => p.dir),
          name,
        )
      )
        continue;
      reported.add(key);
      report({
        messageId: "script",
        data: { command: m.text.split(/\s+/).slice(0, 4).join(" "), manifest: where, name },
        place: place(m),
      });
    }
  },
});
