// `promptc compact <log>`: a dry run of compaction on a session log, without calling any model. Does IO (CLI edge).
// Exit codes: 0 ok, 1 the log had problems (malformed lines, skipped items), 2 usage or unreadable input.
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Command } from "commander";
import { COMPACT_STRATEGIES, type CompactStrategyName } from "../../compact/compact-history.js";
import { planCompactDryRun, itemVisibleText, type DryRunReport } from "../../compact/plan-compact-dry-run.js";
import { parsePinSelectors } from "../../compact/pinned-blocks.js";
import { readSessionLog } from "../../discover/read-session-log.js";
import { createNodeHost } from "../../host/node-host.js";
import type { Diagnostic } from "../../model/diagnostic.js";
import type { ResponseItem } from "../../model/items.js";
import type { ParsedSessionLog } from "../../session/parse-rollout.js";
import { formatDiagnostic } from "../format/format-diagnostic.js";
import { createStyle, shouldColor, type Style } from "../format/style.js";
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, type CliIO } from "../io.js";
import type { RegisterCommand } from "./index.js";

const TEMPLATES = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "templates");
const PROFILES = ["promptc", "codex"] as const;
const PREVIEW_CHARS = 60;

interface CompactCliOptions {
  json?: boolean;
  summary?: string;
  summaryFile?: string;
  summaryPrefixFile?: string;
  profile: string;
  strategy: string;
  window?: string;
  limit?: string;
  maxUserTokens?: string;
  keepRecent?: string;
  pin?: string[];
  initialContext: boolean;
  logPrefix: boolean;
  estimate: string;
  color?: boolean;
}

type Loaded = { ok: true; value: string; origin: string } | { ok: false; error: string };

function readText(path: string, label: string): Loaded {
  try {
    return { ok: true, value: readFileSync(path, "utf8"), origin: path };
  } catch (err) {
    return { ok: false, error: `cannot read ${label} ${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}` };
  }
}

// Your file, else the prefix recovered from the log itself (the harness's exact text, never shipped), else ours.
function loadPrefix(options: CompactCliOptions, cwd: string, log: ParsedSessionLog): Loaded {
  if (options.summaryPrefixFile) {
    const r = readText(resolve(cwd, options.summaryPrefixFile), "summary prefix file");
    return r.ok ? { ...r, origin: `${r.origin} (user-supplied)` } : r;
  }
  if (options.logPrefix && log.summaryPrefix) {
    return { ok: true, value: log.summaryPrefix.text, origin: `the log (compaction at line ${log.summaryPrefix.line})` };
  }
  const path = join(TEMPLATES, options.profile, "compact-summary-prefix.hbs");
  const r = readText(path, "template");
  // Template files may end with a newline; the prefix itself does not.
  return r.ok ? { ok: true, value: r.value.replace(/\n$/, ""), origin: `templates/${options.profile}/compact-summary-prefix.hbs (${options.profile === "codex" ? "stand-in" : "builtin"})` } : r;
}

function parseCount(value: string | undefined, flag: string): number | undefined | { error: string } {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) return { error: `${flag} expects a whole number of tokens, got '${value}'` };
  return Number(value);
}

const fmt = (n: number | undefined) => (n === undefined ? "unknown" : n.toLocaleString("en-US"));

function preview(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return JSON.stringify(flat.length > PREVIEW_CHARS ? flat.slice(0, PREVIEW_CHARS - 1) + "…" : flat);
}

function label(item: ResponseItem): string {
  switch (item.type) {
    case "message":
      return `${item.role.padEnd(9)} ${preview(itemVisibleText(item))}`;
    case "function_call":
    case "custom_tool_call":
      return `${item.type} ${item.name} ${item.call_id}`;
    case "function_call_output":
    case "custom_tool_call_output":
      return `${item.type} ${item.call_id}`;
    case "ghost_snapshot":
      return `ghost_snapshot ${item.ghost_commit.id}`;
    default:
      return item.type;
  }
}

