// The session report on small synthetic logs (our own records in the agents' shapes): per-request usage as
// logged, misses and their causes, compactions, totals counted once, prices from a table.
import { describe, expect, it } from "vitest";
import { buildSessionReport } from "../../src/report/build-session-report.js";
import { parsePriceTable } from "../../src/report/price-table.js";
import { loggedSessionOfLines } from "../../src/session-log/logged-session-of-lines.js";
import { linesOfText } from "../../src/session-log/parse-rollout.js";

const jsonl = (records: object[]) => `${records.map((r) => JSON.stringify(r)).join("\n")}\n`;
const reportOf = (records: object[], scan = false, prices?: string) => {
  const text = jsonl(records);
  const s = loggedSessionOfLines(() => linesOfText(text), "s.jsonl", [], { scan })!;
  const table = prices === undefined ? undefined : parsePriceTable(prices, "p.json").value;
  return buildSessionReport(s, { file: "s.jsonl", ...(table ? { prices: table } : {}) });
};

const T = (s: number) =>
  `2026-01-01T10:${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}.000Z`;
const rec = (type: string, payload: object, at = 0) => ({ timestamp: T(at), type, payload });
const msg = (role: string, text: string, at = 0) =>
  rec(
    "response_item",
    { type: "message", role, content: [{ type: role === "assistant" ? "output_text" : "input_text", text }] },
    at,
  );
const use = (input: number, cached: number, at = 0) =>
  rec(
    "token_usage_record",
    { response_id: `r${input}`, usage: { input_tokens: input, cached_input_tokens: cached, output_tokens: 5 } },
    at,
  );
const total = (input: number, cached: number, output: number, at = 0) =>
  rec(
    "event_msg",
    {
      type: "token_count",
      info: {
        total_token_usage: { input_tokens: input, cached_input_tokens: cached, output_tokens: output },
        last_token_usage: {},
      },
    },
    at,
  );

const rollout = [
  rec("session_meta", { id: "cx-1", cwd: "/w", base_instructions: { text: "BASE" } }),
  rec("turn_context", { model: "m1", cwd: "/w" }),
  msg("user", "one"),
  msg("assistant", "Done.", 1),
  use(3000, 0, 1),
  total(3000, 0, 5, 1),
  rec("turn_context", { model: "m1", cwd: "/w" }, 2),
  msg("user", "two", 2),
  msg("assistant", "Done.", 3),
  use(3100, 2990, 3),
  total(6100, 2990, 10, 3),
  rec("event_msg", { type: "task_started" }, 4),
  msg("assistant", "SUMMARY", 4),
  use(3200, 0, 4),
  total(9300, 2990, 15, 4),
  rec(
    "compacted",
    {
      message: "prefix\nSUMMARY",
      replacement_history: [{ type: "message", role: "user", content: [{ type: "input_text", text: "one" }] }],
    },
    5,
  ),
  rec("turn_context", { model: "m2", cwd: "/w" }, 5),
  msg("user", "three", 5),
  msg("assistant", "Done.", 6),
  use(1500, 0, 6),
  total(10800, 2990, 20, 6),
];

