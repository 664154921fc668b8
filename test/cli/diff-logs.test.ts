// `promptc diff LOG [--turns a,b]`: the requests of session logs written by `promptc run` against a loopback Responses
// server (exact `request_sent` records), and of Codex rollouts (approximate boundaries).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { assistantMessage, functionCall, responseEvents, sse, sseReply } from "../loop/helpers/sse-server.js";
import { useLoopbackCli } from "./loopback-cli.js";

const ROOT = join(import.meta.dirname, "..", "..");
const { root, work, cli, serve } = useLoopbackCli("promptc-diff-logs-", { NO_COLOR: "1" });
writeFileSync(join(work, "hello.txt"), "hi\n");

/** Turn 1: a tool call and the answer (two requests); turn 2, resumed with `resumeFlags`: one request. */
async function recordSession(name: string, resumeFlags: string[]): Promise<{ log: string; bodies: unknown[] }> {
  const log = join(root, `${name}.jsonl`);
  const bodies: unknown[] = [];
  let server = await serve([
    sseReply(sse(responseEvents([functionCall("shell", { command: ["cat", "hello.txt"] }, "call_1")]))),
    sseReply(sse(responseEvents([assistantMessage("It says hi.")]))),
  ]);
  expect(
    (
      await cli([
        "run",
        "--base-url",
        server.baseUrl,
        "--sandbox",
        "read-only",
        "--approval",
        "never",
        "--session-log",
        log,
        "read hello.txt",
      ])
    ).code,
  ).toBe(0);
  bodies.push(...server.requests.map((r) => JSON.parse(r.body)));
  await server.close();
  server = await serve([sseReply(sse(responseEvents([assistantMessage("Done.")])))]);
  expect(
    (await cli(["run", "--base-url", server.baseUrl, "--approval", "never", ...resumeFlags, "--resume", log, "thanks"]))
      .code,
  ).toBe(0);
  bodies.push(...server.requests.map((r) => JSON.parse(r.body)));
  return { log, bodies };
}

describe("promptc diff on session logs", () => {
  it("compares the last two requests of a promptc run log exactly as they were sent (and any two with --turns)", async () => {
    const { log, bodies } = await recordSession("same", ["--sandbox", "read-only"]);
    expect(bodies).toHaveLength(3);
    const last = await cli(["diff", log, "--json"]);
    expect({ code: last.code, stderr: last.stderr }).toEqual({ code: 0, stderr: "" });
    const report = JSON.parse(last.stdout) as {
      a: string;
      b: string;
      divergence: unknown;
      commonItems: number;
      itemsA: number;
      itemsB: number;
      why: string[];
    };
    expect(report.a).toMatch(/same\.jsonl request 2 \(line \d+\)$/);
    expect({
      divergence: report.divergence,
      commonItems: report.commonItems,
      itemsA: report.itemsA,
      itemsB: report.itemsB,
    }).toEqual({ divergence: null, commonItems: 5, itemsA: 5, itemsB: 7 });
    // The rebuilt requests are the bodies the server received: diffing them directly gives the same report.
    for (const [k, body] of bodies.entries()) writeFileSync(join(root, `sent-${k + 1}.json`), JSON.stringify(body));
    const direct = await cli(["diff", join(root, "sent-1.json"), join(root, "sent-2.json"), "--json"]);
    const picked = await cli(["diff", log, "--turns", "1,2", "--json"]);
    const strip = (out: string) => ({ ...(JSON.parse(out) as object), a: undefined, b: undefined });
    expect(strip(picked.stdout)).toEqual(strip(direct.stdout));
    expect(picked.code).toBe(0);
  });

  it("shows why a resumed turn broke the cache: the tools changed with the sandbox", async () => {
    const { log } = await recordSession("sandbox", ["--sandbox", "workspace-write"]);
    const r = await cli(["diff", log]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/why: tools-changed: tools changed: added edit_file/);
  });

  it("rebuilds a Codex rollout's requests approximately and says so", async () => {
    const log = join(ROOT, "fixtures", "transcripts", "codex-0.171-pre-turn-compactions.jsonl");
    const r = await cli(["diff", log, "--turns", "1,2"], ROOT);
    expect(r.stderr).toBe(
      "note: rebuilt from a Codex rollout, which logs no request boundaries: a request is the history before each reply (its base instructions from session_meta); tools and request parameters are not logged, so they are not compared\nnote: 2 compaction request(s) left out (their summarisation prompt is not logged)\n",
    );
    expect(r.stdout).toMatch(/^A: \S+ request 1 \(line 11\)  4 items/);
    expect(r.stdout).toMatch(/\nB: \S+ request 2 \(line 30\)  6 items/);
  });

  it.each([
    [["diff", "LOG", "--turns", "1,4"], /request 4 is out of range \(the log has 3 requests\)/],
    [["diff", "EMPTY"], /is neither a scenario nor a session log with requests/],
  ])("exits 2 on a bad request choice or a log without requests: %j", async (argv, message) => {
    const log = join(ROOT, "fixtures", "transcripts", "codex-0.171-pre-turn-compactions.jsonl");
    const empty = join(root, "empty.jsonl");
    writeFileSync(empty, '{"timestamp":"t","type":"session_meta","payload":{"id":"s"}}\n');
    const r = await cli(argv.map((a) => (a === "LOG" ? log : a === "EMPTY" ? empty : a)));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});
