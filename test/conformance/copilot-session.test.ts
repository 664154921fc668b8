// Conformance: promptc's reader of Copilot CLI 1.0.102's session files against the files the real binary writes.
// Two turns (the second resumed) run offline against a prefix-cache model; the reader must give the conversation
// as sent and each request's usage as the server answered it.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { COPILOT_VERSION } from "../../src/profiles/copilot/copilot-facts.js";
import { parseCopilotSession } from "../../src/session-log/harness/read-copilot-session.js";
import { linesOfText } from "../../src/session-log/parse-rollout.js";
import { findAgent } from "./find-agent.js";
import { startPrefixCacheServer } from "./prefix-cache-server.js";

const found = findAgent("copilot");
if ("skip" in found) console.log(`conformance copilot session: skipped: ${found.skip}`);

/** Runs one Copilot CLI turn in `cwd` against `origin`; resolves with its exit code. */
function runCopilotTurn(bin: string, cwd: string, home: string, origin: string, args: string[]) {
  const env = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    TERM: "dumb",
    COPILOT_OFFLINE: "true",
    COPILOT_AUTO_UPDATE: "false",
    COPILOT_PROVIDER_BASE_URL: `${origin}/v1`,
    COPILOT_PROVIDER_TYPE: "openai",
    COPILOT_PROVIDER_WIRE_API: "responses",
    COPILOT_PROVIDER_API_KEY: "dummy",
    COPILOT_MODEL: "gpt-5.5",
  };
  return new Promise<number | null>((resolve) => {
    const child = spawn(bin, [...args, "--allow-all-tools", "--disable-client-telemetry"], {
      cwd,
      env,
      stdio: ["ignore", "ignore", "ignore"],
    });
    child.on("close", resolve);
  });
}

describe.skipIf("skip" in found)(`parseCopilotSession against Copilot CLI ${COPILOT_VERSION}`, () => {
  it("reads a resumed session's messages and every request's usage as the server answered it", async () => {
    const bin = (found as { bin: string }).bin;
    const root = mkdtempSync(join(tmpdir(), "promptc-copilot-session-"));
    const server = await startPrefixCacheServer();
    try {
      expect(await runCopilotTurn(bin, root, root, server.origin, ["-p", "first"])).toBe(0);
      const states = join(root, ".copilot", "session-state");
      const id = readdirSync(states).find((n) => !n.startsWith("."))!;
      expect(await runCopilotTurn(bin, root, root, server.origin, ["-p", "second", `--resume=${id}`])).toBe(0);
      const file = join(states, id, "events.jsonl");
      const read = parseCopilotSession(linesOfText(readFileSync(file, "utf8")), file);
      expect(read.diagnostics).toEqual([]);
      const s = read.value!;
      expect(s.sessionId).toBe(id);
      expect(s.cwd).toBe(root);
      expect(s.model).toBe("gpt-5.5");
      expect(s.messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
      expect(s.messages[2]).toMatchObject({
        role: "user",
        content: expect.stringMatching(/<\/current_datetime>\n\nsecond$/),
      });
      expect(s.usage.map((u) => [u.input, u.cached, u.output])).toEqual(
        server.answered.map((u) => [u.input, u.cached, u.output]),
      );
      expect(s.usage[1]!.cached).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  }, 240_000);
});
