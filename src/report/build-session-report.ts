// Builds the session report: each logged request's prompt and cache-hit share; for each request whose cached
// tokens fall short of what the previous request of its thread left in the cache, the cause — an event the log
// records between them (a compaction, a model switch, a changed instruction file, tool list, skills or
// environment), the first layer where the two requests differ (rebuilt requests compared by cache/'s
// commonPrefix, or the layers the log records), else the gap against the provider's cache lifetime. Pure.
import { commonPrefix } from "../cache/common-prefix.js";
import { buildPromptSegments } from "../cache/prompt-segments.js";
import type { DivergenceCause } from "../cache/divergence.js";
import { PROVIDER_CACHE_FACTS, type ProviderCacheFacts } from "../cache/provider-cache-facts.js";
import type { LoggedRequestLayers, LoggedUsage, SessionEvent } from "../model/logged-usage.js";
import type { LoggedSession } from "../session-log/logged-session.js";
import type { LoggedRequest } from "../session-log/requests-from-log.js";
import { costOf, type PriceTable } from "./price-table.js";
import type { MissCause, ReportCompaction, ReportRequest, SessionReport, UsageTotals } from "./session-report.js";

const SEMANTICS_NOTE = {
  "input-includes-cached": "input counts every prompt token; cached is the part of it read from the cache",
  "input-excludes-cached":
    "input counts only uncached prompt tokens; cache reads (cached) and cache writes are counted apart",
} as const;

const AGENT_NAMES = {
  codex: "Codex CLI",
  promptc: "promptc",
  "claude-code": "Claude Code",
  "gemini-cli": "Gemini CLI",
  pi: "pi",
  copilot: "Copilot CLI",
} as const;

export interface BuildSessionReportOptions {
  file: string;
  prices?: PriceTable;
}

const promptOf = (u: LoggedUsage, s: LoggedSession) =>
  s.semantics === "input-includes-cached" ? u.input : u.input + u.cached + u.cacheWrite;

/** Which requests continue which: sub-agents have their own prefix; compactions read the main thread's. */
const threadOf = (u: LoggedUsage) => (u.kind === "subagent" ? "subagent" : "main");

/** What the previous request left in the cache for the next one. */
function expectedPrefix(prev: LoggedUsage, s: LoggedSession, facts: ProviderCacheFacts): number {
  return facts.reuses === "breakpoints" ? prev.cached + prev.cacheWrite : promptOf(prev, s);
}

const seconds = (a?: string, b?: string): number | undefined => {
  if (a === undefined || b === undefined) return undefined;
  const d = (Date.parse(b) - Date.parse(a)) / 1000;
  return Number.isFinite(d) ? d : undefined;
};

export function formatDuration(s: number): string {
  if (s < 60) return `${Math.round(s)}s`;
  const m = Math.floor(s / 60);
  return m < 60
    ? `${m}m${String(Math.round(s % 60)).padStart(2, "0")}s`
    : `${Math.floor(m / 60)}h${String(m % 60).padStart(2, "0")}m`;
}

/** The events' explanation, the most decisive first. */
function causeOfEvents(events: SessionEvent[]): MissCause | undefined {
  const parts: string[] = [];
  let kind: MissCause["kind"] | undefined;
  for (const e of events.filter((x) => x.type === "compaction")) {
    kind ??= "compaction";
    const size = e.type === "compaction" && e.tokensBefore !== undefined ? ` (${e.tokensBefore} tokens before it)` : "";
    parts.push(`a compaction rewrote the history${size}`);
  }
  for (const e of events)
    if (e.type === "model-switch") {
      kind ??= "model-switch";
      parts.push(`the model switched ${e.from ?? "?"} → ${e.to}`);
    }
  for (const e of events)
    if (e.type === "changed") {
      kind ??= e.what;
      parts.push(e.detail);
    }
  return kind === undefined ? undefined : { kind, message: [...new Set(parts)].join("; ") };
}

