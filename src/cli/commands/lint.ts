// `promptc lint [paths...]`: finds agent context files, skills, config and templates, lints them, prints
// stylish/json/sarif/github output, applies --fix. IO at the edge; the rules and runner are pure.
import { dirname, resolve } from "node:path";
import type { Command } from "commander";
import { emitLintReport } from "./lint/emit-lint-report.js";
import type { LintOptions } from "./lint/lint-options.js";
import { readLintInputs } from "./lint/read-lint-inputs.js";
import { withResults, writeLintFixes } from "./lint/write-lint-fixes.js";
import { computeLintFacts } from "../../lint/workspace/compute-lint-facts.js";
import { DEFAULT_MAX_FILES } from "../../lint/workspace/discover-lint-targets.js";
import { discoverLintConfig } from "../../lint/workspace/discover-lint-config.js";
import { relativeTo } from "../../lint/workspace/relative-to.js";
import { resolveLintRoot } from "../../lint/workspace/resolve-lint-root.js";
import { resolveCodexHome } from "../../discover/resolve-codex-home.js";
import { createNodeHost } from "../../host/node-host.js";
import { createCachingHost } from "../../host/create-caching-host.js";
import { LINT_TARGETS, RULE_SEVERITIES, type LintTarget, type RuleSeverity } from "../../lint/define-rule.js";
import { LINT_JSON_SCHEMA } from "../../lint/formatters/format-json.js";
import { formatRuleList, formatRuleExplain } from "../../lint/formatters/format-rules.js";
import {
  LINT_CONFIG_SCHEMA,
  LINT_PRESETS,
  validateLintConfig,
  type LintConfig,
  type LintPreset,
  type RuleSetting,
} from "../../lint/lint-config.js";
import type { LintProject } from "../../lint/lint-project.js";
import { lintRules, lintRulesById } from "../../lint/rules/index.js";
import { lintFiles, type LintRunResult } from "../../lint/run.js";
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, tokenCounterOf, writeExact, type CliIO } from "../io.js";
import type { RegisterCommand } from "./register-command.js";
import { noteRunVariant } from "../run-variant.js";

const FORMATS = ["stylish", "json", "sarif", "github"] as const;

function usage(io: CliIO, message: string): number {
  io.stderr(`promptc lint: ${message}\n`);
  return EXIT_USAGE;
}

function parseRuleFlags(flags: readonly string[]): { rules: { [id: string]: RuleSetting } } | { error: string } {
  const rules: { [id: string]: RuleSetting } = {};
  for (const flag of flags) {
    const at = flag.lastIndexOf(":");
    const id = at > 0 ? flag.slice(0, at) : flag;
    const sev = (at > 0 ? flag.slice(at + 1) : "error") as RuleSeverity;
    if (!lintRulesById.has(id)) return { error: `unknown rule '${id}' in --rule (see --list-rules)` };
    if (!RULE_SEVERITIES.includes(sev))
      return { error: `bad severity '${sev}' in --rule ${flag} (expected ${RULE_SEVERITIES.join(", ")})` };
    rules[id] = sev;
  }
  return { rules };
}

/** Config is searched upward from the linted path (the first positional path that exists), else from the cwd. */
function configSearchStart(host: ReturnType<typeof createNodeHost>, root: string, paths: readonly string[]): string {
  const first = paths.find((p) => !/[*?{}[\]]/.test(p));
  if (first === undefined) return root;
  const abs = resolve(root, first);
  const st = host.stat(abs);
  return st.ok && st.value.kind === "directory" ? abs : st.ok ? dirname(abs) : root;
}

/** The run with its file paths as seen from the folder lint was started in (`../app/AGENTS.md`). */
function fromCwd(run: LintRunResult, shown: (path: string) => string): LintRunResult {
  return {
    ...run,
    results: run.results.map((r) => ({
      ...r,
      path: shown(r.path),
      messages: r.messages.map((m) => (m.file === undefined ? m : { ...m, file: shown(m.file) })),
    })),
  };
}

