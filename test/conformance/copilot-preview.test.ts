// Conformance: promptc's copilot profile against the real Copilot CLI 1.0.102. For every fixture workspace the
// binary runs offline (BYOK, Responses API, promptc's capture server); the data-derived parts of its request must
// equal promptc's prediction, and after calibration from the binary every byte (the session uuid, the time and
// the cache key aside). No Copilot prose is stored.
import { spawn } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { calibrateCopilot } from "../../src/capture/copilot/calibrate-copilot.js";
import { copilotDataParts } from "../../src/capture/copilot/copilot-data-parts.js";
import { findHarnessCalibration } from "../../src/capture/harness-calibrations.js";
import { startCaptureServer } from "../../src/capture/server/capture-server.js";
import { compileBody } from "../../src/compile/compile-body.js";
import { loadHarnessTurn } from "../../src/discover/load-harness-turn.js";
import { findOnPath } from "../../src/host/find-on-path.js";
import { createNodeHost } from "../../src/host/node-host.js";
import { probeGit } from "../../src/host/probe-git.js";
import { copilotProfile, type CopilotProse, type CopilotTurn } from "../../src/profiles/copilot/index.js";
import type { CopilotWireApi } from "../../src/profiles/copilot/copilot-turn.js";
import { COPILOT_PROBED_TOOLS, COPILOT_VERSION } from "../../src/profiles/copilot/copilot-facts.js";
import { COPILOT_WORKSPACES } from "./copilot-workspaces.js";
import { findAgent } from "./find-agent.js";
import { buildWorkspace, type HarnessWorkspace } from "./harness-workspaces.js";

const found = findAgent("copilot");
if ("skip" in found) console.log(`conformance copilot preview: skipped: ${found.skip}`);

const PATH = process.env.PATH ?? "/usr/bin:/bin";
const MODEL = "gpt-5.5";

const WIRES: readonly CopilotWireApi[] = ["responses", "chat-completions", "anthropic-messages"];

/** The BYOK settings that select each body (the same ones promptc reads). */
function providerEnv(wire: CopilotWireApi, origin: string): { [k: string]: string } {
  if (wire === "anthropic-messages") return { COPILOT_PROVIDER_BASE_URL: origin, COPILOT_PROVIDER_TYPE: "anthropic" };
  const api = wire === "responses" ? "responses" : "completions";
  return { COPILOT_PROVIDER_BASE_URL: `${origin}/v1`, COPILOT_PROVIDER_TYPE: "openai", COPILOT_PROVIDER_WIRE_API: api };
}

async function runCopilot(
  bin: string,
  cwd: string,
  home: string,
  message: string,
  wire: CopilotWireApi = "responses",
  model = MODEL,
): Promise<{ [k: string]: unknown }> {
  const server = await startCaptureServer();
  try {
    const env = {
      PATH,
      HOME: home,
      TERM: "dumb",
      COPILOT_OFFLINE: "true",
      COPILOT_AUTO_UPDATE: "false",
      ...providerEnv(wire, server.origin),
      COPILOT_PROVIDER_API_KEY: "dummy",
      COPILOT_MODEL: model,
    };
    const args = ["-p", message, "--allow-all-tools", "--disable-client-telemetry"];
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(bin, args, { cwd, env, stdio: ["ignore", "ignore", "ignore"] });
      child.on("close", resolve);
    });
    expect(code).toBe(0);
    const req = server.requests.find((r) => r.reply.kind === "model");
    expect(req).toBeDefined();
    return JSON.parse(Buffer.from(req!.body).toString("utf8")) as { [k: string]: unknown };
  } finally {
    await server.close();
  }
}