const INPUT_CAUSES: readonly DivergenceCause[] = [
  "item-rewritten",
  "item-inserted",
  "item-removed",
  "history-truncated",
];

/** Where two rebuilt requests first differ (cache/'s commonPrefix), in the user's terms. */
function causeOfRebuilt(a: LoggedRequest, b: LoggedRequest): MissCause | undefined {
  const r = commonPrefix(a.request, b.request);
  if (r.extendsPrefix || r.cause === null) return undefined;
  const d = r.divergence;
  const layer =
    d === null
      ? "request"
      : d.segment === "input"
        ? `input[${d.itemIndex ?? 0}]: ${d.labelA ?? "(none)"} → ${d.labelB ?? "(none)"}`
        : d.segment;
  const label = `${d?.labelA ?? ""} ${d?.labelB ?? ""}`;
  const kind: MissCause["kind"] =
    r.cause === "model-changed"
      ? "model-switch"
      : r.cause === "tools-changed"
        ? "tools"
        : r.cause === "instructions-changed"
          ? "system-prompt"
          : r.cause === "parameter-changed" || r.cause === "prompt-cache-key-changed"
            ? "parameters"
            : INPUT_CAUSES.includes(r.cause) && /AGENTS\.md/.test(label)
              ? "instructions"
              : INPUT_CAUSES.includes(r.cause) && /environment_context/.test(label)
                ? "environment"
                : INPUT_CAUSES.includes(r.cause) && /skills/.test(label)
                  ? "skills"
                  : "history";
  return { kind, layer, message: d?.message ?? r.cause };
}

/** Where two requests' logged layers first differ. */
function causeOfLayers(a: LoggedRequestLayers, b: LoggedRequestLayers): MissCause | undefined {
  if (a.model !== b.model && b.model !== undefined)
    return { kind: "model-switch", layer: "model", message: `the model switched ${a.model ?? "?"} → ${b.model}` };
  const i = a.layers.findIndex((l, k) => b.layers[k]?.hash !== l.hash);
  if (i < 0) return undefined;
  const lb = b.layers[i];
  const la = a.layers[i]!;
  if (lb === undefined) return { kind: "history", layer: la.name, message: `${la.name} (${la.label}) was dropped` };
  const kind: MissCause["kind"] =
    la.name === "tools"
      ? "tools"
      : la.name === "system"
        ? "system-prompt"
        : /CLAUDE\.md|instructions/.test(lb.label)
          ? "instructions"
          : "history";
  const what =
    la.name === "tools" || la.name === "system"
      ? `${lb.label} changed`
      : `${la.name} changed: ${la.label} → ${lb.label}`;
  return { kind, layer: la.name, message: what };
}

/** A request's layers by content, from what the log recorded it sent or from its rebuilt request. */
function layersOf(
  s: LoggedSession,
  u: LoggedUsage,
  i: number,
  sent: Map<string, LoggedRequestLayers>,
): { name: string; label: string; key: string }[] | undefined {
  const logged = u.ref !== undefined ? sent.get(u.ref) : undefined;
  if (logged !== undefined) return logged.layers.map((l) => ({ name: l.name, label: l.label, key: l.hash }));
  const rebuilt = s.rebuilt?.[i];
  if (rebuilt === undefined) return undefined;
  return buildPromptSegments(rebuilt.request).map((g) => ({
    name: g.kind === "input" ? `input[${g.index}]` : g.kind,
    label: g.label,
    key: g.text,
  }));
}