export async function runLint(paths: string[], options: LintOptions, io: CliIO): Promise<number> {
  if (options.printSchema !== undefined) {
    const which = options.printSchema === true ? "config" : options.printSchema;
    if (which !== "config" && which !== "result")
      return usage(io, `--print-schema takes 'config' or 'result', not '${which}'`);
    writeExact(io, JSON.stringify(which === "config" ? LINT_CONFIG_SCHEMA : LINT_JSON_SCHEMA, null, 2) + "\n");
    return EXIT_OK;
  }
  if (options.listRules) {
    (options.json ? (t: string) => writeExact(io, t) : io.stdout)(formatRuleList(lintRules, options.json === true));
    return EXIT_OK;
  }
  if (options.explain !== undefined) {
    const rule = lintRulesById.get(options.explain);
    if (!rule) return usage(io, `unknown rule '${options.explain}' (see --list-rules)`);
    (options.json ? (t: string) => writeExact(io, t) : io.stdout)(formatRuleExplain(rule, options.json === true));
    return EXIT_OK;
  }
  if (!(FORMATS as readonly string[]).includes(options.format))
    return usage(io, `unknown format '${options.format}' (expected ${FORMATS.join(", ")})`);
  // --json is every verb's JSON switch: here it means --format json (it was ignored without --list-rules/--explain).
  if (options.json) {
    if (options.format !== "stylish" && options.format !== "json")
      return usage(io, `--json and --format ${options.format} ask for two formats`);
    options = { ...options, format: "json" };
  }
  const maxWarnings = options.maxWarnings === undefined ? -1 : Number(options.maxWarnings);
  if (!Number.isInteger(maxWarnings) || maxWarnings < -1)
    return usage(io, `--max-warnings must be a non-negative integer`);
  const maxFiles = options.maxFiles === undefined ? DEFAULT_MAX_FILES : Number(options.maxFiles);
  if (!Number.isInteger(maxFiles) || maxFiles < 1) return usage(io, `--max-files must be a positive integer`);
  const fixType = options.fixType ?? "safe";
  if (!["safe", "suggest", "all"].includes(fixType)) return usage(io, `--fix-type must be safe, suggest or all`);
  const ruleFlags = parseRuleFlags(options.rule ?? []);
  if ("error" in ruleFlags) return usage(io, ruleFlags.error);
  // Without --stdin the name would be ignored and the current directory linted instead.
  if (options.stdinFilename !== undefined && !options.stdin) return usage(io, "--stdin-filename goes with --stdin");

  const host = createNodeHost({ cwd: io.cwd, env: io.env });
  // The project holds every named path, whichever folder lint was started from; paths are shown from the cwd.
  const cwd = resolve(io.cwd);
  const root = resolveLintRoot(host, cwd, paths);
  const named = paths.map((p) => resolve(cwd, p));
  const shown = (p: string): string => (root === cwd ? p : relativeTo(cwd, resolve(root, p)));
  let config: LintConfig = {};
  let configFile: string | undefined;
  if (options.config !== false) {
    const found = discoverLintConfig(
      host,
      configSearchStart(host, cwd, paths),
      options.config === undefined ? undefined : resolve(io.cwd, options.config),
    );
    const bad = found.diagnostics.find((d) => d.severity === "error");
    if (bad || !found.value) return usage(io, bad?.message ?? "cannot load configuration");
    const checked = validateLintConfig(found.value.data, lintRulesById, found.value.path ?? "(defaults)");
    for (const d of checked.diagnostics.filter((x) => x.severity !== "error"))
      io.stderr(`promptc lint: ${found.value.path}: ${d.message}\n`);
    if (!checked.value)
      return usage(io, `${found.value.path}: ${checked.diagnostics[0]?.message ?? "invalid configuration"}`);
    config = checked.value;
    configFile = found.value.path;
    if (configFile !== undefined) noteRunVariant("config");
  }
  if (options.preset !== undefined) {
    if (!(LINT_PRESETS as readonly string[]).includes(options.preset))
      return usage(io, `unknown preset '${options.preset}' (expected ${LINT_PRESETS.join(", ")})`);
    config = { ...config, extends: options.preset as LintPreset };
  }
  let targets: readonly LintTarget[] = config.targets ?? LINT_TARGETS;
  if (options.target !== undefined) {
    const list = options.target
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean);
    const unknown = list.find((t) => !(LINT_TARGETS as readonly string[]).includes(t));
    if (unknown) return usage(io, `unknown target '${unknown}' (expected ${LINT_TARGETS.join(", ")})`);
    targets = list as LintTarget[];
  }

  const inputs = await readLintInputs(host, io, { root, cwd, paths: named, options, config, configFile, maxFiles });
  if ("error" in inputs) return usage(io, inputs.error);
  const { files, bytesOf, fs, factsHost } = inputs;
  // Codex's settings (project_doc_max_bytes, fallback file names, root markers) come from the same CODEX_HOME
  // and config.toml `promptc preview` reads, so the two never disagree about what reaches the model.
  // A trusted project's `.codex/config.toml` layers count per folder, as for a turn started there (preview).
  // Asked once per launch folder: each folder's files are looked at once (a 400-deep chain walked them 400 times).
  const settingsHost = createCachingHost(host);
  const codexAt = (projectCwd: string) =>
    resolveCodexHome(settingsHost, {
      cwd: root,
      projectCwd,
      ...(options.codexHome !== undefined ? { codexHome: options.codexHome } : {}),
      ...(options.codexConfig !== undefined ? { configFile: options.codexConfig } : {}),
    });
  const codex = codexAt(root);
  if (!codex.value) {
    const error = codex.diagnostics.find((d) => d.severity === "error");
    return usage(
      io,
      `${error?.file && !error.message.includes(error.file) ? `${error.file}: ` : ""}${error?.message ?? "cannot load the Codex configuration"}`,
    );
  }
  const codexConfig = codex.value.loaded.config;
  // The home whose agent settings discovery reads (~/.claude.json, ~/.gemini, ~/.pi/agent), as preview and agents.
  const home = options.home !== undefined ? resolve(io.cwd, options.home) : host.home();
  const facts = computeLintFacts(factsHost, files, {
    projectHost: host,
    root,
    codexHome: codex.value.codexHome,
    projectDocMaxBytes: codexConfig.projectDocMaxBytes,
    fallbackFilenames: codexConfig.projectDocFallbackFilenames,
    projectRootMarkers: codexConfig.projectRootMarkers,
    // A folder whose layers do not load (bad TOML) keeps the root's settings; the config rules report the file.
    settingsAt: (dir) => {
      const c = codexAt(dir).value?.loaded.config ?? codexConfig;
      return {
        projectDocMaxBytes: c.projectDocMaxBytes,
        fallbackFilenames: c.projectDocFallbackFilenames,
        projectRootMarkers: c.projectRootMarkers,
      };
    },
    ...(home !== undefined ? { home } : {}),
  });
  let nowMs: number | undefined;
  const project: LintProject = {
    root,
    fs,
    // Read by the one rule that needs it (a run that never reads the time can be replayed: src/cli/run-memo/).
    get nowMs() {
      return (nowMs ??= host.clock().nowMs);
    },
    targets: new Set(targets),
    facts,
    countTokens: tokenCounterOf(io).count,
  };
  const fixKinds =
    options.fix || options.fixDryRun
      ? fixType === "all"
        ? (["safe", "suggest"] as const)
        : ([fixType] as ["safe"] | ["suggest"])
      : undefined;
  let run = lintFiles({ files, project, config, cliRules: ruleFlags.rules, ...(fixKinds ? { fix: fixKinds } : {}) });

  // Fixes change only their own bytes; a file that cannot take them is reported (unfixed) and the run goes on.
  const notFixed = writeLintFixes(io, { run, files, bytesOf, root, shown, options });
  if (notFixed.length > 0 && options.fix && !options.fixDryRun)
    run = withResults(run, lintFiles({ files: notFixed, project, config, cliRules: ruleFlags.rules }));

  const failed = emitLintReport(io, root === cwd ? run : fromCwd(run, shown), options);
  if (failed !== undefined) return usage(io, failed);

  if (run.internalErrors > 0) return EXIT_USAGE;
  if (notFixed.length > 0 && options.fix && !options.fixDryRun) return EXIT_USAGE;
  if (run.errorCount > 0) return EXIT_FINDINGS;
  if (!options.quiet && options.strict && run.warningCount > 0) return EXIT_FINDINGS;
  if (!options.quiet && maxWarnings >= 0 && run.warningCount > maxWarnings) return EXIT_FINDINGS;
  return EXIT_OK;
}

