// `promptc compact <log>`: a dry run of compaction on a session log or a scenario, without calling any model.
// Does IO (CLI edge). Exit codes: 0 ok, 1 the input had problems (malformed lines, skipped items), 2 usage or unreadable input.
import { dirname, resolve } from "node:path";
import { Option, type Command } from "commander";
import { readInputText } from "../read-input.js";
import { COMPACT_STRATEGIES, type CompactStrategyName } from "../../compact/compact-history.js";
import { planCompactDryRun } from "../../compact/plan-compact-dry-run.js";
import { parsePinSelectors } from "../../compact/pinned-blocks.js";
import { rebuildLegacyCompaction } from "../../compact/build-compacted-history.js";
import { sessionLogFromScenario } from "../../scenario/session-log-from-scenario.js";
import { defaultProse } from "../../compile/compile.js";
import { loadConfig } from "../../discover/load-config.js";
import { readSessionLog } from "../../session-log/read-session-log.js";
import { createNodeHost } from "../../host/node-host.js";
import { modelContextWindow } from "../../profiles/model-info.js";
import { diagnostic, type Diagnostic, type Result } from "../../model/diagnostic.js";
import type { ParsedSessionLog } from "../../session-log/parse-rollout.js";
import {
  codexProfile,
  DEFAULT_PROFILE_ID,
  ENVELOPE_PROFILE_IDS,
  findProfile,
  hasEnvelopeLayout,
  profileIdList,
  type ProfileId,
} from "../../profiles/index.js";
import { calibratedTextFor } from "../../cli/codex/load-codex-calibration.js";
import { catalogueContextWindow } from "../../cli/codex/load-codex-model-setup.js";
import { renderCompactReport } from "../format/compact-report.js";
import { colorFor, createStyle } from "../format/style.js";
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, tokenCounterOf, writeExact, type CliIO } from "../io.js";
import type { RegisterCommand } from "./register-command.js";
import { compileScenarioFile } from "../../scenario/compile-scenario-file.js";
import { scenarioSetup } from "../scenario-setup.js";
import { isPromptcLog } from "../../session-log/session-log.js";
import { cannotRead } from "../../model/file-error.js";

const SCENARIO_EXTENSION = /\.ya?ml$/i;
const JSON_EXTENSION = /\.json$/i;

interface CompactCliOptions {
  json?: boolean;
  summary?: string;
  summaryFile?: string;
  summaryPrefixFile?: string;
  profile?: string;
  strategy: string;
  contextWindow?: string;
  autoCompactLimit?: string;
  /** Hidden aliases of --context-window and --auto-compact-limit (their first spellings). */
  window?: string;
  limit?: string;
  maxUserTokens?: string;
  keepRecent?: string;
  config?: string;
  pin?: string[];
  initialContext: boolean;
  logPrefix: boolean;
  estimate: string;
  color?: boolean;
}

type Loaded = { ok: true; value: string; origin: string } | { ok: false; error: string };

interface Input {
  format: string;
  log: ParsedSessionLog;
  /** The profile the input was written with, when it says (a scenario; a promptc log by its summaries). */
  profile?: ProfileId;
}

function readText(path: string): Loaded {
  const read = readInputText(dirname(path), path);
  if (read.ok) return { ok: true, value: read.text, origin: path };
  return { ok: false, error: read.error };
}

const prefixEntry = (profile: ProfileId) => defaultProse(profile).entries["compact-summary-prefix"];
const profilePrefix = (profile: ProfileId): string => (prefixEntry(profile)?.source ?? "").replace(/\n+$/, "");

/** The profile whose built-in prefix starts the log's summaries (promptc logs do not record the reply apart). */
function profileOfSummaries(log: ParsedSessionLog): ProfileId | undefined {
  const texts = [...log.summaryTexts, ...log.compactions.map((c) => c.message)];
  return ENVELOPE_PROFILE_IDS.find((p) => texts.some((t) => t.startsWith(profilePrefix(p) + "\n")));
}