export function buildSessionReport(s: LoggedSession, options: BuildSessionReportOptions): SessionReport {
  const facts = PROVIDER_CACHE_FACTS[s.provider];
  const sent = new Map((s.usage.sent ?? []).map((r) => [r.id, r]));
  const requests: ReportRequest[] = [];
  const last = new Map<string, number>();
  const lastLayers = new Map<string, { name: string; key: string }[]>();
  s.usage.usage.forEach((u, i) => {
    const prompt = promptOf(u, s);
    const r: ReportRequest = {
      n: i + 1,
      line: u.line,
      kind: u.kind,
      input: u.input,
      cached: u.cached,
      cacheWrite: u.cacheWrite,
      output: u.output,
      prompt,
      hitShare: prompt > 0 ? u.cached / prompt : 0,
    };
    if (u.at !== undefined) r.at = u.at;
    if (u.model !== undefined) r.model = u.model;
    const cost = options.prices ? costOf(options.prices, u, prompt) : undefined;
    if (cost !== undefined) r.cost = cost;
    const layers = layersOf(s, u, i, sent);
    if (layers !== undefined) {
      const before = lastLayers.get(threadOf(u));
      r.layers = layers.map((l, k) => ({
        name: l.name,
        label: l.label,
        changed: before?.[k]?.name !== l.name || before[k]?.key !== l.key,
      }));
      lastLayers.set(threadOf(u), layers);
    }
    const p = last.get(threadOf(u));
    last.set(threadOf(u), i);
    if (p !== undefined) {
      const prev = s.usage.usage[p]!;
      const gap = seconds(prev.at, u.at);
      if (gap !== undefined) r.gapSeconds = gap;
      const expected = expectedPrefix(prev, s, facts);
      if (u.cached + facts.blockTokens < expected) {
        r.miss = { expected, rebilled: expected - u.cached, cause: causeOf(s, prev, u, i, p, sent, facts, gap) };
      }
    }
    requests.push(r);
  });
  const totals = totalsOf(requests, options.prices !== undefined);
  const report: SessionReport = {
    file: options.file,
    agent: s.agent,
    provider: s.provider,
    semantics: s.semantics,
    usageNote: `as ${AGENT_NAMES[s.agent]} logs it, ${SEMANTICS_NOTE[s.semantics]}`,
    cacheLifetime: `${facts.name}: ${facts.lifetime}`,
    requests,
    compactions: compactionsOf(s, requests),
    totals,
    notes: [...s.notes],
  };
  if (s.sessionId !== undefined) report.sessionId = s.sessionId;
  if (s.cwd !== undefined) report.cwd = s.cwd;
  if (s.usage.recordedTotal !== undefined) report.recordedTotal = s.usage.recordedTotal;
  const worst = requests.reduce<ReportRequest | undefined>(
    (w, r) => (r.miss !== undefined && (w?.miss === undefined || r.miss.rebilled > w.miss.rebilled) ? r : w),
    undefined,
  );
  if (worst?.miss !== undefined)
    report.worstMiss = { request: worst.n, rebilled: worst.miss.rebilled, cause: worst.miss.cause };
  if (options.prices !== undefined) report.currency = options.prices.currency;
  return report;
}

