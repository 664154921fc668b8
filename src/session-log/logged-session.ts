// A session as the report needs it, whichever agent wrote the log: the agent, its provider and usage semantics,
// every request's usage, the events between them, and — where the log allows — each request rebuilt. Built from
// what the one reader of each format gives. Pure.
import type { CacheProvider, SessionEvent, SessionUsage, UsageSemantics } from "../model/logged-usage.js";
import { AGENT_USAGE_SEMANTICS, type SessionAgent } from "../profiles/session-usage.js";
import type { AgentSession } from "./harness/read-agent-session.js";
import type { ParsedSessionLog } from "./parsed-session-log.js";
import type { LoggedRequest, LoggedRequests } from "./requests-from-log.js";

export { AGENT_USAGE_SEMANTICS, SESSION_AGENTS, type SessionAgent } from "../profiles/session-usage.js";

export interface LoggedSession {
  agent: SessionAgent;
  sessionId?: string;
  cwd?: string;
  provider: CacheProvider;
  semantics: UsageSemantics;
  usage: SessionUsage;
  /** For each logged request, in order, the request rebuilt from the log (undefined where it cannot be). */
  rebuilt?: (LoggedRequest | undefined)[];
  notes: string[];
}

/** A model switch the log shows only through the models its requests name. */
function withModelSwitches(u: SessionUsage): SessionUsage {
  const events = [...u.events];
  for (let i = 1; i < u.usage.length; i++) {
    const a = u.usage[i - 1]!;
    const b = u.usage[i]!;
    if (a.model === undefined || b.model === undefined || a.model === b.model || b.kind !== a.kind) continue;
    const known = events.some((e) => e.type === "model-switch" && e.line > a.line && e.line <= b.line);
    if (!known) events.push({ type: "model-switch", line: b.line, from: a.model, to: b.model });
  }
  events.sort((x, y) => x.line - y.line);
  return { ...u, events };
}

/** A Codex rollout or promptc log, with the requests `requestsFromLog` rebuilt from it aligned to its usage. */
export function loggedSessionOfRollout(log: ParsedSessionLog, requests: LoggedRequests): LoggedSession {
  const usage = log.usage ?? { usage: [], events: [] };
  const exact = requests.requests.some((r) => r.exact);
  // Each request's usage follows its reply: the rebuilt request is the latest one before it.
  const rebuilt = usage.usage.map((u) =>
    u.kind === "compaction" ? undefined : requests.requests.findLast((r) => r.line < u.line),
  );
  const rebuiltOnce = rebuilt.map((r, i) => (r !== undefined && rebuilt.indexOf(r) === i ? r : undefined));
  const session: LoggedSession = {
    agent: exact || log.meta.originator === "promptc" ? "promptc" : "codex",
    provider: "openai",
    semantics: AGENT_USAGE_SEMANTICS.codex,
    usage: withModelSwitches(usage),
    rebuilt: rebuiltOnce,
    notes: [...requests.notes],
  };
  if (log.meta.sessionId !== undefined) session.sessionId = log.meta.sessionId;
  if (log.cwd !== undefined) session.cwd = log.cwd;
  return session;
}

const compactionEvents = (list: { line: number; summary?: string; tokensBefore?: number; tokensAfter?: number }[]) =>
  list.map((c): SessionEvent => ({ type: "compaction", ...c }));

/** Another agent's session file, as its reader gave it. */
export function loggedSessionOfAgent(read: AgentSession): LoggedSession {
  const base = (agent: SessionAgent, provider: CacheProvider, usage: SessionUsage, extra: object = {}) => ({
    agent,
    provider,
    semantics: AGENT_USAGE_SEMANTICS[agent],
    usage: withModelSwitches(usage),
    notes: [],
    ...extra,
  });
  const where = (s: { sessionId: string; cwd?: string }) =>
    s.cwd === undefined ? { sessionId: s.sessionId } : { sessionId: s.sessionId, cwd: s.cwd };
  switch (read.format) {
    case "claude-code-jsonl":
      return base("claude-code", "anthropic", read.session.usage, {
        ...where(read.session),
        notes: ["Claude Code does not log its compaction requests (only their summaries)"],
      });
    case "gemini-cli-jsonl":
      return base(
        "gemini-cli",
        "google",
        { usage: read.session.usage, events: compactionEvents(read.session.compactions) },
        { sessionId: read.session.sessionId, notes: ["Gemini CLI does not log its compression requests"] },
      );
    case "pi-jsonl": {
      const s = read.session;
      const events: SessionEvent[] = [];
      for (const e of s.entries)
        if (e.type === "compaction")
          events.push({
            type: "compaction",
            line: e.line,
            summary: e.summary,
            ...(e.tokensBefore !== undefined ? { tokensBefore: e.tokensBefore } : {}),
          });
      const api = s.messages.findLast((m) => m.role === "assistant" && m.api !== undefined);
      const provider: CacheProvider =
        api?.role === "assistant" && api.api === "anthropic-messages"
          ? "anthropic"
          : api?.role === "assistant" && api.api === "google-generative-ai"
            ? "google"
            : "openai";
      return base(
        "pi",
        provider,
        { usage: s.usage, events },
        { ...where(s), notes: ["pi does not log its compaction requests"] },
      );
    }
    case "copilot-jsonl": {
      const s = read.session;
      const provider: CacheProvider = s.model?.startsWith("claude") ? "anthropic" : "openai";
      return base("copilot", provider, { usage: s.usage, events: compactionEvents(s.compactions) }, where(s));
    }
    default: {
      const never: never = read;
      return never;
    }
  }
}