describe("buildSessionReport", () => {
  it("reports a Codex rollout's requests as logged: no miss on a plain turn, the compaction and switch named after", () => {
    const r = reportOf(rollout);
    expect(r.requests.map((q) => [q.n, q.kind, q.model, q.input, q.cached, q.miss?.cause.kind ?? null])).toEqual([
      [1, "turn", "m1", 3000, 0, null],
      [2, "turn", "m1", 3100, 2990, null],
      [3, "compaction", "m1", 3200, 0, "compaction"],
      [4, "turn", "m2", 1500, 0, "compaction"],
    ]);
    expect(r.requests[2]!.miss).toMatchObject({ expected: 3100, rebilled: 3100 });
    expect(r.requests[2]!.miss!.cause.message).toMatch(/summariser's request of a compaction before the switch to m2/);
    expect(r.requests[3]!.miss!.cause.message).toBe("a compaction rewrote the history; the model switched m1 → m2");
    expect(r.requests[3]!.miss!.cause.layer).toMatch(/^input\[/);
    expect(r.totals).toMatchObject({ requests: 4, input: 10800, cached: 2990, output: 20, rebilled: 3100 + 3200 });
    expect(r.recordedTotal).toEqual({ input: 10800, cached: 2990, cacheWrite: 0, output: 20 });
    expect(r.compactions).toEqual([
      {
        line: 16,
        afterRequest: 3,
        tokensBefore: 3100,
        tokensAfter: 1500,
        itemsAfter: 1,
        summaryChars: 14,
        dropped: "3100 → 1500 prompt tokens (1600 dropped); 1 items kept; replaced by a 14-character summary",
      },
    ]);
    expect(r.worstMiss).toMatchObject({ request: 4, rebilled: 3200 });
    expect(r.usageNote).toMatch(/^as Codex CLI logs it, input counts every prompt token/);
  });

  it("gives the same usage and causes when scanning (the listing) as when reading whole, without layers", () => {
    const whole = reportOf(rollout);
    const scanned = reportOf(rollout, true);
    const strip = (q: (typeof whole.requests)[number]) => ({
      ...q,
      layers: undefined,
      miss: q.miss && { ...q.miss, cause: { ...q.miss.cause, layer: undefined } },
    });
    expect(scanned.requests.map(strip)).toEqual(whole.requests.map(strip));
  });

  it("reads an older rollout's requests from token_count events whose total moved", () => {
    const r = reportOf([
      rec("session_meta", { id: "old" }),
      rec("event_msg", {
        type: "token_count",
        info: {
          total_token_usage: { input_tokens: 100, cached_input_tokens: 0, output_tokens: 1 },
          last_token_usage: { input_tokens: 100, cached_input_tokens: 0, output_tokens: 1 },
        },
      }),
      rec("event_msg", {
        type: "token_count",
        info: {
          total_token_usage: { input_tokens: 100, cached_input_tokens: 0, output_tokens: 1 },
          last_token_usage: { input_tokens: 100, cached_input_tokens: 0, output_tokens: 1 },
        },
      }),
      rec("event_msg", {
        type: "token_count",
        info: {
          total_token_usage: { input_tokens: 250, cached_input_tokens: 90, output_tokens: 2 },
          last_token_usage: { input_tokens: 150, cached_input_tokens: 90, output_tokens: 1 },
        },
      }),
    ]);
    expect(r.requests.map((q) => [q.input, q.cached])).toEqual([
      [100, 0],
      [150, 90],
    ]);
    expect(r.totals.input).toBe(r.recordedTotal!.input);
  });

  const cc = (uuid: string, parent: string | null, extra: object) => ({
    uuid,
    parentUuid: parent,
    sessionId: "cc-1",
    cwd: "/w",
    ...extra,
  });
  const reply = (uuid: string, parent: string, id: string, req: string | undefined, usage: object, at: number) =>
    cc(uuid, parent, {
      type: "assistant",
      timestamp: T(at),
      ...(req ? { requestId: req } : {}),
      message: { id, role: "assistant", model: "c1", content: [{ type: "text", text: "ok" }], usage },
    });
  const u = (input: number, read: number, write: number) => ({
    input_tokens: input,
    cache_read_input_tokens: read,
    cache_creation_input_tokens: write,
    output_tokens: 7,
  });

  it("counts a Claude Code reply once by message and request id, as ccusage does, and names what changed", () => {
    const r = reportOf([
      cc("u1", null, { type: "user", timestamp: T(0), message: { role: "user", content: "one" } }),
      cc("a1", "u1", {
        type: "attachment",
        attachment: { type: "instructions", files: [{ path: "/w/CLAUDE.md", type: "Project", content: "v1" }] },
      }),
      reply("r1", "a1", "m1", "q1", u(3, 0, 5000), 1),
      reply("r1b", "r1", "m1", "q1", u(3, 0, 5000), 1),
      cc("u2", "r1b", { type: "user", timestamp: T(2), message: { role: "user", content: "two" } }),
      cc("a2", "u2", {
        type: "attachment",
        attachment: { type: "instructions", files: [{ path: "/w/CLAUDE.md", type: "Project", content: "v2" }] },
      }),
      reply("r2", "a2", "m2", "q2", u(3, 1000, 4200), 3),
      // A resumed session's file holds the earlier reply again: counted once.
      reply("r1c", "r2", "m1", "q1", u(3, 0, 5000), 3),
      cc("u3", "r1c", { type: "user", timestamp: T(400), message: { role: "user", content: "three" } }),
      reply("r3", "u3", "m3", "q3", u(3, 0, 5300), 700),
      // Without a request id an entry is counted as it stands.
      reply("r4", "r3", "m4", undefined, u(1, 5310, 0), 701),
      reply("r4b", "r4", "m4", undefined, u(1, 5310, 0), 701),
    ]);
    expect(r.requests.map((q) => [q.input, q.cached, q.cacheWrite, q.prompt])).toEqual([
      [3, 0, 5000, 5003],
      [3, 1000, 4200, 5203],
      [3, 0, 5300, 5303],
      [1, 5310, 0, 5311],
      [1, 5310, 0, 5311],
    ]);
    expect(r.requests.map((q) => q.miss?.cause.kind ?? null)).toEqual([null, "instructions", "expired", null, null]);
    expect(r.requests[1]!.miss).toMatchObject({ expected: 5000, rebilled: 4000 });
    expect(r.requests[1]!.miss!.cause.message).toBe("edited: /w/CLAUDE.md");
    expect(r.requests[2]!.miss!.cause.message).toMatch(
      /^nothing changed; 11m37s since the previous request, over the cache lifetime/,
    );
    expect(r.totals).toMatchObject({ input: 11, cached: 11620, cacheWrite: 14500, output: 35 });
    expect(r.usageNote).toMatch(/^as Claude Code logs it, input counts only uncached prompt tokens/);
  });

  it("prices each request from the user's table, `*` for any model, and leaves unpriced models out", () => {
    const prices = JSON.stringify({
      currency: "EUR",
      models: { m1: { input: 2, cached: 0.5, output: 10 }, "*": { input: 1, output: 1 } },
    });
    const r = reportOf(rollout.slice(0, 11), false, prices);
    expect(r.requests.map((q) => q.cost)).toEqual([(3000 * 2 + 5 * 10) / 1e6, (110 * 2 + 2990 * 0.5 + 5 * 10) / 1e6]);
    expect(r.totals.cost).toBeCloseTo(r.requests[0]!.cost! + r.requests[1]!.cost!, 12);
    expect(r.currency).toBe("EUR");
  });
});

describe("parsePriceTable", () => {
  it("reports a table that is not JSON or lacks prices", () => {
    expect(parsePriceTable("{", "p.json").diagnostics.map((d) => d.rule)).toEqual(["sessions/bad-price-table"]);
    expect(parsePriceTable('{"models":{"m":{"input":1}}}', "p.json").diagnostics[0]!.message).toMatch(/model m needs/);
    expect(parsePriceTable('{"models":{}}', "p.json").value).toEqual({ currency: "USD", per: 1_000_000, models: {} });
  });
});

describe("buildSessionReport on Gemini CLI, pi and Copilot CLI files", () => {
  it("counts a Gemini CLI reply once by id (its last figures), a compression as a compaction, a rewound reply too", () => {
    const r = reportOf([
      { sessionId: "g-1", projectHash: "p", startTime: T(0), kind: "main" },
      { id: "u1", type: "user", timestamp: T(0), content: [{ text: "one" }] },
      {
        id: "g1",
        type: "gemini",
        timestamp: T(1),
        model: "gm",
        content: "",
        tokens: { input: 4000, cached: 0, output: 1 },
      },
      {
        id: "g1",
        type: "gemini",
        timestamp: T(1),
        model: "gm",
        content: "ok",
        tokens: { input: 4000, cached: 0, output: 9, thoughts: 2 },
      },
      { id: "u2", type: "user", timestamp: T(2), content: [{ text: "two" }] },
      {
        id: "g2",
        type: "gemini",
        timestamp: T(3),
        model: "gm",
        content: "ok",
        tokens: { input: 4200, cached: 3900, output: 9 },
      },
      { $rewindTo: "u2" },
      { $set: { messages: [{ id: "s", type: "user", content: [{ text: "<state_snapshot>S</state_snapshot>" }] }] } },
      {
        id: "g3",
        type: "gemini",
        timestamp: T(4),
        model: "gm",
        content: "ok",
        tokens: { input: 900, cached: 0, output: 9 },
      },
    ]);
    expect(r.semantics).toBe("input-includes-cached");
    expect(r.requests.map((q) => [q.input, q.cached, q.output, q.miss?.cause.kind ?? null])).toEqual([
      [4000, 0, 9, null],
      [4200, 3900, 9, null],
      [900, 0, 9, "compaction"],
    ]);
    expect(r.compactions).toMatchObject([{ line: 8, afterRequest: 2, summaryChars: 34 }]);
  });

  it("reads pi's usage (cache reads apart from input) on every branch, and its compactions", () => {
    const m = (id: string, parentId: string | null, message: object, at: number) => ({
      type: "message",
      id,
      parentId,
      timestamp: T(at),
      message,
    });
    const usage = (input: number, cacheRead: number, cacheWrite: number) => ({
      input,
      output: 3,
      cacheRead,
      cacheWrite,
      totalTokens: input + cacheRead + cacheWrite + 3,
    });
    const r = reportOf([
      { type: "session", version: 3, id: "p-1", cwd: "/w" },
      m("1", null, { role: "user", content: "one" }, 0),
      m(
        "2",
        "1",
        {
          role: "assistant",
          api: "anthropic-messages",
          model: "c",
          content: [{ type: "text", text: "ok" }],
          usage: usage(5, 0, 3000),
        },
        1,
      ),
      m("3", "2", { role: "user", content: "two" }, 2),
      m(
        "4",
        "3",
        {
          role: "assistant",
          api: "anthropic-messages",
          model: "c",
          content: [{ type: "text", text: "ok" }],
          usage: usage(5, 3000, 40),
        },
        3,
      ),
      { type: "compaction", id: "5", parentId: "4", summary: "SUM", firstKeptEntryId: "3", tokensBefore: 3045 },
      m("6", "5", { role: "user", content: "three" }, 4),
      m(
        "7",
        "6",
        {
          role: "assistant",
          api: "anthropic-messages",
          model: "c",
          content: [{ type: "text", text: "ok" }],
          usage: usage(5, 0, 800),
        },
        5,
      ),
    ]);
    expect(r.provider).toBe("anthropic");
    expect(r.requests.map((q) => [q.prompt, q.miss?.rebilled ?? 0, q.miss?.cause.kind ?? null])).toEqual([
      [3005, 0, null],
      [3045, 0, null],
      [805, 3040, "compaction"],
    ]);
    expect(r.compactions[0]).toMatchObject({ afterRequest: 2, tokensBefore: 3045, tokensAfter: 805 });
  });

  it("reads Copilot CLI's usage records, a compaction's own request included", () => {
    const ev = (type: string, data: object, at: number) => ({
      type,
      data,
      id: `${type}${at}`,
      timestamp: T(at),
      parentId: null,
    });
    const rec = (id: string, input: number, cached: number, at: number) =>
      ev(
        "session.usage_record",
        {
          usage: {
            model: "gpt-x",
            inputTokens: input,
            outputTokens: 2,
            cacheReadTokens: cached,
            cacheWriteTokens: 0,
            apiCallId: id,
          },
        },
        at,
      );
    const r = reportOf([
      ev("session.start", { sessionId: "c-1", selectedModel: "gpt-x", context: { cwd: "/w" } }, 0),
      rec("a", 12000, 0, 1),
      rec("b", 12500, 11900, 2),
      ev(
        "session.compaction_complete",
        {
          success: true,
          summaryContent: "S",
          preCompactionTokens: 12500,
          postCompactionTokens: 900,
          compactionTokensUsed: { inputTokens: 12600, outputTokens: 50, cacheReadTokens: 12400, cacheWriteTokens: 0 },
        },
        3,
      ),
      rec("c", 1000, 0, 4),
    ]);
    expect(r.requests.map((q) => [q.kind, q.input, q.cached, q.miss?.cause.kind ?? null])).toEqual([
      ["turn", 12000, 0, null],
      ["turn", 12500, 11900, null],
      ["compaction", 12600, 12400, null],
      ["turn", 1000, 0, "compaction"],
    ]);
    expect(r.compactions[0]).toMatchObject({ tokensBefore: 12500, tokensAfter: 900 });
  });
});
