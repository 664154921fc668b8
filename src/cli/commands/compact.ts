// `promptc compact <log>`: a dry run of compaction on a session log or a scenario, without calling any model.
// Does IO (CLI edge). Exit codes: 0 ok, 1 the input had problems (malformed lines, skipped items), 2 usage or unreadable input.
import { dirname, resolve } from "node:path";
import { Option, type Command } from "commander";
import { COMPACT_STRATEGIES, type CompactStrategyName } from "../../compact/compact-history.js";
import { planCompactDryRun } from "../../compact/plan-compact-dry-run.js";
import { parsePinSelectors } from "../../compact/pinned-blocks.js";
import { loadConfig } from "../../discover/load-config.js";
import { createNodeHost } from "../../host/node-host.js";
import type { Diagnostic } from "../../model/diagnostic.js";
import { DEFAULT_PROFILE_ID, ENVELOPE_PROFILE_IDS, findProfile, profileIdList } from "../../profiles/index.js";
import { renderCompactReport } from "../format/compact-report.js";
import { colorFor, createStyle } from "../format/style.js";
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, tokenCounterOf, writeExact, type CliIO } from "../io.js";
import {
  catalogueWindow,
  harnessProseFor,
  loadInput,
  loadPrefix,
  parseCount,
  readText,
  type CompactCliOptions,
} from "./compact-input.js";
import type { RegisterCommand } from "./register-command.js";

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
    .option(
      "--strategy <name>",
      `compaction algorithm (${COMPACT_STRATEGIES.join(", ")}; default: the session file's agent's, else codex-local)`,
    )
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
      if (options.strategy !== undefined && !COMPACT_STRATEGIES.includes(options.strategy as CompactStrategyName))
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
      options.strategy ??= input.strategy ?? "codex-local";
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
        harnessProse: harnessProseFor(input),
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