const collect = (v: string, prev: string[] = []): string[] => [...prev, v];

export const registerLint: RegisterCommand = (program: Command, io, setExitCode) => {
  program
    .command("lint")
    .description(
      "lint AGENTS.md, CLAUDE.md, GEMINI.md, Copilot and Cursor rules, SKILL.md, Codex config.toml and .rules, templates, simulating what each harness loads",
    )
    .argument("[paths...]", "files, directories or globs (default: the current directory)")
    .option("-f, --format <name>", `output format (${FORMATS.join(", ")})`, "stylish")
    .option("-o, --output-file <path>", "write the report to a file")
    .option("--max-warnings <n>", "exit 1 when there are more warnings than this")
    .option("--strict", "exit 1 on any warning")
    .option(
      "--preset <name>",
      "rule set: recommended (default: what measured precise enough), strict (adds the opinion rules) or all (every rule); overrides the config's extends",
    )
    .option("-q, --quiet", "report errors only")
    .option("--fix", "apply safe fixes, then report what remains")
    .option("--fix-dry-run", "print the fixes as a diff without writing")
    .option("--fix-type <type>", "fixes to apply: safe, suggest or all", "safe")
    .option("--rule <id:severity>", "override a rule's severity (repeatable)", collect)
    .option("--target <list>", `harnesses to check for, comma-separated (${LINT_TARGETS.join(", ")})`)
    .option("-c, --config <path>", "use this config file instead of searching for promptc.yaml")
    .option("--no-config", "ignore promptc.yaml / .promptcrc.yaml / package.json#promptc")
    .option("--ignore-pattern <glob>", "skip matching files (repeatable)", collect)
    .option("--no-ignore", "lint ignored files too (.gitignore files, ignorePatterns, --ignore-pattern)")
    .option("--max-files <n>", "refuse to lint more files than this", String(DEFAULT_MAX_FILES))
    .option("--stdin", "lint standard input")
    .option("--stdin-filename <path>", "the path standard input stands for (decides which rules apply)")
    .option("--list-rules", "list every rule")
    .option("--json", "print JSON: the same as --format json, or the JSON of --list-rules and --explain")
    .option("--explain <rule-id>", "describe one rule: rationale, sources, options")
    .option("--print-schema [which]", "print the JSON Schema of the config ('config') or of --format json ('result')")
    .option(
      "--codex-home <dir>",
      "CODEX_HOME whose config.toml sets the simulated budget, fallback names and root markers (default: $CODEX_HOME or ~/.codex, as preview)",
    )
    .option("--codex-config <file>", "Codex config.toml to simulate instead of $CODEX_HOME/config.toml")
    .option(
      "--home <dir>",
      "the user home whose agent settings (~/.claude.json, ~/.gemini, ~/.pi/agent) decide what each harness loads (default: yours, as preview)",
    )
    .option("--color", "force colours (default: on a terminal, unless NO_COLOR)")
    .option("--no-color", "no colours")
    .action(async (paths: string[], options: LintOptions) => {
      setExitCode(await runLint(paths, options, io));
    });
};