function renderText(file: string, log: ParsedSessionLog, report: DryRunReport, prefixOrigin: string, diagnostics: Diagnostic[], s: Style): string {
  const { result, threshold, usage } = report;
  const out: string[] = [];
  const meta = [log.format, log.meta.cliVersion ? `Codex ${log.meta.cliVersion}` : undefined, log.meta.sessionId ? `session ${log.meta.sessionId}` : undefined].filter(Boolean).join(", ");
  out.push(`${s.bold("promptc compact")} ${file} (${meta}) — dry run, no model called`);
  out.push(`  strategy         ${result.strategy}; summary prefix from ${prefixOrigin}`);
  out.push(`  history          ${log.history.length} items; ${log.compactions.length} earlier compaction(s) in the log`);
  out.push(`  usage            ${usage.source === "reported" ? `${fmt(usage.lastReportedTotal)} reported + ${fmt(usage.estimatedTail + usage.estimatedReasoning)} estimated` : "estimated (no usage in the log)"} = ${fmt(usage.total)} tokens`);
  const windowNote = threshold.contextWindow === undefined ? "window unknown" : `window ${fmt(threshold.contextWindow)}${threshold.windowSource === "log" ? " (from the log)" : ""}`;
  const crossed = threshold.decision.compact ? s.yellow("crossed: compaction would run now") : "not crossed";
  out.push(`  threshold        ${threshold.limit === undefined ? "none (never auto-compacts)" : fmt(threshold.limit)} (${windowNote}${threshold.configLimit !== undefined ? `, config ${fmt(threshold.configLimit)}` : ""}); ${crossed}`);
  out.push(`  before           ${fmt(report.before.exactTokens)} exact o200k tokens · ${fmt(report.before.estimatedTokens)} Codex estimate · ${report.before.items} items`);
  out.push(`  after            ${fmt(report.after.exactTokens)} exact o200k tokens · ${fmt(report.after.estimatedTokens)} Codex estimate · ${report.after.items} items`);
  out.push("", s.bold("user messages"));
  if (result.userMessages.length === 0) out.push("  (none)");
  for (const m of result.userMessages) {
    const item = log.history[m.historyIndex];
    const text = item ? preview(itemVisibleText(item)) : "";
    const detail = m.fate === "truncated" ? `${fmt(m.tokens)} → ${fmt(m.keptTokens)} tokens, head ${fmt(m.headBytes)} B … tail ${fmt(m.tailBytes)} B` : `${fmt(m.tokens)} tokens`;
    const fate = m.fate === "kept" ? s.green(m.fate.padEnd(10)) : m.fate === "truncated" ? s.yellow(m.fate.padEnd(10)) : s.dim(m.fate.padEnd(10));
    out.push(`  #${String(m.historyIndex).padEnd(5)} ${fate} ${detail.padEnd(24)} ${text}`);
  }
  out.push("", s.bold("where things land"));
  out.push(`  summary          ${result.summaryIndex >= 0 ? `item ${result.summaryIndex}` : "none"}${result.summaryText ? ` ${preview(result.summaryText)}` : ""}`);
  const ctx = result.initialContext;
  out.push(`  initial context  ${ctx ? `items ${ctx.index}–${ctx.index + ctx.count - 1} (anchor: ${ctx.anchor})` : "not re-injected"}`);
  out.push(`  pinned blocks    ${result.pinnedIndexes.length ? `items ${result.pinnedIndexes.join(", ")}` : "none"}`);
  out.push(`  ghost snapshots  ${result.ghostIndexes.length ? `${result.ghostIndexes.length} kept at items ${result.ghostIndexes.join(", ")}` : "none"}`);
  if (result.pi) out.push(`  pi cut           at log item ${result.pi.cutIndex}; ${result.pi.summarizedItems} summarized, ${result.pi.keptItems} kept${result.pi.splitTurn ? " (split turn)" : ""}`);
  if (result.remote) out.push(`  remote           ${result.remote.requestSkipped ? "request skipped (empty history)" : result.remote.simulated ? "server output simulated" : "server output given"}; ${result.remote.trimmed.length} item(s) trimmed`);
  for (const e of result.events) out.push(`  event            ${preview(e)}`);
  out.push("", s.bold("compacted history"));
  result.history.forEach((item, i) => out.push(`  ${String(i).padStart(4)}  ${label(item)}`));
  if (diagnostics.length > 0) {
    out.push("", s.bold("diagnostics"));
    for (const d of diagnostics) out.push(formatDiagnostic(d, s));
  }
  return out.join("\n") + "\n";
}

