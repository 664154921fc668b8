// `promptc compact` on promptc's own inputs: session logs written by `promptc run` (against a loopback Responses
// server, both profiles, with real mid-turn/pre-turn compactions) and scenario files (YAML and JSON).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { defaultProse } from "../../src/compile/index.js";
import { parseSessionLog } from "../../src/session-log/parse-rollout.js";
import { assistantMessage, functionCall, responseEvents, sse, sseReply } from "../loop/helpers/sse-server.js";
import { useLoopbackCli } from "./loopback-cli.js";

const ROOT = join(import.meta.dirname, "..", "..");
const { root, cli, serve } = useLoopbackCli("promptc-compact-inputs-");

const BIG = { input_tokens: 60_000, output_tokens: 5, total_tokens: 60_005, cached: 0 };
const prefixOf = (profile: "codex" | "promptc") =>
  defaultProse(profile).entries["compact-summary-prefix"]!.source.replace(/\n+$/, "");

type Item = { type: string; role?: string; content?: { text: string }[] };
const layout = (items: Item[]) =>
  items.map((i) => (i.type === "message" ? `${i.role}:${i.content![0]!.text.slice(0, 20)}` : i.type));

/** Two `promptc run` turns: a tool call with a mid-turn compaction, then a resumed turn compacted before it starts. */
async function recordSession(profile: "codex" | "promptc"): Promise<string> {
  const log = join(root, `${profile}.jsonl`);
  const flags = [
    "--profile",
    profile,
    "--sandbox",
    "read-only",
    "--approval",
    "never",
    "--context-window",
    "272000",
    "--auto-compact-limit",
    "5000",
  ];
  let server = await serve([
    sseReply(sse(responseEvents([functionCall("shell", { command: ["echo", "hi"] }, "call_1")], BIG))),
    sseReply(sse(responseEvents([assistantMessage("Ran echo.")]))), // mid-turn summary
    sseReply(sse(responseEvents([assistantMessage("Done.")], BIG))),
  ]);
  expect((await cli(["run", "--base-url", server.baseUrl, ...flags, "--session-log", log, "first task"])).code).toBe(0);
  await server.close();
  server = await serve([
    sseReply(sse(responseEvents([assistantMessage("Asked twice.")]))),
    sseReply(sse(responseEvents([assistantMessage("Done again.")], BIG))),
  ]);
  expect((await cli(["run", "--base-url", server.baseUrl, ...flags, "--resume", log, "second task"])).code).toBe(0);
  return log;
}

describe("promptc compact on promptc session logs", () => {
  it.each(["codex", "promptc"] as const)("dry-runs a log written by `promptc run --profile %s`", async (profile) => {
    const log = await recordSession(profile);
    expect(parseSessionLog(readFileSync(log, "utf8")).value.compactions).toHaveLength(2);
    const r = await cli(["compact", log, "--json", "--summary", "S3"]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
    const json = JSON.parse(r.stdout);
    const prefix = prefixOf(profile);
    expect({
      format: json.format,
      originator: json.meta.originator,
      prefixFrom: json.summaryPrefixFrom,
      threshold: json.threshold,
    }).toEqual({
      format: "codex-rollout",
      originator: "promptc",
      prefixFrom: `templates/${profile}/compact-summary-prefix.hbs (${profile === "codex" ? "stand-in" : "builtin"})`,
      // promptc logs the full window (Codex logs 95% of it): 90% of 272,000.
      threshold: {
        limit: 244_800,
        contextWindow: 272_000,
        windowSource: "log",
        decision: { compact: false, reason: "below-limit", usePreviousModel: false },
      },
    });
    const base = profile === "codex" ? ["developer:[promptc stand-in fo"] : [];
    // 0.171.0's layout: [base] "first task", context, "second task", summary — the earlier summary is not a task.
    expect(layout(json.history)).toEqual([
      ...base,
      "user:first task",
      "developer:<permissions instruc",
      "user:# AGENTS.md instruct",
      "user:second task",
      `user:${prefix.slice(0, 20)}`,
    ]);
    expect(json.history.at(-1).content[0].text).toBe(`${prefix}\nS3`);
    expect(json.outcome.userMessages.map((m: { fate: string }) => m.fate)).toEqual(["kept", "kept"]);
  });

  it("names promptc, not Codex, in the human report and lists what is dropped", async () => {
    const log = await recordSession("promptc");
    const r = await cli(["compact", log, "--summary", "S3"]);
    expect(r.stdout).toMatch(/\(codex-rollout, promptc 0\.1\.0, session [0-9a-f-]+\)/);
    expect(r.stdout).toMatch(/dropped +1 earlier summary or context message, 1 assistant message\n/);
  });
});

describe("promptc compact on scenarios", () => {
  const scenario = join(ROOT, "fixtures", "scenarios", "tool-calls.yaml");

  it("dry-runs a YAML scenario: its profile's prefix, the base item first, the ghost snapshot kept", async () => {
    const r = await cli(["compact", scenario, "--json", "--summary", "S", "--limit", "100"], ROOT);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect({
      format: json.format,
      prefixFrom: json.summaryPrefixFrom,
      crossed: json.threshold.decision.compact,
    }).toEqual({
      format: "scenario",
      prefixFrom: "templates/codex/compact-summary-prefix.hbs (stand-in)",
      crossed: true,
    });
    expect(layout(json.history)).toEqual([
      "developer:[promptc stand-in fo",
      "user:what is in this repo",
      "user:open the README",
      "developer:<permissions instruc",
      "user:<environment_context",
      "user:thanks",
      `user:${prefixOf("codex").slice(0, 20)}`,
      "ghost_snapshot",
    ]);
    expect(json.outcome.ghostIndexes).toEqual([7]);
  });

  it("reads the same scenario written as JSON", async () => {
    const file = join(root, "tool-calls.json");
    writeFileSync(file, JSON.stringify(parseYaml(readFileSync(scenario, "utf8"))));
    const [fromYaml, fromJson] = await Promise.all([
      cli(["compact", scenario, "--json"], ROOT),
      cli(["compact", file, "--json"], ROOT),
    ]);
    const strip = (out: string) => ({ ...JSON.parse(out), file: undefined, diagnostics: undefined });
    expect(strip(fromJson.stdout)).toEqual(strip(fromYaml.stdout));
  });

  it("exits 2 with the reason when a JSON file is neither a log nor a scenario", async () => {
    const file = join(root, "other.json");
    writeFileSync(file, '{"hello": 1}');
    const r = await cli(["compact", file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^promptc compact: \S+other\.json is neither a session log \(line 1: .+\) nor a scenario \(.+\)\n$/,
    );
  });
});
