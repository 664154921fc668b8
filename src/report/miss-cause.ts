// Why a request's cached tokens fell short of what the previous request left in the cache: an event the log
// records between them (a compaction, a model switch, a changed instruction file, tool list, skills or environment),
// the first layer where the two requests differ (rebuilt requests compared by cache/'s commonPrefix, or the layers
// the log records), else the gap against the provider's cache lifetime. Pure.
import { commonPrefix } from "../cache/common-prefix.js";
import type { DivergenceCause } from "../cache/divergence.js";
import type { ProviderCacheFacts } from "../cache/provider-cache-facts.js";
import type { LoggedRequestLayers, LoggedUsage, SessionEvent } from "../model/logged-usage.js";
import type { LoggedSession } from "../session-log/logged-session.js";
import type { LoggedRequest } from "../session-log/requests-from-log.js";
import type { MissCause } from "./session-report.js";

/** Which requests continue which: sub-agents have their own prefix; compactions read the main thread's. */
export const threadOf = (u: LoggedUsage) => (u.kind === "subagent" ? "subagent" : "main");

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

export /** The cause of request `i`'s miss; `p` is the previous request of its thread, `gap` the seconds between them. */
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
