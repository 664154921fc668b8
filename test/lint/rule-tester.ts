// Table-driven rule tests (ESLint RuleTester style): valid cases report nothing, invalid cases report exactly
// the listed message ids at the listed places, and `output` is the text after --fix. Test helper.
import { expect, it } from "vitest";
import { LINT_TARGETS, type LintMessage, type LintTarget, type Rule } from "../../src/lint/define-rule.js";
import { classifyLintPath, createLintFile, type ReadStatus } from "../../src/lint/lint-file.js";
import { createMemoryLintFs, EMPTY_FACTS, type LintFacts, type LintProject } from "../../src/lint/lint-project.js";
import { lintFile, lintFiles } from "../../src/lint/run.js";
import { indexHarnessLaunches } from "../../src/lint/loading-harnesses.js";
import { computeHarnessLaunches } from "../../src/lint/workspace/compute-harness-launches.js";
import { createMemoryHost, type MemoryEntry } from "../../src/host/memory-host.js";
import { PROJECT_DOC_MAX_BYTES } from "../../src/discover/parse-config.js";

export interface RuleCase {
  name?: string;
  /** Project-relative path of the linted file; its kind comes from classifyLintPath. */
  path: string;
  code: string;
  /** Other files in the workspace. */
  files?: { [path: string]: string };
  /** Symlinks: path → the real path it resolves to. */
  links?: { [path: string]: string };
  targets?: LintTarget[];
  options?: { [key: string]: unknown };
  facts?: Partial<LintFacts>;
  status?: ReadStatus;
  /** ISO date for "now" (default 2026-11-29). */
  now?: string;
}

export interface InvalidCase extends RuleCase {
  /** `message`: text the message must contain. */
  errors: { messageId: string; line?: number; column?: number; message?: string }[];
  /** Text after applying this rule's fixes (all kinds). */
  output?: string;
}

export interface RuleCases {
  valid: RuleCase[];
  invalid: InvalidCase[];
}

const ROOT = "/proj/project";
const HOME = "/proj/home";

/**
 * What each harness loads from the case's workspace (a git repository at ROOT), from the same discovery
 * `promptc lint` runs, over an in-memory host holding the case's files and links.
 */
export function harnessFactsFor(c: RuleCase): Pick<LintFacts, "harnessLaunches" | "harnessesByFile"> {
  const entries: Record<string, MemoryEntry> = { [`${ROOT}/.git`]: { dir: true }, [HOME]: { dir: true } };
  for (const [path, text] of Object.entries({ ...(c.files ?? {}), [c.path]: c.code }))
    entries[`${ROOT}/${path}`] = text;
  for (const [path, real] of Object.entries(c.links ?? {})) entries[`${ROOT}/${path}`] = { symlink: `${ROOT}/${real}` };
  const host = createMemoryHost({ files: entries, cwd: ROOT, home: HOME });
  const kind = classifyLintPath(c.path) ?? "context";
  const real = c.links?.[c.path];
  const file = createLintFile(c.path, kind, c.code, real !== undefined ? { realPath: real } : {});
  // The case's other agent files are lint targets too: a harness is started in each of their folders.
  const others = Object.entries(c.files ?? {}).flatMap(([path, text]) => {
    const k = classifyLintPath(path);
    return k === "context" && path !== c.path ? [createLintFile(path, k, text)] : [];
  });
  const harnessLaunches = computeHarnessLaunches(host, [file, ...others], {
    root: ROOT,
    home: HOME,
    codex: {
      codexHome: `${HOME}/.codex`,
      budgetBytes: PROJECT_DOC_MAX_BYTES,
      fallbackFilenames: [],
      projectRootMarkers: [".git"],
      adminSkillsRoot: null,
    },
  });
  return { harnessLaunches, harnessesByFile: indexHarnessLaunches(harnessLaunches) };
}

/** The case's ignore files as the workspace layer collects them (every `.gitignore` among its files). */
function gitignoreFactsFor(c: RuleCase): Pick<LintFacts, "gitignore"> {
  const sources = Object.entries(c.files ?? {})
    .filter(([p]) => p === ".gitignore" || p.endsWith("/.gitignore"))
    .map(([p, text]) => ({ dir: p.includes("/") ? p.slice(0, p.lastIndexOf("/")) : "", text }));
  return sources.length > 0 ? { gitignore: { rootInBase: "", sources } } : {};
}

export function projectFor(c: RuleCase): LintProject {
  return {
    root: ROOT,
    fs: createMemoryLintFs({ ...(c.files ?? {}), [c.path]: c.code }, c.links ?? {}),
    nowMs: Date.parse(c.now ?? "2026-11-29T00:00:00Z"),
    targets: new Set(c.targets ?? LINT_TARGETS),
    facts: { ...EMPTY_FACTS, ...harnessFactsFor(c), ...gitignoreFactsFor(c), ...(c.facts ?? {}) },
  };
}

function setup(rule: Rule<any>, c: RuleCase) {
  const kind = classifyLintPath(c.path);
  if (!kind) throw new Error(`no lint kind for ${c.path}`);
  const file = createLintFile(c.path, kind, c.code, c.status ?? {});
  const options = {
    only: [rule.id],
    cliRules: { [rule.id]: ["error", c.options ?? {}] as ["error", { [key: string]: unknown }] },
  };
  return { file, options };
}

function run(rule: Rule<any>, c: RuleCase): LintMessage[] {
  const { file, options } = setup(rule, c);
  return lintFile(file, projectFor(c), options).filter((m) => m.rule === rule.id || m.rule === "meta/internal-error");
}

function fixed(rule: Rule<any>, c: RuleCase): string | undefined {
  const { file, options } = setup(rule, c);
  return lintFiles({ files: [file], project: projectFor(c), ...options, fix: ["safe", "suggest"] }).results[0]?.output;
}

/** Registers one vitest case per table row. */
export function testRule(rule: Rule<any>, cases: RuleCases): void {
  cases.valid.forEach((c, i) => {
    it(`reports nothing on valid case ${i + 1}${c.name ? ` (${c.name})` : ""}`, () => {
      expect(run(rule, c).map((m) => `${m.messageId}@${m.place?.line}:${m.place?.column} ${m.message}`)).toEqual([]);
    });
  });
  cases.invalid.forEach((c, i) => {
    it(`reports invalid case ${i + 1}${c.name ? ` (${c.name})` : ""}`, () => {
      const messages = run(rule, c);
      const got = messages.map((m) => ({ messageId: m.messageId, line: m.place?.line, column: m.place?.column }));
      const want = c.errors.map((e) => ({ messageId: e.messageId, line: e.line ?? 1, column: e.column ?? 1 }));
      expect(got).toEqual(want);
      c.errors.forEach((e, k) => {
        if (e.message !== undefined) expect(messages[k]?.message).toContain(e.message);
      });
      if (c.output !== undefined) expect(fixed(rule, c)).toEqual(c.output);
    });
  });
}
