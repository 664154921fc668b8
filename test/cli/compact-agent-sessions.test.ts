// `promptc compact` on other agents' session files (pi, Gemini CLI, Claude Code), written here as small synthetic
// files: the file's agent picks the default strategy, its earlier compaction's prose is reused, a stand-in says so.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useLoopbackCli } from "./loopback-cli.js";

const { root, cli } = useLoopbackCli("promptc-compact-agents-");
const lines = (records: unknown[]) => records.map((r) => JSON.stringify(r)).join("\n") + "\n";
type Report = {
  outcome: { strategy: string };
  summaryPrefixFrom: string;
  history: { type: string; content?: { text: string }[] }[];
};

describe("promptc compact on agent session files", () => {
  it("dry-runs pi's compaction on a pi session, with a stand-in lead it names", async () => {
    const file = join(root, "pi.jsonl");
    const msg = (id: string, parentId: string | null, role: string, text: string) => ({
      type: "message",
      id,
      parentId,
      message: { role, content: [{ type: "text", text }] },
    });
    writeFileSync(
      file,
      lines([
        { type: "session", version: 3, id: "s", cwd: "/w" },
        msg("1", null, "user", "x".repeat(400)),
        msg("2", "1", "assistant", "y".repeat(400)),
        msg("3", "2", "user", "r".repeat(400)),
      ]),
    );
    const r = await cli(["compact", file, "--json", "--keep-recent", "10", "--summary", "S"]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as Report;
    expect(report.outcome.strategy).toBe("pi");
    expect(report.summaryPrefixFrom).toMatch(/stand-in/);
    expect(report.history.map((i) => i.content?.[0]?.text.endsWith("<summary>\nS\n</summary>") ?? false)).toEqual([
      true,
      false,
    ]);
  });

  it("reuses the acknowledgement a Gemini CLI chat file recorded", async () => {
    const file = join(root, "gemini.jsonl");
    writeFileSync(
      file,
      lines([
        { sessionId: "s", projectHash: "h", kind: "main" },
        {
          $set: {
            messages: [
              { id: "e", type: "user", content: [{ text: "<session_context>\nenv" }] },
              { id: "s", type: "user", content: [{ text: "<state_snapshot>old</state_snapshot>" }] },
              { id: "a", type: "gemini", content: [{ text: "ACK FROM FILE" }] },
              { id: "u", type: "user", content: [{ text: "u".repeat(300) }] },
              { id: "g", type: "gemini", content: [{ text: "g".repeat(300) }] },
              { id: "u2", type: "user", content: [{ text: "next" }] },
              { id: "g2", type: "gemini", content: [{ text: "call" }], toolCalls: [{ id: "c", name: "t", args: {} }] },
            ],
          },
        },
      ]),
    );
    const r = await cli(["compact", file, "--json", "--summary", "NEW"]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as Report;
    expect(report.outcome.strategy).toBe("gemini-cli");
    expect(report.history.slice(1, 3).map((i) => i.content?.[0]?.text)).toEqual(["NEW", "ACK FROM FILE"]);
  });

  it("refuses an unknown strategy", async () => {
    const r = await cli(["compact", join(root, "pi.jsonl"), "--strategy", "nope"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/claude-code, gemini-cli/);
  });
});
