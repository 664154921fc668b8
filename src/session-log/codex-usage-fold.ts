// The requests and events of a Codex rollout, one record at a time: each model request's usage (its
// `token_usage_record`, or for older rollouts a `token_count` whose total moved), a summariser request recognised
// by the compaction that follows its reply, model switches, and what `world_state` says changed. Pure; used by the
// rollout reader and by the session listing, which streams.
import type { LoggedUsage, SessionChange, SessionEvent, SessionUsage } from "../model/logged-usage.js";
import { canonicalJson } from "../compile/canonical-json.js";
import { isJsonObject, stringValue, type JsonObject } from "../model/json-value.js";
import { mergeWorldState } from "./logged-settings.js";

const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);

/** The `world_state` keys that change what the model is sent, in the user's terms. */
const WORLD_STATE_CHANGES: { readonly [key: string]: { what: SessionChange; detail: string } } = {
  agents_md: { what: "instructions", detail: "AGENTS.md changed" },
  host_skills: { what: "skills", detail: "the skills list changed" },
  skills: { what: "skills", detail: "skills settings changed" },
  tools: { what: "tools", detail: "the tool list changed" },
  environments: { what: "environment", detail: "the environment block changed" },
  permissions: { what: "permissions", detail: "the permissions changed" },
  collaboration_mode: { what: "instructions", detail: "the collaboration mode changed" },
  managed_developer_instructions: { what: "instructions", detail: "developer instructions changed" },
};

function usageOf(u: JsonObject): Pick<LoggedUsage, "input" | "cached" | "cacheWrite" | "output" | "reasoning"> {
  return {
    input: num(u.input_tokens),
    cached: num(u.cached_input_tokens),
    cacheWrite: num(u.cache_write_input_tokens),
    output: num(u.output_tokens),
    reasoning: num(u.reasoning_output_tokens),
  };
}

/** Model output items: a request's reply. */
const isReplyItem = (p: JsonObject): boolean =>
  (p.type === "message" && p.role === "assistant") ||
  ["function_call", "custom_tool_call", "reasoning", "web_search_call"].includes(String(p.type));

export interface CodexUsageFold {
  add(record: JsonObject, lineNo: number): void;
  result(): SessionUsage;
}

export function createCodexUsageFold(): CodexUsageFold {
  const usage: LoggedUsage[] = [];
  const events: SessionEvent[] = [];
  let total: SessionUsage["recordedTotal"];
  let lastTotal = "";
  let sawUsageRecords = false;
  let model: string | undefined;
  let world: JsonObject | undefined;
  /** The request answered since the last input item: a compaction right after it makes it the summariser's. */
  let answeredSinceInput: LoggedUsage | undefined;
  const push = (u: LoggedUsage) => {
    usage.push(u);
    answeredSinceInput = u;
  };
  return {
    add(record, lineNo) {
      const p = record.payload;
      if (!isJsonObject(p)) return;
      const at = stringValue(record.timestamp);
      const where = at !== undefined ? { line: lineNo, at } : { line: lineNo };
      switch (record.type) {
        case "token_usage_record": {
          if (!isJsonObject(p.usage)) break;
          sawUsageRecords = true;
          const u: LoggedUsage = { kind: "turn", ...where, ...usageOf(p.usage) };
          if (model !== undefined) u.model = model;
          const id = stringValue(p.response_id);
          if (id !== undefined) u.id = id;
          push(u);
          break;
        }
        case "event_msg": {
          // A new turn: a compaction before any reply in it has no summariser reply logged (remote compaction).
          if (p.type === "task_started") answeredSinceInput = undefined;
          if (p.type !== "token_count" || !isJsonObject(p.info)) break;
          const t = p.info.total_token_usage;
          if (!isJsonObject(t)) break;
          const key = canonicalJson(t);
          const moved = key !== lastTotal;
          lastTotal = key;
          const tu = usageOf(t);
          total = { input: tu.input, cached: tu.cached, cacheWrite: tu.cacheWrite, output: tu.output };
          // Older rollouts have no token_usage_record: a request is a token_count whose total moved.
          if (!sawUsageRecords && moved && isJsonObject(p.info.last_token_usage)) {
            const u: LoggedUsage = { kind: "turn", ...where, ...usageOf(p.info.last_token_usage) };
            if (model !== undefined) u.model = model;
            push(u);
          }
          break;
        }
        case "response_item":
          if (!isReplyItem(p)) answeredSinceInput = undefined;
          break;
        case "compacted": {
          if (answeredSinceInput !== undefined) answeredSinceInput.kind = "compaction";
          answeredSinceInput = undefined;
          const e: SessionEvent = { type: "compaction", ...where };
          const summary = stringValue(p.message);
          if (summary) e.summary = summary;
          if (Array.isArray(p.replacement_history)) e.itemsAfter = p.replacement_history.length;
          events.push(e);
          break;
        }
        case "turn_context": {
          const next = stringValue(p.model);
          if (next !== undefined && model !== undefined && next !== model)
            events.push({ type: "model-switch", ...where, from: model, to: next });
          if (next !== undefined) model = next;
          break;
        }
        case "world_state": {
          const before = world;
          world = mergeWorldState(world, p);
          if (before === undefined || world === undefined) break;
          for (const [key, change] of Object.entries(WORLD_STATE_CHANGES))
            if (canonicalJson(before[key] ?? null) !== canonicalJson(world[key] ?? null))
              events.push({ type: "changed", ...where, what: change.what, detail: change.detail });
          break;
        }
      }
    },
    result() {
      return total === undefined ? { usage, events } : { usage, events, recordedTotal: total };
    },
  };
}
