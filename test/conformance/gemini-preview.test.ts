// Conformance: promptc's gemini-cli profile against the real Gemini CLI 0.61.0. For every fixture workspace Gemini
// CLI runs offline (`-p`, `-m`, --skip-trust, GOOGLE_GEMINI_BASE_URL at promptc's capture server); the
// data-derived parts of its main request must equal promptc's prediction. No Gemini CLI prose is stored.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { calibrateGemini } from "../../src/capture/gemini-cli/calibrate-gemini.js";
import { findHarnessCalibration } from "../../src/capture/harness-calibrations.js";
import type { GeminiProse } from "../../src/profiles/gemini-cli/gemini-prose.js";
import { geminiDataParts } from "../../src/capture/gemini-cli/gemini-data-parts.js";
import { startCaptureServer } from "../../src/capture/server/capture-server.js";
import { compileBody } from "../../src/compile/compile-body.js";
import { loadHarnessTurn } from "../../src/discover/load-harness-turn.js";
import { createNodeHost } from "../../src/host/node-host.js";
import { GEMINI_CLI_VERSION } from "../../src/profiles/gemini-cli/gemini-facts.js";
import type { GeminiTurn } from "../../src/profiles/gemini-cli/gemini-turn.js";
import { geminiCliProfile } from "../../src/profiles/gemini-cli/index.js";
import { GEMINI_WORKSPACES } from "./gemini-workspaces.js";
import { findAgentPackage } from "./find-agent.js";
import { buildWorkspace } from "./harness-workspaces.js";

const MODEL = "gemini-3.8-flash";

const found = findAgentPackage("gemini-cli");
if ("skip" in found) console.log(`conformance gemini-cli preview: skipped: ${found.skip}`);

const SETTINGS = {
  security: { auth: { selectedType: "gemini-api-key" } },
  privacy: { usageStatisticsEnabled: false },
  telemetry: { enabled: false },
  general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
};

async function runGemini(dir: string, cwd: string, home: string, message: string): Promise<{ [k: string]: unknown }> {
  const server = await startCaptureServer();
  try {
    mkdirSync(join(home, ".gemini"), { recursive: true });
    const settingsPath = join(home, ".gemini", "settings.json");
    const own = existsSync(settingsPath) ? (JSON.parse(readFileSync(settingsPath, "utf8")) as object) : {};
    writeFileSync(settingsPath, JSON.stringify({ ...SETTINGS, ...own }));
    const env = {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: home,
      TERM: "dumb",
      LANG: "C.UTF-8",
      GEMINI_API_KEY: "dummy",
      GOOGLE_GEMINI_BASE_URL: server.origin,
      GEMINI_TELEMETRY_ENABLED: "false",
    };
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(
        process.execPath,
        [join(dir, "bundle", "gemini.js"), "-p", message, "--skip-trust", "-m", MODEL],
        { cwd, env, stdio: ["ignore", "ignore", "ignore"] },
      );
      child.on("close", resolve);
    });
    expect(code).toBe(0);
    const req = server.requests.find((r) => r.url.includes(":streamGenerateContent"));
    expect(req).toBeDefined();
    return JSON.parse(Buffer.from(req!.body).toString("utf8")) as { [k: string]: unknown };
  } finally {
    await server.close();
  }
}

describe.skipIf("skip" in found)(
  `promptc preview --profile gemini-cli against Gemini CLI ${GEMINI_CLI_VERSION}`,
  () => {
    const dir = (found as { dir: string }).dir;
    let calibrated: GeminiProse | undefined;
    beforeAll(async () => {
      // Calibrate from promptc's own two calibration workspaces (inside and outside git), not from a fixture.
      const cal = findHarnessCalibration("gemini-cli")!;
      const runs = [];
      for (const [i, ws] of cal.workspaces.entries()) {
        const inGit = ws.commit !== undefined;
        const prefix = inGit ? "repo/" : "plain/";
        const built = buildWorkspace({
          name: `gemini-calibration-${i}`,
          files: Object.fromEntries(
            Object.entries({ ...ws.files, ...(inGit ? {} : ws.untracked) }).map(([k, v]) => [prefix + k, v]),
          ),
          home: ws.home,
          ...(inGit ? { git: { branch: "main", commits: [ws.commit ?? "c"], untracked: ws.untracked } } : {}),
          cwd: prefix.slice(0, -1),
        });
        runs.push({
          body: await runGemini(dir, built.cwd, built.home, "hello"),
          cwd: built.cwd,
          home: built.home,
          platform: process.platform,
          inGit,
        });
      }
      const result = cal.extract(runs) as ReturnType<typeof calibrateGemini>;
      expect(result.diagnostics).toEqual([]);
      calibrated = result.prose;
    });

    for (const ws of GEMINI_WORKSPACES) {
      it(`predicts the data-derived parts, and after calibration every byte, in ${ws.name}`, async () => {
        const built = buildWorkspace(ws);
        const message = ws.message ?? "hello";
        const real = await runGemini(dir, built.cwd, built.home, message);
        const date = "2026-12-01";
        const host = createNodeHost({ cwd: built.cwd, env: { HOME: built.home } });
        // Gemini CLI registered the project on that run: the id is read back from ~/.gemini/projects.json.
        const turn = loadHarnessTurn(host, geminiCliProfile.discovery, {
          cwd: built.cwd,
          home: built.home,
          git: undefined,
          platform: process.platform,
          osVersion: "",
          date,
          message,
          model: MODEL,
          sessionId: "",
          installDir: dir,
        }).turn as GeminiTurn;
        const predicted = geminiDataParts(
          compileBody(geminiCliProfile, turn, geminiCliProfile.layout.standInProse).body,
        );
        const parts = geminiDataParts(real);
        if (process.env.DUMP_PARTS) console.log(JSON.stringify(parts, null, 1));
        expect({ ...predicted, date: undefined }).toEqual({ ...parts, date: undefined });
        expect(parts.date).toMatch(/^[A-Z][a-z]+day, /);
        // After calibration, every byte (the date is today's, as the agent saw it).
        const today = new Date();
        const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}-${String(today.getDate()).padStart(2, "0")}`;
        const bytes = compileBody(geminiCliProfile, { ...turn, date: iso }, calibrated!).bytes;
        if (process.env.DUMP_BYTES) {
          const dump = mkdtempSync(join(tmpdir(), `promptc-gemini-${ws.name}-`));
          writeFileSync(join(dump, "predicted.json"), bytes);
          writeFileSync(join(dump, "real.json"), JSON.stringify(real));
          console.log(`gemini-cli ${ws.name}: bodies in ${dump}`);
        }
        expect(bytes).toBe(JSON.stringify(real));
      });
    }
  },
);