function causeOf(
  s: LoggedSession,
  prev: LoggedUsage,
  u: LoggedUsage,
  i: number,
  p: number,
  sent: Map<string, LoggedRequestLayers>,
  facts: ProviderCacheFacts,
  gap: number | undefined,
): MissCause {
  // A compaction recorded on its own request's line (Copilot CLI) comes after that request.
  const between = s.usage.events.filter(
    (e) => (e.line > prev.line || (e.line === prev.line && prev.kind === "compaction")) && e.line <= u.line,
  );
  const fromEvents = causeOfEvents(between);
  // The last earlier request of the thread that could be rebuilt (a summariser's request cannot).
  const q = s.rebuilt?.findLastIndex(
    (r, k) => k <= p && r !== undefined && threadOf(s.usage.usage[k]!) === threadOf(u),
  );
  const ra = q !== undefined && q >= 0 ? s.rebuilt?.[q] : undefined;
  const rb = s.rebuilt?.[i];
  const la = prev.ref !== undefined ? sent.get(prev.ref) : undefined;
  const lb = u.ref !== undefined ? sent.get(u.ref) : undefined;
  const fromLayers = ra && rb ? causeOfRebuilt(ra, rb) : la && lb ? causeOfLayers(la, lb) : undefined;
  if (u.kind === "compaction") {
    const next = s.usage.events.find((e) => e.line > u.line && e.type === "model-switch");
    const switching = next?.type === "model-switch" ? ` before the switch to ${next.to}` : "";
    return {
      kind: "compaction",
      message: `the summariser's request of a compaction${switching} (its prompt is not logged)${fromEvents ? `; ${fromEvents.message}` : ""}`,
    };
  }
  if (fromEvents !== undefined)
    return fromLayers?.layer !== undefined ? { ...fromEvents, layer: fromLayers.layer } : fromEvents;
  if (fromLayers !== undefined) return fromLayers;
  if (gap !== undefined && facts.lifetimeSeconds !== undefined && gap > facts.lifetimeSeconds)
    return {
      kind: "expired",
      message: `nothing changed; ${formatDuration(gap)} since the previous request, over the cache lifetime (${facts.lifetime})`,
    };
  const when = gap !== undefined ? ` ${formatDuration(gap)} after the previous request` : "";
  const within = facts.lifetimeSeconds !== undefined && gap !== undefined ? ", within the cache lifetime" : "";
  const same = la && lb ? ` (its first ${la.layers.length} layers are the previous request's, unchanged)` : "";
  return {
    kind: "unexplained",
    message: `nothing the log records changed${same}; an eviction the log cannot explain${when}${within}`,
  };
}

function totalsOf(requests: ReportRequest[], priced: boolean): UsageTotals {
  const sum = (f: (r: ReportRequest) => number) => requests.reduce((n, r) => n + f(r), 0);
  const prompt = sum((r) => r.prompt);
  const cached = sum((r) => r.cached);
  const t: UsageTotals = {
    requests: requests.length,
    input: sum((r) => r.input),
    cached,
    cacheWrite: sum((r) => r.cacheWrite),
    output: sum((r) => r.output),
    prompt,
    rebilled: sum((r) => r.miss?.rebilled ?? 0),
    hitShare: prompt > 0 ? cached / prompt : 0,
  };
  if (priced) t.cost = sum((r) => r.cost ?? 0);
  return t;
}

function compactionsOf(s: LoggedSession, requests: ReportRequest[]): ReportCompaction[] {
  return s.usage.events.flatMap((e): ReportCompaction[] => {
    if (e.type !== "compaction") return [];
    const before = requests.findLast((r) => r.line < e.line && r.kind !== "subagent");
    const after = requests.find((r) => r.line > e.line && r.kind === "turn");
    const c: ReportCompaction = { line: e.line, afterRequest: before?.n ?? 0, dropped: "" };
    const tokensBefore =
      e.tokensBefore ?? (before?.kind === "compaction" ? requests[before.n - 2]?.prompt : before?.prompt);
    const tokensAfter = e.tokensAfter ?? after?.prompt;
    if (tokensBefore !== undefined) c.tokensBefore = tokensBefore;
    if (tokensAfter !== undefined) c.tokensAfter = tokensAfter;
    if (e.itemsAfter !== undefined) c.itemsAfter = e.itemsAfter;
    if (e.itemsDropped !== undefined) c.itemsDropped = e.itemsDropped;
    if (e.summary !== undefined) c.summaryChars = e.summary.length;
    const parts: string[] = [];
    if (tokensBefore !== undefined && tokensAfter !== undefined)
      parts.push(
        `${tokensBefore} → ${tokensAfter} prompt tokens${tokensBefore > tokensAfter ? ` (${tokensBefore - tokensAfter} dropped)` : ""}`,
      );
    if (e.itemsDropped !== undefined) parts.push(`${e.itemsDropped} items removed`);
    if (e.itemsAfter !== undefined) parts.push(`${e.itemsAfter} items kept`);
    if (e.summary !== undefined) parts.push(`replaced by a ${e.summary.length}-character summary`);
    c.dropped = parts.join("; ") || "not recorded";
    return [c];
  });
}