/** A rollout Codex wrote (promptc's own run logs say originator "promptc"). */
const isCodexRollout = (log: ParsedSessionLog): boolean => log.format === "codex-rollout" && !isPromptcLog(log.meta);

// Your file, else the prefix recovered from the log itself (the harness's exact text, never shipped), else a profile's.
function loadPrefix(options: CompactCliOptions, cwd: string, input: Input, io: CliIO): Loaded {
  if (options.summaryPrefixFile) {
    const r = readText(resolve(cwd, options.summaryPrefixFile));
    return r.ok ? { ...r, origin: `${r.origin} (user-supplied)` } : r;
  }
  const { log } = input;
  if (options.logPrefix && log.summaryPrefix) {
    return {
      ok: true,
      value: log.summaryPrefix.text,
      origin: `the log (compaction at line ${log.summaryPrefix.line})`,
    };
  }
  const profile =
    options.profile ??
    input.profile ??
    profileOfSummaries(log) ??
    (isCodexRollout(log) ? codexProfile.id : DEFAULT_PROFILE_ID);
  // The user's Codex's own prefix, when `promptc calibrate --agent codex` has cached it for the log's model.
  const found = findProfile(profile);
  if (found !== undefined && hasEnvelopeLayout(found) && found.modelCatalogue === "codex") {
    const cal = calibratedTextFor(createNodeHost({ cwd, env: io.env }), log.model, "compact-summary-prefix");
    if (cal) return { ok: true, value: cal.text.replace(/\n+$/, ""), origin: `${cal.file} (calibrated)` };
  }
  const entry = prefixEntry(profile);
  return {
    ok: true,
    value: profilePrefix(profile),
    origin: `${entry?.path ?? `templates/${profile}/compact-summary-prefix.hbs`} (${entry?.origin ?? "builtin"})`,
  };
}

/** The catalogue's window for the log's model; nothing for a model the catalogue does not know. */
function catalogueWindow(model: string | undefined, io: CliIO): { catalogueContextWindow?: number } {
  if (model === undefined) return {};
  // Codex's own catalogue (models_cache.json or the calibration) first; then what promptc knows by slug.
  const codex = catalogueContextWindow(createNodeHost({ cwd: io.cwd, env: io.env }), model);
  if (codex !== undefined) return { catalogueContextWindow: codex };
  const window = modelContextWindow(model);
  return window.source === "model catalogue" ? { catalogueContextWindow: window.tokens } : {};
}

function parseCount(value: string | undefined, flag: string): number | undefined | { error: string } {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) return { error: `${flag} expects a whole number of tokens, got '${value}'` };
  return Number(value);
}

/** A session log (rollout, request body, items) or a scenario: `.yaml`, or a `.json` no log items came out of. */
function loadInput(path: string, io: CliIO): Result<Input | undefined> {
  const host = createNodeHost({ cwd: io.cwd, env: io.env });
  const scenario = (): Result<Input | undefined> => {
    const r = compileScenarioFile(host, path, scenarioSetup(host));
    if (!r.scenario || !r.compiled) return { value: undefined, diagnostics: r.diagnostics };
    return {
      value: { format: "scenario", log: sessionLogFromScenario(r.scenario, r.compiled), profile: r.scenario.profile },
      diagnostics: r.diagnostics,
    };
  };
  if (SCENARIO_EXTENSION.test(path)) return scenario();
  const read = readSessionLog(host, path, { rebuildCompacted: rebuildLegacyCompaction });
  if (!read.value) return { value: undefined, diagnostics: read.diagnostics };
  if (read.value.history.length === 0 && JSON_EXTENSION.test(path)) {
    const s = scenario();
    if (s.value) return s;
    const why = (r: Result<unknown>) => r.diagnostics.find((d) => d.severity !== "info")?.message ?? "no items";
    return {
      value: undefined,
      diagnostics: [
        diagnostic(
          "session/unknown-format",
          "error",
          `${path} is neither a session log (${why(read)}) nor a scenario (${why(s)})`,
          { file: path },
        ),
      ],
    };
  }
  // Not one line was a record or an item (a README, a binary): a usage error, not an empty session to dry-run.
  if (
    read.value.history.length === 0 &&
    read.value.meta.sessionId === undefined &&
    read.value.compactions.length === 0
  ) {
    return {
      value: undefined,
      diagnostics: [
        diagnostic("session/unknown-format", "error", `${path} is not a session log (no record in it could be read)`, {
          file: path,
        }),
      ],
    };
  }
  return { value: { format: read.value.format, log: read.value }, diagnostics: read.diagnostics };
}

