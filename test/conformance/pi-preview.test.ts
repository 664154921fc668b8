// Conformance: promptc's pi profile against the real pi 0.73.1. For every fixture workspace and each of pi's four
// provider APIs, pi runs offline (`-p`, a models.json naming promptc's capture server); the data-derived parts of
// its request must equal promptc's prediction, and after calibration every byte. No pi prose is stored.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { calibratePi } from "../../src/capture/pi/calibrate-pi.js";
import { piDataParts } from "../../src/capture/pi/pi-data-parts.js";
import { findHarnessCalibration } from "../../src/capture/harness-calibrations.js";
import { startCaptureServer } from "../../src/capture/server/capture-server.js";
import { compileBody } from "../../src/compile/compile-body.js";
import { loadHarnessTurn } from "../../src/discover/load-harness-turn.js";
import { createNodeHost } from "../../src/host/node-host.js";
import { piProfile } from "../../src/profiles/pi/index.js";
import { PI_VERSION } from "../../src/profiles/pi/pi-facts.js";
import type { PiProse } from "../../src/profiles/pi/pi-prose.js";
import { PI_APIS, type PiApi, type PiTurn } from "../../src/profiles/pi/pi-turn.js";
import { findAgentPackage } from "./find-agent.js";
import { buildWorkspace } from "./harness-workspaces.js";
import { PI_WORKSPACES } from "./pi-workspaces.js";

const found = findAgentPackage("pi");
if ("skip" in found) console.log(`conformance pi preview: skipped: ${found.skip}`);

async function runPi(
  dir: string,
  cwd: string,
  home: string,
  api: PiApi,
  message: string,
): Promise<{ [k: string]: unknown }> {
  const server = await startCaptureServer();
  try {
    const base =
      api === "anthropic-messages"
        ? server.origin
        : api === "google-generative-ai"
          ? `${server.origin}/v1beta`
          : `${server.origin}/v1`;
    mkdirSync(join(home, ".pi", "agent"), { recursive: true });
    writeFileSync(
      join(home, ".pi", "agent", "models.json"),
      JSON.stringify({
        providers: {
          loopback: {
            baseUrl: base,
            api,
            apiKey: "dummy",
            models: [{ id: "gpt-test", name: "T", reasoning: true, contextWindow: 200000, maxTokens: 32000 }],
          },
        },
      }),
    );
    // A fixture's own settings (a thinking level, say) go over the loopback provider's.
    const settingsPath = join(home, ".pi", "agent", "settings.json");
    const own = existsSync(settingsPath) ? (JSON.parse(readFileSync(settingsPath, "utf8")) as object) : {};
    writeFileSync(
      settingsPath,
      JSON.stringify({ enableInstallTelemetry: false, defaultProvider: "loopback", defaultModel: "gpt-test", ...own }),
    );
    const env = {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: home,
      TERM: "dumb",
      PI_OFFLINE: "1",
      PI_SKIP_VERSION_CHECK: "1",
      PI_TELEMETRY: "0",
    };
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, [join(dir, "dist", "cli.js"), "-p", message], {
        cwd,
        env,
        stdio: ["ignore", "ignore", "ignore"],
      });
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

function predict(
  cwd: string,
  home: string,
  message: string,
  date: string,
  sessionId: string,
  installDir: string,
): PiTurn {
  const host = createNodeHost({ cwd, env: { HOME: home } });
  return loadHarnessTurn(host, piProfile.discovery, {
    cwd,
    home,
    git: undefined,
    platform: "linux",
    osVersion: "",
    date,
    message,
    sessionId,
    installDir,
  }).turn as PiTurn;
}

describe.skipIf("skip" in found)(`promptc preview --profile pi against pi ${PI_VERSION}`, () => {
  const dir = (found as { dir: string }).dir;
  let calibrated: PiProse | undefined;
  beforeAll(async () => {
    const cal = findHarnessCalibration("pi")!;
    const built = buildWorkspace({
      name: "pi-calibration",
      files: Object.fromEntries(Object.entries(cal.workspaces[0]!.files).map(([k, v]) => [`c/${k}`, v])),
      cwd: "c",
    });
    const result = calibratePi(await runPi(dir, built.cwd, built.home, "openai-responses", "hello"));
    expect(result.diagnostics).toEqual([]);
    calibrated = result.prose;
  });

  for (const ws of PI_WORKSPACES) {
    for (const api of ws.name === "pi-nested" ? PI_APIS : (["openai-responses"] as const)) {
      it(`predicts the data-derived parts, and after calibration every byte, in ${ws.name} over ${api}`, async () => {
        const built = buildWorkspace(ws);
        const message = ws.message ?? "hello";
        const real = await runPi(dir, built.cwd, built.home, api, message);
        const parts = piDataParts(real);
        const date = /Current date: (\S+)/.exec(parts.tail)?.[1] ?? "";
        const turn = predict(built.cwd, built.home, message, date, String(real.prompt_cache_key ?? ""), dir);
        const predicted = compileBody(piProfile, turn, piProfile.layout.standInProse);
        expect(piDataParts(predicted.body)).toEqual(parts);
        expect(compileBody(piProfile, turn, calibrated!).bytes).toBe(JSON.stringify(real));
      });
    }
  }
});
