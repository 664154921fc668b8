// The human report of `promptc compact`: usage vs threshold, tokens before/after, what each user message
// became, where the summary, context, pins and ghosts land, and the resulting history. Pure formatting.
import type { Diagnostic } from "../../model/diagnostic.js";
import type { ResponseItem } from "../../model/items.js";
import { itemVisibleText, type DryRunReport } from "../../compact/plan-compact-dry-run.js";
import type { ParsedSessionLog } from "../../session-log/parse-rollout.js";
import { formatDiagnostic } from "./format-diagnostic.js";
import type { Style } from "./style.js";
import { formatCount } from "../../model/format-count.js";
import { isPromptcLog } from "../../session-log/session-log.js";

const PREVIEW_CHARS = 60;

export interface CompactReportInput {
  file: string;
  /** `codex-rollout`, `request-body`, `item-array`, `item-lines` or `scenario`. */
  format: string;
  log: ParsedSessionLog;
  report: DryRunReport;
  prefixOrigin: string;
  diagnostics: readonly Diagnostic[];
}

const fmt = (n: number | undefined) => (n === undefined ? "unknown" : formatCount(n));

/** Only this much of a text is flattened for its preview (a whole 10 MB message used to be copied per label). */
const PREVIEW_SCAN_CHARS = PREVIEW_CHARS * 16;

