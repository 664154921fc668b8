// Builds the session report: each logged request's prompt and cache-hit share, its layers where the log shows them,
// and for each request whose cached tokens fall short of what the previous request of its thread left in the
// cache, the tokens re-billed and the cause (miss-cause.ts); compactions with before/after; totals. Pure.
import { buildPromptSegments } from "../cache/prompt-segments.js";
import { PROVIDER_CACHE_FACTS, type ProviderCacheFacts } from "../cache/provider-cache-facts.js";
import type { LoggedRequestLayers, LoggedUsage } from "../model/logged-usage.js";
import { getProfile } from "../profiles/index.js";
import type { LoggedSession } from "../session-log/logged-session.js";
import { causeOf, threadOf } from "./miss-cause.js";
import { costOf, type PriceTable } from "./price-table.js";
import type { ReportCompaction, ReportRequest, SessionReport, UsageTotals } from "./session-report.js";

const SEMANTICS_NOTE = {
  "input-includes-cached": "input counts every prompt token; cached is the part of it read from the cache",
  "input-excludes-cached":
    "input counts only uncached prompt tokens; cache reads (cached) and cache writes are counted apart",
} as const;

export interface BuildSessionReportOptions {
  file: string;
  prices?: PriceTable;
}

const promptOf = (u: LoggedUsage, s: LoggedSession) =>
  s.semantics === "input-includes-cached" ? u.input : u.input + u.cached + u.cacheWrite;

/** What the previous request left in the cache for the next one. */
function expectedPrefix(prev: LoggedUsage, s: LoggedSession, facts: ProviderCacheFacts): number {
  return facts.reuses === "breakpoints" ? prev.cached + prev.cacheWrite : promptOf(prev, s);
}

const seconds = (a?: string, b?: string): number | undefined => {
  if (a === undefined || b === undefined) return undefined;
  const d = (Date.parse(b) - Date.parse(a)) / 1000;
  return Number.isFinite(d) ? d : undefined;
};

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
    usageNote: `as ${getProfile(s.agent).displayName} logs it, ${SEMANTICS_NOTE[s.semantics]}`,
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
