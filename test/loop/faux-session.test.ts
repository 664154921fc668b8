// A 20-turn session driven through the loop with the faux provider: its cache accounting must equal
// simulateCache over the same requests, and compaction must happen at the configured threshold, summary last.
import { describe, expect, it } from "vitest";
import { createSession, nextRequest, recordItems, type Session } from "../../src/session/session.js";
import { simulateCache } from "../../src/cache/index.js";
import { runTurn } from "../../src/loop/run-turn.js";
import {
  createFauxProvider,
  fauxResponse,
  fauxText,
  fauxToolCall,
  type FauxContext,
  type FauxReply,
} from "../../src/loop/providers/faux.js";
import { createToolRegistry } from "../../src/loop/tools/tool-registry.js";
import { createModelCompactor } from "../../src/loop/create-model-compactor.js";
import { initialContextOf } from "../../src/loop/initial-context-of.js";
import { toolSpecOf } from "../../src/loop/tool.js";
import { approxTokens } from "../../src/tokens/index.js";
import { totalUsageTokens } from "../../src/compact/index.js";
import type { TurnContext } from "../../src/model/turn-context.js";
import type { LoopEvent } from "../../src/loop/events.js";
import { echoTool } from "./helpers/loop-fixtures.js";

const PREFIX = "EARLIER WORK, SUMMARISED:";
const TURNS = 20;

function context(text: string): TurnContext {
  return {
    model: "faux-1",
    sessionId: "019a0000-0000-7000-8000-000000000020",
    environment: { cwd: "/repo", shell: "bash", currentDate: "2026-11-29", timezone: "Etc/UTC" },
    permissions: {
      sandbox: "workspace-write",
      approval: "never",
      networkAccess: false,
      configuredWritableRoots: [],
      tmpExists: true,
      approvedPrefixes: [],
    },
    userInstructions: {
      projectDocs: [
        {
          path: "/repo/AGENTS.md",
          text: "Run the tests before you finish.\n".repeat(40),
          sizeBytes: 1320,
          keptBytes: 1320,
        },
      ],
      budgetBytes: 32 * 1024,
    },
    skills: { roots: [], skills: [] },
    userInput: { text, images: [] },
  };
}

/** Turn k: the model calls echo once with a long argument, then answers. */
function turnScript(k: number): FauxReply[] {
  return [
    fauxResponse([fauxToolCall("echo", { text: `turn ${k}: ${"details ".repeat(60)}` }, `call_${k}`)]),
    fauxResponse([fauxText(`Done with turn ${k}.`)]),
  ];
}

async function runSession(limit: number | undefined) {
  const script: FauxReply[] = [];
  // A summarisation request carries no tools; it gets the summary, everything else the next scripted reply.
  const respond = ({ request }: FauxContext): FauxReply =>
    request.tools.length === 0 ? fauxResponse([fauxText("We handled the earlier tasks.")]) : script.shift()!;
  const provider = createFauxProvider({
    countTokens: approxTokens,
    replies: Array.from({ length: 4 * TURNS }, () => respond),
  });
  const tools = createToolRegistry([echoTool]);
  const events: LoopEvent[] = [];
  let session: Session = createSession({ profile: "promptc", transformTools: () => [toolSpecOf(echoTool)] });
  const compactor = createModelCompactor({
    provider,
    mode: "local",
    summaryPrefix: PREFIX,
    compactPrompt: "Write the handoff summary.",
    initialContext: (r) => initialContextOf(r.input),
  });
  for (let k = 1; k <= TURNS; k++) {
    script.push(...turnScript(k));
    const turn = nextRequest(session, context(`Task ${k}: handle the next part of the job.`));
    let compacted = false;
    const result = await runTurn({
      provider,
      request: turn.request,
      tools,
      cwd: "/repo",
      sandbox: "workspace-write",
      sessionId: turn.request.prompt_cache_key,
      compaction: { limit, compactor },
      onEvent: (e) => {
        events.push(e);
        if (e.type === "compaction") compacted = true;
      },
    });
    expect(result.status).toBe("completed");
    // After a mid-turn compaction the replacement history is the session's input from now on.
    session = compacted
      ? { ...turn.session, input: result.history }
      : recordItems(turn.session, result.history.slice(turn.session.input.length)).session;
  }
  return { provider, events };
}

describe("faux provider over a 20-turn session", () => {
  it("reports cached tokens equal to simulateCache for every request", async () => {
    const { provider } = await runSession(undefined);
    expect(provider.requests).toHaveLength(2 * TURNS);
    const simulated = simulateCache(provider.requests, { countTokens: approxTokens });
    expect(provider.usages.map((u) => u.cachedInputTokens)).toEqual(simulated.requests.map((r) => r.cachedTokens));
    expect(provider.usages.map((u) => u.inputTokens)).toEqual(simulated.requests.map((r) => r.inputTokens));
    const cached = provider.usages.reduce((s, u) => s + u.cachedInputTokens, 0);
    const input = provider.usages.reduce((s, u) => s + u.inputTokens, 0);
    expect(cached / input).toBe(simulated.hitRatio);
    expect(simulated.hitRatio).toBeGreaterThan(0.8);
  });

  it("compacts exactly when the total usage first reaches the limit, with the summary last", async () => {
    const LIMIT = 3_000;
    const { provider, events } = await runSession(LIMIT);
    const compactions = events.filter((e) => e.type === "compaction");
    expect(compactions.length).toBeGreaterThan(0);
    // Recompute every mid-turn decision from the requests the provider saw: usage of request i, tail of request i+1.
    const decisions: boolean[] = [];
    provider.requests.forEach((request, i) => {
      const next = provider.requests[i + 1];
      const usage = provider.usages[i]!;
      if (next === undefined || request.tools.length === 0) return;
      // The follow-up input: the next request's, minus the compact prompt when the next request is the summariser's.
      const followUp = next.tools.length === 0 ? next.input.slice(0, -1) : next.input;
      if (followUp.at(-1)?.type !== "function_call_output") return;
      const total = totalUsageTokens({ lastReportedTotal: usage.totalTokens, history: followUp }).total;
      decisions.push(total >= LIMIT);
    });
    expect(compactions.length).toBe(decisions.filter(Boolean).length);
    for (const c of compactions) {
      expect(c.tokensBefore).toBeGreaterThanOrEqual(LIMIT);
      const last = c.replacementHistory.at(-1);
      expect(
        last?.type === "message" &&
          last.role === "user" &&
          last.content[0]?.type === "input_text" &&
          last.content[0].text.startsWith(`${PREFIX}\n`),
      ).toBe(true);
    }
    const simulated = simulateCache(provider.requests, { countTokens: approxTokens });
    expect(provider.usages.map((u) => u.cachedInputTokens)).toEqual(simulated.requests.map((r) => r.cachedTokens));
  });
});