function preview(text: string): string {
  const head = text.length > PREVIEW_SCAN_CHARS ? text.slice(0, PREVIEW_SCAN_CHARS) : text;
  const flat = head.replace(/\s+/g, " ").trim();
  const more = flat.length > PREVIEW_CHARS || (head.length < text.length && text.slice(head.length).trim() !== "");
  return JSON.stringify(more ? flat.slice(0, PREVIEW_CHARS - 1) + "…" : flat);
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

function origin(log: ParsedSessionLog, format: string): string {
  const m = log.meta;
  const who = isPromptcLog(m) ? "promptc" : "Codex";
  return [
    format,
    m.cliVersion ? `${who} ${m.cliVersion}` : undefined,
    m.sessionId ? `session ${m.sessionId}` : undefined,
  ]
    .filter(Boolean)
    .join(", ");
}

// An item's content, ids aside: the local strategy rebuilds kept messages as new items without ids.
function contentKey(item: ResponseItem): string {
  const { id: _id, ...rest } = item as ResponseItem & { id?: string };
  return JSON.stringify(rest);
}

/** Old items (real user messages aside: they have their own section) whose content is not in the new history. */
function droppedKinds(
  before: readonly ResponseItem[],
  after: readonly ResponseItem[],
  userIndexes: ReadonlySet<number>,
): string {
  const left = new Map<string, number>();
  for (const item of after) {
    const key = contentKey(item);
    left.set(key, (left.get(key) ?? 0) + 1);
  }
  const counts = new Map<string, number>();
  before.forEach((item, i) => {
    const key = contentKey(item);
    const n = left.get(key) ?? 0;
    if (n > 0) return void left.set(key, n - 1);
    if (userIndexes.has(i)) return;
    const kind =
      item.type !== "message"
        ? item.type
        : item.role === "user"
          ? "earlier summary or context message"
          : `${item.role} message`;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  });
  return [...counts].map(([kind, n]) => `${n} ${kind}${n === 1 ? "" : "s"}`).join(", ") || "nothing else";
}

export function renderCompactReport(input: CompactReportInput, s: Style): string {
  const { file, log, report, diagnostics } = input;
  const { result, threshold, usage } = report;
  const out: string[] = [];
  out.push(`${s.bold("promptc compact")} ${file} (${origin(log, input.format)}) — dry run, no model called`);
  out.push(`  strategy         ${result.strategy}; summary prefix from ${input.prefixOrigin}`);
  out.push(
    `  history          ${log.history.length} items; ${log.compactions.length} earlier compaction(s) in the log`,
  );
  out.push(
    `  usage            ${usage.source === "reported" ? `${fmt(usage.lastReportedTotal)} reported + ${fmt(usage.estimatedTail + usage.estimatedReasoning)} estimated` : "estimated (no usage in the log)"} = ${fmt(usage.total)} tokens`,
  );
  const windowNote =
    threshold.contextWindow === undefined
      ? "window unknown"
      : `window ${fmt(threshold.contextWindow)}${threshold.windowSource === "log" || threshold.windowSource === "config" || threshold.windowSource === "model catalogue" ? ` (from the ${threshold.windowSource})` : ""}`;
  const crossed = threshold.decision.compact ? s.yellow("crossed: compaction would run now") : "not crossed";
  out.push(
    `  threshold        ${threshold.limit === undefined ? (result.strategy === "claude-code" ? "not modelled for Claude Code" : "none (never auto-compacts)") : fmt(threshold.limit)} (${windowNote}${threshold.configLimit !== undefined ? `, config ${fmt(threshold.configLimit)}` : ""}); ${crossed}`,
  );
  out.push(
    `  before           ${fmt(report.before.exactTokens)} exact o200k tokens · ${fmt(report.before.estimatedTokens)} Codex estimate · ${report.before.items} items`,
  );
  out.push(
    `  after            ${fmt(report.after.exactTokens)} exact o200k tokens · ${fmt(report.after.estimatedTokens)} Codex estimate · ${report.after.items} items`,
  );
  out.push(
    `  dropped          ${droppedKinds(log.history, result.history, new Set(result.userMessages.map((m) => m.historyIndex)))}`,
  );
  out.push("", s.bold("user messages"));
  if (result.userMessages.length === 0) out.push("  (none)");
  for (const m of result.userMessages) {
    const item = log.history[m.historyIndex];
    const text = item ? preview(itemVisibleText(item)) : "";
    const detail =
      m.fate === "truncated"
        ? `${fmt(m.tokens)} → ${fmt(m.keptTokens)} tokens, head ${fmt(m.headBytes)} B … tail ${fmt(m.tailBytes)} B`
        : `${fmt(m.tokens)} tokens`;
    const fate =
      m.fate === "kept"
        ? s.green(m.fate.padEnd(10))
        : m.fate === "truncated"
          ? s.yellow(m.fate.padEnd(10))
          : s.dim(m.fate.padEnd(10));
    out.push(`  #${String(m.historyIndex).padEnd(5)} ${fate} ${detail.padEnd(24)} ${text}`);
  }
  out.push("", s.bold("where things land"));
  out.push(
    `  summary          ${result.summaryIndex >= 0 ? `item ${result.summaryIndex}` : "none"}${result.summaryText ? ` ${preview(result.summaryText)}` : ""}`,
  );
  const ctx = result.initialContext;
  out.push(
    `  initial context  ${ctx ? `items ${ctx.index}–${ctx.index + ctx.count - 1} (anchor: ${ctx.anchor})` : "not re-injected"}`,
  );
  out.push(`  pinned blocks    ${result.pinnedIndexes.length ? `items ${result.pinnedIndexes.join(", ")}` : "none"}`);
  out.push(
    `  ghost snapshots  ${result.ghostIndexes.length ? `${result.ghostIndexes.length} kept at items ${result.ghostIndexes.join(", ")}` : "none"}`,
  );
  if (result.pi)
    out.push(
      `  pi cut           at log item ${result.pi.cutIndex}; ${result.pi.summarizedItems} summarized, ${result.pi.keptItems} kept${result.pi.splitTurn ? " (split turn)" : ""}`,
    );
  if (result.split)
    out.push(
      `  verbatim from    log item ${result.split.cutIndex}; ${result.split.summarizedItems} summarized, ${result.split.keptItems} kept`,
    );
  if (result.remote)
    out.push(
      `  remote           ${result.remote.requestSkipped ? "request skipped (empty history)" : result.remote.simulated ? "server output simulated" : "server output given"}; ${result.remote.trimmed.length} item(s) trimmed`,
    );
  for (const e of result.events) out.push(`  event            ${preview(e)}`);
  out.push("", s.bold("compacted history"));
  result.history.forEach((item, i) => out.push(`  ${String(i).padStart(4)}  ${label(item)}`));
  if (diagnostics.length > 0) {
    out.push("", s.bold("diagnostics"));
    for (const d of diagnostics) out.push(formatDiagnostic(d, s));
  }
  return out.join("\n") + "\n";
}
