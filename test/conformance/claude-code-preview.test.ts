// Conformance: promptc's Claude Code profile against the real Claude Code 2.1.332 binary. For every fixture
// workspace the agent runs offline (`-p`, loopback server, the fixture's HOME); the data-derived parts of its
// request (CLAUDE.md chain, git facts, environment, skills, billing line, memory folder, shape and keys) must
// equal promptc's prediction for the same cwd, home, message and date. No Claude prose is asserted or stored.
import { release, type } from "node:os";
import { beforeAll, describe, expect, it } from "vitest";
import { claudeCodeAdapter } from "../../src/capture/adapters/claude-code.js";
import { calibrateClaudeCode } from "../../src/capture/claude-code/calibrate-claude-code.js";
import { claudeCodeDataParts } from "../../src/capture/claude-code/claude-code-data-parts.js";
import { findHarnessCalibration } from "../../src/capture/harness-calibrations.js";
import { compileBody } from "../../src/compile/compile-body.js";
import { claudeCodeProfile } from "../../src/profiles/claude-code/index.js";
import type { ClaudeCodeProse } from "../../src/profiles/claude-code/claude-code-prose.js";
import { runCapture } from "../../src/capture/server/run-capture.js";
import { loadClaudeCodeTurn } from "../../src/discover/claude-code/load-claude-code-turn.js";
import { createNodeHost } from "../../src/host/node-host.js";
import { probeGit } from "../../src/host/probe-git.js";
import { buildClaudeCodeBody } from "../../src/profiles/claude-code/build-claude-code-request.js";
import { CLAUDE_CODE_STAND_IN_PROSE } from "../../src/profiles/claude-code/claude-code-prose.js";
import { CLAUDE_CODE_WORKSPACES } from "./claude-code-workspaces.js";
import { buildWorkspace } from "./harness-workspaces.js";
import { CLAUDE_CODE_VERSION } from "../../src/profiles/claude-code/claude-code-facts.js";
import { findAgent } from "./find-agent.js";

const found = findAgent("claude-code");
if ("skip" in found) console.log(`conformance claude-code preview: skipped: ${found.skip}`);

async function captureBody(bin: string, cwd: string, home: string, message: string): Promise<{ [k: string]: unknown }> {
  const env = { PATH: "/usr/bin:/bin", HOME: home, TERM: "dumb", LANG: "C.UTF-8", DISABLE_TELEMETRY: "1" };
  const run = await runCapture({
    adapter: claudeCodeAdapter,
    argv: [bin, "-p", message],
    cwd,
    env,
    timeoutMs: 180_000,
  });
  expect(run.exitCode).toBe(0);
  const req = run.requests.find((r) => r.url.startsWith("/v1/messages"));
  expect(req).toBeDefined();
  return JSON.parse(Buffer.from(req!.body).toString("utf8")) as { [k: string]: unknown };
}

describe.skipIf("skip" in found)(
  "promptc preview --profile claude-code against Claude Code " + CLAUDE_CODE_VERSION,
  () => {
    let calibrated: ClaudeCodeProse | undefined;
    beforeAll(async () => {
      // Calibrate once, from promptc's own calibration workspace (not from any fixture below).
      const cal = findHarnessCalibration("claude-code")!;
      const built = buildWorkspace({
        name: "calibration",
        files: Object.fromEntries(Object.entries(cal.workspaces[0]!.files).map(([k, v]) => [`repo/${k}`, v])),
        git: {
          branch: "main",
          user: "promptc",
          commits: [cal.workspaces[0]!.commit ?? "c"],
          untracked: cal.workspaces[0]!.untracked,
        },
        cwd: "repo",
      });
      const result = calibrateClaudeCode(
        await captureBody((found as { bin: string }).bin, built.cwd, built.home, "hello"),
      );
      expect(result.diagnostics).toEqual([]);
      calibrated = result.prose;
    });

    for (const ws of CLAUDE_CODE_WORKSPACES) {
      it(`predicts the data-derived parts, and after calibration every byte, in the ${ws.name} workspace`, async () => {
        const bin = (found as { bin: string }).bin;
        const built = buildWorkspace(ws);
        const message = ws.message ?? "hello";
        const real = await captureBody(bin, built.cwd, built.home, message);
        const realParts = claudeCodeDataParts(real);
        const session = JSON.parse((real.metadata as { user_id: string }).user_id) as { session_id: string };
        const date = /Today's date is (\d{4}-\d{2}-\d{2})\./.exec(realParts.dateLine ?? "")?.[1] ?? "";

        const host = createNodeHost({ cwd: built.cwd, env: { HOME: built.home } });
        const loaded = loadClaudeCodeTurn(host, {
          cwd: built.cwd,
          home: built.home,
          git: probeGit(built.cwd, built.home),
          platform: process.platform,
          osVersion: `${type()} ${release()}`,
          date,
          message,
          sessionId: session.session_id,
        });
        const predicted = claudeCodeDataParts(buildClaudeCodeBody(loaded.turn, CLAUDE_CODE_STAND_IN_PROSE).body);
        if (process.env.DUMP_PARTS) console.log(JSON.stringify(realParts, null, 1));
        expect(predicted).toEqual(realParts);
        // After calibration the whole body is byte for byte the agent's (the device id is read from the
        // ~/.claude.json the agent wrote on its first start).
        expect(compileBody(claudeCodeProfile, loaded.turn, calibrated!).bytes).toBe(JSON.stringify(real));
      });
    }
  },
);