export const registerCompact: RegisterCommand = (program: Command, io: CliIO, setExitCode) => {
  program
    .command("compact")
    .description(
      "dry-run compaction on a session log (Codex rollout, promptc session log, request body, item list) or a scenario",
    )
    .argument(
      "<log>",
      "~/.codex/sessions/…/rollout-….jsonl, ~/.promptc/sessions/<id>.jsonl, a request body, a JSON array of items, or a scenario (.yaml/.json)",
    )
    .option("--json", "print the report and the resulting history as JSON")
    .option("--summary <text>", "the summary reply to use (default: empty)")
    .option("--summary-file <file>", "read the summary reply from a file")
    .option("--summary-prefix-file <file>", "use your own summary prefix (e.g. your copy of the harness's text)")
    .option(
      "--profile <name>",
      `prose profile for the summary prefix (${ENVELOPE_PROFILE_IDS.join(", ")}; default: the input's, else ${DEFAULT_PROFILE_ID})`,
    )
    .option("--strategy <name>", `compaction algorithm (${COMPACT_STRATEGIES.join(", ")})`, "codex-local")
    .option("--context-window <tokens>", "model context window (default: the log's, else the config's)")
    .option(
      "--auto-compact-limit <tokens>",
      "model_auto_compact_token_limit (default: the config's; the threshold is at most 90% of the window)",
    )
    .addOption(new Option("--window <tokens>").hideHelp())
    .addOption(new Option("--limit <tokens>").hideHelp())
    .option(
      "--config <file>",
      "a Codex config.toml to take model_auto_compact_token_limit and model_context_window from",
    )
    .option("--max-user-tokens <tokens>", "budget for retained user messages (default 20000)")
    .option("--keep-recent <tokens>", "pi: recent tokens kept verbatim (default 20000)")
    .option(
      "--pin <block...>",
      "re-emit blocks verbatim after the summary: skill, skill:NAME, agents-md, environment-context, …",
    )
    .option("--no-initial-context", "do not re-inject the initial context found in the log")
    .option("--no-log-prefix", "do not reuse the summary prefix recovered from the log's own compactions")
    .option("--estimate <method>", "Codex estimate: text (observed in 0.171.0) or json (March 2026 source)", "text")
    .option("--color", "force colours (default: on a terminal, unless NO_COLOR)")
    .option("--no-color", "no colours")
    .action((file: string, options: CompactCliOptions) => {
      const fail = (message: string) => {
        io.stderr(`promptc compact: ${message}\n`);
        setExitCode(EXIT_USAGE);
      };
      if (!COMPACT_STRATEGIES.includes(options.strategy as CompactStrategyName))
        return fail(`unknown strategy '${options.strategy}' (expected ${COMPACT_STRATEGIES.join(", ")})`);
      if (options.profile !== undefined && !ENVELOPE_PROFILE_IDS.includes(options.profile))
        return fail(
          findProfile(options.profile) === undefined
            ? `unknown profile '${options.profile}' (expected ${profileIdList("or", ENVELOPE_PROFILE_IDS)})`
            : `profile '${options.profile}' has no bundled prose with a summary prefix (expected ${profileIdList("or", ENVELOPE_PROFILE_IDS)})`,
        );
      if (options.estimate !== "text" && options.estimate !== "json")
        return fail(`unknown estimate method '${options.estimate}' (expected text or json)`);
      if (options.summary !== undefined && options.summaryFile !== undefined)
        return fail("give either --summary or --summary-file, not both");
      const numbers: { [k: string]: number | undefined } = {};
      let configWindow: number | undefined;
      options.contextWindow ??= options.window;
      options.autoCompactLimit ??= options.limit;
      for (const [key, flag] of [
        ["contextWindow", "--context-window"],
        ["autoCompactLimit", "--auto-compact-limit"],
        ["maxUserTokens", "--max-user-tokens"],
        ["keepRecent", "--keep-recent"],
      ] as const) {
        const n = parseCount(options[key], flag);
        if (typeof n === "object") return fail(n.error);
        numbers[key] = n;
      }
      if (options.config !== undefined) {
        const path = resolve(io.cwd, options.config);
        const r = loadConfig(createNodeHost({ cwd: io.cwd, env: io.env }), {
          codexHome: dirname(path),
          configFile: path,
        });
        if (!r.value)
          return fail(r.diagnostics.find((d) => d.severity === "error")?.message ?? `cannot use ${options.config}`);
        numbers.autoCompactLimit ??= r.value.config.modelAutoCompactTokenLimit;
        configWindow = r.value.config.modelContextWindow;
      }
      const pins = parsePinSelectors(options.pin ?? []);
      if (pins.diagnostics.length > 0) return fail(pins.diagnostics[0]!.message);
      let summaryReply = options.summary ?? "";
      if (options.summaryFile !== undefined) {
        const r = readText(resolve(io.cwd, options.summaryFile));
        if (!r.ok) return fail(r.error);
        summaryReply = r.value;
      }
      const loaded = loadInput(resolve(io.cwd, file), io);
      if (!loaded.value)
        return fail(loaded.diagnostics.find((d) => d.severity === "error")?.message ?? `cannot read ${file}`);
      const input = loaded.value;
      const log = input.log;
      const prefix = loadPrefix(options, io.cwd, input, io);
      if (!prefix.ok) return fail(prefix.error);
      const report = planCompactDryRun({
        log,
        strategy: options.strategy as CompactStrategyName,
        summaryPrefix: prefix.value,
        summaryReply,
        ...(numbers.contextWindow !== undefined ? { contextWindow: numbers.contextWindow } : {}),
        ...(configWindow !== undefined ? { fallbackContextWindow: configWindow } : {}),
        ...catalogueWindow(log.model, io),
        ...(numbers.autoCompactLimit !== undefined ? { configLimit: numbers.autoCompactLimit } : {}),
        ...(numbers.maxUserTokens !== undefined ? { maxUserTokens: numbers.maxUserTokens } : {}),
        ...(numbers.keepRecent !== undefined ? { keepRecentTokens: numbers.keepRecent } : {}),
        pins: pins.value,
        injectInitialContext: options.initialContext,
        method: options.estimate,
        countTokens: tokenCounterOf(io).count,
      });
      const diagnostics: Diagnostic[] = [...loaded.diagnostics, ...report.result.diagnostics];
      if (options.json) {
        const { result, ...rest } = report;
        const { history, diagnostics: _d, ...outcome } = result;
        const json = {
          file,
          format: input.format,
          meta: log.meta,
          summaryPrefixFrom: prefix.origin,
          ...rest,
          outcome,
          diagnostics,
          history,
        };
        writeExact(io, JSON.stringify(json, null, 2) + "\n");
      } else {
        io.stdout(
          renderCompactReport(
            { file, format: input.format, log, report, prefixOrigin: prefix.origin, diagnostics },
            createStyle(colorFor(io, options.color)),
          ),
        );
      }
      const logProblems = loaded.diagnostics.some((d) => d.severity !== "info");
      setExitCode(logProblems ? EXIT_FINDINGS : EXIT_OK);
    });
};