/** promptc's turn for the same folder, home, settings, message, session uuid and time as the capture. */
function predict(
  cwd: string,
  home: string,
  message: string,
  wire: CopilotWireApi,
  real: { [k: string]: unknown },
  model = MODEL,
): CopilotTurn {
  const text = JSON.stringify(real);
  const sessionId = /session-state\/([0-9a-f-]{36})/.exec(text)?.[1] ?? "";
  const host = createNodeHost({ cwd, env: { HOME: home, PATH, ...providerEnv(wire, "http://127.0.0.1:9") } });
  const turn = loadHarnessTurn(host, copilotProfile.discovery, {
    cwd,
    home,
    git: probeGit(cwd, home),
    platform: process.platform,
    osVersion: "",
    date: "2026-12-01",
    message,
    model,
    sessionId,
    onPath: findOnPath(COPILOT_PROBED_TOOLS, PATH),
  }).turn as CopilotTurn;
  // The time is the agent's clock at the run: taken over from the capture, like the session uuid.
  return { ...turn, datetime: /<current_datetime>([^<]*)</.exec(text)?.[1] ?? "" };
}

/** The body's bytes with the per-run cache key blanked (its uuid and time are the capture's own). */
const bytesOf = (b: { [k: string]: unknown }) =>
  JSON.stringify("prompt_cache_key" in b ? { ...b, prompt_cache_key: "<run id>" } : b);

describe.skipIf("skip" in found)(`promptc preview --profile copilot against Copilot CLI ${COPILOT_VERSION}`, () => {
  const bin = (found as { bin: string }).bin;
  let calibrated: CopilotProse | undefined;
  /** Runs promptc's calibration workspace (as `calibrate --agent copilot` does) with one model. */
  async function calibrate(model: string): Promise<CopilotProse | undefined> {
    const cal = findHarnessCalibration("copilot")!.workspaces[0]!;
    const ws: HarnessWorkspace = {
      name: "copilot-calibration",
      files: Object.fromEntries(Object.entries(cal.files).map(([k, v]) => [`repo/${k}`, v])),
      git: { branch: "main", commits: ["calibration"] },
      cwd: `repo/${cal.cwd ?? ""}`,
    };
    const built = buildWorkspace(ws);
    const result = calibrateCopilot(await runCopilot(bin, built.cwd, built.home, "hello", "responses", model));
    expect(result.diagnostics).toEqual([]);
    return result.prose;
  }
  beforeAll(async () => {
    calibrated = await calibrate(MODEL);
  }, 120_000);

  // Copilot's prompt, tools and settings follow the model family: a Claude model, calibrated for it.
  it("predicts the data-derived parts for a Claude model, and after calibrating for it every byte", async () => {
    const model = "claude-sonnet-4.5";
    const prose = await calibrate(model);
    const ws = COPILOT_WORKSPACES.find((w) => w.name === "copilot-nested")!;
    const built = buildWorkspace(ws);
    const real = await runCopilot(bin, built.cwd, built.home, "hello", "responses", model);
    const turn = predict(built.cwd, built.home, "hello", "responses", real, model);
    const { toolNames: _t, scalars: _s, ...data } = copilotDataParts(compileBody(copilotProfile, turn).body);
    const { toolNames: _rt, scalars: _rs, ...realData } = copilotDataParts(real);
    expect(data).toEqual(realData);
    expect(bytesOf(JSON.parse(compileBody(copilotProfile, turn, prose).bytes) as { [k: string]: unknown })).toBe(
      bytesOf(real),
    );
  }, 240_000);

  for (const ws of COPILOT_WORKSPACES)
    for (const wire of ws.name === "copilot-nested" ? WIRES : (["responses"] as const)) {
      it(`predicts the data-derived parts, and after calibration every byte, in ${ws.name} over ${wire}`, async () => {
        const built = buildWorkspace(ws);
        const message = ws.message ?? "hello";
        const real = await runCopilot(bin, built.cwd, built.home, message, wire);
        const turn = predict(built.cwd, built.home, message, wire, real);
        const standIn = compileBody(copilotProfile, turn);
        expect(copilotDataParts(standIn.body)).toEqual(copilotDataParts(real));
        const exact = compileBody(copilotProfile, turn, calibrated!);
        expect(bytesOf(JSON.parse(exact.bytes) as { [k: string]: unknown })).toBe(bytesOf(real));
      }, 120_000);
    }
});