export const registerCompact: RegisterCommand = (program: Command, io: CliIO, setExitCode) => {
  program
    .command("compact")
    .description("dry-run compaction on a session log (Codex rollout JSONL, request body JSON, or item list)")
    .argument("<log>", "session log: ~/.codex/sessions/…/rollout-….jsonl, a request body, or a JSON array of items")
    .option("--json", "print the report and the resulting history as JSON")
    .option("--summary <text>", "the summary reply to use (default: empty)")
    .option("--summary-file <file>", "read the summary reply from a file")
    .option("--summary-prefix-file <file>", "use your own summary prefix (e.g. your copy of the harness's text)")
    .option("--profile <name>", `prose profile for the summary prefix (${PROFILES.join(", ")})`, "promptc")
    .option("--strategy <name>", `compaction algorithm (${COMPACT_STRATEGIES.join(", ")})`, "codex-local")
    .option("--window <tokens>", "model context window (default: derived from the log)")
    .option("--limit <tokens>", "model_auto_compact_token_limit (default: 90% of the window)")
    .option("--max-user-tokens <tokens>", "budget for retained user messages (default 20000)")
    .option("--keep-recent <tokens>", "pi: recent tokens kept verbatim (default 20000)")
    .option("--pin <block...>", "re-emit blocks verbatim after the summary: skill, skill:NAME, agents-md, environment-context, …")
    .option("--no-initial-context", "do not re-inject the initial context found in the log")
    .option("--no-log-prefix", "do not reuse the summary prefix recovered from the log's own compactions")
    .option("--estimate <method>", "Codex estimate: text (observed in 0.171.0) or json (March 2026 source)", "text")
    .option("--no-color", "never colour the output")
    .action((file: string, options: CompactCliOptions) => {
      const fail = (message: string) => {
        io.stderr(`promptc compact: ${message}\n`);
        setExitCode(EXIT_USAGE);
      };
      if (!COMPACT_STRATEGIES.includes(options.strategy as CompactStrategyName)) return fail(`unknown strategy '${options.strategy}' (expected ${COMPACT_STRATEGIES.join(", ")})`);
      if (!(PROFILES as readonly string[]).includes(options.profile)) return fail(`unknown profile '${options.profile}' (expected ${PROFILES.join(" or ")})`);
      if (options.estimate !== "text" && options.estimate !== "json") return fail(`unknown estimate method '${options.estimate}' (expected text or json)`);
      if (options.summary !== undefined && options.summaryFile !== undefined) return fail("give either --summary or --summary-file, not both");
      const numbers: { [k: string]: number | undefined } = {};
      for (const [key, flag] of [["window", "--window"], ["limit", "--limit"], ["maxUserTokens", "--max-user-tokens"], ["keepRecent", "--keep-recent"]] as const) {
        const n = parseCount(options[key], flag);
        if (typeof n === "object") return fail(n.error);
        numbers[key] = n;
      }
      const pins = parsePinSelectors(options.pin ?? []);
      if (pins.diagnostics.length > 0) return fail(pins.diagnostics[0]!.message);
      let summaryReply = options.summary ?? "";
      if (options.summaryFile !== undefined) {
        const r = readText(resolve(io.cwd, options.summaryFile), "summary file");
        if (!r.ok) return fail(r.error);
        summaryReply = r.value;
      }
      const path = resolve(io.cwd, file);
      const read = readSessionLog(createNodeHost({ cwd: io.cwd }), path);
      if (!read.value) return fail(read.diagnostics[0]?.message ?? `cannot read ${file}`);
      const log = read.value;
      const prefix = loadPrefix(options, io.cwd, log);
      if (!prefix.ok) return fail(prefix.error);
      const report = planCompactDryRun({
        log,
        strategy: options.strategy as CompactStrategyName,
        summaryPrefix: prefix.value,
        summaryReply,
        ...(numbers.window !== undefined ? { contextWindow: numbers.window } : {}),
        ...(numbers.limit !== undefined ? { configLimit: numbers.limit } : {}),
        ...(numbers.maxUserTokens !== undefined ? { maxUserTokens: numbers.maxUserTokens } : {}),
        ...(numbers.keepRecent !== undefined ? { keepRecentTokens: numbers.keepRecent } : {}),
        pins: pins.value,
        injectInitialContext: options.initialContext,
        method: options.estimate,
      });
      const diagnostics = [...read.diagnostics, ...report.result.diagnostics];
      if (options.json) {
        const { result, ...rest } = report;
        const { history, diagnostics: _d, ...outcome } = result;
        const json = { file, format: log.format, meta: log.meta, summaryPrefixFrom: prefix.origin, ...rest, outcome, diagnostics, history };
        io.stdout(JSON.stringify(json, null, 2) + "\n");
      } else {
        io.stdout(renderText(file, log, report, prefix.origin, diagnostics, createStyle(shouldColor(io, options.color))));
      }
      const logProblems = read.diagnostics.some((d) => d.severity !== "info");
      setExitCode(logProblems ? EXIT_FINDINGS : EXIT_OK);
    });
};
