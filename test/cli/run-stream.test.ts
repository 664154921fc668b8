// What `promptc run` prints while it streams: only reply text on stdout, one line per finished reply, reasoning
// and status on stderr — also from servers that send finished items without any deltas (the capture server does).
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { run } from "../../src/cli/program.js";
import { startCaptureServer, type CaptureServer } from "../../src/capture/server/capture-server.js";
import { assistantMessage, sse, sseReply, startSseServer, type SseServer } from "../loop/helpers/sse-server.js";

const root = mkdtempSync(join(tmpdir(), "promptc-run-stream-"));
const home = join(root, "home");
mkdirSync(join(home, ".codex"), { recursive: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function cli(baseUrl: string, log: string) {
  let stdout = "";
  let stderr = "";
  const code = await run(
    [
      "run",
      "--base-url",
      baseUrl,
      "--sandbox",
      "read-only",
      "--approval",
      "never",
      "--session-log",
      join(root, log),
      "look",
      "around",
    ],
    {
      stdout: (s) => void (stdout += s),
      stderr: (s) => void (stderr += s),
      isTTY: false,
      env: { HOME: home, CODEX_HOME: join(home, ".codex"), PATH: process.env.PATH },
      cwd: root,
    },
  );
  return { code, stdout, stderr };
}

describe("registerRun output", () => {
  it("prints replies sent without deltas, one line each, when the server is the capture server", async () => {
    const server: CaptureServer = await startCaptureServer({
      script: {
        replies: [
          { text: "Let me look.", toolCalls: [{ name: "shell", arguments: '{"command":["ls"]}' }] },
          { text: "All done.", toolCalls: [] },
        ],
        fallback: { text: "extra", toolCalls: [] },
      },
    });
    close = () => server.close();
    const { code, stdout, stderr } = await cli(`${server.origin}/v1`, "capture.jsonl");
    expect({ code, stdout }).toEqual({ code: 0, stdout: "Let me look.\nAll done.\n" });
    expect(stderr).toContain("▸ shell ls\n");
  });

  it("keeps a reasoning summary off stdout and ends its line before the reply", async () => {
    const reasoning = { type: "reasoning", summary: [{ type: "summary_text", text: "Thinking it over" }] };
    const server: SseServer = await startSseServer([
      sseReply(
        sse([
          { type: "response.created", response: { id: "r" } },
          {
            type: "response.reasoning_summary_text.delta",
            output_index: 0,
            summary_index: 0,
            delta: "Thinking it over",
          },
          { type: "response.output_item.done", output_index: 0, item: reasoning },
          { type: "response.output_text.delta", output_index: 1, delta: "Answer." },
          { type: "response.output_item.done", output_index: 1, item: assistantMessage("Answer.") },
          { type: "response.completed", response: { id: "r" } },
        ]),
      ),
    ]);
    close = () => server.close();
    const { code, stdout, stderr } = await cli(server.baseUrl, "reasoning.jsonl");
    expect({ code, stdout }).toEqual({ code: 0, stdout: "Answer.\n" });
    expect(stderr.startsWith("Thinking it over\n— completed after 1 step(s)")).toBe(true);
  });
});
